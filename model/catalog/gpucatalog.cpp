#include "gpucatalog.h"

#include <algorithm>

#include "bundledcatalog.h"

namespace breakeven {

GpuCatalog::GpuCatalog(std::vector<GpuModel> models, const QHash<QString, QString> &aliases)
{
    for (const GpuModel &m : models)
        add(m);
    for (auto it = aliases.begin(); it != aliases.end(); ++it)
        addAlias(it.key(), it.value());
}

const GpuCatalog &GpuCatalog::bundled()
{
    static const GpuCatalog catalog = loadBundledGpuCatalog();
    return catalog;
}

QString GpuCatalog::normalized(const QString &name)
{
    QString out;
    out.reserve(name.size());
    for (QChar c : name)
        if (c.isLetterOrNumber())
            out.append(c.toUpper());
    return out;
}

void GpuCatalog::add(const GpuModel &model)
{
    const QString key = normalized(model.name);
    if (auto it = m_index.constFind(key); it != m_index.constEnd()) {
        m_models[std::size_t(*it)] = model;
        return;
    }
    m_index.insert(key, int(m_models.size()));
    m_models.push_back(model);
}

void GpuCatalog::addAlias(const QString &alias, const QString &name)
{
    // Copy the index first: inserting may rehash and move the value `target` points to.
    const auto target = m_index.constFind(normalized(name));
    if (target == m_index.constEnd())
        return;
    const int model = *target;
    m_index.insert(normalized(alias), model);
}

const GpuModel *GpuCatalog::find(const QString &nameOrAlias) const
{
    const auto it = m_index.constFind(normalized(nameOrAlias));
    return it == m_index.constEnd() ? nullptr : &m_models[std::size_t(*it)];
}

std::optional<QString> GpuCatalog::resolve(const QString &nameOrAlias) const
{
    if (const GpuModel *m = find(nameOrAlias))
        return m->name;
    return std::nullopt;
}

QString GpuCatalog::family(const QString &name)
{
    const QStringList parts = name.split(QLatin1Char('-'));
    // Workstation and consumer names carry a brand first: the family is brand and model.
    const bool branded = parts.size() > 1
        && (parts.front().compare(QLatin1String("RTX"), Qt::CaseInsensitive) == 0
            || parts.front().compare(QLatin1String("QUADRO"), Qt::CaseInsensitive) == 0);
    return branded ? parts[0] + QLatin1Char('-') + parts[1] : parts.front();
}

std::vector<std::pair<QString, QStringList>> GpuCatalog::families(const QStringList &names)
{
    std::vector<std::pair<QString, QStringList>> out;
    for (const QString &name : names) {
        const QString key = family(name);
        auto it = std::find_if(out.begin(), out.end(), [&](const auto &f) { return f.first == key; });
        if (it == out.end())
            out.push_back({key, {name}});
        else
            it->second << name;
    }
    std::erase_if(out, [](const auto &f) { return f.second.size() < 2; });
    return out;
}

} // namespace breakeven
