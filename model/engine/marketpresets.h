// Published yearly changes of market prices, offered as presets for the market rates
// (docs/model.md, "Markets over time") and named with their source wherever a rate is shown.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cmath>
#include <optional>
#include <vector>

namespace breakeven {

struct MarketPreset {
    enum class Applies { CloudPrices, HardwarePrices, ElectricityPrices, ApiPrices };
    Applies applies;
    double rate;    // a year
    QString label;  // what the preset list shows
    QString source; // where the figure comes from
};

inline std::vector<MarketPreset> marketPresets()
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("markets", text); };
    using A = MarketPreset::Applies;
    return {
        {A::CloudPrices, 0, tr("No change"), tr("prices stay as they are today")},
        {A::CloudPrices, -0.40, tr("H100 rental 2023–2026: −40 % a year"),
         tr("H100 rental fell from 7–12 $/h in 2023 to about 2–3 $/h in 2025–2026, about −40 % a year")},
        {A::HardwarePrices, 0, tr("No change"), tr("prices stay as they are today")},
        {A::HardwarePrices, -0.22, tr("GPU price-performance trend: −22 % a year"),
         tr("ML GPUs buy about 28 % more work per dollar each year (Epoch AI, \"Trends in GPU "
            "price-performance\"): the same work costs 1 / 1.28 = 0.78 of it a year later")},
        {A::ElectricityPrices, 0, tr("No change"), tr("prices stay as they are today")},
        {A::ApiPrices, 0, tr("No change"), tr("prices stay as they are today")},
        {A::ApiPrices, -0.90, tr("LLM inference at equal quality 2021–2024: −90 % a year"),
         tr("The price of a language model of the same quality fell about tenfold a year from 2021 to 2024 "
            "(G. Appenzeller, \"Welcome to LLMflation: LLM inference cost is going down fast\", a16z, "
            "November 2024); Epoch AI measures 9x to 900x a year depending on the task (\"LLM inference "
            "prices have fallen rapidly but unequally across tasks\", March 2025)")},
    };
}

// The presets of one rate.
inline std::vector<MarketPreset> marketPresets(MarketPreset::Applies applies)
{
    std::vector<MarketPreset> presets = marketPresets();
    std::erase_if(presets, [applies](const MarketPreset &p) { return p.applies != applies; });
    return presets;
}

// The preset a rate was set from, if it is one of them (other than "no change").
inline std::optional<MarketPreset> marketPresetFor(MarketPreset::Applies applies, double rate)
{
    for (const MarketPreset &preset : marketPresets()) {
        if (preset.applies == applies && preset.rate != 0 && std::abs(preset.rate - rate) < 1e-9)
            return preset;
    }
    return std::nullopt;
}

} // namespace breakeven
