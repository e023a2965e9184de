// The command line's small traps, run as a process: a mistyped scenario name lists the names the
// document has, counts read "1 day" and "2 days", and `recommend` shows one row per instance type
// and plan (its other regions named) unless --all-regions asks for each.
#include "store/document.h"
#include "../support/testsupport.h"

#include <QDate>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using testsupport::Run;
using testsupport::runBreakeven;

// The numbered rows of `recommend`'s text: "3. aws p5.48xlarge (us-east-1 +8), reserved-3y: …".
struct Row {
    QString provider, instance, regions, plan;
};

QList<Row> rowsOf(const QByteArray &out)
{
    static const QRegularExpression line(QStringLiteral(R"(^\d+\. (\S+) (\S+)(?: \(([^)]*)\))?, ([^:]+):)"),
                                         QRegularExpression::MultilineOption);
    QList<Row> rows;
    auto it = line.globalMatch(QString::fromUtf8(out));
    while (it.hasNext()) {
        const auto m = it.next();
        rows.append({m.captured(1), m.captured(2), m.captured(3), m.captured(4)});
    }
    return rows;
}

} // namespace

class TestNoTrapsCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("traps.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), m_path}).exitCode, 0);
        auto document = breakeven::Document::open(m_path);
        m_names = document->scenarios().names();
        QVERIFY(m_names.size() >= 2);
        // The GPU-time example (the serving example names H100s too).
        for (const QString &name : m_names)
            if (name.contains(QStringLiteral("H100")) && !name.contains(QStringLiteral("Llama")))
                m_h100 = name;
        QVERIFY(!m_h100.isEmpty());
    }

    // DOCUMENT#name with a name the document does not have: the error lists every name it has.
    void wrongScenarioNameListsTheNames()
    {
        for (const QString &command : {QStringLiteral("compare"), QStringLiteral("recommend")}) {
            const Run run = runBreakeven({command, m_path + QStringLiteral("#H100 teem")});
            QCOMPARE(run.exitCode, 1);
            const QString err = QString::fromUtf8(run.err);
            QVERIFY2(err.contains(QStringLiteral("scenario \"H100 teem\"")), run.err.constData());
            QVERIFY2(err.contains(QStringLiteral("the document has")), run.err.constData());
            for (const QString &name : m_names)
                QVERIFY2(err.contains(QLatin1Char('"') + name + QLatin1Char('"')), qPrintable(name + QStringLiteral(": ") + err));
        }
        // The right name still works.
        QCOMPARE(runBreakeven({QStringLiteral("compare"), m_path + u'#' + m_h100}).exitCode, 0);
    }

    // A price one day old reads "1 day old"; two days, "2 days old".
    void countsAreSingularForOne()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("aged.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), path}).exitCode, 0);
        for (const int days : {1, 2}) {
            {
                auto document = breakeven::Document::open(path);
                const breakeven::Scenario s = document->scenarios().load(m_h100);
                breakeven::CloudOffer cheap;
                cheap.provider = QStringLiteral("bargain");
                cheap.instanceType = QStringLiteral("one-gpu");
                cheap.gpu = s.referenceGpu;
                cheap.gpuCount = 1;
                cheap.currency = s.currency;
                cheap.onDemand = 0.01;
                cheap.asOf = QDate::currentDate().addDays(-days).toString(Qt::ISODate);
                document->catalog().saveOffer(cheap);
            }
            const Run run = runBreakeven({QStringLiteral("recommend"), path + u'#' + m_h100, QStringLiteral("--top"),
                                          QStringLiteral("1")});
            QCOMPARE(run.exitCode, 0);
            const QByteArray expected = days == 1 ? "price 1 day old" : "price 2 days old";
            QVERIFY2(run.out.contains("bargain one-gpu") && run.out.contains(expected), run.out.constData());
            QVERIFY2(!run.out.contains("1 days"), run.out.constData());
            // "the 1 best instance type and plan", not "the 1 best … types".
            QVERIFY2(run.out.contains("the 1 best instance type and plan of"), run.out.constData());
        }
    }

    // By default one row per provider, instance type and plan, at its cheapest region, the other
    // regions counted ("us-east-1 +8") and named; --all-regions lists each region's offer.
    void recommendGroupsRegions()
    {
        const QStringList base{QStringLiteral("recommend"), m_path + u'#' + m_h100, QStringLiteral("--plan"),
                               QStringLiteral("reserved-3y"), QStringLiteral("--top"), QStringLiteral("8")};
        const Run grouped = runBreakeven(base);
        QCOMPARE(grouped.exitCode, 0);
        const QList<Row> rows = rowsOf(grouped.out);
        QCOMPARE(rows.size(), 8);
        QSet<QString> seen;
        bool counted = false;
        for (const Row &row : rows) {
            const QString key = row.provider + u' ' + row.instance + u' ' + row.plan;
            QVERIFY2(!seen.contains(key), qPrintable(key + QStringLiteral(" twice:\n") + QString::fromUtf8(grouped.out)));
            seen.insert(key);
            static const QRegularExpression more(QStringLiteral(R"(^\S+ \+(\d+)$)"));
            if (const auto m = more.match(row.regions); m.hasMatch()) {
                counted = true;
                QVERIFY(m.captured(1).toInt() >= 1);
            }
        }
        QVERIFY2(counted, grouped.out.constData());
        QVERIFY2(grouped.out.contains("   also in ") && grouped.out.contains("--all-regions"), grouped.out.constData());

        const Run each = runBreakeven(base + QStringList{QStringLiteral("--all-regions")});
        QCOMPARE(each.exitCode, 0);
        const QList<Row> all = rowsOf(each.out);
        QCOMPARE(all.size(), 8);
        QHash<QString, QSet<QString>> regionsOf;
        for (const Row &row : all) {
            QVERIFY2(!row.regions.contains(u'+'), qPrintable(row.regions));
            regionsOf[row.provider + u' ' + row.instance + u' ' + row.plan].insert(row.regions);
        }
        // One instance and plan in several regions, each a row of its own.
        QVERIFY2(std::any_of(regionsOf.cbegin(), regionsOf.cend(), [](const QSet<QString> &r) { return r.size() > 1; }),
                 each.out.constData());
        QVERIFY2(!each.out.contains("also in"), each.out.constData());
        // The best row is the same either way.
        QCOMPARE(all.first().provider + all.first().instance + all.first().plan,
                 rows.first().provider + rows.first().instance + rows.first().plan);
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
    QStringList m_names;
    QString m_h100;
};

QTEST_GUILESS_MAIN(TestNoTrapsCli)
#include "test_notrapscli.moc"
