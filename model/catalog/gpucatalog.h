// GPU models by name, with the alias table that maps providers' spellings ("A100-80GB",
// "H100_PCIE", "RTX4090") to catalog names. Lookups ignore case and punctuation.
#pragma once

#include "domain.h"

#include <QHash>
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
    const GpuModel *find(const QString &nameOrAlias) const;
    // The catalog name a provider's spelling resolves to, if any.
    std::optional<QString> resolve(const QString &nameOrAlias) const;
    void add(const GpuModel &model);
    void addAlias(const QString &alias, const QString &name);

    static QString normalized(const QString &name);
    // The family a catalog name belongs to: the chip before its variant ("H100" for
    // H100-SXM5-80GB, H100-PCIE-80GB and H100-NVL-94GB; "RTX-4080" for RTX-4080 and
    // RTX-4080-SUPER).
    static QString family(const QString &name);
    // Of `names`, the families of two or more, each with its members in the order given.
    static std::vector<std::pair<QString, QStringList>> families(const QStringList &names);

private:
    std::vector<GpuModel> m_models;
    QHash<QString, int> m_index; // normalized name or alias -> model
};

} // namespace breakeven
