#include "azuresource.h"

#include "azuregpusizes.h"
#include "store/connection.h"
#include "store/document.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QUrlQuery>

#include <map>

namespace breakeven {

namespace {

const QString kSource = QStringLiteral("azure");
constexpr double kHoursPerYear = 8760;
constexpr int kMaxPages = 1000; // per region; the GPU sizes of a region fit in a few

QString shown(const QUrl &url)
{
    return url.toDisplayString(QUrl::RemoveUserInfo);
}

// A price and the date it took effect; a later date wins, and on the same date the lower price.
struct Dated {
    std::optional<double> price;
    QDate since;

    void offer(double value, const QDate &date)
    {
        if (!price || date > since || (date == since && value < *price)) {
            price = value;
            since = date;
        }
    }
};

// What one region's pages say about one size.
struct SizePrices {
    AzureGpuSize size;
    QString region;
    qint64 firstItem = 0;
    qint64 items = 0; // the items that priced it
    Dated onDemand;
    Dated spot;
    Dated reserved1y;
    Dated reserved3y;

    bool any() const { return onDemand.price || spot.price || reserved1y.price || reserved3y.price; }
    QDate asOf() const
    {
        QDate newest;
        for (const Dated *dated : {&onDemand, &spot, &reserved1y, &reserved3y})
            if (dated->price && (!newest.isValid() || dated->since > newest))
                newest = dated->since;
        return newest;
    }
};

// Items skipped, one issue per size and reason (the first item's number), each item counted.
class Skips {
public:
    void add(qint64 item, const QString &column, const QString &size, const QString &reason)
    {
        ++m_count;
        const QString text = size.isEmpty() ? reason : size + QStringLiteral(": ") + reason;
        if (m_seen.contains(text))
            return;
        m_seen.insert(text);
        m_issues.push_back({item, column, text});
    }
    // Further items skipped with the reason added last (the other items of a size dropped whole).
    void countMore(qint64 items) { m_count += items; }
    qint64 count() const { return m_count; }
    std::vector<RowIssue> &issues() { return m_issues; }

private:
    qint64 m_count = 0;
    QSet<QString> m_seen;
    std::vector<RowIssue> m_issues;
};

bool containsWord(const QJsonObject &item, const char *word)
{
    const QString text = QLatin1String(word);
    return item.value(QStringLiteral("meterName")).toString().contains(text, Qt::CaseInsensitive)
        || item.value(QStringLiteral("skuName")).toString().contains(text, Qt::CaseInsensitive);
}

// Reads one item into `prices` (by size), or says why it is skipped.
void readItem(const QJsonObject &item, qint64 number, std::map<QString, SizePrices> &prices, Skips &skips)
{
    const QString sku = item.value(QStringLiteral("armSkuName")).toString();
    if (sku.isEmpty()) {
        skips.add(number, QStringLiteral("armSkuName"), {}, QStringLiteral("no armSkuName (not a virtual machine size)"));
        return;
    }
    const std::optional<AzureGpuSize> size = findAzureGpuSize(sku);
    if (!size) {
        skips.add(number, QStringLiteral("armSkuName"), sku, QStringLiteral("not a size of the Azure GPU table"));
        return;
    }
    const QJsonValue retail = item.value(QStringLiteral("retailPrice"));
    if (!retail.isDouble() || retail.toDouble() < 0) {
        skips.add(number, QStringLiteral("retailPrice"), size->armSkuName, QStringLiteral("retailPrice is not a number of at least 0"));
        return;
    }
    const double price = retail.toDouble();
    const QString currency = item.value(QStringLiteral("currencyCode")).toString();
    if (currency != QLatin1String("USD")) {
        skips.add(number, QStringLiteral("currencyCode"), size->armSkuName,
                  QStringLiteral("priced in \"%1\", not USD").arg(currency.left(10)));
        return;
    }
    const QString region = item.value(QStringLiteral("armRegionName")).toString();
    if (region.isEmpty()) {
        skips.add(number, QStringLiteral("armRegionName"), size->armSkuName, QStringLiteral("no armRegionName"));
        return;
    }
    if (price == 0) {
        skips.add(number, QStringLiteral("retailPrice"), size->armSkuName, QStringLiteral("a price of 0"));
        return;
    }
    const QString type = item.value(QStringLiteral("type")).toString();
    const QString product = item.value(QStringLiteral("productName")).toString();
    const QDate since = QDate::fromString(item.value(QStringLiteral("effectiveStartDate")).toString().left(10), Qt::ISODate);
    SizePrices &entry = prices[size->armSkuName + QLatin1Char('\n') + region];
    const auto fill = [&] {
        if (entry.firstItem == 0) {
            entry.size = *size;
            entry.region = region;
            entry.firstItem = number;
        }
        ++entry.items;
    };
    if (type == QLatin1String("Consumption")) {
        if (product.contains(QLatin1String("Windows"), Qt::CaseInsensitive)) {
            skips.add(number, QStringLiteral("productName"), size->armSkuName, QStringLiteral("Windows price (Linux prices are kept)"));
            return;
        }
        if (containsWord(item, "Low Priority")) {
            skips.add(number, QStringLiteral("meterName"), size->armSkuName, QStringLiteral("Low Priority (Batch) price"));
            return;
        }
        const QString unit = item.value(QStringLiteral("unitOfMeasure")).toString();
        if (unit != QLatin1String("1 Hour")) {
            skips.add(number, QStringLiteral("unitOfMeasure"), size->armSkuName,
                      QStringLiteral("priced per \"%1\", not per hour").arg(unit.left(20)));
            return;
        }
        fill();
        (containsWord(item, "Spot") ? entry.spot : entry.onDemand).offer(price, since);
        return;
    }
    if (type == QLatin1String("Reservation")) {
        const QString term = item.value(QStringLiteral("reservationTerm")).toString();
        const int years = term == QLatin1String("1 Year") ? 1 : term == QLatin1String("3 Years") ? 3 : 0;
        if (years == 0) {
            skips.add(number, QStringLiteral("reservationTerm"), size->armSkuName,
                      QStringLiteral("reservation term \"%1\" (1 Year and 3 Years are kept)").arg(term.left(20)));
            return;
        }
        fill();
        // The price of the whole term: its effective hourly rate.
        (years == 1 ? entry.reserved1y : entry.reserved3y).offer(price / (kHoursPerYear * years), since);
        return;
    }
    skips.add(number, QStringLiteral("type"), size->armSkuName,
              type == QLatin1String("DevTestConsumption") ? QStringLiteral("Dev/Test price")
                                                          : QStringLiteral("price type \"%1\"").arg(type.left(30)));
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
}

QString number(const std::optional<double> &value)
{
    return value ? QString::number(*value, 'g', 12) : QString();
}

// "on demand 0.559, 1-year reservation 0.357877": a size's prices per hour, for a message.
QString pricesText(const SizePrices &size)
{
    QStringList parts;
    for (const auto &[name, dated] : {std::pair{"on demand", &size.onDemand}, {"spot", &size.spot},
                                      {"1-year reservation", &size.reserved1y}, {"3-year reservation", &size.reserved3y}})
        if (dated->price)
            parts << QStringLiteral("%1 %2").arg(QLatin1String(name), QString::number(*dated->price, 'f', 6));
    return parts.join(QStringLiteral(", "));
}

// One region's fetched pages, turned into rows of a native sheet.
struct RegionFetch {
    CloudRefresh entry;
    QString sheet;                            // the sheet's path; empty when no size is priced
    QHash<qint64, std::pair<qint64, QString>> rowOrigin; // sheet line -> first item, size
};

} // namespace

QUrl defaultAzureRetailPricesUrl()
{
    return QUrl(QStringLiteral("https://prices.azure.com/api/retail/prices"));
}

QStringList defaultAzureRegions()
{
    return {QStringLiteral("eastus"), QStringLiteral("westus2"), QStringLiteral("westeurope")};
}

QUrl azureRegionQuery(const QUrl &endpoint, const QString &region)
{
    QStringList sizes;
    for (const AzureGpuSize &size : azureGpuSizes())
        sizes << QStringLiteral("armSkuName eq '%1'").arg(size.armSkuName);
    const QString filter = QStringLiteral("serviceName eq 'Virtual Machines' and armRegionName eq '%1' and (%2)")
                               .arg(region, sizes.join(QStringLiteral(" or ")));
    QUrl url = endpoint;
    QUrlQuery query(url);
    query.addQueryItem(QStringLiteral("currencyCode"), QStringLiteral("'USD'"));
    query.addQueryItem(QStringLiteral("$filter"), filter);
    url.setQuery(query);
    return url;
}

SourceRefresh refreshAzure(Document &document, const RefreshOptions &options)
{
    SourceRefresh report;
    report.source = kSource;
    report.baseUrl = options.baseUrl.isEmpty() ? defaultAzureRetailPricesUrl() : options.baseUrl;
    QStringList regions = options.regions.isEmpty() ? defaultAzureRegions() : options.regions;
    regions.removeDuplicates();
    static const QRegularExpression regionName(QStringLiteral("^[a-z][a-z0-9]{1,40}$"));
    for (const QString &region : regions)
        if (!regionName.match(region).hasMatch())
            throw RefreshFailed(kSource, QStringLiteral("\"%1\" is not an Azure region name (like eastus, westeurope)").arg(region.left(80)));
    const int count = int(regions.size());

    QTemporaryDir scratch;
    if (!scratch.isValid())
        throw RefreshFailed(kSource, QStringLiteral("cannot make a temporary folder: %1").arg(scratch.errorString()));

    // First every page of every region, so that the document is written only once all have arrived.
    HttpFetcher fetcher(fetchOptionsOf(options));
    std::vector<RegionFetch> fetched;
    for (int i = 0; i < count; ++i) {
        const QString &region = regions[i];
        RegionFetch current;
        current.entry.cloud = region;
        current.entry.url = azureRegionQuery(report.baseUrl, region);
        std::map<QString, SizePrices> prices;
        Skips skips;
        QUrl next = current.entry.url;
        QSet<QUrl> visited;
        qint64 items = 0;
        for (int page = 1; next.isValid() && !next.isEmpty(); ++page) {
            if (!refreshGoesOn(options, page == 1 ? region : QStringLiteral("%1, page %2").arg(region).arg(page),
                       QStringLiteral("download"), i, count))
                throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
            if (page > kMaxPages)
                throw RefreshFailed(kSource, QStringLiteral("%1: more than %2 pages").arg(shown(current.entry.url)).arg(kMaxPages));
            visited.insert(next);
            const FetchResult result = fetcher.fetch(next);
            if (result.cancelled)
                throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
            if (!result.ok)
                throw RefreshFailed(kSource, result.error);
            const QString where = shown(result.finalUrl);
            if (looksLikeHtml(result))
                throw RefreshFailed(kSource, QStringLiteral("%1: answered an HTML page, not JSON").arg(where));
            QJsonParseError error;
            const QJsonDocument json = QJsonDocument::fromJson(result.body, &error);
            if (error.error != QJsonParseError::NoError)
                throw RefreshFailed(kSource, QStringLiteral("%1: not JSON (%2 at byte %3 of %4)")
                                                 .arg(where, error.errorString())
                                                 .arg(groupedNumber(qMin(qint64(error.offset), result.size)))
                                                 .arg(groupedNumber(result.size)));
            const QJsonObject root = json.object();
            if (!json.isObject() || !root.value(QStringLiteral("Items")).isArray())
                throw RefreshFailed(kSource, QStringLiteral("%1: not a Retail Prices page (no \"Items\" list)").arg(where));
            const QJsonValue link = root.value(QStringLiteral("NextPageLink"));
            if (!link.isNull() && !link.isUndefined() && !link.isString())
                throw RefreshFailed(kSource, QStringLiteral("%1: not a Retail Prices page (\"NextPageLink\" is neither a link nor null)").arg(where));
            const QJsonArray list = root.value(QStringLiteral("Items")).toArray();
            for (const QJsonValue &value : list) {
                ++items;
                if (!value.isObject())
                    throw RefreshFailed(kSource, QStringLiteral("%1: not a Retail Prices page (item %2 is not an object)").arg(where).arg(items));
                readItem(value.toObject(), items, prices, skips);
            }
            current.entry.bytes += result.size;
            next = QUrl();
            if (link.isString() && !link.toString().isEmpty()) {
                next = result.finalUrl.resolved(QUrl(link.toString()));
                if (!next.isValid() || (next.scheme() != QLatin1String("http") && next.scheme() != QLatin1String("https")))
                    throw RefreshFailed(kSource, QStringLiteral("%1: \"NextPageLink\" is not an http(s) address").arg(where));
                if (visited.contains(next))
                    throw RefreshFailed(kSource, QStringLiteral("%1: \"NextPageLink\" goes back to a page already read (%2)").arg(where, shown(next)));
            }
        }
        current.entry.rowsRead = items;

        // The prices as a native sheet, one row per size priced.
        QString text = QStringLiteral("provider,category,instance_type,gpu,gpu_count,vcpus,memory_gib,region,currency,"
                                      "on_demand,spot,reserved_1y,reserved_3y,reserved_1y_upfront,reserved_3y_upfront,"
                                      "source,url,as_of\n");
        qint64 line = 1;
        const QString url = csvField(current.entry.url.toString());
        for (const auto &[key, size] : prices) {
            if (!size.any())
                continue;
            if (size.size.gpuCount <= 0) {
                // A share of one GPU: the catalog prices whole GPUs. Its prices are named, so
                // that what it would have cost per hour is still in the summary.
                skips.add(size.firstItem, QStringLiteral("armSkuName"), size.size.armSkuName,
                          QStringLiteral("a 1/%1 share of one %2 in %3 (fractional GPUs are not imported; %4 per hour)")
                              .arg(size.size.gpuShareOf)
                              .arg(size.size.gpu, size.region, pricesText(size)));
                skips.countMore(size.items - 1);
                continue;
            }
            text += QStringLiteral("azure,hyperscaler,%1,%2,%3,%4,%5,%6,USD,%7,%8,%9,%10,%11,%12,Azure Retail Prices API,%13,%14\n")
                        .arg(csvField(size.size.armSkuName), csvField(size.size.gpu))
                        .arg(size.size.gpuCount)
                        .arg(size.size.vcpus > 0 ? number(size.size.vcpus) : QString(),
                             size.size.memoryGiB > 0 ? number(size.size.memoryGiB) : QString(), csvField(size.region),
                             number(size.onDemand.price), number(size.spot.price), number(size.reserved1y.price))
                        .arg(number(size.reserved3y.price), number(size.reserved1y.price), number(size.reserved3y.price), url,
                             size.asOf().isValid() ? size.asOf().toString(Qt::ISODate) : QString());
            current.rowOrigin.insert(++line, {size.firstItem, size.size.armSkuName});
        }
        current.entry.skippedRows = skips.count();
        current.entry.skips = std::move(skips.issues());
        if (line == 1) {
            current.entry.skipReason = QStringLiteral("no GPU size priced in this region");
        } else {
            const QString folder = scratch.filePath(QString::number(i));
            QDir().mkpath(folder);
            QFile file(folder + QStringLiteral("/azure-") + region + QStringLiteral(".csv"));
            if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.flush())
                throw RefreshFailed(kSource, QStringLiteral("cannot write a temporary file: %1").arg(file.errorString()));
            current.sheet = file.fileName();
        }
        fetched.push_back(std::move(current));
    }

    // Then every region's sheet, in one transaction: a failure or a cancel rolls them all back.
    try {
        document.connection().write([&] {
            SheetImporter importer(document);
            for (std::size_t i = 0; i < fetched.size(); ++i) {
                RegionFetch &region = fetched[i];
                if (region.sheet.isEmpty())
                    continue;
                if (!refreshGoesOn(options, region.entry.cloud, QStringLiteral("import"), int(i), count))
                    throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
                ImportOptions importOptions;
                importOptions.presetName = QStringLiteral("native");
                ImportReport imported;
                try {
                    imported = importer.import(region.sheet, importOptions);
                } catch (const RefreshFailed &) {
                    throw;
                } catch (const InputError &error) {
                    throw RefreshFailed(kSource, QStringLiteral("%1: %2").arg(shown(region.entry.url), error.reason()));
                }
                CloudRefresh &entry = region.entry;
                entry.imported = true;
                entry.offers = imported.offers;
                // A size the import skipped (a GPU the catalog does not know) is named by the item
                // that priced it first, as the items the pages skipped are.
                for (RowIssue issue : imported.skips) {
                    if (const auto origin = region.rowOrigin.constFind(issue.line); origin != region.rowOrigin.constEnd()) {
                        issue.line = origin->first;
                        issue.reason = origin->second + QStringLiteral(": ") + issue.reason;
                    }
                    entry.skips.push_back(issue);
                    ++entry.skippedRows;
                }
                entry.unknownGpus = imported.unknownGpus;
            }
        });
    } catch (const RefreshFailed &) {
        throw;
    } catch (const InputError &error) {
        throw RefreshFailed(kSource, error.message());
    }

    for (RegionFetch &region : fetched)
        report.clouds.push_back(std::move(region.entry));
    addUpClouds(report);
    return report;
}

} // namespace breakeven
