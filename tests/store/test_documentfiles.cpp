// Files a document must be refused as, each left byte-for-byte as it was with no -wal or
// -shm beside it, and the upgrade of an old document.
#include "catalog/gpucatalog.h"
#include "inputerror.h"
#include "store/database.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <SQLiteCpp/Database.h>

using namespace breakeven;
using namespace storetest;

class TestDocumentFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void refusesUntrustedFiles_data();
    void refusesUntrustedFiles();
    void refusesMissingFile();
    void upgradesVersionZeroDocument();
    void upgradesVersionEightDocumentWithProfiles();
    void upgradesVersionTwoDocument();
    void keepsTheDiscountingConvention();
    void keepsFinancingAndTaxes();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString copyOfTemplate(const QString &name);
    QString makeFixture(const QString &kind);

    QTemporaryDir m_dir;
    QString m_template;
};

void TestDocumentFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_template = path(QStringLiteral("template.breakeven"));
    Document::create(m_template);
}

QString TestDocumentFiles::copyOfTemplate(const QString &name)
{
    QString copy = path(name);
    QFile::remove(copy);
    if (!QFile::copy(m_template, copy))
        return {};
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    return copy;
}

QString TestDocumentFiles::makeFixture(const QString &kind)
{
    QString file = path(kind + QStringLiteral(".breakeven"));
    QFile::remove(file);
    if (kind == QLatin1String("random-bytes")) {
        QByteArray bytes(8192, Qt::Uninitialized);
        QRandomGenerator generator(42);
        for (char &c : bytes)
            c = char(generator.bounded(256));
        writeFile(file, bytes);
    } else if (kind == QLatin1String("empty")) {
        writeFile(file, {});
    } else if (kind == QLatin1String("csv-text")) {
        writeFile(file, "provider,instance_type\naws,p4d.24xlarge\n");
    } else if (kind == QLatin1String("header-only")) {
        writeFile(file, QByteArray("SQLite format 3\0", 16));
    } else if (kind.startsWith(QLatin1String("other-app"))) {
        SQLite::Database other(file.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        other.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
        other.exec("INSERT INTO notes (text) VALUES ('hello')");
        if (kind == QLatin1String("other-app-id"))
            other.exec("PRAGMA application_id = 305419896"); // 0x12345678
    } else if (kind == QLatin1String("newer-version")) {
        copyOfTemplate(file.section(u'/', -1));
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE);
        raw.exec("PRAGMA user_version = " + std::to_string(latestSchemaVersion() + 1));
    } else if (kind.startsWith(QLatin1String("truncated"))) {
        QByteArray half = readFile(m_template);
        half.truncate(half.size() / 2);
        // Without "version-valid-for" matching the change counter, SQLite ignores the size in
        // the header and takes the file's: only quick_check can notice the missing pages.
        if (kind == QLatin1String("truncated-unvouched"))
            half[95] = char(half[95] ^ 0x5A);
        writeFile(file, half);
    } else if (kind == QLatin1String("corrupted-page")) {
        copyOfTemplate(file.section(u'/', -1));
        int rootPage = 0;
        int pageSize = 0;
        {
            // Immutable: a plain read-only connection would leave -wal and -shm behind.
            const std::string uri
                = QUrl::fromLocalFile(file).toEncoded().toStdString() + "?immutable=1";
            SQLite::Database raw(uri, SQLite::OPEN_READONLY | SQLite::OPEN_URI);
            rootPage
                = raw.execAndGet("SELECT rootpage FROM sqlite_schema WHERE name = 'cloud_offers'")
                      .getInt();
            pageSize = raw.execAndGet("PRAGMA page_size").getInt();
        }
        QByteArray bytes = readFile(file);
        const qsizetype offset = qsizetype(rootPage - 1) * pageSize;
        bytes.replace(offset, 64, QByteArray(64, char(0xFF)));
        writeFile(file, bytes);
    } else if (kind == QLatin1String("missing-table")) {
        copyOfTemplate(file.section(u'/', -1));
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE sheet_mappings");
    }
    return file;
}

void TestDocumentFiles::refusesUntrustedFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("reason");
    QTest::newRow("random bytes") << "random-bytes"
                                  << "not an SQLite database";
    QTest::newRow("empty file") << "empty"
                                << "not an SQLite database";
    QTest::newRow("CSV text") << "csv-text"
                              << "not an SQLite database";
    QTest::newRow("SQLite magic only") << "header-only"
                                       << "not an SQLite database";
    QTest::newRow("another application's database")
        << "other-app"
        << "not a Breakeven document (application_id 0x0)";
    QTest::newRow("another application's id")
        << "other-app-id"
        << "not a Breakeven document (application_id 0x12345678)";
    QTest::newRow("newer version")
        << "newer-version"
        << QStringLiteral(
               "written by a newer version of Breakeven (schema %1; this version reads up to %2)")
               .arg(latestSchemaVersion() + 1)
               .arg(latestSchemaVersion());
    QTest::newRow("truncated document") << "truncated"
                                        << "damaged: the file is truncated";
    QTest::newRow("truncated, size in header not vouched for") << "truncated-unvouched"
                                                               << "damaged: ";
    QTest::newRow("corrupted page") << "corrupted-page"
                                    << "damaged: ";
    QTest::newRow("table missing") << "missing-table"
                                   << "damaged: table sheet_mappings is missing";
}

void TestDocumentFiles::refusesUntrustedFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, reason);
    const QString file = makeFixture(kind);
    QVERIFY(QFile::exists(file));
    QVERIFY(!QFile::exists(file + QStringLiteral("-wal")));
    const QByteArray before = fileHash(file);
    const qint64 sizeBefore = QFileInfo(file).size();

    try {
        Document::open(file);
        QFAIL("the file was opened");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), file);
        QVERIFY2(error.reason().startsWith(reason), qPrintable(error.reason()));
        if (reason.endsWith(QLatin1String(": ")))
            QVERIFY2(error.reason().size() > reason.size(), "the damage is not described");
    }
    QCOMPARE(fileHash(file), before);
    QCOMPARE(QFileInfo(file).size(), sizeBefore);
    QVERIFY(!QFile::exists(file + QStringLiteral("-wal")));
    QVERIFY(!QFile::exists(file + QStringLiteral("-shm")));
    QVERIFY(!QFile::exists(file + QStringLiteral("-journal")));
}

// Schema 9: a document of schema 8 gets the bundled throughput profiles for the GPUs it has under
// bundled names (not for one of its own), and its workloads compare by training.
void TestDocumentFiles::upgradesVersionEightDocumentWithProfiles()
{
    const QString file = path(QStringLiteral("version8.breakeven"));
    {
        const std::unique_ptr<Document> document = Document::create(file);
        GpuModel own;
        own.name = QStringLiteral("HOMEMADE-1");
        own.memoryGB = 16;
        own.relativeThroughput = 0.7;
        document->catalog().saveGpuModel(own);
        document->scenarios().save(fullScenario(QStringLiteral("old")));
    }
    {
        // As schema 8 left it: the earlier single figures, one of them (the A10's) the user's own.
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE gpu_throughput");
        raw.exec("ALTER TABLE workloads DROP COLUMN throughput_profile");
        dropSchema18(raw);
        dropSchema17(raw);
        dropSchema16(raw);
        dropSchema15Columns(raw);
        // Schema 14's discounting convention and a big cluster's figures.
        raw.exec("ALTER TABLE scenarios DROP COLUMN discounting");
        for (const char *column : {"colocation_per_kw_month", "spare_share", "goodput"})
            raw.exec(std::string("ALTER TABLE builds DROP COLUMN ") + column);
        raw.exec("ALTER TABLE cloud_options DROP COLUMN goodput");
        // Schema 13's demand profiles and hybrid options.
        raw.exec("DROP TABLE hybrid_options");
        raw.exec("DROP TABLE workload_demands");
        // Schema 12's uncertainty.
        raw.exec("DROP TABLE uncertain_inputs");
        raw.exec("ALTER TABLE scenarios DROP COLUMN uncertainty_samples");
        raw.exec("ALTER TABLE scenarios DROP COLUMN uncertainty_seed");
        // Schema 11's prices paid all upfront.
        for (const char *table : {"cloud_offers", "offer_prices"})
            for (const char *column : {"reserved_1y_upfront", "reserved_3y_upfront"})
                raw.exec(std::string("ALTER TABLE ") + table + " DROP COLUMN " + column);
        // Schema 10's criteria: weights per scenario, scores per option.
        for (const char *criterion : {"cost", "performance", "setup", "reliability", "data_control", "scalability", "flexibility"}) {
            raw.exec(std::string("ALTER TABLE scenarios DROP COLUMN weight_") + criterion);
            raw.exec(std::string("ALTER TABLE cloud_options DROP COLUMN score_") + criterion);
            raw.exec(std::string("ALTER TABLE builds DROP COLUMN score_") + criterion);
        }
        raw.exec("UPDATE gpu_models SET relative_throughput = 3.17 WHERE key = 'H100SXM580GB'");
        raw.exec("UPDATE gpu_models SET relative_throughput = 0.45 WHERE key = 'A10'");
        raw.exec("PRAGMA user_version = 8");
    }
    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const std::optional<GpuModel> h100 = document->catalog().findGpu(QStringLiteral("H100-SXM5-80GB"));
    QVERIFY(h100);
    QCOMPARE(h100->profiles, GpuCatalog::bundled().find(QStringLiteral("H100-SXM5-80GB"))->profiles);
    QCOMPARE(h100->relativeThroughput, GpuCatalog::bundled().find(QStringLiteral("H100-SXM5-80GB"))->relativeThroughput);
    // The user's own figure wins for every kind of work.
    const std::optional<GpuModel> a10 = document->catalog().findGpu(QStringLiteral("A10"));
    QVERIFY(a10);
    QCOMPARE(a10->figure(ThroughputProfile::Training).relative, 0.0);
    QCOMPARE(a10->throughputFor(ThroughputProfile::LlmTraining), 0.45);
    const std::optional<GpuModel> own = document->catalog().findGpu(QStringLiteral("HOMEMADE-1"));
    QVERIFY(own);
    QCOMPARE(own->figure(ThroughputProfile::Training).relative, 0.0);
    QCOMPARE(own->throughputFor(ThroughputProfile::LlmTraining), 0.7);
    const Scenario old = document->scenarios().load(QStringLiteral("old"));
    QVERIFY(old.workload.throughputProfile == ThroughputProfile::Training);
    // Criteria: the default weights, no scores of the user's own; the rest as it was.
    QVERIFY(old.criterionWeights == kDefaultCriterionWeights);
    QVERIFY(!old.cloudOptions.empty() && !old.onPremOptions.empty());
    for (const CloudOption &option : old.cloudOptions)
        QVERIFY(option.scores == CriterionScores{});
    for (const OnPremBuild &build : old.onPremOptions)
        QVERIFY(build.scores == CriterionScores{});
    Scenario expected = fullScenario(QStringLiteral("old"));
    expected.gpus = old.gpus;
    expected.criterionWeights = kDefaultCriterionWeights;
    expected.workload.throughputProfile = ThroughputProfile::Training;
    expected.uncertainty.reset();
    for (CloudOption &option : expected.cloudOptions)
        option.scores = {};
    for (OnPremBuild &build : expected.onPremOptions)
        build.scores = {};
    QCOMPARE(testsupport::scenarioDifferences(old, expected), QString());
}

void TestDocumentFiles::upgradesVersionZeroDocument()
{
    const QString file = path(QStringLiteral("version0.breakeven"));
    {
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    }
    {
        const std::unique_ptr<Document> document = Document::open(file);
        SQLite::Database &db = document->connection().database();
        QCOMPARE(db.execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
        for (const char *table : requiredTables())
            QVERIFY2(db.tableExists(table), table);
        QCOMPARE(document->scenarios().names(), QStringList());
    }
    SQLite::Database raw(file.toStdString(), SQLite::OPEN_READONLY);
    QCOMPARE(raw.execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    QCOMPARE(std::uint32_t(raw.execAndGet("PRAGMA application_id").getInt()), kApplicationId);
}

// Schemas 3 and 5 replace the offers table: ids, rows and the links scenarios keep to them
// survive, and the category rule and the key still hold (the key's columns now in the order
// instance type, region, provider). Schema 4 gives sheets a source; offers keep their own.
void TestDocumentFiles::upgradesVersionTwoDocument()
{
    const QString file = path(QStringLiteral("version2.breakeven"));
    QFile::remove(file);
    {
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("PRAGMA foreign_keys = ON");
        raw.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        for (const char *script : {":/pricing-db/schema/v1.sql", ":/pricing-db/schema/v2.sql"}) {
            QFile sql{QString::fromLatin1(script)};
            QVERIFY(sql.open(QIODevice::ReadOnly));
            raw.exec(sql.readAll().toStdString());
        }
        raw.exec("PRAGMA user_version = 2");
        raw.exec("INSERT INTO sheets (id, file_name, imported_at) VALUES (5, 'lambda.csv', '2026-01-01')");
        raw.exec("INSERT INTO cloud_offers (id, provider, category, instance_type, gpu, gpu_count, region, on_demand, "
                 "source, as_of, sheet_id) VALUES (40, 'lambda', 'ml-cloud', 'gpu_1x_h100', 'H100', 1, 'us-east-1', 2.49, "
                 "'Lambda price list', '2025-12-01', 5), "
                 "(41, 'aws', 'hyperscaler', 'p5.48xlarge', 'H100', 8, 'us-east-1', 98.32, '', '', NULL)");
        raw.exec("INSERT INTO scenarios (id, name) VALUES (1, 'plan')");
        raw.exec("INSERT INTO cloud_options (scenario_id, position, offer_id, name, category, pricing) "
                 "VALUES (1, 0, 40, 'Lambda H100', 'ml-cloud', 'on-demand')");
    }
    {
        // Opened for reading, it is upgraded in a copy in memory; the file stays at version 2,
        // byte for byte, with nothing beside it.
        const auto hash = [&] {
            QFile bytes(file);
            return bytes.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(bytes.readAll(), QCryptographicHash::Sha256) : QByteArray();
        };
        const QByteArray before = hash();
        {
            const std::unique_ptr<Document> reader = Document::openReadOnly(file);
            QVERIFY(reader->isReadOnly());
            QCOMPARE(reader->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
            QCOMPARE(reader->scenarios().names(), QStringList{QStringLiteral("plan")});
            QCOMPARE(reader->catalog().offer(40)->offer.source, QStringLiteral("Lambda price list"));
        }
        QCOMPARE(hash(), before);
        QVERIFY(!QFile::exists(file + QStringLiteral("-wal")) && !QFile::exists(file + QStringLiteral("-shm")));
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READONLY);
        QCOMPARE(raw.execAndGet("PRAGMA user_version").getInt(), 2);
    }
    {
        const std::unique_ptr<Document> document = Document::open(file);
        SQLite::Database &db = document->connection().database();
        QCOMPARE(db.execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
        QCOMPARE(db.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        QCOMPARE(db.execAndGet("SELECT group_concat(id || ':' || provider || ':' || on_demand || ':' || "
                               "ifnull(sheet_id, '-'), ' ') FROM (SELECT * FROM cloud_offers ORDER BY id)")
                     .getString(),
                 std::string("40:lambda:2.49:5 41:aws:98.32:-"));
        QCOMPARE(db.execAndGet("SELECT offer_id FROM cloud_options").getInt(), 40);
        QCOMPARE(db.execAndGet("SELECT count(*) FROM pragma_table_xinfo('cloud_offers')").getInt(), 20); // 18, and schema 11's two upfront prices
        QCOMPARE(db.execAndGet("SELECT group_concat(name, ',') FROM (SELECT ii.name FROM pragma_index_list('cloud_offers') il,"
                               " pragma_index_info(il.name) ii WHERE il.[unique] AND il.origin = 'u' ORDER BY ii.seqno)")
                     .getString(),
                 std::string("instance_type,region,provider"));
        QCOMPARE(db.execAndGet("SELECT source FROM sheets WHERE id = 5").getString(), std::string());
        const auto kept = document->catalog().offer(40);
        QCOMPARE(kept->offer.source, QStringLiteral("Lambda price list"));
        QCOMPARE(kept->offer.asOf, QStringLiteral("2025-12-01"));
        QVERIFY(db.execAndGet("SELECT sql FROM sqlite_schema WHERE name = 'cloud_offers'").getString().find(
                    "category = 'marketplace'") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
            db.exec("INSERT INTO cloud_offers (provider, category, instance_type, gpu, gpu_count) "
                    "VALUES ('x', 'bogus', 'i', 'H100', 1)"));
        QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
            db.exec("INSERT INTO cloud_offers (provider, category, instance_type, gpu, gpu_count, region) "
                    "VALUES ('lambda', 'ml-cloud', 'gpu_1x_h100', 'H100', 1, 'us-east-1')"));
        // Deleting an offer still clears the links to it: the foreign key follows the new table.
        db.exec("DELETE FROM cloud_offers WHERE id = 40");
        QVERIFY(db.execAndGet("SELECT offer_id FROM cloud_options").isNull());
    }
}

void TestDocumentFiles::refusesMissingFile()
{
    const QString file = path(QStringLiteral("absent.breakeven"));
    try {
        Document::open(file);
        QFAIL("a missing file was opened");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), file);
        QCOMPARE(error.reason(), QStringLiteral("no such file"));
    }
    QVERIFY(!QFile::exists(file));
    QVERIFY(!QFile::exists(file + QStringLiteral("-wal")));
}

// Schema 14: a scenario's discounting convention and what a big cluster adds. A document of schema
// 13 upgrades with every scenario discounted month by month, as it was; a yearly scenario is kept
// as one, with its parts' colocation per kW, spares and goodput, and an edit of its settings
// changes the convention back.
void TestDocumentFiles::keepsTheDiscountingConvention()
{
    const QString file = path(QStringLiteral("version13.breakeven"));
    qint64 old = 0;
    {
        const std::unique_ptr<Document> document = Document::create(file);
        old = document->scenarios().save(fullScenario(QStringLiteral("old")));
    }
    {
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE);
        dropSchema18(raw);
        dropSchema17(raw);
        dropSchema16(raw);
        dropSchema15Columns(raw);
        raw.exec("ALTER TABLE scenarios DROP COLUMN discounting");
        for (const char *column : {"colocation_per_kw_month", "spare_share", "goodput"})
            raw.exec(std::string("ALTER TABLE builds DROP COLUMN ") + column);
        raw.exec("ALTER TABLE cloud_options DROP COLUMN goodput");
        raw.exec("PRAGMA user_version = 13");
    }
    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    QVERIFY(document->scenarios().loadStored(old).scenario.discounting == Discounting::Monthly);
    Scenario yearly = fullScenario(QStringLiteral("finance"));
    yearly.discountRatePerYear = 0.1;
    yearly.discounting = Discounting::Yearly;
    // And what a big cluster adds, on a build and a cloud option.
    QVERIFY(!yearly.onPremOptions.empty() && !yearly.cloudOptions.empty());
    yearly.onPremOptions.front().colocationPerKWMonth = 150;
    yearly.onPremOptions.front().spareShare = 0.05;
    yearly.onPremOptions.front().goodput = 0.9;
    yearly.cloudOptions.front().goodput = 0.85;
    const qint64 id = document->scenarios().save(yearly);
    const Scenario stored = document->scenarios().loadStored(id).scenario;
    QVERIFY(stored.discounting == Discounting::Yearly);
    QCOMPARE(stored.onPremOptions.front().colocationPerKWMonth, 150.0);
    QCOMPARE(stored.onPremOptions.front().spareShare, 0.05);
    QCOMPARE(stored.onPremOptions.front().goodput, 0.9);
    QCOMPARE(stored.cloudOptions.front().goodput, 0.85);
    QVERIFY(stored == yearly);
    Scenario monthly = yearly;
    monthly.discounting = Discounting::Monthly;
    document->scenarios().setProperties(id, monthly);
    QVERIFY(document->scenarios().loadStored(id).scenario.discounting == Discounting::Monthly);
}

// Schema 15: how a build is paid for and a scenario's taxes. A document of schema 14 upgrades with
// every build paid in cash and no taxes, as it was; a leased build, a loan and taxes are kept, and
// an edit of the settings takes the taxes off again.
void TestDocumentFiles::keepsFinancingAndTaxes()
{
    const QString file = path(QStringLiteral("version14.breakeven"));
    qint64 old = 0;
    {
        const std::unique_ptr<Document> document = Document::create(file);
        old = document->scenarios().save(fullScenario(QStringLiteral("old")));
    }
    {
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE);
        dropSchema18(raw);
        dropSchema17(raw);
        dropSchema16(raw);
        dropSchema15Columns(raw);
        raw.exec("PRAGMA user_version = 14");
    }
    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const Scenario before = document->scenarios().loadStored(old).scenario;
    QVERIFY(!before.tax);
    for (const OnPremBuild &build : before.onPremOptions)
        QVERIFY(build.financing == Financing{});

    Scenario financed = fullScenario(QStringLiteral("financed"));
    QVERIFY(!financed.onPremOptions.empty());
    Financing lease;
    lease.method = FinancingMethod::Lease;
    lease.paymentPerMonth = 6500;
    lease.termMonths = 24;
    lease.buyout = 0.1;
    financed.onPremOptions.front().financing = lease;
    if (financed.onPremOptions.size() > 1) {
        Financing loan;
        loan.method = FinancingMethod::Loan;
        loan.annualRate = 0.095;
        loan.termMonths = 48;
        loan.downPayment = 0.2;
        financed.onPremOptions[1].financing = loan;
    }
    financed.tax = Tax{0.21, DepreciationMethod::StraightLine, 4};
    const qint64 id = document->scenarios().save(financed);
    const Scenario stored = document->scenarios().loadStored(id).scenario;
    QCOMPARE(scenarioDifferences(stored, financed), QString());
    QVERIFY(stored == financed);
    Scenario untaxed = financed;
    untaxed.tax.reset();
    document->scenarios().setProperties(id, untaxed);
    QVERIFY(!document->scenarios().loadStored(id).scenario.tax);
    // A lease's buy-out left open (a new lease each term) is NULL, not 0.
    Scenario renewed = financed;
    renewed.onPremOptions.front().financing.buyout.reset();
    const qint64 renewedId = document->scenarios().save(renewed);
    QVERIFY(!document->scenarios().loadStored(renewedId).scenario.onPremOptions.front().financing.buyout);
}

QTEST_GUILESS_MAIN(TestDocumentFiles)
#include "test_documentfiles.moc"
