// Every feasible (on-prem, cloud) pair of a scenario, one row each, grouped by on-prem option in
// the scenario's order: when buying pays off against each cloud option, the utilization at which
// the two cost the same, and what the cloud option costs against it. Display text follows
// resultstext.h; SortRole gives raw numbers for QSortFilterProxyModel.
#pragma once

#include "engine/costmodel.h"
#include "engine/finance.h"

#include <QAbstractTableModel>

#include <vector>

namespace breakeven {

class PairsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OnPrem, Cloud, Crossover, BreakEven, CostRatio, Saving, Irr, Payback, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit PairsModel(QObject *parent = nullptr);

    // The model must outlive its use here; nullptr empties the table.
    void setCostModel(const CostModel *model);
    // The pairs are the same for one model (feasibility does not move with u): their values
    // change in place, so sorting and selection survive a slider drag.
    void setEvaluation(const Evaluation &evaluation);
    void relabel();

    const std::vector<PairResult> &pairs() const { return m_pairs; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString displayText(int row, int column) const;
    QVariant sortValue(int row, int column) const;

    const CostModel *m_model = nullptr;
    std::vector<PairResult> m_pairs;
    std::vector<double> m_saving; // TCO of the cloud option minus TCO of the on-prem option
    std::vector<PairFinance> m_finance; // NPV, IRR and payback of buying, per pair
};

} // namespace breakeven
