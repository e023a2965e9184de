// The ranges of a scenario's uncertainty block as a table (docs/model.md, "Uncertainty"): one row
// per range, the field in words (its path in the tooltip), low and high in the field's units or
// as factors, how they are given, and the distribution. Without a block the rows are the default
// ranges, shown in italics. An edited cell is checked as the engine and the scenario format check
// a range: a change the model asks for with changeRequested (the whole scenario after it), or a
// refusal in words; the model shows the document again when the change comes back.
#pragma once

#include "domain.h"

#include <QAbstractTableModel>

namespace breakeven {

class RangesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FieldColumn, LowColumn, HighColumn, GivenColumn, DistributionColumn, ColumnCount };
    // Qt::UserRole of the choice columns: the texts a cell may take.
    static constexpr int ChoicesRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    void setScenario(const Scenario &scenario);
    const Scenario &scenario() const { return m_scenario; }
    // The scenario sets no ranges: the rows are the default ones.
    bool showsDefaults() const { return !m_scenario.uncertainty; }
    QString pathAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    static QString valuesText();
    static QString factorsText();

signals:
    void changeRequested(const Scenario &after, const QString &label);
    void refused(const QString &reason);

private:
    Scenario m_scenario;
    Uncertainty m_block; // the scenario's own, else the default ranges
};

} // namespace breakeven
