#include "axislabels.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <numeric>
#include <vector>

namespace breakeven::charts {

int minimumLabelWidth(const QFont &font)
{
    return QFontMetrics(font).averageCharWidth() * kMinLabelChars;
}

QString middleElided(const QString &text, const QFont &font, int width)
{
    return QFontMetrics(font).elidedText(text, Qt::ElideMiddle, std::max(width, minimumLabelWidth(font)));
}

QString twoLineLabel(const QString &text, const QFont &font, int width)
{
    const QFontMetrics metrics(font);
    if (metrics.horizontalAdvance(text) <= width)
        return text.toHtmlEscaped();
    const int lineFloor = metrics.averageCharWidth() * kMinLabelChars * 6 / 10;
    const int room = std::max(width, lineFloor);
    const auto line = [&](const QString &part) {
        return metrics.elidedText(part, Qt::ElideMiddle, room).toHtmlEscaped();
    };
    // The space nearest the middle, so that both lines are about as long.
    qsizetype split = -1;
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text[i] == QLatin1Char(' ') && (split < 0 || std::abs(i - text.size() / 2) < std::abs(split - text.size() / 2)))
            split = i;
    if (split < 0)
        return line(text);
    return line(text.left(split)) + QStringLiteral("<br>") + line(text.mid(split + 1));
}

namespace {

// `text` cut to `width` keeping everything from `keepFrom` on (where it differs from another
// name): its start, "…", then the part that tells it apart.
// The widths of a name and of its part from `keepFrom` on do not depend on the room: measured once
// for every width a search tries.
struct Measured {
    int text = 0;
    int tail = 0;
};

Measured measure(const QFontMetrics &metrics, const QString &text, qsizetype keepFrom)
{
    return {metrics.horizontalAdvance(text), keepFrom < 4 ? 0 : metrics.horizontalAdvance(text.mid(keepFrom))};
}

QString elidedKeeping(const QString &text, qsizetype keepFrom, const QFontMetrics &metrics, int floor, int width,
                      const Measured &measured)
{
    width = std::max(width, floor);
    if (measured.text <= width)
        return text;
    // Apart from its first letters on ("Together …" beside "The …"): its start and end keep, as
    // for any name; a head cut from a tail that repeats it would read twice.
    if (keepFrom < 4)
        return metrics.elidedText(text, Qt::ElideMiddle, width);
    const QString tail = text.mid(keepFrom);
    const int headRoom = width - measured.tail - metrics.horizontalAdvance(QChar(0x2026));
    const int minHead = metrics.averageCharWidth() * 4;
    if (headRoom < minHead)
        return metrics.elidedText(text.left(4) + QChar(0x2026) + tail, Qt::ElideRight, width);
    // The longest start that fits: Qt's own elision finds it in one pass (it adds "…", taken off),
    // where chopping a letter at a time measures a long start once per letter.
    QString head = text.left(keepFrom);
    if (metrics.horizontalAdvance(head) > headRoom) {
        head = metrics.elidedText(head, Qt::ElideRight, headRoom);
        if (head.endsWith(QChar(0x2026)))
            head.chop(1);
    }
    return head + QChar(0x2026) + tail;
}

} // namespace

QStringList distinctElided(const QStringList &names, const QFont &font, int width)
{
    const QFontMetrics metrics(font);
    const int step = std::max(4, metrics.averageCharWidth() * 2);
    const int floor = minimumLabelWidth(font);
    // Where each name starts to differ from the one it shares the longest start with: elided
    // there, names alike but for their ends ("… reserved-1y (cloud)") stay apart at any width.
    // That one is a neighbour in sorted order, so sorting finds it for every name at once.
    QList<qsizetype> order(names.size());
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return names[a] < names[b]; });
    const auto sharedStart = [&](qsizetype a, qsizetype b) {
        qsizetype k = 0;
        while (k < names[a].size() && k < names[b].size() && names[a][k] == names[b][k])
            ++k;
        return k;
    };
    QList<qsizetype> differs(names.size(), 0);
    for (qsizetype n = 0; n < order.size(); ++n) {
        const qsizetype i = order[n];
        // Equal names do not count: the nearest different one on each side does.
        for (qsizetype m = n - 1; m >= 0; --m)
            if (names[order[m]] != names[i]) {
                differs[i] = std::max(differs[i], sharedStart(i, order[m]));
                break;
            }
        for (qsizetype m = n + 1; m < order.size(); ++m)
            if (names[order[m]] != names[i]) {
                differs[i] = std::max(differs[i], sharedStart(i, order[m]));
                break;
            }
    }
    std::vector<Measured> widths(std::size_t(names.size()));
    int longest = 0;
    for (qsizetype i = 0; i < names.size(); ++i) {
        widths[std::size_t(i)] = measure(metrics, names[i], std::max<qsizetype>(0, differs[i] - 2));
        longest = std::max(longest, widths[std::size_t(i)].text);
    }
    const auto labelsAt = [&](int at) {
        QStringList labels;
        for (qsizetype i = 0; i < names.size(); ++i)
            labels << (differs[i] > 0 ? elidedKeeping(names[i], std::max<qsizetype>(0, differs[i] - 2), metrics, floor, at,
                                                      widths[std::size_t(i)])
                                      : widths[std::size_t(i)].text <= std::max(at, floor)
                                          ? names[i]
                                          : metrics.elidedText(names[i], Qt::ElideMiddle, std::max(at, floor)));
        return labels;
    };
    // Names alike in full stay alike; only the elision may not make two meet.
    const auto distinct = [&](const QStringList &labels) {
        QHash<QString, qsizetype> owner;
        for (qsizetype i = 0; i < labels.size(); ++i) {
            const auto found = owner.constFind(labels[i]);
            if (found != owner.constEnd() && names[*found] != names[i])
                return false;
            owner.insert(labels[i], i);
        }
        return true;
    };
    QStringList labels = labelsAt(width);
    if (distinct(labels) || width >= longest)
        return labels;
    // The narrowest width, in steps, at which they are told apart: a wider label keeps more of
    // each name, so halving the steps between one that is not and the longest name finds it.
    int low = 0;                                                  // steps that are not distinct
    int high = std::max(1, (longest - width + step - 1) / step);  // steps that are (or the longest)
    while (high - low > 1) {
        const int middle = (low + high) / 2;
        (distinct(labelsAt(width + middle * step)) ? high : low) = middle;
    }
    return labelsAt(width + high * step);
}

CategoryLabels::CategoryLabels(QChart *chart, QChartView *view, QAbstractAxis *axis, Qt::Alignment alignment,
                               double leftShare)
    : QObject(axis)
    , m_chart(chart)
    , m_view(view)
    , m_axis(axis)
    , m_alignment(alignment)
    , m_leftShare(leftShare)
{
    connect(chart, &QChart::plotAreaChanged, this, &CategoryLabels::fit);
}

void CategoryLabels::setNames(const QStringList &names)
{
    m_names = names;
    const QFont font = m_axis->labelsFont();
    const QSize least = m_view->minimumSize();
    const QFontMetrics metrics(font);
    const int floor = minimumLabelWidth(font);
    // Room for the floor: on the left, a row of text per category above the axis and legend; at
    // the bottom, the floor's width per category beside the value axis.
    constexpr qsizetype kFloorFor = 8; // categories the minimum size keeps whole
    const int counted = int(std::min(names.size(), kFloorFor));
    if (m_alignment & Qt::AlignLeft)
        m_view->setMinimumSize(std::max(least.width(), int((floor + 16) / m_leftShare) + 40),
                               std::max(least.height(), counted * (metrics.height() + 4) + 150));
    else
        // Qt gives a label under a column the axis's width over one more than the columns, less
        // its padding: two lines of 60 % of the floor each for the first few. Past them a chart
        // stands its names upright where it has the height, or Qt cuts them.
        m_view->setMinimumSize(std::max(least.width(), (std::min(counted, kBottomFloorFor) + 1) * (floor * 6 / 10 + 18) + 110),
                               least.height());
    fit();
}

QStringList CategoryLabels::shown() const
{
    if (auto *bars = qobject_cast<QBarCategoryAxis *>(m_axis))
        return bars->categories();
    if (auto *ranges = qobject_cast<QCategoryAxis *>(m_axis))
        return ranges->categoriesLabels();
    return {};
}

void CategoryLabels::fit()
{
    if (m_fitting || m_names.isEmpty())
        return;
    // A chart not laid out yet (no geometry, or a plot of no width) would fit every label to
    // the floor and keep it there: it shows the full names until it has a size.
    const bool laidOut = (m_alignment & Qt::AlignLeft) ? m_chart->size().width() > 0 : m_chart->plotArea().width() > 0;
    if (!laidOut) {
        if (shown().size() != m_names.size())
            apply(m_names);
        return;
    }
    const QFont font = m_axis->labelsFont();
    if (m_alignment & Qt::AlignLeft) {
        apply(distinctElided(m_names, font, int(m_chart->size().width() * m_leftShare) - 16));
        return;
    }
    const int floor = minimumLabelWidth(font);
    // Qt's label is a rich-text box with margins, and its room a little less than a column.
    const int width = int(0.7 * m_chart->plotArea().width() / std::max<qsizetype>(1, m_names.size())) - 10;
    // Too narrow for two lines of the floor's 60 %: the names stand upright where the chart has
    // the height, each elided in the middle to what Qt gives an axis below the plot (at most 40 %
    // of the chart's height within its margins, title and legend, less the axis's own title).
    const int uprightRoom = int(0.4 * (m_chart->size().height() - 70)) - 30;
    const bool upright = width < floor * 6 / 10 && uprightRoom >= floor;
    if (upright != (m_axis->labelsAngle() != 0)) {
        m_fitting = true;
        m_axis->setLabelsAngle(upright ? -90 : 0);
        m_fitting = false;
    }
    if (upright) {
        QStringList labels;
        for (const QString &label : distinctElided(m_names, font, uprightRoom))
            labels << label.toHtmlEscaped();
        apply(labels);
        return;
    }
    QStringList labels;
    for (const QString &name : m_names)
        labels << twoLineLabel(name, font, width);
    // A category axis takes no label twice: two names that wrap alike go on one line instead.
    if (QSet<QString>(labels.begin(), labels.end()).size() != labels.size()) {
        labels.clear();
        for (const QString &label : distinctElided(m_names, font, width))
            labels << label.toHtmlEscaped();
    }
    apply(labels);
}

void CategoryLabels::apply(const QStringList &labels)
{
    const QStringList now = shown();
    if (now == labels)
        return;
    // A new label lays the chart out again, which calls fit() again: once is enough.
    m_fitting = true;
    if (auto *bars = qobject_cast<QBarCategoryAxis *>(m_axis)) {
        bars->setCategories(labels);
    } else if (auto *ranges = qobject_cast<QCategoryAxis *>(m_axis)) {
        for (qsizetype k = 0; k < std::min(now.size(), labels.size()); ++k)
            if (now[k] != labels[k])
                ranges->replaceLabel(now[k], labels[k]);
    }
    m_fitting = false;
}

} // namespace breakeven::charts
