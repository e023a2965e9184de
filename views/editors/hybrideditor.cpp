#include "hybrideditor.h"

#include "widgets/plural.h"

#include "commands/commands.h"
#include "engine/resultstext.h"
#include "session/scenarioanalysis.h"
#include "session/scenariosession.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSpinBox>

#include <cmath>

namespace breakeven {

HybridEditor::HybridEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_name(new QLineEdit(this))
    , m_build(new QLabel(this))
    , m_cloud(new QLabel(this))
    , m_cheapest(new QCheckBox(tr("Choose the &cheapest"), this))
    , m_units(new QSpinBox(this))
    , m_result(new QLabel(this))
{
    m_units->setRange(0, kMaxHybridUnits);
    m_units->setKeyboardTracking(false); // one step when the number is typed, not one per digit
    m_units->setSuffix(tr(" units"));
    connect(m_units, &QSpinBox::valueChanged, this,
            [this](int units) { m_units->setSuffix(units == 1 ? tr(" unit") : tr(" units")); });
    m_cheapest->setToolTip(tr("The number of units with the lowest TCO over the horizon, found again after every change"));
    for (QLabel *label : {m_build, m_cloud, m_result}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_result->setForegroundRole(QPalette::PlaceholderText);

    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("Owns units of:"), m_build);
    form->addRow(tr("Bursts to:"), m_cloud);
    auto *units = new QHBoxLayout;
    units->addWidget(m_cheapest);
    units->addWidget(m_units, 1);
    form->addRow(tr("Units owned:"), units);
    form->addRow(QString(), m_result);
    auto *note = new QLabel(tr("The build's units own the baseline of the demand; whatever does not fit is rented "
                               "from the cloud option, by the hour."),
                            this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(note);

    connect(m_name, &QLineEdit::editingFinished, this, &HybridEditor::commitName);
    connect(m_cheapest, &QCheckBox::toggled, this, [this](bool cheapest) {
        m_units->setEnabled(!cheapest);
        commitUnits();
    });
    connect(m_units, &QSpinBox::valueChanged, this, &HybridEditor::commitUnits);
    // The result follows the utilization slider too (each tick re-evaluates the hybrids).
    connect(&m_session.analysis(), &ScenarioAnalysis::evaluationChanged, this, [this] {
        if (isVisible())
            showResult();
    });
}

void HybridEditor::setHybrid(const StoredScenario &stored, int index)
{
    if (index < 0 || std::size_t(index) >= stored.scenario.hybridOptions.size())
        return;
    const QScopedValueRollback guard(m_showing, true);
    m_scenarioId = stored.ids.scenario;
    m_hybridId = stored.ids.hybridOptions[std::size_t(index)];
    m_index = index;
    m_option = stored.scenario.hybridOptions[std::size_t(index)];
    m_currency = stored.scenario.currency;
    m_horizonMonths = stored.scenario.horizonMonths;
    if (!m_name->hasFocus() || m_name->text() != m_option.name)
        m_name->setText(m_option.name);
    m_build->setText(m_option.onPrem);
    m_cloud->setText(m_option.cloud);
    for (const auto &build : stored.scenario.onPremOptions) {
        if (build.name == m_option.onPrem)
            m_build->setText(tr("%1 (one unit: %2 × %3)").arg(build.name).arg(build.gpuCount).arg(build.gpu));
    }
    for (const auto &cloud : stored.scenario.cloudOptions) {
        if (cloud.name == m_option.cloud)
            m_cloud->setText(tr("%1 (%2)").arg(cloud.name, planName(cloud.pricing)));
    }
    m_cheapest->setChecked(!m_option.units.has_value());
    m_units->setEnabled(m_option.units.has_value());
    // A chosen K is shown in the box as a start for a fixed one.
    int shownUnits = m_option.units.value_or(0);
    const auto &results = m_session.analysis().hybrids();
    if (!m_option.units && std::size_t(index) < results.size() && results[std::size_t(index)].name == m_option.name)
        shownUnits = results[std::size_t(index)].units;
    m_units->setValue(shownUnits);
    showResult();
}

void HybridEditor::commitName()
{
    if (m_showing || !m_hybridId)
        return;
    const QString name = m_name->text().trimmed();
    if (name.isEmpty()) {
        m_name->setText(m_option.name);
        return;
    }
    commands::renameHybridOption(m_session.context(), m_scenarioId, m_hybridId, m_option.name, name);
}

void HybridEditor::commitUnits()
{
    if (m_showing || !m_hybridId)
        return;
    const std::optional<int> after = m_cheapest->isChecked() ? std::nullopt : std::optional<int>(m_units->value());
    commands::setHybridUnits(m_session.context(), m_scenarioId, m_hybridId, m_option.name, m_option.units, after);
}

void HybridEditor::showResult()
{
    const auto &results = m_session.analysis().hybrids();
    if (m_index < 0 || std::size_t(m_index) >= results.size() || results[std::size_t(m_index)].name != m_option.name) {
        m_result->setText(tr("No result yet: the scenario must be evaluated first."));
        return;
    }
    const HybridResult &r = results[std::size_t(m_index)];
    if (!r.status.feasible) {
        m_result->setText(tr("Not possible: %1").arg(r.status.reason));
        return;
    }
    QString text = r.chosen ? countText("breakeven::HybridEditor", "The cheapest: %n unit(s) owned", r.units)
                            : countText("breakeven::HybridEditor", "%n unit(s) owned", r.units);
    text += tr(", TCO %1 over %2 months.").arg(formatMoney(r.tco, m_currency)).arg(m_horizonMonths);
    if (r.ownedUtilization)
        text += QLatin1Char(' ') + tr("The owned GPUs are busy %1 of the time;").arg(formatPercent(*r.ownedUtilization));
    text += QLatin1Char(' ') + tr("%1 of the work is rented.").arg(formatPercent(r.burstShare));
    if (r.unitsCoveringPeak > 0)
        text += QLatin1Char(' ') + countText("breakeven::HybridEditor", "%n unit(s) would cover the peak.", r.unitsCoveringPeak);
    m_result->setText(text);
}

} // namespace breakeven
