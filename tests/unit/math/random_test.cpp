// The counter-based streams of math/random: Philox against Random123's known answers, determinism
// for a fixed key, ranges, uniformity (χ² against bounds computed independently of this code),
// floats strictly inside (0, 1), and deal's distinctness on its dense and sparse routes.
#include "math/random.h"
#include "number/f16.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <gtest/gtest.h>
#include <set>
#include <vector>

using namespace bpl;
using math::ErrorSlot;
using number::Kind;

namespace {

constexpr uint64_t KEY = 0x0123456789ABCDEFULL;

// The 0.999 quantile of χ² with `df` degrees of freedom, computed with mpmath's regularized
// incomplete gamma (they agree with the standard tables): a correct generator exceeds it once
// in a thousand keys, and every key here is fixed, so a pass is a pass on every run.
double chi2_999(int df) {
    switch (df) {
    case 2:
        return 13.815511;
    case 5:
        return 20.515006;
    case 9:
        return 27.877165;
    case 19:
        return 43.820196;
    default:
        ADD_FAILURE() << "no bound for df " << df;
        return 0;
    }
}

double chi2(const std::vector<int64_t>& counts, double expected) {
    double s = 0;
    for (int64_t c : counts)
        s += (c - expected) * (c - expected) / expected;
    return s;
}

} // namespace

TEST(Random, PhiloxMatchesRandom123KnownAnswers) {
    // Random123 tests/kat_vectors, the three "philox4x32 10" lines: counter, key → result.
    using W4 = std::array<uint32_t, 4>;
    EXPECT_EQ(math::philox4x32({0, 0, 0, 0}, {0, 0}),
              (W4{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
    EXPECT_EQ(math::philox4x32({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
                               {0xffffffff, 0xffffffff}),
              (W4{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
    EXPECT_EQ(math::philox4x32({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
                               {0xa4093822, 0x299f31d0}),
              (W4{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(Random, AStreamIsAFunctionOfKeyItemAndWord) {
    EXPECT_EQ(math::stream_word(KEY, 7, 0), math::stream_word(KEY, 7, 0));
    EXPECT_NE(math::stream_word(KEY, 7, 0), math::stream_word(KEY, 7, 1));
    EXPECT_NE(math::stream_word(KEY, 7, 0), math::stream_word(KEY, 8, 0));
    EXPECT_NE(math::stream_word(KEY, 7, 0), math::stream_word(KEY + 1, 7, 0));
    // A roll over a whole buffer equals the items drawn one at a time, in any order or chunking.
    std::vector<int64_t> bound(1000, 1000), whole(1000), parts(1000);
    ErrorSlot slot;
    math::roll(Kind::Int, bound.data(), 1, Kind::Int, whole.data(), 1000, KEY, 0, slot);
    math::roll(Kind::Int, bound.data(), 1, Kind::Int, parts.data(), 1000, KEY, 0, slot);
    EXPECT_EQ(whole, parts);
    for (int64_t i = 999; i >= 0; i--)
        EXPECT_EQ(whole[i], static_cast<int64_t>(math::stream_below(KEY, i, 1000)));
    EXPECT_FALSE(slot.has_error());
}

TEST(Random, GeneratorsHandOutDistinctRepeatableStreams) {
    math::Generator g(42), h(42), other(43);
    std::set<uint64_t> keys;
    for (int i = 0; i < 1000; i++) {
        uint64_t k = g.reserve();
        EXPECT_EQ(k, h.reserve());
        keys.insert(k);
        keys.insert(other.reserve());
    }
    EXPECT_EQ(keys.size(), 2000u);
    EXPECT_EQ(g.streams(), 1000u);
    uint64_t first = math::Generator(42).reserve();
    g.rekey(42);
    EXPECT_EQ(g.reserve(), first);
}

TEST(Random, SequentialGeneratorsTakeConsecutiveItemsOfOneStream) {
    math::Generator g = math::Generator::sequential(42);
    math::DrawSpan a = g.take(3), b = g.take(5), none = g.take(0), c = g.take(1);
    // one stream, the seed's first, read in consecutive spans
    EXPECT_EQ(a.key, math::Generator(42).reserve());
    EXPECT_EQ(b.key, a.key);
    EXPECT_EQ(c.key, a.key);
    EXPECT_EQ(a.first, 0u);
    EXPECT_EQ(b.first, 3u);
    EXPECT_EQ(c.first, 8u);
    EXPECT_EQ(none.key, 0u);
    // a roll of items [3, 8) is those items of the stream
    std::vector<int64_t> bound(5, 1000), part(5);
    ErrorSlot slot;
    math::roll(Kind::Int, bound.data(), 1, Kind::Int, part.data(), 5, b.key, b.first, slot);
    for (uint64_t i = 0; i < 5; i++)
        EXPECT_EQ(part[i], static_cast<int64_t>(math::stream_below(b.key, 3 + i, 1000)));
    // the session kind hands a fresh stream to each draw
    math::Generator s(42);
    math::DrawSpan x = s.take(4), y = s.take(4);
    EXPECT_NE(x.key, y.key);
    EXPECT_EQ(x.first, 0u);
    EXPECT_EQ(y.first, 0u);
}

TEST(Random, BelowStaysInRange) {
    for (uint64_t n : {uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{7}, uint64_t{1} << 32,
                       (uint64_t{1} << 32) + 1, uint64_t{3} << 62, ~uint64_t{0}}) {
        for (uint64_t i = 0; i < 2000; i++)
            EXPECT_LT(math::stream_below(KEY, i, n), n) << n;
    }
    for (uint64_t i = 0; i < 100; i++)
        EXPECT_EQ(math::stream_below(KEY, i, 1), 0u);
}

TEST(Random, RollIsUniform) {
    // 10 faces, 100000 draws: χ² with 9 degrees of freedom.
    constexpr int64_t N = 100000;
    std::vector<int64_t> counts(10);
    for (int64_t i = 0; i < N; i++)
        counts[math::stream_below(KEY, i, 10)]++;
    EXPECT_LT(chi2(counts, N / 10.0), chi2_999(9));
    // A bound of 3·2⁶² is where a plain `word mod n` is most biased (half the words land in the
    // lowest third): the thirds must still come out even. χ² with 2 degrees of freedom.
    std::vector<int64_t> thirds(3);
    uint64_t n = uint64_t{3} << 62;
    for (int64_t i = 0; i < N; i++)
        thirds[math::stream_below(KEY, i, n) >> 62]++;
    EXPECT_LT(chi2(thirds, N / 3.0), chi2_999(2));
}

TEST(Random, RollOfZeroIsStrictlyInsideTheUnitInterval) {
    constexpr int64_t N = 200000;
    double lo = 1, hi = 0, sum = 0;
    for (int64_t i = 0; i < N; i++) {
        double x = math::stream_open_unit(KEY, i);
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        sum += x;
    }
    EXPECT_GT(lo, 0.0);
    EXPECT_LT(hi, 1.0);
    EXPECT_NEAR(sum / N, 0.5, 0.005); // σ of the mean is 0.00065
    // Narrower floats use fewer bits and stay inside too (float16's extremes are 2⁻¹¹, 1−2⁻¹¹).
    std::vector<float> zf(N, 0.0f), of(N);
    std::vector<number::f16> zh(N, number::to_f16(0.0f)), oh(N);
    ErrorSlot slot;
    math::roll(Kind::F32, zf.data(), 1, Kind::F32, of.data(), N, KEY, 0, slot);
    math::roll(Kind::F16, zh.data(), 1, Kind::F16, oh.data(), N, KEY, 0, slot);
    for (int64_t i = 0; i < N; i++) {
        ASSERT_TRUE(of[i] > 0.0f && of[i] < 1.0f) << of[i];
        float h = number::to_float(oh[i]);
        ASSERT_TRUE(h > 0.0f && h < 1.0f) << h;
    }
    EXPECT_FALSE(slot.has_error());
}

TEST(Random, RollKindsAndBadBounds) {
    // An integer bound rolled into float64 (the row's kind when a bound is 0): whole numbers
    // below the bound, and floats in (0, 1) for the zeros.
    std::vector<int32_t> n32{0, 1, 6, 0, 100};
    std::vector<double> out(5);
    ErrorSlot slot;
    math::roll(Kind::I32, n32.data(), 1, Kind::F64, out.data(), 5, KEY, 0, slot);
    EXPECT_FALSE(slot.has_error());
    for (int i = 0; i < 5; i++) {
        if (n32[i] == 0) {
            EXPECT_TRUE(out[i] > 0 && out[i] < 1);
        } else {
            EXPECT_EQ(out[i], std::floor(out[i]));
            EXPECT_LT(out[i], n32[i]);
        }
    }
    // A float bound within tolerance of an integer counts as that integer.
    double almost = 3.0000000000000004, r = -1;
    math::roll(Kind::F64, &almost, 0, Kind::F64, &r, 1, KEY, 0, slot);
    EXPECT_FALSE(slot.has_error());
    EXPECT_TRUE(r == 0 || r == 1 || r == 2);
    // A float bound above float64's exact integers never rolls the bound itself.
    double big = 0x1p60;
    std::vector<double> bigs(1000);
    math::roll(Kind::F64, &big, 0, Kind::F64, bigs.data(), 1000, KEY, 0, slot);
    for (double b : bigs)
        EXPECT_LT(b, big);
    EXPECT_FALSE(slot.has_error());
    for (double bad : {-1.0, 1.5, HUGE_VAL, std::nan(""), 0x1p64}) {
        ErrorSlot s;
        double o;
        math::roll(Kind::F64, &bad, 0, Kind::F64, &o, 1, KEY, 0, s);
        EXPECT_TRUE(s.has_error()) << bad;
        EXPECT_EQ(s.kind, base::ErrorKind::Domain);
    }
    ErrorSlot s;
    int64_t neg = -1, o;
    math::roll(Kind::Int, &neg, 0, Kind::Int, &o, 1, KEY, 0, s);
    EXPECT_EQ(s.kind, base::ErrorKind::Domain);
    EXPECT_TRUE(s.has_error());
}

namespace {
std::vector<int64_t> deal(int64_t m, uint64_t n, uint64_t key = KEY) {
    std::vector<int64_t> out(static_cast<size_t>(m));
    math::deal(Kind::Int, m, n, out.data(), key, 0);
    return out;
}
void expect_distinct_below(const std::vector<int64_t>& xs, uint64_t n) {
    std::set<int64_t> seen(xs.begin(), xs.end());
    EXPECT_EQ(seen.size(), xs.size());
    for (int64_t x : xs) {
        EXPECT_GE(x, 0);
        EXPECT_LT(static_cast<uint64_t>(x), n);
    }
}
} // namespace

TEST(Random, DealGivesDistinctItems) {
    expect_distinct_below(deal(10, 20), 20);                   // dense route
    expect_distinct_below(deal(5000, 1000000000), 1000000000); // sparse route
    expect_distinct_below(deal(3, uint64_t{1} << 62), uint64_t{1} << 62);
    EXPECT_TRUE(deal(0, 0).empty());
    EXPECT_EQ(deal(1, 1), std::vector<int64_t>{0});
    std::vector<int64_t> perm = deal(1000, 1000);
    std::sort(perm.begin(), perm.end());
    for (int64_t i = 0; i < 1000; i++)
        EXPECT_EQ(perm[i], i);
    EXPECT_EQ(deal(50, 1000000000), deal(50, 1000000000)); // deterministic for a key
    EXPECT_NE(deal(50, 1000000000), deal(50, 1000000000, KEY + 1));
}

TEST(Random, DealIsUniformOverOrderedPairs) {
    // 2 of 5: 20 ordered outcomes, each stream one deal; χ² with 19 degrees of freedom. Both
    // routes: n = 5 is dense; the sparse route is forced by comparing it on a large n below.
    math::Generator g(7);
    constexpr int64_t DEALS = 60000;
    std::vector<int64_t> counts(25);
    for (int64_t d = 0; d < DEALS; d++) {
        std::vector<int64_t> x = deal(2, 5, g.reserve());
        counts[x[0] * 5 + x[1]]++;
    }
    std::vector<int64_t> pairs;
    for (int i = 0; i < 25; i++)
        if (i / 5 != i % 5)
            pairs.push_back(counts[i]);
        else
            EXPECT_EQ(counts[i], 0);
    EXPECT_LT(chi2(pairs, DEALS / 20.0), chi2_999(19));
    // The sparse route on 5 of 10⁹: the last item's tenth is uniform (9 df).
    std::vector<int64_t> tenths(10);
    for (int64_t d = 0; d < 20000; d++)
        tenths[deal(5, 1000000000, g.reserve())[4] / 100000000]++;
    EXPECT_LT(chi2(tenths, 2000.0), chi2_999(9));
}

TEST(Random, DealOfAFewFromAHugeRangeIsQuick) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 1000; i++)
        expect_distinct_below(deal(3, 1000000000000000000ULL, KEY + i), 1000000000000000000ULL);
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(ms, 2000); // nothing of size n: microseconds each
}
