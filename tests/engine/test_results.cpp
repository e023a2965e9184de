// Crossover, break-even utilization, cost ratio, "cheapest" answers and the n/a cases.
#include "enginefixtures.h"
#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "engine/offerranking.h"
#include "engine/resultstext.h"
#include "exchange/scenariojson.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace breakeven;
using namespace fixtures;

class TestResults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void crossoverInterpolation_data()
    {
        QTest::addColumn<QList<double>>("onPrem");
        QTest::addColumn<QList<double>>("cloud");
        QTest::addColumn<double>("expected"); // -1: never

        QTest::newRow("between months") << QList<double>{100, 100, 100} << QList<double>{0, 80, 160} << 1.25;
        QTest::newRow("exactly at a month") << QList<double>{100, 100, 100} << QList<double>{0, 50, 100} << 2.0;
        QTest::newRow("never dearer") << QList<double>{0, 10, 20} << QList<double>{0, 30, 60} << 0.0;
        QTest::newRow("equal from the start") << QList<double>{5, 10} << QList<double>{5, 10} << 0.0;
        QTest::newRow("stays dearer") << QList<double>{100, 110, 120} << QList<double>{0, 10, 20} << -1.0;
        QTest::newRow("first of two crossings") << QList<double>{10, 10, 30, 30} << QList<double>{0, 20, 20, 40} << 0.5;
    }

    void crossoverInterpolation()
    {
        QFETCH(QList<double>, onPrem);
        QFETCH(QList<double>, cloud);
        QFETCH(double, expected);
        const auto toArray = [](const QList<double> &v) {
            Eigen::ArrayXd a(v.size());
            for (int i = 0; i < v.size(); ++i)
                a(i) = v[i];
            return a;
        };
        const auto crossover = CostModel::crossoverMonth(toArray(onPrem), toArray(cloud));
        if (expected < 0) {
            QVERIFY(!crossover);
        } else {
            QVERIFY(crossover);
            QVERIFY(qAbs(*crossover - expected) < 1e-12);
        }
    }

    void breakEvenMatchesBruteForce_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 12; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

    void breakEvenMatchesBruteForce()
    {
        QFETCH(int, seed);
        QRandomGenerator rng{quint32(seed)};
        const auto between = [&](double lo, double hi) { return lo + (hi - lo) * rng.generateDouble(); };
        Scenario s = scenario(between(1, 16), 0.5, 36);
        s.workload.growthPerYear = between(0, 0.5);
        OnPremBuild b = build(QStringLiteral("b"), between(2000, 60000), 4);
        b.idleW = between(50, 300);
        b.loadW = *b.idleW + between(100, 2000);
        b.electricityPerKWh = between(0.05, 0.4);
        b.overheadPerYearOfHardware = between(0, 0.3);
        s.onPremOptions = {b};
        const PricingPlan plans[] = {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y};
        CloudOption c = cloud(QStringLiteral("c"), between(0.3, 4), plans[seed % 3]);
        c.platformFeePerMonth = between(0, 100);
        s.cloudOptions = {c};
        const CostModel m = model(s);
        const PairResult pair = m.comparePair(m.evaluate(0.5), 0, 1);

        // Scan u in small steps and find where the sign of TCO_b - TCO_c changes.
        std::optional<double> scanned;
        double previous = m.evaluate(0).tco(0) - m.evaluate(0).tco(1);
        const int steps = 20000;
        for (int i = 1; i <= steps && !scanned; ++i) {
            const double u = double(i) / steps;
            const Evaluation e = m.evaluate(u);
            const double gap = e.tco(0) - e.tco(1);
            if ((previous > 0) != (gap > 0))
                scanned = u;
            previous = gap;
        }
        QCOMPARE(bool(pair.breakEvenUtilization), bool(scanned));
        if (scanned) {
            QVERIFY(qAbs(*pair.breakEvenUtilization - *scanned) <= 1.0 / steps);
            const Evaluation above = m.evaluate(std::min(1.0, *pair.breakEvenUtilization + 0.01));
            const Winner cheaperAbove = above.tco(0) < above.tco(1) ? Winner::OnPrem : Winner::Cloud;
            QCOMPARE(*pair.winsAbove, cheaperAbove);
        }
    }

    void costRatioAndCheapest()
    {
        Scenario s = scenario(1, 1, 12);
        s.onPremOptions = {build(QStringLiteral("b"), 4380)};
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0), cloud(QStringLiteral("d"), 0.25)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const PairResult pair = m.comparePair(e, 0, 1);
        QCOMPARE(*pair.costRatio, 2.0);
        QCOMPARE(*e.cheapest, 2);
        QCOMPARE(*m.cheapestCloud(e), 2);
        QCOMPARE(*e.cheapestByMonth[0], 1); // at m = 0 nothing was spent on the cloud yet
        QCOMPARE(*e.cheapestByMonth[12], 2);
        QCOMPARE(m.pairs(e).size(), std::size_t(2));
        QCOMPARE(m.pairsAgainst(e, 2).size(), std::size_t(1));
        // Cloud is cheaper below u*, buying above it: 4380 = 12 * 730 * u * 1.0.
        QCOMPARE(*pair.breakEvenUtilization, 0.5);
        QCOMPARE(*pair.winsAbove, Winner::OnPrem);
    }

    // The pay-off that sticks (docs/model.md, "Crossover and pay-off"): a build of 7,300 USD on a
    // 12-month life against 730 USD a month of renting. Buying is ahead from month 10, bought
    // again in month 13 (dearer again from 12 + 1,460 / 6,570), and ahead for good from month 20.
    void payoffIsTheCrossingThatSticks()
    {
        Scenario s = rigBoughtEveryYear(24);
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        const PairResult pair = m.comparePair(e, 0, 1);
        QCOMPARE(*pair.crossoverMonth, 10.0); // the first crossing, kept for scripts
        QCOMPARE(pair.crossings.size(), std::size_t(3));
        QCOMPARE(pair.crossings[0].month, 10.0);
        QCOMPARE(pair.crossings[0].cheaperAfter, Winner::OnPrem);
        QVERIFY(std::abs(pair.crossings[1].month - (12.0 + 1460.0 / 6570.0)) < 1e-12);
        QCOMPARE(pair.crossings[1].cheaperAfter, Winner::Cloud);
        QCOMPARE(pair.crossings[2].month, 20.0);
        QCOMPARE(*pair.paysOffMonth, 20.0);
        QCOMPARE(pair.differenceAtHorizon, 14600.0 - 24 * 730.0);
        QCOMPARE(crossoverSentence(m, pair), QStringLiteral("buying rig pays off after 20.0 months (608 days) against rent"));

        // What the horizon leaves out: the second purchase, and what the unit sells for at H.
        const std::vector<Purchase> &purchases = m.purchases(0);
        QCOMPARE(purchases.size(), std::size_t(2));
        QCOMPARE(purchases[1].month, 13);
        QCOMPARE(purchases[1].units, 1);
        QCOMPARE(purchases[1].amount, 7300.0);
        QCOMPARE(purchases[1].reason, PurchaseReason::EndOfLifetime);
        // Bought in month 13, 11 months old at H: 7,300 × 0.8 (haircut) × 0.8^(11/12).
        QVERIFY(std::abs(m.valueAtHorizon(0) - 7300 * 0.8 * std::pow(0.8, 11.0 / 12.0)) < 1e-9);
        QCOMPARE(purchaseText(m, 0, purchases[1]),
                 QStringLiteral("a second rig in month 13, 7,300 USD, because its lifetime is 1 year"));

        // Stopped at 18 months, buying is ahead for a while and dearer at the end: no pay-off.
        s.horizonMonths = 18;
        const CostModel shorter = model(s);
        const Evaluation f = shorter.evaluate(1);
        const PairResult ahead = shorter.comparePair(f, 0, 1);
        QCOMPARE(*ahead.crossoverMonth, 10.0);
        QVERIFY(!ahead.paysOffMonth);
        QCOMPARE(ahead.crossings.size(), std::size_t(2));
        QCOMPARE(ahead.differenceAtHorizon, 1460.0);
        QCOMPARE(aheadForAWhileText(shorter, ahead),
                 QStringLiteral("ahead from month 10.0 to 12.2, then dearer after the purchase in month 13 (its 1-year "
                                "lifetime ends); 1,460 USD dearer at 18 months"));
        QCOMPARE(payoffCell(shorter, ahead), QStringLiteral("no (ahead for a while)"));
        QVERIFY(!crossoverSentence(shorter, ahead).contains(QStringLiteral("pays off after")));
    }

    // A reservation still running at the horizon says what it owes after it (worked example 10).
    void reservationOwedAfterTheHorizon()
    {
        Scenario s = scenario(1, 1, 12);
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        s.cloudOptions = {cloud(QStringLiteral("term"), 1.0, PricingPlan::Reserved3y)};
        const CostModel m = model(s);
        const auto &owed = m.owedAfterHorizon(1);
        QVERIFY(owed.has_value());
        QCOMPARE(owed->amount, 17520.0);
        QCOMPARE(owed->presentValue, 17520.0);
        QCOMPARE(owed->months, 24);
        QCOMPARE(owed->lastTermEnds, 36);
        QVERIFY(!m.owedAfterHorizon(0));
        QVERIFY(m.purchases(1).empty());
        const QStringList notes = horizonNotes(m, 1);
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes[0].contains(QStringLiteral("still owes 17,520 USD for 24 months after month 12")), qPrintable(notes[0]));
    }

    void zeroUtilizationIsNotApplicable()
    {
        Scenario s = scenario(2, 0);
        s.onPremOptions = {build(QStringLiteral("b"), 0)};
        s.cloudOptions = {cloud(QStringLiteral("c"), 0.0)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(0);
        QVERIFY(!e.costPerReferenceGpuHour[0]);
        QVERIFY(!e.costPerReferenceGpuHour[1]);
        const PairResult pair = m.comparePair(e, 0, 1);
        QVERIFY(!pair.costRatio);           // on-prem TCO is 0
        QVERIFY(!pair.breakEvenUtilization); // equal at every u
        QCOMPARE(*pair.crossoverMonth, 0.0);
        QVERIFY(e.monthly.allFinite());
        QVERIFY(e.cumulative.allFinite());
    }

    void emptyScenario()
    {
        const CostModel m = model(scenario());
        const Evaluation e = m.evaluate(0.5);
        QCOMPARE(e.monthly.rows(), Eigen::Index(0));
        QVERIFY(!e.cheapest);
        QVERIFY(m.pairs(e).empty());
    }

    // Scenarios beyond the format's limits (1e12 for any number) are refused by the check every
    // reader of a scenario runs before assembling it (the window's analysis, the command line) ...
    void hugeScenarioInputsAreRefused()
    {
        Scenario s = scenario(1e300, 1);
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0)};
        try {
            validateScenario(s);
            QFAIL("a workload of 1e300 GPUs was accepted");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), QStringLiteral("workload.gpus"));
            QVERIFY2(error.reason().contains(QStringLiteral("1e12")), qPrintable(error.reason()));
        }
    }

    // ... and the engine itself still stays finite when given such numbers directly.
    void hugeInputsStayFinite()
    {
        Scenario s = scenario(1, 1);
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0), cloud(QStringLiteral("d"), 1.0)};
        EngineInput in = assemble(s, catalog());
        in.gpus = 1e300;
        in.options[0].onPrem.hardware = 1e308;
        in.options[1].cloud.pricePerGpuHour = 1e308;
        const CostModel m(in);
        const Evaluation e = m.evaluate(1);
        QVERIFY(e.monthly.allFinite());
        QVERIFY(e.cumulative.allFinite());
        QVERIFY(!m.isFeasible(0));
        QVERIFY(!m.isFeasible(1));
        QVERIFY(m.status(1).reason.contains(QStringLiteral("too large")));
    }

    // The workload's profile picks each catalog GPU's figure, against the reference's figure of
    // the same profile; a GPU without that profile uses its single figure; the scenario's own
    // gpus entries win over the catalog whatever the profile (docs/model.md, "Throughput profiles").
    void theWorkloadsProfilePicksTheFigures()
    {
        GpuModel ref = gpu(QStringLiteral("REF"), 80, 1.0);
        ref.profiles[std::size_t(ThroughputProfile::LlmTraining)] = {1.0, QStringLiteral("measured"), QStringLiteral("r"), {}};
        ref.profiles[std::size_t(ThroughputProfile::Peak)] = {2.0, QStringLiteral("derived"), QStringLiteral("r"), {}};
        GpuModel fast = gpu(QStringLiteral("FAST"), 80, 1.5);
        fast.profiles[std::size_t(ThroughputProfile::Training)] = {1.5, QStringLiteral("measured"), QStringLiteral("suite"), {}};
        fast.profiles[std::size_t(ThroughputProfile::LlmTraining)] = {3.0, QStringLiteral("measured"), QStringLiteral("mlperf"), {}};
        fast.profiles[std::size_t(ThroughputProfile::Peak)] = {8.0, QStringLiteral("derived"), QStringLiteral("tflops"), {}};
        const GpuCatalog profiled({ref, fast}, {});
        Scenario s = scenario(4, 1);
        s.cloudOptions = {cloud(QStringLiteral("fast"), 1.0, PricingPlan::OnDemand, 1, QStringLiteral("FAST"))};
        const auto relative = [&](ThroughputProfile profile) {
            s.workload.throughputProfile = profile;
            const EngineInput in = assemble(s, profiled);
            return in.throughputProfile == profile ? in.options[0].relativeThroughput : -1.0;
        };
        QCOMPARE(relative(ThroughputProfile::Training), 1.5);
        QCOMPARE(relative(ThroughputProfile::LlmTraining), 3.0);
        QCOMPARE(relative(ThroughputProfile::Peak), 4.0); // 8 against the reference's 2
        // Neither has a memory-bound figure: both use their single figures.
        QCOMPARE(relative(ThroughputProfile::InferenceMemoryBound), 1.5);
        s.workload.throughputProfile = ThroughputProfile::LlmTraining;
        const EngineInput llm = assemble(s, profiled);
        QCOMPARE(llm.options[0].throughputBasis, QStringLiteral("measured"));
        QCOMPARE(llm.options[0].throughputSource, QStringLiteral("mlperf"));
        // Twice the throughput: half the GPU-hours, half the rental for the same work.
        const double trainingCost = [&] {
            s.workload.throughputProfile = ThroughputProfile::Training;
            return CostModel(assemble(s, profiled)).evaluate(1).tco(0);
        }();
        QVERIFY(qAbs(CostModel(llm).evaluate(1).tco(0) - trainingCost / 2) < 1e-9 * trainingCost);

        // The scenario's own figure wins, for every profile.
        GpuModel own = gpu(QStringLiteral("FAST"), 80, 0.25);
        s.gpus = {own};
        for (int p = 0; p < kThroughputProfileCount; ++p) {
            s.workload.throughputProfile = ThroughputProfile(p);
            const EngineInput in = assemble(s, profiled);
            QCOMPARE(in.options[0].relativeThroughput, 0.25);
            QCOMPARE(in.options[0].throughputBasis, QStringLiteral("the scenario's figure"));
        }
    }

    // The catalog ranked for a workload (docs/model.md, "Best offers"), checked by hand: the
    // cheapest GPU-hour that loses on work, spot rework that loses, a memory misfit and a quota
    // too small dropped, an offer that cannot be priced left out, a tie to the younger price.
    void ranksTheCatalogForTheWorkload()
    {
        GpuModel slow = gpu(QStringLiteral("SLOW"), 48, 0.5);
        GpuModel slower = gpu(QStringLiteral("SLOWER"), 48, 0.25);
        GpuModel small = gpu(QStringLiteral("SMALL"), 12, 1.0);
        const GpuCatalog catalog({gpu(QStringLiteral("REF"), 80, 1.0), slow, slower, small}, {});
        Scenario s = scenario(30, 1, 12);
        s.workload.minGpuMemoryGB = 20;
        s.onPremOptions = {build(QStringLiteral("rig"), 1e6, 30)};
        const auto offer = [](const char *gpu, std::optional<double> onDemand, std::optional<double> spot,
                              const char *currency = "USD") {
            CloudOffer o;
            o.provider = QStringLiteral("p");
            o.instanceType = QLatin1String(gpu);
            o.gpu = QLatin1String(gpu);
            o.gpuCount = 1;
            o.currency = QLatin1String(currency);
            o.onDemand = onDemand;
            o.spot = spot;
            return o;
        };
        const std::vector<RankCandidate> candidates = {
            {offer("REF", 2.0, std::nullopt), 10},
            {offer("REF", 2.0, std::nullopt), 3},     // the same price, younger: first
            {offer("SLOW", 1.2, std::nullopt), 3},    // 1.2 an hour, 2.4 per reference GPU-hour
            {offer("REF", std::nullopt, 1.9), 3},     // 1.9 × 1.1 rework = 2.09
            {offer("SMALL", 0.5, std::nullopt), 3},   // 12 GB of the 20 the work needs
            {offer("SLOWER", 0.1, std::nullopt), 3},  // 120 GPUs for the work, over the quota of 64
            {offer("REF", 0.5, std::nullopt, "XTS"), 3}, // no rate from XTS, in the scenario or the bundled ones
            {offer("NOSUCH", 0.5, std::nullopt), 3},  // a GPU the catalog does not know
        };
        const Ranking all = rankOffers(s, catalog, candidates, {}, 1.0, 10);
        QCOMPARE(all.evaluated, std::size_t(8));
        QCOMPARE(all.infeasible, std::size_t(4));
        QCOMPARE(all.offers.size(), std::size_t(4));
        const std::vector<std::size_t> order = {1, 0, 3, 2};
        for (std::size_t i = 0; i < order.size(); ++i)
            QCOMPARE(all.offers[i].candidate, order[i]);
        QVERIFY(qAbs(all.offers[0].tco - 30 * 730.0 * 12 * 2.0) < 1e-6);
        QVERIFY(qAbs(all.offers[2].tco - 30 * 730.0 * 12 * 1.9 * 1.1) < 1e-6);
        QVERIFY(qAbs(all.offers[3].tco - 60 * 730.0 * 12 * 1.2) < 1e-6); // 60 SLOW GPUs, within the quota
        QCOMPARE(*all.offers[3].costPerReferenceGpuHour, 2.4);
        QVERIFY(all.offers[0].option.pricing == PricingPlan::OnDemand);
        QVERIFY(all.offers[2].option.pricing == PricingPlan::Spot);
        // A million-dollar rig never pays off against 525,600 over a year.
        QCOMPARE(all.offers[0].crossoverMonths.size(), std::size_t(1));
        QVERIFY(!all.offers[0].crossoverMonths[0]);

        // Filters and the number kept.
        RankFilter spot;
        spot.plan = PricingPlan::Spot;
        const Ranking spotOnly = rankOffers(s, catalog, candidates, spot, 1.0, 10);
        QCOMPARE(spotOnly.offers.size(), std::size_t(1));
        QCOMPARE(spotOnly.offers[0].candidate, std::size_t(3));
        RankFilter young;
        young.maxPriceAgeDays = 5;
        const Ranking recent = rankOffers(s, catalog, candidates, young, 1.0, 10);
        QCOMPARE(recent.offers.front().candidate, std::size_t(1));
        QVERIFY(!std::any_of(recent.offers.begin(), recent.offers.end(),
                             [](const RankedOffer &r) { return r.candidate == 0; })); // 10 days old
        QCOMPARE(rankOffers(s, catalog, candidates, {}, 1.0, 2).offers.size(), std::size_t(2));
        RankFilter elsewhere;
        elsewhere.provider = QStringLiteral("q");
        QCOMPARE(rankOffers(s, catalog, candidates, elsewhere, 1.0, 10).evaluated, std::size_t(0));
    }

    // Best offers for the work asked: a workload counted in H100-SXM5-80GB, with no memory need
    // typed, needs 80 GB per GPU, so the 24 GB cards (RTX 3090, 4090) that would otherwise rank
    // first are left out; a need the user lowers lets them back in. The cost model itself keeps
    // the workload's own need, so a scenario's own 24 GB option stays feasible.
    void aWorkloadCountedInAGpuNeedsItsMemory()
    {
        Scenario s;
        s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
        s.horizonMonths = 60;
        s.workload.gpus = 16;
        s.workload.utilization = 0.6;
        QCOMPARE(s.workload.minGpuMemoryGB, 0.0);
        std::vector<RankCandidate> candidates;
        for (const CloudOffer &offer : loadBundledOffers())
            candidates.push_back({offer, 0});
        const GpuCatalog &catalog = GpuCatalog::bundled();
        const auto memoryOf = [&](const RankedOffer &r) { return catalog.find(candidates[r.candidate].offer.gpu)->memoryGB; };
        const auto isSmallCard = [&](const RankedOffer &r) {
            const QString gpu = candidates[r.candidate].offer.gpu;
            return gpu == QLatin1String("RTX-3090") || gpu == QLatin1String("RTX-4090");
        };

        const Ranking counted = rankOffers(s, catalog, candidates, {}, 0.6, 100000);
        QCOMPARE(counted.memoryNeed.gb, 80.0);
        QCOMPARE(counted.memoryNeed.countedIn, QStringLiteral("H100-SXM5-80GB"));
        QCOMPARE(memoryNeedText(counted.memoryNeed), QStringLiteral("at least 80 GB, like the H100-SXM5-80GB you count in"));
        QVERIFY(counted.offers.size() > 20);
        for (const RankedOffer &r : counted.offers)
            QVERIFY2(memoryOf(r) >= 80, qPrintable(candidates[r.candidate].offer.gpu));
        QVERIFY(std::none_of(counted.offers.begin(), counted.offers.end(), isSmallCard));

        // The user lowers the need to 24 GB: the 24 GB cards are back, and ahead of the others.
        s.workload.minGpuMemoryGB = 24;
        const Ranking lowered = rankOffers(s, catalog, candidates, {}, 0.6, 100000);
        QCOMPARE(lowered.memoryNeed.gb, 24.0);
        QVERIFY(lowered.memoryNeed.countedIn.isEmpty());
        QCOMPARE(memoryNeedText(lowered.memoryNeed), QStringLiteral("at least 24 GB, as the workload asks"));
        QVERIFY(std::any_of(lowered.offers.begin(), lowered.offers.end(), isSmallCard));
        QVERIFY2(memoryOf(lowered.offers.front()) < 80, qPrintable(candidates[lowered.offers.front().candidate].offer.gpu));
        QVERIFY(lowered.infeasible < counted.infeasible);
        QCOMPARE(lowered.evaluated, counted.evaluated);

        // Raising it above the GPU counted in is the user's too.
        s.workload.minGpuMemoryGB = 141;
        const Ranking raised = rankOffers(s, catalog, candidates, {}, 0.6, 100000);
        for (const RankedOffer &r : raised.offers)
            QVERIFY(memoryOf(r) >= 141);

        // The scenario's own cloud options are costed as before: a 4090 of its own stays feasible
        // with no memory need typed.
        s.workload.minGpuMemoryGB = 0;
        CloudOption own;
        own.name = QStringLiteral("own 4090");
        own.gpu = QStringLiteral("RTX-4090");
        own.pricePerHour = 0.4;
        s.cloudOptions = {own};
        QVERIFY(CostModel(assemble(s, catalog)).isFeasible(0));
    }

    // The ranking's shortcut (a line per plan and GPU through two engine probes) agrees with the
    // engine pricing every offer as it is: the same offers kept, in the engine's order of TCO,
    // under market rates, discounting, growth, spot rework and reservations.
    void rankingAgreesWithTheEngine()
    {
        Scenario s = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        s.cloudPriceChangePerYear = -0.3;
        s.discountRatePerYear = 0.07;
        s.workload.growthPerYear = 0.4;
        s.workload.minGpuMemoryGB = 40;
        s.horizonMonths = 30; // a 3-year reservation owes past it
        std::vector<RankCandidate> candidates;
        for (const CloudOffer &offer : loadBundledOffers())
            candidates.push_back({offer, 0});
        const Ranking ranking = rankOffers(s, GpuCatalog::bundled(), candidates, {}, 0.45, 100000);
        QVERIFY(ranking.offers.size() > 50);

        // Every offer and plan priced by the engine itself.
        Scenario every = s;
        every.cloudOptions.clear();
        // Every plan, and a reserved plan paid all upfront as a way to pay of its own.
        std::vector<std::pair<std::size_t, PaymentChoice>> which;
        std::size_t upfront = 0;
        for (std::size_t i = 0; i < candidates.size(); ++i)
            for (const PaymentChoice plan : paymentChoices())
                if (priceFor(candidates[i].offer, plan)) {
                    upfront += plan.allUpfront ? 1 : 0;
                    CloudOption option = cloudOptionFromOffer(candidates[i].offer, plan);
                    if (option.currency != s.currency && !s.exchangeRates.count(option.currency))
                        every.exchangeRates[option.currency] = *bundledExchangeRates().rate(option.currency, s.currency);
                    option.name = QStringLiteral("#%1").arg(every.cloudOptions.size());
                    every.cloudOptions.push_back(option);
                    which.push_back({i, plan});
                }
        QCOMPARE(ranking.evaluated, which.size());
        QVERIFY(upfront >= 60);
        const CostModel model(assemble(every, GpuCatalog::bundled()));
        const Evaluation e = model.evaluate(0.45);
        const int builds = int(every.onPremOptions.size());
        std::vector<std::pair<double, std::pair<std::size_t, PaymentChoice>>> feasible;
        for (std::size_t k = 0; k < which.size(); ++k)
            if (model.isFeasible(builds + int(k)))
                feasible.push_back({e.tco(builds + int(k)), which[k]});
        QCOMPARE(ranking.offers.size(), feasible.size());
        QCOMPARE(ranking.infeasible, which.size() - feasible.size());
        std::sort(feasible.begin(), feasible.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        for (std::size_t r = 0; r < feasible.size(); ++r) {
            QVERIFY2(qAbs(ranking.offers[r].tco - feasible[r].first) <= 1e-9 * feasible[r].first,
                     qPrintable(QStringLiteral("rank %1: %2 against %3").arg(r).arg(ranking.offers[r].tco).arg(feasible[r].first)));
        }
    }

    void noDemandBuysNothing()
    {
        Scenario s = scenario(0, 0.5);
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        const CostModel m = model(s);
        QCOMPARE(m.unitsInMonth(0, 1), 0);
        QCOMPARE(m.evaluate(0.5).tco(0), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestResults)
#include "test_results.moc"
