// What the processor can do, for the risk kernels' vector steps (riskkernels.cpp,
// riskquantiles.cpp): the build assumes only SSE2; AVX2 (and FMA) steps are chosen at run time.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BREAKEVEN_AVX2_DISPATCH 1

namespace breakeven {

inline bool hasAvx2()
{
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    }();
    return has;
}

inline bool hasAvx2Fma()
{
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("fma") != 0;
    }();
    return has;
}

} // namespace breakeven
#endif
