#include "rangestable.h"

#include "models/rangesmodel.h"
#include "numberfield.h"
#include "rangebuttons.h"
#include "rangeinputs.h"
#include "session/scenariosession.h"
#include "store/scenariorepository.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace breakeven {

using namespace rangeinputs;

namespace {

// The columns with a few choices (how the ends are given, the distribution) are edited with a
// combo box of the model's ChoicesRole; the numbers with the plain line edit.
class ChoiceDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const QStringList choices = index.data(RangesModel::ChoicesRole).toStringList();
        if (choices.isEmpty())
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto *box = new QComboBox(parent);
        box->addItems(choices);
        // A choice is a finished edit: it is written at once, not when the cell loses the focus.
        connect(box, &QComboBox::activated, box, [this, box] {
            auto *self = const_cast<ChoiceDelegate *>(this);
            emit self->commitData(box);
            emit self->closeEditor(box);
        });
        return box;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        if (auto *box = qobject_cast<QComboBox *>(editor))
            box->setCurrentText(index.data(Qt::EditRole).toString());
        else
            QStyledItemDelegate::setEditorData(editor, index);
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        if (auto *box = qobject_cast<QComboBox *>(editor))
            model->setData(index, box->currentText(), Qt::EditRole);
        else
            QStyledItemDelegate::setModelData(editor, model, index);
    }
};

} // namespace

RangesTable::RangesTable(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new RangesModel(this))
    , m_table(new QTableView(this))
    , m_note(new QLabel(this))
    , m_message(new QLabel(this))
    , m_add(new QToolButton(this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_defaults(new QPushButton(tr("Use Defaults"), this))
    , m_samples(new NumberField(1, kMaxSamples, 0, QString(), 1, this))
    , m_seed(new NumberField(0, 1e12, 0, QString(), 1, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("rangesNote"));
    layout->addWidget(m_note);

    m_table->setModel(m_model);
    m_table->setItemDelegate(new ChoiceDelegate(m_table));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    // A field's name is long ("The 8 × H100 server's electricity price") and the dock
    // narrow: it wraps in a column of its own width, and the numbers keep theirs; a dock too
    // narrow for all of them scrolls the table sideways, never squeezes the names to dots.
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RangesModel::FieldColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(RangesModel::FieldColumn, 170);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(150);
    m_table->setMaximumHeight(260);
    layout->addWidget(m_table);

    m_message->setObjectName(QStringLiteral("rangesMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_message->hide();
    layout->addWidget(m_message);

    m_add->setText(tr("Add Range"));
    m_add->setToolTip(tr("A range on any numeric field of the scenario, its workload, a build or a cloud option, or "
                         "on one field of every build or cloud option with one shared draw"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setMenu(new QMenu(m_add));
    m_remove->setToolTip(tr("Remove the selected ranges"));
    m_defaults->setToolTip(tr("Drop the scenario's own ranges and samples: the risk analysis uses the default ranges"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_defaults);
    layout->addLayout(buttons);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_samples->setToolTip(tr("How many futures the risk analysis draws (1 to 1,000,000)"));
    m_seed->setToolTip(tr("The random generator's start: the same ranges, samples and seed give the same results"));
    form->addRow(tr("Samples:"), m_samples);
    form->addRow(tr("Seed:"), m_seed);
    layout->addLayout(form);

    connect(m_model, &RangesModel::changeRequested, this,
            [this](const Scenario &after, const QString &label) { push(label, after); });
    connect(m_model, &RangesModel::refused, this, &RangesTable::refuse);
    connect(m_remove, &QPushButton::clicked, this, &RangesTable::removeSelected);
    connect(m_defaults, &QPushButton::clicked, this, &RangesTable::useDefaults);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_remove->setEnabled(m_table->selectionModel()->hasSelection()); });
    connect(m_samples, &NumberField::valueCommitted, this, [this](double samples) {
        Scenario after = m_scenario;
        after.uncertainty = effective(m_scenario);
        after.uncertainty->samples = int(std::lround(samples));
        push(tr("samples of the risk analysis"), after);
    });
    connect(m_seed, &NumberField::valueCommitted, this, [this](double seed) {
        Scenario after = m_scenario;
        after.uncertainty = effective(m_scenario);
        after.uncertainty->seed = quint64(std::llround(seed));
        push(tr("seed of the risk analysis"), after);
    });
    m_remove->setEnabled(false);
}

void RangesTable::setScenario(const StoredScenario &stored)
{
    m_scenarioId = stored.ids.scenario;
    m_scenario = stored.scenario;
    m_model->setScenario(m_scenario);
    const Uncertainty block = effective(m_scenario);
    m_samples->setValue(block.samples);
    m_seed->setValue(double(block.seed));
    m_defaults->setEnabled(m_scenario.uncertainty.has_value());
    m_remove->setEnabled(m_table->selectionModel()->hasSelection());
    if (!m_scenario.uncertainty)
        m_note->setText(tr("<i>Default ranges in use:</i> the scenario sets none of its own. A change here or with a "
                           "field's ± makes them the scenario's own ranges, which you can then edit or remove."));
    else if (block.inputs.empty())
        m_note->setText(tr("No ranges: the risk analysis keeps every field at its value. Add one, or use the defaults."));
    else
        m_note->setText(tr("The scenario's own ranges. Double-click a cell to change it."));
    fillAddMenu();
}

QString RangesTable::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void RangesTable::fillAddMenu()
{
    QMenu *menu = m_add->menu();
    menu->clear();
    const Uncertainty block = effective(m_scenario);
    for (const PathGroup &group : availablePaths(m_scenario)) {
        QMenu *sub = menu->addMenu(group.title);
        for (const QString &path : group.paths) {
            QAction *action = sub->addAction(unitsOf(m_scenario, path).label);
            action->setToolTip(describePath(m_scenario, path));
            action->setData(path);
            action->setEnabled(indexOf(block, path) < 0);
            connect(action, &QAction::triggered, this, [this, path] { addRange(path); });
        }
    }
}

void RangesTable::addRange(const QString &path)
{
    if (!m_scenarioId)
        return;
    if (const int row = indexOf(effective(m_scenario), path); row >= 0) {
        m_table->selectRow(row);
        return;
    }
    const UncertainInput input = suggestedRange(m_scenario, path);
    if (const QString reason = check(m_scenario, input); !reason.isEmpty()) {
        refuse(reason);
        return;
    }
    push(tr("range of %1").arg(unitsOf(m_scenario, path).label), withRange(m_scenario, input));
}

void RangesTable::removeSelected()
{
    QStringList paths;
    for (const QModelIndex &row : m_table->selectionModel()->selectedRows())
        paths << m_model->pathAt(row.row());
    if (paths.isEmpty())
        return;
    Scenario after = m_scenario;
    for (const QString &path : paths)
        after = withoutRange(after, path);
    push(paths.size() == 1 ? tr("ranges (%1 removed)").arg(unitsOf(m_scenario, paths.front()).label)
                           : tr("ranges (%n removed)", nullptr, int(paths.size())),
         after);
}

void RangesTable::useDefaults()
{
    Scenario after = m_scenario;
    after.uncertainty.reset();
    push(tr("ranges (the defaults)"), after);
}

void RangesTable::push(const QString &label, const Scenario &after)
{
    m_message->hide();
    if (m_scenarioId)
        editRanges(m_session.context(), m_scenarioId, label, m_scenario, after);
}

void RangesTable::refuse(const QString &reason)
{
    m_message->setText(reason);
    m_message->show();
}

} // namespace breakeven
