// The catalog dock against a 100,000-offer document: opening the document, building the widget
// and its first paint (budget: under a second, docs/benchmarks.md), then scrolling to the end and
// to the middle, and a sort by a column without an index. Prints the figures in milliseconds.
#include "catalog/catalogwidget.h"
#include "catalog/offertablemodel.h"
#include "store/document.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>

#include <cstdio>

using namespace breakeven;

namespace {

constexpr int kOffers = 100000;
constexpr double kFirstPaintBudgetMs = 1000.0;

CloudOffer benchmarkOffer(int i)
{
    static const char *providers[] = {"aws", "gcp", "azure", "lambda", "runpod", "vast", "tensordock"};
    static const char *gpus[] = {"A100-SXM4-80GB", "H100-SXM5-80GB", "L4", "T4", "RTX-4090", "A10G"};
    static const char *regions[] = {"us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1"};
    CloudOffer o;
    o.provider = QString::fromLatin1(providers[i % 7]);
    o.category = i % 7 < 3 ? CloudCategory::Hyperscaler : i % 7 == 5 ? CloudCategory::Marketplace : CloudCategory::MlCloud;
    o.instanceType = QStringLiteral("bench-%1").arg(i, 6, 10, QLatin1Char('0'));
    o.gpu = QString::fromLatin1(gpus[(i / 7) % 6]);
    o.gpuCount = 1 << (i % 4);
    o.vcpus = 8.0 * o.gpuCount;
    o.memoryGiB = 32.0 * o.gpuCount;
    o.region = QString::fromLatin1(regions[(i / 42) % 5]);
    const double perGpu = 0.2 + double((i * 7919) % 1000) / 100.0;
    o.onDemand = perGpu * o.gpuCount;
    if (i % 3 == 0)
        o.spot = perGpu * o.gpuCount * 0.4;
    if (i % 5 == 0)
        o.reserved1y = perGpu * o.gpuCount * 0.7;
    o.source = QStringLiteral("benchmark");
    o.asOf = QStringLiteral("20%1-%2-15").arg(23 + i % 3).arg(1 + i % 12, 2, 10, QLatin1Char('0'));
    return o;
}

double milliseconds(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    const QString path = dir.filePath(QStringLiteral("bench.breakeven"));
    {
        QElapsedTimer timer;
        timer.start();
        std::unique_ptr<Document> document = Document::create(path);
        std::vector<CloudOffer> offers;
        offers.reserve(kOffers);
        for (int i = 0; i < kOffers; ++i)
            offers.push_back(benchmarkOffer(i));
        document->catalog().saveOffers(offers); // one transaction
        std::printf("setup: document with %d more offers written in %.0f ms\n", kOffers, milliseconds(timer));
    }

    QElapsedTimer total;
    total.start();
    QElapsedTimer step;
    step.start();
    std::unique_ptr<Document> document = Document::open(path);
    const double openMs = milliseconds(step);
    step.restart();
    CatalogWidget widget;
    widget.resize(1200, 700);
    widget.setCurrentTab(CatalogWidget::OfferTab);
    widget.setDocument(document.get());
    const double createMs = milliseconds(step);
    step.restart();
    (void)widget.grab();
    const double paintMs = milliseconds(step);
    const double firstPaintMs = milliseconds(total);
    OfferTableModel *model = widget.offerModel();
    std::printf("offers in the table: %d\n", model->rowCount());
    std::printf("open document: %.1f ms\n", openMs);
    std::printf("create widget + setDocument: %.1f ms\n", createMs);
    std::printf("first paint (grab): %.1f ms\n", paintMs);
    std::printf("start to first paint: %.1f ms (budget %.0f ms, %.2f of it) — %s\n", firstPaintMs,
                kFirstPaintBudgetMs, firstPaintMs / kFirstPaintBudgetMs,
                firstPaintMs < kFirstPaintBudgetMs ? "within budget" : "OVER BUDGET");
    std::printf("page queries so far: %d\n", model->pageQueries());

    QTableView *view = widget.offerView();
    auto scrollTo = [&](const char *what, int value) {
        step.restart();
        view->verticalScrollBar()->setValue(value);
        (void)widget.grab();
        std::printf("scroll to the %s and paint: %.1f ms\n", what, milliseconds(step));
    };
    scrollTo("end", view->verticalScrollBar()->maximum());
    scrollTo("middle", view->verticalScrollBar()->maximum() / 2);
    scrollTo("top", 0);

    step.restart();
    view->sortByColumn(OfferTableModel::InstanceType, Qt::DescendingOrder);
    (void)widget.grab();
    std::printf("sort by instance (no index) and paint: %.1f ms\n", milliseconds(step));
    scrollTo("middle, sorted by instance", view->verticalScrollBar()->maximum() / 2);

    step.restart();
    OfferFilter filter;
    filter.gpu = QStringLiteral("H100-SXM5-80GB");
    filter.plan = PricingPlan::Spot;
    widget.setOfferFilter(filter);
    (void)widget.grab();
    std::printf("filter GPU + spot plan (%d rows) and paint: %.1f ms\n", model->rowCount(), milliseconds(step));
    std::printf("page queries in all: %d, pages cached: %d\n", model->pageQueries(), model->cachedPageCount());
    return firstPaintMs < kFirstPaintBudgetMs ? 0 : 2;
}
