// Criteria beyond cost (docs/model.md, "Criteria beyond cost"): the scores from the results at
// their bounds, the kinds' defaults, a user's own scores, the weights and the ranking.
#include "enginefixtures.h"
#include "engine/criteria.h"
#include "engine/resultsjson.h"
#include "exchange/scenariojson.h"

#include <QJsonArray>
#include <QtTest>

using namespace breakeven;
using namespace fixtures;

namespace {

double score(const CriteriaResult &r, int option, Criterion c)
{
    return r.options[std::size_t(option)].score[std::size_t(c)];
}

} // namespace

class TestCriteria : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void costScoresSpanOneToFive()
    {
        // One GPU at full load for 12 months: 8,760 GPU-hours. TCOs 8,760, 17,520 and 43,800.
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("a"), 1.0), cloud(QStringLiteral("b"), 2.0), cloud(QStringLiteral("c"), 5.0)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const CriteriaResult r = scoreCriteria(m, e);
        QCOMPARE(score(r, 0, Criterion::Cost), 5.0);
        QCOMPARE(score(r, 2, Criterion::Cost), 1.0);
        // 1 + 4 (43,800 - 17,520) / (43,800 - 8,760) = 4
        QCOMPARE(score(r, 1, Criterion::Cost), 4.0);
        // No jobs described: performance is the GPU's speed, the same for all three, not their cost.
        for (int i = 0; i < 3; ++i)
            QCOMPARE(score(r, i, Criterion::Performance), 5.0);
        QVERIFY(r.options[1].origin[std::size_t(Criterion::Cost)] == ScoreOrigin::Results);
    }

    void equalCostsScoreFiveEach()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("a"), 2.0), cloud(QStringLiteral("b"), 2.0)};
        s.onPremOptions = {build(QStringLiteral("box"), 17520)};
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(score(r, i, Criterion::Cost), 5.0);
            QCOMPARE(score(r, i, Criterion::Performance), 5.0);
        }
    }

    void performanceIsTimeToResultWhenJobsAreDescribed()
    {
        // 100 reference-GPU-hours on one GPU: REF takes 100 h, HALF 200 h. HALF is cheaper.
        Scenario s = scenario(1, 1, 12);
        s.workload.jobReferenceGpuHours = 100;
        s.cloudOptions = {cloud(QStringLiteral("fast"), 1.0), cloud(QStringLiteral("slow"), 0.1, PricingPlan::OnDemand, 1, QStringLiteral("HALF"))};
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        QCOMPARE(score(r, 0, Criterion::Performance), 5.0);
        QCOMPARE(score(r, 1, Criterion::Performance), 1.0);
        QCOMPARE(score(r, 0, Criterion::Cost), 1.0);
        QCOMPARE(score(r, 1, Criterion::Cost), 5.0);
    }

    // Without jobs, performance is the speed of the option's GPU (its relative throughput), higher
    // is better: 1 + 4 (x - min) / (max - min) among the feasible options. The cheapest is the
    // slowest here, so cost and performance pull apart.
    void performanceIsSpeedWithoutJobs()
    {
        Scenario s = scenario(1, 1, 12);
        s.gpus = {gpu(QStringLiteral("FAST"), 80, 2.0)}; // the scenario's own figure
        s.cloudOptions = {cloud(QStringLiteral("ref"), 1.0), cloud(QStringLiteral("half"), 0.1, PricingPlan::OnDemand, 1, QStringLiteral("HALF")),
                          cloud(QStringLiteral("fast"), 3.0, PricingPlan::OnDemand, 1, QStringLiteral("FAST"))};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const CriteriaResult r = scoreCriteria(m, e);
        QCOMPARE(score(r, 2, Criterion::Performance), 5.0);
        QCOMPARE(score(r, 1, Criterion::Performance), 1.0);
        // 1 + 4 (1 - 0.5) / (2 - 0.5)
        QCOMPARE(score(r, 0, Criterion::Performance), 1.0 + 4.0 / 3.0);
        QCOMPARE(score(r, 1, Criterion::Cost), 5.0);
        QCOMPARE(score(r, 2, Criterion::Cost), 1.0);
        QVERIFY(r.options[0].origin[std::size_t(Criterion::Performance)] == ScoreOrigin::Results);
        // The tooltip says the speed, against what, and why speed.
        const QString ref = scoreReason(m, e, r, 0, Criterion::Performance);
        QVERIFY2(ref.startsWith(QStringLiteral("Speed: 1 × the reference GPU (REF) for training.")), qPrintable(ref));
        QVERIFY2(ref.contains(QStringLiteral("No jobs are described")), qPrintable(ref));
        const QString fast = scoreReason(m, e, r, 2, Criterion::Performance);
        QVERIFY2(fast.startsWith(QStringLiteral("Speed: 2 × the reference GPU (REF) by the scenario's own figure.")),
                 qPrintable(fast));
        QVERIFY2(!fast.contains(QStringLiteral("cost")), qPrintable(fast));
    }

    // With jobs, time to result still decides performance, not the speed alone: two slow GPUs in
    // parallel can finish before one fast one.
    void speedDoesNotReplaceTimeToResult()
    {
        Scenario s = scenario(1, 1, 12);
        s.workload.jobReferenceGpuHours = 100;
        s.cloudOptions = {cloud(QStringLiteral("fast"), 1.0), cloud(QStringLiteral("slow"), 0.1, PricingPlan::OnDemand, 1, QStringLiteral("HALF"))};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const CriteriaResult r = scoreCriteria(m, e);
        QCOMPARE(score(r, 0, Criterion::Performance), 5.0);
        QVERIFY(scoreReason(m, e, r, 1, Criterion::Performance).startsWith(QStringLiteral("Time to result")));
    }

    // Spot capacity (a marketplace's interruptible offer included) can be taken back at any
    // moment: reliability 1, whoever sells it. The other criteria keep the kind's defaults.
    void spotScoresReliabilityOne()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("aws spot"), 1.0, PricingPlan::Spot), cloud(QStringLiteral("aws"), 2.0),
                          cloud(QStringLiteral("market spot"), 0.8, PricingPlan::Spot),
                          cloud(QStringLiteral("ml spot"), 0.9, PricingPlan::Spot)};
        s.cloudOptions[2].category = CloudCategory::Marketplace;
        s.cloudOptions[3].category = CloudCategory::MlCloud;
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const CriteriaResult r = scoreCriteria(m, e);
        QCOMPARE(score(r, 0, Criterion::Reliability), 1.0);
        QCOMPARE(score(r, 1, Criterion::Reliability), 5.0);
        QCOMPARE(score(r, 2, Criterion::Reliability), 1.0);
        QCOMPARE(score(r, 3, Criterion::Reliability), 1.0);
        QVERIFY(r.options[0].origin[std::size_t(Criterion::Reliability)] == ScoreOrigin::Kind);
        QCOMPARE(score(r, 0, Criterion::Flexibility), 4.0);
        QCOMPARE(score(r, 0, Criterion::Setup), 4.0);
        QCOMPARE(score(r, 2, Criterion::Flexibility), 5.0);
        QCOMPARE(defaultScore(m.option(0), Criterion::Reliability)->score, 1.0);

        const QString spot = scoreReason(m, e, r, 0, Criterion::Reliability);
        QVERIFY2(spot.startsWith(QStringLiteral("Spot capacity can be taken back at any moment: ")), qPrintable(spot));
        QVERIFY2(spot.endsWith(QStringLiteral("(the default for spot capacity)")), qPrintable(spot));
        QVERIFY2(!spot.contains(QStringLiteral("service level")), qPrintable(spot));
        const QString market = scoreReason(m, e, r, 2, Criterion::Reliability);
        QVERIFY2(market.startsWith(QStringLiteral("An interruptible offer can be taken back at any moment: ")), qPrintable(market));
        QVERIFY2(market.endsWith(QStringLiteral("(the default for a marketplace's interruptible offer)")), qPrintable(market));
        const QString onDemand = scoreReason(m, e, r, 1, Criterion::Reliability);
        QVERIFY2(onDemand.endsWith(QStringLiteral("(the default for a hyperscaler)")), qPrintable(onDemand));

        // With the default weights the hyperscaler's spot plan no longer takes reliability's 5:
        // its cost score, performance 5, setup 4, reliability 1, data control 3, scalability 5,
        // flexibility 4. Its cost: 1.0 an hour plus 10 % rework, between the marketplace's
        // 0.8 (+ 10 %) and on-demand's 2.0.
        const double cost = 1.0 + 4.0 * (2.0 - 1.1) / (2.0 - 0.88);
        QCOMPARE(score(r, 0, Criterion::Cost), cost);
        QCOMPARE(r.options[0].weighted, (40 * cost + 20 * 5 + 10 * 4 + 10 * 1 + 10 * 3 + 5 * 5 + 5 * 4) / 100.0);

        // A user's own score still replaces the default, and the tooltip says what it replaced.
        s.cloudOptions[0].scores[std::size_t(Criterion::Reliability)] = 3;
        const CostModel own = model(s);
        const Evaluation e2 = own.evaluate(1);
        const CriteriaResult r2 = scoreCriteria(own, e2);
        QCOMPARE(score(r2, 0, Criterion::Reliability), 3.0);
        const QString reason = scoreReason(own, e2, r2, 0, Criterion::Reliability);
        QVERIFY2(reason.startsWith(QStringLiteral("Your own score. Without it: the default for spot capacity, 1: Spot capacity")),
                 qPrintable(reason));
    }

    // A reservation binds for its term: flexibility 2, whoever sells it; its reliability stays the
    // kind's. The tooltip names the term.
    void aReservationScoresFlexibilityTwo()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("1y"), 1.0, PricingPlan::Reserved1y), cloud(QStringLiteral("3y"), 0.9, PricingPlan::Reserved3y),
                          cloud(QStringLiteral("18 months"), 0.95, PricingPlan::Reserved1y), cloud(QStringLiteral("on demand"), 2.0)};
        s.cloudOptions[1].category = CloudCategory::Marketplace;
        s.cloudOptions[2].commitmentMonths = 18;
        s.onPremOptions = {build(QStringLiteral("box"), 1000)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const CriteriaResult r = scoreCriteria(m, e);
        // Options: box 0, then the cloud options 1 to 4.
        QCOMPARE(score(r, 1, Criterion::Flexibility), 2.0);
        QCOMPARE(score(r, 2, Criterion::Flexibility), 2.0);
        QCOMPARE(score(r, 3, Criterion::Flexibility), 2.0);
        QCOMPARE(score(r, 4, Criterion::Flexibility), 4.0);
        QCOMPARE(score(r, 0, Criterion::Flexibility), 2.0); // bought hardware, for its own reason
        QCOMPARE(score(r, 1, Criterion::Reliability), 5.0);
        QCOMPARE(score(r, 2, Criterion::Reliability), 2.0);
        const QString oneYear = scoreReason(m, e, r, 1, Criterion::Flexibility);
        QVERIFY2(oneYear.startsWith(QStringLiteral("A reservation binds for its term (1 year)")), qPrintable(oneYear));
        QVERIFY2(oneYear.endsWith(QStringLiteral("(the default for a reservation)")), qPrintable(oneYear));
        QVERIFY2(scoreReason(m, e, r, 2, Criterion::Flexibility).contains(QStringLiteral("(3 years)")),
                 qPrintable(scoreReason(m, e, r, 2, Criterion::Flexibility)));
        QVERIFY2(scoreReason(m, e, r, 3, Criterion::Flexibility).contains(QStringLiteral("(18 months)")),
                 qPrintable(scoreReason(m, e, r, 3, Criterion::Flexibility)));
        QVERIFY2(scoreReason(m, e, r, 0, Criterion::Flexibility).contains(QStringLiteral("ages in place")),
                 qPrintable(scoreReason(m, e, r, 0, Criterion::Flexibility)));
    }

    void kindsHaveTheirDefaults_data()
    {
        QTest::addColumn<int>("category");   // -1: on-prem
        QTest::addColumn<int>("buildKind");
        QTest::addColumn<QList<double>>("expected"); // setup, reliability, data control, scalability, flexibility
        QTest::newRow("hyperscaler") << int(CloudCategory::Hyperscaler) << 0 << QList<double>{4, 5, 3, 5, 4};
        QTest::newRow("ml-cloud") << int(CloudCategory::MlCloud) << 0 << QList<double>{5, 4, 3, 4, 4};
        QTest::newRow("marketplace") << int(CloudCategory::Marketplace) << 0 << QList<double>{3, 2, 1, 3, 5};
        QTest::newRow("pre-built") << -1 << int(BuildKind::PreBuilt) << QList<double>{4, 4, 5, 2, 2};
        QTest::newRow("built-from-scratch") << -1 << int(BuildKind::BuiltFromScratch) << QList<double>{2, 3, 5, 2, 2};
        QTest::newRow("used-parts") << -1 << int(BuildKind::UsedParts) << QList<double>{1, 1, 5, 1, 2};
    }

    void kindsHaveTheirDefaults()
    {
        QFETCH(int, category);
        QFETCH(int, buildKind);
        QFETCH(QList<double>, expected);
        Scenario s = scenario(1, 1, 12);
        if (category >= 0) {
            s.cloudOptions = {cloud(QStringLiteral("x"), 1.0)};
            s.cloudOptions[0].category = CloudCategory(category);
        } else {
            s.onPremOptions = {build(QStringLiteral("x"), 1000)};
            s.onPremOptions[0].kind = BuildKind(buildKind);
        }
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        for (int k = 0; k < 5; ++k) {
            const auto c = Criterion(int(Criterion::Setup) + k);
            QCOMPARE(score(r, 0, c), expected[k]);
            QVERIFY(r.options[0].origin[std::size_t(c)] == ScoreOrigin::Kind);
            QVERIFY(!defaultScore(m.option(0), c)->reason.isEmpty());
        }
        QVERIFY(!defaultScore(m.option(0), Criterion::Cost));
        // A single option is the cheapest and the dearest at once.
        QCOMPARE(score(r, 0, Criterion::Cost), 5.0);
        // Defaults 40/20/10/10/10/5/5 over 100.
        const double weighted = (40 * 5 + 20 * 5 + 10 * expected[0] + 10 * expected[1] + 10 * expected[2]
                                 + 5 * expected[3] + 5 * expected[4]) / 100.0;
        QCOMPARE(r.options[0].weighted, weighted);
    }

    void ownScoresReplaceComputedAndDefaultOnes()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("a"), 1.0), cloud(QStringLiteral("b"), 2.0)};
        s.cloudOptions[1].scores[std::size_t(Criterion::Cost)] = 4.5;
        s.cloudOptions[1].scores[std::size_t(Criterion::DataControl)] = 1;
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        QCOMPARE(score(r, 1, Criterion::Cost), 4.5);
        QCOMPARE(score(r, 1, Criterion::DataControl), 1.0);
        QVERIFY(r.options[1].origin[std::size_t(Criterion::Cost)] == ScoreOrigin::Own);
        QVERIFY(r.options[1].origin[std::size_t(Criterion::DataControl)] == ScoreOrigin::Own);
        QCOMPARE(score(r, 0, Criterion::DataControl), 3.0);
    }

    void weightsDecideTheRanking()
    {
        // A cheap marketplace against a dearer box on the premises.
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("market"), 1.0)};
        s.cloudOptions[0].category = CloudCategory::Marketplace;
        s.onPremOptions = {build(QStringLiteral("box"), 17520)};
        s.onPremOptions[0].kind = BuildKind::PreBuilt;
        {
            const CostModel m = model(s);
            const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
            // Both on the same GPU: performance 5 each, whatever they cost.
            // market: cost 5, performance 5, 3, 2, 1, 3, 5 -> (200 + 100 + 30 + 20 + 10 + 15 + 25) / 100 = 4.0
            // box:    cost 1, performance 5, 4, 4, 5, 2, 2 -> (40 + 100 + 40 + 40 + 50 + 10 + 10) / 100 = 2.9
            QCOMPARE(r.options[1].weighted, 4.0);
            QCOMPARE(r.options[0].weighted, 2.9);
            QVERIFY(r.ranking == (std::vector<int>{1, 0}));
        }
        // Data control alone: the box wins.
        s.criterionWeights = {0, 0, 0, 0, 1, 0, 0};
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        QCOMPARE(r.options[0].weighted, 5.0);
        QCOMPARE(r.options[1].weighted, 1.0);
        QVERIFY(r.ranking == (std::vector<int>{0, 1}));
    }

    void aTieGoesToTheCheaper()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("dear"), 2.0), cloud(QStringLiteral("cheap"), 1.0)};
        s.criterionWeights = {0, 0, 1, 0, 0, 0, 0}; // setup only: both hyperscalers score 4
        const CostModel m = model(s);
        const CriteriaResult r = scoreCriteria(m, m.evaluate(1));
        QCOMPARE(r.options[0].weighted, r.options[1].weighted);
        QVERIFY(r.ranking == (std::vector<int>{1, 0}));
    }

    void infeasibleOptionsAreNotScored()
    {
        Scenario s = scenario(1, 1, 12);
        s.workload.minGpuMemoryGB = 40; // HALF has 24 GB
        s.cloudOptions = {cloud(QStringLiteral("fits"), 2.0),
                          cloud(QStringLiteral("small"), 0.1, PricingPlan::OnDemand, 1, QStringLiteral("HALF"))};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        QVERIFY(!m.isFeasible(1));
        const CriteriaResult r = scoreCriteria(m, e);
        QVERIFY(r.options[0].scored);
        QVERIFY(!r.options[1].scored);
        QVERIFY(r.ranking == (std::vector<int>{0}));
        // The infeasible option's low price does not stretch the scale: the one left scores 5.
        QCOMPARE(score(r, 0, Criterion::Cost), 5.0);
        const QJsonObject json = resultsToJson(m, e);
        const QJsonArray options = json.value(QStringLiteral("options")).toArray();
        QVERIFY(options[1].toObject().value(QStringLiteral("scores")).isNull());
        QVERIFY(options[1].toObject().value(QStringLiteral("weightedScore")).isNull());
        QCOMPARE(options[0].toObject().value(QStringLiteral("weightedScore")).toDouble(), r.options[0].weighted);
        QCOMPARE(json.value(QStringLiteral("criteriaRanking")).toArray(), (QJsonArray{QStringLiteral("fits")}));
    }

    void scoresAndWeightsRoundTripThroughJson()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("a"), 1.0)};
        s.onPremOptions = {build(QStringLiteral("box"), 1000)};
        QVERIFY(writeScenarioJson(s).contains("\"version\": 1"));
        s.cloudOptions[0].scores[std::size_t(Criterion::Reliability)] = 2.5;
        s.onPremOptions[0].scores[std::size_t(Criterion::Setup)] = 5;
        s.criterionWeights = {50, 10, 10, 10, 10, 5, 5};
        const QByteArray json = writeScenarioJson(s);
        QVERIFY(json.contains("\"version\": 2"));
        QVERIFY(json.contains("\"criteriaWeights\""));
        QVERIFY(json.contains("\"scores\""));
        QVERIFY(readScenarioJson(json) == s);
    }

    void badScoresAndWeightsAreNamed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("reason");
        const QByteArray head = R"({"format": "breakeven-scenario", "version": 2, )";
        QTest::newRow("score above 5") << head + R"("cloudOptions": [{"name": "a", "gpu": "REF", "pricePerHour": 1, "scores": {"setup": 6}}]})"
                                       << QStringLiteral("cloudOptions[0].scores.setup") << QStringLiteral("5");
        QTest::newRow("unknown criterion") << head + R"("onPremOptions": [{"name": "b", "gpu": "REF", "scores": {"security": 3}}]})"
                                           << QStringLiteral("onPremOptions[0].scores.security") << QString();
        QTest::newRow("all weights 0") << head + R"("criteriaWeights": {"cost": 0, "performance": 0, "setup": 0, "reliability": 0, "dataControl": 0, "scalability": 0, "flexibility": 0}})"
                                       << QStringLiteral("criteriaWeights") << QStringLiteral("above 0");
        QTest::newRow("negative weight") << head + R"("criteriaWeights": {"cost": -1}})"
                                         << QStringLiteral("criteriaWeights.cost") << QString();
    }

    void badScoresAndWeightsAreNamed()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, where);
        QFETCH(QString, reason);
        try {
            readScenarioJson(json);
            QFAIL("accepted");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), where);
            QVERIFY2(error.reason().contains(reason), qPrintable(error.reason()));
        }
    }

    void aPartialWeightsObjectKeepsTheOtherDefaults()
    {
        const Scenario s = readScenarioJson(R"({"format": "breakeven-scenario", "version": 2, "criteriaWeights": {"cost": 70}})");
        QVERIFY(s.criterionWeights == (CriterionWeights{70, 20, 10, 10, 10, 5, 5}));
    }
};

QTEST_GUILESS_MAIN(TestCriteria)
#include "test_criteria.moc"
