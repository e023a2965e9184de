#include "riskpanel.h"

#include "engine/decidedby.h"

#include "charts/payoffchart.h"
#include "charts/tcospreadchart.h"
#include "charts/tornadochart.h"
#include "engine/costmodel.h"
#include "engine/risk.h"
#include "engine/risktext.h"

#include <QComboBox>
#include <QLocale>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

namespace breakeven {

namespace {
// The pair box lists at most this many pairs (those of the payoff chart's order).
constexpr int kMaxPairChoices = 200;
} // namespace

RiskPanel::RiskPanel(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_cloudChoice(new QComboBox(this))
    , m_cloudLabel(new QLabel(tr("Pairs against:"), this))
    , m_pairChoice(new QComboBox(this))
    , m_tabs(new QTabWidget(this))
    , m_payoff(new charts::PayoffChart)
    , m_spread(new charts::TcoSpreadChart)
    , m_tornado(new charts::TornadoChart)
{
    m_status->setWordWrap(true);
    m_status->setMinimumWidth(160);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setTextFormat(Qt::PlainText);

    m_cloudChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_cloudChoice->setToolTip(tr("With many pairs, the odds chart shows those against one cloud option"));
    m_pairChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pairChoice->setMinimumContentsLength(28);
    m_pairChoice->setToolTip(tr("The pair whose tornado is shown"));
    m_cloudLabel->setBuddy(m_cloudChoice);
    auto *pairLabel = new QLabel(tr("&Tornado for:"), this);
    pairLabel->setBuddy(m_pairChoice);

    // The sentences scroll within a few lines, so that the charts keep their height on a small
    // screen.
    auto *summaryArea = new QScrollArea(this);
    summaryArea->setWidget(m_summary);
    summaryArea->setWidgetResizable(true);
    summaryArea->setFrameShape(QFrame::NoFrame);
    summaryArea->setMaximumHeight(fontMetrics().lineSpacing() * 4 + 2);
    summaryArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *choices = new QHBoxLayout;
    choices->addWidget(m_status, 1);
    choices->addWidget(m_progress);
    choices->addWidget(m_cloudLabel);
    choices->addWidget(m_cloudChoice);
    choices->addSpacing(12);
    choices->addWidget(pairLabel);
    choices->addWidget(m_pairChoice, 1);

    m_tabs->setDocumentMode(true);
    for (charts::RiskChart *chart : charts())
        m_tabs->addTab(chart, chart->title());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 0);
    layout->setSpacing(4);
    layout->addWidget(summaryArea);
    layout->addLayout(choices);
    layout->addWidget(m_tabs, 1);

    connect(m_cloudChoice, &QComboBox::currentIndexChanged, this, [this] {
        const int cloud = m_cloudChoice->currentData().toInt();
        m_payoff->setCloud(cloud >= 0 ? std::optional<int>(cloud) : std::nullopt);
        updateSentences();
    });
    connect(m_pairChoice, &QComboBox::currentIndexChanged, this, [this] {
        if (m_pairChoice->currentIndex() >= 0)
            m_tornado->setPair(m_pairChoice->currentData().toInt());
    });
    setCostModel(nullptr);
}

RiskPanel::~RiskPanel() = default;

QList<charts::RiskChart *> RiskPanel::charts() const
{
    return {m_payoff, m_spread, m_tornado};
}

charts::RiskChart *RiskPanel::currentChart() const
{
    return qobject_cast<charts::RiskChart *>(m_tabs->currentWidget());
}

QString RiskPanel::statusText() const
{
    return m_status->text();
}

void RiskPanel::setCostModel(const CostModel *model)
{
    m_model = model;
    m_risk.reset();
    for (charts::RiskChart *chart : charts()) {
        chart->setRisk(nullptr);
        chart->setModel(model);
    }
    fillChoices();
    updateSentences();
    m_progress->hide();
    m_status->setText(model ? tr("Sampling the futures…") : QString());
}

void RiskPanel::relabel()
{
    for (charts::RiskChart *chart : charts())
        chart->setRisk(chart->sharedRisk()); // draws again with the new names
    fillChoices();
    updateSentences();
}

void RiskPanel::setEvaluation(const Evaluation &evaluation)
{
    for (charts::RiskChart *chart : charts())
        chart->setEvaluation(evaluation);
    if (m_cloudChoice->count() > 0 && m_model)
        if (const auto cheapest = m_model->cheapestCloud(evaluation))
            m_cloudChoice->setItemText(0, tr("the cheapest cloud option (%1)").arg(m_model->option(*cheapest).name));
    updateSentences();
}

void RiskPanel::setRisk(std::shared_ptr<const RiskResult> risk, bool preview)
{
    if (!m_model)
        return;
    m_progress->hide();
    m_risk = risk;
    m_payoff->setRisk(risk);
    m_spread->setRisk(risk);
    if (!preview) {
        m_tornado->setRisk(risk);
        fillChoices();
    }
    const RiskResult &r = *risk;
    // What was sampled is under each chart; here only that the numbers are a preview.
    m_status->setText(preview ? tr("Preview of %1 futures while the slider moves")
                                    .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(r.samples))
                              : QString());
    updateSentences();
}

void RiskPanel::showProgress(int done, int total)
{
    m_progress->setMaximum(std::max(1, total));
    m_progress->setValue(done);
    m_progress->setFormat(tr("%1 of %2 futures").arg(done).arg(total));
    m_progress->show();
}

void RiskPanel::showError(const QString &message)
{
    m_progress->hide();
    m_risk.reset();
    for (charts::RiskChart *chart : charts())
        chart->setRisk(nullptr);
    m_status->setText(tr("The risk analysis cannot be worked out: %1").arg(message));
    fillChoices();
    updateSentences();
}

void RiskPanel::fillChoices()
{
    const QSignalBlocker cloudBlock(m_cloudChoice);
    const QSignalBlocker pairBlock(m_pairChoice);
    const int cloudBefore = m_cloudChoice->currentIndex() >= 0 ? m_cloudChoice->currentData().toInt() : -1;
    std::optional<std::pair<int, int>> pairBefore;
    if (m_risk && m_pairChoice->currentIndex() >= 0) {
        const int p = m_pairChoice->currentData().toInt();
        if (p >= 0 && p < int(m_tornado->risk() ? m_tornado->risk()->pairs.size() : 0))
            pairBefore = std::pair(m_tornado->risk()->pairs[std::size_t(p)].onPrem, m_tornado->risk()->pairs[std::size_t(p)].cloud);
    }
    m_cloudChoice->clear();
    m_pairChoice->clear();
    const RiskResult *r = m_tornado->risk();
    const bool ok = m_model && r && int(r->options.size()) == m_model->optionCount();
    const bool some = ok && int(r->pairs.size()) > charts::PayoffChart::kMaxLines;
    m_cloudLabel->setVisible(some);
    m_cloudChoice->setVisible(some);
    m_pairChoice->setEnabled(ok && !r->pairs.empty());
    if (!ok)
        return;
    if (some) {
        m_cloudChoice->addItem(tr("the cheapest cloud option"), -1);
        std::vector<bool> seen(std::size_t(m_model->optionCount()), false);
        for (const PairRisk &pair : r->pairs)
            if (!seen[std::size_t(pair.cloud)]) {
                seen[std::size_t(pair.cloud)] = true;
                m_cloudChoice->addItem(m_model->option(pair.cloud).name, pair.cloud);
            }
        m_cloudChoice->setCurrentIndex(std::max(0, m_cloudChoice->findData(cloudBefore)));
    }
    // The pairs in the odds chart's order first (the likeliest wins of buying), then the rest.
    std::vector<int> order = m_payoff->shownPairs();
    for (int p = 0; p < int(r->pairs.size()) && int(order.size()) < kMaxPairChoices; ++p)
        if (std::find(order.begin(), order.end(), p) == order.end())
            order.push_back(p);
    int select = 0;
    for (const int p : order) {
        const PairRisk &pair = r->pairs[std::size_t(p)];
        if (pairBefore && *pairBefore == std::pair(pair.onPrem, pair.cloud))
            select = m_pairChoice->count();
        m_pairChoice->addItem(charts::pairName(*m_model, pair), p);
    }
    if (m_pairChoice->count() > 0) {
        m_pairChoice->setCurrentIndex(select);
        m_tornado->setPair(m_pairChoice->currentData().toInt());
    }
}

void RiskPanel::updateSentences()
{
    m_sentences.clear();
    const RiskResult *r = m_payoff->risk();
    if (!m_model || !r || int(r->options.size()) != m_model->optionCount()) {
        m_summary->clear();
        m_summary->hide();
        return;
    }
    QStringList lines;
    for (const int p : m_payoff->shownPairs()) {
        const PairRisk &pair = r->pairs[std::size_t(p)];
        m_sentences << tr("%1 against %2: %3")
                           .arg(m_model->option(pair.onPrem).name, m_model->option(pair.cloud).name,
                                riskSentence(*r, pair, m_model->horizonMonths()));
    }
    for (const QString &sentence : std::as_const(m_sentences))
        lines << QStringLiteral("• ") + sentence;
    if (qsizetype(r->pairs.size()) > m_sentences.size())
        lines << tr("%1 more pairs: choose the cloud option above to see others.").arg(r->pairs.size() - m_sentences.size());
    if (r->pairs.empty())
        lines << tr("No pair of an on-prem and a cloud option is feasible at the scenario's own values.");
    else
        lines << rangesOriginText(*r);
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_summary->setVisible(!lines.isEmpty());
}

} // namespace breakeven
