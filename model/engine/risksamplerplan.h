// The sampler's per-option plans (risksampler.h): shared by its construction (risksampler.cpp)
// and its sampling (risksamplerblock.cpp). Not part of the engine's interface.
#pragma once

#include "risksampler.h"

#include <Eigen/Core>

#include <vector>

namespace breakeven {

// A range's own value and its distribution's ends, in units of its width from its low end
// (splitOf); `flat`: a range of no width.
struct RangeShape {
    bool flat = false;
    double low = 0;
    double own = 0;
    double high = 1;

    bool operator==(const RangeShape &) const = default;
};

struct CurveSampler::Layout {
    std::vector<char> feasible;
    Eigen::ArrayXXd fixed; // options x months: cumulative cost at u = 0
    Eigen::ArrayXXd slope; // options x months: its growth per unit of u
};

struct CurveSampler::Plan {
    bool laidOut = false;
    bool feasible = true;
    std::vector<int> ranges;                  // touching the option
    std::vector<int> elements;                // per range: the element whose position counts
    std::vector<std::vector<double>> nodes;   // per range
    std::vector<std::vector<double>> inverse; // per range: inverseDenominators(nodes)
    std::vector<RangeShape> splits;           // per range: splitOf(its element)
    int gridSize = 1;                         // K: the nodes of the tensor grid
    std::vector<std::vector<int>> nodeOf;     // per range, per grid point: its node of that range
    // The curves at the grid's nodes: rows 0..K-1 at u = 0, rows K..2K-1 their slopes in u. A
    // sample's curve is grid^T w for its 2K weights w (Lagrange weights, then times u).
    Eigen::MatrixXd grid;                     // 2K x months
    // The same compressed to the grid's numerical rank r, in single precision: the curve is
    // basis (months x r) times toBasis (r x 2K) times w.
    int rank = 0;
    std::vector<float> basis;                 // months x r, row by row
    std::vector<float> toBasis;               // r x 2K, row by row
    // Per weight j: sum over r of max_m |basis(m, r)| |toBasis(r, j)|; with the weights' absolute
    // values it bounds the terms summed for any month, hence the single-precision error.
    std::vector<double> errorWeight;          // 2K
    // Per weight j: max_m |grid(j, m) - (basis toBasis)(m, j)|, the factors as stored; with the
    // weights' absolute values it bounds what compressing the grid leaves out of a curve.
    std::vector<double> compressionError;     // 2K
    // Plans with the same ranges, nodes and splits give every sample the same weights: the
    // sampler computes them once per class (SampleBlock::weights).
    int weightClass = -1;
};

// The Lagrange basis of `nodes` at t (risksampler.cpp).
void lagrangeWeights(const std::vector<double> &nodes, const std::vector<double> &inverse, double t, double *weights);
// Where an element's own value and its distribution's ends lie in its range (0..1 for the range
// within the field's bounds; the distribution's ends beyond them when clipped): with the
// distribution and the quantile, all that says where a draw lies in it (positionAt).
RangeShape splitOf(const RangeElement &element);
// Where a draw at quantile q lies in a range of that shape, 0..1: as drawElement draws, less the
// range's low end, divided by its width (0 for a range of no width).
double positionAt(Distribution distribution, const RangeShape &shape, double q);
inline double positionInRange(const RangeElement &element, Distribution distribution, double q)
{
    return positionAt(distribution, splitOf(element), q);
}

} // namespace breakeven
