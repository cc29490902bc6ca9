// Tests for the engine's contract (math/kernel.h): kind rules, elementwise results on every kind,
// wrapping, floor division, tolerance, errors into the ErrorSlot, strides, conversion, folds.
#include "math/kernel.h"
#include "math/vec.h"
#include "number/complex.h"
#include "number/f16.h"

#include <gtest/gtest.h>

#include <complex>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace bpl::math;
using bpl::number::c128;
using bpl::number::Kind;

namespace {

template <class R, class T>
std::vector<R> bin(Fn f, Kind k, const std::vector<T>& a, const std::vector<T>& b,
                   ErrorSlot* slot = nullptr) {
    ErrorSlot local;
    ErrorSlot& s = slot ? *slot : local;
    std::vector<R> out(a.size());
    binary(f, k, a.data(), 1, b.data(), 1, out.data(), static_cast<int64_t>(a.size()), s);
    return out;
}
template <class R, class T>
std::vector<R> un(Fn f, Kind k, const std::vector<T>& a, ErrorSlot* slot = nullptr) {
    ErrorSlot local;
    ErrorSlot& s = slot ? *slot : local;
    std::vector<R> out(a.size());
    unary(f, k, a.data(), 1, out.data(), static_cast<int64_t>(a.size()), s);
    return out;
}
using V64 = std::vector<int64_t>;
using VD = std::vector<double>;
using VB = std::vector<uint8_t>;
constexpr int64_t MAXI = std::numeric_limits<int64_t>::max();
constexpr int64_t MINI = std::numeric_limits<int64_t>::min();
const double INF = std::numeric_limits<double>::infinity();
const double NaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

TEST(Kinds, ResultAndOperandKinds) {
    EXPECT_EQ(result_kind(Fn::Equal, Kind::F64), Kind::Bool);
    EXPECT_EQ(result_kind(Fn::Divide, Kind::Int), Kind::Int);
    EXPECT_EQ(result_kind(Fn::Floor, Kind::F64), Kind::Int);
    EXPECT_EQ(result_kind(Fn::Floor, Kind::I8), Kind::I8);
    EXPECT_EQ(result_kind(Fn::Direction, Kind::F32), Kind::Int);
    EXPECT_EQ(result_kind(Fn::Magnitude, Kind::C128), Kind::F64);
    EXPECT_EQ(result_kind(Fn::Or, Kind::Bool), Kind::Bool);
    EXPECT_EQ(operand_kind(Fn::Add, Kind::Bool, Kind::Bool), Kind::Int); // $t+$t is 2ₓ
    EXPECT_EQ(operand_kind(Fn::And, Kind::Bool, Kind::Bool), Kind::Bool);
    EXPECT_EQ(operand_kind(Fn::Min, Kind::Bool, Kind::Bool), Kind::Bool);
    EXPECT_EQ(operand_kind(Fn::Add, Kind::I8, Kind::I32), Kind::I32);
    EXPECT_EQ(operand_kind(Fn::Log, Kind::Int, Kind::Int), Kind::F64);
    EXPECT_EQ(operand_kind(Fn::Exp, Kind::I16), Kind::F64);
    EXPECT_EQ(operand_kind(Fn::Exp, Kind::F32), Kind::F32);
    EXPECT_EQ(operand_kind(Fn::Negate, Kind::Bool), Kind::Int);
    EXPECT_EQ(item_size(Kind::C128), 16);
    EXPECT_EQ(item_size(Kind::Bool), 1);
}

TEST(Arith, IntegersWrapAtTheirWidth) {
    EXPECT_EQ(bin<int64_t>(Fn::Add, Kind::Int, V64{MAXI}, V64{1})[0], MINI);
    auto r8 = bin<int8_t>(Fn::Add, Kind::I8, std::vector<int8_t>{127, -128, 3},
                          std::vector<int8_t>{1, -1, 1});
    EXPECT_EQ(r8, (std::vector<int8_t>{-128, 127, 4}));
    auto m8 = bin<int8_t>(Fn::Multiply, Kind::I8, std::vector<int8_t>{64, -128},
                          std::vector<int8_t>{2, -1});
    EXPECT_EQ(m8, (std::vector<int8_t>{-128, -128}));
    auto m16 = bin<int16_t>(Fn::Multiply, Kind::I16, std::vector<int16_t>{300},
                            std::vector<int16_t>{300});
    EXPECT_EQ(m16[0], static_cast<int16_t>(90000 - 65536 * 1));
    EXPECT_EQ(un<int64_t>(Fn::Negate, Kind::Int, V64{MINI})[0], MINI);
    EXPECT_EQ(bin<int64_t>(Fn::Power, Kind::Int, V64{2, 2, 3}, V64{10, 64, 0}),
              (V64{1024, 0, 1}));
}

TEST(Arith, FloorDivisionAndResidue) {
    EXPECT_EQ(bin<int64_t>(Fn::Divide, Kind::Int, V64{7, -7, 7, -7, MINI}, V64{2, 2, -2, -2, -1}),
              (V64{3, -4, -4, 3, MINI}));
    EXPECT_EQ(un<int64_t>(Fn::Reciprocal, Kind::Int, V64{2, 1, -1, -3}), (V64{0, 1, -1, -1}));
    EXPECT_EQ(bin<int64_t>(Fn::Residue, Kind::Int, V64{3, 3, 3, 3, 0, -3, 3},
                           V64{-1, 0, 1, 4, 5, 7, MINI}),
              (V64{2, 0, 1, 1, 5, -2, 1}));
    auto r = bin<double>(Fn::Residue, Kind::F64, VD{2, 10, -2.5, 0.5}, VD{7, -13, 8, -0.6});
    EXPECT_EQ(r[0], 1);
    EXPECT_EQ(r[1], 7);
    EXPECT_EQ(r[2], -2);
    EXPECT_NEAR(r[3], 0.4, 1e-15);
    EXPECT_EQ(bin<double>(Fn::Residue, Kind::F64, VD{0.1}, VD{0.3})[0], 0); // tolerant
}

TEST(Arith, IntegerDivisionByZeroIsADomainError) {
    ErrorSlot slot;
    auto r = bin<int64_t>(Fn::Divide, Kind::Int, V64{1, 5, 0}, V64{1, 0, 0}, &slot);
    EXPECT_TRUE(slot.has_error());
    EXPECT_EQ(slot.count.load(), 2u);
    EXPECT_EQ(slot.kind, bpl::base::ErrorKind::Domain);
    EXPECT_EQ(r[0], 1);
    ErrorSlot s2;
    un<int32_t>(Fn::Reciprocal, Kind::I32, std::vector<int32_t>{0}, &s2);
    EXPECT_TRUE(s2.has_error());
    ErrorSlot s3; // float division by zero is IEEE, not an error
    auto f = bin<double>(Fn::Divide, Kind::F64, VD{1, -1, 0}, VD{0, 0, 0}, &s3);
    EXPECT_FALSE(s3.has_error());
    EXPECT_EQ(f[0], INF);
    EXPECT_EQ(f[1], -INF);
    EXPECT_TRUE(std::isnan(f[2]));
}

TEST(Arith, FloorCeilingDirectionGiveIntegers) {
    EXPECT_EQ(un<int64_t>(Fn::Floor, Kind::F64, VD{1.8, -1.8, 1.000000000000001, INF, -INF, NaN}),
              (V64{1, -2, 1, MAXI, MINI, 0}));
    EXPECT_EQ(un<int64_t>(Fn::Ceiling, Kind::F64, VD{-2.3, 0.1, 3, INF, -INF}),
              (V64{-2, 1, 3, MAXI, MINI}));
    EXPECT_EQ(un<int64_t>(Fn::Direction, Kind::F64, VD{-2.5, 0, INF}), (V64{-1, 0, 1}));
    auto g = un<c128>(Fn::Floor, Kind::C128, std::vector<c128>{{1.5, 0.5}});
    EXPECT_EQ(g[0], c128(1, 1));
    auto res = bin<c128>(Fn::Residue, Kind::C128, std::vector<c128>{{1, 2}},
                         std::vector<c128>{{3, 4}});
    EXPECT_NEAR(res[0].real(), -1, 1e-12);
    EXPECT_NEAR(res[0].imag(), 1, 1e-12);
}

TEST(Arith, MinMaxIgnoreNaN) {
    EXPECT_EQ(bin<double>(Fn::Min, Kind::F64, VD{NaN, 3}, VD{2, INF}), (VD{2, 3}));
    EXPECT_EQ(bin<double>(Fn::Max, Kind::F64, VD{NaN, 3}, VD{2, INF}), (VD{2, INF}));
    EXPECT_EQ(bin<uint8_t>(Fn::Max, Kind::Bool, VB{0, 1}, VB{0, 0}), (VB{0, 1}));
}

TEST(Arith, FloatsAndF16) {
    auto e = un<double>(Fn::Exp, Kind::F64, VD{0, 1, -INF, 1000});
    EXPECT_EQ(e[0], 1);
    EXPECT_NEAR(e[1], 2.718281828459045, 1e-15);
    EXPECT_EQ(e[2], 0);
    EXPECT_EQ(e[3], INF);
    EXPECT_EQ(un<double>(Fn::Ln, Kind::F64, VD{0})[0], -INF);
    EXPECT_NEAR(bin<double>(Fn::Log, Kind::F64, VD{2, 10}, VD{8, 2})[0], 3, 1e-15);
    EXPECT_TRUE(std::isnan(bin<double>(Fn::Log, Kind::F64, VD{1}, VD{1})[0]));
    EXPECT_EQ(bin<double>(Fn::Power, Kind::F64, VD{2, -2, 0, 0}, VD{3, 3, 0, -1}),
              (VD{8, -8, 1, INF}));
    EXPECT_NEAR(un<double>(Fn::Factorial, Kind::F64, VD{1.5})[0], 1.329340388179137, 1e-14);
    EXPECT_EQ(un<int64_t>(Fn::Factorial, Kind::Int, V64{5, 0, 20})[0], 120);
    using bpl::number::f16;
    std::vector<f16> h{bpl::number::to_f16(1.5f), bpl::number::to_f16(2.25f)};
    auto hs = bin<f16>(Fn::Add, Kind::F16, h, h);
    EXPECT_EQ(bpl::number::to_float(hs[0]), 3.0f);
    EXPECT_EQ(bpl::number::to_float(hs[1]), 4.5f);
    EXPECT_EQ(un<int64_t>(Fn::Floor, Kind::F16, h)[0], 1);
}

TEST(Compare, ToleranceOnlyForFloat64) {
    EXPECT_EQ(bin<uint8_t>(Fn::Equal, Kind::F64, VD{0.3, NaN, INF, 1}, VD{0.1 + 0.2, NaN, INF, 2}),
              (VB{1, 0, 1, 0}));
    EXPECT_EQ(bin<uint8_t>(Fn::Equal, Kind::F32, std::vector<float>{0.3f},
                           std::vector<float>{std::nextafter(0.3f, 1.0f)})[0],
              0);
    EXPECT_EQ(bin<uint8_t>(Fn::Less, Kind::F64, VD{1, 2, 3, 0.3}, VD{2, 2, 2, 0.1 + 0.2}),
              (VB{1, 0, 0, 0}));
    EXPECT_EQ(bin<uint8_t>(Fn::LessEqual, Kind::F64, VD{1, 2, 3, 0.30000000000000004},
                           VD{2, 2, 2, 0.3}),
              (VB{1, 1, 0, 1}));
    EXPECT_EQ(bin<uint8_t>(Fn::GreaterEqual, Kind::Int, V64{3, 3, 3}, V64{1, 3, 5}),
              (VB{1, 1, 0}));
    EXPECT_EQ(bin<uint8_t>(Fn::NotEqual, Kind::Int, V64{1, 2, 3}, V64{2, 2, 2}), (VB{1, 0, 1}));
    std::vector<char32_t> s{U'a', U'b', U'c'}, t{U'b', U'b', U'b'};
    EXPECT_EQ(bin<uint8_t>(Fn::Equal, Kind::Char, s, t), (VB{0, 1, 0}));
    ErrorSlot slot;
    bin<uint8_t>(Fn::Less, Kind::C128, std::vector<c128>{{1, 2}}, std::vector<c128>{{1, 2}}, &slot);
    EXPECT_TRUE(slot.has_error());
    ErrorSlot s2;
    bin<uint8_t>(Fn::Less, Kind::Char, s, t, &s2);
    EXPECT_TRUE(s2.has_error());
}

TEST(Logic, BooleansGcdLcmAndDomain) {
    EXPECT_EQ(bin<uint8_t>(Fn::Or, Kind::Bool, VB{0, 0, 1, 1}, VB{0, 1, 0, 1}), (VB{0, 1, 1, 1}));
    EXPECT_EQ(bin<uint8_t>(Fn::And, Kind::Bool, VB{0, 0, 1, 1}, VB{0, 1, 0, 1}), (VB{0, 0, 0, 1}));
    EXPECT_EQ(bin<uint8_t>(Fn::Nand, Kind::Bool, VB{0, 0, 1, 1}, VB{0, 1, 0, 1}), (VB{1, 1, 1, 0}));
    EXPECT_EQ(bin<uint8_t>(Fn::Nor, Kind::F64, VD{0, 0, 1, 1}, VD{0, 1, 0, 1}), (VB{1, 0, 0, 0}));
    EXPECT_EQ(bin<int64_t>(Fn::Or, Kind::Int, V64{12, 0, -4}, V64{18, 5, 6}), (V64{6, 5, 2}));
    EXPECT_EQ(bin<int64_t>(Fn::And, Kind::Int, V64{4, -12, 0}, V64{6, 18, 5}), (V64{12, -36, 0}));
    EXPECT_DOUBLE_EQ(bin<double>(Fn::Or, Kind::F64, VD{1.5}, VD{2.5})[0], 0.5);
    EXPECT_EQ(un<uint8_t>(Fn::Not, Kind::Int, V64{0, 1}), (VB{1, 0}));
    ErrorSlot slot;
    un<uint8_t>(Fn::Not, Kind::Int, V64{2}, &slot);
    EXPECT_TRUE(slot.has_error());
    ErrorSlot s2;
    bin<uint8_t>(Fn::Nor, Kind::F64, VD{0}, VD{2}, &s2);
    EXPECT_TRUE(s2.has_error());
    ErrorSlot s3;
    bin<double>(Fn::Or, Kind::F64, VD{INF}, VD{2}, &s3);
    EXPECT_TRUE(s3.has_error());
}

TEST(Kernels, StridesAndBroadcast) {
    VD a{1, 2, 3, 4, 5, 6};
    double ten = 10;
    VD out(3);
    ErrorSlot slot;
    binary(Fn::Add, Kind::F64, a.data(), 2, &ten, 0, out.data(), 3, slot);
    EXPECT_EQ(out, (VD{11, 13, 15}));
    unary(Fn::Negate, Kind::F64, a.data() + 5, -1, out.data(), 3, slot);
    EXPECT_EQ(out, (VD{-6, -5, -4}));
}

// The binary loops: contiguous and broadcast operands in either place run in chunks of block
// pairs, then a single block, then a padded tail; strided operands go block by block. Every item
// equals the same pair computed alone (which takes the tail path), including the lanes the repair
// predicate sends to the scalar routine (power of a negative or zero base, residue by zero).
template <class T>
void binary_paths_agree(Fn f, Kind k) {
    const int64_t n = 16 * vec::CHUNK_BLOCKS * 2 + 16 * 3 + 5;
    std::vector<T> a(2 * n), b(2 * n);
    for (int64_t i = 0; i < 2 * n; ++i) {
        a[i] = static_cast<T>(0.01 * double(i % 211) - 0.4);  // some ≤ 0: repaired lanes for power
        b[i] = static_cast<T>(0.37 * double(i % 13) - 1.5);
    }
    a[7] = 0, b[9] = 0;
    struct Case { int64_t sa, sb; };
    for (Case c : {Case{1, 1}, Case{0, 1}, Case{1, 0}, Case{2, 1}, Case{1, 2}, Case{0, 0}}) {
        std::vector<T> out(n);
        ErrorSlot slot;
        binary(f, k, a.data(), c.sa, b.data(), c.sb, out.data(), n, slot);
        for (int64_t i = 0; i < n; ++i) {
            T alone;
            binary(f, k, &a[i * c.sa], 1, &b[i * c.sb], 1, &alone, 1, slot);
            if (std::isnan(alone)) EXPECT_TRUE(std::isnan(out[i])) << name(f) << " item " << i;
            else EXPECT_EQ(out[i], alone) << name(f) << " strides " << c.sa << "," << c.sb << " item " << i;
        }
    }
}

TEST(Kernels, BinaryPathsAgree) {
    for (Fn f : {Fn::Add, Fn::Subtract, Fn::Multiply, Fn::Divide, Fn::Min, Fn::Max, Fn::Power, Fn::Residue}) {
        binary_paths_agree<double>(f, Kind::F64);
        binary_paths_agree<float>(f, Kind::F32);
    }
}

// Float32 arithmetic runs on float32 lanes: each result is the float64 result rounded once.
TEST(Kernels, Float32ArithmeticIsTheRoundedFloat64Result) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1e3, 1e3);
    const int64_t n = 1000;
    std::vector<float> a(n), b(n), out(n);
    for (int64_t i = 0; i < n; ++i) a[i] = float(u(rng)), b[i] = float(u(rng));
    ErrorSlot slot;
    for (Fn f : {Fn::Add, Fn::Subtract, Fn::Multiply, Fn::Divide}) {
        binary(f, Kind::F32, a.data(), 1, b.data(), 1, out.data(), n, slot);
        for (int64_t i = 0; i < n; ++i) {
            double x = a[i], y = b[i];
            double want = f == Fn::Add ? x + y : f == Fn::Subtract ? x - y : f == Fn::Multiply ? x * y : x / y;
            EXPECT_EQ(out[i], static_cast<float>(want)) << name(f) << " item " << i;
        }
    }
}

// The correctly rounded float32 monads (√, ÷, -, |) give float32's own result on every route:
// the float64 result rounded (glibc's sqrt as the oracle), with ±0, subnormals, ±∞ and NaN, at
// unit stride (the float32 lanes) and stride 2.
TEST(Routes, Float32CorrectlyRoundedMonads) {
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1e3, 1e3);
    std::vector<float> a{0.0f, -0.0f, 1e-40f, -1e-40f, INFINITY, -INFINITY, NAN, 2.0f, 1e38f, -3.0f};
    while (a.size() < 1001) a.push_back(float(a.size() % 3 ? u(rng) : std::ldexp(u(rng), -130)));
    const int64_t n = static_cast<int64_t>(a.size());
    auto want = [](Fn f, float x) {
        double v = x;
        return f == Fn::Sqrt ? float(std::sqrt(v)) : f == Fn::Reciprocal ? float(1.0 / v)
             : f == Fn::Negate ? float(-v) : float(std::fabs(v));
    };
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue;
        vec::set_isa(isa);
        for (Fn f : {Fn::Sqrt, Fn::Reciprocal, Fn::Negate, Fn::Magnitude})
            for (int64_t stride : {int64_t{1}, int64_t{2}}) {
                int64_t m = (n + stride - 1) / stride;
                std::vector<float> out(m);
                ErrorSlot slot;
                unary(f, Kind::F32, a.data(), stride, out.data(), m, slot);
                for (int64_t i = 0; i < m; ++i) {
                    float w = want(f, a[i * stride]);
                    EXPECT_TRUE(std::memcmp(&out[i], &w, 4) == 0 || (std::isnan(out[i]) && std::isnan(w)))
                        << name(f) << " isa " << int(isa) << " x=" << a[i * stride] << " got " << out[i];
                }
            }
    }
    vec::set_isa(vec::best_isa());
}

// ⌊ and ⌈ of floats give int64 on every route, against std::floor with the tolerance applied as
// functions.md 0.7 states it (float64 only) and saturation at the int64 range.
TEST(Routes, FloorAndCeilingGiveIntegersOnEveryRoute) {
    auto oracle_floor = [](double x, bool tolerant) -> int64_t {
        if (std::isnan(x)) return 0;
        double f = std::floor(x);
        if (tolerant && f != x && std::isfinite(x) &&
            std::fabs((f + 1) - x) <= 1e-14 * std::max(std::fabs(f + 1), std::fabs(x)))
            f += 1;
        if (f >= 0x1p63) return INT64_MAX;
        if (f < -0x1p63) return INT64_MIN;
        return static_cast<int64_t>(f);
    };
    VD x{0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 1e15 + 0.5, -1e15 - 0.5, 0x1p52, 0x1p52 + 1,
         -0x1p52 - 1, 0x1p53, 4503599627370495.5, -4503599627370495.5, 0x1p63, -0x1p63, 0x1p63 - 1024,
         -0x1p63 + 1024, 1e300, -1e300, INF, -INF, NaN, 3 - 1e-15, 3 - 1e-13, -3 - 1e-15, -3 + 1e-15,
         7e13 - 0.4, 0.1 * 3, 1e-300};
    std::mt19937_64 g(4);
    std::uniform_real_distribution<double> u(-1e6, 1e6);
    for (int i = 0; i < 3000; ++i) x.push_back(i % 3 ? u(g) : std::round(u(g)) * (1 - 4e-15));
    const size_t n = x.size();
    for (Kind k : {Kind::F64, Kind::F32})
        for (Fn f : {Fn::Floor, Fn::Ceiling})
            for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
                if (isa == vec::Isa::Avx512 && vec::best_isa() != vec::Isa::Avx512) continue;
                if (isa == vec::Isa::Avx2 && vec::best_isa() == vec::Isa::Portable) continue;
                vec::set_isa(isa);
                std::vector<unsigned char> a(n * 8);
                convert(Kind::F64, x.data(), k, a.data(), n);
                VD items(n);
                convert(k, a.data(), Kind::F64, items.data(), n);
                V64 out(n);
                ErrorSlot slot;
                unary(f, k, a.data(), 1, out.data(), n, slot);
                for (size_t i = 0; i < n; ++i) {
                    double v = items[i];
                    bool tol = k == Kind::F64;
                    int64_t want = f == Fn::Floor ? oracle_floor(v, tol)
                                   : v <= -0x1p63 ? INT64_MIN
                                   : oracle_floor(-v, tol) == INT64_MIN ? INT64_MAX
                                                                         : -oracle_floor(-v, tol);
                    EXPECT_EQ(out[i], want) << name(f) << " " << bpl::number::name(k) << " isa "
                                            << int(isa) << " x=" << std::setprecision(17) << v;
                }
                EXPECT_FALSE(slot.has_error());
            }
    vec::set_isa(vec::best_isa());
}

TEST(Kernels, Convert) {
    VD d{1.5, -2.5, NaN, 1e300, -1e300, 3};
    V64 i(d.size());
    convert(Kind::F64, d.data(), Kind::Int, i.data(), 6);
    EXPECT_EQ(i, (V64{2, -2, 0, MAXI, MINI, 3}));
    std::vector<int8_t> b(2);
    V64 w{300, -1};
    convert(Kind::Int, w.data(), Kind::I8, b.data(), 2);
    EXPECT_EQ(b, (std::vector<int8_t>{44, -1}));
    std::vector<c128> c(2);
    convert(Kind::Int, w.data(), Kind::C128, c.data(), 2);
    EXPECT_EQ(c[0], c128(300, 0));
    VB bo(3);
    VD z{0, 2, -0.0};
    convert(Kind::F64, z.data(), Kind::Bool, bo.data(), 3);
    EXPECT_EQ(bo, (VB{0, 1, 0}));
}

// Integer folds reassociate (exact: + and × wrap at the kind's width) and use four block
// accumulators: against plain unsigned loops, contiguous and strided, over lengths around the
// block sizes; float ⌊/⌈ folds skip NaN items.
TEST(Fold, IntegerFoldsWrapAcrossBlocks) {
    std::mt19937_64 g(11);
    for (int64_t n : {1, 7, 8, 31, 32, 33, 64, 65, 1000, 4099}) {
        for (int64_t s : {1, 3}) {
            std::vector<int64_t> a(n * s);
            std::vector<int32_t> b(n * s);
            for (auto& v : a) v = static_cast<int64_t>(g());
            for (auto& v : b) v = static_cast<int32_t>(g());
            uint64_t sum = 0, prod = 1;
            uint32_t sum32 = 0, prod32 = 1;
            int64_t lo = INT64_MAX, hi = INT64_MIN;
            int32_t lo32 = INT32_MAX, hi32 = INT32_MIN;
            for (int64_t i = 0; i < n; ++i) {
                sum += static_cast<uint64_t>(a[i * s]), prod *= static_cast<uint64_t>(a[i * s]);
                sum32 += static_cast<uint32_t>(b[i * s]), prod32 *= static_cast<uint32_t>(b[i * s]);
                lo = std::min(lo, a[i * s]), hi = std::max(hi, a[i * s]);
                lo32 = std::min(lo32, b[i * s]), hi32 = std::max(hi32, b[i * s]);
            }
            ErrorSlot slot;
            int64_t r;
            int32_t r32;
            fold(Fn::Add, Kind::Int, a.data(), s, n, &r, slot);
            EXPECT_EQ(static_cast<uint64_t>(r), sum) << n;
            fold(Fn::Multiply, Kind::Int, a.data(), s, n, &r, slot);
            EXPECT_EQ(static_cast<uint64_t>(r), prod) << n;
            fold(Fn::Min, Kind::Int, a.data(), s, n, &r, slot);
            EXPECT_EQ(r, lo);
            fold(Fn::Max, Kind::I64, a.data(), s, n, &r, slot);
            EXPECT_EQ(r, hi);
            fold(Fn::Add, Kind::I32, b.data(), s, n, &r32, slot);
            EXPECT_EQ(static_cast<uint32_t>(r32), sum32) << n;
            fold(Fn::Multiply, Kind::I32, b.data(), s, n, &r32, slot);
            EXPECT_EQ(static_cast<uint32_t>(r32), prod32) << n;
            fold(Fn::Min, Kind::I32, b.data(), s, n, &r32, slot);
            EXPECT_EQ(r32, lo32);
            fold(Fn::Max, Kind::I32, b.data(), s, n, &r32, slot);
            EXPECT_EQ(r32, hi32);
            EXPECT_FALSE(slot.has_error());
        }
    }
    VD x{3, NaN, -1, 7, NaN, 2, 5, 0, 1, 9, NaN};
    double r;
    ErrorSlot slot;
    fold(Fn::Max, Kind::F64, x.data(), 1, static_cast<int64_t>(x.size()), &r, slot);
    EXPECT_EQ(r, 9);
    fold(Fn::Min, Kind::F64, x.data(), 1, static_cast<int64_t>(x.size()), &r, slot);
    EXPECT_EQ(r, -1);
}

TEST(Fold, IdentitiesAndRightToLeft) {
    int64_t id = -1;
    EXPECT_TRUE(identity(Fn::Add, Kind::Int, &id));
    EXPECT_EQ(id, 0);
    EXPECT_TRUE(identity(Fn::Min, Kind::Int, &id));
    EXPECT_EQ(id, MAXI);
    double d;
    EXPECT_TRUE(identity(Fn::Max, Kind::F64, &d));
    EXPECT_EQ(d, -INF);
    uint8_t b;
    EXPECT_TRUE(identity(Fn::Equal, Kind::Bool, &b));
    EXPECT_EQ(b, 1);
    EXPECT_TRUE(identity(Fn::Min, Kind::Bool, &b));
    EXPECT_EQ(b, 1);
    EXPECT_FALSE(identity(Fn::Nand, Kind::Bool, &b));
    EXPECT_FALSE(identity(Fn::Log, Kind::F64, &d));

    ErrorSlot slot;
    V64 a{10, 4, 3};
    int64_t r;
    fold(Fn::Subtract, Kind::Int, a.data(), 1, 3, &r, slot); // 10-(4-3)
    EXPECT_EQ(r, 9);
    fold(Fn::Add, Kind::Int, a.data(), 1, 3, &r, slot);
    EXPECT_EQ(r, 17);
    VD x{2, 3, 2};
    fold(Fn::Power, Kind::F64, x.data(), 1, 3, &d, slot); // 2*(3*2)
    EXPECT_EQ(d, 512);
    fold(Fn::Max, Kind::F64, x.data(), 2, 2, &d, slot);
    EXPECT_EQ(d, 2);
    VB bb{1, 0, 1};
    fold(Fn::NotEqual, Kind::Bool, bb.data(), 1, 3, &b, slot);
    EXPECT_EQ(b, 0);
    EXPECT_FALSE(slot.has_error());
}

TEST(Arith, BinomialRootCircleAndPiRatio) {
    EXPECT_EQ(bin<int64_t>(Fn::Binomial, Kind::Int, V64{3, -3, -5, 5, 2, 0}, V64{-5, 5, -3, 3, 5, 0}),
              (V64{-35, 0, 6, 0, 10, 1}));
    auto b = bin<double>(Fn::Binomial, Kind::F64, VD{3, -3, -5, 5, 2, 1}, VD{-5, 5, -3, 3, 5, 1.5});
    EXPECT_EQ(b[0], -35);
    EXPECT_EQ(b[1], 0);
    EXPECT_EQ(b[2], 6);
    EXPECT_EQ(b[3], 0);
    EXPECT_EQ(b[4], 10);
    EXPECT_NEAR(b[5], 1.5, 1e-14);
    ErrorSlot slot;
    bin<double>(Fn::Binomial, Kind::F64, VD{0.5}, VD{-1}, &slot);
    EXPECT_TRUE(slot.has_error());
    auto r = bin<double>(Fn::Root, Kind::F64, VD{3, -3, 0.5, 2}, VD{-8, -8, -2, 9});
    EXPECT_NEAR(r[0], -2, 1e-15);
    EXPECT_NEAR(r[1], -0.5, 1e-15);
    EXPECT_NEAR(r[2], 4, 1e-14);
    EXPECT_NEAR(r[3], 3, 1e-15);
    ErrorSlot s2;
    bin<double>(Fn::Root, Kind::F64, VD{0}, VD{2}, &s2);
    EXPECT_TRUE(s2.has_error());
    auto pr = bin<double>(Fn::PiRatio, Kind::F64, VD{1, 2}, VD{2, 3});
    EXPECT_DOUBLE_EQ(pr[0], 1.5707963267948966);
    EXPECT_DOUBLE_EQ(pr[1], 2.0943951023931953);
    EXPECT_EQ(un<double>(Fn::Circle0, Kind::F64, VD{0})[0], 1);
    EXPECT_DOUBLE_EQ(un<double>(Fn::Circle4, Kind::F64, VD{1e300})[0], 1e300); // no overflow
    auto c4i = un<double>(Fn::Circle4Inv, Kind::F64, VD{-2, 2});
    EXPECT_DOUBLE_EQ(c4i[0], -std::sqrt(3.0));
    EXPECT_DOUBLE_EQ(c4i[1], std::sqrt(3.0));
    auto c8 = un<c128>(Fn::Circle8, Kind::C128, std::vector<c128>{{0, 0}});
    EXPECT_NEAR(c8[0].imag(), 1, 1e-15);
}

TEST(Kinds, RealResultsDecideComplexUnderDynamicKinds) {
    VD neg{4, -4}, pos{4, 9};
    EXPECT_FALSE(is_real_result(Fn::Sqrt, Kind::F64, neg.data(), 1, nullptr, 0, 2));
    EXPECT_TRUE(is_real_result(Fn::Sqrt, Kind::F64, pos.data(), 1, nullptr, 0, 2));
    V64 ineg{-1};
    EXPECT_FALSE(is_real_result(Fn::Ln, Kind::Int, ineg.data(), 1, nullptr, 0, 1));
    VD x{-8, -8, -4}, y{1.0 / 3, 3, 0.5};
    EXPECT_FALSE(is_real_result(Fn::Power, Kind::F64, x.data(), 1, y.data(), 1, 1));
    EXPECT_TRUE(is_real_result(Fn::Power, Kind::F64, x.data() + 1, 1, y.data() + 1, 1, 1));
    VD deg{3, 0.5, 2}, rad{-8, -2, -4};
    EXPECT_TRUE(is_real_result(Fn::Root, Kind::F64, deg.data(), 1, rad.data(), 1, 2));
    EXPECT_FALSE(is_real_result(Fn::Root, Kind::F64, deg.data() + 2, 1, rad.data() + 2, 1, 1));
    VD two{2};
    EXPECT_FALSE(is_real_result(Fn::Asin, Kind::F64, two.data(), 1, nullptr, 0, 1));
    EXPECT_TRUE(is_real_result(Fn::Exp, Kind::F64, neg.data(), 1, nullptr, 0, 2));
    // the complex route gives the principal values
    std::vector<c128> m4{{-4, 0}};
    EXPECT_NEAR(un<c128>(Fn::Sqrt, Kind::C128, m4)[0].imag(), 2, 1e-15);
    std::vector<c128> m1{{-1, 0}};
    EXPECT_NEAR(un<c128>(Fn::Ln, Kind::C128, m1)[0].imag(), 3.141592653589793, 1e-15);
}

TEST(Arith, ComplexParts) {
    std::vector<c128> z{{3, 4}, {0, 1}};
    EXPECT_EQ(un<double>(Fn::Real, Kind::C128, z), (VD{3, 0}));
    EXPECT_EQ(un<double>(Fn::Imag, Kind::C128, z), (VD{4, 1}));
    EXPECT_EQ(un<double>(Fn::Magnitude, Kind::C128, z), (VD{5, 1}));
    auto ph = un<double>(Fn::Phase, Kind::C128, z);
    EXPECT_DOUBLE_EQ(ph[0], 0.9272952180016122);
    EXPECT_DOUBLE_EQ(ph[1], 1.5707963267948966);
    EXPECT_EQ(result_kind(Fn::Phase, Kind::C64), Kind::F32);
}

TEST(Arith, StaticKindsKeepFloats) {
    EXPECT_EQ(result_kind(Fn::FloorFloat, Kind::F64), Kind::F64);
    auto f = un<double>(Fn::FloorFloat, Kind::F64, VD{1.8, -1.8, 1.000000000000001, 1e300, -INF});
    EXPECT_EQ(f, (VD{1, -2, 1, 1e300, -INF}));
    EXPECT_EQ(un<double>(Fn::CeilingFloat, Kind::F64, VD{-2.3, 0.1})[1], 1);
    EXPECT_EQ(un<double>(Fn::DirectionFloat, Kind::F64, VD{-2.5, 0, INF}), (VD{-1, 0, 1}));
    EXPECT_EQ(un<int64_t>(Fn::FloorFloat, Kind::Int, V64{5})[0], 5);
}

// The vector comparisons give the scalar route's Booleans on every route, at the tolerance's edge
// too (float64: within 1e-14 relative is equal; float32: exact), with ±0, ±∞ and NaN.
TEST(Routes, ComparisonsAgreeWithScalar) {
    VD x, y;
    for (double v : {1.0, -3.5, 1e300, 1e-300, 7.25}) {
        for (double rel : {0.0, 4e-15, -4e-15, 9.9e-15, 1.1e-14, -3e-14, 1e-10})
            x.push_back(v), y.push_back(v * (1 + rel));
    }
    for (double a : {0.0, -0.0, INF, -INF, NaN, 1.0})
        for (double b : {0.0, -0.0, INF, -INF, NaN, 1.0}) x.push_back(a), y.push_back(b);
    const size_t n = x.size();
    for (Kind k : {Kind::F64, Kind::F32})
        for (Fn f : {Fn::Equal, Fn::NotEqual, Fn::Less, Fn::LessEqual, Fn::Greater, Fn::GreaterEqual}) {
            auto run = [&](vec::Isa isa) {
                vec::set_isa(isa);
                std::vector<unsigned char> a(n * 8), b(n * 8);
                std::vector<uint8_t> o(n);
                convert(Kind::F64, x.data(), k, a.data(), n);
                convert(Kind::F64, y.data(), k, b.data(), n);
                ErrorSlot slot;
                binary(f, k, a.data(), 1, b.data(), 1, o.data(), n, slot);
                return o;
            };
            std::vector<uint8_t> s = run(vec::Isa::Scalar);
            for (vec::Isa isa : {vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
                if (isa == vec::Isa::Avx512 && vec::best_isa() != vec::Isa::Avx512) continue;
                if (isa == vec::Isa::Avx2 && vec::best_isa() == vec::Isa::Portable) continue;
                std::vector<uint8_t> v = run(isa);
                for (size_t i = 0; i < n; ++i)
                    EXPECT_EQ(v[i], s[i]) << name(f) << " " << bpl::number::name(k) << " " << x[i] << " " << y[i];
            }
            vec::set_isa(vec::best_isa());
        }
    // the tolerance itself (functions.md 0.7), on the vector route: 1 = 1+4e-15, 1 ≠ 1+1.1e-14,
    // 1 is not < 1+4e-15, and 1+4e-15 ≤ 1
    VD a{1.0, 1.0, 1.0 + 4e-15, 1.0 + 4e-15}, b{1.0 + 4e-15, 1.0 + 1.1e-14, 1.0, 1.0};
    std::vector<uint8_t> eq(4), lt(4), le(4);
    ErrorSlot slot;
    binary(Fn::Equal, Kind::F64, a.data(), 1, b.data(), 1, eq.data(), 4, slot);
    binary(Fn::Less, Kind::F64, a.data(), 1, b.data(), 1, lt.data(), 4, slot);
    binary(Fn::LessEqual, Kind::F64, a.data() + 2, 1, b.data() + 2, 1, le.data(), 2, slot);
    EXPECT_EQ(eq, (std::vector<uint8_t>{1, 0, 1, 1}));
    EXPECT_EQ(lt[0], 0); // 1 < 1+4e-15: equal within the tolerance, so not less
    EXPECT_EQ(lt[1], 1); // 1 < 1+1.1e-14
    EXPECT_EQ(le[0], 1); // 1+4e-15 ≤ 1: equal within the tolerance
}

TEST(Routes, ResidueVectorAgreesWithScalar) {
    std::mt19937_64 g(3);
    std::uniform_real_distribution<double> e(-20, 20), u(-1, 1);
    for (Kind k : {Kind::F64, Kind::F32}) {
        VD x, y;
        for (int i = 0; i < 20000; ++i) {
            double a = std::ldexp(u(g), static_cast<int>(e(g))), b = std::ldexp(u(g), static_cast<int>(e(g)));
            if (i % 4 == 0) a = std::round(a * 8), b = std::round(b * 8); // integral values
            x.push_back(a);
            y.push_back(b);
        }
        for (double v : {0.0, INF, -INF, NaN, 3.0, -3.0, 0.1, 1e300}) {
            x.push_back(v), y.push_back(7.5);
            x.push_back(2.5), y.push_back(v);
        }
        auto run = [&](vec::Isa isa) {
            vec::set_isa(isa);
            std::vector<unsigned char> a(x.size() * 8), b(x.size() * 8), o(x.size() * 8);
            convert(Kind::F64, x.data(), k, a.data(), x.size());
            convert(Kind::F64, y.data(), k, b.data(), y.size());
            ErrorSlot slot;
            binary(Fn::Residue, k, a.data(), 1, b.data(), 1, o.data(), x.size(), slot);
            VD r(x.size());
            convert(k, o.data(), Kind::F64, r.data(), x.size());
            return r;
        };
        VD s = run(vec::Isa::Scalar), v = run(vec::best_isa());
        vec::set_isa(vec::best_isa());
        for (size_t i = 0; i < x.size(); ++i) {
            if (std::isnan(s[i]) && std::isnan(v[i])) continue;
            if (s[i] == 0 || v[i] == 0) { // the tolerance boundary may differ by a hair
                EXPECT_TRUE(std::fabs(s[i] - v[i]) <= 1e-9 * std::fabs(y[i]) || s[i] == v[i] ||
                            std::fabs(std::fabs(s[i] - v[i]) - std::fabs(x[i])) <= 1e-9 * std::fabs(y[i]))
                    << x[i] << "|" << y[i];
                continue;
            }
            EXPECT_EQ(s[i], v[i]) << bpl::number::name(k) << " " << x[i] << "|" << y[i];
        }
    }
}

// Walks every Fn on every machine kind: the kernel writes exactly n items of result_kind (a guard
// past the end stays untouched), records nothing but DOMAIN/NONCE errors, and folds keep kinds.
TEST(Table, EveryFnOnEveryKindWritesItsResultKind) {
    const int n = 37;
    for (int fi = 0; fi < FN_COUNT; ++fi) {
        Fn f = Fn(fi);
        for (int ki = 0; ki < bpl::number::KIND_COUNT; ++ki) {
            Kind k = Kind(ki);
            if (k == Kind::Exact) continue;
            std::vector<unsigned char> a(n * 16), b(n * 16);
            VD src(n);
            for (int i = 0; i < n; ++i) src[i] = (i % 7) - 2 + (i % 3) * 0.25;
            if (k != Kind::Char) {
                convert(Kind::F64, src.data(), k, a.data(), n);
                std::reverse(src.begin(), src.end());
                convert(Kind::F64, src.data(), k, b.data(), n);
            }
            Kind rk = result_kind(f, k);
            size_t bytes = static_cast<size_t>(n) * item_size(rk);
            std::vector<unsigned char> out(bytes + 64, 0xab);
            ErrorSlot slot;
            if (is_dyadic(f)) binary(f, k, a.data(), 1, b.data(), 1, out.data(), n, slot);
            else unary(f, k, a.data(), 1, out.data(), n, slot);
            for (size_t i = bytes; i < out.size(); ++i)
                ASSERT_EQ(out[i], 0xab) << name(f) << " on " << bpl::number::name(k) << " wrote past "
                                        << n << " items of " << bpl::number::name(rk);
            if (slot.has_error()) {
                EXPECT_TRUE(slot.kind == bpl::base::ErrorKind::Domain ||
                            slot.kind == bpl::base::ErrorKind::Nonce)
                    << name(f) << " " << bpl::number::name(k) << ": " << slot.message;
            }
            if (is_dyadic(f) && rk == k && k != Kind::Char) {
                std::vector<unsigned char> r(16 + 16, 0xab);
                ErrorSlot s2;
                fold(f, k, a.data(), 1, n, r.data(), s2);
                for (size_t i = item_size(k); i < r.size(); ++i)
                    ASSERT_EQ(r[i], 0xab) << "fold " << name(f) << " " << bpl::number::name(k);
            }
        }
    }
}

TEST(Kinds, DynamicKindOfValueDependentResults) {
    V64 base{2, 3}, pos{1, 2}, neg{1, -1};
    EXPECT_EQ(dynamic_kind(Fn::Power, Kind::Int, base.data(), 1, pos.data(), 1, 2), Kind::Int);
    EXPECT_EQ(dynamic_kind(Fn::Power, Kind::Int, base.data(), 1, neg.data(), 1, 2), Kind::F64);
    VD m{-4};
    EXPECT_EQ(dynamic_kind(Fn::Sqrt, Kind::F64, m.data(), 1, nullptr, 0, 1), Kind::C128);
    std::vector<float> mf{-4};
    EXPECT_EQ(dynamic_kind(Fn::Ln, Kind::F32, mf.data(), 1, nullptr, 0, 1), Kind::C64);
    EXPECT_EQ(dynamic_kind(Fn::Add, Kind::Int, base.data(), 1, neg.data(), 1, 2), Kind::Int);
    // an integer factorial at a pole (!¯1ₓ) leaves the integers; gamma there is ∞ or NaN
    EXPECT_EQ(dynamic_kind(Fn::Factorial, Kind::Int, pos.data(), 1, nullptr, 0, 2), Kind::Int);
    EXPECT_EQ(dynamic_kind(Fn::Factorial, Kind::Int, neg.data(), 1, nullptr, 0, 2), Kind::F64);
    // the functions that never read for their kind say so
    EXPECT_TRUE(is_value_dependent(Fn::Sqrt));
    EXPECT_TRUE(is_value_dependent(Fn::Factorial));
    EXPECT_FALSE(is_value_dependent(Fn::Add));
    EXPECT_FALSE(is_value_dependent(Fn::Exp));
}

TEST(Arith, IntegralPowersOfIntegersAreExact) {
    // repeated squaring on every route: 2^53, 7^18 and 3^33 are representable exactly
    vec::Isa best = vec::best_isa();
    std::vector<vec::Isa> isas{vec::Isa::Scalar, vec::Isa::Portable};
    if (best == vec::Isa::Avx2 || best == vec::Isa::Avx512) isas.push_back(vec::Isa::Avx2);
    if (best == vec::Isa::Avx512) isas.push_back(vec::Isa::Avx512);
    for (vec::Isa isa : isas) {
        vec::set_isa(isa);
        VD x{2, 7, 3, 10}, y{53, 18, 33, 22}, r(4);
        ErrorSlot slot;
        binary(Fn::Power, Kind::F64, x.data(), 1, y.data(), 1, r.data(), 4, slot);
        EXPECT_EQ(r[0], 9007199254740992.0);
        EXPECT_EQ(r[1], 1628413597910449.0);
        EXPECT_EQ(r[2], 5559060566555523.0);
        EXPECT_EQ(r[3], 1e22);
    }
    vec::set_isa(best);
}

TEST(Logic, GaussianGcdAndLcm) {
    using C = std::complex<double>;
    std::vector<C> a{{3, 4}, {3.8, 7.6}, {0, 2}}, b{{5, 0}, {5.2, 6.8}, {0, 4}}, g(3), l(3);
    ErrorSlot slot;
    binary(Fn::Or, Kind::C128, a.data(), 1, b.data(), 1, g.data(), 3, slot);
    binary(Fn::And, Kind::C128, a.data(), 1, b.data(), 1, l.data(), 3, slot);
    EXPECT_FALSE(slot.has_error());
    // (3+4i) = (2+i)², 5 = (2+i)(2−i); 0.2×(19+38i) and 0.2×(26+34i) are coprime multiples of 0.2
    EXPECT_NEAR(g[0].real(), 2, 1e-14); EXPECT_NEAR(g[0].imag(), 1, 1e-14);
    EXPECT_NEAR(g[1].real(), 0.2, 1e-15); EXPECT_EQ(g[1].imag(), 0);
    EXPECT_NEAR(g[2].real(), 2, 1e-15); EXPECT_EQ(g[2].imag(), 0);
    // lcm = a×b÷gcd: (3.8+7.6i)(5.2+6.8i)÷0.2 = ¯159.6+326.8i
    EXPECT_NEAR(l[1].real(), -159.6, 1e-12); EXPECT_NEAR(l[1].imag(), 326.8, 1e-12);
}

TEST(Fold, InfiniteIdentitiesLeaveTheIntegers) {
    EXPECT_EQ(identity_kind(Fn::Min, Kind::Int), Kind::F64);
    EXPECT_EQ(identity_kind(Fn::Max, Kind::I8), Kind::F64);
    EXPECT_EQ(identity_kind(Fn::Min, Kind::Bool), Kind::Bool);
    EXPECT_EQ(identity_kind(Fn::Add, Kind::Int), Kind::Int);
    EXPECT_EQ(identity_kind(Fn::Equal, Kind::F64), Kind::Bool);
    double d = 0;
    EXPECT_TRUE(identity(Fn::Min, identity_kind(Fn::Min, Kind::Int), &d));
    EXPECT_EQ(d, INF);
}

// Every kernel leaves the upper halves of the vector registers clean (vec_impl.h,
// leave_wide_registers): SSE code after them would otherwise run at less than half speed. Read
// back with XGETBV 1 (the in-use state components: 2 is the upper halves of ymm0-15, 6 those of
// zmm0-15), where the CPU has it.
#if defined(__x86_64__)
#include <cpuid.h>
namespace {
bool can_read_in_use() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid_count(0xd, 1, &a, &b, &c, &d) && (a >> 2 & 1);
}
uint64_t wide_uppers_in_use() {
    uint32_t lo, hi;
    asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    return (uint64_t{hi} << 32 | lo) & (1u << 2 | 1u << 6);
}
} // namespace

TEST(Routes, KernelsLeaveTheWideRegistersClean) {
    if (!can_read_in_use()) GTEST_SKIP() << "no XGETBV 1 on this CPU";
    // whole chunks (the last code to run is the block loop's) and chunks plus a tail, with items
    // some fast formulas flag (zero, negative, huge, NaN, subnormal)
    for (int64_t n : {int64_t{16} * vec::CHUNK_BLOCKS, int64_t{16} * vec::CHUNK_BLOCKS + 13}) {
        std::vector<double> x(n), y(n);
        for (int64_t i = 0; i < n; ++i) {
            const double odd[] = {0.0, -2.5, 1e300, NaN, 1e-310, 0.75};
            x[i] = i % 7 == 3 ? odd[i / 7 % 6] : 0.01 * double(i % 97) + 0.1;
            y[i] = 0.3 * double(i % 11) - 1.2;
        }
        std::vector<float> xf(x.begin(), x.end()), yf(y.begin(), y.end());
        std::vector<uint8_t> out(8 * n); // room for any result kind
        for (vec::Isa isa : {vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
            if (isa < vec::best_isa()) continue;
            vec::set_isa(isa);
            for (int i = 0; i < FN_COUNT; ++i) {
                Fn f = Fn(i);
                for (Kind k : {Kind::F64, Kind::F32}) {
                    const void* a = k == Kind::F64 ? static_cast<const void*>(x.data()) : xf.data();
                    const void* b = k == Kind::F64 ? static_cast<const void*>(y.data()) : yf.data();
                    ErrorSlot slot;
                    std::string what = std::string(name(f)) + " " + bpl::number::name(k) + " n " +
                                       std::to_string(n) + " route " + std::to_string(int(isa));
                    if (is_dyadic(f)) {
                        binary(f, k, a, 1, b, 1, out.data(), n, slot);
                        EXPECT_EQ(wide_uppers_in_use(), 0u) << what;
                        binary(f, k, a, 1, b, 0, out.data(), n, slot);
                        EXPECT_EQ(wide_uppers_in_use(), 0u) << what << " broadcast";
                        fold(f, k, a, 1, n, out.data(), slot);
                        EXPECT_EQ(wide_uppers_in_use(), 0u) << what << " fold";
                    } else {
                        unary(f, k, a, 1, out.data(), n, slot);
                        EXPECT_EQ(wide_uppers_in_use(), 0u) << what;
                    }
                }
            }
        }
    }
    vec::set_isa(vec::best_isa());
}
#endif

// A kernel resolved once (math::kernel, what a block stage calls per block) runs the route of the
// instruction set in use when it was resolved: on every route, every length about a block's
// (the two-block loop, one block, the padded tail; no chunks for formulas without repairs) and
// contiguous, broadcast and strided operands give IEEE arithmetic's own results (the oracle: C++
// double and float operations); Int has no vector route and wraps in the scalar loop; Binomial
// has no vector route on floats and runs the scalar loop.
template <class T>
void resolved_kernel_agrees(vec::Isa isa) {
    vec::set_isa(isa);
    const Kind k = std::is_same_v<T, double> ? Kind::F64 : Kind::F32;
    std::mt19937_64 rng(17);
    std::uniform_real_distribution<double> u(-8, 8);
    std::vector<T> a(2 * 800), b(2 * 800);
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<T>(u(rng)), b[i] = static_cast<T>(u(rng));
    auto want = [](Fn f, T x, T y) -> T {
        return f == Fn::Add ? x + y : f == Fn::Subtract ? x - y : f == Fn::Multiply ? x * y : x / y;
    };
    struct Case { int64_t sa, sb; };
    for (Fn f : {Fn::Add, Fn::Subtract, Fn::Multiply, Fn::Divide}) {
        Kernel kk = kernel(f, k);
        for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{7}, int64_t{8}, int64_t{15}, int64_t{16}, int64_t{17},
                          int64_t{31}, int64_t{33}, int64_t{768}, int64_t{771}})
            for (Case c : {Case{1, 1}, Case{0, 1}, Case{1, 0}, Case{2, 1}, Case{0, 0}}) {
                std::vector<T> out(static_cast<size_t>(n) + 1, T(-7));
                ErrorSlot slot;
                kk.binary(a.data(), c.sa, b.data(), c.sb, out.data(), n, slot);
                for (int64_t i = 0; i < n; ++i)
                    ASSERT_EQ(out[i], want(f, a[i * c.sa], b[i * c.sb]))
                        << name(f) << " isa " << int(isa) << " n " << n << " strides " << c.sa << "," << c.sb << " item " << i;
                EXPECT_EQ(out[n], T(-7)) << "wrote past the end: n " << n;
                EXPECT_FALSE(slot.has_error());
            }
    }
    Kernel neg = kernel(Fn::Negate, k), root = kernel(Fn::Sqrt, k);
    std::vector<T> out(771);
    ErrorSlot slot;
    neg.unary(a.data(), 1, out.data(), 771, slot);
    for (int64_t i = 0; i < 771; ++i) ASSERT_EQ(out[i], -a[i]);
    for (T& x : b) x = std::abs(x);
    root.unary(b.data(), 2, out.data(), 700, slot);
    for (int64_t i = 0; i < 700; ++i) ASSERT_EQ(out[i], std::sqrt(b[2 * i])) << " isa " << int(isa) << " item " << i;
}

TEST(Kernels, ResolvedKernelsAgreeWithIeeeOnEveryRoute) {
    for (vec::Isa isa : {vec::Isa::Scalar, vec::Isa::Portable, vec::Isa::Avx2, vec::Isa::Avx512}) {
        if (isa < vec::best_isa()) continue;
        resolved_kernel_agrees<double>(isa);
        resolved_kernel_agrees<float>(isa);
    }
    vec::set_isa(vec::best_isa());
    ErrorSlot slot;
    V64 a{MAXI, 2, -3}, b{1, 5, 4}, out(3);
    kernel(Fn::Add, Kind::Int).binary(a.data(), 1, b.data(), 1, out.data(), 3, slot);
    EXPECT_EQ(out, (V64{MINI, 7, 1}));
    VD x{2, 3, 0}, y{5, 6, 4}, got(3);
    kernel(Fn::Binomial, Kind::F64).binary(x.data(), 1, y.data(), 1, got.data(), 3, slot);
    EXPECT_EQ(got, (VD{10, 20, 1}));
    EXPECT_FALSE(slot.has_error());
}
// The one-item kernel a plan resolves for an atom step: + − × ÷ by their formula on each kind
// (oracle: the C++ operators, integer floor division by hand), every other function through its
// route for one item, and errors into the slot as binary records them.
TEST(ItemKernel, ArithmeticByFormula) {
    ErrorSlot slot;
    double x = 1.5, y = 0.25, out = 0;
    item_kernel(Fn::Add, Kind::F64)(&x, &y, &out, slot);
    EXPECT_EQ(out, 1.75);
    item_kernel(Fn::Subtract, Kind::F64)(&x, &y, &out, slot);
    EXPECT_EQ(out, 1.25);
    item_kernel(Fn::Multiply, Kind::F64)(&x, &y, &out, slot);
    EXPECT_EQ(out, 0.375);
    item_kernel(Fn::Divide, Kind::F64)(&x, &y, &out, slot);
    EXPECT_EQ(out, 6.0);
    int64_t a = -7, b = 2, q = 0;
    item_kernel(Fn::Divide, Kind::Int)(&a, &b, &q, slot); // D2: floor division
    EXPECT_EQ(q, -4);
    float fa = 0.1f, fb = 0.2f, fo = 0;
    item_kernel(Fn::Add, Kind::F32)(&fa, &fb, &fo, slot);
    EXPECT_EQ(fo, 0.1f + 0.2f);
    EXPECT_FALSE(slot.has_error());
}

TEST(ItemKernel, OtherFunctionsTakeTheirRoute) {
    ErrorSlot slot;
    double x = 2, y = 10, out = 0;
    item_kernel(Fn::Power, Kind::F64)(&x, &y, &out, slot);
    EXPECT_EQ(out, 1024.0);
    double e = 1, r = 0;
    item_kernel(Fn::Exp, Kind::F64)(&e, nullptr, &r, slot);
    EXPECT_NEAR(r, std::exp(1.0), 1e-15);
    double n = 3, m = 0;
    item_kernel(Fn::Negate, Kind::F64)(&n, nullptr, &m, slot);
    EXPECT_EQ(m, -3.0);
    // the same item of an array agrees with the one-item kernel, bit for bit
    std::vector<double> xs = {0.3, 1.7, 2.9}, ys(3);
    unary(Fn::Ln, Kind::F64, xs.data(), 1, ys.data(), 3, slot);
    for (size_t i = 0; i < xs.size(); i++) {
        double one = 0;
        item_kernel(Fn::Ln, Kind::F64)(&xs[i], nullptr, &one, slot);
        EXPECT_EQ(std::memcmp(&one, &ys[i], sizeof one), 0) << i;
        EXPECT_NEAR(one, std::log(xs[i]), 1e-15);
    }
    EXPECT_FALSE(slot.has_error());
}

TEST(ItemKernel, ErrorsGoToTheSlot) {
    ErrorSlot slot;
    int64_t a = 1, z = 0, q = 0;
    item_kernel(Fn::Divide, Kind::Int)(&a, &z, &q, slot); // integer division by zero (D2)
    EXPECT_TRUE(slot.has_error());
    EXPECT_EQ(slot.kind, bpl::base::ErrorKind::Domain);
    ErrorSlot chars;
    char32_t c = U'a', d = U'b';
    char32_t o = 0;
    item_kernel(Fn::Multiply, Kind::Char)(&c, &d, &o, chars); // no character kernel: binary's error
    EXPECT_TRUE(chars.has_error());
}
