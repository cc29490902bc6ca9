// The distribution families' table and their density, cdf, quantile and sampling by inversion,
// on Boost.Math's distributions (errors ignored: the callers validate parameters, and the
// support's edges are handled here before Boost sees them).
#include "math/distribution.h"

#include "math/random.h"
#include "math/search.h"

#include <boost/math/distributions/bernoulli.hpp>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/cauchy.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/exponential.hpp>
#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/gamma.hpp>
#include <boost/math/distributions/inverse_gamma.hpp>
#include <boost/math/distributions/laplace.hpp>
#include <boost/math/distributions/logistic.hpp>
#include <boost/math/distributions/lognormal.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/poisson.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/distributions/uniform.hpp>
#include <boost/math/distributions/weibull.hpp>

#include <cmath>
#include <cstring>
#include <limits>

namespace bpl::math {

namespace {

namespace bp = boost::math::policies;
using Policy = bp::policy<bp::domain_error<bp::ignore_error>, bp::pole_error<bp::ignore_error>,
                          bp::overflow_error<bp::ignore_error>, bp::underflow_error<bp::ignore_error>,
                          bp::evaluation_error<bp::ignore_error>, bp::rounding_error<bp::ignore_error>,
                          bp::discrete_quantile<bp::integer_round_up>, bp::promote_double<false>>;

constexpr double INF = std::numeric_limits<double>::infinity();
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

// clang-format off
constexpr FamilyRow FAMILIES[] = {
    //  family                  name            params standard  params   discrete
    {Family::Normal,       "normal",       2, true,  {0, 1}, false},
    {Family::Uniform,      "uniform",      2, true,  {0, 1}, false},
    {Family::Bernoulli,    "bernoulli",    1, false, {0, 0}, true},
    {Family::Binomial,     "binomial",     2, false, {0, 0}, true},
    {Family::Poisson,      "poisson",      1, false, {0, 0}, true},
    {Family::Beta,         "beta",         2, false, {0, 0}, false},
    {Family::Gamma,        "gamma",        2, false, {0, 0}, false},
    {Family::InverseGamma, "inversegamma", 2, false, {0, 0}, false},
    {Family::Exponential,  "exponential",  1, true,  {1, 0}, false},
    {Family::ChiSquared,   "chisquared",   1, false, {0, 0}, false},
    {Family::Student,      "student",      1, false, {0, 0}, false},
    {Family::Fisher,       "fisher",       2, false, {0, 0}, false},
    {Family::Cauchy,       "cauchy",       2, true,  {0, 1}, false},
    {Family::Laplace,      "laplace",      2, true,  {0, 1}, false},
    {Family::Logistic,     "logistic",     2, true,  {0, 1}, false},
    {Family::LogNormal,    "lognormal",    2, true,  {0, 1}, false},
    {Family::Weibull,      "weibull",      2, false, {0, 0}, false},
};
// clang-format on

// Calls f with the Boost distribution of d.
template <class F>
double with_boost(const Distribution& d, F f) {
    namespace bm = boost::math;
    double a = d.theta[0], b = d.theta[1];
    switch (d.family) {
    case Family::Normal: return f(bm::normal_distribution<double, Policy>(a, b));
    case Family::Uniform: return f(bm::uniform_distribution<double, Policy>(a, b));
    case Family::Bernoulli: return f(bm::bernoulli_distribution<double, Policy>(a));
    case Family::Binomial: return f(bm::binomial_distribution<double, Policy>(a, b));
    case Family::Poisson: return f(bm::poisson_distribution<double, Policy>(a));
    case Family::Beta: return f(bm::beta_distribution<double, Policy>(a, b));
    case Family::Gamma: return f(bm::gamma_distribution<double, Policy>(a, b));
    case Family::InverseGamma: return f(bm::inverse_gamma_distribution<double, Policy>(a, b));
    case Family::Exponential: return f(bm::exponential_distribution<double, Policy>(a));
    case Family::ChiSquared: return f(bm::chi_squared_distribution<double, Policy>(a));
    case Family::Student: return f(bm::students_t_distribution<double, Policy>(a));
    case Family::Fisher: return f(bm::fisher_f_distribution<double, Policy>(a, b));
    case Family::Cauchy: return f(bm::cauchy_distribution<double, Policy>(a, b));
    case Family::Laplace: return f(bm::laplace_distribution<double, Policy>(a, b));
    case Family::Logistic: return f(bm::logistic_distribution<double, Policy>(a, b));
    case Family::LogNormal: return f(bm::lognormal_distribution<double, Policy>(a, b));
    case Family::Weibull: return f(bm::weibull_distribution<double, Policy>(a, b));
    }
    return NaN;
}

// The support's bounds (for a discrete family, the least and greatest values of positive
// mass: a certain event has lo = hi).
struct Support {
    double lo, hi;
};
Support support(const Distribution& d) {
    double a = d.theta[0], b = d.theta[1];
    switch (d.family) {
    case Family::Uniform: return {a, b};
    case Family::Bernoulli: return {a == 1 ? 1.0 : 0.0, a == 0 ? 0.0 : 1.0};
    case Family::Binomial: return {b == 1 ? a : 0.0, b == 0 ? 0.0 : a};
    case Family::Poisson: return {0, a == 0 ? 0.0 : INF};
    case Family::Beta: return {0, 1};
    case Family::Normal:
    case Family::Student:
    case Family::Cauchy:
    case Family::Laplace:
    case Family::Logistic: return {-INF, INF};
    default: return {0, INF};
    }
}

bool positive(double x) { return x > 0; }

} // namespace

const FamilyRow& family_row(Family f) noexcept { return FAMILIES[static_cast<size_t>(f)]; }

std::optional<Family> family_named(std::string_view name) noexcept {
    for (const FamilyRow& row : FAMILIES)
        if (row.name == name) return row.family;
    return std::nullopt;
}

const char* invalid_parameters(const Distribution& d) noexcept {
    int n = family_row(d.family).params;
    for (int i = 0; i < n; i++)
        if (!std::isfinite(d.theta[i])) return "a distribution's parameters must be finite";
    double a = d.theta[0], b = d.theta[1];
    auto probability = [](double p) { return p >= 0 && p <= 1; };
    switch (d.family) {
    case Family::Uniform:
        if (!(a < b)) return "uniform needs a < b";
        if (!std::isfinite(b - a)) return "uniform's interval is too wide to sample";
        return nullptr;
    case Family::Bernoulli: return probability(a) ? nullptr : "bernoulli's p must be in [0, 1]";
    case Family::Binomial:
        if (a < 0 || a != std::floor(a)) return "binomial's n must be a nonnegative whole number";
        return probability(b) ? nullptr : "binomial's p must be in [0, 1]";
    case Family::Poisson: return a >= 0 ? nullptr : "poisson's rate must be nonnegative";
    case Family::Normal:
    case Family::Cauchy:
    case Family::Laplace:
    case Family::Logistic:
    case Family::LogNormal: return positive(b) ? nullptr : "the scale must be positive";
    case Family::Exponential:
    case Family::ChiSquared:
    case Family::Student: return positive(a) ? nullptr : "the parameter must be positive";
    default: return positive(a) && positive(b) ? nullptr : "the parameters must be positive";
    }
}

double density(const Distribution& d, double x) noexcept {
    if (std::isnan(x)) return NaN;
    Support s = support(d);
    if (x < s.lo || x > s.hi || std::isinf(x)) return 0;
    if (family_row(d.family).discrete) {
        if (x != std::floor(x)) return 0;
        if (s.lo == s.hi) return 1;
    }
    return with_boost(d, [x](const auto& dist) { return boost::math::pdf(dist, x); });
}

double cdf(const Distribution& d, double x) noexcept {
    if (std::isnan(x)) return NaN;
    Support s = support(d);
    if (x < s.lo) return 0;
    if (x >= s.hi) return 1;
    if (family_row(d.family).discrete) x = std::floor(x);
    return with_boost(d, [x](const auto& dist) { return boost::math::cdf(dist, x); });
}

double quantile(const Distribution& d, double p) noexcept {
    if (!(p >= 0 && p <= 1)) return NaN;
    Support s = support(d);
    if (p == 0 || s.lo == s.hi) return s.lo;
    if (p == 1) return s.hi;
    double q = with_boost(d, [p](const auto& dist) { return boost::math::quantile(dist, p); });
    if (!family_row(d.family).discrete) return q;
    // the smallest k of the support with cdf k ≥ p, by this file's own cdf
    double k = std::isnan(q) ? s.lo : std::fmin(std::fmax(std::ceil(q), s.lo), s.hi);
    while (k > s.lo && cdf(d, k - 1) >= p) k--;
    while (k < s.hi && cdf(d, k) < p) k++;
    return k;
}

namespace {

Distribution decode(const void* params) {
    double p[3];
    std::memcpy(p, params, sizeof p);
    return Distribution{static_cast<Family>(static_cast<int>(p[0])), {p[1], p[2]}};
}

} // namespace

void run_distribution_routine(Routine r, const void* a, int64_t n, const void* params, void* out,
                              ErrorSlot& slot) noexcept {
    Distribution d = decode(params);
    const auto* x = static_cast<const double*>(a);
    auto* o = static_cast<double*>(out);
    for (int64_t i = 0; i < n; i++) {
        switch (r) {
        case Routine::Density: o[i] = density(d, x[i]); break;
        case Routine::Cdf: o[i] = cdf(d, x[i]); break;
        default:
            if (!(x[i] >= 0 && x[i] <= 1)) {
                slot.record(base::ErrorKind::Domain, "a quantile's probability must be in [0, 1]");
                o[i] = NaN;
            } else {
                o[i] = quantile(d, x[i]);
            }
        }
    }
}

void sample(const void* params, Kind out_kind, void* out, int64_t count, uint64_t key,
            uint64_t first) noexcept {
    Distribution d = decode(params);
    for (int64_t i = 0; i < count; i++) {
        double x = quantile(d, stream_open_unit(key, first + static_cast<uint64_t>(i)));
        if (out_kind == Kind::Int) static_cast<int64_t*>(out)[i] = static_cast<int64_t>(x);
        else static_cast<double*>(out)[i] = x;
    }
}

} // namespace bpl::math
