// Price refresh benchmark: every refresh source, over real HTTP from a server on 127.0.0.1 (the
// refresh tests' server, tests/refresh/refreshserver.h, on a thread of its own so it answers while
// the refresh runs its event loop), into a new document, as `breakeven refresh --source skypilot
// --source azure --source aws` does. What the server answers is made in memory, of the real shapes:
// - 20 SkyPilot sheets (`<base>/<cloud>/vms.csv`, the first 20 clouds of the v8 catalog), each the
//   recorded sheets' rows (tests/data/refresh/skypilot/ and tests/data/sheets/: gcp's in GCP's
//   host-VM and GPU layout, the others in AWS's or Lambda's) repeated with new regions until it
//   holds 50–500 KB;
// - about 2 MB of Azure Retail Prices pages (100 items a page, following NextPageLink) for 9
//   regions: every size of the GPU table with the items the API lists for it (Linux and Windows
//   on demand, Spot, Low Priority, Dev/Test, 1- and 3-year reservations), items shaped as the
//   recorded pages under tests/data/refresh/azure/;
// - an EC2 offer file of about 2 MB for each of two regions, from the recorded excerpt
//   (tests/data/refresh/aws/us-east-1/index.csv) as bench_awsofferfile makes its large one.
// Three rounds, each into a new document; each round times the whole (download and import) and
// each source. In the same run, two references: the same URLs only downloaded (the network part),
// and the 20 sheets imported from local files with the sheet importer, as the SkyPilot source
// imports its downloads (the part without the network).
#include "../refresh/refreshserver.h"

#include "azuregpusizes.h"
#include "azuresource.h"
#include "httpfetcher.h"
#include "import/sheetimporter.h"
#include "refreshsources.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <vector>

using namespace breakeven;
using namespace refreshtest;

namespace {

constexpr double kBudgetSeconds = 5.0;
constexpr int kRounds = 3;
constexpr int kSheets = 20;
constexpr int kAzureItemsPerPage = 100;
constexpr qint64 kAwsBytesPerRegion = 2 * 1000 * 1000;

const QString kData = QStringLiteral(BREAKEVEN_SOURCE_DIR "/tests/data/");

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The fields of one CSV line (quotes and doubled quotes honoured).
QList<QByteArray> csvFields(const QByteArray &line)
{
    QList<QByteArray> fields{QByteArray()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == ',' && !quoted) {
            fields << QByteArray();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

// A sheet of about `bytes` in the layout of the recorded sheets `templates` (of one header): the
// header, then their rows again and again, each repetition in new regions ("us-east-1" becomes "us-east-1-7",
// its zones "us-east-1-7a"), so that every repetition lands as new offers.
QByteArray makeSheet(const QStringList &templates, qint64 bytes)
{
    QByteArray header;
    QList<QByteArray> lines;
    for (const QString &path : templates) {
        QList<QByteArray> rows = readFile(path).trimmed().split('\n');
        if (rows.size() < 2 || (!header.isEmpty() && rows.front() != header))
            return {};
        header = rows.takeFirst();
        lines += rows;
    }
    const qsizetype regionColumn = csvFields(header).indexOf("Region");
    QList<QByteArray> regions;
    for (const QByteArray &line : lines)
        regions << csvFields(line).value(regionColumn);
    QByteArray sheet = header + '\n';
    for (int round = 0; sheet.size() < bytes; ++round) {
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QByteArray line = lines[i];
            if (round > 0 && !regions[i].isEmpty())
                line.replace(regions[i], regions[i] + '-' + QByteArray::number(round));
            sheet += line + '\n';
        }
    }
    return sheet;
}

// One JSON string.
QByteArray jsonString(const QString &text)
{
    return '"' + text.toUtf8().replace('\\', "\\\\").replace('"', "\\\"") + '"';
}

struct AzureRegion {
    const char *name;
    const char *location;
};

constexpr AzureRegion kAzureRegions[] = {
    {"eastus", "US East"},          {"eastus2", "US East 2"},       {"westus2", "US West 2"},
    {"westus3", "US West 3"},       {"southcentralus", "US South Central"}, {"northcentralus", "US North Central"},
    {"westeurope", "EU West"},      {"northeurope", "EU North"},    {"japaneast", "JA East"},
};

// One Retail Prices item, its fields in the recorded pages' order and layout.
QByteArray azureItem(const AzureRegion &region, const QString &sku, const QString &type, const QString &term,
                     const QString &meterSuffix, bool windows, double price, int serial)
{
    const QString shortName = QString(sku).remove(QStringLiteral("Standard_")).replace(QLatin1Char('_'), QLatin1Char(' '));
    const QString family = shortName.section(QLatin1Char(' '), 0, 0).remove(QRegularExpression(QStringLiteral("[0-9]+")));
    const QString id = QStringLiteral("%1").arg(serial, 12, 36, QLatin1Char('0')).toUpper();
    QList<QPair<QByteArray, QByteArray>> fields{
        {"currencyCode", "\"USD\""},
        {"tierMinimumUnits", "0"},
        {"retailPrice", QByteArray::number(price, 'g', 6)},
        {"unitPrice", QByteArray::number(price, 'g', 6)},
        {"armRegionName", jsonString(QLatin1String(region.name))},
        {"location", jsonString(QLatin1String(region.location))},
        {"effectiveStartDate", "\"2025-06-01T00:00:00Z\""},
        {"meterId", jsonString(QStringLiteral("43bf21f7-6894-52cb-a330-%1").arg(id))},
        {"meterName", jsonString(shortName + meterSuffix)},
        {"productId", jsonString(QStringLiteral("DZH318Z0%1").arg(id.right(4)))},
        {"skuId", jsonString(QStringLiteral("DZH318Z0%1/%2").arg(id.right(4), id.left(4)))},
        {"productName", jsonString(QStringLiteral("Virtual Machines %1 Series%2").arg(family, windows ? QStringLiteral(" Windows") : QString()))},
        {"skuName", jsonString(shortName + meterSuffix)},
        {"serviceName", "\"Virtual Machines\""},
        {"serviceId", "\"DZH313Z7MMC8\""},
        {"serviceFamily", "\"Compute\""},
        {"unitOfMeasure", "\"1 Hour\""},
        {"type", jsonString(type)},
    };
    if (!term.isEmpty())
        fields.emplaceBack(QByteArray("reservationTerm"), jsonString(term));
    fields.emplaceBack(QByteArray("isPrimaryMeterRegion"), "true");
    fields.emplaceBack(QByteArray("armSkuName"), jsonString(sku));
    QByteArray item = "    {\n";
    for (qsizetype i = 0; i < fields.size(); ++i)
        item += "      \"" + fields[i].first + "\": " + fields[i].second + (i + 1 < fields.size() ? ",\n" : "\n");
    return item + "    }";
}

// Every item of `region`: for each size of the GPU table, what the API lists for it.
QList<QByteArray> azureItems(const AzureRegion &region, int regionIndex)
{
    QList<QByteArray> items;
    int serial = regionIndex * 100000;
    const QList<AzureGpuSize> &sizes = azureGpuSizes();
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const QString &sku = sizes[i].armSkuName;
        const double onDemand = (0.6 + 0.45 * double(i % 11)) * std::max(1, sizes[i].gpuCount) * (1.0 + 0.02 * regionIndex);
        items << azureItem(region, sku, QStringLiteral("Consumption"), {}, {}, false, onDemand, ++serial);
        items << azureItem(region, sku, QStringLiteral("Consumption"), {}, {}, true, onDemand * 1.3, ++serial);
        items << azureItem(region, sku, QStringLiteral("Consumption"), {}, QStringLiteral(" Spot"), false, onDemand * 0.3, ++serial);
        items << azureItem(region, sku, QStringLiteral("Consumption"), {}, QStringLiteral(" Low Priority"), false, onDemand * 0.2, ++serial);
        items << azureItem(region, sku, QStringLiteral("DevTestConsumption"), {}, {}, false, onDemand * 0.6, ++serial);
        items << azureItem(region, sku, QStringLiteral("Reservation"), QStringLiteral("1 Year"), {}, false, onDemand * 8760 * 0.62, ++serial);
        items << azureItem(region, sku, QStringLiteral("Reservation"), QStringLiteral("3 Years"), {}, false, onDemand * 26280 * 0.41, ++serial);
    }
    return items;
}

// The page of `items` from `skip`, its NextPageLink the first page's query with the next $skip
// (as the API's links are), or null after the last.
QByteArray azurePage(const QList<QByteArray> &items, qsizetype skip, const QByteArray &firstPage)
{
    QByteArray page = "{\n  \"BillingCurrency\": \"USD\",\n  \"CustomerEntityId\": \"Default\",\n"
                      "  \"CustomerEntityType\": \"Retail\",\n  \"Items\": [\n";
    const qsizetype end = std::min(items.size(), skip + kAzureItemsPerPage);
    for (qsizetype i = skip; i < end; ++i)
        page += items[i] + (i + 1 < end ? ",\n" : "\n");
    page += "  ],\n  \"NextPageLink\": ";
    page += end < items.size() ? jsonString(QString::fromUtf8(firstPage + "&$skip=" + QByteArray::number(end))) : QByteArray("null");
    return page + ",\n  \"Count\": " + QByteArray::number(end - skip) + "\n}\n";
}

// An EC2 offer file of about `bytes` for `region`, from the recorded excerpt as
// bench_awsofferfile makes its own: the metadata and header, then the excerpt's lines over and
// over, the CPU ones under new SKUs, one line in fifty a GPU instance's.
QByteArray makeOfferFile(const QByteArray &region, const QByteArray &location, qint64 bytes)
{
    const QList<QByteArray> lines = readFile(kData + QStringLiteral("refresh/aws/us-east-1/index.csv")).split('\n');
    if (lines.size() < 8)
        return {};
    QList<QByteArray> plain, gpu;
    for (qsizetype i = 6; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        QByteArray line = lines[i];
        line.replace("\"us-east-1\"", '"' + region + '"').replace("\"US East (N. Virginia)\"", '"' + location + '"');
        (line.startsWith("\"AWSGPU") ? gpu : plain) << line;
    }
    QByteArray file;
    for (int i = 0; i < 6; ++i)
        file += lines[i] + '\n';
    for (qint64 n = 0; file.size() < bytes; ++n) {
        const bool isGpu = n % 50 == 49;
        QByteArray copy = isGpu ? gpu[(n / 50) % gpu.size()] : plain[n % plain.size()];
        if (!isGpu) {
            const QByteArray sku = QByteArray("CPU").append(QByteArray::number(n / 20).rightJustified(13, '0'));
            const qsizetype end = copy.indexOf("\",\"");
            const qsizetype rate = copy.indexOf("\",\"", end + 3);
            const qsizetype oldSize = end - 1;
            copy.replace(1, oldSize, sku);
            copy.replace(rate + (sku.size() - oldSize) + 3, oldSize, sku);
        }
        file += copy + '\n';
    }
    return file;
}

// Everything the server answers, made once; read from the server's thread.
struct Served {
    std::map<QByteArray, QByteArray> files;              // path: body (sheets, offer files)
    std::map<QByteArray, QList<QByteArray>> azureItems;  // region: its items
    QStringList clouds;
    QStringList azureRegions;
    QStringList awsRegions;
    QByteArray origin;                                   // http://127.0.0.1:PORT, in NextPageLink
    std::atomic<qint64> sheetBytes{0};
    std::atomic<qint64> azureBytes{0};
    std::atomic<qint64> awsBytes{0};
    std::atomic<int> requests{0};
};

Route serve(Served &served)
{
    return [&served](const QByteArray &path, int) -> std::optional<Answer> {
        Answer answer;
        const auto file = served.files.find(path);
        if (file != served.files.end()) {
            answer.body = file->second;
            answer.contentType = path.endsWith(".csv") ? "text/csv" : "application/octet-stream";
        } else if (path.startsWith("/api/retail/prices")) {
            QByteArray query = QByteArray::fromPercentEncoding(path);
            static const QRegularExpression regionPattern(QStringLiteral("armRegionName eq '([a-z0-9]+)'"));
            const QString region = regionPattern.match(QString::fromUtf8(query)).captured(1);
            qsizetype skip = 0;
            const qsizetype at = query.indexOf("&$skip=");
            if (at >= 0) {
                skip = query.mid(at + 7).toLongLong();
                query.truncate(at);
            }
            const auto items = served.azureItems.find(region.toUtf8());
            if (items == served.azureItems.end())
                return std::nullopt; // 404
            answer.contentType = "application/json; charset=utf-8";
            answer.body = azurePage(items->second, skip, served.origin + query);
        } else {
            return std::nullopt;
        }
        (path.startsWith("/catalogs/") ? served.sheetBytes : path.startsWith("/offers/") ? served.awsBytes : served.azureBytes)
            += answer.body.size();
        ++served.requests;
        return answer;
    };
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double seconds(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e9;
}

struct Round {
    double total = 0;
    std::map<QString, double> bySource;
    std::map<QString, SourceRefresh> reports;
    qint64 bytes = 0;
    qint64 sheetBytes = 0;
    qint64 azureBytes = 0;
    qint64 awsBytes = 0;
    int requests = 0;
    qint64 rowsRead = 0;
    qint64 offers = 0;  // in the document afterwards
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir folder;
    if (!folder.isValid()) {
        std::fprintf(stderr, "cannot make a temporary folder\n");
        return 1;
    }

    // What the server answers.
    Served served;
    // GCP's sheet in its own layout (host-VM and GPU rows, combined only for gcp), Lambda's in the
    // v7 layout, the others in the v8 layout of AWS's sheet or Lambda's, one after the other.
    const QString awsLayout = kData + QStringLiteral("refresh/skypilot/aws/vms.csv");
    const QString lambdaLayout = kData + QStringLiteral("refresh/skypilot/lambda/vms.csv");
    const auto templatesFor = [&](const QString &cloud, int i) -> QStringList {
        if (cloud == QLatin1String("gcp"))
            return {kData + QStringLiteral("refresh/skypilot/gcp/vms.csv"), kData + QStringLiteral("sheets/gcp-newer-families.csv")};
        if (cloud == QLatin1String("lambda"))
            return {lambdaLayout};
        return {i % 2 == 0 ? awsLayout : lambdaLayout};
    };
    served.clouds = defaultSkyPilotClouds().mid(0, kSheets);
    qint64 smallestSheet = 0;
    qint64 largestSheet = 0;
    for (int i = 0; i < served.clouds.size(); ++i) {
        // The first (aws) the largest, as in the catalog; the others from 50 KB up to 300 KB.
        const qint64 size = i == 0 ? 500 * 1000 : 50 * 1000 + 250 * 1000 * qint64(i - 1) / (kSheets - 2);
        const QStringList templates = templatesFor(served.clouds[i], i);
        const QByteArray sheet = makeSheet(templates, size);
        if (sheet.isEmpty()) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(templates.join(QStringLiteral(", "))));
            return 1;
        }
        smallestSheet = i == 0 ? sheet.size() : std::min(smallestSheet, qint64(sheet.size()));
        largestSheet = std::max(largestSheet, qint64(sheet.size()));
        served.files["/catalogs/v8/" + served.clouds[i].toUtf8() + "/vms.csv"] = sheet;
    }
    int azurePages = 0;
    for (int i = 0; i < int(std::size(kAzureRegions)); ++i) {
        QList<QByteArray> items = azureItems(kAzureRegions[i], i);
        azurePages += int((items.size() + kAzureItemsPerPage - 1) / kAzureItemsPerPage);
        served.azureRegions << QLatin1String(kAzureRegions[i].name);
        served.azureItems[kAzureRegions[i].name] = std::move(items);
    }
    const QList<QPair<QByteArray, QByteArray>> awsRegions{{"us-east-1", "US East (N. Virginia)"}, {"us-west-2", "US West (Oregon)"}};
    for (const auto &[region, location] : awsRegions) {
        const QByteArray file = makeOfferFile(region, location, kAwsBytesPerRegion);
        if (file.isEmpty()) {
            std::fprintf(stderr, "cannot read the recorded offer file\n");
            return 1;
        }
        served.files["/offers/v1.0/aws/AmazonEC2/current/" + region + "/index.csv"] = file;
        served.awsRegions << QString::fromLatin1(region);
    }

    RefreshServer server(kData + QStringLiteral("refresh/skypilot"));
    server.setRoute(serve(served));
    const QString origin = QUrl(server.baseUrl()).adjusted(QUrl::RemovePath).toString();
    served.origin = origin.toUtf8();

    const auto optionsFor = [&](const QString &source) {
        RefreshOptions options;
        if (source == QLatin1String("skypilot")) {
            options.baseUrl = QUrl(server.baseUrl());
            options.clouds = served.clouds;
        } else if (source == QLatin1String("azure")) {
            options.baseUrl = QUrl(origin + QStringLiteral("/api/retail/prices"));
            options.regions = served.azureRegions;
        } else {
            options.baseUrl = QUrl(origin + QStringLiteral("/"));
            options.regions = served.awsRegions;
        }
        return options;
    };
    const QStringList sources{QStringLiteral("skypilot"), QStringLiteral("azure"), QStringLiteral("aws")};

    // The refresh: every source into a new document, three times.
    std::vector<Round> rounds;
    for (int r = 0; r < kRounds; ++r) {
        Round round;
        served.sheetBytes = 0;
        served.azureBytes = 0;
        served.awsBytes = 0;
        served.requests = 0;
        const QString path = folder.filePath(QStringLiteral("refresh%1.breakeven").arg(r));
        QElapsedTimer total;
        total.start();
        {
            auto document = Document::create(path);
            for (const QString &source : sources) {
                QElapsedTimer timer;
                timer.start();
                try {
                    const SourceRefresh report = runRefreshSource(*document, source, optionsFor(source));
                    round.rowsRead += report.rowsRead;
                    round.reports[source] = report;
                    if (report.cloudsImported == 0) {
                        std::fprintf(stderr, "%s imported nothing\n", qPrintable(source));
                        return 1;
                    }
                } catch (const InputError &error) {
                    std::fprintf(stderr, "%s\n", qPrintable(error.message()));
                    return 1;
                }
                round.bySource[source] = seconds(timer);
            }
            round.total = seconds(total);
            round.offers = document->catalog().offerCount();
        }
        round.sheetBytes = served.sheetBytes;
        round.azureBytes = served.azureBytes;
        round.awsBytes = served.awsBytes;
        round.bytes = round.sheetBytes + round.azureBytes + round.awsBytes;
        round.requests = served.requests;
        rounds.push_back(round);
    }

    // Reference 1: the same URLs only downloaded, each body held in memory.
    const auto downloadUrls = [&] {
        QList<QUrl> urls;
        for (const QString &cloud : served.clouds)
            urls << QUrl(server.baseUrl()).resolved(QUrl(cloud + QStringLiteral("/vms.csv")));
        for (const QString &region : served.azureRegions) {
            const QUrl first = azureRegionQuery(optionsFor(QStringLiteral("azure")).baseUrl, region);
            urls << first;
            const qsizetype items = served.azureItems.at(region.toUtf8()).size();
            for (qsizetype skip = kAzureItemsPerPage; skip < items; skip += kAzureItemsPerPage)
                urls << QUrl(first.toString() + QStringLiteral("&$skip=%1").arg(skip));
        }
        for (const QString &region : served.awsRegions)
            urls << QUrl(origin + QStringLiteral("/offers/v1.0/aws/AmazonEC2/current/%1/index.csv").arg(region));
        return urls;
    }();
    std::vector<double> downloads;
    qint64 downloadedBytes = 0;
    for (int r = 0; r < kRounds; ++r) {
        HttpFetcher fetcher;
        downloadedBytes = 0;
        QElapsedTimer timer;
        timer.start();
        for (const QUrl &url : downloadUrls) {
            const FetchResult result = fetcher.fetch(url);
            if (!result.ok) {
                std::fprintf(stderr, "%s\n", qPrintable(result.error));
                return 1;
            }
            downloadedBytes += result.size;
        }
        downloads.push_back(seconds(timer));
    }

    // Reference 2: the 20 sheets imported from local files, in one transaction, as the SkyPilot
    // source imports its downloads.
    for (const QString &cloud : served.clouds) {
        QDir().mkpath(folder.filePath(QStringLiteral("sheets/") + cloud));
        QFile file(folder.filePath(QStringLiteral("sheets/%1/vms.csv").arg(cloud)));
        if (!file.open(QIODevice::WriteOnly) || file.write(served.files.at("/catalogs/v8/" + cloud.toUtf8() + "/vms.csv")) < 0) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(file.fileName()));
            return 1;
        }
    }
    std::vector<double> localImports;
    qint64 localRows = 0;
    qint64 localOffers = 0;
    for (int r = 0; r < kRounds; ++r) {
        auto document = Document::create(folder.filePath(QStringLiteral("local%1.breakeven").arg(r)));
        localRows = 0;
        QElapsedTimer timer;
        timer.start();
        try {
            document->connection().write([&] {
                SheetImporter importer(*document);
                for (const QString &cloud : served.clouds) {
                    ImportOptions options;
                    options.presetName = QStringLiteral("skypilot");
                    options.provider = cloud;
                    localRows += importer.import(folder.filePath(QStringLiteral("sheets/%1/vms.csv").arg(cloud)), options).rowsRead;
                }
            });
        } catch (const InputError &error) {
            std::fprintf(stderr, "%s\n", qPrintable(error.message()));
            return 1;
        }
        localImports.push_back(seconds(timer));
        localOffers = document->catalog().offerCount();
    }

    // The figures.
    std::vector<double> totals;
    std::map<QString, std::vector<double>> bySource;
    for (const Round &round : rounds) {
        totals.push_back(round.total);
        for (const auto &[source, time] : round.bySource)
            bySource[source].push_back(time);
    }
    const Round &last = rounds.back();
    const qint64 bundled = [&] {
        auto document = Document::create(folder.filePath(QStringLiteral("empty.breakeven")));
        return document->catalog().offerCount();
    }();
    std::printf("served a round: %d SkyPilot sheets %.2f MB (%.0f to %.0f KB each), %zu Azure regions in %d pages %.2f MB, "
                "%zu AWS offer files %.2f MB; %.2f MB in %d requests\n",
                int(served.clouds.size()), double(last.sheetBytes) / 1e6, double(smallestSheet) / 1e3, double(largestSheet) / 1e3,
                std::size(kAzureRegions), azurePages, double(last.azureBytes) / 1e6, std::size_t(served.awsRegions.size()),
                double(last.awsBytes) / 1e6, double(last.bytes) / 1e6, last.requests);
    std::printf("rows parsed a round: %lld (sheet rows, Azure items, offer-file price lines); offers in the document afterwards: %lld "
                "(%lld bundled in a new one)\n",
                static_cast<long long>(last.rowsRead), static_cast<long long>(last.offers), static_cast<long long>(bundled));
    std::printf("refresh, all three sources into a new document (%d rounds):", kRounds);
    for (const double t : totals)
        std::printf(" %.2f s", t);
    std::printf("; median %.2f s against a budget of %.0f s: ratio %.2f\n", median(totals), kBudgetSeconds,
                median(totals) / kBudgetSeconds);
    for (const QString &source : sources)
    {
        const SourceRefresh &report = last.reports.at(source);
        std::printf("  %-9s median %.2f s; %lld rows read, %lld skipped; offers %lld added, %lld updated, %lld unchanged\n",
                    qPrintable(source), median(bySource[source]), static_cast<long long>(report.rowsRead),
                    static_cast<long long>(report.skippedRows), static_cast<long long>(report.offers.added),
                    static_cast<long long>(report.offers.updated), static_cast<long long>(report.offers.unchanged));
        // Why rows were skipped, the commonest reasons first (the reports keep a sample of them).
        std::map<QString, qint64> reasons;
        for (const CloudRefresh &entry : report.clouds)
            for (const RowIssue &issue : entry.skips)
                ++reasons[issue.reason.left(60)];
        std::vector<std::pair<qint64, QString>> commonest;
        for (const auto &[reason, n] : reasons)
            commonest.emplace_back(n, reason);
        std::sort(commonest.rbegin(), commonest.rend());
        for (std::size_t i = 0; i < std::min<std::size_t>(3, commonest.size()); ++i)
            std::printf("            skipped: %lld × %s\n", static_cast<long long>(commonest[i].first), qPrintable(commonest[i].second));
    }
    std::printf("reference, the same %lld URLs only downloaded (%.2f MB): median %.2f s; refresh / download %.1f\n",
                static_cast<long long>(downloadUrls.size()), double(downloadedBytes) / 1e6, median(downloads),
                median(totals) / median(downloads));
    std::printf("reference, the %d sheets imported from local files (%lld rows, %lld offers): median %.2f s; "
                "skypilot refresh / local import %.2f\n",
                int(served.clouds.size()), static_cast<long long>(localRows), static_cast<long long>(localOffers),
                median(localImports), median(bySource[QStringLiteral("skypilot")]) / median(localImports));
    const bool consistent = last.offers > 0 && downloadedBytes == last.bytes && localRows > 0;
    if (!consistent)
        std::fprintf(stderr, "the rounds disagree: %lld bytes downloaded, %lld served\n",
                     static_cast<long long>(downloadedBytes), static_cast<long long>(last.bytes));
    return consistent ? 0 : 1;
}
