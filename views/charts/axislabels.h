// Category labels that stay readable at whatever size a chart is given: each option's name is
// elided in the middle (its start and its end, where "reserved-1y" and "reserved-3y" differ, stay)
// to the room the chart gives it, never below kMinLabelChars characters, and the chart view is
// kept large enough for that floor, so that Qt never cuts a label down to "…".
#pragma once

#include <QFont>
#include <QObject>
#include <QStringList>

class QAbstractAxis;
class QChart;
class QChartView;

namespace breakeven::charts {

// The fewest characters (of average width) a label keeps.
inline constexpr int kMinLabelChars = 16;
// Categories below a plot whose names the chart's minimum width keeps on two lines.
inline constexpr int kBottomFloorFor = 5;

// `text` elided in the middle to `width` pixels of `font`, but never to fewer than
// kMinLabelChars characters' width: at least its first and last few characters stay.
QString middleElided(const QString &text, const QFont &font, int width);
// The same for every name, widened until no two labels are alike (elided, two names may meet).
QStringList distinctElided(const QStringList &names, const QFont &font, int width);
// The width of kMinLabelChars average characters of `font`.
int minimumLabelWidth(const QFont &font);
// `text` for a label under a column `width` pixels wide: whole when it fits, else on two lines
// split at the space nearest its middle, each line elided in the middle to the width but kept to
// at least 60 % of the floor (rich text: escaped, lines joined by <br>).
QString twoLineLabel(const QString &text, const QFont &font, int width);

// Keeps a category axis's labels fitted (a QBarCategoryAxis or a QCategoryAxis): on the left, a
// label gets up to `leftShare` of the chart's width (Qt cuts a left axis's labels past about a
// fifth of it); at the bottom, the plot's width over the
// categories, on two lines, or upright where the columns are too narrow for that. Sets the view's
// minimum size so that the floor holds (for the first few categories: past them, a chart of many
// is allowed to cut). Lives as long as the axis.
class CategoryLabels : public QObject {
    Q_OBJECT
public:
    CategoryLabels(QChart *chart, QChartView *view, QAbstractAxis *axis, Qt::Alignment alignment,
                   double leftShare = 0.2);

    // The full names, in the axis's order; the axis shows them fitted.
    void setNames(const QStringList &names);
    const QStringList &names() const { return m_names; }
    // What the axis shows now.
    QStringList shown() const;
    // Fits the labels to the chart's present size (done on every change of its plot area).
    void fit();

private:
    void apply(const QStringList &labels);

    QChart *m_chart;
    QChartView *m_view;
    QAbstractAxis *m_axis;
    Qt::Alignment m_alignment;
    double m_leftShare;
    QStringList m_names;
    bool m_fitting = false;
};

} // namespace breakeven::charts
