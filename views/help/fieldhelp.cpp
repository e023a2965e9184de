#include "fieldhelp.h"

#include <QCoreApplication>


namespace breakeven::help {

namespace {

class FieldHelp {
    Q_DECLARE_TR_FUNCTIONS(FieldHelp)
public:
    static QString text(Editor editor, const QString &key);
};

QString entry(const QString &title, const QString &body)
{
    return QStringLiteral("<b>%1</b><p>%2</p>").arg(title, body);
}

QString FieldHelp::text(Editor editor, const QString &key)
{
    // Fields that mean the same in several editors.
    if (key == QLatin1String("goodput"))
        return entry(tr("Goodput"), tr("The share of the GPU time that does useful work, after failures, restarts and "
                                        "checkpoints. Below 100 % more GPU time is needed for the same work."));
    if (key == QLatin1String("currency"))
        return entry(tr("Currency"), tr("The currency this is priced in. Results are converted to the scenario's "
                                         "currency with the exchange rates in its settings."));
    switch (editor) {
    case Editor::Scenario:
        if (key == QLatin1String("horizonMonths"))
            return entry(tr("Horizon"), tr("How many months the costs are added up over. A unit bought again after its "
                                            "lifetime, the hardware's value at the end and a reservation still owed are "
                                            "said under the chart: the horizon leaves them out or credits them."));
        if (key == QLatin1String("discountRatePerYear"))
            return entry(tr("Discount rate"), tr("The cost of capital, per year. At 0 % every payment counts in full; above, "
                                                  "a payment later counts for less, so the TCOs are present values and "
                                                  "<i>Saved by buying</i> is the NPV of buying."));
        if (key.endsWith(QLatin1String("PriceChangePerYear")))
            return entry(tr("Markets over time"), tr("How these prices change each year over the horizon: −20 % means a "
                                                      "year later they cost a fifth less. Applies to prices paid after the start."));
        break;
    case Editor::Workload:
        if (key == QLatin1String("gpus"))
            return entry(tr("GPUs busy"), tr("How many GPUs of the chosen model the work keeps busy while it runs. A build "
                                              "buys whole units to hold them; other GPUs are compared through their "
                                              "throughput."));
        if (key == QLatin1String("utilization"))
            return entry(tr("Utilization"), tr("The share of the time those GPUs are busy. Renting is paid for the hours "
                                                "used; owning costs nearly the same however busy, so the busier, the sooner "
                                                "buying pays off. The slider above the charts moves it too."));
        if (key == QLatin1String("minGpuMemoryGB"))
            return entry(tr("Memory per GPU"), tr("The memory each GPU must have; options with less cannot do the work."));
        if (key == QLatin1String("growthPerYear"))
            return entry(tr("Growth per year"), tr("How much the work grows each year. Builds buy whole units when it "
                                                    "outgrows them; cloud options rent more hours."));
        if (key == QLatin1String("storageGB") || key == QLatin1String("egressGBPerMonth"))
            return entry(tr("Storage and egress"), tr("Data kept in the cloud and data sent out of it each month, priced by "
                                                       "each cloud option."));
        if (key == QLatin1String("jobReferenceGpuHours") || key == QLatin1String("gpusPerJob")
            || key == QLatin1String("parallelJobs"))
            return entry(tr("A sweep of jobs"), tr("Work per job (in hours of the reference GPU), GPUs per job and jobs at "
                                                    "once give each option's time to result. They enter no cost."));
        break;
    case Editor::Build:
        if (key == QLatin1String("gpuCount"))
            return entry(tr("GPUs per unit"), tr("How many GPUs one unit of this build holds. The workload's GPUs are covered "
                                                  "by whole units: 16 GPUs of 8-GPU servers buy two."));
        if (key == QLatin1String("listPrice") || key == QLatin1String("preBuiltMarkup"))
            return entry(tr("Price"), tr("What one unit costs: the list price, or the sum of its parts with the pre-built "
                                          "markup. Paid at the start, and again when its lifetime ends."));
        if (key == QLatin1String("infrastructureOneTime"))
            return entry(tr("Infrastructure"), tr("One-time costs of the room: racks, cabling, installation."));
        if (key == QLatin1String("loadW") || key == QLatin1String("idleW"))
            return entry(tr("Power"), tr("The unit's draw at the wall under load and idle, estimated from the GPUs' TDP "
                                          "until you type a measured figure. Weighted by the utilization, times the PUE "
                                          "and the electricity price."));
        if (key == QLatin1String("electricityPerKWh"))
            return entry(tr("Electricity price"), tr("The price of a kilowatt-hour."));
        if (key == QLatin1String("pue"))
            return entry(tr("PUE"), tr("Power usage effectiveness: what cooling and the room add to the power. 1.5 means "
                                        "every watt of the servers costs half a watt more."));
        if (key == QLatin1String("overheadPerYearOfHardware"))
            return entry(tr("Overhead per year"), tr("Maintenance, networking and the like, per year, as a share of the "
                                                      "hardware price."));
        if (key == QLatin1String("laborPerMonth"))
            return entry(tr("Labor"), tr("What running the hardware costs in people's time, per month."));
        if (key.startsWith(QLatin1String("colocation")))
            return entry(tr("Colocation"), tr("Rent for the servers' place in a data centre, per month, or per kilowatt "
                                               "of their power per month."));
        if (key == QLatin1String("spareShare"))
            return entry(tr("Hot spares"), tr("Units bought besides those the work needs and kept ready for failures, as "
                                               "a share of the units."));
        if (key == QLatin1String("lifetimeYears"))
            return entry(tr("Lifetime"), tr("How long a unit serves. When it ends within the horizon the unit is bought "
                                             "again, the whole price at once: often the input that decides the answer."));
        if (key == QLatin1String("depreciationPerYear") || key == QLatin1String("resaleHaircut"))
            return entry(tr("Resale"), tr("What the hardware still sells for: its price less the depreciation per year, "
                                           "less the haircut of a sale. Taken off the cost at the horizon when the "
                                           "scenario credits resale."));
        break;
    case Editor::CloudOption:
        if (key == QLatin1String("gpusPerInstance"))
            return entry(tr("GPUs per instance"), tr("How many GPUs the instance has. The option is billed per GPU: two "
                                                      "GPUs of an eight-GPU instance pay a quarter of its price."));
        if (key == QLatin1String("pricePerHour"))
            return entry(tr("Price per instance-hour"), tr("What the whole instance costs per hour under this plan, in its "
                                                            "currency. A reservation is paid for every hour of its term, "
                                                            "busy or not."));
        if (key == QLatin1String("spotRework"))
            return entry(tr("Spot rework"), tr("The share of the work done again after a spot instance is taken back."));
        if (key == QLatin1String("platformFeePerMonth") || key == QLatin1String("storagePerGBMonth")
            || key == QLatin1String("egressPerGB"))
            return entry(tr("Fees, storage and egress"), tr("What the provider charges besides the GPUs: a monthly fee, "
                                                             "storage per GB-month, data sent out per GB."));
        if (key == QLatin1String("maxGpus"))
            return entry(tr("GPU quota"), tr("The most GPUs you can get from this offer; a workload that needs more "
                                              "cannot run on it."));
        if (key == QLatin1String("priceChangePerYear"))
            return entry(tr("Price change"), tr("How this option's price changes each year, instead of the scenario's "
                                                 "rate for cloud prices."));
        if (key == QLatin1String("reservedUpfrontShare") || key == QLatin1String("commitmentMonths"))
            return entry(tr("Reservation"), tr("The term of the commitment and the share paid at its start. A term that "
                                                "runs past the horizon still owes its remaining months."));
        break;
    }
    return {};
}

} // namespace

QString fieldWhatsThis(Editor editor, const QString &key)
{
    return FieldHelp::text(editor, key);
}

} // namespace breakeven::help
