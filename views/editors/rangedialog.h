// The popup of a field's "±": the range of one numeric field for the risk analysis
// (docs/model.md, "Uncertainty"). Low and high as values in the field's own units or as factors
// of its value, triangular or uniform; for a field of a cloud option or a build, this element
// only or every element with one shared draw. OK checks the range as the engine and the scenario
// format do and, when something is wrong, says what beside the inputs and stays open: nothing is
// written half. The caller writes result() as one undo step.
#pragma once

#include "domain.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QRadioButton;

namespace breakeven {

class RangeDialog : public QDialog {
    Q_OBJECT
public:
    // `path` names one field: "workload.utilization", "cloudOptions[2].pricePerHour".
    RangeDialog(const Scenario &scenario, const QString &path, QWidget *parent = nullptr);

    // This element only, or every element (null for a field of the scenario or the workload).
    QRadioButton *elementChoice() const { return m_element; }
    QRadioButton *sharedChoice() const { return m_shared; }
    QRadioButton *valuesChoice() const { return m_values; }
    QRadioButton *factorsChoice() const { return m_factors; }
    QDoubleSpinBox *lowBox() const { return m_low; }
    QDoubleSpinBox *highBox() const { return m_high; }
    QComboBox *distributionBox() const { return m_distribution; }
    QPushButton *removeButton() const { return m_remove; }
    // Why OK was refused, or empty.
    QString message() const;

    // The scenario as OK or Remove Range leave it, and the undo step's words ("range of
    // utilization"); set when the dialog was accepted.
    const Scenario &result() const { return m_result; }
    const QString &resultLabel() const { return m_resultLabel; }

    // The path the range is edited on: the field's own, or its `[*]` path.
    QString currentPath() const;

public slots:
    // OK: checks the range; accepts the dialog with it, or shows why not.
    void apply();
    void removeRange();

private:
    void load();
    void showKind(bool factors);
    void convert(bool toFactors);
    std::optional<double> ownValue() const;
    void refuse(const QString &reason);

    Scenario m_scenario;
    QString m_path;
    QString m_sharedPath;
    Scenario m_result;
    QString m_resultLabel;
    QLabel *m_title = nullptr;
    QLabel *m_note = nullptr;
    QRadioButton *m_element = nullptr;
    QRadioButton *m_shared = nullptr;
    QRadioButton *m_values = nullptr;
    QRadioButton *m_factors = nullptr;
    QDoubleSpinBox *m_low = nullptr;
    QDoubleSpinBox *m_high = nullptr;
    QComboBox *m_distribution = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_remove = nullptr;
};

} // namespace breakeven
