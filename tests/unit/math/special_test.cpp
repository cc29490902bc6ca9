// Branch cuts of the complex inverse circle functions, 4○⁻¹ without overflow, the Lambert W
// object and the code-point object, each against MPFR (closed forms on the cuts; Newton's method
// at 256 bits for W) or against the definition.
#include "math/kernel.h"
#include "math/object.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <complex>
#include <limits>

using namespace bpl::math;
using bpl::number::Kind;
using c128 = std::complex<double>;

namespace {

constexpr int PREC = 256;

// MPFR's f(x) rounded to double.
double mp(int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), double x) {
    mpfr_t a;
    mpfr_init2(a, PREC);
    mpfr_set_d(a, x, MPFR_RNDN);
    f(a, a, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clear(a);
    return r;
}
double mp_pi() {
    mpfr_t a;
    mpfr_init2(a, PREC);
    mpfr_const_pi(a, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clear(a);
    return r;
}

c128 run_c(Fn f, c128 z) {
    ErrorSlot s;
    c128 out;
    unary(f, Kind::C128, &z, 0, &out, 1, s);
    EXPECT_FALSE(s.has_error());
    return out;
}
double run_r(Fn f, double x) {
    ErrorSlot s;
    double out;
    unary(f, Kind::F64, &x, 0, &out, 1, s);
    EXPECT_FALSE(s.has_error());
    return out;
}

void expect_near(c128 got, c128 want, const char* what) {
    EXPECT_NEAR(got.real(), want.real(), 4e-16 * std::max(1.0, std::abs(want))) << what;
    EXPECT_NEAR(got.imag(), want.imag(), 4e-16 * std::max(1.0, std::abs(want))) << what;
}

// On the real axis past ±1 (either sign of zero imaginary part): arcsin, arccos continuous with
// quadrant IV right of 1 and quadrant II left of ¯1; arctanh and arccosh from the upper side.
TEST(BranchCuts, RealAxis) {
    double pi = mp_pi();
    for (double x : {1.5, 2.0, 10.0, 1e10}) {
        double ach = mp(mpfr_acosh, x), ath = mp(mpfr_atanh, 1 / x);
        for (double zero : {0.0, -0.0}) {
            expect_near(run_c(Fn::Asin, {x, zero}), {pi / 2, -ach}, "asin right");
            expect_near(run_c(Fn::Asin, {-x, zero}), {-pi / 2, ach}, "asin left");
            expect_near(run_c(Fn::Acos, {x, zero}), {0, ach}, "acos right");
            expect_near(run_c(Fn::Acos, {-x, zero}), {pi, -ach}, "acos left");
            expect_near(run_c(Fn::Atanh, {x, zero}), {ath, pi / 2}, "atanh right");
            expect_near(run_c(Fn::Atanh, {-x, zero}), {-ath, pi / 2}, "atanh left");
            expect_near(run_c(Fn::Acosh, {-x, zero}), {ach, pi}, "acosh left");
        }
    }
    // arccosh between ¯1 and 1: i·arccos x
    for (double x : {-0.5, 0.0, 0.5})
        for (double zero : {0.0, -0.0})
            expect_near(run_c(Fn::Acosh, {x, zero}), {0, mp(mpfr_acos, x)}, "acosh inside");
}

TEST(Circle4Inv, NoIntermediateOverflow) {
    for (double x : {1.0, 1.5, 3.0, 1e10, 0x1p27, 0x1p28, 1e154, 1e200, 1e300, 1.7e308}) {
        mpfr_t a;
        mpfr_init2(a, PREC);
        mpfr_set_d(a, x, MPFR_RNDN);
        mpfr_sqr(a, a, MPFR_RNDN);
        mpfr_sub_ui(a, a, 1, MPFR_RNDN);
        mpfr_sqrt(a, a, MPFR_RNDN);
        double want = mpfr_get_d(a, MPFR_RNDN);
        mpfr_clear(a);
        EXPECT_NEAR(run_r(Fn::Circle4Inv, x), want, 2e-16 * want) << x;
        EXPECT_NEAR(run_r(Fn::Circle4Inv, -x), -want, 2e-16 * want) << -x;
    }
    EXPECT_TRUE(std::isnan(run_r(Fn::Circle4Inv, 0.5)));
}

// W(x) at 256 bits by Newton's method on w·eʷ − x from a start on the principal branch.
double mp_lambert_w(double x) {
    mpfr_t w, e, f, d, t, xm;
    mpfr_inits2(PREC, w, e, f, d, t, xm, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(xm, x, MPFR_RNDN);
    mpfr_set_d(w, x < 1 ? std::log1p(x) * 0.7 : std::log(x) - std::log(std::log(x + 1) + 1) + 0.1,
               MPFR_RNDN);
    if (x < -0.3) mpfr_set_d(w, -1 + std::sqrt(2 * (std::exp(1.0) * x + 1)), MPFR_RNDN);
    for (int i = 0; i < 200; i++) {
        mpfr_exp(e, w, MPFR_RNDN);
        mpfr_mul(f, w, e, MPFR_RNDN);
        mpfr_sub(f, f, xm, MPFR_RNDN); // f = w eʷ − x
        mpfr_add_ui(d, w, 1, MPFR_RNDN);
        mpfr_mul(d, d, e, MPFR_RNDN); // f′ = eʷ (w + 1)
        mpfr_div(t, f, d, MPFR_RNDN);
        mpfr_sub(w, w, t, MPFR_RNDN);
    }
    double r = mpfr_get_d(w, MPFR_RNDN);
    mpfr_clears(w, e, f, d, t, xm, static_cast<mpfr_ptr>(nullptr));
    return r;
}

TEST(LambertW, RealAgainstMpfr) {
    for (double x : {1e-300, -1e-300, 1e-100, 1e-12, -1e-12, 0.099, -0.099, 0.5, 1.0, 2.0,
                     2.718281828459045, 10.0, 100.0, 1e5, 1e20, 1e100, 1e300, -0.1, -0.2, -0.3,
                     -0.35, -0.36, -0.367}) {
        double want = mp_lambert_w(x);
        ASSERT_GE(want, -1.0) << x;
        // the distance from the branch point scales the condition number
        double cond = x < -0.3 ? 1 / std::sqrt(2 * (std::exp(1.0) * x + 1)) : 1;
        EXPECT_NEAR(run_r(Fn::LambertW, x), want, 4e-16 * cond * std::fabs(want)) << x;
    }
    // x > 1e300 takes the logarithmic iteration
    EXPECT_NEAR(run_r(Fn::LambertW, 1.7e308), mp_lambert_w(1.7e308), 4e-16 * 703);
}

TEST(LambertW, Specials) {
    double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(run_r(Fn::LambertW, 0.0), 0.0);
    EXPECT_EQ(run_r(Fn::LambertW, inf), inf);
    EXPECT_EQ(run_r(Fn::LambertW, -1 / std::exp(1.0)), -1.0); // the float nearest −1/e
    EXPECT_TRUE(std::isnan(run_r(Fn::LambertW, -0.37)));
    EXPECT_TRUE(std::isnan(run_r(Fn::LambertW, -1.0)));
    EXPECT_TRUE(std::isnan(run_r(Fn::LambertW, -inf)));
    EXPECT_TRUE(std::isnan(run_r(Fn::LambertW, std::nan(""))));
    EXPECT_EQ(result_kind(Fn::LambertW, operand_kind(Fn::LambertW, Kind::Int)), Kind::F64);
}

// The complex principal branch: w·eʷ gives z back (in long double), and the imaginary part
// lies within (−π, π); the corpus's W(1j1) to 12 digits.
TEST(LambertW, Complex) {
    for (c128 z : {c128(1, 1), c128(-2, 0), c128(-1, 0.1), c128(-1, -0.1), c128(3, -4),
                   c128(1e-8, 1e-8), c128(-0.36, 1e-3), c128(1e10, 1e10), c128(0, 1)}) {
        c128 w = run_c(Fn::LambertW, z);
        std::complex<long double> wl(w.real(), w.imag());
        std::complex<long double> back = wl * std::exp(wl);
        long double rel = std::abs(back - std::complex<long double>(z.real(), z.imag())) / std::abs(z);
        EXPECT_LT(static_cast<double>(rel), 1e-14) << z;
        EXPECT_LT(std::fabs(w.imag()), mp_pi()) << z;
    }
    c128 w = run_c(Fn::LambertW, {1, 1});
    EXPECT_NEAR(w.real(), 0.656966069230, 1e-12);
    EXPECT_NEAR(w.imag(), 0.325450339413, 1e-12);
    // on the cut (left of −1/e) the upper side: W(¯1) = ¯0.3181315052047641+1.337235701430689i
    // (w eʷ = ¯1 with Im w in (0, π))
    c128 c = run_c(Fn::LambertW, {-1, 0});
    EXPECT_GT(c.imag(), 0);
    // real arguments on the principal branch stay real in the complex kind
    c128 r = run_c(Fn::LambertW, {1, 0});
    EXPECT_EQ(r.imag(), 0);
    EXPECT_NEAR(r.real(), mp_lambert_w(1), 4e-16);
}

TEST(LambertW, Object) {
    const Object& o = object(Fn::LambertW);
    EXPECT_EQ(o.arity, 1);
    for (double x : {0.0, 0.5, 1.0, 10.0, -0.2}) {
        double w = mp_lambert_w(x);
        double want = x == 0 ? 1 : w / (x * (1 + w)); // W′ = W ÷ (x(1+W)); W′(0) = 1
        EXPECT_NEAR(eval_partial(o.dx, x, 0, w), want, 1e-15 * std::fabs(want)) << x;
    }
    Interval r = range_of(o, Kind::F64, {-1, 10}, {0, 0});
    EXPECT_LE(r.lo, -1.0);
    EXPECT_GE(r.hi, mp_lambert_w(10));
}

// X CodePoint Y: the character X+Y; the offset integral (a float within 1E¯14 of an integer, a
// complex with zero imaginary part); the result a Unicode scalar value.
TEST(CodePoint, Kinds) {
    EXPECT_TRUE(is_dyadic(Fn::CodePoint));
    EXPECT_EQ(operand_kind(Fn::CodePoint, Kind::Char, Kind::Bool), Kind::Int);
    EXPECT_EQ(operand_kind(Fn::CodePoint, Kind::Char, Kind::I8), Kind::Int);
    EXPECT_EQ(operand_kind(Fn::CodePoint, Kind::Char, Kind::F16), Kind::F64);
    EXPECT_EQ(operand_kind(Fn::CodePoint, Kind::Char, Kind::C64), Kind::C128);
    EXPECT_EQ(result_kind(Fn::CodePoint, Kind::Int), Kind::Char);
}

TEST(CodePoint, Values) {
    int64_t a[] = {97, 97, 0x1F600, 0, 0x10FFFE, 0xD7FE};
    int64_t b[] = {3, -1, -1, 0, 1, 1};
    char32_t out[6];
    ErrorSlot s;
    binary(Fn::CodePoint, Kind::Int, a, 1, b, 1, out, 6, s);
    EXPECT_FALSE(s.has_error());
    char32_t want[] = {U'd', U'`', 0x1F5FF, 0, 0x10FFFF, 0xD7FF};
    for (int i = 0; i < 6; i++) EXPECT_EQ(out[i], want[i]) << i;

    double fa[] = {97, 97, 97};
    double fb[] = {1.000000000000001, 0.999999999999999, -2};
    binary(Fn::CodePoint, Kind::F64, fa, 1, fb, 1, out, 3, s);
    EXPECT_FALSE(s.has_error());
    EXPECT_EQ(out[0], U'b');
    EXPECT_EQ(out[1], U'b');
    EXPECT_EQ(out[2], U'_');

    c128 ca = 97, cb = 2;
    binary(Fn::CodePoint, Kind::C128, &ca, 0, &cb, 0, out, 1, s);
    EXPECT_FALSE(s.has_error());
    EXPECT_EQ(out[0], U'c');
}

TEST(CodePoint, Errors) {
    auto fails_int = [](int64_t a, int64_t b) {
        ErrorSlot s;
        char32_t out;
        binary(Fn::CodePoint, Kind::Int, &a, 0, &b, 0, &out, 1, s);
        return s.has_error() && s.kind == bpl::base::ErrorKind::Domain;
    };
    EXPECT_TRUE(fails_int(97, -98));                   // below 0
    EXPECT_TRUE(fails_int(0x10FFFF, 1));               // past the last code point
    EXPECT_TRUE(fails_int(0xD7FF, 1));                 // a surrogate
    EXPECT_TRUE(fails_int(0xE000, -1));                // a surrogate from above
    EXPECT_TRUE(fails_int(97, INT64_MAX));             // overflow is no wrap-around
    auto fails_f = [](double a, double b) {
        ErrorSlot s;
        char32_t out;
        binary(Fn::CodePoint, Kind::F64, &a, 0, &b, 0, &out, 1, s);
        return s.has_error();
    };
    EXPECT_TRUE(fails_f(97, 0.5));
    EXPECT_TRUE(fails_f(97, 1.00000000001));
    EXPECT_TRUE(fails_f(97, std::numeric_limits<double>::infinity()));
    EXPECT_TRUE(fails_f(97, std::nan("")));
    EXPECT_TRUE(fails_f(97, 1e300));
    c128 ca = 97, cb = {1, 1};
    ErrorSlot s;
    char32_t out;
    binary(Fn::CodePoint, Kind::C128, &ca, 0, &cb, 0, &out, 1, s);
    EXPECT_TRUE(s.has_error());
    // the object's validity predicate agrees
    const Object& o = object(Fn::CodePoint);
    EXPECT_TRUE(o.invalid(Kind::F64, 97, 0.5));
    EXPECT_TRUE(o.invalid(Kind::Int, 97, -98));
    EXPECT_FALSE(o.invalid(Kind::Int, 97, 3));
}

} // namespace

namespace {

// X ResidueExact Y on floats: Y − X×⌊Y÷X⌋ computed exactly (MPFR), with no tolerant step.
TEST(ResidueExact, AgainstMpfr) {
    const double xs[] = {2, 16, 10, 3, -7, 0.1};
    const double ys[] = {9007199254740991.0, 4503599627370495.0, 1e15 + 1, 1e17, -5, 0.3, 12345.678};
    for (double x : xs)
        for (double y : ys) {
            mpfr_t q, r, xm, ym;
            mpfr_inits2(4096, q, r, xm, ym, static_cast<mpfr_ptr>(nullptr));
            mpfr_set_d(xm, x, MPFR_RNDN);
            mpfr_set_d(ym, y, MPFR_RNDN);
            mpfr_div(q, ym, xm, MPFR_RNDN);
            mpfr_floor(q, q);
            mpfr_mul(r, q, xm, MPFR_RNDN);
            mpfr_sub(r, ym, r, MPFR_RNDN);
            double want = mpfr_get_d(r, MPFR_RNDN);
            mpfr_clears(q, r, xm, ym, static_cast<mpfr_ptr>(nullptr));
            ErrorSlot s;
            double got;
            binary(Fn::ResidueExact, Kind::F64, &x, 0, &y, 0, &got, 1, s);
            EXPECT_FALSE(s.has_error());
            EXPECT_EQ(got, want) << x << " | " << y;
        }
    // where the tolerant residue answers 0, the exact one keeps the low bit
    double two = 2, big = 9007199254740991.0, got, tolerant;
    ErrorSlot s;
    binary(Fn::ResidueExact, Kind::F64, &two, 0, &big, 0, &got, 1, s);
    binary(Fn::Residue, Kind::F64, &two, 0, &big, 0, &tolerant, 1, s);
    EXPECT_EQ(got, 1.0);
    EXPECT_EQ(tolerant, 0.0);
    // integers are the ordinary residue
    int64_t a = 16, b = -5, r;
    binary(Fn::ResidueExact, Kind::Int, &a, 0, &b, 0, &r, 1, s);
    EXPECT_EQ(r, 11);
}

} // namespace
