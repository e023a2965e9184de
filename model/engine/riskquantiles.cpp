// Quantiles by selection (riskkernels.h): of many values by buckets, and of every month of the
// bands, following the samples nearest each quantile from one month to the next. Each gives the
// order statistics sorting would, exactly.
#include "riskkernels.h"
#include "riskcpu.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace breakeven {

namespace {

// The quantiles of many values by buckets: one pass finds the range, one counts the values of
// each of about n/2 equal buckets of it, which tells the bucket of every order statistic wanted;
// a last pass keeps the values of those few buckets only, and each order statistic is selected
// among its bucket's values. A value's bucket never decreases with the value, so the order
// statistics are exactly the sorted ones.
template <typename T>
struct BucketScratch {
    std::vector<std::uint32_t> start;
    std::vector<std::uint16_t> bucket;
    std::vector<int> slot;
    std::vector<T> kept[12]; // at most two buckets per quantile
};

template <typename T>
bool selectQuantilesByBuckets(const T *values, std::size_t n, const double *q, int count, double *out)
{
    thread_local BucketScratch<T> s;
    T low = values[0];
    T high = values[0];
    for (std::size_t i = 0; i < n; ++i) {
        low = std::min(low, values[i]);
        high = std::max(high, values[i]);
    }
    if (!(high > low)) {
        std::fill_n(out, count, double(low));
        return true;
    }
    const int buckets = int(std::clamp<std::size_t>(n / 2, 64, 8192));
    const double scale = double(buckets) / (double(high) - double(low));
    if (!std::isfinite(scale))
        return false;
    s.start.assign(std::size_t(buckets) + 1, 0);
    s.bucket.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const int b = std::min(buckets - 1, int((double(values[i]) - double(low)) * scale));
        s.bucket[i] = std::uint16_t(b);
        ++s.start[std::size_t(b) + 1];
    }
    for (int b = 0; b < buckets; ++b)
        s.start[std::size_t(b) + 1] += s.start[std::size_t(b)];
    // The order statistics wanted: below and above each h, and their buckets.
    std::array<std::size_t, 12> ranks{};
    std::array<int, 12> bucketOf{};
    s.slot.assign(std::size_t(buckets), -1);
    int usedSlots = 0;
    for (int k = 0; k < count && k < 6; ++k) {
        const double h = q[k] * double(n - 1);
        const auto below = std::size_t(std::floor(h));
        ranks[std::size_t(2 * k)] = below;
        ranks[std::size_t(2 * k + 1)] = below + 1 < n && h > double(below) ? below + 1 : below;
        for (int e = 0; e < 2; ++e) {
            const std::size_t rank = ranks[std::size_t(2 * k + e)];
            const int b = int(std::upper_bound(s.start.begin(), s.start.end(), std::uint32_t(rank)) - s.start.begin()) - 1;
            bucketOf[std::size_t(2 * k + e)] = b;
            if (s.slot[std::size_t(b)] < 0) {
                s.slot[std::size_t(b)] = usedSlots;
                s.kept[usedSlots].clear();
                ++usedSlots;
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (const int slot = s.slot[s.bucket[i]]; slot >= 0)
            s.kept[slot].push_back(values[i]);
    for (int k = 0; k < count && k < 6; ++k) {
        double at[2];
        for (int e = 0; e < 2; ++e) {
            const int b = bucketOf[std::size_t(2 * k + e)];
            std::vector<T> &kept = s.kept[s.slot[std::size_t(b)]];
            const auto rank = std::ptrdiff_t(ranks[std::size_t(2 * k + e)] - s.start[std::size_t(b)]);
            std::nth_element(kept.begin(), kept.begin() + rank, kept.end());
            at[e] = double(kept[std::size_t(rank)]);
        }
        const double h = q[k] * double(n - 1);
        out[k] = at[0] + (h - std::floor(h)) * (at[1] - at[0]);
    }
    return true;
}

template <typename T>
void selectQuantilesOf(std::vector<T> &values, const double *q, int count, double *out)
{
    if (values.size() >= 256 && values.size() < (std::size_t(1) << 32) && count <= 6
        && selectQuantilesByBuckets(values.data(), values.size(), q, count, out))
        return;
    std::size_t start = 0;
    for (int k = 0; k < count; ++k) {
        if (values.empty()) {
            out[k] = NAN;
            continue;
        }
        const double h = q[k] * double(values.size() - 1);
        const auto below = std::size_t(std::floor(h));
        std::nth_element(values.begin() + std::ptrdiff_t(start), values.begin() + std::ptrdiff_t(below), values.end());
        const double low = values[below];
        const double high = below + 1 < values.size() && h > double(below)
            ? double(*std::min_element(values.begin() + std::ptrdiff_t(below) + 1, values.end()))
            : low;
        out[k] = low + (h - double(below)) * (high - low);
        start = below;
    }
}

} // namespace

namespace {

// The wanted order statistics of one column: ranks low and high (high = low + 1 when the
// quantile falls between them), and the share of the way between.
struct ColumnRanks {
    std::size_t low[6];
    std::size_t high[6];
    double fraction[6];
};

// A value of a column and its sample, ordered by value, then sample (so the same every run): one
// 64-bit key, the value's bits made to order as unsigned integers (negative values' bits
// reversed, the sign bit set on the others) above the sample, so that ordering is one integer
// comparison. (-0 orders just below +0.)
struct Entry {
    std::uint64_t key;

    Entry() = default;
    Entry(float value, std::uint32_t sample)
        : key(std::uint64_t(ordered(std::bit_cast<std::uint32_t>(value))) << 32 | sample)
    {
    }
    float value() const
    {
        const auto bits = std::uint32_t(key >> 32);
        return std::bit_cast<float>((bits & 0x80000000u) != 0 ? bits & 0x7fffffffu : ~bits);
    }
    std::uint32_t sample() const { return std::uint32_t(key); }
    bool operator<(const Entry &other) const { return key < other.key; }

private:
    static std::uint32_t ordered(std::uint32_t bits) { return (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u; }
};

ColumnRanks ranksFor(std::size_t n, const double *q, int count)
{
    ColumnRanks r{};
    for (int k = 0; k < count; ++k) {
        const double h = q[k] * double(n - 1);
        r.low[k] = std::size_t(std::floor(h));
        r.high[k] = r.low[k] + 1 < n && h > double(r.low[k]) ? r.low[k] + 1 : r.low[k];
        r.fraction[k] = h - std::floor(h);
    }
    return r;
}

#if defined(BREAKEVEN_AVX2_DISPATCH)
// countAndKeep's vector steps (eight values a step) for `Count` quantiles, or `count` when Count
// is 0. Nothing inside the loop calls out, so that the bounds and the counts stay in registers:
// the counts are kept as vectors (a lane's compare is -1 where true), the samples inside written
// to room sized for the column and appended to `kept` after. Returns where it stopped.
template <int Count>
__attribute__((target("avx2"))) std::size_t countAndKeepAvx2(const float *column, std::size_t n, std::size_t monthStride,
                                                             std::size_t blockStride, const float *lo, const float *hi,
                                                             std::size_t *below, std::vector<Entry> *kept,
                                                             int count = Count)
{
    const int quantiles = Count > 0 ? Count : count;
    thread_local std::vector<Entry> room;
    if (room.size() < n * std::size_t(quantiles))
        room.resize(n * std::size_t(quantiles));
    __m256 low[6] = {};
    __m256 high[6] = {};
    __m256i notBelow[6] = {};
    std::size_t used[6] = {};
#pragma GCC unroll 6
    for (int k = 0; k < quantiles; ++k) {
        low[k] = _mm256_set1_ps(lo[k]);
        high[k] = _mm256_set1_ps(hi[k]);
        notBelow[k] = _mm256_setzero_si256();
    }
    Entry *const out = room.data();
    // Block by block (kLanes samples each, a multiple of 8), eight samples a step; only the last
    // block can be short.
    std::size_t i = 0;
    for (const float *block = column; i + 8 <= n; block += blockStride) {
        // The same samples' next month, which the next call reads: where the blocks lie far
        // apart, too far for the processor to guess.
        if (blockStride != std::size_t(kLanes))
            for (int line = 0; line < kLanes * int(sizeof(float)); line += 64)
                _mm_prefetch(reinterpret_cast<const char *>(block + monthStride) + line, _MM_HINT_T0);
        const std::size_t end = std::min(n, i + std::size_t(kLanes));
        for (const float *at = block; i + 8 <= end; i += 8, at += 8) {
            const __m256 v = _mm256_loadu_ps(at);
#pragma GCC unroll 6
            for (int k = 0; k < quantiles; ++k) {
                const __m256 atLeast = _mm256_cmp_ps(v, low[k], _CMP_GE_OQ);
                notBelow[k] = _mm256_sub_epi32(notBelow[k], _mm256_castps_si256(atLeast));
                const unsigned inside = unsigned(_mm256_movemask_ps(_mm256_and_ps(atLeast, _mm256_cmp_ps(v, high[k], _CMP_LE_OQ))));
                for (unsigned mask = inside; mask != 0; mask &= mask - 1) {
                    const auto lane = unsigned(std::countr_zero(mask));
                    out[std::size_t(k) * n + used[k]++] = Entry(at[lane], std::uint32_t(i + lane));
                }
            }
        }
        if (i < end)
            break; // a short last block: its remainder is the caller's
    }
    for (int k = 0; k < quantiles; ++k) {
        alignas(32) std::uint32_t lanes[8];
        _mm256_store_si256(reinterpret_cast<__m256i *>(lanes), notBelow[k]);
        std::size_t atLeast = 0;
        for (const std::uint32_t c : lanes)
            atLeast += c;
        below[k] += i - atLeast;
        kept[k].insert(kept[k].end(), out + std::size_t(k) * n, out + std::size_t(k) * n + used[k]);
    }
    return i;
}
#endif

// Sample s of a month's column (selectQuantilesByMonth's lay-out).
constexpr auto kBlock = std::size_t(kLanes);

inline float sampleOf(const float *column, std::size_t blockStride, std::size_t s)
{
    return column[(s / kBlock) * blockStride + s % kBlock];
}

// For each quantile k: below[k] = the values under lo[k], kept[k] = the samples with values in
// [lo[k], hi[k]] (the values are finite). The next month lies monthStride further on: where the
// blocks lie apart, it is fetched ahead.
void countAndKeep(const float *column, std::size_t n, std::size_t monthStride, std::size_t blockStride,
                  const float *lo, const float *hi, int count, std::size_t *below, std::vector<Entry> *kept)
{
    std::size_t i = 0;
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        i = count == 3 ? countAndKeepAvx2<3>(column, n, monthStride, blockStride, lo, hi, below, kept)
                       : countAndKeepAvx2<0>(column, n, monthStride, blockStride, lo, hi, below, kept, count);
#else
    (void)monthStride;
#endif
    for (; i < n; ++i) {
        const float v = sampleOf(column, blockStride, i);
        for (int k = 0; k < count; ++k) {
            below[k] += v < lo[k] ? 1 : 0;
            if (v >= lo[k] && v <= hi[k])
                kept[k].push_back({v, std::uint32_t(i)});
        }
    }
}

// By buckets (as selectQuantilesByBuckets): below[k] = the values in the buckets under the one of
// rank low[k], kept[k] = the samples in the buckets from that one to the one of rank high[k].
void bucketsAndKeep(const float *column, std::size_t n, const ColumnRanks &ranks, int count, std::size_t *below,
                    std::vector<Entry> *kept)
{
    float low = column[0];
    float high = column[0];
    for (std::size_t i = 0; i < n; ++i) {
        low = std::min(low, column[i]);
        high = std::max(high, column[i]);
    }
    if (!(high > low)) {
        // Every value alike (a month that costs the same in every future, such as nothing yet):
        // ordered by sample, so the samples of each rank and a few either side are all kept.
        for (int k = 0; k < count; ++k) {
            below[k] = ranks.low[k] >= 8 ? ranks.low[k] - 8 : 0;
            const std::size_t last = std::min(n, ranks.high[k] + 9);
            for (std::size_t i = below[k]; i < last; ++i)
                kept[k].push_back({column[i], std::uint32_t(i)});
        }
        return;
    }
    const int buckets = int(std::clamp<std::size_t>(n / 8, 1, 8192));
    const float scale = high > low ? float(buckets) / (high - low) : 0.0f;
    thread_local std::vector<std::uint32_t> counts;
    thread_local std::vector<std::int32_t> bucketOf;
    counts.assign(std::size_t(buckets), 0);
    bucketOf.resize(n);
    if (std::isfinite(scale)) {
        for (std::size_t i = 0; i < n; ++i) {
            const int b = std::clamp(int((column[i] - low) * scale), 0, buckets - 1);
            bucketOf[i] = b;
            ++counts[std::size_t(b)];
        }
    } else {
        std::fill_n(bucketOf.begin(), n, 0);
        counts[0] = std::uint32_t(n);
    }
    int from[6];
    int to[6];
    for (int k = 0; k < count; ++k) {
        std::size_t sum = 0;
        int b = 0;
        while (b < buckets - 1 && sum + counts[std::size_t(b)] <= ranks.low[k])
            sum += counts[std::size_t(b++)];
        from[k] = b;
        below[k] = sum;
        while (b < buckets - 1 && sum + counts[std::size_t(b)] <= ranks.high[k])
            sum += counts[std::size_t(b++)];
        to[k] = b;
    }
    // Per bucket, a bit for each quantile whose buckets take it in: one look per value.
    thread_local std::vector<std::uint8_t> wantedBy;
    wantedBy.assign(std::size_t(buckets), 0);
    for (int k = 0; k < count; ++k)
        for (int b = from[k]; b <= to[k]; ++b)
            wantedBy[std::size_t(b)] |= std::uint8_t(1u << k);
    for (std::size_t i = 0; i < n; ++i)
        for (unsigned wanted = wantedBy[std::size_t(bucketOf[i])]; wanted != 0; wanted &= wanted - 1)
            kept[std::countr_zero(wanted)].push_back({column[i], std::uint32_t(i)});
}

} // namespace

void selectQuantilesByMonth(const float *values, std::size_t n, int months, std::size_t monthStride,
                            std::size_t blockStride, const double *q, int count, double *out)
{
    if (n == 0) {
        std::fill_n(out, std::size_t(months) * std::size_t(count), NAN);
        return;
    }
    const ColumnRanks ranks = ranksFor(n, q, count);
    thread_local std::vector<Entry> kept[6];
    thread_local std::vector<std::uint32_t> nearest[6];
    constexpr std::size_t kNear = 2; // samples followed on either side of a quantile into the next month
    bool tracking = false;
    for (int m = 0; m < months; ++m) {
        const float *column = values + std::size_t(m) * monthStride;
        std::size_t below[6] = {};
        bool found = false;
        if (tracking) {
            // Between the least and the greatest value this month of last month's nearest
            // samples: the ranks wanted are almost always inside, the few samples that change
            // places near a quantile from one month to the next notwithstanding (widening the
            // window keeps more values for fewer fallbacks, and costs more than it saves).
            float lo[6];
            float hi[6];
            for (int k = 0; k < count; ++k) {
                kept[k].clear();
                lo[k] = INFINITY;
                hi[k] = -INFINITY;
                for (const std::uint32_t s : nearest[k]) {
                    lo[k] = std::min(lo[k], sampleOf(column, blockStride, s));
                    hi[k] = std::max(hi[k], sampleOf(column, blockStride, s));
                }
            }
            countAndKeep(column, n, monthStride, blockStride, lo, hi, count, below, kept);
            found = true;
            for (int k = 0; k < count; ++k)
                found = found && below[k] <= ranks.low[k] && ranks.high[k] < below[k] + kept[k].size();
        }
        if (!found) {
            for (int k = 0; k < count; ++k) {
                kept[k].clear();
                below[k] = 0;
            }
            // (The month's values side by side first, when they lie in blocks.)
            const float *values = column;
            if (blockStride != kBlock) {
                thread_local std::vector<float> gathered;
                gathered.resize(n);
                for (std::size_t s = 0; s < n; s += kBlock)
                    std::copy_n(column + (s / kBlock) * blockStride, std::min(kBlock, n - s), gathered.data() + s);
                values = gathered.data();
            }
            bucketsAndKeep(values, n, ranks, count, below, kept);
        }
        // Each quantile's few samples: the window of kNear either side of its ranks found by
        // selection (the window as a set is all the next month needs), then the ranks in it.
        tracking = true;
        for (int k = 0; k < count; ++k) {
            std::vector<Entry> &inside = kept[k];
            const std::size_t lowAt = ranks.low[k] - below[k];
            const std::size_t highAt = ranks.high[k] - below[k];
            const std::size_t first = lowAt >= kNear ? lowAt - kNear : 0;
            const std::size_t last = std::min(inside.size() - 1, highAt + kNear);
            const auto at = [&](std::size_t position) { return inside.begin() + std::ptrdiff_t(position); };
            if (inside.size() <= 32) {
                std::sort(inside.begin(), inside.end()); // few: ordering them is quickest
            } else {
                std::nth_element(at(0), at(first), inside.end());
                std::nth_element(at(first), at(last), inside.end());
                std::nth_element(at(first), at(lowAt), at(last + 1));
                if (highAt > lowAt)
                    std::nth_element(at(lowAt + 1), at(highAt), at(last + 1));
            }
            const double a = double(inside[lowAt].value());
            const double b = double(inside[highAt].value());
            out[std::size_t(m) * std::size_t(count) + std::size_t(k)] = a + ranks.fraction[k] * (b - a);
            nearest[k].clear();
            for (std::size_t e = first; e <= last; ++e)
                nearest[k].push_back(inside[e].sample());
        }
    }
}

void selectInMonth(const float *values, std::size_t n, int month, const std::size_t *ranks, int count, float *out)
{
    // Equal parts of the month, about four values to a part (16 to 256 parts): a value's part
    // never decreases with the value.
    const int parts = int(std::clamp<std::size_t>(n / 4, 16, 256));
    const auto base = float(month - 1);
    const auto partOf = [&](float v) { return std::clamp(int((v - base) * float(parts)), 0, parts - 1); };
    std::array<std::uint32_t, 257> before{}; // before[p + 1]: the values in part p, then summed
    for (std::size_t i = 0; i < n; ++i)
        ++before[std::size_t(partOf(values[i])) + 1];
    for (int p = 0; p < parts; ++p)
        before[std::size_t(p) + 1] += before[std::size_t(p)];
    // Each rank's part, and a slot per part wanted.
    std::array<std::int8_t, 256> slotOf;
    std::fill_n(slotOf.begin(), parts, std::int8_t(-1));
    std::array<int, 6> partOfRank{};
    int slots = 0;
    for (int k = 0; k < count; ++k) {
        const auto part = int(std::upper_bound(before.begin() + 1, before.begin() + parts, std::uint32_t(ranks[k])) - before.begin()) - 1;
        partOfRank[std::size_t(k)] = part;
        if (slotOf[std::size_t(part)] < 0)
            slotOf[std::size_t(part)] = std::int8_t(slots++);
    }
    thread_local std::array<std::vector<float>, 6> inPart;
    for (int s = 0; s < slots; ++s)
        inPart[std::size_t(s)].clear();
    for (std::size_t i = 0; i < n; ++i)
        if (const int s = slotOf[std::size_t(partOf(values[i]))]; s >= 0)
            inPart[std::size_t(s)].push_back(values[i]);
    for (int k = 0; k < count; ++k) {
        const int part = partOfRank[std::size_t(k)];
        std::vector<float> &in = inPart[std::size_t(slotOf[std::size_t(part)])];
        const auto at = in.begin() + std::ptrdiff_t(ranks[k] - before[std::size_t(part)]);
        std::nth_element(in.begin(), at, in.end());
        out[k] = *at;
    }
}

void selectQuantiles(std::vector<double> &values, const double *q, int count, double *out)
{
    selectQuantilesOf(values, q, count, out);
}

double sortedQuantile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return NAN;
    const double h = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(h));
    const std::size_t above = std::min(sorted.size() - 1, below + 1);
    return sorted[below] + (h - double(below)) * (sorted[above] - sorted[below]);
}

} // namespace breakeven
