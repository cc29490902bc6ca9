// scalar.cpp's exact operations: Python's float // and % bit for bit (signed zeros included), where
// a tolerant floor or residue (APL's, as in src/math) would give another answer.
#include "circuit/scalar.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bpl::circuit {
namespace {

TEST(Scalar, FloorDivAndModAreCPythonsNotTolerant) {
    // a, b, a // b, a % b: each value printed by CPython 3.11.
    struct Case { double a, b, q, r; } cases[] = {
        {0.3, 0.1, 2.0, 0.09999999999999998},   // a tolerant residue gives 0, a tolerant floor 3
        {1.0, 0.1, 9.0, 0.09999999999999995},
        {2.9999999999999996, 1.0, 2.0, 0.9999999999999996},
        {-1e-20, 1.0, -1.0, 1.0},               // mod += b rounds to b
        {1e-20, -1.0, -1.0, -1.0},
        {-0.0, 5.0, -0.0, 0.0},
        {0.0, -2.0, -0.0, -0.0},
        {7.5, -2.0, -4.0, -0.5},
        {-7.5, 2.0, -4.0, 0.5},
        {-6.0, 3.0, -2.0, 0.0},
        {6.0, -3.0, -2.0, -0.0},
    };
    for (const Case& c : cases) {
        double q = py_floordiv(c.a, c.b), r = py_mod(c.a, c.b);
        EXPECT_EQ(q, c.q) << c.a << " // " << c.b;
        EXPECT_EQ(r, c.r) << c.a << " % " << c.b;
        EXPECT_EQ(std::signbit(q), std::signbit(c.q)) << c.a << " // " << c.b;
        EXPECT_EQ(std::signbit(r), std::signbit(c.r)) << c.a << " % " << c.b;
    }
}

TEST(Scalar, SigmoidAndGaussianUseThePlatformExp) {
    EXPECT_EQ(sigmoid(0.0), 0.5);
    EXPECT_EQ(sigmoid(1.0), 1.0 / (1.0 + std::exp(-1.0)));
    EXPECT_EQ(sigmoid(-1.0), std::exp(-1.0) / (1.0 + std::exp(-1.0)));
    EXPECT_EQ(sigmoid(-800.0), 0.0);
    EXPECT_EQ(sigmoid(800.0), 1.0);
    EXPECT_EQ(gaussian(0.5, 2.0), std::exp(-(0.25 * 0.25)));
    EXPECT_EQ(platform_exp(1.0), std::exp(1.0));
}

TEST(Scalar, Float32RoundingIsToNearestEven) {
    EXPECT_EQ(round_f32(0.1), 0.10000000149011612);
    EXPECT_EQ(round_f32(1.0 + 0x1p-24), 1.0);                 // a tie goes to even
    EXPECT_EQ(round_f32(1.0 + 3 * 0x1p-24), 1.0 + 0x1p-22);
    EXPECT_TRUE(std::isinf(round_f32(3.5e38)));
}

} // namespace
} // namespace bpl::circuit
