// The object table test: walks every Fn's object and checks its facts against the kernels:
// partials against finite differences, the range rule contains every result (f64 and f32),
// the validity predicate flags exactly the inputs the kernel records a data error for, repair
// lanes are served, and fold facts agree with identities.
#include "math/kernel.h"
#include "math/object.h"
#include "math/vec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace bpl::math;
using bpl::number::Kind;

namespace {

const double INF = std::numeric_limits<double>::infinity();
const double NaN = std::numeric_limits<double>::quiet_NaN();

// f(x[, y]) on kind k through the kernels, as a double (NaN when the kernel recorded an error).
double call(Fn f, Kind k, double x, double y = 0, bool* error = nullptr) {
    unsigned char a[16] = {}, b[16] = {}, out[16] = {};
    convert(Kind::F64, &x, k, a, 1);
    convert(Kind::F64, &y, k, b, 1);
    ErrorSlot slot;
    if (is_dyadic(f)) binary(f, k, a, 1, b, 1, out, 1, slot);
    else unary(f, k, a, 1, out, 1, slot);
    if (error) *error = slot.has_error();
    double r;
    convert(result_kind(f, k), out, Kind::F64, &r, 1);
    return r;
}

struct Domain {
    double xlo, xhi, ylo, yhi;
};
Domain domain(Fn f) {
    switch (f) {
    case Fn::Acosh: case Fn::Circle4Inv: return {1.2, 3, 0, 0};
    case Fn::Circle4: return {-3, 3, 0, 0};
    case Fn::PiRatio: return {-3, 3, 0.5, 3};
    case Fn::Root: case Fn::Log: return {1.5, 3, 0.5, 3};
    case Fn::Power: return {0.5, 2, -2, 2};
    case Fn::Residue: return {0.5, 2, -5, 5};
    case Fn::Divide: case Fn::Multiply: case Fn::Add: case Fn::Subtract: return {-3, 3, 0.5, 3};
    case Fn::Reciprocal: case Fn::Cbrt: return {0.3, 3, 0, 0};
    case Fn::Exp: case Fn::Sinh: case Fn::Cosh: case Fn::Tanh: case Fn::Atan: case Fn::Asinh:
    case Fn::Expm1: case Fn::Sin: case Fn::Cos: case Fn::Tan: case Fn::Negate:
    case Fn::Magnitude: case Fn::PiTimes: case Fn::Conjugate:
        return {-1.3, 1.3, 0, 0};
    // the real forms across their real domain's edges (slopes of the real part outside it)
    case Fn::RealSqrt: case Fn::RealLn: case Fn::RealCircle0: case Fn::RealAsin: case Fn::RealAcos:
    case Fn::RealAcosh: case Fn::RealAtanh: case Fn::RealCircle4Inv:
        return {-3, 3, 0, 0};
    case Fn::RealPow: return {-2, -0.5, -2, 2};
    case Fn::RealRoot: return {1.5, 3, -3, -0.5};
    default: return {0.2, 0.9, -2, 2};
    }
}

} // namespace

TEST(Objects, OnePerFnWithItsArity) {
    std::set<std::string> names;
    for (int i = 0; i < FN_COUNT; ++i) {
        const Object& o = object(Fn(i));
        EXPECT_EQ(o.fn, Fn(i));
        EXPECT_EQ(o.arity, is_dyadic(Fn(i)) ? 2 : 1);
        EXPECT_NE(o.range, nullptr) << name(Fn(i));
        EXPECT_TRUE(names.insert(name(Fn(i))).second);
        if (o.arity == 1) {
            EXPECT_EQ(o.dy_text, nullptr) << name(Fn(i));
        }
        // every token of a partial parsed into a step
        for (const char* t : {o.dx_text, o.dy_text}) {
            if (!t) continue;
            int tokens = 0;
            bool in = false;
            for (const char* s = t; *s; ++s) {
                if (*s != ' ' && !in) ++tokens;
                in = *s != ' ';
            }
            EXPECT_EQ(tokens, t == o.dx_text ? o.dx.n : o.dy.n) << name(Fn(i)) << ": " << t;
        }
    }
}

TEST(Objects, PartialsAgreeWithFiniteDifferences) {
    std::mt19937_64 g(7);
    for (int i = 0; i < FN_COUNT; ++i) {
        Fn f = Fn(i);
        const Object& o = object(f);
        Domain d = domain(f);
        std::uniform_real_distribution<double> ux(d.xlo, d.xhi), uy(d.ylo, d.yhi);
        int checked = 0;
        for (int rep = 0; rep < 200; ++rep) {
            double x = ux(g), y = o.arity == 2 ? uy(g) : 0;
            double fx = call(f, Kind::F64, x, y);
            if (std::isnan(fx)) continue; // complex-only on reals (8○): checked on complex kinds
            for (int arg = 0; arg < o.arity; ++arg) {
                const char* text = arg == 0 ? o.dx_text : o.dy_text;
                if (!text) continue;
                const Partial& p = arg == 0 ? o.dx : o.dy;
                double v = arg == 0 ? x : y;
                double h = 1e-6 * std::fmax(1, std::fabs(v));
                double fp = arg == 0 ? call(f, Kind::F64, x + h, y) : call(f, Kind::F64, x, y + h);
                double fm = arg == 0 ? call(f, Kind::F64, x - h, y) : call(f, Kind::F64, x, y - h);
                double f2p = arg == 0 ? call(f, Kind::F64, x + 2 * h, y) : call(f, Kind::F64, x, y + 2 * h);
                double f2m = arg == 0 ? call(f, Kind::F64, x - 2 * h, y) : call(f, Kind::F64, x, y - 2 * h);
                // skip points next to a jump (floor, residue, comparisons, min/max ties)
                if (std::fabs((fp - fx) - (fx - fm)) > 1e-3 * (1 + std::fabs(fx))) continue;
                double num = (8 * (fp - fm) - (f2p - f2m)) / (12 * h);
                double an = eval_partial(p, x, y, fx);
                EXPECT_NEAR(an, num, 1e-6 * (1 + std::fabs(num)))
                    << name(f) << (arg ? " d/dy" : " d/dx") << " at x=" << x << " y=" << y
                    << " (" << text << ")";
                ++checked;
            }
        }
        if (o.dx_text && f != Fn::Circle8 && f != Fn::Circle8Inv) {
            EXPECT_GT(checked, 50) << name(f);
        }
    }
}

TEST(Objects, RangeRuleContainsEveryResult) {
    std::mt19937_64 g(11);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < FN_COUNT; ++i) {
        Fn f = Fn(i);
        const Object& o = object(f);
        for (int box = 0; box < 200; ++box) {
            double scale = box % 3 == 0 ? 2 : box % 3 == 1 ? 20 : 800;
            // float-representable endpoints and samples, so f32 operands lie in the box too
            auto fl = [](double v) { return static_cast<double>(static_cast<float>(v)); };
            double a = fl(u(g) * scale), b = fl(u(g) * scale), c = fl(u(g) * scale),
                   d = fl(u(g) * scale);
            Interval X{std::fmin(a, b), std::fmax(a, b)}, Y{std::fmin(c, d), std::fmax(c, d)};
            ASSERT_LE(o.range(X, Y).lo, o.range(X, Y).hi) << name(f);
            std::uniform_real_distribution<double> ux(X.lo, X.hi), uy(Y.lo, Y.hi);
            for (int k = 0; k < 20; ++k) {
                double x = std::clamp(fl(k == 0 ? X.lo : k == 1 ? X.hi : ux(g)), X.lo, X.hi);
                double y = std::clamp(fl(k == 0 ? Y.lo : k == 1 ? Y.hi : uy(g)), Y.lo, Y.hi);
                for (Kind kind : {Kind::F64, Kind::F32}) {
                    double r = call(f, kind, x, y);
                    if (std::isnan(r)) continue;
                    Interval R = range_of(o, kind, X, Y);
                    EXPECT_TRUE(r >= R.lo && r <= R.hi)
                        << name(f) << " " << bpl::number::name(kind) << " x=" << x << " y=" << y
                        << " gives " << r << " outside [" << R.lo << ", " << R.hi << "]";
                }
            }
        }
    }
}

TEST(Objects, ValidityFlagsExactlyTheInvalidInputs) {
    const std::vector<double> values{0, 1, -1, 2, -3, 7, 0.5, -0.5, INF, -INF, NaN, 1e6};
    for (int i = 0; i < FN_COUNT; ++i) {
        Fn f = Fn(i);
        const Object& o = object(f);
        for (Kind k0 : {Kind::F64, Kind::F32, Kind::Int, Kind::I8, Kind::Bool}) {
            Kind k = is_dyadic(f) ? operand_kind(f, k0, k0) : operand_kind(f, k0);
            for (double x : values)
                for (double y : (o.arity == 2 ? values : std::vector<double>{0})) {
                    if (bpl::number::is_integer(k) && (!std::isfinite(x) || !std::isfinite(y) ||
                                                       x != std::floor(x) || y != std::floor(y)))
                        continue;
                    if (k == Kind::Bool && (x < 0 || x > 1 || y < 0 || y > 1)) continue;
                    if (k == Kind::I8 && (std::fabs(x) > 100 || std::fabs(y) > 100)) continue;
                    bool err = false;
                    call(f, k, x, y, &err);
                    bool want = o.invalid && o.invalid(k, x, y);
                    EXPECT_EQ(err, want) << name(f) << " " << bpl::number::name(k) << " x=" << x
                                         << " y=" << y;
                }
        }
    }
}

TEST(Objects, RepairLanesAreServed) {
    for (Fn f : {Fn::Sin, Fn::Cos, Fn::Tan}) {
        const Object& o = object(f);
        ASSERT_NE(o.needs_repair, nullptr);
        EXPECT_TRUE(o.needs_repair(Kind::F64, 1e10));
        EXPECT_FALSE(o.needs_repair(Kind::F64, 1e6));
        EXPECT_TRUE(o.needs_repair(Kind::F32, 2e6));
        EXPECT_TRUE(o.needs_repair(Kind::F64, NaN));
        std::vector<double> x{1e10, 3, 1e300, -7e15, 5, 6, 7, 8, 9};
        std::vector<double> out(x.size());
        ErrorSlot slot;
        unary(f, Kind::F64, x.data(), 1, out.data(), static_cast<int64_t>(x.size()), slot);
        for (size_t i = 0; i < x.size(); ++i)
            if (o.needs_repair(Kind::F64, x[i])) {
                if (std::isnan(out[i])) EXPECT_TRUE(std::isnan(o.repair(x[i])));
                else EXPECT_EQ(out[i], o.repair(x[i])) << name(f);
            }
    }
}

// Equal bits (so the sign of a zero counts), or both NaN.
bool same_bits(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

// The contiguous loops run a two-stage formula's steps of STAGE_BLOCKS blocks in chunks, then
// blocks in pairs inside chunks, then a single block, then a padded tail: a flagged lane anywhere (either block of a pair, the single block, the tail) is repaired
// (by the scalar routine, or by the full formula on the block's vectors), and every lane gives
// the bits of the same item computed alone. The odd items are those some fast formula hands
// over: past the trig limit, ±0 (sin), past exp's range, subnormal, ±∞.
TEST(Objects, RepairLanesAreServedAcrossPairsChunksAndTails) {
    const double odd[] = {1e10, 0.0, -0.0, 800.0, -800.0, 1e-310, INFINITY, -INFINITY};
    for (Fn f : {Fn::Sin, Fn::Cos, Fn::Exp, Fn::Ln, Fn::Expm1, Fn::Log1p, Fn::Sinh, Fn::Cosh,
                 Fn::Cbrt, Fn::Tanh, Fn::Tan}) {
        const Object& o = object(f);
        for (Kind k : {Kind::F64, Kind::F32}) {
            // two chunks of steps of two-stage formulas (sin, cos, tan, sinh; float32 lanes on
            // AVX-512: 16), then single blocks in pairs, a single block, a tail
            const int64_t n = 16 * vec::STAGE_BLOCKS * vec::CHUNK_BLOCKS * 2 + 16 * 7 + 5;
            std::vector<double> x(n);
            for (int64_t i = 0; i < n; ++i)
                x[i] = (i % 37 == 11) ? odd[(i / 37) % 8] : 0.01 * double(i % 301) - 1.5;
            x[n - 2] = 1e10;
            x[n - 3] = -0.0;
            std::vector<float> xf(x.begin(), x.end());
            std::vector<double> out(n);
            std::vector<float> outf(n);
            ErrorSlot slot;
            if (k == Kind::F64) unary(f, k, x.data(), 1, out.data(), n, slot);
            else unary(f, k, xf.data(), 1, outf.data(), n, slot);
            for (int64_t i = 0; i < n; ++i) {
                double got = k == Kind::F64 ? out[i] : outf[i];
                double alone;
                if (k == Kind::F64) unary(f, k, &x[i], 1, &alone, 1, slot);
                else {
                    float a1;
                    unary(f, k, &xf[i], 1, &a1, 1, slot);
                    alone = a1;
                }
                EXPECT_TRUE(same_bits(got, alone))
                    << name(f) << " " << bpl::number::name(k) << " item " << i << ": " << got
                    << " alone " << alone;
                if (o.needs_repair && o.needs_repair(k, k == Kind::F64 ? x[i] : xf[i])) {
                    EXPECT_TRUE(same_bits(got, k == Kind::F64 ? o.repair(x[i]) : float(o.repair(xf[i]))))
                        << name(f) << " item " << i;
                }
            }
        }
    }
}

// pow's flagged lanes (zero, negative, subnormal and infinite bases, infinite or NaN exponents)
// are served by its full formula on the flagged block's vectors: every route, contiguous and
// broadcast operands, in chunks and tails, bit for bit against the item computed alone and
// against glibc's pow (special values exactly, the rest within power's bound).
TEST(Objects, PowerRepairLanesAcrossChunksAndTails) {
    const double odd[] = {0.0, -0.0, -2.5, -3.0, 1e-310, INFINITY, -INFINITY, NAN};
    // past ±708 for some bases of a block and not others: overflow, underflow, subnormal results
    const double ys[] = {2.0, 3.0, -1.0, 0.5, -2.0, INFINITY, -INFINITY, 1.7, 1100.0, -1050.0};
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue;
        vec::set_isa(isa);
        // two chunks of two-stage steps (pow runs in two stages), a single block, a tail
        const int64_t n = 16 * vec::STAGE_BLOCKS * vec::CHUNK_BLOCKS * 2 + 16 * 3 + 5;
        std::vector<double> x(n), y(n), out(n), outb(n);
        for (int64_t i = 0; i < n; ++i) {
            x[i] = (i % 5 == 1) ? odd[(i / 5) % 8] : 0.5 + 0.013 * double(i % 307);
            y[i] = ys[(i / 3) % 10];
        }
        ErrorSlot slot;
        binary(Fn::Power, Kind::F64, x.data(), 1, y.data(), 1, out.data(), n, slot);
        const double yb = -2.0; // broadcast exponent: zero bases give +inf
        binary(Fn::Power, Kind::F64, x.data(), 1, &yb, 0, outb.data(), n, slot);
        for (int64_t i = 0; i < n; ++i) {
            double alone;
            binary(Fn::Power, Kind::F64, &x[i], 1, &y[i], 1, &alone, 1, slot);
            EXPECT_TRUE(same_bits(out[i], alone)) << "route " << int(isa) << " item " << i;
            for (auto [got, yy] : {std::pair{out[i], y[i]}, std::pair{outb[i], yb}}) {
                double want = std::pow(x[i], yy);
                bool special = !std::isfinite(want) || want == 0 || !std::isfinite(x[i]) || x[i] == 0;
                if (special)
                    EXPECT_TRUE(same_bits(got, want) || (std::isnan(got) && std::isnan(want)))
                        << "route " << int(isa) << " pow(" << x[i] << ", " << yy << ") = " << got;
                else // docs/accuracy.md: 4 + 2|y ln x| ulps
                    EXPECT_LE(std::fabs(got - want),
                              (4 + 2 * std::fabs(yy * std::log(std::fabs(x[i])))) * std::fabs(want) * 0x1p-52)
                        << "route " << int(isa) << " pow(" << x[i] << ", " << yy << ") = " << got;
            }
        }
    }
    vec::set_isa(vec::best_isa());
}

// Power on float32 items (two stages on float64 lanes, vec_impl.h's Staged) over two chunks of
// steps, a single block and a tail, contiguous and broadcast, with flagged bases among them: each
// item has the bits of the same item computed alone and is glibc's pow in float64 rounded to
// float32, to 1 ulp (docs/accuracy.md: within 10^-10 before the one rounding).
TEST(Objects, PowerFloat32InTwoStagesAcrossChunksAndTails) {
    const float odd[] = {0.0f, -0.0f, -2.5f, -3.0f, 1e-40f, INFINITY, -INFINITY, NAN};
    const float ys[] = {2.0f, 3.0f, -1.0f, 0.5f, -2.0f, 1.7f, 30.0f, -25.0f, 0.3f};
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue;
        vec::set_isa(isa);
        const int64_t n = 16 * vec::STAGE_BLOCKS * vec::CHUNK_BLOCKS * 2 + 16 * 3 + 5;
        std::vector<float> x(n), y(n), out(n), outb(n);
        for (int64_t i = 0; i < n; ++i) {
            x[i] = (i % 211 == 7) ? odd[(i / 211) % 8] : 0.25f + 0.011f * float(i % 307);
            y[i] = ys[(i / 3) % 9];
        }
        ErrorSlot slot;
        binary(Fn::Power, Kind::F32, x.data(), 1, y.data(), 1, out.data(), n, slot);
        const float yb = 1.3f;
        binary(Fn::Power, Kind::F32, x.data(), 1, &yb, 0, outb.data(), n, slot);
        for (int64_t i = 0; i < n; ++i) {
            float alone;
            binary(Fn::Power, Kind::F32, &x[i], 1, &y[i], 1, &alone, 1, slot);
            ASSERT_TRUE(same_bits(out[i], alone)) << "route " << int(isa) << " item " << i;
            for (auto [got, yy] : {std::pair{out[i], y[i]}, std::pair{outb[i], yb}}) {
                float want = float(std::pow(double(x[i]), double(yy)));
                if (!std::isfinite(want) || want == 0) { // the special values exactly
                    ASSERT_TRUE(same_bits(got, want) || (std::isnan(got) && std::isnan(want)))
                        << "route " << int(isa) << " pow(" << x[i] << ", " << yy << ") = " << got;
                } else {
                    float ulp = std::nextafter(std::fabs(want), INFINITY) - std::fabs(want);
                    ASSERT_LE(std::fabs(got - want), ulp)
                        << "route " << int(isa) << " pow(" << x[i] << ", " << yy << ") = " << got
                        << " want " << want;
                }
            }
        }
    }
    vec::set_isa(vec::best_isa());
}

// tanh saturates to 1 with x's sign past 9.02 and keeps the sign of a zero (float32's fast formula
// serves 0 < |x| ≤ 40 and flags the rest): every kind and route, in chunks and in the tail,
// against glibc's tanh rounded.
TEST(Objects, TanhSaturatesToOneWithTheSign) {
    const double big[] = {9.03, 20.0, 39.9, 40.0, 40.1, 44.0, 45.0, 89.0, 1e30, INFINITY};
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue;
        vec::set_isa(isa);
        for (int64_t n : {int64_t{7}, int64_t{1000}}) {
            std::vector<double> x(n);
            for (int64_t i = 0; i < n; ++i)
                x[i] = (i % 2 ? -1 : 1) * (i % 3 ? big[i % 10] : 0.37 * double(i % 29));
            x[n - 1] = NAN;
            x[0] = -0.0, x[n - 2] = -0.0, x[n - 3] = 0.0;
            std::vector<float> xf(x.begin(), x.end());
            std::vector<double> out(n);
            std::vector<float> outf(n);
            ErrorSlot slot;
            unary(Fn::Tanh, Kind::F64, x.data(), 1, out.data(), n, slot);
            unary(Fn::Tanh, Kind::F32, xf.data(), 1, outf.data(), n, slot);
            for (int64_t i = 0; i + 1 < n; ++i) {
                if (x[i] == 0) {
                    EXPECT_TRUE(same_bits(out[i], x[i]) && same_bits(outf[i], x[i]))
                        << "route " << int(isa) << " item " << i << ": " << out[i] << " " << outf[i];
                    continue;
                }
                if (std::fabs(x[i]) < 9.02) continue; // the accuracy table covers the rest
                EXPECT_EQ(out[i], std::tanh(x[i])) << "route " << int(isa) << " x " << x[i];
                EXPECT_EQ(outf[i], float(std::tanh(double(xf[i])))) << "route " << int(isa) << " x " << xf[i];
            }
            EXPECT_TRUE(std::isnan(out[n - 1]) && std::isnan(outf[n - 1]));
        }
    }
    vec::set_isa(vec::best_isa());
}

// sin's fast formula rounds ±0 to +0 and flags them; the sign comes back on every route, in
// chunks (all zeros, or a zero among others) and in the tail.
TEST(Objects, SinKeepsTheSignOfZero) {
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue; // wider than this CPU has
        vec::set_isa(isa);
        for (int64_t n : {int64_t{3}, int64_t{1000}}) {
            for (bool all : {true, false}) {
                std::vector<double> x(n, 0.25), out(n);
                for (int64_t i = 0; i < n; ++i)
                    if (all || i % 97 == 5) x[i] = i % 2 ? -0.0 : 0.0;
                ErrorSlot slot;
                unary(Fn::Sin, Kind::F64, x.data(), 1, out.data(), n, slot);
                for (int64_t i = 0; i < n; ++i)
                    ASSERT_TRUE(same_bits(out[i], x[i] == 0 ? x[i] : std::sin(x[i])) ||
                                std::fabs(out[i] - std::sin(x[i])) < 1e-16)
                        << "route " << int(isa) << " item " << i << " got " << out[i];
            }
        }
    }
    vec::set_isa(vec::best_isa());
}

TEST(Objects, FoldFactsMatchIdentities) {
    for (int i = 0; i < FN_COUNT; ++i) {
        Fn f = Fn(i);
        const Object& o = object(f);
        if (!o.associative) continue;
        EXPECT_TRUE(is_dyadic(f));
        unsigned char out[16];
        Kind k = result_kind(f, Kind::Int) == Kind::Int ? Kind::Int : Kind::Bool;
        EXPECT_TRUE(identity(f, k, out)) << name(f);
        // a reassociated float fold agrees with the right-to-left one
        if (o.reassociate && result_kind(f, Kind::F64) == Kind::F64) {
            std::vector<double> a(1001);
            for (size_t j = 0; j < a.size(); ++j) a[j] = 1 + 1e-3 * std::sin(double(j));
            double r, ref = a.back();
            ErrorSlot slot;
            fold(f, Kind::F64, a.data(), 1, static_cast<int64_t>(a.size()), &r, slot);
            for (int j = static_cast<int>(a.size()) - 2; j >= 0; --j) ref = call(f, Kind::F64, a[j], ref);
            EXPECT_NEAR(r, ref, 1e-12 * std::fabs(ref)) << name(f);
        }
    }
}
