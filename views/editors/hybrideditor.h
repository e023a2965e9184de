// Edits one hybrid option of the current scenario (docs/model.md, "Hybrid fleets"): its name, and
// how many units of its build it owns (a fixed K, or the cheapest the engine finds). The build and
// the cloud option it joins are shown, not edited: a hybrid of other parts is another hybrid.
// Every change is an undo step; the engine's result for it is shown under the fields.
#pragma once

#include "store/scenariorepository.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace breakeven {

class ScenarioSession;

class HybridEditor : public QWidget {
    Q_OBJECT
public:
    explicit HybridEditor(ScenarioSession &session, QWidget *parent = nullptr);

    // Shows hybrid option `index` of `stored`.
    void setHybrid(const StoredScenario &stored, int index);

    QLineEdit *nameEdit() const { return m_name; }
    QLabel *buildLabel() const { return m_build; }
    QLabel *cloudLabel() const { return m_cloud; }
    QCheckBox *cheapestBox() const { return m_cheapest; }
    QSpinBox *unitsBox() const { return m_units; }
    QLabel *resultLabel() const { return m_result; }

private:
    void commitName();
    void commitUnits();
    void showResult();

    ScenarioSession &m_session;
    qint64 m_scenarioId = 0;
    qint64 m_hybridId = 0;
    int m_index = -1;
    HybridOption m_option; // as last shown
    QString m_currency;
    int m_horizonMonths = 0;
    bool m_showing = false;
    QLineEdit *m_name;
    QLabel *m_build;
    QLabel *m_cloud;
    QCheckBox *m_cheapest;
    QSpinBox *m_units;
    QLabel *m_result;
};

} // namespace breakeven
