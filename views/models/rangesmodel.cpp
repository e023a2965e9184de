#include "rangesmodel.h"

#include "editors/rangeinputs.h"
#include "inputerror.h"
#include "scenariopaths.h"

#include <QFont>
#include <QLocale>

#include <cmath>

namespace breakeven {

using namespace rangeinputs;

namespace {

// A number typed in a cell: in the user's locale, or with a point.
std::optional<double> parseNumber(QString text)
{
    text = text.trimmed();
    if (text.startsWith(QStringLiteral("×")))
        text.remove(0, 1);
    bool ok = false;
    double value = QLocale().toDouble(text, &ok);
    if (!ok)
        value = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// The value of the first element a path names, when it has one other than 0.
std::optional<double> ownValue(const Scenario &scenario, const QString &path)
{
    try {
        const ResolvedPath resolved = resolvePath(scenario, path);
        if (!resolved.fields.empty())
            if (const auto own = resolved.fields.front().get(scenario); own && *own != 0)
                return own;
    } catch (const InputError &) {
    }
    return std::nullopt;
}

} // namespace

QString RangesModel::valuesText()
{
    return tr("values");
}

QString RangesModel::factorsText()
{
    return tr("factors");
}

void RangesModel::setScenario(const Scenario &scenario)
{
    beginResetModel();
    m_scenario = scenario;
    m_block = effective(scenario);
    endResetModel();
}

QString RangesModel::pathAt(int row) const
{
    return row >= 0 && std::size_t(row) < m_block.inputs.size() ? m_block.inputs[std::size_t(row)].path : QString();
}

int RangesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_block.inputs.size());
}

int RangesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FieldColumn:
        return tr("Field");
    case LowColumn:
        return tr("Low");
    case HighColumn:
        return tr("High");
    case GivenColumn:
        return tr("As");
    case DistributionColumn:
        return tr("Distribution");
    }
    return {};
}

Qt::ItemFlags RangesModel::flags(const QModelIndex &index) const
{
    const Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    return index.column() == FieldColumn ? flags : flags | Qt::ItemIsEditable;
}

QVariant RangesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_block.inputs.size())
        return {};
    const UncertainInput &input = m_block.inputs[std::size_t(index.row())];
    const FieldUnits units = unitsOf(m_scenario, input.path);
    const QLocale locale;
    const auto number = [&](bool low, bool forEditing) -> QString {
        if (input.relative()) {
            const double factor = (low ? input.lowFactor : input.highFactor).value_or(NAN);
            return (forEditing ? QString() : QStringLiteral("×")) + locale.toString(factor, 'g', 6);
        }
        const double value = (low ? input.low : input.high).value_or(NAN);
        if (forEditing)
            return locale.toString(value * units.scale, 'g', 10);
        return formatValue(units, value);
    };
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: {
        const bool editing = role == Qt::EditRole;
        switch (index.column()) {
        case FieldColumn:
            return describePath(m_scenario, input.path);
        case LowColumn:
            return number(true, editing);
        case HighColumn:
            return number(false, editing);
        case GivenColumn:
            return input.relative() ? factorsText() : valuesText();
        case DistributionColumn:
            return distributionName(input.distribution);
        }
        return {};
    }
    case Qt::ToolTipRole:
        if (index.column() == FieldColumn)
            return input.path.contains(QLatin1String("[*]")) ? tr("%1, one draw shared by all").arg(describePath(m_scenario, input.path))
                                                            : describePath(m_scenario, input.path);
        if (index.column() == GivenColumn)
            return input.relative() ? tr("Factors of the field's value: ×0.7 is 30 % less")
                                    : tr("Values in the field's own units (%1)").arg(units.suffix.trimmed());
        if (index.column() == LowColumn || index.column() == HighColumn)
            return input.relative() ? tr("A factor of the field's value") : tr("In %1").arg(units.suffix.trimmed());
        return {};
    case ChoicesRole:
        if (index.column() == GivenColumn)
            return QStringList{valuesText(), factorsText()};
        if (index.column() == DistributionColumn)
            return QStringList{distributionName(Distribution::Triangular), distributionName(Distribution::Uniform)};
        return {};
    case Qt::FontRole:
        if (showsDefaults()) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    }
    return {};
}

bool RangesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || std::size_t(index.row()) >= m_block.inputs.size())
        return false;
    const UncertainInput &before = m_block.inputs[std::size_t(index.row())];
    UncertainInput input = before;
    const FieldUnits units = unitsOf(m_scenario, input.path);
    const QString text = value.toString();
    switch (index.column()) {
    case LowColumn:
    case HighColumn: {
        const std::optional<double> number = parseNumber(text);
        if (!number) {
            emit refused(tr("“%1” is not a number.").arg(text));
            return false;
        }
        const bool low = index.column() == LowColumn;
        if (input.relative())
            (low ? input.lowFactor : input.highFactor) = *number;
        else
            (low ? input.low : input.high) = *number / units.scale;
        break;
    }
    case GivenColumn: {
        const bool factors = text == factorsText();
        if (factors == input.relative())
            return false;
        // The same range through the field's own value where it has one, else a first one.
        const std::optional<double> own = ownValue(m_scenario, input.path);
        const UncertainInput suggested = suggestedRange(m_scenario, input.path);
        const bool scalable = own && !input.path.contains(QLatin1String("[*]"));
        UncertainInput converted;
        converted.path = input.path;
        converted.distribution = input.distribution;
        if (factors) {
            converted.lowFactor = scalable ? *input.low / *own : 0.8;
            converted.highFactor = scalable ? *input.high / *own : 1.2;
            if (*converted.lowFactor > *converted.highFactor)
                std::swap(converted.lowFactor, converted.highFactor);
        } else {
            converted.low = scalable ? *input.lowFactor * *own : suggested.low.value_or(0);
            converted.high = scalable ? *input.highFactor * *own : suggested.high.value_or(0);
            if (*converted.low > *converted.high)
                std::swap(converted.low, converted.high);
        }
        input = converted;
        break;
    }
    case DistributionColumn:
        input.distribution = text == distributionName(Distribution::Uniform) ? Distribution::Uniform
                                                                             : Distribution::Triangular;
        break;
    default:
        return false;
    }
    if (input == before)
        return false;
    if (const QString reason = check(m_scenario, input); !reason.isEmpty()) {
        emit refused(reason);
        return false;
    }
    emit changeRequested(withRange(m_scenario, input), tr("range of %1").arg(units.label));
    return true;
}

} // namespace breakeven
