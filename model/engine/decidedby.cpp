#include "decidedby.h"

#include "inputerror.h"
#include "risktext.h"

#include <QStringList>

#include <cmath>

namespace breakeven {

QString decidedByText(const RiskResult &result, const PairRisk &pair, int count)
{
    QStringList parts;
    for (const TornadoBar &bar : pair.tornado) {
        if (int(parts.size()) == count)
            break;
        if (!(bar.swing() > 0))
            continue;
        const ResolvedRange &range = result.ranges[std::size_t(bar.input)];
        QString part = inputName(range);
        if (bar.switchValue) {
            // Buying wins where the difference (on-prem − cloud) is below 0.
            const bool buyingAbove = bar.atHigh < bar.atLow;
            part += QStringLiteral(" (buying wins %1 %2)")
                        .arg(buyingAbove ? QStringLiteral("above") : QStringLiteral("below"),
                             inputValueText(range, *bar.switchValue));
        }
        parts << part;
    }
    return parts.isEmpty() ? QStringLiteral("nothing inside the ranges") : parts.join(QStringLiteral(", "));
}

QString rangesOriginText(const RiskResult &result)
{
    if (!result.defaultRanges)
        return QStringLiteral("The ranges are the scenario's own.");
    return QStringLiteral("The ranges are centred on the scenario's own values (each value is its range's median), so "
                          "the futures spread around the scenario instead of leaning one way; to expect prices to fall, "
                          "set the yearly price changes from the presets of observed trends in the scenario's settings, "
                          "and the ranges centre on those.");
}

std::optional<HeadlinePair> headlinePair(const CostModel &model, const Evaluation &e)
{
    const auto cloud = model.cheapestCloud(e);
    if (!cloud)
        return std::nullopt;
    int best = -1;
    for (int i = 0; i < model.optionCount(); ++i)
        if (model.option(i).kind == OptionKind::OnPrem && model.isFeasible(i) && (best < 0 || e.tco(i) < e.tco(best)))
            best = i;
    if (best < 0)
        return std::nullopt;
    return HeadlinePair{best, *cloud};
}

QString decidedByLine(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model,
                      const Evaluation &evaluation)
{
    const auto headline = headlinePair(model, evaluation);
    if (!headline)
        return {};
    try {
        const RiskResult result = decisiveInputs(scenario, catalog, headline->onPrem, headline->cloud);
        for (const PairRisk &pair : result.pairs)
            if (pair.onPrem == headline->onPrem && pair.cloud == headline->cloud)
                return QStringLiteral("Decided by (%1 against %2, %3): %4")
                    .arg(model.option(pair.onPrem).name, model.option(pair.cloud).name,
                         result.defaultRanges ? QStringLiteral("ranges centred on the scenario's values")
                                              : QStringLiteral("the scenario's ranges"),
                         decidedByText(result, pair));
    } catch (const InputError &) {
        // A range the scenario holds that cannot be resolved is said where ranges are edited.
    }
    return {};
}

} // namespace breakeven
