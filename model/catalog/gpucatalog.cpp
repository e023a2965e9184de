#include "gpucatalog.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

#include "bundledcatalog.h"
#include "inputerror.h"
#include "text/csvreader.h"

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

QHash<QString, GpuCatalog::LowPrecisionTflops> GpuCatalog::parseLowPrecisionTflops(const QByteArray &csv,
                                                                                  const QString &name)
{
    QHash<QString, LowPrecisionTflops> out;
    const auto reader = CsvReader::fromData(csv, name);
    CsvRecord record;
    if (!reader->next(record))
        return out;
    const QStringList header = record.fields;
    const auto column = [&](const char *c) { return int(header.indexOf(QLatin1String(c))); };
    const int nameColumn = column("name");
    const int fp8Column = column("fp8_tflops");
    const int fp4Column = column("fp4_tflops");
    if (nameColumn < 0 || (fp8Column < 0 && fp4Column < 0))
        return out;
    const auto number = [&](int c, const char *what) {
        const QString text = c >= 0 ? record.fields.value(c).trimmed() : QString();
        if (text.isEmpty())
            return 0.0;
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok || !std::isfinite(v) || v < 0)
            throw InputError(QStringLiteral("%1:%2: column %3").arg(name).arg(record.line).arg(QLatin1String(what)),
                             QStringLiteral("\"%1\" is not a number of 0 or more").arg(text));
        return v;
    };
    while (reader->next(record)) {
        const QString gpu = record.fields.value(nameColumn).trimmed();
        const LowPrecisionTflops rates{number(fp8Column, "fp8_tflops"), number(fp4Column, "fp4_tflops")};
        if (!gpu.isEmpty() && (rates.fp8 > 0 || rates.fp4 > 0))
            out.insert(gpu, rates);
    }
    return out;
}

QString GpuCatalog::normalized(const QString &name)
{
    // ASCII, nearly every name, without the Unicode tables; the rest through QChar.
    QString out(name.size(), Qt::Uninitialized);
    QChar *to = out.data();
    for (const QChar c : name) {
        const char16_t u = c.unicode();
        if (u < 0x80) {
            if ((u >= u'0' && u <= u'9') || (u >= u'A' && u <= u'Z'))
                *to++ = c;
            else if (u >= u'a' && u <= u'z')
                *to++ = QChar(char16_t(u - u'a' + u'A'));
        } else if (c.isLetterOrNumber()) {
            *to++ = c.toUpper();
        }
    }
    out.truncate(to - out.constData());
    return out;
}

GpuCatalog::Spelling GpuCatalog::spelling(const QString &name)
{
    // Words that say who makes it or how it is packed, not which chip it is.
    static const QSet<QString> vendor{QStringLiteral("NVIDIA"), QStringLiteral("TESLA"), QStringLiteral("GEFORCE"),
                                      QStringLiteral("QUADRO"), QStringLiteral("AMD"), QStringLiteral("INSTINCT"),
                                      QStringLiteral("INTEL"), QStringLiteral("HABANA"), QStringLiteral("GPU")};
    static const QSet<QString> packaging{QStringLiteral("BAREMETAL"), QStringLiteral("BM"), QStringLiteral("LOW"),
                                         QStringLiteral("RAM"), QStringLiteral("LOWRAM"), QStringLiteral("HBM"),
                                         QStringLiteral("HBM2"), QStringLiteral("HBM2E"), QStringLiteral("HBM3"),
                                         QStringLiteral("HBM3E"), QStringLiteral("GDDR6"), QStringLiteral("GDDR6X"),
                                         QStringLiteral("GDDR7"),
                                         // A bridge between cards, and the workstation edition
                                         // of a card (Hyperstack's `A100-80G-PCIe-NVLink`,
                                         // Lium's `RTXPRO6000-WK`).
                                         QStringLiteral("NVLINK"), QStringLiteral("WK"), QStringLiteral("WS"),
                                         QStringLiteral("WORKSTATION")};
    static const QRegularExpression memory(QStringLiteral("^(\\d+)(G|GB|GIB)$"));
    static const QRegularExpression words(QStringLiteral("[^A-Za-z0-9]+"));
    Spelling out;
    for (const QString &word : name.toUpper().split(words, Qt::SkipEmptyParts)) {
        if (vendor.contains(word) || packaging.contains(word))
            continue;
        if (word == QLatin1String("PCIE") || word == QLatin1String("PCI")) {
            out.form = QStringLiteral("PCIE");
        } else if (word.startsWith(QLatin1String("SXM"))) {
            out.form = QStringLiteral("SXM");
        } else if (word == QLatin1String("NVL")) {
            out.form = QStringLiteral("NVL");
        } else if (const QRegularExpressionMatch m = memory.match(word); m.hasMatch()) {
            out.memoryGB = m.captured(1).toInt();
        } else {
            out.core += word;
        }
    }
    return out;
}

void GpuCatalog::indexSpelling(const QString &nameOrAlias, int model)
{
    const QString core = spelling(nameOrAlias).core;
    if (!core.isEmpty() && !m_cores.contains(core, model))
        m_cores.insert(core, model);
}

void GpuCatalog::add(const GpuModel &model)
{
    const QString key = normalized(model.name);
    if (auto it = m_index.constFind(key); it != m_index.constEnd()) {
        m_models[std::size_t(*it)] = model;
        return;
    }
    m_index.insert(key, int(m_models.size()));
    indexSpelling(model.name, int(m_models.size()));
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
    indexSpelling(alias, model);
}

const GpuModel *GpuCatalog::find(const QString &nameOrAlias) const
{
    if (const auto it = m_index.constFind(normalized(nameOrAlias)); it != m_index.constEnd())
        return &m_models[std::size_t(*it)];
    // A spelling: the models whose names or aliases share its core, narrowed by the memory it
    // states (a different memory is a different product) and then by its form factor when that
    // leaves any; only one left is an answer, several are not (the alias table decides those).
    const Spelling asked = spelling(nameOrAlias);
    if (asked.core.isEmpty())
        return nullptr;
    QList<int> candidates = m_cores.values(asked.core);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    if (asked.memoryGB)
        candidates.removeIf([&](int i) { return std::abs(m_models[std::size_t(i)].memoryGB - *asked.memoryGB) >= 1.0; });
    if (!asked.form.isEmpty() && candidates.size() > 1) {
        QList<int> sameForm = candidates;
        sameForm.removeIf([&](int i) { return spelling(m_models[std::size_t(i)].name).form != asked.form; });
        if (!sameForm.isEmpty())
            candidates = sameForm;
    }
    return candidates.size() == 1 ? &m_models[std::size_t(candidates.front())] : nullptr;
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
