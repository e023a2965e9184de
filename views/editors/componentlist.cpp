#include "componentlist.h"

#include "commands/commands.h"
#include "numberfield.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

namespace breakeven {

namespace {

enum Column { NameColumn, PriceColumn, QuantityColumn };

// Prices and quantities are edited in spin boxes that refuse negative numbers.
class AmountDelegate : public QStyledItemDelegate {
public:
    AmountDelegate(ComponentList *list, std::function<void(const QString &)> refused)
        : QStyledItemDelegate(list)
        , m_refused(std::move(refused))
    {
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        if (index.column() == NameColumn)
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto *spin = new GuardedSpinBox(parent);
        spin->setFrame(false);
        spin->setRange(0, 1e9);
        spin->setDecimals(index.column() == PriceColumn ? 2 : 1);
        QObject::connect(spin, &GuardedSpinBox::refused, spin, m_refused);
        return spin;
    }

private:
    std::function<void(const QString &)> m_refused;
};

} // namespace

ComponentList::ComponentList(DocumentContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_table(new QTableWidget(0, 3, this))
    , m_total(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_up(new QPushButton(tr("↑"), this))
    , m_down(new QPushButton(tr("↓"), this))
{
    m_table->setHorizontalHeaderLabels({tr("Component"), tr("Price"), tr("Qty")});
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(PriceColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QuantityColumn, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setMinimumHeight(150);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setItemDelegate(new AmountDelegate(this, [this](const QString &reason) { showHint(reason); }));

    m_hint->setObjectName(QStringLiteral("fieldHint"));
    m_hint->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_hint->hide();

    auto *add = new QPushButton(tr("Add"), this);
    m_up->setToolTip(tr("Move up"));
    m_down->setToolTip(tr("Move down"));
    for (QPushButton *arrow : {m_up, m_down})
        arrow->setMaximumWidth(arrow->fontMetrics().horizontalAdvance(QStringLiteral("MM")) + 16);
    auto *buttons = new QHBoxLayout;
    for (QPushButton *button : {add, m_remove, m_up, m_down}) {
        button->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
        buttons->addWidget(button);
    }
    buttons->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);
    layout->addWidget(m_total);
    layout->addWidget(m_hint);

    connect(add, &QPushButton::clicked, this, &ComponentList::addComponent);
    connect(m_remove, &QPushButton::clicked, this, &ComponentList::removeSelected);
    connect(m_up, &QPushButton::clicked, this, [this] { moveSelected(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveSelected(1); });
    connect(m_table, &QTableWidget::itemChanged, this, &ComponentList::onItemChanged);
}

void ComponentList::setBuild(const StoredScenario &stored, int index)
{
    if (index < 0 || size_t(index) >= stored.scenario.onPremOptions.size())
        return;
    m_scenarioId = stored.ids.scenario;
    m_buildId = stored.ids.builds[size_t(index)];
    m_build = stored.scenario.onPremOptions[size_t(index)];
    m_ids = stored.ids.components[size_t(index)];

    const int keepRow = selectedRow();
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(int(m_build.components.size()));
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const Component &component = m_build.components[size_t(row)];
        auto set = [&](int column, const QVariant &value) {
            QTableWidgetItem *item = m_table->item(row, column);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(row, column, item);
            }
            item->setData(Qt::EditRole, value);
            if (column != NameColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        };
        set(NameColumn, component.name);
        set(PriceColumn, component.price);
        set(QuantityColumn, component.quantity);
    }
    if (keepRow >= 0 && keepRow < m_table->rowCount())
        m_table->selectRow(keepRow);
    const QLocale locale;
    m_total->setText(tr("Parts: %1 %2").arg(locale.toString(m_build.partsPrice(), 'f', 2), m_build.currency));
}

int ComponentList::selectedRow() const
{
    const auto rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? m_table->currentRow() : rows.first().row();
}

void ComponentList::onItemChanged(QTableWidgetItem *item)
{
    const int row = item->row();
    if (!m_buildId || row < 0 || size_t(row) >= m_ids.size())
        return;
    const Component before = m_build.components[size_t(row)];
    Component after = before;
    QString key;
    QString label;
    switch (item->column()) {
    case NameColumn:
        after.name = item->text().trimmed();
        key = QStringLiteral("name");
        label = tr("name");
        break;
    case PriceColumn:
        after.price = item->data(Qt::EditRole).toDouble();
        key = QStringLiteral("price");
        label = tr("price");
        break;
    default:
        after.quantity = item->data(Qt::EditRole).toDouble();
        key = QStringLiteral("quantity");
        label = tr("quantity");
        break;
    }
    if (after.price < 0 || after.quantity < 0) {
        showHint(tr("cannot be negative"));
        return;
    }
    m_hint->hide();
    commands::editComponent(m_context, m_scenarioId, m_ids[size_t(row)], key, label, before, after);
}

void ComponentList::addComponent()
{
    if (!m_buildId)
        return;
    Component component;
    component.name = tr("New part");
    commands::addComponent(m_context, m_scenarioId, m_buildId, m_build.name, component);
    m_table->selectRow(m_table->rowCount() - 1);
}

void ComponentList::removeSelected()
{
    const int row = selectedRow();
    if (!m_buildId || row < 0 || size_t(row) >= m_ids.size())
        return;
    commands::removeComponent(m_context, m_scenarioId, m_ids[size_t(row)], m_build.components[size_t(row)].name,
                              m_build.name);
}

void ComponentList::moveSelected(int delta)
{
    const int row = selectedRow();
    const int target = row + delta;
    if (!m_buildId || row < 0 || size_t(row) >= m_ids.size() || target < 0 || size_t(target) >= m_ids.size())
        return;
    commands::moveComponent(m_context, m_scenarioId, m_ids[size_t(row)], m_build.components[size_t(row)].name, row,
                            target);
    m_table->selectRow(target);
}

void ComponentList::showHint(const QString &reason)
{
    m_hint->setText(tr("Price and quantity: %1").arg(reason));
    m_hint->show();
}

} // namespace breakeven
