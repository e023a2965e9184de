// The GPU models of a document's catalog. A catalog has tens of models, not thousands, so they
// are held whole and sorted by a QSortFilterProxyModel through SortRole.
#pragma once

#include "domain.h"

#include <QAbstractTableModel>

#include <vector>

namespace breakeven {

class GpuTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Vendor,
        Architecture,
        Year,
        MemoryGB,
        BandwidthGBs,
        Fp16Tflops,
        // One column per ThroughputProfile, in its order (docs/model.md, "Throughput profiles").
        Training,
        LlmTraining,
        InferenceMemoryBound,
        Peak,
        TdpW,
        GpusPerBoard,
        PriceNew,
        PriceUsed,
        Source,
        AsOf,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int StaleRole = Qt::UserRole + 2;

    explicit GpuTableModel(QObject *parent = nullptr);

    void setModels(std::vector<GpuModel> models);
    const GpuModel &gpu(int row) const { return m_models[std::size_t(row)]; }

    // The profile columns are editable: a figure typed there is the user's own ("entered"),
    // handed on to be kept in the document.
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    static std::optional<ThroughputProfile> profileOf(int column);

signals:
    void figureEdited(const GpuModel &edited);

public:

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(const GpuModel &gpu, int column, bool forSorting) const;

    std::vector<GpuModel> m_models;
};

} // namespace breakeven
