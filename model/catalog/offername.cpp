#include "offername.h"

#include "gpucatalog.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace breakeven {

namespace {

QString tr(const char *text) { return QCoreApplication::translate("offername", text); }

// The catalog name without its memory amount: "H100-SXM5" for H100-SXM5-80GB.
QString withoutMemory(const QString &gpu)
{
    static const QRegularExpression memory(QStringLiteral("-\\d+GB$"), QRegularExpression::CaseInsensitiveOption);
    QString stem = gpu;
    stem.remove(memory);
    return stem;
}

// Stems the bundled catalog has with more than one amount of memory.
const QSet<QString> &ambiguousStems()
{
    static const QSet<QString> stems = [] {
        QHash<QString, int> count;
        for (const GpuModel &model : GpuCatalog::bundled().models())
            ++count[withoutMemory(model.name).toUpper()];
        QSet<QString> result;
        for (auto it = count.cbegin(); it != count.cend(); ++it)
            if (it.value() > 1)
                result.insert(it.key());
        return result;
    }();
    return stems;
}

} // namespace

QString providerDisplayName(const QString &provider)
{
    static const QHash<QString, QString> names = {
        {QStringLiteral("aws"), QStringLiteral("AWS")},
        {QStringLiteral("azure"), QStringLiteral("Azure")},
        {QStringLiteral("gcp"), QStringLiteral("GCP")},
        {QStringLiteral("oci"), QStringLiteral("OCI")},
        {QStringLiteral("coreweave"), QStringLiteral("CoreWeave")},
        {QStringLiteral("jarvislabs"), QStringLiteral("JarvisLabs")},
        {QStringLiteral("primeintellect"), QStringLiteral("Prime Intellect")},
        {QStringLiteral("runpod"), QStringLiteral("RunPod")},
        {QStringLiteral("tensordock"), QStringLiteral("TensorDock")},
        {QStringLiteral("vast"), QStringLiteral("Vast.ai")},
    };
    const QString key = provider.trimmed().toLower();
    if (const auto it = names.constFind(key); it != names.cend())
        return *it;
    QString name = provider.trimmed();
    if (!name.isEmpty() && name == key)
        name[0] = name[0].toUpper();
    return name;
}

QString gpuDisplayName(const QString &gpu)
{
    const QString stem = withoutMemory(gpu);
    QString name = ambiguousStems().contains(stem.toUpper()) ? gpu : stem;
    name.replace(QLatin1Char('-'), QLatin1Char(' '));
    return name;
}

QString paymentChoiceWords(PaymentChoice choice)
{
    QString words;
    switch (choice.plan) {
    case PricingPlan::OnDemand:
        words = tr("on demand");
        break;
    case PricingPlan::Spot:
        words = tr("spot");
        break;
    case PricingPlan::Reserved1y:
        words = tr("1-year reserved");
        break;
    case PricingPlan::Reserved3y:
        words = tr("3-year reserved");
        break;
    }
    return choice.allUpfront ? tr("%1, all upfront").arg(words) : words;
}

QString offerOptionName(const CloudOffer &offer, PaymentChoice choice)
{
    // A hyperscaler's instance type is how its users know the machine; elsewhere the names are
    // SKUs ("epyc-genoa-a100-pcie_1x12v24gb") that say less than the GPUs they hold.
    const QString machine = offer.category == CloudCategory::Hyperscaler && !offer.instanceType.isEmpty()
        ? offer.instanceType
        : tr("%1 × %2").arg(std::max(1, offer.gpuCount)).arg(gpuDisplayName(offer.gpu));
    return tr("%1 %2, %3").arg(providerDisplayName(offer.provider), machine, paymentChoiceWords(choice));
}

} // namespace breakeven
