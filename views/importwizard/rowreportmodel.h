// The preview's rows: each sheet line with what the import would do to it and why.
#pragma once

#include "import/sheetimporter.h"

#include <QAbstractTableModel>

#include <vector>

namespace breakeven {

class RowReportModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Status, InstanceType, Region, Gpu, GpuCount, SheetColumn, Reason, ColumnCount };
    static constexpr int StatusRole = Qt::UserRole + 1; // int(RowStatus)

    explicit RowReportModel(QObject *parent = nullptr);

    void setRows(std::vector<RowReport> rows);
    const RowReport &rowReport(int row) const { return m_rows[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RowReport> m_rows;
};

} // namespace breakeven
