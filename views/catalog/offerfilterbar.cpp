#include "offerfilterbar.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>

namespace breakeven {

namespace {

// The first item of every choice box means "any"; its data is invalid.
void fillTexts(QComboBox *box, const QStringList &values)
{
    const QString current = box->currentData().toString();
    box->clear();
    box->addItem(QObject::tr("any"));
    for (const QString &value : values)
        box->addItem(value, value);
    const int at = box->findData(current);
    box->setCurrentIndex(at > 0 ? at : 0);
}

void selectText(QComboBox *box, const QString &value)
{
    if (value.isEmpty()) {
        box->setCurrentIndex(0);
        return;
    }
    int at = box->findData(value);
    if (at < 0) {
        box->addItem(value, value);
        at = box->count() - 1;
    }
    box->setCurrentIndex(at);
}

} // namespace

OfferFilterBar::OfferFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_provider(new QComboBox(this))
    , m_category(new QComboBox(this))
    , m_gpu(new QComboBox(this))
    , m_region(new QComboBox(this))
    , m_plan(new QComboBox(this))
    , m_maxPrice(new QDoubleSpinBox(this))
{
    m_category->addItem(tr("any"));
    for (CloudCategory c : {CloudCategory::Hyperscaler, CloudCategory::MlCloud, CloudCategory::Marketplace})
        m_category->addItem(toString(c), int(c));
    m_plan->addItem(tr("any"));
    for (PricingPlan p : {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y})
        m_plan->addItem(toString(p), int(p));
    fillTexts(m_provider, {});
    fillTexts(m_gpu, {});
    fillTexts(m_region, {});

    m_maxPrice->setRange(0, 10000);
    m_maxPrice->setDecimals(2);
    m_maxPrice->setSingleStep(0.1);
    m_maxPrice->setSpecialValueText(tr("any"));
    m_maxPrice->setSuffix(tr(" /GPU-h"));
    // One query when the user has finished typing, not one per digit.
    m_maxPrice->setKeyboardTracking(false);
    m_maxPrice->setToolTip(tr("Highest price per GPU-hour, for the chosen plan or the headline price"));

    for (QComboBox *box : {m_provider, m_category, m_gpu, m_region, m_plan}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // whole in the list
        box->setMinimumContentsLength(8);
        connect(box, &QComboBox::currentIndexChanged, this, &OfferFilterBar::emitUnlessUpdating);
    }
    connect(m_maxPrice, &QDoubleSpinBox::valueChanged, this, &OfferFilterBar::emitUnlessUpdating);

    // One filter a row, so the bar fits the dock at its default width (the table scrolls sideways;
    // the filters never do).
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto add = [&](int row, int column, const QString &label, QWidget *field) {
        auto *text = new QLabel(label, this);
        text->setBuddy(field);
        layout->addWidget(text, row, column * 2);
        layout->addWidget(field, row, column * 2 + 1);
    };
    add(0, 0, tr("&Provider"), m_provider);
    add(1, 0, tr("G&PU"), m_gpu);
    add(2, 0, tr("Re&gion"), m_region);
    add(3, 0, tr("P&lan"), m_plan);
    add(4, 0, tr("Ca&tegory"), m_category);
    add(5, 0, tr("Max &price"), m_maxPrice);
    layout->setColumnStretch(1, 1);
    layout->setVerticalSpacing(2);
}

void OfferFilterBar::emitUnlessUpdating()
{
    if (!m_updating)
        emit filterChanged();
}

void OfferFilterBar::setChoices(const QStringList &providers, const QStringList &gpus, const QStringList &regions)
{
    const OfferFilter before = filter();
    m_updating = true;
    fillTexts(m_provider, providers);
    fillTexts(m_gpu, gpus);
    fillTexts(m_region, regions);
    m_updating = false;
    const OfferFilter after = filter();
    if (before.provider != after.provider || before.gpu != after.gpu || before.region != after.region)
        emit filterChanged();
}

OfferFilter OfferFilterBar::filter() const
{
    OfferFilter filter;
    filter.provider = m_provider->currentData().toString();
    if (m_category->currentData().isValid())
        filter.category = CloudCategory(m_category->currentData().toInt());
    filter.gpu = m_gpu->currentData().toString();
    filter.region = m_region->currentData().toString();
    if (m_plan->currentData().isValid())
        filter.plan = PricingPlan(m_plan->currentData().toInt());
    if (m_maxPrice->value() > 0)
        filter.maxPricePerGpuHour = m_maxPrice->value();
    return filter;
}

void OfferFilterBar::setFilter(const OfferFilter &filter)
{
    m_updating = true;
    selectText(m_provider, filter.provider);
    m_category->setCurrentIndex(filter.category ? m_category->findData(int(*filter.category)) : 0);
    selectText(m_gpu, filter.gpu);
    selectText(m_region, filter.region);
    m_plan->setCurrentIndex(filter.plan ? m_plan->findData(int(*filter.plan)) : 0);
    m_maxPrice->setValue(filter.maxPricePerGpuHour.value_or(0.0));
    m_updating = false;
    emit filterChanged();
}

} // namespace breakeven
