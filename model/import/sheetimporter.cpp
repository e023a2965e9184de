#include "sheetimporter.h"

#include "apipricesheet.h"
#include "batchqueue.h"
#include "bulkwrite.h"
#include "text/csvreader.h"
#include "gcppairing.h"
#include "inputerror.h"
#include "offerwriter.h"
#include "text/sha256.h"
#include "sheetrow.h"
#include "store/database.h"
#include "store/document.h"
#include "text/textcache.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <deque>
#include <exception>
#include <iterator>
#include <thread>
#include <tuple>
#include <utility>

namespace breakeven {

namespace {

constexpr qint64 kProgressEveryRows = 1000;
// Rows per batch from the reading thread, and batches that may wait for the writing one.
constexpr qint64 kBatchRows = 256;
constexpr std::size_t kQueuedBatches = 16;
// Also by time, so that a cancel is answered promptly however slow the rows are.
constexpr qint64 kProgressEveryMs = 50;

// Leaves Connection::write() so that the transaction rolls back: a preview, a strict refusal.
struct RollBack { };

class ImportRun {
public:
    ImportRun(Document &document, const ImportOptions &options, ImportReport &report)
        : m_document(document), m_options(options), m_report(report)
    {
    }

    void readHeader(CsvReader &reader);
    void importRows(CsvReader &reader, std::optional<qint64> sheetId);
    CloudOffer defaults() const;

private:
    // One data row on its way from the reading thread to the writing one.
    // Only what the writing thread needs crosses over: a skip's problem, or the encoded offer.
    struct Item {
        qint64 line = 0;
        bool valid = false;
        bool hasRow = false;   // a skip of a row that was read, for the preview's details
        bool hasZone = false;  // the row named an availability zone
        RowProblem problem;
        SheetRow row;          // a skip's details; empty otherwise
        EncodedOffer offer;
        double gpuMemoryGB = 0;
        QStringList warnings;
    };
    struct Batch {
        std::vector<Item> items;
        qint64 rowsRead = 0;   // records read for this batch, some held back for GCP pairing
        qint64 bytesRead = 0;  // of the sheet, after this batch
        bool last = false;
        std::exception_ptr error; // the reader's or validator's, ends the import
    };
    void produce(CsvReader &reader, BatchQueue<Batch> &queue);
    void validateInto(Batch &batch, const SheetRow &row);
    void consume(Item &item);
    void handle(Item &item);
    void settle(qint64 line, const OfferWriter::Outcome &outcome);
    void duplicateWarning(qint64 line, bool anotherZone, const OfferWriter::Outcome &outcome);
    void skip(qint64 line, const RowProblem &problem, const SheetRow *row = nullptr);
    void reportProgress(qint64 bytesRead, qint64 totalBytes, bool force);

    Document &m_document;
    const ImportOptions &m_options;
    ImportReport &m_report;
    SheetPreset m_preset;
    std::optional<SheetRowReader> m_rowReader;
    std::optional<RowValidator> m_validator;
    ValidatedRow m_validated; // the reading thread's, reused row after row
    OfferEncoder m_encoder;
    std::optional<OfferWriter> m_writer;
    GpuCatalog m_catalog;
    GcpPairing m_gcp;
    // Preview rows of the keys waiting in the writer, by the line that started each key.
    struct PendingKey {
        qint64 line = 0;
        std::vector<std::size_t> rows;
    };
    std::deque<PendingKey> m_pendingKeys;
    // The preview's texts: rows repeat them, and share one string for each.
    TextCache m_previewTypes{4096};
    TextCache m_previewRegions{4096};
    TextCache m_previewGpus{256};
    QElapsedTimer m_sinceProgress;
    qint64 m_rowsAtProgress = 0;
    QString m_spotColumn; // the sheet's name for it, in warnings
};

void ImportRun::readHeader(CsvReader &reader)
{
    CsvRecord header;
    if (!reader.next(header))
        throw InputError(m_report.fileName, QStringLiteral("empty sheet: no header line"));
    const std::vector<SheetPreset> saved = savedPresets(m_document.settings());
    if (m_options.preset)
        m_preset = *m_options.preset;
    else if (!m_options.presetName.isEmpty())
        m_preset = presetByName(m_options.presetName, saved);
    else
        m_preset = detectPreset(header.fields, saved, m_report.fileName);
    if (!m_options.provider.isEmpty())
        m_preset.provider = m_options.provider.toLower();
    m_rowReader.emplace(m_preset, header.fields, m_report.fileName, reader.delimiter());
    if (m_preset.provider.isEmpty() && !m_rowReader->hasColumn(SheetField::Provider)) {
        const auto provider = providerFromPath(m_report.path);
        if (!provider)
            throw InputError(m_report.fileName, QStringLiteral("cannot tell the provider: name the file after it "
                                                               "(lambda-v7.csv) or pass --provider"));
        m_preset.provider = *provider;
        m_rowReader.emplace(m_preset, header.fields, m_report.fileName, reader.delimiter());
    }
    m_report.preset = m_preset.name;
    m_report.provider = m_preset.provider;
    m_catalog = m_document.catalog().gpuCatalog();
    for (const auto &[alias, model] : m_options.aliases) {
        const GpuModel *target = m_catalog.find(model);
        if (!target)
            throw InputError(QStringLiteral("--alias %1=%2").arg(alias, model),
                             QStringLiteral("the document's catalog has no GPU \"%1\"").arg(model));
        m_catalog.addAlias(alias, target->name);
    }
    m_validator.emplace(m_catalog, *m_rowReader);
    m_spotColumn = m_rowReader->columnName(SheetField::Spot);
    m_validator->setDefaults(defaults());
}

CloudOffer ImportRun::defaults() const
{
    CloudOffer offer;
    offer.provider = m_preset.provider;
    offer.category = providerCategory(m_preset.provider).value_or(CloudCategory::MlCloud);
    if (const auto category = cloudCategoryFromString(m_preset.category))
        offer.category = *category;
    offer.currency = m_preset.currency.isEmpty() ? QStringLiteral("USD") : m_preset.currency;
    offer.source = m_preset.kind == PresetKind::SkyPilot ? QStringLiteral("SkyPilot catalog %1").arg(m_report.fileName)
                                                         : m_report.fileName;
    offer.asOf = m_report.asOf;
    return offer;
}

void ImportRun::skip(qint64 line, const RowProblem &problem, const SheetRow *row)
{
    ++m_report.skipped;
    if (!problem.unknownGpu.isEmpty()) {
        auto &names = m_report.unknownGpus;
        const auto it = std::find_if(names.begin(), names.end(), [&](const auto &n) { return n.first == problem.unknownGpu; });
        if (it == names.end())
            names.emplace_back(problem.unknownGpu, 1);
        else
            ++it->second;
    }
    m_report.skips.push_back({line, problem.column, problem.reason});
    if (m_options.collectRows) {
        RowReport report;
        report.line = line;
        report.column = problem.column;
        report.reason = problem.reason;
        if (row) {
            report.instanceType = row->instanceType;
            report.region = row->region;
            report.gpu = row->accelerator;
            report.gpuCount = row->gpuCount;
        }
        m_report.rows.push_back(report);
    }
}

void ImportRun::duplicateWarning(qint64 line, bool anotherZone, const OfferWriter::Outcome &outcome)
{
    ++m_report.duplicates;
    m_report.warnings.push_back(
        {line, m_rowReader->columnName(SheetField::Region),
         QStringLiteral("duplicate of line %1 (same provider, instance type and region%2): %3")
             .arg(outcome.firstLine)
             .arg(anotherZone ? QStringLiteral(", another zone") : QString(),
                  outcome.replaced ? QStringLiteral("its lower price replaces the earlier one")
                                   : QStringLiteral("the lower earlier price is kept"))});
}

// The document's verdict on a key arrives when the key is written, after its rows were seen.
void ImportRun::settle(qint64 line, const OfferWriter::Outcome &outcome)
{
    if (outcome.duplicate)
        duplicateWarning(line, false, outcome);
    if (m_pendingKeys.empty() || m_pendingKeys.front().line != line)
        return; // no preview rows
    for (std::size_t index : m_pendingKeys.front().rows) {
        RowReport &row = m_report.rows[index];
        row.result = outcome.result;
        if (outcome.duplicate && row.line == line) {
            row.status = RowStatus::Warning;
            row.column = m_report.warnings.back().column;
            row.reason = m_report.warnings.back().reason;
        }
        if (row.status != RowStatus::Warning)
            row.status = outcome.result == UpsertResult::Added ? RowStatus::Add
                : outcome.result == UpsertResult::Updated      ? RowStatus::Update
                                                               : RowStatus::Unchanged;
    }
    m_pendingKeys.pop_front();
}

void ImportRun::validateInto(Batch &batch, const SheetRow &row)
{
    Item &item = batch.items.emplace_back();
    item.line = row.line;
    item.valid = m_validator->validate(row, m_validated, item.problem);
    item.hasZone = !row.zone.isEmpty();
    if (item.valid) {
        m_encoder.encode(m_validated.offer, item.offer);
        item.gpuMemoryGB = m_validated.gpuMemoryGB;
        if (!m_validated.warnings.isEmpty())
            item.warnings = std::exchange(m_validated.warnings, {});
    } else {
        item.hasRow = true;
        item.row = row;
    }
}

void ImportRun::consume(Item &item)
{
    if (item.valid)
        handle(item);
    else
        skip(item.line, item.problem, item.hasRow ? &item.row : nullptr);
}

// The offer moves on to the writer; what the preview shows of it is kept first.
void ImportRun::handle(Item &item)
{
    RowReport report;
    if (m_options.collectRows) {
        report.line = item.line;
        report.status = RowStatus::Add;
        report.instanceType = m_previewTypes.text(item.offer.text(EncodedOffer::InstanceType));
        report.region = m_previewRegions.text(item.offer.text(EncodedOffer::Region));
        report.gpu = m_previewGpus.text(item.offer.text(EncodedOffer::Gpu));
        report.gpuCount = item.offer.gpuCount;
        report.gpuMemoryGB = item.gpuMemoryGB;
    }
    const OfferWriter::Outcome outcome = m_writer->add(std::move(item.offer), item.line);
    const std::size_t warningsBefore = m_report.warnings.size(); // after add(): it may settle the key before
    if (outcome.duplicate)
        duplicateWarning(item.line, item.hasZone, outcome);
    for (const QString &warning : item.warnings)
        m_report.warnings.push_back({item.line, m_spotColumn, warning});
    if (!m_options.collectRows)
        return;
    if (m_report.warnings.size() > warningsBefore) {
        report.status = RowStatus::Warning;
        report.column = m_report.warnings[warningsBefore].column;
        QStringList reasons;
        for (std::size_t i = warningsBefore; i < m_report.warnings.size(); ++i)
            reasons << m_report.warnings[i].reason;
        report.reason = reasons.join(QStringLiteral("; "));
    }
    // A row repeating the key just before joins that key's rows; any other starts a key.
    if (!outcome.duplicate || m_pendingKeys.empty())
        m_pendingKeys.push_back({item.line, {}});
    m_pendingKeys.back().rows.push_back(m_report.rows.size());
    m_report.rows.push_back(report);
}

void ImportRun::reportProgress(qint64 bytesRead, qint64 totalBytes, bool force)
{
    if (!m_options.progress)
        return;
    if (!force && m_report.rowsRead - m_rowsAtProgress < kProgressEveryRows
        && m_sinceProgress.elapsed() < kProgressEveryMs)
        return;
    m_sinceProgress.start();
    m_rowsAtProgress = m_report.rowsRead;
    if (!m_options.progress(bytesRead, totalBytes))
        throw ImportCancelled();
}

// The reading thread: records, typed rows, GCP pairs and validation, in batches.
void ImportRun::produce(CsvReader &reader, BatchQueue<Batch> &queue)
{
    const bool pairGcp = m_preset.kind == PresetKind::SkyPilot && m_preset.provider == QLatin1String("gcp");
    Batch batch;
    batch.items.reserve(kBatchRows);
    const auto send = [&] {
        batch.bytesRead = reader.bytesRead();
        const bool taken = queue.push(std::move(batch));
        batch = Batch{};
        if (queue.reuse(batch)) {
            batch.items.clear();
            batch.rowsRead = 0;
        } else {
            batch.items.reserve(kBatchRows);
        }
        return taken;
    };
    try {
        CsvRow record;
        SheetRow row;
        RowProblem problem;
        while (reader.next(record)) {
            ++batch.rowsRead;
            if (!m_rowReader->read(record.line, record, row, problem)) {
                Item &item = batch.items.emplace_back();
                item.line = record.line;
                item.problem = problem;
            } else if (!pairGcp || !m_gcp.take(row)) {
                validateInto(batch, row);
            }
            if (batch.rowsRead >= kBatchRows && !send())
                return;
        }
        if (pairGcp) {
            GcpPairing::Result pairs = m_gcp.finish(m_rowReader->columnName(SheetField::InstanceType),
                                                    m_rowReader->columnName(SheetField::Gpu));
            for (const GcpPairing::Skipped &skipped : pairs.skipped) {
                Item &item = batch.items.emplace_back();
                item.line = skipped.line;
                item.problem = skipped.problem;
            }
            for (const SheetRow &pair : pairs.instances)
                validateInto(batch, pair);
        }
    } catch (...) {
        batch.error = std::current_exception();
    }
    batch.last = true;
    send();
}

// Reading and validating run on a thread of their own, writing on this one; the report is
// filled here, in the sheet's order, exactly as if one thread did both.
void ImportRun::importRows(CsvReader &reader, std::optional<qint64> sheetId)
{
    // A price column the sheet lacks (SkyPilot's have no reserved prices) leaves the stored
    // price of an offer it updates as it is; an empty cell in a column it has clears it.
    WrittenPrices written;
    const SheetField priceFields[] = {SheetField::OnDemand,   SheetField::Spot,
                                      SheetField::Reserved1y, SheetField::Reserved3y,
                                      SheetField::Reserved1yUpfront, SheetField::Reserved3yUpfront};
    static_assert(std::size(priceFields) == std::tuple_size_v<WrittenPrices>);
    for (std::size_t i = 0; i < written.size(); ++i)
        written[i] = m_rowReader->hasColumn(priceFields[i]);
    m_writer.emplace(m_document.connection(), sheetId, written);
    m_encoder.inheritFromSheet(m_writer->sheetSource(), m_writer->sheetAsOf());
    m_writer->sink = [this](qint64 line, const OfferWriter::Outcome &outcome) { settle(line, outcome); };
    m_sinceProgress.start();
    const qint64 totalBytes = reader.totalBytes();
    BatchQueue<Batch> queue(kQueuedBatches);
    std::thread reading([&] { produce(reader, queue); });
    // However this thread leaves (done, cancelled, failed), the reading thread ends before the
    // reader and the queue go away.
    struct Join {
        BatchQueue<Batch> &queue;
        std::thread &thread;
        ~Join()
        {
            queue.cancel();
            thread.join();
        }
    } join{queue, reading};
    qint64 bytesRead = 0;
    for (;;) {
        Batch batch = queue.pop();
        if (batch.error)
            std::rethrow_exception(batch.error);
        m_report.rowsRead += batch.rowsRead;
        for (Item &item : batch.items)
            consume(item);
        bytesRead = batch.bytesRead;
        reportProgress(bytesRead, totalBytes, false);
        if (batch.last)
            break;
        queue.recycle(std::move(batch));
    }
    m_writer->finish();
    // A key's duplicate warning comes when the writer settles it, up to a batch of rows later.
    const auto byLine = [](const RowIssue &a, const RowIssue &b) { return a.line < b.line; };
    std::sort(m_report.skips.begin(), m_report.skips.end(), byLine);
    std::stable_sort(m_report.warnings.begin(), m_report.warnings.end(), byLine);
    m_report.offers = m_writer->counts();
    m_writer.reset();
    reportProgress(bytesRead, totalBytes, true);
}

} // namespace

QString toString(RowStatus status)
{
    switch (status) {
    case RowStatus::Add: return QStringLiteral("add");
    case RowStatus::Update: return QStringLiteral("update");
    case RowStatus::Unchanged: return QStringLiteral("unchanged");
    case RowStatus::Skip: return QStringLiteral("skip");
    case RowStatus::Warning: return QStringLiteral("warning");
    }
    return {};
}

SheetImporter::SheetImporter(Document &document) : m_document(document) { }

ImportReport SheetImporter::preview(const QString &path, const ImportOptions &options)
{
    return run(path, options, false);
}

ImportReport SheetImporter::import(const QString &path, const ImportOptions &options)
{
    return run(path, options, true);
}

ImportReport SheetImporter::run(const QString &path, const ImportOptions &options, bool write)
{
    if (isApiPriceSheet(path, options))
        return importApiPriceSheet(m_document, path, options, write);
    ImportReport report;
    report.path = path;
    report.fileName = QFileInfo(path).fileName();
    const std::unique_ptr<CsvReader> reader = CsvReader::open(path);
    if (options.encoding)
        reader->setEncoding(*options.encoding);
    if (options.delimiter)
        reader->setDelimiter(*options.delimiter);
    report.encoding = toString(reader->encoding());
    report.delimiter = reader->delimiter();
    report.asOf = options.asOf;
    if (report.asOf.isEmpty())
        report.asOf = QFileInfo(path).lastModified().toUTC().date().toString(Qt::ISODate);
    else if (!QDate::fromString(report.asOf, Qt::ISODate).isValid())
        throw InputError(report.asOf, QStringLiteral("the as-of date must be YYYY-MM-DD"));

    // Hashed by the reading thread as it reads, so the file is read once.
    Sha256 hash;
    reader->setHash(&hash);
    ImportRun run(m_document, options, report);
    run.readHeader(*reader);

    Connection &connection = m_document.connection();
    std::optional<RelaxedSync> relaxed;
    if (write)
        relaxed.emplace(connection.database());
    // The import writes one link, each offer's to the sheet record it writes first in the same
    // transaction, and changes no offer's id; with the checks off, SQLite neither looks the
    // sheet up for every row nor keeps a statement journal for each batch (OfferWriter).
    const ForeignKeysOff foreignKeys(connection.database());
    SheetRecord sheet;
    sheet.fileName = report.fileName;
    sheet.preset = report.preset;
    sheet.importedAt = QDateTime::currentDateTimeUtc();
    sheet.asOf = report.asOf;
    sheet.source = run.defaults().source;
    try {
        connection.write([&] {
            // Every offer links to this record, so it is written first; the hash follows once
            // the sheet has been read to its end.
            const qint64 sheetId = m_document.catalog().recordSheet(sheet);
            for (const auto &[alias, model] : options.aliases)
                m_document.catalog().addGpuAlias(alias, m_document.catalog().findGpu(model)->name);
            run.importRows(*reader, sheetId);
            report.sha256 = QString::fromLatin1(hash.hex());
            if (!write || (options.strict && report.skipped > 0))
                throw RollBack();
            sheet.rowsAdded = report.offers.added;
            sheet.rowsUpdated = report.offers.updated;
            sheet.rowsUnchanged = report.offers.unchanged;
            sheet.rowsSkipped = report.skipped;
            m_document.catalog().updateSheetCounts(sheetId, sheet);
            auto setHash = connection.statement("UPDATE sheets SET sha256 = ? WHERE id = ?");
            setHash->bind(1, utf8(report.sha256));
            setHash->bind(2, static_cast<std::int64_t>(sheetId));
            setHash->exec();
            report.sheetId = sheetId;
        });
        report.written = true;
    } catch (const RollBack &) {
        report.refused = write;
    }
    return report;
}

} // namespace breakeven
