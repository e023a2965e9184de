#include "offerfilterbar.h"

#include "catalog/gpucatalog.h"

#include <QCheckBox>
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

// GPU choices: "any", then each family of several models ("Any H100 (3 models)", its data the
// members), then the models.
void fillGpus(QComboBox *box, const QStringList &gpus)
{
    const QVariant current = box->currentData();
    fillTexts(box, gpus);
    int at = 1;
    for (const auto &[family, members] : GpuCatalog::families(gpus)) {
        box->insertItem(at, QObject::tr("Any %1 (%2 models)").arg(family).arg(members.size()), members);
        box->setItemData(at, members.join(QStringLiteral(", ")), Qt::ToolTipRole);
        ++at;
    }
    const int found = current.isValid() ? box->findData(current) : -1;
    box->setCurrentIndex(found > 0 ? found : 0);
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
    , m_onePerType(new QCheckBox(tr("One row per instance type"), this))
{
    m_category->addItem(tr("any"));
    for (CloudCategory c : {CloudCategory::Hyperscaler, CloudCategory::MlCloud, CloudCategory::Marketplace})
        m_category->addItem(toString(c), int(c));
    m_plan->addItem(tr("any"));
    for (PricingPlan p : {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y})
        m_plan->addItem(toString(p), int(p));
    fillTexts(m_provider, {});
    fillGpus(m_gpu, {});
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
    m_onePerType->setToolTip(tr("The same instance at the same prices in several regions shows once, with the "
                                "number of regions"));
    connect(m_onePerType, &QCheckBox::toggled, this, &OfferFilterBar::emitUnlessUpdating);

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
    layout->addWidget(m_onePerType, 6, 0, 1, 2);
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
    fillGpus(m_gpu, gpus);
    fillTexts(m_region, regions);
    m_updating = false;
    const OfferFilter after = filter();
    if (before.provider != after.provider || before.gpu != after.gpu || before.gpuFamily != after.gpuFamily
        || before.region != after.region)
        emit filterChanged();
}

OfferFilter OfferFilterBar::filter() const
{
    OfferFilter filter;
    filter.provider = m_provider->currentData().toString();
    if (m_category->currentData().isValid())
        filter.category = CloudCategory(m_category->currentData().toInt());
    if (m_gpu->currentData().typeId() == QMetaType::QStringList)
        filter.gpuFamily = m_gpu->currentData().toStringList();
    else
        filter.gpu = m_gpu->currentData().toString();
    filter.onePerInstanceType = m_onePerType->isChecked();
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
    if (!filter.gpuFamily.isEmpty() && filter.gpu.isEmpty()) {
        const int at = m_gpu->findData(filter.gpuFamily);
        m_gpu->setCurrentIndex(at > 0 ? at : 0);
    } else {
        selectText(m_gpu, filter.gpu);
    }
    m_onePerType->setChecked(filter.onePerInstanceType);
    selectText(m_region, filter.region);
    m_plan->setCurrentIndex(filter.plan ? m_plan->findData(int(*filter.plan)) : 0);
    m_maxPrice->setValue(filter.maxPricePerGpuHour.value_or(0.0));
    m_updating = false;
    emit filterChanged();
}

} // namespace breakeven
