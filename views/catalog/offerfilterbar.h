// The row of choices above the offers table: provider, category, GPU, region, pricing plan
// and a price ceiling per GPU-hour. Every change is one filterChanged(), so the table counts
// again once per user action, not once per widget touched.
#pragma once

#include "store/catalogrepository.h"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;

class QCheckBox;

namespace breakeven {

class OfferFilterBar : public QWidget {
    Q_OBJECT
public:
    explicit OfferFilterBar(QWidget *parent = nullptr);

    // Fills the choices, keeping the current ones that still exist.
    void setChoices(const QStringList &providers, const QStringList &gpus, const QStringList &regions);
    OfferFilter filter() const;
    // Values not among the choices are added, so a programmatic filter always shows.
    void setFilter(const OfferFilter &filter);

    QComboBox *providerBox() const { return m_provider; }
    QComboBox *categoryBox() const { return m_category; }
    QComboBox *gpuBox() const { return m_gpu; }
    QComboBox *regionBox() const { return m_region; }
    QComboBox *planBox() const { return m_plan; }
    QDoubleSpinBox *maxPriceBox() const { return m_maxPrice; }
    // One row per provider, instance type and prices, however many regions offer it.
    QCheckBox *onePerInstanceTypeBox() const { return m_onePerType; }

signals:
    void filterChanged();

private:
    void emitUnlessUpdating();

    QComboBox *m_provider;
    QComboBox *m_category;
    QComboBox *m_gpu;
    QComboBox *m_region;
    QComboBox *m_plan;
    QDoubleSpinBox *m_maxPrice;
    QCheckBox *m_onePerType;
    bool m_updating = false;
};

} // namespace breakeven
