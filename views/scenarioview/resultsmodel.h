// The results table: one row per option with its TCO, cost per reference-GPU-hour, and its
// crossover, break-even utilization and cost ratio against the cheapest cloud option; for a serving
// workload also each GPU option's tokens per second per GPU and every option's cost per million
// tokens (engine/servingresults.h). Display text follows resultstext.h; SortRole gives raw numbers
// for QSortFilterProxyModel.
#pragma once

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace breakeven {

class CostModel;
struct Evaluation;
struct PairResult;

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // ColumnCount columns for every workload; a serving workload's two more follow them.
    enum Column {
        Name, Kind, Units, Throughput, Tco, CostPerGpuHour, Crossover, BreakEven, CostRatio, TimeToResult, Feasible,
        ColumnCount,
        TokensPerSecond = ColumnCount, CostPerMillionTokens, ServingColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject *parent = nullptr);

    // The model must outlive its use here; nullptr empties the table.
    void setCostModel(const CostModel *model);
    // Values change in place (dataChanged), so sorting and selection survive a slider drag.
    void setEvaluation(const Evaluation &evaluation);
    // The model's option names changed: the rows show them again.
    void relabel();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    std::optional<int> cheapestCloud() const { return m_cheapestCloud; }
    // Whether the workload serves: the tokens columns say something only then.
    bool serving() const;

    // Tab-separated text of any table model (a sorting proxy keeps its order), header first.
    static QString toText(const QAbstractItemModel *model);

private:
    struct Row {
        double tco = 0;
        std::optional<double> costPerGpuHour;
        std::optional<double> paysOffMonth;   // the pay-off that sticks
        bool aheadForAWhile = false;          // crossings, but dearer at the horizon
        std::optional<double> breakEven;
        bool onPremWinsAbove = false;
        std::optional<double> costRatio;
        bool paired = false;   // on-prem option compared with the cheapest cloud option
        double tokensPerSecondPerGpu = 0;            // serving, a GPU option
        QString tokensBasis;                         // "measured", "modelled", "per token"
        std::optional<double> costPerMillionTokens;  // serving
        QString servingNote;                         // an API serving another model
    };
    QString servingText(int row, int column) const;
    QString displayText(int row, int column) const;
    // What a reserved option still owes after the horizon (0 for any other).
    double owedAfterHorizon(int row) const;
    QVariant sortValue(int row, int column) const;

    const CostModel *m_model = nullptr;
    std::vector<Row> m_rows;
    std::optional<int> m_cheapestCloud;
};

} // namespace breakeven
