// The "±" beside each numeric field of an editor that a range can be put on (docs/model.md,
// "Uncertainty"): lit when the field has a range, its own or one shared by every element of its
// kind (`[*]`), the range in its tooltip; a click opens the RangeDialog, whose OK is one undo step.
// An editor hands every number field it binds to attach() with its key ("pricePerHour"); the
// key becomes the field's path in the scenario once the editor shows an element of it.
#pragma once

#include "domain.h"

#include <QObject>
#include <QString>

#include <utility>
#include <vector>

class QToolButton;
class QWidget;

namespace breakeven {

class DocumentContext;
class NumberField;
class RangeDialog;
class ScenarioSession;
struct StoredScenario;

// Writes a change of the scenario's ranges as one undo step of its own: a deliberate choice in a
// popup or a cell, never merged with the one before it as the steps of a drag are.
void editRanges(DocumentContext &context, qint64 scenarioId, const QString &label, const Scenario &before,
                const Scenario &after);

class RangeButtons : public QObject {
    Q_OBJECT
public:
    // Which part of the scenario the editor edits; its fields' paths start "", "workload.",
    // "onPremOptions[i].", "cloudOptions[i]." or "apiOptions[i].".
    enum class Part { Scenario, Workload, Build, CloudOption, ApiOption };
    RangeButtons(ScenarioSession &session, Part part, QWidget *editor);

    // Puts a "±" beside `field` when `key` names a field a range can be put on; else nothing.
    void attach(NumberField *field, const QString &key);
    // A "±" for `key`, for a value the editor shows without a NumberField (the hardware price).
    QToolButton *button(const QString &key);

    // The scenario shown, and the index of the build, cloud or API option the editor shows.
    void show(const StoredScenario &stored, int index = -1);

    QToolButton *buttonFor(const QString &key) const;
    // The path `key` stands for in the shown scenario: "cloudOptions[2].pricePerHour".
    QString pathOf(const QString &key) const;
    // The popup of `key`'s "±", open (window-modal); its OK writes the ranges.
    RangeDialog *openDialog(const QString &key);

private:
    void refresh(QToolButton *button, const QString &key) const;

    ScenarioSession &m_session;
    Part m_part;
    QWidget *m_editor;
    std::vector<std::pair<QString, QToolButton *>> m_buttons;
    qint64 m_scenarioId = 0;
    Scenario m_scenario;
    int m_index = -1;
};

} // namespace breakeven
