#include "rangedialog.h"

#include "inputerror.h"
#include "rangeinputs.h"
#include "scenariopaths.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <cmath>

namespace breakeven {

using namespace rangeinputs;

RangeDialog::RangeDialog(const Scenario &scenario, const QString &path, QWidget *parent)
    : QDialog(parent)
    , m_scenario(scenario)
    , m_path(path)
    , m_sharedPath(sharedPathOf(path))
{
    setWindowTitle(tr("Range of %1").arg(unitsOf(scenario, path).label));
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    auto *form = new QFormLayout;
    if (!m_sharedPath.isEmpty()) {
        const bool cloud = path.startsWith(QLatin1String("cloudOptions"));
        const bool api = path.startsWith(QLatin1String("apiOptions"));
        m_element = new QRadioButton(cloud ? tr("This cloud option") : api ? tr("This API option") : tr("This build"), this);
        m_shared = new QRadioButton(cloud ? tr("Every cloud option, one shared draw")
                                        : api ? tr("Every API option, one shared draw")
                                              : tr("Every build, one shared draw"),
                                    this);
        m_shared->setToolTip(tr("Every element takes the same quantile of its own range: \"all cloud prices ×0.7 to ×1.1\" "
                                "moves them together"));
        auto *scope = new QButtonGroup(this);
        scope->addButton(m_element);
        scope->addButton(m_shared);
        auto *scopeBox = new QVBoxLayout;
        scopeBox->addWidget(m_element);
        scopeBox->addWidget(m_shared);
        form->addRow(tr("Applies to:"), scopeBox);
        // An element's own range, else the shared one it is covered by, else its own.
        const Uncertainty block = effective(scenario);
        const bool sharedOnly = indexOf(block, path) < 0 && indexOf(block, m_sharedPath) >= 0;
        (sharedOnly ? m_shared : m_element)->setChecked(true);
        connect(m_shared, &QRadioButton::toggled, this, &RangeDialog::load);
    }

    m_values = new QRadioButton(tr("Values"), this);
    m_factors = new QRadioButton(tr("Factors of its value"), this);
    m_factors->setToolTip(tr("0.7 is 30 % less than the field's value, 1.1 is 10 % more"));
    auto *kind = new QButtonGroup(this);
    kind->addButton(m_values);
    kind->addButton(m_factors);
    auto *kindRow = new QHBoxLayout;
    kindRow->addWidget(m_values);
    kindRow->addWidget(m_factors);
    kindRow->addStretch(1);
    form->addRow(tr("Given as:"), kindRow);
    connect(m_factors, &QRadioButton::toggled, this, [this](bool on) { convert(on); });

    m_low = new QDoubleSpinBox(this);
    m_high = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *box : {m_low, m_high}) {
        box->setGroupSeparatorShown(true);
        box->setMinimumWidth(140);
    }
    form->addRow(tr("&Low:"), m_low);
    form->addRow(tr("&High:"), m_high);
    m_distribution = new QComboBox(this);
    m_distribution->addItem(tr("Triangular, most likely at the field's value"), toString(Distribution::Triangular));
    m_distribution->addItem(tr("Uniform, every value as likely"), toString(Distribution::Uniform));
    form->addRow(tr("&Distribution:"), m_distribution);
    layout->addLayout(form);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("rangeMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_message->hide();
    layout->addWidget(m_message);

    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    if (!scenario.uncertainty) {
        m_note->setText(tr("The scenario uses the default ranges. A change here makes them the scenario's own ranges, "
                           "with this one set, so each can then be edited or removed in the scenario's settings."));
    }
    m_note->setVisible(!m_note->text().isEmpty());
    layout->addWidget(m_note);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_remove = buttons->addButton(tr("&Remove Range"), QDialogButtonBox::DestructiveRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &RangeDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_remove, &QPushButton::clicked, this, &RangeDialog::removeRange);
    // A refusal stands until the input it is about changes.
    for (QDoubleSpinBox *box : {m_low, m_high})
        connect(box, &QDoubleSpinBox::valueChanged, m_message, &QLabel::hide);
    load();
}

QString RangeDialog::currentPath() const
{
    return m_shared && m_shared->isChecked() ? m_sharedPath : m_path;
}

QString RangeDialog::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

std::optional<double> RangeDialog::ownValue() const
{
    try {
        const ResolvedPath resolved = resolvePath(m_scenario, m_path);
        if (!resolved.fields.empty())
            return resolved.fields.front().get(m_scenario);
    } catch (const InputError &) {
    }
    return std::nullopt;
}

// Shows the range on the current path: the scenario's (or a default one), else a suggestion.
void RangeDialog::load()
{
    const QString path = currentPath();
    const FieldUnits units = unitsOf(m_scenario, m_path);
    const std::optional<double> own = ownValue();
    QString title = QStringLiteral("<b>%1</b>").arg(describePath(m_scenario, path).toHtmlEscaped());
    if (path == m_sharedPath)
        title += QStringLiteral("<br>") + tr("Factors scale each element's own value, and one draw moves them all together.");
    else if (own)
        title += QStringLiteral("<br>") + tr("Its value: %1").arg(formatValue(units, *own));
    else
        title += QStringLiteral("<br>") + tr("It has no value of its own: give its range as values.");
    m_title->setText(title);

    const Uncertainty block = effective(m_scenario);
    const int at = indexOf(block, path);
    const UncertainInput input = at >= 0 ? block.inputs[std::size_t(at)] : suggestedRange(m_scenario, path);
    m_remove->setEnabled(at >= 0);
    {
        const QSignalBlocker blockFactors(m_factors);
        (input.relative() ? m_factors : m_values)->setChecked(true);
    }
    showKind(input.relative());
    if (input.relative()) {
        m_low->setValue(input.lowFactor.value_or(1));
        m_high->setValue(input.highFactor.value_or(1));
    } else {
        m_low->setValue(input.low.value_or(0) * units.scale);
        m_high->setValue(input.high.value_or(0) * units.scale);
    }
    m_distribution->setCurrentIndex(m_distribution->findData(toString(input.distribution)));
    m_message->hide();
}

void RangeDialog::showKind(bool factors)
{
    const FieldUnits units = unitsOf(m_scenario, m_path);
    for (QDoubleSpinBox *box : {m_low, m_high}) {
        // Wide enough that a value out of the field's bounds can be typed, and refused in words.
        box->setDecimals(factors ? 3 : units.decimals + 2);
        box->setRange(factors ? -1e6 : -1e12 * units.scale, factors ? 1e6 : 1e12 * units.scale);
        box->setSuffix(factors ? QString() : units.suffix);
        box->setPrefix(factors ? QStringLiteral("×") : QString());
        box->setSingleStep(factors ? 0.05 : 1);
    }
}

// Values and factors of the same range: through the field's own value where it has one.
void RangeDialog::convert(bool toFactors)
{
    const FieldUnits units = unitsOf(m_scenario, m_path);
    const double own = currentPath() == m_path ? ownValue().value_or(0) : 0;
    const double low = m_low->value();
    const double high = m_high->value();
    showKind(toFactors);
    if (own != 0) {
        const double shown = own * units.scale;
        m_low->setValue(toFactors ? low / shown : low * shown);
        m_high->setValue(toFactors ? high / shown : high * shown);
        if (m_low->value() > m_high->value()) { // a negative value turns the ends round
            const double swap = m_low->value();
            m_low->setValue(m_high->value());
            m_high->setValue(swap);
        }
        return;
    }
    const UncertainInput suggested = suggestedRange(m_scenario, currentPath());
    if (toFactors) {
        m_low->setValue(0.8);
        m_high->setValue(1.2);
    } else {
        m_low->setValue(suggested.low.value_or(0) * units.scale);
        m_high->setValue(suggested.high.value_or(0) * units.scale);
    }
}

void RangeDialog::refuse(const QString &reason)
{
    m_message->setText(reason);
    m_message->show();
}

void RangeDialog::apply()
{
    const FieldUnits units = unitsOf(m_scenario, m_path);
    UncertainInput input;
    input.path = currentPath();
    if (m_factors->isChecked()) {
        input.lowFactor = m_low->value();
        input.highFactor = m_high->value();
    } else {
        input.low = m_low->value() / units.scale;
        input.high = m_high->value() / units.scale;
    }
    input.distribution = distributionFromString(m_distribution->currentData().toString()).value_or(Distribution::Triangular);
    if (const QString reason = check(m_scenario, input); !reason.isEmpty()) {
        refuse(reason);
        return;
    }
    m_result = withRange(m_scenario, input);
    m_resultLabel = tr("range of %1").arg(units.label);
    accept();
}

void RangeDialog::removeRange()
{
    const QString path = currentPath();
    if (indexOf(effective(m_scenario), path) < 0)
        return;
    m_result = withoutRange(m_scenario, path);
    m_resultLabel = tr("ranges (%1 removed)").arg(unitsOf(m_scenario, m_path).label);
    accept();
}

} // namespace breakeven
