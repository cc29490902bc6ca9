// Mappings against an independent oracle: each rearrangement's source position worked out by an
// explicit loop over result multi-indices (no Mapping code), on random shapes; copies of whole
// arrays and of random sub-ranges; composition against composing the oracle's position lists.
#include "math/mapping.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace bpl::math {
namespace {

using Shape = std::vector<int64_t>;
using Positions = std::vector<int64_t>; // source position per result item, -1: the fill

int64_t count_of(const Shape& s) {
    int64_t n = 1;
    for (int64_t l : s) n *= l;
    return n;
}

// Calls f(c, i) for every multi-index c of `shape` and its ravel position i.
template <class F>
void each(const Shape& shape, F f) {
    int64_t n = count_of(shape);
    std::vector<int64_t> c(shape.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        f(c, i);
        for (size_t j = shape.size(); j-- > 0;) {
            if (++c[j] < shape[j]) break;
            c[j] = 0;
        }
    }
}

int64_t ravel(const Shape& shape, const std::vector<int64_t>& c) {
    int64_t p = 0;
    for (size_t j = 0; j < shape.size(); j++) p = p * shape[j] + c[j];
    return p;
}

// --- the oracle: one function per rearrangement ---

Positions o_reverse(const Shape& s, size_t axis) {
    Positions p;
    each(s, [&](std::vector<int64_t> c, int64_t) {
        c[axis] = s[axis] - 1 - c[axis];
        p.push_back(ravel(s, c));
    });
    return p;
}

Positions o_rotate(const Shape& s, size_t axis, int64_t k) {
    Positions p;
    each(s, [&](std::vector<int64_t> c, int64_t) {
        c[axis] = ((c[axis] + k) % s[axis] + s[axis]) % s[axis];
        p.push_back(ravel(s, c));
    });
    return p;
}

Positions o_reorder(const Shape& s, const std::vector<int64_t>& assign, const Shape& r) {
    Positions p;
    each(r, [&](const std::vector<int64_t>& c, int64_t) {
        std::vector<int64_t> src(s.size());
        for (size_t i = 0; i < s.size(); i++) src[i] = c[assign[i]];
        p.push_back(ravel(s, src));
    });
    return p;
}

Positions o_window(const Shape& s, const std::vector<int64_t>& start, const Shape& r) {
    Positions p;
    each(r, [&](const std::vector<int64_t>& c, int64_t) {
        std::vector<int64_t> src(s.size());
        bool inside = true;
        for (size_t j = 0; j < s.size(); j++) {
            src[j] = c[j] + start[j];
            inside = inside && src[j] >= 0 && src[j] < s[j];
        }
        p.push_back(inside ? ravel(s, src) : -1);
    });
    return p;
}

Positions o_reshape(int64_t m, int64_t n) {
    Positions p;
    for (int64_t i = 0; i < n; i++) p.push_back(m == 0 ? -1 : i % m);
    return p;
}

Positions o_stretch(const Shape& s, const Shape& r) {
    Positions p;
    each(r, [&](const std::vector<int64_t>& c, int64_t) {
        std::vector<int64_t> src(s.size());
        for (size_t j = 0; j < s.size(); j++) src[j] = s[j] == 1 ? 0 : c[j];
        p.push_back(ravel(s, src));
    });
    return p;
}

// Runs copy over source items 0..m-1 (int64) with fill -1, for [first, first+n).
Positions copied(const Mapping& m, int64_t source_count, int64_t first, int64_t n) {
    std::vector<int64_t> src(static_cast<size_t>(source_count));
    for (int64_t i = 0; i < source_count; i++) src[i] = i;
    Positions out(static_cast<size_t>(n), -7);
    int64_t fill = -1;
    copy(m, Kind::Int, src.data(), out.data(), first, n, &fill);
    return out;
}

// The same read of a source never stored, item q = start + step·q (an Iota: 0 + q, or the
// reversed c-1 - q), fill -1: the oracle's positions through that affine function.
void expect_affine(const Mapping& m, int64_t source_count, const Positions& want, int64_t first) {
    int64_t n = static_cast<int64_t>(want.size());
    for (int64_t dir : {1, -1}) {
        int64_t start = dir > 0 ? 0 : source_count - 1;
        Positions out(static_cast<size_t>(n), -7);
        copy_affine(m, start, dir, out.data(), first, n, -1);
        for (int64_t i = 0; i < n; i++)
            ASSERT_EQ(out[i], want[i] < 0 ? -1 : start + dir * want[i]) << "first " << first << " item " << i;
    }
}

// Same through 1-byte and 16-byte items: positions as bytes / as the low word.
void expect_other_sizes(const Mapping& m, int64_t source_count, const Positions& want) {
    int64_t n = static_cast<int64_t>(want.size());
    std::vector<uint8_t> s8(static_cast<size_t>(source_count)), o8(static_cast<size_t>(n));
    for (int64_t i = 0; i < source_count; i++) s8[i] = static_cast<uint8_t>(i % 251);
    uint8_t f8 = 255;
    copy(m, Kind::Bool, s8.data(), o8.data(), 0, n, &f8);
    std::vector<double> s16(static_cast<size_t>(2 * source_count)), o16(static_cast<size_t>(2 * n));
    for (int64_t i = 0; i < source_count; i++) s16[2 * i] = static_cast<double>(i), s16[2 * i + 1] = -1.0 * i;
    double f16[2] = {-1, 0.5};
    copy(m, Kind::C128, s16.data(), o16.data(), 0, n, f16);
    std::vector<int32_t> s4(static_cast<size_t>(source_count)), o4(static_cast<size_t>(n));
    for (int64_t i = 0; i < source_count; i++) s4[i] = static_cast<int32_t>(i);
    int32_t f4 = -1;
    copy(m, Kind::I32, s4.data(), o4.data(), 0, n, &f4);
    for (int64_t i = 0; i < n; i++) {
        ASSERT_EQ(o4[i], want[i]) << i;
        ASSERT_EQ(o8[i], want[i] < 0 ? 255 : want[i] % 251) << i;
        ASSERT_EQ(o16[2 * i], static_cast<double>(want[i])) << i;
        ASSERT_EQ(o16[2 * i + 1], want[i] < 0 ? 0.5 : -1.0 * want[i]) << i;
    }
}

void expect_mapping(const Mapping& m, int64_t source_count, const Positions& want, std::mt19937& rng) {
    int64_t n = static_cast<int64_t>(want.size());
    ASSERT_EQ(m.count(), n);
    ASSERT_EQ(copied(m, source_count, 0, n), want);
    expect_affine(m, source_count, want, 0);
    expect_other_sizes(m, source_count, want);
    // one item at a time, as a gather from a Copy asks
    for (int64_t i = 0; i < n; i++) ASSERT_EQ(m.source_of(i), want[static_cast<size_t>(i)]) << i;
    // random sub-ranges: what a block executor asks for
    for (int rep = 0; rep < 12 && n > 0; rep++) {
        int64_t first = std::uniform_int_distribution<int64_t>(0, n - 1)(rng);
        int64_t len = std::uniform_int_distribution<int64_t>(1, n - first)(rng);
        Positions part(want.begin() + first, want.begin() + first + len);
        ASSERT_EQ(copied(m, source_count, first, len), part) << "first " << first << " n " << len;
        expect_affine(m, source_count, part, first);
    }
    // the encoding round-trips
    std::vector<int64_t> code;
    m.encode(code);
    ASSERT_EQ(Mapping::decode(code.data(), code.size()), m);
}

Shape random_shape(std::mt19937& rng, int max_rank = 4, int64_t max_len = 6) {
    int rank = std::uniform_int_distribution<int>(1, max_rank)(rng);
    Shape s;
    for (int j = 0; j < rank; j++) s.push_back(std::uniform_int_distribution<int64_t>(0, max_len)(rng));
    return s;
}
Shape nonempty_shape(std::mt19937& rng, int max_rank = 4) {
    Shape s = random_shape(rng, max_rank);
    for (int64_t& l : s) l = std::max<int64_t>(l, 1);
    return s;
}

// One random rearrangement of `s`: its mapping, its oracle positions and result shape.
struct Case {
    Mapping map;
    Positions pos;
    Shape result;
};
Case random_case(const Shape& s, std::mt19937& rng) {
    auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
    size_t axis = static_cast<size_t>(pick(0, static_cast<int64_t>(s.size()) - 1));
    switch (pick(0, 7)) {
    case 7: {
        // windows along the first axis: result (w, e, rest…) reads coordinate w·move + first + e,
        // the fill outside the axis (first < 0 pads)
        int64_t len = s[0], size = pick(1, len + 1), move = pick(1, 2), first = pick(-2, 0);
        int64_t count = std::max<int64_t>(0, (len - size - first) / move + 1);
        Shape r{count, size};
        r.insert(r.end(), s.begin() + 1, s.end());
        int64_t inner = count_of(Shape(s.begin() + 1, s.end()));
        Mapping m{r, std::vector<int64_t>(r.size(), 0), 0, {}};
        Bound b{Bound::Mode::Pad, first, len, inner, std::vector<int64_t>(r.size(), 0)};
        b.coef[0] = move;
        b.coef[1] = 1;
        m.bounds.push_back(b);
        int64_t st = 1;
        for (size_t j = s.size(); j-- > 1;) {
            m.stride[j + 1] = st;
            st *= s[j];
        }
        m.normalize();
        Positions p;
        each(r, [&](const std::vector<int64_t>& c, int64_t) {
            int64_t q = c[0] * move + first + c[1];
            if (q < 0 || q >= len) {
                p.push_back(-1);
                return;
            }
            std::vector<int64_t> src(s.size());
            src[0] = q;
            for (size_t j = 1; j < s.size(); j++) src[j] = c[j + 1];
            p.push_back(ravel(s, src));
        });
        return {m, p, r};
    }
    case 0: return {Mapping::reverse(s, axis), o_reverse(s, axis), s};
    case 1: {
        if (s[axis] == 0) return {Mapping::reverse(s, axis), o_reverse(s, axis), s};
        int64_t k = pick(-15, 15);
        return {Mapping::rotate(s, axis, k), o_rotate(s, axis, k), s};
    }
    case 2:
    case 3: {
        // a random assignment onto result axes 0..r-1 without gaps (repeats: diagonals)
        int64_t r = pick(1, static_cast<int64_t>(s.size()));
        std::vector<int64_t> assign(s.size());
        for (int64_t i = 0; i < r; i++) assign[i] = i;
        for (size_t i = static_cast<size_t>(r); i < s.size(); i++) assign[i] = pick(0, r - 1);
        std::shuffle(assign.begin(), assign.end(), rng);
        Shape result;
        Mapping m = Mapping::reorder(s, assign, result);
        return {m, o_reorder(s, assign, result), result};
    }
    case 4: {
        Shape r;
        std::vector<int64_t> start;
        for (int64_t l : s) {
            r.push_back(pick(0, l + 3));
            start.push_back(pick(-3, l));
        }
        return {Mapping::window(s, start, r), o_window(s, start, r), r};
    }
    case 5: {
        int64_t m = count_of(s), n = pick(0, 3 * m + 4);
        return {Mapping::reshape(m, n), o_reshape(m, n), Shape{n}};
    }
    default: {
        Shape src = s, r = s;
        for (size_t j = 0; j < s.size(); j++)
            if (pick(0, 2) == 0) src[j] = 1;
        r.push_back(pick(1, 3)); // a broadcast trailing axis
        return {Mapping::stretch(src, r), o_stretch(src, r), r};
    }
    }
}

TEST(Mapping, EachConstructorMatchesTheOracle) {
    std::mt19937 rng(1234);
    for (int rep = 0; rep < 600; rep++) {
        Shape s = random_shape(rng);
        Case c = random_case(s, rng);
        SCOPED_TRACE(rep);
        expect_mapping(c.map, count_of(s), c.pos, rng);
    }
}

TEST(Mapping, ComposedChainsMatchComposedPositions) {
    std::mt19937 rng(99);
    int composed = 0, total = 0;
    for (int rep = 0; rep < 800; rep++) {
        Shape s = nonempty_shape(rng);
        Case a = random_case(s, rng);
        Mapping chain = a.map;
        Positions pos = a.pos;
        Shape shape = a.result;
        bool whole = true;
        for (int step = 0; step < 2 && count_of(shape) > 0; step++) {
            Case b = random_case(shape, rng);
            Positions through(b.pos.size());
            for (size_t i = 0; i < b.pos.size(); i++) through[i] = b.pos[i] < 0 ? -1 : pos[b.pos[i]];
            total++;
            std::optional<Mapping> m = b.map.composed(chain);
            if (!m) {
                whole = false;
                break;
            }
            composed++;
            chain = *m;
            pos = through;
            shape = b.result;
        }
        SCOPED_TRACE(rep);
        expect_mapping(chain, count_of(s), pos, rng);
        (void)whole;
    }
    // Most random chains compose (the rest keep two steps, each checked above).
    EXPECT_GT(composed, total / 2);
}

TEST(Mapping, PlainCompositionsAlwaysCompose) {
    std::mt19937 rng(7);
    for (int rep = 0; rep < 300; rep++) {
        Shape s = nonempty_shape(rng);
        Shape r1, r2;
        std::vector<int64_t> assign(s.size());
        for (size_t i = 0; i < s.size(); i++) assign[i] = static_cast<int64_t>(i);
        std::shuffle(assign.begin(), assign.end(), rng);
        Mapping t = Mapping::reorder(s, assign, r1);
        size_t axis = std::uniform_int_distribution<size_t>(0, s.size() - 1)(rng);
        Mapping v = Mapping::reverse(r1, axis);
        std::optional<Mapping> m = v.composed(t);
        ASSERT_TRUE(m.has_value()) << "shape " << ::testing::PrintToString(s) << " assign "
                                   << ::testing::PrintToString(assign) << " axis " << axis;
        Positions want;
        Positions pt = o_reorder(s, assign, r1), pv = o_reverse(r1, axis);
        for (int64_t p : pv) want.push_back(pt[p]);
        expect_mapping(*m, count_of(s), want, rng);
    }
}

TEST(Mapping, NormalFormMakesEqualReadsEqual) {
    Shape s{3, 4, 5}, r1, r2;
    Mapping t = Mapping::reorder(s, {2, 1, 0}, r1);
    std::optional<Mapping> tt = Mapping::reorder(r1, {2, 1, 0}, r2).composed(t);
    ASSERT_TRUE(tt);
    EXPECT_EQ(*tt, Mapping::identity(60));
    // reversing twice, rotating by the axis length, an in-range take: plain identity-like reads
    std::optional<Mapping> vv = Mapping::reverse(s, 1).composed(Mapping::reverse(s, 1));
    ASSERT_TRUE(vv);
    EXPECT_EQ(*vv, Mapping::identity(60));
    EXPECT_EQ(Mapping::rotate(s, 2, 5), Mapping::identity(60));
    EXPECT_EQ(Mapping::rotate(s, 2, -10), Mapping::identity(60));
    EXPECT_EQ(Mapping::window(s, {0, 0, 0}, s), Mapping::identity(60));
    EXPECT_TRUE(Mapping::rotate(s, 2, 1).bounds.size() == 1);
    EXPECT_TRUE(Mapping::window(s, {1, 0, 0}, {2, 4, 5}).bounds.empty());
    EXPECT_EQ(Mapping::window(s, {1, 0, 0}, {2, 4, 5}), Mapping::strided({40}, {1}, 20));
}

TEST(Mapping, BlockQuantumAsksForRowsOfATiledTranspose) {
    Shape r;
    EXPECT_EQ(Mapping::reorder({64, 48}, {1, 0}, r).block_quantum(), 32 * 64);
    EXPECT_EQ(Mapping::reverse({64, 48}, 1).block_quantum(), 1);
    EXPECT_EQ(Mapping::identity(4096).block_quantum(), 1);
    EXPECT_EQ(Mapping::reorder({8, 48}, {1, 0}, r).block_quantum(), 1); // short rows: row by row
}

TEST(Mapping, LargeTransposeAndReverseMatchTheOracle) {
    // sizes past the tiling threshold, odd lengths so tiles end partway
    std::mt19937 rng(5);
    for (Shape s : {Shape{67, 131}, Shape{3, 40, 33}, Shape{128, 64}, Shape{40, 33, 2}, Shape{17, 16}, Shape{70, 67}}) {
        Shape r;
        std::vector<int64_t> assign(s.size());
        for (size_t i = 0; i < s.size(); i++) assign[i] = static_cast<int64_t>(s.size() - 1 - i);
        Mapping t = Mapping::reorder(s, assign, r);
        expect_mapping(t, count_of(s), o_reorder(s, assign, r), rng);
        expect_mapping(Mapping::reverse(s, s.size() - 1), count_of(s), o_reverse(s, s.size() - 1), rng);
        expect_mapping(Mapping::rotate(s, 0, 17), count_of(s), o_rotate(s, 0, 17), rng);
        // block by block, as a block stage reads it
        Positions want = o_reorder(s, assign, r);
        int64_t n = count_of(s);
        for (int64_t block : {1, 7, 64, 1000, 4096}) {
            Positions got;
            for (int64_t first = 0; first < n; first += block) {
                Positions part = copied(t, n, first, std::min(block, n - first));
                got.insert(got.end(), part.begin(), part.end());
            }
            ASSERT_EQ(got, want) << "block " << block;
        }
    }
}

} // namespace
} // namespace bpl::math
