// GPU models by name, with the alias table that maps providers' spellings ("A100-80GB",
// "H100_PCIE", "RTX4090") to catalog names. Lookups ignore case and punctuation.
#pragma once

#include "domain.h"

#include <QHash>
#include <QString>

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
    const GpuModel *find(const QString &nameOrAlias) const;
    // The catalog name a provider's spelling resolves to, if any.
    std::optional<QString> resolve(const QString &nameOrAlias) const;
    void add(const GpuModel &model);
    void addAlias(const QString &alias, const QString &name);

    static QString normalized(const QString &name);

private:
    std::vector<GpuModel> m_models;
    QHash<QString, int> m_index; // normalized name or alias -> model
};

} // namespace breakeven
