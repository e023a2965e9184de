// What Add On-Prem Build and Add Cloud Option start from (docs/architecture.md): a bundled example
// build or one GPU of a model, with an overhead preset; a catalog offer of the scenario's
// GPU (or any GPU) under one of the plans it has a price for, or an empty option. Values only: the
// window adds the result through the command façade.
#pragma once

#include "catalog/bundledcatalog.h"
#include "session/newparts.h"
#include "store/catalogrepository.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QRadioButton;

namespace breakeven {

class Document;
class GpuChoice;
class OfferPicker;

class AddBuildDialog : public QDialog {
    Q_OBJECT
public:
    AddBuildDialog(const Scenario &scenario, const std::vector<GpuModel> &gpus, QWidget *parent = nullptr);

    OnPremBuild build() const;

    QRadioButton *exampleButton() const { return m_fromExample; }
    QComboBox *exampleChoice() const { return m_examples; }
    QRadioButton *gpuButton() const { return m_fromGpu; }
    GpuChoice *gpuChoice() const { return m_gpu; }
    // "As the example has", then the bundled overhead presets.
    QComboBox *overheadChoice() const { return m_overheads; }

private:
    void showSummary();

    Scenario m_scenario;
    std::vector<OnPremBuild> m_exampleBuilds;
    std::vector<OverheadPreset> m_presets;
    QRadioButton *m_fromExample;
    QComboBox *m_examples;
    QRadioButton *m_fromGpu;
    GpuChoice *m_gpu;
    QComboBox *m_overheads;
    QLabel *m_summary;
};

// A catalog offer found by searching and sorting a table of offers (offerpicker.h), by default
// those of the scenario's reference GPU, or an empty option.
class AddCloudOptionDialog : public QDialog {
    Q_OBJECT
public:
    AddCloudOptionDialog(Document &document, const Scenario &scenario, QWidget *parent = nullptr);

    newparts::NewCloudOption option() const;

    QRadioButton *catalogButton() const { return m_fromCatalog; }
    OfferPicker *offerPicker() const { return m_picker; }
    // Checked: only offers of the reference GPU are listed.
    QCheckBox *referenceGpuOnly() const { return m_referenceOnly; }
    QRadioButton *emptyButton() const { return m_empty; }

private:
    void loadOffers();

    Document &m_document;
    Scenario m_scenario;
    QRadioButton *m_fromCatalog;
    QCheckBox *m_referenceOnly;
    OfferPicker *m_picker;
    QRadioButton *m_empty;
};

} // namespace breakeven
