#include "hybridpanel.h"

#include "charts/loaddurationchart.h"
#include "charts/ownershipchart.h"
#include "engine/costmodel.h"
#include "engine/hybridtext.h"
#include "engine/resultstext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

#include <algorithm>

namespace breakeven {

HybridPanel::HybridPanel(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_emptyPage(new QWidget)
    , m_emptyText(new QLabel(m_emptyPage))
    , m_add(new QPushButton(tr("Add Hybrid Option…"), m_emptyPage))
    , m_page(new QWidget)
    , m_boxLabel(new QLabel(tr("Hybrid option:"), m_page))
    , m_box(new QComboBox(m_page))
    , m_sentence(new QLabel(m_page))
    , m_details(new QLabel(m_page))
    , m_splitter(new QSplitter(Qt::Horizontal, m_page))
    , m_ownership(new charts::OwnershipChart)
    , m_loadDuration(new charts::LoadDurationChart)
{
    // Without a hybrid option: what one is, and the way to add one.
    m_emptyText->setText(tr("<p><b>Own some servers for the baseline and rent the peaks.</b></p>"
                            "<p>A hybrid option owns units of a build for the steady part of the demand and sends "
                            "what does not fit to a cloud option. Add a hybrid option of a build and a cloud option "
                            "to see how many units to own.</p>"));
    m_emptyText->setWordWrap(true);
    m_emptyText->setAlignment(Qt::AlignCenter);
    m_emptyText->setFixedWidth(560);
    m_emptyText->setMinimumHeight(m_emptyText->heightForWidth(560));
    connect(m_add, &QPushButton::clicked, this, &HybridPanel::addHybridRequested);
    auto *emptyLayout = new QVBoxLayout(m_emptyPage);
    emptyLayout->addStretch();
    // Centred by stretches, not by alignment: an aligned label is not given the height its
    // wrapped lines need.
    auto *textRow = new QHBoxLayout;
    textRow->addStretch();
    textRow->addWidget(m_emptyText);
    textRow->addStretch();
    emptyLayout->addLayout(textRow);
    emptyLayout->addSpacing(8);
    emptyLayout->addWidget(m_add, 0, Qt::AlignHCenter);
    emptyLayout->addStretch();

    m_box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_box, &QComboBox::currentIndexChanged, this, [this](int index) { setCurrentHybrid(index); });
    m_sentence->setWordWrap(true);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_sentence->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    m_sentence->setFont(bold);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The sentence and the details above say what the charts' captions say: the charts get the room.
    m_ownership->setCaptionShown(false);
    m_loadDuration->setCaptionShown(false);
    m_splitter->addWidget(m_ownership);
    m_splitter->addWidget(m_loadDuration);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);

    auto *top = new QHBoxLayout;
    top->addWidget(m_boxLabel);
    top->addWidget(m_box);
    top->addStretch();
    auto *pageLayout = new QVBoxLayout(m_page);
    pageLayout->setContentsMargins(8, 6, 8, 0);
    pageLayout->addLayout(top);
    pageLayout->addWidget(m_sentence);
    pageLayout->addWidget(m_details);
    pageLayout->addWidget(m_splitter, 1);

    m_stack->addWidget(m_emptyPage);
    m_stack->addWidget(m_page);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    fill();
}

HybridPanel::~HybridPanel() = default;

QList<charts::ChartPanel *> HybridPanel::charts() const
{
    return {m_ownership, m_loadDuration};
}

bool HybridPanel::isEmptyState() const
{
    return m_stack->currentWidget() == m_emptyPage;
}

void HybridPanel::setCostModel(const CostModel *model)
{
    m_model = model;
    m_hybrids = nullptr;
    m_results.clear();
    m_ownership->setModel(model);
    m_loadDuration->setModel(model);
    fill();
}

void HybridPanel::setHybrids(const HybridModel *hybrids, const std::vector<HybridResult> &results, double utilization)
{
    const bool sameOptions = hybrids == m_hybrids && results.size() == m_results.size();
    m_hybrids = hybrids;
    m_results = results;
    m_utilization = utilization;
    if (!sameOptions)
        fill();
    m_ownership->setHybrids(hybrids, results, utilization);
    m_loadDuration->setHybrids(hybrids, results, utilization);
    showTexts();
}

void HybridPanel::relabel()
{
    fill();
    m_ownership->relabel();
    m_loadDuration->relabel();
    showTexts();
}

int HybridPanel::currentHybrid() const
{
    return m_ownership->shown();
}

void HybridPanel::setCurrentHybrid(int index)
{
    if (index < 0)
        return;
    if (m_box->currentIndex() != index && index < m_box->count()) {
        const QSignalBlocker blocker(m_box);
        m_box->setCurrentIndex(index);
    }
    m_ownership->setShown(index);
    m_loadDuration->setShown(index);
    showTexts();
}

void HybridPanel::fill()
{
    // The box lists the hybrid options, kept on the one chosen while they stay the same.
    const int count = m_hybrids ? m_hybrids->count() : 0;
    const int current = std::clamp(currentHybrid(), 0, std::max(0, count - 1));
    {
        const QSignalBlocker blocker(m_box);
        m_box->clear();
        for (int i = 0; i < count; ++i)
            m_box->addItem(m_hybrids->hybrid(i).name);
        if (count > 0)
            m_box->setCurrentIndex(current);
    }
    m_box->setVisible(count > 1);
    m_boxLabel->setVisible(count > 1);
    m_ownership->setShown(current);
    m_loadDuration->setShown(current);
    const bool empty = m_model && m_hybrids && count == 0;
    m_stack->setCurrentWidget(empty || !m_model ? m_emptyPage : m_page);
    m_add->setEnabled(m_model != nullptr);
    showTexts();
}

void HybridPanel::showTexts()
{
    const int index = currentHybrid();
    if (!m_model || !m_hybrids || index < 0 || index >= int(m_results.size())) {
        m_sentence->clear();
        m_details->clear();
        return;
    }
    const HybridResult &h = m_results[std::size_t(index)];
    const QString name = m_hybrids->hybrid(index).name;
    if (!h.status.feasible) {
        m_sentence->setText(tr("%1 is not possible: %2").arg(name, h.status.reason));
        m_details->clear();
        return;
    }
    QString sentence = hybridSentence(*m_model, h);
    if (!sentence.isEmpty())
        sentence[0] = sentence[0].toUpper();
    m_sentence->setText(sentence);
    const QString currency = m_model->input().currency;
    QStringList details;
    details << tr("%1 units of %2 (%3), %4 GPUs owned")
                   .arg(h.units)
                   .arg(m_model->option(h.onPrem).name, h.chosen ? tr("the cheapest number") : tr("fixed"),
                        charts::gpuCount(h.ownedCapacity));
    details << tr("owned utilization %1").arg(h.ownedUtilization ? formatPercent(*h.ownedUtilization) : tr("n/a"));
    details << tr("burst %1 of the work to %2").arg(formatPercent(h.burstShare), m_model->option(h.cloud).name);
    details << tr("TCO %1 over %2 months").arg(formatMoney(h.tco, currency, 0)).arg(m_model->horizonMonths());
    QString text = details.join(QStringLiteral(" · ")) + QLatin1Char('\n') + hybridEndsText(*m_model, h);
    // Units the cloud option's quota forbids are gaps in the curve: say why.
    int forbidden = 0;
    for (const double tco : h.tcoByUnits)
        forbidden += std::isfinite(tco) ? 0 : 1;
    if (forbidden > 0)
        text += QLatin1Char('\n')
            + tr("%n number(s) of units left out: they leave more to %1 at once than its quota allows.", nullptr, forbidden)
                  .arg(m_model->option(h.cloud).name);
    m_details->setText(text);
}

} // namespace breakeven
