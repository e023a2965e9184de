// The demand of a hybrid option's workload as a load-duration curve (docs/model.md, "Hybrid
// fleets"): the GPUs busy, in reference GPUs, against the share of the time, largest first, with the
// capacity its owned units give drawn across it. What lies under the line runs on the owned units,
// what lies above it is the burst sent to the cloud option.
#pragma once

#include "hybridchart.h"

class QAreaSeries;
class QLineSeries;

namespace breakeven::charts {

class LoadDurationChart : public HybridChart {
    Q_OBJECT
public:
    explicit LoadDurationChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::LoadDuration; }
    QString title() const override { return tr("Load duration"); }

    // The curve drawn: HybridModel::loadDuration at the shown utilization.
    const std::vector<HybridModel::DurationPoint> &durations() const { return m_durations; }
    // Its outline as steps: (share of the time in %, GPUs busy), two points per step.
    QLineSeries *curveSeries() const { return m_curve; }
    // The owned capacity across the curve: two points at y = ownedCapacity.
    QLineSeries *capacityLine() const { return m_capacity; }
    QAreaSeries *ownedArea() const { return m_owned; }
    QAreaSeries *burstArea() const { return m_burst; }
    // "owned: 16 GPUs (2 × 8 × H100 server)"
    QString capacityLabel() const { return m_capacityLabel; }

protected:
    void rebuild() override;

private:
    std::vector<HybridModel::DurationPoint> m_durations;
    QLineSeries *m_curve = nullptr;
    QLineSeries *m_capacity = nullptr;
    QAreaSeries *m_owned = nullptr;
    QAreaSeries *m_burst = nullptr;
    QString m_capacityLabel;
};

} // namespace breakeven::charts
