// Every range of a scenario in one place, in its settings (docs/model.md, "Uncertainty"): the
// table of RangesModel with cells edited in place, a range added on any field the scenario has
// (Add Range…, grouped by scenario, workload, builds and cloud options) or removed, "Use Default
// Ranges" (the scenario's block removed), and the samples and seed of the risk analysis. Without
// a block the default ranges are listed and a note says so; the first change writes them into
// the scenario with it. Every change is one undo step; a refused one says why under the table
// and changes nothing.
#pragma once

#include "domain.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QToolButton;

namespace breakeven {

class NumberField;
class RangesModel;
class ScenarioSession;
struct StoredScenario;

class RangesTable : public QWidget {
    Q_OBJECT
public:
    explicit RangesTable(ScenarioSession &session, QWidget *parent = nullptr);

    void setScenario(const StoredScenario &stored);

    QTableView *table() const { return m_table; }
    RangesModel *model() const { return m_model; }
    QLabel *note() const { return m_note; }
    QToolButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *defaultsButton() const { return m_defaults; }
    NumberField *samplesField() const { return m_samples; }
    NumberField *seedField() const { return m_seed; }
    // Why the last change was refused, or empty.
    QString message() const;

public slots:
    // A first range on `path` (rangeinputs::suggestedRange), or the row of the one it has.
    void addRange(const QString &path);
    void removeSelected();
    void useDefaults();

private:
    void push(const QString &label, const Scenario &after);
    void refuse(const QString &reason);
    void fillAddMenu();

    ScenarioSession &m_session;
    qint64 m_scenarioId = 0;
    Scenario m_scenario;
    RangesModel *m_model;
    QTableView *m_table;
    QLabel *m_note;
    QLabel *m_message;
    QToolButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_defaults;
    NumberField *m_samples;
    NumberField *m_seed;
};

} // namespace breakeven
