#include "rangebuttons.h"

#include "commands/commands.h"
#include "numberfield.h"
#include "rangedialog.h"
#include "rangeinputs.h"
#include "scenariopaths.h"
#include "session/scenariosession.h"
#include "store/scenariorepository.h"

#include <QToolButton>

namespace breakeven {

using namespace rangeinputs;

void editRanges(DocumentContext &context, qint64 scenarioId, const QString &label, const Scenario &before,
                const Scenario &after)
{
    // Edits of one field key merge into one step (docs/architecture.md, "Editing"); a key no step
    // before it had keeps each change of the ranges a step of its own.
    static quint64 serial = 0;
    commands::editScenario(context, scenarioId, QStringLiteral("uncertainty#%1").arg(++serial), label, before, after);
}

namespace {

QString prefixOf(RangeButtons::Part part)
{
    switch (part) {
    case RangeButtons::Part::Scenario:
        return {};
    case RangeButtons::Part::Workload:
        return QStringLiteral("workload.");
    case RangeButtons::Part::Build:
        return QStringLiteral("onPremOptions[i].");
    case RangeButtons::Part::CloudOption:
        return QStringLiteral("cloudOptions[i].");
    case RangeButtons::Part::ApiOption:
        return QStringLiteral("apiOptions[i].");
    }
    return {};
}

} // namespace

RangeButtons::RangeButtons(ScenarioSession &session, Part part, QWidget *editor)
    : QObject(editor)
    , m_session(session)
    , m_part(part)
    , m_editor(editor)
{
}

void RangeButtons::attach(NumberField *field, const QString &key)
{
    if (!numericFieldPaths().contains(prefixOf(m_part) + key))
        return;
    field->addTrailingWidget(button(key));
}

QToolButton *RangeButtons::button(const QString &key)
{
    auto *button = new QToolButton(m_editor);
    button->setObjectName(QStringLiteral("range:") + key);
    button->setText(QStringLiteral("±"));
    button->setCheckable(true);
    // Lit in the accent colour when the field has a range: seen at a glance down the form.
    button->setStyleSheet(QStringLiteral("QToolButton:checked { color: palette(highlight); font-weight: bold; }"));
    button->setFocusPolicy(Qt::TabFocus);
    button->setAccessibleName(tr("Range of %1").arg(unitsOf(m_scenario, prefixOf(m_part) + key).label));
    connect(button, &QToolButton::clicked, this, [this, button, key] {
        refresh(button, key); // a click toggles the look; the document decides it
        openDialog(key);
    });
    m_buttons.emplace_back(key, button);
    refresh(button, key);
    return button;
}

QToolButton *RangeButtons::buttonFor(const QString &key) const
{
    for (const auto &[k, button] : m_buttons)
        if (k == key)
            return button;
    return nullptr;
}

QString RangeButtons::pathOf(const QString &key) const
{
    switch (m_part) {
    case Part::Build:
        return QStringLiteral("onPremOptions[%1].%2").arg(m_index).arg(key);
    case Part::CloudOption:
        return QStringLiteral("cloudOptions[%1].%2").arg(m_index).arg(key);
    case Part::ApiOption:
        return QStringLiteral("apiOptions[%1].%2").arg(m_index).arg(key);
    default:
        return prefixOf(m_part) + key;
    }
}

void RangeButtons::show(const StoredScenario &stored, int index)
{
    m_scenarioId = stored.ids.scenario;
    m_scenario = stored.scenario;
    m_index = index;
    for (const auto &[key, button] : m_buttons)
        refresh(button, key);
}

void RangeButtons::refresh(QToolButton *button, const QString &key) const
{
    const bool element = m_part == Part::Build || m_part == Part::CloudOption || m_part == Part::ApiOption;
    const bool shown = m_scenarioId != 0 && (m_index >= 0 || !element);
    button->setEnabled(shown);
    if (!shown)
        return;
    const QString path = pathOf(key);
    const QString shared = sharedPathOf(path);
    const Uncertainty block = effective(m_scenario);
    const int own = indexOf(block, path);
    const int every = shared.isEmpty() ? -1 : indexOf(block, shared);
    QStringList lines;
    if (own >= 0)
        lines << tr("Range: %1").arg(describeRange(m_scenario, block.inputs[std::size_t(own)]));
    if (every >= 0) {
        const QString sharedRange = tr("%1: %2 (one shared draw)")
                                        .arg(describePath(m_scenario, shared), describeRange(m_scenario, block.inputs[std::size_t(every)]));
        if (own < 0)
            lines << sharedRange;
        else if (every > own) // the later range in the list sets the value (engine/risk.h)
            lines << tr("Overridden by the range after it in the list: %1").arg(sharedRange);
        else
            lines << tr("Takes the place, for this one, of: %1").arg(sharedRange);
    }
    const bool has = own >= 0 || every >= 0;
    if (!has)
        lines << tr("No range: click to give this field a range for the risk analysis.");
    else if (!m_scenario.uncertainty)
        lines << tr("A default range: the scenario sets no ranges of its own. Click to change it.");
    else
        lines << tr("Click to change or remove it.");
    button->setToolTip(lines.join(QLatin1Char('\n')));
    button->setChecked(has);
    button->setProperty("hasRange", has);
    button->setProperty("sharedRange", own < 0 && every >= 0);
}

RangeDialog *RangeButtons::openDialog(const QString &key)
{
    if (!m_scenarioId || !buttonFor(key))
        return nullptr;
    auto *dialog = new RangeDialog(m_scenario, pathOf(key), m_editor);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 scenarioId = m_scenarioId;
    const Scenario before = m_scenario;
    connect(dialog, &QDialog::accepted, this, [this, dialog, scenarioId, before] {
        editRanges(m_session.context(), scenarioId, dialog->resultLabel(), before, dialog->result());
    });
    dialog->open();
    return dialog;
}

} // namespace breakeven
