// The question asked when the workload's GPU changes: "16 × H100" (the count kept, the default,
// already done) or "9.55 × H100, the same work as 16 × A100" (one click). Shown under the GPU
// choice, not in a dialog, so that nothing blocks and the count typed is never changed silently;
// it goes away once the count or the GPU changes again, or the step is undone.
#pragma once

#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace breakeven {

class ScenarioSession;

class GpuChangeNote : public QWidget {
    Q_OBJECT
public:
    explicit GpuChangeNote(ScenarioSession &session, QWidget *parent = nullptr);

    // The workload of `before` (scenario `scenarioId`) is about to be counted in `model` with its
    // count kept: offer the count that keeps the work instead, when it differs.
    void offer(qint64 scenarioId, const Scenario &before, const QString &model);
    // The scenario as now stored: the note stays while it still reads as offered.
    void follow(const StoredScenario &stored);

    QString text() const;
    QPushButton *keepWorkButton() const { return m_keepWork; }

private:
    void keepWork();

    ScenarioSession &m_session;
    QLabel *m_text;
    QPushButton *m_keepWork;
    qint64 m_scenarioId = 0;
    QString m_model;
    double m_kept = 0;
    double m_sameWork = 0;
};

} // namespace breakeven
