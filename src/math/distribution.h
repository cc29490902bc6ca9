// The probability distributions of •distribution (operators-and-system.md §20.3): one row per
// family (name, parameter count, standard parameters, discreteness), parameter validation, and
// the density, cdf, quantile and sample routines the engine runs as Call and Draw steps. The
// special functions come from Boost.Math; discrete quantiles are the smallest k with cdf k ≥ p.
#pragma once

#include "math/kernel.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace bpl::math {

// clang-format off
enum class Family : uint8_t {
    Normal, Uniform, Bernoulli, Binomial, Poisson, Beta, Gamma, InverseGamma, Exponential,
    ChiSquared, Student, Fisher, Cauchy, Laplace, Logistic, LogNormal, Weibull,
};
// clang-format on

struct FamilyRow {
    Family family;
    std::string_view name;
    int params;           // 1 or 2
    bool has_standard;    // the monadic •distribution form exists
    double standard[2];   // its parameters
    bool discrete;        // samples and quantiles are integers
};

// The row of f; the family named `name` (exact spelling), if any. Never throw.
const FamilyRow& family_row(Family f) noexcept;
std::optional<Family> family_named(std::string_view name) noexcept;

// A distribution: its family and parameters. The parameters' encoding as three float64 items
// [family θ₁ θ₂] is the operand of the Call and Draw steps.
struct Distribution {
    Family family;
    double theta[2] = {0, 0};
};
// Null when d's parameters are valid, else why not (a DOMAIN ERROR's message). Finite, real
// parameters in each family's domain; the binomial's n a whole number below 2⁵³ is checked by
// the caller before rounding (a LIMIT ERROR).
const char* invalid_parameters(const Distribution& d) noexcept;

// The mass (discrete) or density at x, the cdf at x, and the quantile at p ∈ [0, 1] (the
// support's bounds at 0 and 1; NaN outside). Never throw.
double density(const Distribution& d, double x) noexcept;
double cdf(const Distribution& d, double x) noexcept;
double quantile(const Distribution& d, double p) noexcept;

// The Call routines' bodies (search.h's Routine, Density to Quantile): a holds n float64
// items, params the three-item encoding; out n float64 items. A quantile outside [0, 1] records
// DOMAIN in the slot.
enum class Routine : uint8_t;
void run_distribution_routine(Routine r, const void* a, int64_t n, const void* params, void* out,
                              ErrorSlot& slot) noexcept;

// The Draw routine's body: `count` items drawn by inversion of the uniform stream item first + i
// of the stream `key` (math/random.h), written as float64 or, for a discrete family, as Int.
// Never throws.
void sample(const void* params, Kind out_kind, void* out, int64_t count, uint64_t key,
            uint64_t first) noexcept;

} // namespace bpl::math
