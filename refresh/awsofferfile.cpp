#include "awsofferfile.h"

#include "catalog/gpucatalog.h"
#include "inputerror.h"
#include "text/csvreader.h"
#include "text/sha256.h"

#include <QDate>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>

namespace breakeven {

namespace {

// The instance families with GPUs, and the catalog model each one's GPUs are. The count comes
// from the file's GPU column. Families whose accelerators are not GPUs the catalog prices are
// named with the reason they are left out, so that a refresh says so instead of passing over them.
struct FamilyRow {
    const char *family;
    const char *gpu;        // catalog name; null: left out
    const char *skipReason; // when left out
};
constexpr FamilyRow kFamilies[] = {
    {"p2", "K80", nullptr}, // one K80 device (half a board) per GPU the file counts
    {"p3", "V100-SXM2-16GB", nullptr},
    {"p3dn", "V100-SXM2-32GB", nullptr},
    {"p4d", "A100-SXM4-40GB", nullptr},
    {"p4de", "A100-SXM4-80GB", nullptr},
    {"p5", "H100-SXM5-80GB", nullptr},
    {"p5e", "H200-SXM-141GB", nullptr},
    {"p5en", "H200-SXM-141GB", nullptr},
    {"p6-b200", "B200", nullptr},
    {"p6-b300", "B300", nullptr},
    {"p6e-gb200", "GB200", nullptr},
    {"g4dn", "T4", nullptr},
    {"g5", "A10G", nullptr},
    {"g5g", "T4G", nullptr},
    {"g6", "L4", nullptr},
    {"gr6", "L4", nullptr},
    {"g6e", "L40S", nullptr},
    {"g7e", "RTX-PRO-6000", nullptr},
    {"g4ad", nullptr, "AMD Radeon Pro V520, a graphics GPU the catalog does not price"},
    {"g3", nullptr, "NVIDIA Tesla M60, not in the catalog"},
    {"g3s", nullptr, "NVIDIA Tesla M60, not in the catalog"},
    {"g2", nullptr, "NVIDIA GRID K520, not in the catalog"},
    {"g6f", nullptr, "a fraction of an L4 (a GPU partition), not a whole GPU"},
    {"gr6f", nullptr, "a fraction of an L4 (a GPU partition), not a whole GPU"},
    {"dl1", nullptr, "Habana Gaudi accelerators, not GPUs"},
    {"dl2q", nullptr, "Qualcomm AI 100 accelerators, not GPUs"},
    {"inf1", nullptr, "AWS Inferentia accelerators, not GPUs"},
    {"inf2", nullptr, "AWS Inferentia accelerators, not GPUs"},
    {"trn1", nullptr, "AWS Trainium accelerators, not GPUs"},
    {"trn1n", nullptr, "AWS Trainium accelerators, not GPUs"},
    {"trn2", nullptr, "AWS Trainium accelerators, not GPUs"},
};

// Term lengths in hours as the cost model counts them (730 a month).
constexpr double kHoursOneYear = 730.0 * 12;
constexpr double kHoursThreeYears = 730.0 * 36;
constexpr qint64 kCancelEveryRows = 4096;
constexpr int kMaxMetadataLines = 20;

enum Column {
    Sku, TermType, Unit, PricePerUnit, Currency, LeaseContractLength, PurchaseOption, OfferingClass,
    ProductFamily, InstanceType, Tenancy, OperatingSystem, LicenseModel, PreInstalledSw, CapacityStatus,
    Vcpu, Memory, Gpu, kRequiredColumns,
    LocationType = kRequiredColumns, RegionCode, MarketOption, kColumns
};
constexpr const char *kColumnNames[kColumns] = {
    "SKU", "TermType", "Unit", "PricePerUnit", "Currency", "LeaseContractLength", "PurchaseOption",
    "OfferingClass", "Product Family", "Instance Type", "Tenancy", "Operating System", "License Model",
    "Pre Installed S/W", "CapacityStatus", "vCPU", "Memory", "GPU", "Location Type", "Region Code", "MarketOption",
};

// One SKU's prices as its lines arrive.
struct Pending {
    qint64 line = 0;
    QString instanceType;
    QString gpu;
    QString region;
    double gpuCount = 0;
    double vcpus = 0;
    double memoryGiB = 0;
    std::optional<double> onDemand;
    std::optional<double> noUpfront[2];      // 1 year, 3 years
    std::optional<double> allUpfrontFee[2];
    std::optional<double> allUpfrontHourly[2];
};

std::optional<double> number(QByteArrayView text)
{
    // Prices are plain decimals ("21.9576420000", "113819"), read whatever the C locale's
    // decimal point is.
    double value = 0;
    const char *end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.isEmpty() || error != std::errc() || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// "1152 GiB", "0.5 GiB": the number before the unit.
double leadingNumber(QByteArrayView text)
{
    const qsizetype space = text.indexOf(' ');
    return number(space < 0 ? text : text.first(space)).value_or(0.0);
}

class Reader {
public:
    Reader(const QString &path, const AwsReadOptions &options)
        : m_options(options)
        , m_name(QFileInfo(path).fileName())
        , m_reader(CsvReader::open(path))
    {
        m_reader->setDelimiter(',');
        m_reader->setHash(&m_hash);
    }

    AwsOfferFile read()
    {
        readMetadata();
        CsvRow row;
        while (m_reader->next(row)) {
            ++m_file.rowsRead;
            if (m_file.rowsRead % kCancelEveryRows == 0 && m_options.cancel && m_options.cancel->load())
                throw ImportCancelled();
            if (row.size() != m_header.size())
                throw InputError(where(row.line), QStringLiteral("%1 of the header's %2 fields: the file is cut short or damaged")
                                                      .arg(row.size()).arg(m_header.size()));
            take(row);
        }
        if (m_file.rowsRead == 0)
            throw InputError(m_name, QStringLiteral("no price lines after the header: the file is cut short"));
        finish();
        m_file.sha256 = QString::fromLatin1(m_hash.hex());
        m_file.bytes = m_reader->bytesRead();
        return std::move(m_file);
    }

private:
    QString where(qint64 line) const { return QStringLiteral("%1:%2").arg(m_name).arg(line); }
    QByteArrayView field(const CsvRow &row, Column column) const
    {
        const int index = m_columns[column];
        return index < 0 ? QByteArrayView() : row.field(index);
    }

    void readMetadata()
    {
        const QString notOffer = QStringLiteral("not an AWS price list offer file: ");
        CsvRecord record;
        if (!m_reader->next(record) || record.fields.value(0) != QLatin1String("FormatVersion"))
            throw InputError(m_name, notOffer + QStringLiteral("it does not start with a FormatVersion line"));
        QString offerCode;
        for (int lines = 1;; ++lines) {
            if (!m_reader->next(record))
                throw InputError(m_name, notOffer + QStringLiteral("no header line (SKU, OfferTermCode, …): the file is cut short"));
            const QString key = record.fields.value(0);
            if (key == QLatin1String("SKU"))
                break;
            if (lines > kMaxMetadataLines)
                throw InputError(m_name, notOffer + QStringLiteral("no header line in its first %1 lines").arg(kMaxMetadataLines));
            const QString value = record.fields.value(1);
            if (key == QLatin1String("Publication Date"))
                m_file.publicationDate = value;
            else if (key == QLatin1String("Version"))
                m_file.version = value;
            else if (key == QLatin1String("OfferCode"))
                offerCode = value;
        }
        if (offerCode != QLatin1String("AmazonEC2"))
            throw InputError(m_name, notOffer.left(notOffer.size() - 2)
                                 + QStringLiteral(" of Amazon EC2 (its OfferCode is \"%1\")").arg(offerCode.left(80)));
        const QDate date = QDate::fromString(m_file.publicationDate.left(10), Qt::ISODate);
        if (!date.isValid())
            throw InputError(m_name, QStringLiteral("its Publication Date \"%1\" is not a date").arg(m_file.publicationDate.left(80)));
        m_file.asOf = date.toString(Qt::ISODate);

        m_header = record.fields;
        for (int column = 0; column < kColumns; ++column) {
            m_columns[column] = int(m_header.indexOf(QLatin1String(kColumnNames[column])));
            if (column < kRequiredColumns && m_columns[column] < 0)
                throw InputError(m_name, QStringLiteral("the header has no column \"%1\": not the EC2 offer file's layout")
                                             .arg(QLatin1String(kColumnNames[column])));
        }
    }

    // A GPU instance's verdict, found once per instance type: the catalog name, or none.
    struct Verdict {
        QString gpu;
        bool reported = false;
    };

    void take(const CsvRow &row)
    {
        const QByteArrayView type = field(row, InstanceType);
        if (type.isEmpty())
            return;
        // Most lines are of instances without GPUs: the cheap test first.
        const QByteArrayView gpuCount = field(row, Gpu);
        const QByteArrayView family = type.first(std::max<qsizetype>(0, type.indexOf('.')));
        const bool listed = familyRow(family) != nullptr;
        if (!listed && (gpuCount.isEmpty() || gpuCount == "NA" || gpuCount == "0"))
            return;
        if (!field(row, ProductFamily).startsWith("Compute Instance") || field(row, Tenancy) != "Shared"
            || field(row, OperatingSystem) != "Linux" || field(row, LicenseModel) != "No License required"
            || field(row, PreInstalledSw) != "NA" || field(row, CapacityStatus) != "Used"
            || (m_columns[LocationType] >= 0 && field(row, LocationType) != "AWS Region"))
            return;
        const QByteArrayView market = field(row, MarketOption);
        if (!market.isEmpty() && market != "OnDemand")
            return;
        const std::string key(type.data(), std::size_t(type.size()));
        auto verdict = m_verdicts.find(key);
        if (verdict == m_verdicts.end())
            verdict = m_verdicts.emplace(key, judge(type, family, gpuCount, row.line)).first;
        if (verdict->second.gpu.isEmpty())
            return;
        ++m_file.gpuRows;
        Pending &pending = m_pending[std::string(field(row, Sku).data(), std::size_t(field(row, Sku).size()))];
        if (pending.line == 0) {
            pending.line = row.line;
            pending.instanceType = QString::fromUtf8(type);
            pending.gpu = verdict->second.gpu;
            pending.gpuCount = number(gpuCount).value_or(0.0);
            pending.vcpus = number(field(row, Vcpu)).value_or(0.0);
            pending.memoryGiB = leadingNumber(field(row, Memory));
            const QByteArrayView region = field(row, RegionCode);
            pending.region = region.isEmpty() ? m_options.region : QString::fromUtf8(region);
        }
        price(row, pending);
    }

    Verdict judge(QByteArrayView type, QByteArrayView family, QByteArrayView gpuCount, qint64 line)
    {
        Verdict verdict;
        const QString name = QString::fromUtf8(type);
        const FamilyRow *known = familyRow(family);
        QString reason;
        if (!known) {
            reason = QStringLiteral("%1 GPUs of a family the AWS table does not name").arg(QString::fromUtf8(gpuCount));
            const QString familyName = QString::fromUtf8(family);
            auto &names = m_file.unknownGpus;
            const auto it = std::find_if(names.begin(), names.end(), [&](const auto &n) { return n.first == familyName; });
            if (it == names.end())
                names.emplace_back(familyName, 1);
            else
                ++it->second;
        } else if (!known->gpu) {
            reason = QString::fromUtf8(known->skipReason);
        } else if (m_options.catalog && !m_options.catalog->find(QString::fromUtf8(known->gpu))) {
            reason = QStringLiteral("the document's catalog has no GPU \"%1\"").arg(QString::fromUtf8(known->gpu));
        } else {
            const double count = number(gpuCount).value_or(0.0);
            if (count < 1 || count != std::floor(count))
                reason = QStringLiteral("GPU count \"%1\" is not a whole number of GPUs").arg(QString::fromUtf8(gpuCount));
            else
                verdict.gpu = QString::fromUtf8(known->gpu);
        }
        if (verdict.gpu.isEmpty())
            m_file.skips.push_back({line, QStringLiteral("Instance Type"), QStringLiteral("%1: %2").arg(name, reason)});
        return verdict;
    }

    static const FamilyRow *familyRow(QByteArrayView family)
    {
        for (const FamilyRow &row : kFamilies)
            if (family == QByteArrayView(row.family))
                return &row;
        return nullptr;
    }

    void price(const CsvRow &row, Pending &pending)
    {
        if (field(row, Currency) != "USD")
            return;
        const std::optional<double> value = number(field(row, PricePerUnit));
        if (!value || *value < 0)
            throw InputError(where(row.line), QStringLiteral("PricePerUnit \"%1\" is not a price")
                                                  .arg(QString::fromUtf8(field(row, PricePerUnit)).left(40)));
        const QByteArrayView term = field(row, TermType);
        const QByteArrayView unit = field(row, Unit);
        if (term == "OnDemand") {
            if (unit == "Hrs")
                pending.onDemand = *value;
            return;
        }
        if (term != "Reserved" || field(row, OfferingClass) != "standard")
            return;
        const QByteArrayView length = field(row, LeaseContractLength);
        const int years = length == "1yr" ? 0 : length == "3yr" ? 1 : -1;
        if (years < 0)
            return;
        const QByteArrayView option = field(row, PurchaseOption);
        if (option == "No Upfront" && unit == "Hrs")
            pending.noUpfront[years] = *value;
        else if (option == "All Upfront" && unit == "Quantity")
            pending.allUpfrontFee[years] = *value;
        else if (option == "All Upfront" && unit == "Hrs")
            pending.allUpfrontHourly[years] = *value;
        else if (option == "Partial Upfront")
            ++m_file.partialUpfrontRows;
    }

    void finish()
    {
        const QString source = QStringLiteral("AWS Price List, AmazonEC2 offer file version %1").arg(m_file.version);
        QHash<QString, qint64> keys; // instance type and region: one offer each
        std::vector<Pending *> ordered;
        for (auto &[sku, pending] : m_pending)
            ordered.push_back(&pending);
        std::sort(ordered.begin(), ordered.end(), [](const Pending *a, const Pending *b) { return a->line < b->line; });
        for (const Pending *pending : ordered) {
            CloudOffer offer;
            offer.provider = QStringLiteral("aws");
            offer.category = CloudCategory::Hyperscaler;
            offer.instanceType = pending->instanceType;
            offer.gpu = pending->gpu;
            offer.gpuCount = int(pending->gpuCount);
            offer.vcpus = pending->vcpus;
            offer.memoryGiB = pending->memoryGiB;
            offer.region = pending->region;
            offer.currency = QStringLiteral("USD");
            offer.onDemand = pending->onDemand;
            offer.reserved1y = pending->noUpfront[0];
            offer.reserved3y = pending->noUpfront[1];
            const double hours[2] = {kHoursOneYear, kHoursThreeYears};
            std::optional<double> upfront[2];
            for (int years = 0; years < 2; ++years)
                if (pending->allUpfrontFee[years])
                    upfront[years] = *pending->allUpfrontFee[years] / hours[years] + pending->allUpfrontHourly[years].value_or(0.0);
            offer.reserved1yUpfront = upfront[0];
            offer.reserved3yUpfront = upfront[1];
            offer.source = source;
            offer.url = m_options.url;
            offer.asOf = m_file.asOf;
            if (!offer.onDemand && !offer.reserved1y && !offer.reserved3y && !offer.reserved1yUpfront && !offer.reserved3yUpfront) {
                m_file.skips.push_back({pending->line, QStringLiteral("TermType"),
                                        QStringLiteral("%1: no on-demand or standard reserved price").arg(offer.instanceType)});
                continue;
            }
            const QString key = offer.instanceType + QLatin1Char('\n') + offer.region;
            if (keys.contains(key)) {
                m_file.skips.push_back({pending->line, QStringLiteral("SKU"),
                                        QStringLiteral("%1 in %2: a second SKU of the same instance (the one of line %3 is kept)")
                                            .arg(offer.instanceType, offer.region).arg(keys.value(key))});
                continue;
            }
            keys.insert(key, pending->line);
            m_file.offers.push_back(std::move(offer));
        }
        std::stable_sort(m_file.offers.begin(), m_file.offers.end(),
                         [](const CloudOffer &a, const CloudOffer &b) { return a.instanceType < b.instanceType; });
        std::sort(m_file.skips.begin(), m_file.skips.end(), [](const RowIssue &a, const RowIssue &b) { return a.line < b.line; });
    }

    const AwsReadOptions &m_options;
    QString m_name;
    Sha256 m_hash;
    std::unique_ptr<CsvReader> m_reader;
    QStringList m_header;
    int m_columns[kColumns] = {};
    AwsOfferFile m_file;
    std::unordered_map<std::string, Verdict> m_verdicts;
    std::unordered_map<std::string, Pending> m_pending;
};

} // namespace

AwsFamilyGpu awsFamilyGpu(QByteArrayView instanceType)
{
    const qsizetype dot = instanceType.indexOf('.');
    const QByteArrayView family = dot < 0 ? instanceType : instanceType.first(dot);
    for (const FamilyRow &row : kFamilies)
        if (family == QByteArrayView(row.family))
            return row.gpu ? AwsFamilyGpu{QString::fromUtf8(row.gpu), QString()}
                           : AwsFamilyGpu{QString(), QString::fromUtf8(row.skipReason)};
    return {};
}

AwsOfferFile readAwsOfferFile(const QString &path, const AwsReadOptions &options)
{
    Reader reader(path, options);
    return reader.read();
}

} // namespace breakeven
