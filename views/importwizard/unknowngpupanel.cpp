#include "unknowngpupanel.h"

#include <QComboBox>
#include <QCompleter>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace breakeven {

namespace {

enum Column { NameColumn, RowsColumn, ModelColumn, ColumnCount };
constexpr int kVisibleRows = 4;

} // namespace

UnknownGpuPanel::UnknownGpuPanel(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_note(new QLabel(this))
{
    auto *title = new QLabel(tr("<b>Unknown GPU names</b>: the catalog knows no model by these names, so "
                                "their rows are skipped unless you choose the model they mean."),
                             this);
    title->setWordWrap(true);
    m_note->setText(tr("A name mapped to a model is kept in the document as an alias when you import, "
                       "so later sheets that use it are read the same way."));
    m_note->setWordWrap(true);
    m_table->setHorizontalHeaderLabels({tr("Name in the sheet"), tr("Rows"), tr("Read as")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(RowsColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ModelColumn, QHeaderView::Stretch);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 6);
    layout->addWidget(title);
    layout->addWidget(m_table);
    layout->addWidget(m_note);
}

void UnknownGpuPanel::setNames(const std::vector<std::pair<QString, qint64>> &names, const QStringList &models,
                               const std::vector<std::pair<QString, QString>> &mappings)
{
    const QLocale locale;
    m_table->setRowCount(0);
    m_table->setRowCount(int(names.size()));
    for (int row = 0; row < int(names.size()); ++row) {
        const QString &name = names[std::size_t(row)].first;
        const qint64 rows = names[std::size_t(row)].second;
        auto *nameItem = new QTableWidgetItem(name);
        nameItem->setToolTip(name);
        m_table->setItem(row, NameColumn, nameItem);
        auto *rowsItem = new QTableWidgetItem(locale.toString(rows));
        rowsItem->setData(Qt::UserRole, rows);
        rowsItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, RowsColumn, rowsItem);

        auto *box = new QComboBox(m_table);
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
        box->addItem(tr("(skip these rows)"));
        box->addItems(models);
        box->completer()->setCompletionMode(QCompleter::PopupCompletion);
        box->completer()->setFilterMode(Qt::MatchContains);
        box->completer()->setCaseSensitivity(Qt::CaseInsensitive);
        const auto mapped = std::find_if(mappings.begin(), mappings.end(),
                                         [&](const auto &mapping) { return mapping.first == name; });
        const int index = mapped == mappings.end() ? 0 : box->findText(mapped->second);
        box->setCurrentIndex(std::max(index, 0));
        connect(box, &QComboBox::currentIndexChanged, this, &UnknownGpuPanel::mappingChanged);
        m_table->setCellWidget(row, ModelColumn, box);
    }
    m_table->resizeColumnToContents(NameColumn);
    m_table->setColumnWidth(NameColumn, std::clamp(m_table->columnWidth(NameColumn) + 16, 160, 320));
    m_table->resizeRowsToContents();
    // Compact: a few rows high, scrolling beyond.
    const int rowHeight = names.empty() ? m_table->fontMetrics().height() + 12 : m_table->rowHeight(0);
    const int shown = std::clamp(int(names.size()), 1, kVisibleRows);
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() + shown * rowHeight
                            + 2 * m_table->frameWidth());
}

std::vector<std::pair<QString, QString>> UnknownGpuPanel::mappings() const
{
    std::vector<std::pair<QString, QString>> result;
    for (int row = 0; row < nameCount(); ++row)
        if (QComboBox *box = modelBox(row); box && box->currentIndex() > 0)
            result.emplace_back(name(row), box->itemText(box->currentIndex()));
    return result;
}

int UnknownGpuPanel::nameCount() const
{
    return m_table->rowCount();
}

QString UnknownGpuPanel::name(int row) const
{
    return m_table->item(row, NameColumn)->text();
}

qint64 UnknownGpuPanel::rowCount(int row) const
{
    return m_table->item(row, RowsColumn)->data(Qt::UserRole).toLongLong();
}

QComboBox *UnknownGpuPanel::modelBox(int row) const
{
    return qobject_cast<QComboBox *>(m_table->cellWidget(row, ModelColumn));
}

} // namespace breakeven
