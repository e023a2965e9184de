#include "csvexport.h"

#include "engine/costmodel.h"

#include <QAbstractItemModel>
#include <QStringList>

namespace breakeven::exporting {

QString csvText(const QString &text)
{
    QString field = text;
    static const QString kFormulaStarts = QStringLiteral("=+-@\t\r");
    if (!field.isEmpty() && kFormulaStarts.contains(field.front()))
        field.prepend(u'\'');
    if (field.contains(u',') || field.contains(u'"') || field.contains(u'\n') || field.contains(u'\r'))
        field = u'"' + field.replace(u'"', QStringLiteral("\"\"")) + u'"';
    return field;
}

QString csvNumber(double value)
{
    return QString::number(value, 'g', 12);
}

QString tableCsv(const QAbstractItemModel &table)
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < table.columnCount(); ++c)
        header << csvText(table.headerData(c, Qt::Horizontal).toString());
    lines << header.join(u',');
    for (int r = 0; r < table.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table.columnCount(); ++c)
            cells << csvText(table.index(r, c).data().toString());
        lines << cells.join(u',');
    }
    return lines.join(u'\n') + u'\n';
}

QString seriesCsv(const CostModel &model, const Evaluation &e)
{
    const bool net = model.netOfResale();
    QStringList header{QStringLiteral("month")};
    std::vector<int> options;
    for (int i = 0; i < model.optionCount(); ++i) {
        if (!model.isFeasible(i))
            continue;
        options.push_back(i);
        const QString &name = model.option(i).name;
        header << csvText(name + QStringLiteral(" monthly")) << csvText(name + QStringLiteral(" cumulative"));
        if (net && model.option(i).kind == OptionKind::OnPrem)
            header << csvText(name + QStringLiteral(" spend"));
    }
    QStringList lines{header.join(u',')};
    for (int m = 0; m < int(e.monthly.cols()); ++m) {
        QStringList cells{QString::number(m)};
        for (int i : options) {
            cells << csvNumber(e.monthly(i, m)) << csvNumber(e.cumulative(i, m));
            if (net && model.option(i).kind == OptionKind::OnPrem)
                cells << csvNumber(model.cumulativeSpend(e, i, m));
        }
        lines << cells.join(u',');
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace breakeven::exporting
