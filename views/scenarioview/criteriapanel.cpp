#include "criteriapanel.h"

#include "charts/criteriachart.h"
#include "criteriamodel.h"
#include "engine/costmodel.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace breakeven {

namespace {

constexpr int kMaxWeight = 100;

// Scores are edited from 1 to 5 in halves; an emptied field (the special value) clears the
// user's score.
class ScoreDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QDoubleSpinBox(parent);
        box->setRange(kLowestScore - 0.5, kHighestScore);
        box->setSingleStep(0.5);
        box->setDecimals(1);
        box->setSpecialValueText(CriteriaPanel::tr("default"));
        box->setFrame(false);
        return box;
    }

    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QDoubleSpinBox *>(editor)->setValue(index.data(Qt::EditRole).toDouble());
    }

    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        auto *box = static_cast<QDoubleSpinBox *>(editor);
        box->interpretText();
        model->setData(index, box->value() < kLowestScore ? QVariant() : QVariant(box->value()), Qt::EditRole);
    }
};

} // namespace

CriteriaPanel::CriteriaPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new CriteriaModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_chart(new charts::CriteriaChart)
    , m_note(new QLabel)
    , m_defaults(new QPushButton(tr("&Default weights")))
{
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(CriteriaModel::SortRole);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(CriteriaModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setItemDelegate(new ScoreDelegate(m_table));
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *clear = new QAction(tr("Use the &default score"), m_table);
    connect(clear, &QAction::triggered, this, [this] {
        const QModelIndex index = m_sorted->mapToSource(m_table->currentIndex());
        if (index.isValid() && CriteriaModel::criterionOf(index.column()) && index.data(Qt::FontRole).isValid())
            m_model->setData(index, QVariant());
    });
    m_table->addAction(clear);
    connect(m_model, &CriteriaModel::scoreEdited, this, &CriteriaPanel::scoreEdited);

    auto *weights = new QGroupBox(tr("Weights"));
    auto *form = new QFormLayout(weights);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (int c = 0; c < kCriterionCount; ++c) {
        auto *slider = new QSlider(Qt::Horizontal);
        slider->setRange(0, kMaxWeight);
        slider->setPageStep(5);
        slider->setObjectName(QStringLiteral("weight-") + toString(Criterion(c)));
        slider->setAccessibleName(tr("Weight of %1").arg(criterionName(Criterion(c))));
        auto *value = new QLabel;
        value->setMinimumWidth(value->fontMetrics().horizontalAdvance(QStringLiteral("100 %")));
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto *row = new QHBoxLayout;
        row->addWidget(slider, 1);
        row->addWidget(value);
        form->addRow(criterionName(Criterion(c)) + QLatin1Char(':'), row);
        m_sliders[std::size_t(c)] = slider;
        m_values[std::size_t(c)] = value;
        connect(slider, &QSlider::valueChanged, this, [this, slider, c] {
            updateWeightLabels();
            if (slider->isSliderDown())
                preview();
            else
                commit(Criterion(c));
        });
        connect(slider, &QSlider::sliderReleased, this, [this, c] { commit(Criterion(c)); });
    }
    m_note->setWordWrap(true);
    m_note->setText(tr("Each weight counts in proportion to their sum. The weighted score is the mean of an option's "
                       "scores with these weights."));
    form->addRow(m_note);
    form->addRow(m_defaults);
    connect(m_defaults, &QPushButton::clicked, this, [this] {
        showWeights(kDefaultCriterionWeights);
        commit(std::nullopt);
    });
    weights->setMaximumWidth(300);

    // The table across the whole width (ten columns); under it the chart, the weights beside it.
    auto *lower = new QWidget;
    auto *lowerLayout = new QHBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_chart, 1);
    lowerLayout->addWidget(weights);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(lower);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter, 1);
    setEnabled(false);
}

CriteriaPanel::~CriteriaPanel() = default;

void CriteriaPanel::setCostModel(const CostModel *model)
{
    m_costModel = model;
    m_evaluation = nullptr;
    m_model->setCostModel(model);
    m_chart->setWeights(std::nullopt);
    m_chart->setModel(model);
    m_chart->applyPalette();
    setEnabled(model != nullptr);
    if (model)
        showWeights(model->input().criterionWeights);
}

void CriteriaPanel::setEvaluation(const Evaluation &evaluation)
{
    if (!m_costModel)
        return;
    m_evaluation = &evaluation;
    const bool first = m_model->result().options.empty();
    const CriterionWeights shown = shownWeights();
    const std::optional<CriterionWeights> weights
        = shown == m_costModel->input().criterionWeights || !validCriterionWeights(shown) ? std::nullopt
                                                                                           : std::optional(shown);
    m_model->setEvaluation(evaluation, weights);
    m_chart->setWeights(weights);
    m_chart->setEvaluation(evaluation);
    if (first)
        m_table->resizeColumnsToContents();
}

void CriteriaPanel::relabel()
{
    m_model->relabel();
    m_chart->relabel();
    if (m_evaluation)
        m_chart->setEvaluation(*m_evaluation);
}

CriterionWeights CriteriaPanel::shownWeights() const
{
    CriterionWeights weights{};
    for (int c = 0; c < kCriterionCount; ++c)
        weights[std::size_t(c)] = m_sliders[std::size_t(c)]->value();
    return weights;
}

void CriteriaPanel::showWeights(const CriterionWeights &weights)
{
    // Whole weights up to 100 show as they are; others (0.4, 250) as shares of 100, which rank
    // the same.
    const bool asIs = std::all_of(weights.begin(), weights.end(),
                                  [](double w) { return w == std::floor(w) && w >= 0 && w <= kMaxWeight; });
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    for (int c = 0; c < kCriterionCount; ++c) {
        const double w = weights[std::size_t(c)];
        const QSignalBlocker block(m_sliders[std::size_t(c)]);
        m_sliders[std::size_t(c)]->setValue(int(std::lround(asIs || sum <= 0 ? w : kMaxWeight * w / sum)));
    }
    updateWeightLabels();
}

void CriteriaPanel::updateWeightLabels()
{
    const CriterionWeights weights = shownWeights();
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    for (int c = 0; c < kCriterionCount; ++c) {
        m_values[std::size_t(c)]->setText(
            sum > 0 ? QStringLiteral("%1 %").arg(std::lround(100.0 * weights[std::size_t(c)] / sum)) : QStringLiteral("–"));
        m_values[std::size_t(c)]->setToolTip(tr("weight %1 of %2").arg(weights[std::size_t(c)]).arg(sum));
    }
}

void CriteriaPanel::preview()
{
    if (m_evaluation)
        setEvaluation(*m_evaluation);
}

void CriteriaPanel::commit(std::optional<Criterion> moved)
{
    const CriterionWeights weights = shownWeights();
    if (!m_costModel)
        return;
    if (!validCriterionWeights(weights)) {
        m_note->setText(tr("At least one weight must be above 0; the ranking keeps the last weights that had one."));
        return;
    }
    m_note->setText(tr("Each weight counts in proportion to their sum. The weighted score is the mean of an option's "
                       "scores with these weights."));
    if (weights != m_costModel->input().criterionWeights)
        emit weightsEdited(weights, moved);
    else
        preview();
}

} // namespace breakeven
