#include "apipricesheet.h"

#include "inputerror.h"
#include "sheetpreset.h"
#include "store/document.h"
#include "text/csvreader.h"
#include "text/sha256.h"

#include <QDate>
#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <optional>

namespace breakeven {

namespace {

struct RollBack { };

// The sheet's columns, by name; -1 where it has none.
struct ApiColumns {
    QStringList header;
    int index(const char *name) const
    {
        for (int i = 0; i < header.size(); ++i)
            if (header[i].trimmed().compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
                return i;
        return -1;
    }
};

std::unique_ptr<CsvReader> openSheet(const QString &path, const ImportOptions &options)
{
    std::unique_ptr<CsvReader> reader = CsvReader::open(path);
    if (options.encoding)
        reader->setEncoding(*options.encoding);
    if (options.delimiter)
        reader->setDelimiter(*options.delimiter);
    return reader;
}

class RowReader {
public:
    RowReader(const QStringList &header, const QString &sheet) : m_columns{header}, m_sheet(sheet) { }

    void start(const CsvRecord &record) { m_record = &record; }

    [[noreturn]] void refuse(const char *column, const QString &reason) const
    {
        throw InputError(QStringLiteral("%1:%2: column %3").arg(m_sheet).arg(m_record->line).arg(QLatin1String(column)),
                         reason);
    }
    QString text(const char *column) const
    {
        const int index = m_columns.index(column);
        return index < 0 ? QString() : m_record->fields.value(index).trimmed();
    }
    QString required(const char *column, const QString &otherwise = {}) const
    {
        QString value = text(column);
        if (value.isEmpty())
            value = otherwise;
        if (value.isEmpty())
            refuse(column, QStringLiteral("value is missing"));
        return value;
    }
    std::optional<double> number(const char *column, double most) const
    {
        const QString value = text(column);
        if (value.isEmpty())
            return std::nullopt;
        bool ok = false;
        const double n = value.toDouble(&ok);
        if (!ok || !std::isfinite(n) || n < 0)
            refuse(column, QStringLiteral("\"%1\" is not a number of 0 or more").arg(value));
        if (n > most)
            refuse(column, QStringLiteral("%1 is more than %2, the most this column takes").arg(value).arg(most));
        return n;
    }
    double price(const char *column) const
    {
        const std::optional<double> n = number(column, kMaxPricePerMillionTokens);
        if (!n)
            refuse(column, QStringLiteral("value is missing"));
        return *n;
    }

private:
    ApiColumns m_columns;
    QString m_sheet;
    const CsvRecord *m_record = nullptr;
};

} // namespace

bool isApiPriceSheet(const QString &path, const ImportOptions &options)
{
    if (options.preset)
        return options.preset->kind == PresetKind::ApiPrices;
    if (!options.presetName.isEmpty())
        return options.presetName.compare(apiPricesPreset().name, Qt::CaseInsensitive) == 0;
    try {
        const std::unique_ptr<CsvReader> reader = openSheet(path, options);
        CsvRecord header;
        return reader->next(header) && detectPreset(header.fields, {}, path).kind == PresetKind::ApiPrices;
    } catch (const InputError &) {
        return false;
    }
}

std::vector<ApiSheetRow> readApiPriceSheet(CsvReader &reader, const QStringList &header, const QString &sheet,
                                           const QString &provider, const QString &source, const QString &asOf)
{
    const ApiColumns columns{header};
    for (const char *column : {"model", "input_per_mtok", "output_per_mtok"})
        if (columns.index(column) < 0)
            throw InputError(sheet, QStringLiteral("a sheet of API prices needs a column %1").arg(QLatin1String(column)));
    if (columns.index("provider") < 0 && provider.isEmpty())
        throw InputError(sheet, QStringLiteral("a sheet of API prices needs a column provider, or --provider"));
    static const QRegularExpression currencyCode(QStringLiteral("^[A-Z]{3}$"));
    RowReader row(header, sheet);
    std::vector<ApiSheetRow> rows;
    QHash<QString, qint64> lineOfKey;
    CsvRecord record;
    while (reader.next(record)) {
        if (record.fields.size() == 1 && record.fields.front().trimmed().isEmpty())
            continue; // a blank line
        row.start(record);
        ApiSheetRow &out = rows.emplace_back();
        out.line = record.line;
        ApiOffer &o = out.offer;
        o.provider = row.required("provider", provider).toLower();
        o.model = row.required("model");
        o.servedModel = row.text("served_model");
        o.apiModelId = row.text("api_model_id");
        o.inputPerMillion = row.price("input_per_mtok");
        o.outputPerMillion = row.price("output_per_mtok");
        o.cachedInputPerMillion = row.number("cached_input_per_mtok", kMaxPricePerMillionTokens);
        o.currency = row.required("currency", QStringLiteral("USD")).toUpper();
        if (!currencyCode.match(o.currency).hasMatch())
            row.refuse("currency", QStringLiteral("\"%1\" is not a three-letter currency code").arg(o.currency));
        o.requestsPerMinute = row.number("requests_per_minute", 1e9);
        o.tokensPerMinute = row.number("tokens_per_minute", 1e12);
        o.source = row.required("source", source);
        o.url = row.text("url");
        o.asOf = row.required("as_of", asOf);
        if (!QDate::fromString(o.asOf, Qt::ISODate).isValid())
            row.refuse("as_of", QStringLiteral("\"%1\" is not a date (YYYY-MM-DD)").arg(o.asOf));
        const QString key = o.provider + QChar(0) + (o.apiModelId.isEmpty() ? o.model : o.apiModelId);
        if (const auto earlier = lineOfKey.constFind(key); earlier != lineOfKey.constEnd())
            row.refuse(columns.index("api_model_id") >= 0 ? "api_model_id" : "model",
                       QStringLiteral("the same offer as line %1 (same provider and API model id)").arg(*earlier));
        lineOfKey.insert(key, record.line);
    }
    return rows;
}

ImportReport importApiPriceSheet(Document &document, const QString &path, const ImportOptions &options, bool write)
{
    ImportReport report;
    report.path = path;
    report.fileName = QFileInfo(path).fileName();
    report.preset = apiPricesPreset().name;
    report.provider = options.provider.toLower();
    report.asOf = options.asOf;
    if (report.asOf.isEmpty())
        report.asOf = QFileInfo(path).lastModified().toUTC().date().toString(Qt::ISODate);
    else if (!QDate::fromString(report.asOf, Qt::ISODate).isValid())
        throw InputError(report.asOf, QStringLiteral("the as-of date must be YYYY-MM-DD"));

    const std::unique_ptr<CsvReader> reader = openSheet(path, options);
    report.encoding = toString(reader->encoding());
    report.delimiter = reader->delimiter();
    Sha256 hash;
    reader->setHash(&hash);
    CsvRecord header;
    if (!reader->next(header))
        throw InputError(path, QStringLiteral("empty sheet: no header line"));
    const std::vector<ApiSheetRow> rows
        = readApiPriceSheet(*reader, header.fields, path, report.provider, report.fileName, report.asOf);
    report.rowsRead = qint64(rows.size());
    // Without --as-of, a sheet whose rows are dated is as of its newest row.
    if (options.asOf.isEmpty() && !rows.empty()) {
        report.asOf.clear();
        for (const ApiSheetRow &row : rows)
            report.asOf = std::max(report.asOf, row.offer.asOf);
    }
    report.sha256 = QString::fromLatin1(hash.hex());
    if (options.progress && !options.progress(reader->bytesRead(), reader->totalBytes()))
        throw ImportCancelled();

    SheetRecord sheet;
    sheet.fileName = report.fileName;
    sheet.sha256 = report.sha256;
    sheet.preset = report.preset;
    sheet.importedAt = QDateTime::currentDateTimeUtc();
    sheet.asOf = report.asOf;
    sheet.source = report.fileName;
    try {
        document.connection().write([&] {
            const qint64 sheetId = document.catalog().recordSheet(sheet);
            for (const ApiSheetRow &row : rows) {
                const UpsertResult result = document.apiOffers().saveOffer(row.offer, sheetId);
                (result == UpsertResult::Added     ? report.offers.added
                 : result == UpsertResult::Updated ? report.offers.updated
                                                   : report.offers.unchanged)++;
                if (options.collectRows) {
                    RowReport r;
                    r.line = row.line;
                    r.result = result;
                    r.status = result == UpsertResult::Added ? RowStatus::Add
                        : result == UpsertResult::Updated    ? RowStatus::Update
                                                             : RowStatus::Unchanged;
                    // The preview's rows name an offer as the catalog does: "provider model",
                    // and the open model it serves in place of a GPU.
                    r.instanceType = row.offer.provider + QLatin1Char(' ') + row.offer.model;
                    r.gpu = row.offer.servedModel;
                    report.rows.push_back(r);
                }
            }
            if (!write)
                throw RollBack();
            sheet.rowsAdded = report.offers.added;
            sheet.rowsUpdated = report.offers.updated;
            sheet.rowsUnchanged = report.offers.unchanged;
            document.catalog().updateSheetCounts(sheetId, sheet);
            report.sheetId = sheetId;
        });
        report.written = true;
    } catch (const RollBack &) {
    }
    if (options.progress)
        options.progress(reader->totalBytes(), reader->totalBytes());
    return report;
}

} // namespace breakeven
