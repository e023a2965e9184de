// The inner loops of a risk analysis (docs/model.md, "How sampling is fast"): finding where two
// cumulative curves cross, quantiles by selection, and splitting work over two threads.
#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

namespace breakeven {

// CostModel::crossoverMonth over `months` entries of two contiguous curves, with the same result:
// the months are compared in vector steps (two with SSE2, four where the processor has AVX2,
// chosen at run time) until the on-prem curve is no longer above.
std::optional<double> firstCrossover(const double *onPremCumulative, const double *cloudCumulative, int months);

// The quantile q of sorted values (linear between order statistics).
double sortedQuantile(const std::vector<double> &sorted, double q);
// The same for `count` ascending q of unsorted values, reordering them (linear time each).
void selectQuantiles(std::vector<double> &values, const double *q, int count, double *out);
void selectQuantiles(std::vector<float> &values, const double *q, int count, double *out);

// Runs body(begin, end, first) over 0..count split in two halves, the second on another thread
// when there are two cores and at least `least` items; `first` tells the calling thread's half.
template <typename Body>
void inHalves(std::size_t count, std::size_t least, const Body &body)
{
    const std::size_t half = count >= least && std::thread::hardware_concurrency() > 1 ? count / 2 : count;
    std::exception_ptr failure;
    std::thread second;
    if (half < count)
        second = std::thread([&] {
            try {
                body(half, count, false);
            } catch (...) {
                failure = std::current_exception();
            }
        });
    try {
        body(std::size_t(0), half, true);
    } catch (...) {
        if (second.joinable())
            second.join();
        throw;
    }
    if (second.joinable())
        second.join();
    if (failure)
        std::rethrow_exception(failure);
}

// Runs body(k) for k in 0..count, on two threads when it is worth it.
template <typename Body>
void inParallel(std::size_t count, const Body &body)
{
    inHalves(count, 8, [&](std::size_t begin, std::size_t end, bool) {
        for (std::size_t k = begin; k < end; ++k)
            body(k);
    });
}

} // namespace breakeven
