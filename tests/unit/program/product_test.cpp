// The Product step (prim::product and program's runner) against a naive triple loop written
// here: every result item is f/ over the pairs X[i;k] g Y[k;j], folded right to left. Shapes
// cover BLAS's gemm, gemv and dot, the generic product's column and pair routes (past one block
// of contraction positions), unit extension and empty axes.
#include "math/kernel.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

using namespace bpl;
using number::Kind;
using prim::Prim;
using value::Shape;
using value::Value;

namespace {

using Op = std::function<double(double, double)>;

// An array of kind k holding `xs` (small integers or halves, exact in every kind used here).
Value array_of(Kind k, const Shape& shape, const std::vector<double>& xs) {
    auto f = value::ArrayData::compact(Kind::F64, shape);
    std::copy(xs.begin(), xs.end(), f->items_as<double>());
    if (k == Kind::F64) return Value::array(std::move(f));
    auto a = value::ArrayData::compact(k, shape);
    math::convert(Kind::F64, f->data(), k, a->data(), f->count());
    return Value::array(std::move(a));
}

// Deterministic small values: integers in [lo, lo+span), optionally halved.
std::vector<double> values(int64_t n, int seed, int lo, int span, bool halves = false) {
    std::vector<double> out;
    uint64_t s = 0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(seed + 1);
    for (int64_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double v = lo + static_cast<int>((s >> 33) % static_cast<uint64_t>(span));
        out.push_back(halves ? v / 2 : v);
    }
    return out;
}

int64_t count(const Shape& s) {
    int64_t n = 1;
    for (int64_t x : s) n *= x;
    return n;
}

// The oracle: X (rows × la) f.g Y (lw × cols), la or lw 1 for an extended side.
std::vector<double> naive(const std::vector<double>& x, const std::vector<double>& y, int64_t rows,
                          int64_t la, int64_t lw, int64_t cols, const Op& f, const Op& g) {
    int64_t n = std::max(la, lw);
    std::vector<double> out;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            auto pair = [&](int64_t k) {
                return g(x[i * la + (la == 1 ? 0 : k)], y[(lw == 1 ? 0 : k) * cols + j]);
            };
            double acc = pair(n - 1);
            for (int64_t k = n - 2; k >= 0; k--) acc = f(pair(k), acc);
            out.push_back(acc);
        }
    return out;
}

std::vector<double> read_all(const Value& v) {
    Value s = v.read();
    if (!s.is_stored_array()) return {s.as_f64()};
    std::vector<double> out;
    for (int64_t i = 0; i < s.array_data().count(); i++) out.push_back(s.array_data().item(i).as_f64());
    return out;
}

const Op ADD = [](double a, double b) { return a + b; };
const Op SUB = [](double a, double b) { return a - b; };
const Op MUL = [](double a, double b) { return a * b; };
const Op MAX = [](double a, double b) { return std::max(a, b); };
const Op AND = [](double a, double b) { return double(a != 0 && b != 0); };
const Op OR = [](double a, double b) { return double(a != 0 || b != 0); };
const Op EQ = [](double a, double b) { return double(a == b); };

struct Case {
    Prim f, g;
    Op of, og;
    Kind in, out;
    Shape sx, sy;
    double tolerance; // relative, for float sums that BLAS may reassociate
    int lo = -4, span = 9;
    bool halves = false;
};

void check(const Case& c) {
    std::vector<double> x = values(count(c.sx), 1, c.lo, c.span, c.halves);
    std::vector<double> y = values(count(c.sy), 2, c.lo, c.span, c.halves);
    int64_t la = c.sx.empty() ? 1 : c.sx.back(), lw = c.sy.empty() ? 1 : c.sy[0];
    int64_t rows = c.sx.empty() ? 1 : count(Shape(c.sx.begin(), c.sx.end() - 1));
    int64_t cols = c.sy.empty() ? 1 : count(Shape(c.sy.begin() + 1, c.sy.end()));
    Shape shape(c.sx.begin(), c.sx.empty() ? c.sx.end() : c.sx.end() - 1);
    if (!c.sy.empty()) shape.insert(shape.end(), c.sy.begin() + 1, c.sy.end());

    program::reset_counters();
    std::optional<Value> r =
        prim::product(c.f, c.g, array_of(c.in, c.sx, x), array_of(c.in, c.sy, y));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->kind(), c.out);
    EXPECT_EQ(r->shape(), shape);
    std::vector<double> want = naive(x, y, rows, la, lw, cols, c.of, c.og);
    std::vector<double> got = read_all(*r);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); i++) {
        double tol = c.tolerance * std::max(1.0, std::fabs(want[i]));
        ASSERT_NEAR(got[i], want[i], tol) << "item " << i;
    }
}

} // namespace

TEST(Product, DenseFloatShapesMatchTheTripleLoop) {
    for (Kind k : {Kind::F64, Kind::F32}) {
        double tol = k == Kind::F64 ? 1e-15 : 1e-6;
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {3, 4}, {4, 5}, tol, -4, 9, true}); // gemm
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {37, 300}, {300, 41}, tol});
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {7}, {7, 6}, tol});    // vector × matrix
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {6, 7}, {7}, tol});    // matrix × vector
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {9}, {9}, tol});       // dot
        check({Prim::Plus, Prim::Times, ADD, MUL, k, k, {2, 3, 4}, {4, 2, 3}, tol}); // rank 3
    }
}

TEST(Product, IntegerAndBooleanProducts) {
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::Int, Kind::Int, {5, 6}, {6, 7}, 0});
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::Int, Kind::Int, {33, 300}, {300, 290}, 0});
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::Int, Kind::Int, {8}, {8}, 0});
    check({Prim::Or, Prim::And, OR, AND, Kind::Bool, Kind::Bool, {6, 9}, {9, 5}, 0, 0, 2});
    check({Prim::And, Prim::Or, AND, OR, Kind::Bool, Kind::Bool, {4, 700}, {700, 3}, 0, 0, 2});
    // a count of ones: Bool pairs summed as integers
    check({Prim::Plus, Prim::And, ADD, AND, Kind::Bool, Kind::Int, {6, 9}, {9, 5}, 0, 0, 2});
}

TEST(Product, OtherPairsFoldRightToLeft) {
    // -.× past one block of contraction positions, on both generic routes (few and many columns)
    check({Prim::Minus, Prim::Times, SUB, MUL, Kind::Int, Kind::Int, {5, 1000}, {1000, 3}, 0});
    check({Prim::Minus, Prim::Times, SUB, MUL, Kind::Int, Kind::Int, {4, 300}, {300, 600}, 0});
    check({Prim::Minus, Prim::Times, SUB, MUL, Kind::F64, Kind::F64, {3, 1100}, {1100}, 0, -4, 9, true});
    check({Prim::Ceiling, Prim::Plus, MAX, ADD, Kind::F64, Kind::F64, {5, 6}, {6, 7}, 0, -4, 9, true});
    check({Prim::Ceiling, Prim::Plus, MAX, ADD, Kind::Int, Kind::Int, {3, 700}, {700, 2}, 0});
    // comparisons: +.= counts equal pairs, ∧.= matches whole rows against columns
    check({Prim::Plus, Prim::Equal, ADD, EQ, Kind::F64, Kind::Int, {6, 8}, {8, 5}, 0, 0, 3});
    check({Prim::And, Prim::Equal, AND, EQ, Kind::Int, Kind::Bool, {6, 3}, {3, 5}, 0, 0, 2});
}

TEST(Product, UnitExtensionAndOneItemContractions) {
    // X's length-1 contraction axis extends to Y's, and the other way round
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::F64, Kind::F64, {3, 1}, {5, 4}, 1e-15});
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::Int, Kind::Int, {3, 5}, {1, 4}, 0});
    check({Prim::Minus, Prim::Times, SUB, MUL, Kind::Int, Kind::Int, {3, 1}, {700, 2}, 0});
    // n = 1: the pairs' own kind, no fold (a one-item reduction makes no call)
    check({Prim::Plus, Prim::And, ADD, AND, Kind::Bool, Kind::Bool, {3, 1}, {1, 4}, 0, 0, 2});
    // atoms
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::Int, Kind::Int, {}, {6, 2}, 0});
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::F64, Kind::F64, {2, 6}, {}, 1e-15});
}

TEST(Product, Float16TotalsAreFloat16) {
    check({Prim::Plus, Prim::Times, ADD, MUL, Kind::F16, Kind::F16, {4, 40}, {40, 3}, 0, 0, 4});
}

TEST(Product, EmptyContractionIsTheIdentityOfF) {
    auto empty = [](Shape s) { return Value::array(value::ArrayData::compact(Kind::F64, s)); };
    Value sum = *prim::product(Prim::Plus, Prim::Times, empty({2, 0}), empty({0, 3}));
    EXPECT_EQ(sum.shape(), (Shape{2, 3}));
    EXPECT_EQ(read_all(sum), std::vector<double>(6, 0.0));
    Value prod = *prim::product(Prim::Times, Prim::Plus, empty({2, 0}), empty({0, 3}));
    EXPECT_EQ(read_all(prod), std::vector<double>(6, 1.0));
    Value most = *prim::product(Prim::Ceiling, Prim::Plus, empty({0}), empty({0}));
    EXPECT_EQ(most.read().as_f64(), -std::numeric_limits<double>::infinity());
    // an empty frame with a nonempty contraction: an empty result of f's kind
    Value none = *prim::product(Prim::Plus, Prim::Times, empty({0, 4}), empty({4, 3}));
    EXPECT_EQ(none.shape(), (Shape{0, 3}));
    EXPECT_EQ(none.kind(), Kind::F64);
}

TEST(Product, IsOneNodeAndRejectsWhatItDoesNotRun) {
    program::reset_counters();
    Value x = array_of(Kind::F64, {40, 50}, values(2000, 3, -4, 9));
    Value y = array_of(Kind::F64, {50, 60}, values(3000, 4, -4, 9));
    Value r = *prim::product(Prim::Plus, Prim::Times, x, y);
    r.read();
    EXPECT_EQ(program::counters().nodes_built, 1u);
    EXPECT_EQ(program::counters().steps_run, 1u);
    // lengths that differ
    EXPECT_THROW(prim::product(Prim::Plus, Prim::Times, array_of(Kind::Int, {2}, {1, 2}),
                               array_of(Kind::Int, {3}, {1, 2, 3})),
                 base::Error);
    // no scalar meaning, and an f without fold facts for g's kind: the caller's host product
    EXPECT_FALSE(prim::product(Prim::Comma, Prim::Times, x, y).has_value());
    EXPECT_FALSE(prim::product(Prim::Less, Prim::Plus, x, y).has_value());
}

TEST(Product, PendingOperandsRunInTheSameRead) {
    std::vector<double> xs = values(12, 5, -4, 9), ys = values(20, 6, -4, 9);
    Value one = Value::real(1, Kind::F64, true), two = Value::real(2, Kind::F64, true);
    program::reset_counters();
    Value x = prim::call(Prim::Plus, array_of(Kind::Int, {3, 4}, xs), one);  // X+1, Int
    Value y = prim::call(Prim::Times, array_of(Kind::Int, {4, 5}, ys), two); // Y×2, Int
    ASSERT_TRUE(x.is_pending() && y.is_pending());
    Value r = *prim::product(Prim::Plus, Prim::Times, x, y);
    EXPECT_EQ(program::counters().nodes_built, 3u);
    for (double& v : xs) v += 1;
    for (double& v : ys) v *= 2;
    EXPECT_EQ(read_all(r), naive(xs, ys, 3, 4, 4, 5, ADD, MUL));
    EXPECT_EQ(r.kind(), Kind::Int);
    EXPECT_EQ(program::counters().graphs_read, 1u);
}

// Integer +.× past float64's exact range wraps as integer arithmetic does (two's complement),
// and just inside it is exact: the oracle here sums in wrapping unsigned 64-bit arithmetic.
TEST(Product, IntegerSumsAreExactOrWrap) {
    for (int64_t big : {int64_t{1} << 20, int64_t{3} << 40}) {
        int64_t rows = 5, n = 64, cols = 7;
        auto x = value::ArrayData::compact(Kind::Int, {rows, n});
        auto y = value::ArrayData::compact(Kind::Int, {n, cols});
        for (int64_t i = 0; i < rows * n; i++) x->items_as<int64_t>()[i] = big - i * 977;
        for (int64_t i = 0; i < n * cols; i++) y->items_as<int64_t>()[i] = (i % 3 - 1) * (big - i);
        std::vector<int64_t> want;
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < cols; j++) {
                uint64_t acc = 0;
                for (int64_t k = 0; k < n; k++)
                    acc += static_cast<uint64_t>(x->items_as<int64_t>()[i * n + k]) *
                           static_cast<uint64_t>(y->items_as<int64_t>()[k * cols + j]);
                want.push_back(static_cast<int64_t>(acc));
            }
        Value r = *prim::product(Prim::Plus, Prim::Times, Value::array(x), Value::array(y));
        Value s = r.read();
        ASSERT_EQ(s.kind(), Kind::Int);
        for (size_t i = 0; i < want.size(); i++)
            ASSERT_EQ(s.array_data().items_as<int64_t>()[i], want[i]) << "item " << i << " at " << big;
    }
}

// A narrow integer kind's sums wrap in that kind (mod 2⁸ here) on every route.
TEST(Product, NarrowIntegerSumsWrapInTheirKind) {
    std::vector<double> xs = values(4 * 40, 7, 0, 9), ys = values(40 * 3, 8, 0, 9);
    Value r = *prim::product(Prim::Plus, Prim::Times, array_of(Kind::I8, {4, 40}, xs),
                             array_of(Kind::I8, {40, 3}, ys));
    EXPECT_EQ(r.kind(), Kind::I8);
    std::vector<double> exact = naive(xs, ys, 4, 40, 40, 3, ADD, MUL), got = read_all(r);
    ASSERT_EQ(got.size(), exact.size());
    bool wrapped = false;
    for (size_t i = 0; i < exact.size(); i++) {
        auto want = static_cast<int8_t>(static_cast<uint8_t>(static_cast<int64_t>(exact[i]) & 0xff));
        wrapped = wrapped || want != exact[i];
        EXPECT_EQ(got[i], want) << "item " << i;
    }
    EXPECT_TRUE(wrapped); // the case reaches past the kind's range
}
