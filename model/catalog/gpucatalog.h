// GPU models by name, with the alias table that maps providers' spellings ("A100-80GB",
// "H100_PCIE", "RTX4090") to catalog names. Lookups ignore case and punctuation.
#pragma once

#include "domain.h"

#include <QHash>
#include <QMultiHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace breakeven {

class GpuCatalog {
public:
    GpuCatalog() = default;
    GpuCatalog(std::vector<GpuModel> models, const QHash<QString, QString> &aliases);

    // The catalog compiled into the application (pricing-db/gpus.csv and gpu-aliases.csv).
    static const GpuCatalog &bundled();

    const std::vector<GpuModel> &models() const { return m_models; }
    bool operator==(const GpuCatalog &) const = default;
    // The model a name or alias names; failing that, the one model a provider's spelling of it
    // can only mean (spelling() below): "L40S_PCIE", "RTX6000ADA_PCIE", "NVIDIA Tesla V100 32GB".
    const GpuModel *find(const QString &nameOrAlias) const;
    // The catalog name a provider's spelling resolves to, if any.
    std::optional<QString> resolve(const QString &nameOrAlias) const;
    void add(const GpuModel &model);
    void addAlias(const QString &alias, const QString &name);

    static QString normalized(const QString &name);

    // Dense FP8 and FP4 tensor TFLOPS per board (gpus.csv's fp8_tflops and fp4_tflops), 0 where
    // the GPU has no such units. Kept beside GpuModel, by catalog name, so that the model's
    // struct and what scenarios store of it stay as they were.
    struct LowPrecisionTflops {
        double fp8 = 0;
        double fp4 = 0;
        bool operator==(const LowPrecisionTflops &) const = default;
    };
    LowPrecisionTflops lowPrecisionTflops(const QString &name) const { return m_lowPrecision.value(name); }
    void setLowPrecisionTflops(const QString &name, LowPrecisionTflops rates) { m_lowPrecision.insert(name, rates); }
    // The fp8_tflops and fp4_tflops columns of a gpus.csv, by GPU name; a file without them
    // gives none. Throws InputError on a value that is not a number.
    static QHash<QString, LowPrecisionTflops> parseLowPrecisionTflops(const QByteArray &csv, const QString &name);

    // A provider's spelling taken apart (docs/model.md, "GPU names"): the words that name the chip
    // (`core`, upper case, run together), the memory it states ("80G", "80GB", "80GiB") and its
    // form factor (PCIE, SXM, NVL); vendor words (NVIDIA, Tesla, GeForce, Quadro, AMD, Instinct,
    // Intel, Habana) and packaging words (BAREMETAL, LOW_RAM, HBM3, …) are left out.
    struct Spelling {
        QString core;
        std::optional<int> memoryGB;
        QString form;                // "PCIE", "SXM", "NVL" or empty
    };
    static Spelling spelling(const QString &name);
    // The family a catalog name belongs to: the chip before its variant ("H100" for
    // H100-SXM5-80GB, H100-PCIE-80GB and H100-NVL-94GB; "RTX-4080" for RTX-4080 and
    // RTX-4080-SUPER).
    static QString family(const QString &name);
    // Of `names`, the families of two or more, each with its members in the order given.
    static std::vector<std::pair<QString, QStringList>> families(const QStringList &names);

private:
    std::vector<GpuModel> m_models;
    QHash<QString, int> m_index; // normalized name or alias -> model
    QMultiHash<QString, int> m_cores; // the core of each name and alias -> model
    QHash<QString, LowPrecisionTflops> m_lowPrecision; // catalog name -> FP8/FP4 rates
    void indexSpelling(const QString &nameOrAlias, int model);
};

} // namespace breakeven
