// The inner loops of a risk analysis (docs/model.md, "How sampling is fast"): finding where two
// cumulative curves cross, quantiles by selection, and splitting work over two threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace breakeven {

// A block of sampled curves keeps this many samples side by side: month m of an option is 64
// consecutive floats, one per sample (a lane), so a month of every sample is a few vector loads.
inline constexpr int kLanes = 64;

// out[m * stride + k] = sum over r of basis[m * rank + r] * coefficients[r * kLanes + k], for
// m < months and k < kLanes: a block of curves from their coordinates in a basis, in single
// precision (eight lanes a step with AVX2 and FMA where the processor has them, chosen at run
// time; four with SSE2 otherwise). Each value the same whatever the stride.
void combineCurves(const float *basis, const float *coefficients, int months, int rank, float *out,
                   std::size_t stride = kLanes);

// For every lane k of a block, in the order of g < count: value[k] += w[g][k] at[g],
// terms[k] += |w[g][k]| bound[g] and left[k] += |w[g][k]| leftOut[g], where w[g] is
// weights + g * kLanes; in double, each product rounded before it is summed (the same on every
// processor; four lanes a step with AVX2).
void weighLanes(const double *weights, int count, const double *at, const double *bound, const double *leftOut,
                double *value, double *terms, double *left);

// A block's months in stretches of this many, for the bounds that let a sweep pass over them.
inline constexpr int kStretchMonths = 8;
inline constexpr int stretchesOf(int months) { return (months + kStretchMonths - 1) / kStretchMonths; }

// Per stretch of kStretchMonths months of a block of curves (as combineCurves writes them), each
// lane's least value (into `low`, when not null) and greatest (into `high`, when not null):
// stretchesOf(months) x kLanes floats each; then, per stretch, the least (greatest) of them over
// the lanes of `lanes` (the others may hold anything): stretchBoundsSize(months) floats each.
void stretchBounds(const float *curve, int months, std::uint64_t lanes, float *low, float *high);
inline constexpr std::size_t stretchBoundsSize(int months) { return std::size_t(stretchesOf(months)) * (kLanes + 1); }

// Sweeps months `from`..months - 1 of two blocks of curves (kLanes floats a month, as
// combineCurves writes them) for the lanes of `pending`, in single precision with margin[k]
// covering both curves' rounding and CostModel::crossoverMonth's level tolerance. A lane whose
// on-prem curve falls to -margin below the cloud's or further, having been more than margin above
// it the month before, crosses at m - 1 + d(m - 1) / (d(m - 1) - d(m)) (kept inside (m - 1, m]):
// out[k] gets it, the lane leaves `pending` and byMonth[m] counts it (at month 0: 0). Stops at
// the first month with a lane it cannot settle so (within the margin of level, or below without
// having been clearly above): returns that month with those lanes in `unsettled`, for the caller
// to decide in double; -1 when it reached the end. `onPremLow` and `cloudHigh` (stretchBounds of
// the two blocks, or null) only spare work: a lane whose on-prem least value of a stretch is more
// than margin above the cloud's greatest cannot cross in it, and is not looked at there; nor is
// any lane in a stretch where that holds over the block's lanes (`lanes` of stretchBounds
// covering those of `pending`), with the widest margin of the block.
int sweepCrossings(const float *onPrem, const float *cloud, const float *onPremLow, const float *cloudHigh,
                   const float *margin, int months, int from, std::uint64_t &pending, float *out,
                   std::uint32_t *byMonth, std::uint64_t &unsettled);

// The pay-off that sticks (docs/model.md, "Crossover and pay-off"), after sweepCrossings found the
// first crossing: for each lane k of `lanes`, whose first crossing lies in month after[k] (d <= 0
// there), the last month m > after[k] in which the on-prem curve may be dearer, d(m) > -margin[k]
// in single precision, into last[k]; -1 when there is none (buying stays not dearer after the
// first crossing). `onPremHigh` and `cloudLow` (stretchBounds of the two blocks) let it pass over
// a lane's stretch in which on-prem's greatest value is at least margin below the cloud's least.
// Goes backwards from the last month, so a lane is done at its first such month.
void lastDearerMonths(const float *onPrem, const float *cloud, const float *onPremHigh, const float *cloudLow,
                      const float *margin, int months, const int *after, std::uint64_t lanes, int *last);

// The month bucket of each of kLanes crossings, (m - 1, m] is m (ceil), into out; what a lane
// that did not cross gets is not to be read.
void monthsOf(const float *crossings, int *out);

// Per lane of a block of curves (kLanes floats a month), the greatest rise from one month to the
// next over months 1..months - 1 but those flagged in `skip` (when not null), or the least rise over
// every month: kLanes floats into `out`.
void greatestRises(const float *curve, int months, const char *skip, float *out);
void leastRises(const float *curve, int months, float *out);

// The lanes of `lanes` that stay ahead after their first crossing (month after[k]) for certain:
// the on-prem option's greatest rise outside its payment months (`rise`) is at least twice the
// bounds below the cloud option's least rise (`least`), so the difference cannot grow outside
// those months, and in each payment month m of `payments` after the first crossing the difference
// is at least the bound below zero.
std::uint64_t lanesStayingAhead(const float *onPrem, const float *cloud, const float *rise, const float *least,
                                const float *margin, const int *after, const std::vector<int> &payments, int months,
                                std::uint64_t lanes);

// Starts a pair's sweep over a block: out[k] = +inf for the lanes of `pending` (not crossed yet)
// and NaN for the others; margin[k] = errorOnPrem[k] + errorCloud[k] + 1e-12 (what sweepCrossings
// takes); returns the lanes whose on-prem TCO is below the cloud's (NaN: not).
std::uint64_t startPair(const double *tcoOnPrem, const double *tcoCloud, const float *errorOnPrem,
                        const float *errorCloud, std::uint64_t pending, float *margin, float *out);

// The lanes k of a block (kLanes floats) with above < values[k] <= atMost, a bit each; NaN never.
std::uint64_t lanesWithin(const float *values, float above, float atMost);

// The crossover inside (m - 1, m] from the differences at m - 1 (above) and m (not above), as
// sweepCrossings writes it.
float crossingIn(int month, double before, double now);

// out[k] = the ranks[k]-th smallest (from 0) of n values all in (month - 1, month], as sorting
// them gives, for k < count (at most 6): counted once into equal parts of the month (about four
// values to a part, 16 to 256 parts), the values of the parts holding a rank gathered in one more
// pass, then each rank selected among its part's (crossings fall in few months, so a month can
// hold thousands).
void selectInMonth(const float *values, std::size_t n, int month, const std::size_t *ranks, int count, float *out);

// The quantile q of sorted values (linear between order statistics).
double sortedQuantile(const std::vector<double> &sorted, double q);
// The same for `count` ascending q of unsorted values, reordering them (linear time each).
void selectQuantiles(std::vector<double> &values, const double *q, int count, double *out);

// The same `count` (at most 6) ascending q of each of `months` columns of n values (column m at
// values + m * n, finite), into out[m * count + k]: the order statistics sorting each column
// gives, exactly. Month after month, each quantile is first looked for between the values, this
// month, of the samples that were nearest it the month before (cumulative costs mostly keep their
// order), counting the values below and keeping the few inside; by buckets when that misses.
// The same with the values where a block of samples keeps them: sample s of month m at
// values[m * monthStride + (s / kLanes) * blockStride + s % kLanes]. Month by month as above is
// monthStride n and blockStride kLanes; curves as sampled, block after block (SampleBlock), is
// monthStride kLanes and blockStride the floats of a block: read where they are, not copied.
void selectQuantilesByMonth(const float *values, std::size_t n, int months, std::size_t monthStride,
                            std::size_t blockStride, const double *q, int count, double *out);
inline void selectQuantilesByMonth(const float *values, std::size_t n, int months, const double *q, int count,
                                   double *out)
{
    selectQuantilesByMonth(values, n, months, n, kLanes, q, count, out);
}

// The second thread of inHalves: the engine's helper thread, started once and kept for the
// process (so that its scratch memory and tables stay warm from one analysis to the next), or a
// thread of its own when the helper is already busy (two analyses at once, or a split within a
// split). join() waits for the task and rethrows what it threw; a task the helper has not begun
// by then (its core not given to it meanwhile) join() runs itself rather than wait for it, and
// the destructor (the first half threw) drops.
class SecondHalf
{
public:
    template <typename Task>
    explicit SecondHalf(const Task &task)
        : SecondHalf(&SecondHalf::call<Task>, &task)
    {
    }
    SecondHalf(const SecondHalf &) = delete;
    SecondHalf &operator=(const SecondHalf &) = delete;
    ~SecondHalf(); // joins
    void join();

private:
    SecondHalf(void (*call)(const void *), const void *context);
    void wait(bool runHere);
    template <typename Task>
    static void call(const void *task)
    {
        (*static_cast<const Task *>(task))();
    }

    void (*m_call)(const void *);
    const void *m_context;
    bool m_onHelper = false;
    bool m_joined = false;
    std::thread m_own;
    std::exception_ptr m_failure;
};

// For tests: while one is held, the helper thread begins no task posted to it, as when the
// machine gives its core to something else.
class HelperHold
{
public:
    HelperHold();
    HelperHold(const HelperHold &) = delete;
    HelperHold &operator=(const HelperHold &) = delete;
    ~HelperHold(); // releases
    void release();

private:
    bool m_released = false;
};

// Runs body(begin, end, first) over 0..count split in two halves, the second on another thread
// when there are two cores and at least `least` items; `first` tells the calling thread's half.
template <typename Body>
void inHalves(std::size_t count, std::size_t least, const Body &body)
{
    const std::size_t half = count >= least && std::thread::hardware_concurrency() > 1 ? count / 2 : count;
    if (half == count) {
        body(std::size_t(0), count, true);
        return;
    }
    const auto second = [&] { body(half, count, false); };
    SecondHalf other(second);
    body(std::size_t(0), half, true); // on a throw, other's destructor waits for the second half
    other.join();
}

// Runs body(k) for k in 0..count, on two threads when it is worth it, each taking the next k
// when it is done with one (the items need not cost alike).
// `least`: the fewest items worth a second thread.
template <typename Body>
void inParallel(std::size_t count, const Body &body, std::size_t least = 8)
{
    std::atomic<std::size_t> next = 0;
    inHalves(count, least, [&](std::size_t, std::size_t, bool) {
        for (std::size_t k = next++; k < count; k = next++)
            body(k);
    });
}

} // namespace breakeven
