// What the scenario tree shows for its group rows and its API options, and the workload in words.
#include "scenariotreemodel.h"

#include "widgets/plural.h"

#include <QApplication>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QStyle>

#include <cmath>

namespace breakeven {

namespace {

QString formatNumber(double value)
{
    return QLocale().toString(value, 'g', 6);
}

// A price per million tokens, as a provider's sheet shows it: "0.88".
QString formatPrice(double value)
{
    return QLocale().toString(value, 'f', value < 1 ? 3 : 2);
}

} // namespace

QString describeWorkload(const Workload &workload, const QString &gpu)
{
    if (workload.serving) {
        const Serving &s = *workload.serving;
        return QObject::tr("%1, %2 requests/s, %3 in / %4 out")
            .arg(s.model.isEmpty() ? QObject::tr("no model") : s.model, formatNumber(s.requestsPerSecond),
                 formatNumber(s.inputTokens), formatNumber(s.outputTokens));
    }
    QString text = QObject::tr("%1 × %2 at %3 %").arg(formatNumber(workload.gpus), gpu)
                       .arg(std::lround(workload.utilization * 100));
    if (workload.minGpuMemoryGB > 0)
        text += QObject::tr(", ≥ %1 GB each").arg(formatNumber(workload.minGpuMemoryGB));
    return text;
}

QIcon ScenarioTreeModel::hybridIcon()
{
    static const QIcon icon = [] {
        QStyle *style = QApplication::style();
        QPixmap pixmap(32, 16);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.drawPixmap(0, 0, style->standardIcon(QStyle::SP_ComputerIcon).pixmap(16, 16));
        painter.drawPixmap(16, 0, style->standardIcon(QStyle::SP_DriveNetIcon).pixmap(16, 16));
        painter.end();
        return QIcon(pixmap);
    }();
    return icon;
}

QVariant ScenarioTreeModel::groupData(int row, int role) const
{
    const Scenario &scenario = m_current->scenario;
    QStyle *style = QApplication::style();
    switch (role) {
    case Qt::DisplayRole:
        switch (row) {
        case WorkloadRow:
            return tr("Workload: %1").arg(describeWorkload(scenario.workload, scenario.referenceGpu));
        case BuildsRow:
            return tr("On-prem builds (%1)").arg(scenario.onPremOptions.size());
        case CloudRow:
            return tr("Cloud options (%1)").arg(scenario.cloudOptions.size());
        case ApiRow:
            return tr("API options (%1)").arg(scenario.apiOptions.size());
        default:
            return tr("Hybrid options (%1)").arg(scenario.hybridOptions.size());
        }
    case Qt::ToolTipRole:
        switch (row) {
        case WorkloadRow:
            return tr("Workload: %1").arg(describeWorkload(scenario.workload, scenario.referenceGpu));
        case ApiRow:
            return tr("A model served by a provider and paid per token (Scenario › Add API Option…)");
        case HybridRow:
            return tr("Own the baseline with a build, rent the peaks from a cloud option");
        default:
            return {};
        }
    case Qt::DecorationRole:
        switch (row) {
        case WorkloadRow:
            return style->standardIcon(QStyle::SP_FileDialogDetailedView);
        case BuildsRow:
            return style->standardIcon(QStyle::SP_ComputerIcon);
        case CloudRow:
            return style->standardIcon(QStyle::SP_DriveNetIcon);
        case ApiRow:
            return style->standardIcon(QStyle::SP_BrowserReload);
        default:
            return hybridIcon();
        }
    case NodeRole: {
        static constexpr Node nodes[] = {Node::Workload, Node::BuildGroup, Node::CloudGroup, Node::ApiGroup,
                                         Node::HybridGroup};
        return int(nodes[row]);
    }
    case RowIdRole:
        return m_current->ids.scenario;
    case PositionRole:
        return -1;
    default:
        return {};
    }
}

QVariant ScenarioTreeModel::apiData(int row, int role) const
{
    const ApiOption &option = m_current->scenario.apiOptions[size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return option.name;
    case Qt::ToolTipRole:
        return option.name + u'\n'
            + tr("%1 %2: %3 in, %4 out per million tokens, %5")
                  .arg(option.provider, option.model, formatPrice(option.pricePerMillionInput),
                       formatPrice(option.pricePerMillionOutput), option.currency);
    case NodeRole:
        return int(Node::ApiOption);
    case RowIdRole:
        return m_current->ids.apiOptions[size_t(row)];
    case PositionRole:
        return row;
    default:
        return {};
    }
}

} // namespace breakeven
