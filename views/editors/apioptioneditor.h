// Edits one API option of the current scenario (docs/model.md, "Serving"): the provider and the
// model it serves, its prices per million tokens, the share of input read from the cache, how its
// prices change each year and its rate limit; a "±" beside each price puts a range on it for the
// risk analysis.
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;

namespace breakeven {

class RangeButtons;
class ScenarioSession;

class ApiOptionEditor : public QWidget {
    Q_OBJECT
public:
    explicit ApiOptionEditor(ScenarioSession &session, QWidget *parent = nullptr);

    // Shows option `index` of `stored`.
    void setOption(const StoredScenario &stored, int index);

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *modelEdit() const { return m_model; }
    NumberField *inputPriceField() const { return m_input; }
    NumberField *outputPriceField() const { return m_output; }
    NumberField *cachedPriceField() const { return m_cached; }
    NumberField *priceChangeField() const { return m_trend; }
    // The "±" of each field a range can be put on: the prices, the cached share, the price change.
    RangeButtons *ranges() const { return m_ranges; }

private:
    void push(const QString &key, const QString &label, const ApiOption &after);
    void showModelNote();

    ScenarioSession &m_session;
    FieldBindings<ApiOption> m_bindings;
    RangeButtons *m_ranges;
    qint64 m_scenarioId = 0;
    qint64 m_optionId = 0;
    QString m_workloadModel;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_model = nullptr;
    QLabel *m_modelNote = nullptr;
    NumberField *m_input = nullptr;
    NumberField *m_output = nullptr;
    NumberField *m_cached = nullptr;
    NumberField *m_trend = nullptr;
};

} // namespace breakeven
