// Compiled stages (jit/jit.h, program/compile.h): a chain of float Maps read as one compiled loop gives, bit for
// bit, what plain C++ arithmetic gives (the oracle, compiled without contraction so each
// operation rounds once) and what the block kernels give, at every tail length and thread count.
#include "math/vec.h"
#include "prim/factory.h"
#include "prim/prim.h"
#include "jit/jit.h"
#include "program/compile.h"
#include "program/plan.h"
#include "program/threads.h"
#include "value/array.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace bpl;
using prim::Prim;
using value::Value;

namespace {

// this test program compiles stages, as the bpl executable does
const bool INSTALLED = (jit::install(), true);

template <class T>
number::Kind kind_of() {
    return std::is_same_v<T, double> ? number::Kind::F64 : number::Kind::F32;
}

// n items of T: a ramp through negative and positive values, with zeros, ¯0, ±∞ and NaN among them.
template <class T>
Value data(int64_t n, bool specials = true) {
    auto a = value::ArrayData::compact(kind_of<T>(), {n});
    T* p = a->template items_as<T>();
    for (int64_t i = 0; i < n; i++) p[i] = static_cast<T>(0.37 * static_cast<double>(i % 1009) - 150.0);
    const T special[] = {0, -T(0), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                         std::numeric_limits<T>::quiet_NaN(), T(1e-30), T(-1)};
    for (int64_t j = 0; specials && j < 7 && j * 97 < n; j++) p[j * 97] = special[j];
    return Value::array(std::move(a));
}

template <class T>
Value atom(double x) {
    return Value::real(x, kind_of<T>(), false);
}

// ((0.5×x×x)+(1.5×x)+2)÷1+x×x, as the binder builds it (right to left)
template <class T>
Value rational(const Value& x) {
    Value xx = prim::call(Prim::Times, x, x);
    Value num = prim::call(Prim::Plus, prim::call(Prim::Times, atom<T>(0.5), xx),
                           prim::call(Prim::Plus, prim::call(Prim::Times, atom<T>(1.5), x), atom<T>(2)));
    return prim::call(Prim::Divide, num, prim::call(Prim::Plus, atom<T>(1), xx));
}
template <class T>
T rational_of(T x) {
    return ((T(0.5) * (x * x)) + ((T(1.5) * x) + T(2))) / (T(1) + x * x);
}

// -(÷x)-y×x: monadic Negate and Reciprocal (a formula constant), two streams
template <class T>
Value mixed(const Value& x, const Value& y) {
    return prim::call(Prim::Minus, prim::call(Prim::Minus, prim::call(Prim::Divide, x)),
                      prim::call(Prim::Times, y, x));
}
template <class T>
T mixed_of(T x, T y) {
    return (-(T(1) / x)) - (y * x);
}

// Reads what `make` builds with stages compiled (the compiler installed) or not, from an empty
// plan cache: the result and the compiled segments the read ran. The compiler is installed again.
template <class Make>
std::pair<Value, uint64_t> read_with(bool compiled, Make make) {
    program::clear_cache();
    if (compiled) jit::install();
    else program::set_compiler(nullptr);
    program::reset_counters();
    Value v = make().read();
    uint64_t segments = program::counters().compiled;
    jit::install();
    return {v, segments};
}

template <class T>
void expect_items(const Value& got, const std::vector<T>& want) {
    ASSERT_EQ(got.kind(), kind_of<T>());
    ASSERT_EQ(got.array_data().count(), static_cast<int64_t>(want.size()));
    const T* g = got.array_data().items_as<T>();
    for (size_t i = 0; i < want.size(); i++) {
        if (std::isnan(want[i])) {
            ASSERT_TRUE(std::isnan(g[i])) << "item " << i;
            continue;
        }
        ASSERT_EQ(std::memcmp(&g[i], &want[i], sizeof(T)), 0) << "item " << i << ": " << g[i] << " want " << want[i];
    }
}

template <class T>
void rational_matches_plain_arithmetic() {
    program::clear_cache();
    const int64_t n = program::COMPILE_ITEMS * 3 + 13; // a partial last vector
    Value x = data<T>(n);
    size_t before = jit::compiled_count();
    Value got = rational<T>(x).read();
    const T* v = x.array_data().items_as<T>();
    std::vector<T> want(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; i++) want[static_cast<size_t>(i)] = rational_of(v[i]);
    expect_items(got, want);
    // where this machine compiles stages, this read ran compiled code
    if (program::compiles()) {
        EXPECT_GT(jit::compiled_count(), before);
    }
}

} // namespace

TEST(Jit, AvailableExactlyWhereTheVectorKernelsAreAvx512) {
    EXPECT_EQ(program::compiles(), math::vec::isa() == math::vec::Isa::Avx512);
}

TEST(Jit, RationalChainFloat64MatchesPlainArithmetic) { rational_matches_plain_arithmetic<double>(); }
TEST(Jit, RationalChainFloat32MatchesPlainArithmetic) { rational_matches_plain_arithmetic<float>(); }

// Every tail length: the last vector of a compiled stage holds 0 to 7 items.
TEST(Jit, EveryTailLengthMatches) {
    program::clear_cache();
    for (int64_t n = program::COMPILE_ITEMS; n <= program::COMPILE_ITEMS + 17; n++) {
        Value x = data<double>(n), y = data<double>(n);
        program::reset_counters();
        Value got = mixed<double>(x, y).read();
        EXPECT_EQ(program::counters().compiled, program::compiles() ? 1u : 0u);
        const double* a = x.array_data().items_as<double>();
        const double* b = y.array_data().items_as<double>();
        std::vector<double> want(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++) want[static_cast<size_t>(i)] = mixed_of(a[i], b[i]);
        expect_items(got, want);
    }
}

// A stage shorter than COMPILE_ITEMS runs the block kernels: nothing compiled, nothing looked up.
TEST(Jit, ShortStagesRunTheKernels) {
    program::clear_cache();
    Value x = data<double>(program::COMPILE_ITEMS - 1), y = data<double>(program::COMPILE_ITEMS - 1);
    program::reset_counters();
    (void)mixed<double>(x, y).read();
    EXPECT_EQ(program::counters().compiled, 0u);
}

// The compiled stage gives what the block kernels give (another ISA: no compiled stages), and
// one thread what two give.
TEST(Jit, AgreesWithBlockKernelsAndAcrossThreadCounts) {
    const int64_t n = program::COMPILE_ITEMS * 4 + 3;
    Value x = data<float>(n), y = data<float>(n);
    auto run = [&] {
        program::clear_cache();
        return mixed<float>(x, y).read();
    };
    int threads = program::threads();
    program::set_threads(1);
    Value one = run();
    program::set_threads(2);
    Value two = run();
    program::set_threads(threads);
    math::vec::Isa isa = math::vec::isa();
    math::vec::set_isa(math::vec::Isa::Portable);
    EXPECT_FALSE(program::compiles());
    Value blocks = run();
    math::vec::set_isa(isa);
    const float* b = blocks.array_data().items_as<float>();
    std::vector<float> want(b, b + n);
    expect_items(one, want);
    expect_items(two, want);
}

// A chain with a step that does not lower (sine): the float Maps on each side of it run as
// compiled segments inside the block stage, and the result is bit for bit what the block
// kernels alone give on the same ISA. 3+2×1○2-x×x, and a fold of such a chain.
TEST(Jit, SegmentsAroundAKernelStepMatchTheKernels) {
    const int64_t n = program::COMPILE_ITEMS * 2 + 21;
    Value x = data<double>(n, false);
    auto chain = [&] {
        Value l = prim::call(Prim::Circle, atom<double>(1), prim::call(Prim::Minus, atom<double>(2), prim::call(Prim::Times, x, x)));
        return prim::call(Prim::Plus, atom<double>(3), prim::call(Prim::Times, atom<double>(2), l));
    };
    auto run = [&](bool compiled) {
        program::clear_cache();
        if (compiled) jit::install();
        else program::set_compiler(nullptr);
        program::reset_counters();
        Value total = prim::reduce(Prim::Plus, prim::call(Prim::Divide, chain(), atom<double>(7)), false)->read();
        Value v = chain().read();
        uint64_t segments = program::counters().compiled;
        jit::install();
        return std::make_tuple(v, total, segments);
    };
    auto [got, got_total, segments] = run(true);
    // where stages compile: x×x then 2-, and 2× then 3+ (then ÷7 in the fold), in each read
    EXPECT_EQ(segments, program::compiles() ? 4u : 0u);
    auto [want, want_total, none] = run(false);
    EXPECT_EQ(none, 0u);
    const double* w = want.array_data().items_as<double>();
    expect_items(got, std::vector<double>(w, w + n));
    EXPECT_EQ(got_total.as_f64(), want_total.as_f64());
}

// exp on float64 lowers through its vector recipe: 3+2×*-x×x is one compiled stage whose lanes
// past exp's fast range (|x| > 708, ±∞, NaN) take the full formula, as the kernel's repair does:
// bit for bit the kernels' result, at every tail length.
TEST(Jit, ExpChainMatchesTheKernelsOnEveryLane) {
    auto chain = [](const Value& x) {
        Value e = prim::call(Prim::Star, prim::call(Prim::Minus, prim::call(Prim::Times, x, x)));
        return prim::call(Prim::Plus, atom<double>(3), prim::call(Prim::Times, atom<double>(2), e));
    };
    auto exp_of = [](const Value& x) { return prim::call(Prim::Star, prim::call(Prim::Times, atom<double>(0.25), x)); };
    for (int64_t n : {program::COMPILE_ITEMS + 7, program::COMPILE_ITEMS + 3, program::COMPILE_ITEMS + 13}) {
        Value x = data<double>(n); // −150 … 223 with ±0, ±∞, NaN: both paths of exp
        for (int which = 0; which < 2; which++) {
            auto g = [&](const Value& v) { return which == 0 ? chain(v) : exp_of(v); };
            auto [got, segments] = read_with(true, [&] { return g(x); });
            auto [want, none] = read_with(false, [&] { return g(x); });
            EXPECT_EQ(segments, program::compiles() ? 1u : 0u) << n;
            const double* w = want.array_data().items_as<double>();
            expect_items(got, std::vector<double>(w, w + n));
        }
    }
}

// Random chains: 300 graphs of up to 10 float Maps (+ − × ÷ ⌊ ⌈, negate, reciprocal, exp, |, √|,
// π×) over two
// arrays, one-item arrays and atoms, each result and its fold read compiled and with the emitter
// removed: bit for bit the same (what the wiring, register allocation and stream sharing must
// keep), whatever the structure.
TEST(Jit, RandomChainsMatchTheKernels) {
    const int64_t n = program::COMPILE_ITEMS + 11;
    Value a = data<double>(n), b = data<double>(n, false);
    uint64_t state = 0x9e3779b97f4a7c15u;
    auto next = [&](uint64_t bound) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state % bound;
    };
    uint64_t compiled = 0;
    for (int g = 0; g < 300; g++) {
        uint64_t seed = state;
        auto build = [&] {
            state = seed;
            std::vector<Value> made{a, b};
            int steps = 2 + static_cast<int>(next(9));
            for (int s = 0; s < steps; s++) {
                auto pick = [&]() -> Value {
                    switch (next(6)) {
                    case 0: return atom<double>(static_cast<double>(next(7)) - 3.5);
                    case 1: { // a one-item array: read as one item for every item
                        auto one = value::ArrayData::compact(number::Kind::F64, {1});
                        one->items_as<double>()[0] = static_cast<double>(next(5)) + 0.25;
                        return Value::array(std::move(one));
                    }
                    default: return made[made.size() - 1 - next(std::min<uint64_t>(made.size(), 4))];
                    }
                };
                Value x = pick(), y = pick();
                Value r;
                switch (next(12)) {
                case 0: r = prim::call(Prim::Plus, x, y); break;
                case 1: r = prim::call(Prim::Minus, x, y); break;
                case 2: r = prim::call(Prim::Times, x, y); break;
                case 3: r = prim::call(Prim::Divide, x, y); break;
                case 4: r = prim::call(Prim::Minus, x); break;
                case 5: r = prim::call(Prim::Divide, x); break;
                case 6: r = prim::call(Prim::Floor, x, y); break;
                case 7: r = prim::call(Prim::Ceiling, x, y); break;
                case 8: r = prim::call(Prim::Stile, x); break;
                case 9: r = prim::call(Prim::Root, prim::call(Prim::Stile, x)); break;
                case 10: r = prim::call(Prim::Pi, x); break;
                default: r = prim::call(Prim::Star, prim::call(Prim::Times, atom<double>(0.01), x)); break;
                }
                made.push_back(r);
            }
            return made.back();
        };
        auto [got, segments] = read_with(true, build);
        Value want = read_with(false, build).first;
        compiled += segments;
        if (got.is_stored_array()) {
            ASSERT_TRUE(want.is_stored_array());
            const double* w = want.array_data().items_as<double>();
            std::vector<double> items(w, w + want.array_data().count());
            SCOPED_TRACE("graph " + std::to_string(g));
            expect_items(got, items);
        }
    }
    if (program::compiles()) {
        EXPECT_GT(compiled, 100u); // half the graphs or more ran compiled code
    }
}

// ⌊ ⌈ on float32 lower through the recipe their float32 kernel runs: a clamp 0⌈1⌊x×0.01 and
// x⌊y⌈x compiled are bit for bit the kernels' (NaN on either side, ±0, ±∞).
TEST(Jit, Float32ClampMatchesTheKernels) {
    const int64_t n = program::COMPILE_ITEMS + 9;
    Value x = data<float>(n), y = data<float>(n, false);
    auto clamp = [&] {
        return prim::call(Prim::Ceiling, atom<float>(0),
                          prim::call(Prim::Floor, atom<float>(1), prim::call(Prim::Times, x, atom<float>(0.01))));
    };
    auto mixed_minmax = [&] { return prim::call(Prim::Floor, x, prim::call(Prim::Ceiling, y, x)); };
    for (int which = 0; which < 2; which++) {
        auto graph = [&] { return (which == 0 ? clamp() : mixed_minmax()); };
        auto [got, segments] = read_with(true, graph);
        auto [want, none] = read_with(false, graph);
        EXPECT_EQ(segments, program::compiles() ? 1u : 0u);
        EXPECT_EQ(none, 0u);
        const float* w = want.array_data().items_as<float>();
        expect_items(got, std::vector<float>(w, w + n));
    }
}

// Integer chains (ordinary Int and fixed 64-bit): 3+x×y-x, -x and x×x×x compiled wrap exactly as
// the kernels (and plain unsigned arithmetic) do, past INT64_MAX too.
TEST(Jit, IntegerChainsWrapAsTheKernels) {
    const int64_t n = program::COMPILE_ITEMS + 5;
    for (number::Kind k : {number::Kind::Int, number::Kind::I64}) {
        auto make = [&](int64_t salt) {
            auto a = value::ArrayData::compact(k, {n});
            int64_t* p = a->items_as<int64_t>();
            for (int64_t i = 0; i < n; i++)
                p[i] = static_cast<int64_t>(static_cast<uint64_t>(i) * 0x9e3779b97f4a7c15u + static_cast<uint64_t>(salt));
            p[0] = INT64_MAX;
            p[1] = INT64_MIN;
            return Value::array(std::move(a));
        };
        Value x = make(1), y = make(7);
        Value three = prim::convert_to(Value::integer(3), k).read();
        auto chain = [&] {
            Value xy = prim::call(Prim::Times, x, prim::call(Prim::Minus, y, x));
            return prim::call(Prim::Plus, three, prim::call(Prim::Minus, prim::call(Prim::Times, xy, x)));
        };
        auto graph = [&] { return chain(); };
        auto [got, segments] = read_with(true, graph);
        auto [want, none] = read_with(false, graph);
        EXPECT_EQ(segments, program::compiles() ? 1u : 0u) << number::name(k);
        EXPECT_EQ(none, 0u);
        ASSERT_EQ(got.kind(), k);
        const int64_t* g = got.array_data().items_as<int64_t>();
        const int64_t* w = want.array_data().items_as<int64_t>();
        const int64_t* a = x.array_data().items_as<int64_t>();
        const int64_t* b = y.array_data().items_as<int64_t>();
        for (int64_t i = 0; i < n; i++) {
            uint64_t u = static_cast<uint64_t>(a[i]), v = static_cast<uint64_t>(b[i]);
            auto oracle = static_cast<int64_t>(3u + (0u - (u * (v - u)) * u));
            ASSERT_EQ(w[i], oracle) << i;
            ASSERT_EQ(g[i], oracle) << i;
        }
    }
}

// A conversion of 64-bit integers to float64 joins a segment: (0.5×i)+y and (i×i)÷3 with i
// integers read and converted in the compiled loop, bit for bit static_cast's rounding (past 2⁵³
// too) and the kernels'.
TEST(Jit, IntegerToFloatConversionsCompile) {
    const int64_t n = program::COMPILE_ITEMS + 3;
    auto ints = value::ArrayData::compact(number::Kind::Int, {n});
    int64_t* p = ints->items_as<int64_t>();
    for (int64_t i = 0; i < n; i++) p[i] = (i % 2 ? -1 : 1) * (i * 7919 + (i % 5 == 0 ? (int64_t{1} << 60) + 1 : 0));
    Value iv = Value::array(std::move(ints));
    Value y = data<double>(n, false);
    auto chain = [&](int which) {
        if (which == 0) return prim::call(Prim::Plus, prim::call(Prim::Times, atom<double>(0.5), iv), y);
        return prim::call(Prim::Divide, prim::call(Prim::Times, iv, iv), atom<double>(3));
    };
    for (int which = 0; which < 2; which++) {
        auto graph = [&] { return chain(which); };
        auto [got, segments] = read_with(true, graph);
        auto [want, none] = read_with(false, graph);
        EXPECT_EQ(segments, program::compiles() ? 1u : 0u) << which;
        const double* w = want.array_data().items_as<double>();
        const double* b = y.array_data().items_as<double>();
        std::vector<double> oracle(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++) {
            uint64_t u = static_cast<uint64_t>(p[i]);
            oracle[static_cast<size_t>(i)] = which == 0 ? 0.5 * static_cast<double>(p[i]) + b[i]
                                                        : static_cast<double>(static_cast<int64_t>(u * u)) / 3;
        }
        expect_items(want, oracle);
        expect_items(got, std::vector<double>(w, w + n));
    }
}
