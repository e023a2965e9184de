#include "emptyscenarioguide.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace breakeven {

EmptyScenarioGuide::EmptyScenarioGuide(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(tr("Describe the work, then add what you could buy and what you could rent")))
{
    setObjectName(QStringLiteral("emptyScenarioGuide"));
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_heading->setFont(big);
    m_heading->setWordWrap(true);
    m_heading->setAlignment(Qt::AlignCenter);

    auto *steps = new QLabel(tr(
        "<ol>"
        "<li><b>Workload</b>: how many GPUs of which model the work needs, and how busy they are — or, to "
        "serve a model, its traffic and tokens per request.</li>"
        "<li><b>On-prem builds</b>: what you could buy — an example server or rig, or one GPU at its catalog price.</li>"
        "<li><b>Cloud options</b>: what you could rent — offers from the catalog under the plan you would pay.</li>"
        "<li><b>API options</b>, when the work serves a model: a provider's price per million tokens "
        "(Scenario › Add API Option…).</li>"
        "</ol>"
        "<p>Then drag the utilization slider: the charts say what each option costs over time and when "
        "buying pays off.</p>"
        "<p>The examples in the scenario list show both kinds of work: <i>8 × H100 server vs renting</i> "
        "counts GPU time, <i>Llama 3.1 70B: an API, rented H100s, or a server of our own</i> counts served "
        "requests and tokens.</p>"));
    steps->setWordWrap(true);
    steps->setTextFormat(Qt::RichText);
    steps->setMaximumWidth(640);

    const QString texts[4] = {tr("Add Build…"), tr("Add Cloud Option…"), tr("Edit Workload…"), tr("Open Manual")};
    const char *names[4] = {"guideAddBuild", "guideAddCloudOption", "guideEditWorkload", "guideOpenManual"};
    auto *row = new QHBoxLayout;
    row->addStretch();
    for (int i = 0; i < 4; ++i) {
        m_buttons[i] = new QPushButton(texts[i]);
        m_buttons[i]->setObjectName(QString::fromLatin1(names[i]));
        m_buttons[i]->setEnabled(false); // until it has its action
        row->addWidget(m_buttons[i]);
    }
    row->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(2);
    layout->addWidget(m_heading);
    layout->addSpacing(8);
    // Centred between stretches, not by an alignment: an aligned label is given its size hint's
    // narrow width but a height worked out for the whole width, and its last lines were cut off.
    auto *centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addWidget(steps, 100);
    centred->addStretch(1);
    layout->addLayout(centred);
    layout->addSpacing(8);
    layout->addLayout(row);
    layout->addStretch(3);
}

void EmptyScenarioGuide::setAction(Step step, QAction *action)
{
    QPushButton *b = button(step);
    QObject::disconnect(b, &QPushButton::clicked, nullptr, nullptr);
    if (!action)
        return;
    b->setEnabled(action->isEnabled());
    b->setToolTip(action->toolTip());
    connect(b, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::changed, b, [b, action] { b->setEnabled(action->isEnabled()); });
}

QPushButton *EmptyScenarioGuide::button(Step step) const
{
    return m_buttons[int(step)];
}

} // namespace breakeven
