// The real forms (kernel.h's Real* objects, the marks' √ₐ ⍟ₐ *ₐ ○ₐ): against MPFR at 256 bits on
// random inputs inside and outside the real domain, within 4 ulps (pow's characterised bound for
// the powers); against the real part of the complex function (std::complex through the kernels'
// complex routes); exact zeros and signs where the real part is constant; kinds; and real_on,
// the range test that lets dynamic kinds skip a read.
#include "math/kernel.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <random>

using namespace bpl::math;
using bpl::number::Kind;
using c128 = std::complex<double>;

namespace {

constexpr int PREC = 256;
const double NaN = std::numeric_limits<double>::quiet_NaN();
const double INF = std::numeric_limits<double>::infinity();

double run1(Fn f, double x) {
    ErrorSlot s;
    double out;
    unary(f, Kind::F64, &x, 0, &out, 1, s);
    EXPECT_FALSE(s.has_error()) << name(f);
    return out;
}
double run2(Fn f, double x, double y) {
    ErrorSlot s;
    double out;
    binary(f, Kind::F64, &x, 0, &y, 0, &out, 1, s);
    EXPECT_FALSE(s.has_error()) << name(f);
    return out;
}
c128 runc1(Fn f, double x) {
    ErrorSlot s;
    c128 z{x, 0}, out;
    unary(f, Kind::C128, &z, 0, &out, 1, s);
    return out;
}
c128 runc2(Fn f, double x, double y) {
    ErrorSlot s;
    c128 a{x, 0}, b{y, 0}, out;
    binary(f, Kind::C128, &a, 0, &b, 0, &out, 1, s);
    return out;
}

// An MPFR number at PREC bits, set from a double.
struct Mp {
    mpfr_t v;
    Mp() { mpfr_init2(v, PREC); }
    explicit Mp(double d) : Mp() { mpfr_set_d(v, d, MPFR_RNDN); }
    ~Mp() { mpfr_clear(v); }
    Mp(const Mp&) = delete;
    double get() const { return mpfr_get_d(v, MPFR_RNDN); }
};

// |got − want| in ulps of float64 at want (want ≠ 0; subnormal ulps below).
double ulps(double got, const Mp& want) {
    if (mpfr_zero_p(want.v)) return got == 0 ? 0 : INF;
    Mp d(got);
    mpfr_sub(d.v, d.v, want.v, MPFR_RNDN);
    long e = mpfr_get_exp(want.v) - 53;
    if (e < -1074) e = -1074;
    mpfr_mul_2si(d.v, d.v, -e, MPFR_RNDN);
    return std::fabs(d.get());
}

// The real part of x^y for x < 0: |x|^y·cos(πy).
void mp_real_pow(Mp& r, double x, double y) {
    Mp ax(std::fabs(x)), yy(y), c;
    mpfr_pow(r.v, ax.v, yy.v, MPFR_RNDN);
    if (x < 0) {
        mpfr_cospi(c.v, yy.v, MPFR_RNDN);
        mpfr_mul(r.v, r.v, c.v, MPFR_RNDN);
    }
}

void check(const char* what, double got, const Mp& want, double bound, double x, double y = 0) {
    double e = ulps(got, want);
    EXPECT_LE(e, bound) << what << " x=" << x << " y=" << y << " got " << got << " want "
                        << want.get();
}

} // namespace

TEST(RealForms, Kinds) {
    for (Fn f : {Fn::RealSqrt, Fn::RealLn, Fn::RealAsin, Fn::RealAcos, Fn::RealAcosh, Fn::RealAtanh,
                 Fn::RealCircle0, Fn::RealCircle8, Fn::RealCircle4Inv, Fn::RealCircle8Inv}) {
        EXPECT_FALSE(is_dyadic(f)) << name(f);
        EXPECT_EQ(operand_kind(f, Kind::Int), Kind::F64) << name(f);
        EXPECT_EQ(result_kind(f, Kind::C128), Kind::F64) << name(f);
        EXPECT_EQ(result_kind(f, Kind::F32), Kind::F32) << name(f);
        EXPECT_FALSE(is_value_dependent(f)) << name(f);
    }
    for (Fn f : {Fn::RealPow, Fn::RealRoot, Fn::RealLog}) {
        EXPECT_TRUE(is_dyadic(f)) << name(f);
        EXPECT_EQ(operand_kind(f, Kind::Int, Kind::Int), Kind::F64) << name(f);
        EXPECT_EQ(result_kind(f, Kind::C64), Kind::F32) << name(f);
    }
}

TEST(RealForms, SpecExamples) {
    // language.md §10.3: √ₐ¯4 is 0, ⍟ₐ¯1 is 0, ¯8*ₐ÷3 is 1
    EXPECT_EQ(run1(Fn::RealSqrt, -4), 0);
    EXPECT_EQ(run1(Fn::RealLn, -1), 0);
    EXPECT_NEAR(run2(Fn::RealPow, -8, 1.0 / 3), 1, 4e-16);
    // integral exponents keep the sign; half-integral ones give an exact 0
    EXPECT_EQ(run2(Fn::RealPow, -2, 3), -8);
    EXPECT_EQ(run2(Fn::RealPow, -4, 0.5), 0);
    EXPECT_EQ(run2(Fn::RealPow, -4, -1.5), 0);
    EXPECT_EQ(run2(Fn::RealPow, -1e300, 2.5), 0); // |x|^y overflows; its cosine is exactly 0
    EXPECT_EQ(run2(Fn::RealPow, -2, 0x1p60), INF);
    EXPECT_TRUE(std::isnan(run2(Fn::RealPow, -2, NaN)));
    EXPECT_TRUE(std::isnan(run1(Fn::RealSqrt, NaN)));
    // an odd root of a negative is the real root; an even one's real part
    EXPECT_NEAR(run2(Fn::RealRoot, 3, -8), -2, 1e-15);
    EXPECT_NEAR(run2(Fn::RealRoot, 2, -4), 0, 1e-15);
    EXPECT_NEAR(run2(Fn::RealRoot, 4, -16), std::sqrt(2.0), 4e-16 * 2);
    // constant real parts outside the domain
    EXPECT_EQ(run1(Fn::RealCircle0, 2), 0);
    EXPECT_EQ(run1(Fn::RealAcosh, 0.5), 0);
    EXPECT_EQ(run1(Fn::RealCircle4Inv, 0.5), 0);
    EXPECT_EQ(run1(Fn::RealAcos, 2), 0);
    EXPECT_EQ(run1(Fn::RealCircle8, 3), 0);
    EXPECT_TRUE(std::isnan(run1(Fn::RealCircle8Inv, NaN)));
}

TEST(RealForms, CospiIsExactAtIntegersAndHalves) {
    // through RealPow at x = ¯1: (¯1)*ₐy is cos πy
    for (double y : {0.5, 1.5, -0.5, 2.5, 1e15 + 0.5, 0x1p51 + 0.5})
        EXPECT_EQ(run2(Fn::RealPow, -1, y), 0) << y;
    for (double y : {1.0, 3.0, -5.0, 0x1p52 + 1, 0x1p53, 1e300}) {
        double want = std::fmod(std::fabs(y), 2.0) == 1 ? -1 : 1;
        EXPECT_EQ(run2(Fn::RealPow, -1, y), want) << y;
    }
}

TEST(RealForms, MonadsAgainstMpfr) {
    std::mt19937_64 g(42);
    std::uniform_real_distribution<double> wide(-10, 10), unit(-1, 1), e(-60, 60);
    for (int i = 0; i < 20000; ++i) {
        double x = i % 3 == 0 ? unit(g) : i % 3 == 1 ? wide(g) : std::copysign(std::exp2(e(g)), unit(g));
        double a = std::fabs(x);
        Mp mx(x), ma(a), r;
        // √ₐ: 0 below zero
        if (x < 0) mpfr_set_zero(r.v, 1);
        else mpfr_sqrt(r.v, mx.v, MPFR_RNDN);
        check("RealSqrt", run1(Fn::RealSqrt, x), r, 0.5, x);
        // ⍟ₐ: ln|x|
        mpfr_log(r.v, ma.v, MPFR_RNDN);
        check("RealLn", run1(Fn::RealLn, x), r, 4, x);
        // 1○ₐ⁻ 2○ₐ⁻: arcsin, arccos of x clamped
        Mp c(std::fmin(std::fmax(x, -1.0), 1.0));
        mpfr_asin(r.v, c.v, MPFR_RNDN);
        check("RealAsin", run1(Fn::RealAsin, x), r, 4, x);
        mpfr_acos(r.v, c.v, MPFR_RNDN);
        if (!mpfr_zero_p(r.v)) check("RealAcos", run1(Fn::RealAcos, x), r, 4, x);
        // 6○ₐ⁻: arccosh |x| outside [¯1, 1]
        if (a > 1) {
            mpfr_acosh(r.v, ma.v, MPFR_RNDN);
            check("RealAcosh", run1(Fn::RealAcosh, x), r, 4, x);
        }
        // 7○ₐ⁻: arctanh x inside, arctanh(1÷x) (the real part) outside
        if (a != 1) {
            if (a < 1) mpfr_atanh(r.v, mx.v, MPFR_RNDN);
            else {
                mpfr_ui_div(r.v, 1, mx.v, MPFR_RNDN);
                mpfr_atanh(r.v, r.v, MPFR_RNDN);
            }
            check("RealAtanh", run1(Fn::RealAtanh, x), r, 4, x);
        }
        // 0○ₐ: √(1 − x²) inside; 4○ₐ⁻: the sign of x times √(x² − 1) outside
        Mp sq;
        mpfr_sqr(sq.v, mx.v, MPFR_RNDN);
        if (a < 1) {
            mpfr_ui_sub(r.v, 1, sq.v, MPFR_RNDN);
            mpfr_sqrt(r.v, r.v, MPFR_RNDN);
            check("RealCircle0", run1(Fn::RealCircle0, x), r, 4, x);
        } else if (a > 1) {
            mpfr_sub_ui(r.v, sq.v, 1, MPFR_RNDN);
            mpfr_sqrt(r.v, r.v, MPFR_RNDN);
            if (x < 0) mpfr_neg(r.v, r.v, MPFR_RNDN);
            check("RealCircle4Inv", run1(Fn::RealCircle4Inv, x), r, 4, x);
        }
    }
}

TEST(RealForms, PowersAgainstMpfr) {
    std::mt19937_64 g(43);
    std::uniform_real_distribution<double> ux(-30, 30), uy(-20, 20), u(0, 1);
    for (int i = 0; i < 20000; ++i) {
        double x = -std::exp2(ux(g) / 4), y = uy(g);
        if (i % 4 == 0) y = std::round(y * 2) / 2; // half-integers: exact zeros and signs
        Mp r;
        mp_real_pow(r, x, y);
        double got = run2(Fn::RealPow, x, y);
        // pow's characterised bound 4 + 2|y ln x| ulps; a zero real part is exact
        double bound = 4 + 2 * std::fabs(y * std::log(-x));
        if (mpfr_zero_p(r.v)) EXPECT_EQ(got, 0) << x << " " << y;
        else check("RealPow", got, r, bound, x, y);
        // X√ₐY = Y*ₐ÷X for even or non-integral degrees (the degree's reciprocal rounded once)
        double deg = 1.5 + 6 * u(g);
        Mp rr;
        mp_real_pow(rr, x, 1.0 / deg);
        check("RealRoot", run2(Fn::RealRoot, deg, x), rr, 4 + 3 * std::fabs(std::log(-x) / deg), deg, x);
    }
}

TEST(RealForms, LogAgainstMpfr) {
    std::mt19937_64 g(44);
    std::uniform_real_distribution<double> u(-8, 8);
    for (int i = 0; i < 20000; ++i) {
        double x = std::copysign(std::exp2(u(g)), u(g)), y = std::copysign(std::exp2(u(g)), u(g));
        // (ac + bd) ÷ (a² + b²) with a = ln|x|, b = π[x<0], c = ln|y|, d = π[y<0]
        Mp a, b, c, d, pi, num, den, t;
        Mp ax(std::fabs(x)), ay(std::fabs(y));
        mpfr_const_pi(pi.v, MPFR_RNDN);
        mpfr_log(a.v, ax.v, MPFR_RNDN);
        mpfr_log(c.v, ay.v, MPFR_RNDN);
        mpfr_set_zero(b.v, 1);
        mpfr_set_zero(d.v, 1);
        if (x < 0) mpfr_set(b.v, pi.v, MPFR_RNDN);
        if (y < 0) mpfr_set(d.v, pi.v, MPFR_RNDN);
        mpfr_mul(num.v, a.v, c.v, MPFR_RNDN);
        mpfr_mul(t.v, b.v, d.v, MPFR_RNDN);
        mpfr_add(num.v, num.v, t.v, MPFR_RNDN);
        mpfr_sqr(den.v, a.v, MPFR_RNDN);
        mpfr_sqr(t.v, b.v, MPFR_RNDN);
        mpfr_add(den.v, den.v, t.v, MPFR_RNDN);
        Mp r;
        mpfr_div(r.v, num.v, den.v, MPFR_RNDN);
        // the numerator's terms may cancel: the bound is 8 ulps of their size
        mpfr_mul(t.v, a.v, c.v, MPFR_RNDN);
        double size = (std::fabs(t.get()) + (x < 0 && y < 0 ? 9.87 : 0)) / den.get();
        double got = run2(Fn::RealLog, x, y);
        EXPECT_LE(std::fabs(got - r.get()), 8 * 0x1p-52 * std::fmax(size, std::fabs(r.get())))
            << "x=" << x << " y=" << y;
    }
}

// The real form equals the real part of the complex function (the marks' meaning, fₐ ≡ (f Y)ₐ).
TEST(RealForms, RealPartOfTheComplexValue) {
    struct Pair {
        Fn real, complex;
    };
    const Pair monads[] = {{Fn::RealSqrt, Fn::Sqrt},         {Fn::RealLn, Fn::Ln},
                           {Fn::RealCircle0, Fn::Circle0},   {Fn::RealCircle8, Fn::Circle8},
                           {Fn::RealAsin, Fn::Asin},         {Fn::RealAcos, Fn::Acos},
                           {Fn::RealAcosh, Fn::Acosh},       {Fn::RealAtanh, Fn::Atanh},
                           {Fn::RealCircle4Inv, Fn::Circle4Inv}, {Fn::RealCircle8Inv, Fn::Circle8Inv}};
    std::mt19937_64 g(45);
    std::uniform_real_distribution<double> u(-5, 5);
    for (int i = 0; i < 2000; ++i) {
        double x = u(g);
        for (const Pair& p : monads) {
            double want = runc1(p.complex, x).real(), got = run1(p.real, x);
            EXPECT_NEAR(got, want, 1e-14 * std::fmax(1, std::fabs(want))) << name(p.real) << " " << x;
            // complex operands: the real part of the complex function's value
            ErrorSlot s;
            c128 z{x, 0.5};
            double out;
            unary(p.real, Kind::C128, &z, 0, &out, 1, s);
            c128 zw;
            unary(p.complex, Kind::C128, &z, 0, &zw, 1, s);
            EXPECT_EQ(out, zw.real()) << name(p.real);
        }
        double y = u(g);
        double want = runc2(Fn::Power, x, y).real();
        EXPECT_NEAR(run2(Fn::RealPow, x, y), want, 1e-13 * std::fmax(1, std::fabs(want))) << x << " " << y;
        double lw = runc2(Fn::Log, x, y).real();
        EXPECT_NEAR(run2(Fn::RealLog, x, y), lw, 1e-13 * std::fmax(1, std::fabs(lw))) << x << " " << y;
    }
}

// real_on: the ranges decide the kind exactly when every operand pair inside them is real.
TEST(RealOn, RangesDecideTheKind) {
    EXPECT_TRUE(real_on(Fn::Sqrt, Kind::F64, 0, 10, 0, 0));
    EXPECT_FALSE(real_on(Fn::Sqrt, Kind::F64, -1, 10, 0, 0));
    EXPECT_TRUE(real_on(Fn::Ln, Kind::F64, 1e-300, INF, 0, 0));
    EXPECT_TRUE(real_on(Fn::Power, Kind::F64, 0, INF, -INF, INF));
    EXPECT_TRUE(real_on(Fn::Power, Kind::F64, -INF, INF, 2, 2)); // x*2
    EXPECT_FALSE(real_on(Fn::Power, Kind::F64, -1, 1, 0.5, 0.5));
    EXPECT_FALSE(real_on(Fn::Power, Kind::F64, -1, 1, 2, 3));
    EXPECT_TRUE(real_on(Fn::Power, Kind::Int, -9, 9, 0, 5));
    EXPECT_FALSE(real_on(Fn::Power, Kind::Int, 1, 9, -1, 5)); // 2ₓ*¯1ₓ is 0.5
    EXPECT_TRUE(real_on(Fn::Asin, Kind::F64, -1, 1, 0, 0));
    EXPECT_FALSE(real_on(Fn::Asin, Kind::F64, -1, 1.5, 0, 0));
    EXPECT_TRUE(real_on(Fn::Circle4Inv, Kind::F64, -9, -1, 0, 0));
    EXPECT_FALSE(real_on(Fn::Circle4Inv, Kind::F64, -9, 1, 0, 0));
    EXPECT_FALSE(real_on(Fn::Circle8, Kind::F64, 0, 1, 0, 0));
    EXPECT_TRUE(real_on(Fn::Root, Kind::F64, 3, 3, -8, 8)); // odd degree
    EXPECT_FALSE(real_on(Fn::Root, Kind::F64, 2, 2, -8, 8));
    EXPECT_TRUE(real_on(Fn::Factorial, Kind::Int, 0, 20, 0, 0));
    EXPECT_FALSE(real_on(Fn::Factorial, Kind::Int, -2, 20, 0, 0));
    EXPECT_TRUE(real_on(Fn::Add, Kind::F64, -INF, INF, -INF, INF)); // not value-dependent
    // the unknown range decides nothing
    EXPECT_FALSE(real_on(Fn::Sqrt, Kind::F64, -INF, INF, -INF, INF));
    // agreement with the read: dynamic_kind on sampled items inside a range real_on accepts
    std::mt19937_64 g(46);
    for (Fn f : {Fn::Sqrt, Fn::Ln, Fn::Asin, Fn::Acos, Fn::Atanh, Fn::Acosh, Fn::Circle0, Fn::Circle4Inv}) {
        std::uniform_real_distribution<double> u(-3, 3);
        for (int box = 0; box < 500; ++box) {
            double a = u(g), b = u(g), lo = std::fmin(a, b), hi = std::fmax(a, b);
            if (!real_on(f, Kind::F64, lo, hi, 0, 0)) continue;
            std::uniform_real_distribution<double> in(lo, hi);
            for (int k = 0; k < 20; ++k) {
                double x = k == 0 ? lo : k == 1 ? hi : in(g);
                EXPECT_EQ(dynamic_kind(f, Kind::F64, &x, 0, nullptr, 0, 1), Kind::F64) << name(f) << " " << x;
            }
        }
    }
}
