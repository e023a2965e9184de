// The serving half of the workload editor (docs/model.md, "Serving"): the model (searchable), its
// precision, the traffic, the tokens per request and the latency target, and in words the replica
// each option's GPU needs for it. Each change is the workload with its serving changed, handed to
// the editor's push (one undo step).
#pragma once

#include "fieldbindings.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace breakeven {

class GpuCatalog;

class ServingFields : public QWidget {
    Q_OBJECT
public:
    using Push = FieldBindings<Workload>::Push;
    ServingFields(Push push, QWidget *parent = nullptr);

    // Shows the serving of `scenario`'s workload; the replicas are worked out with `catalog`.
    void show(const Scenario &scenario, const GpuCatalog &catalog);

    QComboBox *modelChoice() const { return m_model; }
    QComboBox *precisionChoice() const { return m_precision; }
    NumberField *requestsField() const { return m_requests; }
    NumberField *inputField() const { return m_input; }
    NumberField *outputField() const { return m_output; }
    // "H100-SXM5-80GB (Lambda 8 × H100): replicas of 2 GPUs, 1,850 tokens/s per GPU, measured"
    QLabel *replicaNote() const { return m_replicas; }

    // The replicas each GPU option of `scenario` needs for its serving workload, a line each.
    static QString replicaText(const Scenario &scenario, const GpuCatalog &catalog);

private:
    void fillModels(const Scenario &scenario);

    FieldBindings<Workload> m_bindings;
    QComboBox *m_model = nullptr;
    QComboBox *m_precision = nullptr;
    NumberField *m_requests = nullptr;
    NumberField *m_input = nullptr;
    NumberField *m_output = nullptr;
    QLabel *m_replicas = nullptr;
    QStringList m_modelNames; // as listed
};

} // namespace breakeven
