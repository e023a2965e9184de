#include "tablecolumns.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>

namespace breakeven {

namespace {

// The hidden columns are saved, not the shown ones, so that a column added in a later version (or
// the two a serving workload adds) shows until the user hides it.
QStringList hiddenColumns(const QTableView *table)
{
    QStringList columns;
    for (int c = 1; c < table->model()->columnCount(); ++c)
        if (table->isColumnHidden(c))
            columns << QString::number(c);
    return columns;
}

void applyHidden(QTableView *table, const QStringList &columns)
{
    for (int c = 1; c < table->model()->columnCount(); ++c)
        table->setColumnHidden(c, columns.contains(QString::number(c)));
}

} // namespace

void offerColumnChoice(QTableView *table, const QString &settingsKey)
{
    QHeaderView *header = table->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QWidget::customContextMenuRequested, table, [table, header, settingsKey](const QPoint &at) {
        const QAbstractItemModel *model = table->model();
        QMenu menu(table);
        menu.setToolTipsVisible(true);
        for (int c = 0; c < model->columnCount(); ++c) {
            QAction *column = menu.addAction(model->headerData(c, Qt::Horizontal).toString());
            column->setToolTip(model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
            column->setCheckable(true);
            column->setChecked(!table->isColumnHidden(c));
            // The first column names the row: a row without it says nothing.
            column->setEnabled(c > 0);
            QObject::connect(column, &QAction::toggled, table, [table, c, settingsKey](bool shown) {
                table->setColumnHidden(c, !shown);
                if (shown)
                    table->resizeColumnToContents(c);
                QSettings().setValue(settingsKey, hiddenColumns(table));
            });
        }
        menu.exec(header->mapToGlobal(at));
    });
    // A model whose columns change (a serving workload's two) keeps the choice for those it has.
    const auto restore = [table, settingsKey] { applyHidden(table, QSettings().value(settingsKey).toStringList()); };
    QObject::connect(table->model(), &QAbstractItemModel::modelReset, table, restore);
    QObject::connect(table->model(), &QAbstractItemModel::columnsInserted, table, restore);
    restore();
}

void showAllColumns(QTableView *table, const QString &settingsKey)
{
    QSettings().remove(settingsKey);
    applyHidden(table, {});
    table->resizeColumnsToContents();
}

} // namespace breakeven
