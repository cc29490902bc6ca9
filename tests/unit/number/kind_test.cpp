// Tests for number/: Kind::join with weak literals (D1–D3), widths, names, binary16 conversion.
#include "number/f16.h"
#include "number/kind.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace bpl::number;

TEST(Kind, JoinStrong) {
    EXPECT_EQ(join(Kind::Bool, Kind::Bool), Kind::Bool);
    EXPECT_EQ(join(Kind::Bool, Kind::I8), Kind::I8);
    EXPECT_EQ(join(Kind::I8, Kind::I32), Kind::I32);
    EXPECT_EQ(join(Kind::I16, Kind::Int), Kind::Int);
    EXPECT_EQ(join(Kind::Int, Kind::I64), Kind::I64);
    EXPECT_EQ(join(Kind::Int, Kind::F32), Kind::F32);
    EXPECT_EQ(join(Kind::F16, Kind::F32), Kind::F32);
    EXPECT_EQ(join(Kind::F64, Kind::F16), Kind::F64);
    EXPECT_EQ(join(Kind::F64, Kind::C64), Kind::C128);
    EXPECT_EQ(join(Kind::F32, Kind::C64), Kind::C64);
    EXPECT_EQ(join(Kind::Int, Kind::C64), Kind::C64);
    EXPECT_EQ(join(Kind::C64, Kind::C128), Kind::C128);
    EXPECT_EQ(join(Kind::Exact, Kind::Int), Kind::Exact);
    EXPECT_EQ(join(Kind::Exact, Kind::F32), Kind::F32);
    EXPECT_EQ(join(Kind::Char, Kind::Char), Kind::Char);
    // symmetric
    for (int a = 0; a < KIND_COUNT; ++a)
        for (int b = 0; b < KIND_COUNT; ++b)
            EXPECT_EQ(join(Kind(a), Kind(b)), join(Kind(b), Kind(a))) << a << " " << b;
}

TEST(Kind, JoinWeak) {
    Typed one = Typed::literal(1), half = Typed::literal(2.5);
    EXPECT_TRUE(one.weak && one.integral);
    EXPECT_FALSE(half.integral);
    EXPECT_EQ(join(Typed::strong(Kind::I8), one).kind, Kind::I8); // 3ₓ₁+1 is 4ₓ₁
    EXPECT_EQ(join(one, Typed::strong(Kind::Int)).kind, Kind::Int);
    EXPECT_EQ(join(Typed::strong(Kind::I8), half).kind, Kind::F64);
    EXPECT_EQ(join(Typed::strong(Kind::F32), half).kind, Kind::F32); // x_f32+1 stays f32
    EXPECT_EQ(join(Typed::strong(Kind::F16), one).kind, Kind::F16);
    EXPECT_EQ(join(Typed::strong(Kind::C64), half).kind, Kind::C64);
    EXPECT_EQ(join(Typed::strong(Kind::Bool), one).kind, Kind::Int);
    Typed two = join(one, half);
    EXPECT_TRUE(two.weak);
    EXPECT_EQ(two.kind, Kind::F64);
    EXPECT_FALSE(two.integral);
    EXPECT_FALSE(join(Typed::strong(Kind::I8), one).weak);
}

TEST(Kind, Facts) {
    EXPECT_EQ(bits(Kind::I16), 16);
    EXPECT_EQ(real_part(Kind::C64), Kind::F32);
    EXPECT_EQ(complex_of(Kind::F32), Kind::C64);
    EXPECT_EQ(complex_of(Kind::Int), Kind::C128);
    EXPECT_EQ(float_of(Kind::I8), Kind::F64);
    EXPECT_STREQ(name(Kind::C128), "C128");
    EXPECT_STREQ(mark(Kind::I8), "ₓ₁");
}

TEST(F16, RoundTripsEveryPattern) {
    for (uint32_t b = 0; b < 0x10000; ++b) {
        f16 h{static_cast<uint16_t>(b)};
        float f = to_float(h);
        if (std::isnan(f)) {
            EXPECT_TRUE(std::isnan(to_float(to_f16(f))));
            continue;
        }
        EXPECT_EQ(to_f16(f).bits, h.bits) << b;
    }
}

TEST(F16, RoundsToNearestEven) {
    // between each pair of neighbouring finite halves, the midpoint rounds to the even one
    for (uint32_t b = 0; b < 0x7bff; ++b) {
        float lo = to_float(f16{static_cast<uint16_t>(b)});
        float hi = to_float(f16{static_cast<uint16_t>(b + 1)});
        float mid = (lo + hi) / 2; // exact in float
        uint16_t want = (b & 1) ? static_cast<uint16_t>(b + 1) : static_cast<uint16_t>(b);
        ASSERT_EQ(to_f16(mid).bits, want) << b;
        ASSERT_EQ(to_f16(std::nextafter(mid, lo)).bits, b);
        ASSERT_EQ(to_f16(std::nextafter(mid, hi)).bits, b + 1);
    }
    EXPECT_EQ(to_f16(65520.0f).bits, 0x7c00); // the tie past the largest half goes to ∞
    EXPECT_EQ(to_f16(65519.0f).bits, 0x7bff);
    EXPECT_EQ(to_f16(-1e10f).bits, 0xfc00);
    EXPECT_EQ(to_f16(1e-10f).bits, 0);
}
