// Host loops over positions (prim::reserve_positions and the loops that fill them): a runaway
// count is a LIMIT ERROR before the positions take memory, and a long loop stops at an interrupt
// (so does host pervasion over boxed items).
// fuzz_eval's 10-minute run found a reduction by # whose replicates built their positions on the
// host with neither check (`x←6# 8⍴⍳9 ⋄ (3ⱼ0>#⌿x #⍠¯1 x)←6 7⍴10×⍳3 ⋄ x`: 23 s under ASan).
#include "base/error.h"
#include "base/interrupt.h"
#include "prim/inverse.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"

#include <gtest/gtest.h>

using namespace bpl;
using prim::Prim;
using value::Value;

namespace {

// A nested (boxed) two-item vector: 1 (2 3). A replicate of it selects on the host.
Value boxed() {
    auto a = value::ArrayData::compact(number::Kind::Int, {2});
    a->items_as<int64_t>()[0] = 2;
    a->items_as<int64_t>()[1] = 3;
    return value::make_array({2}, {Value::integer(1), Value::array(a)});
}

// An integer vector of the given items.
Value ints(std::initializer_list<int64_t> xs) {
    auto a = value::ArrayData::compact(number::Kind::Int, {static_cast<int64_t>(xs.size())});
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(a);
}

base::ErrorKind kind_of_call(Prim p, const Value& a, const Value& w) {
    try {
        (void)prim::call(p, a, w).read();
    } catch (const base::Error& e) {
        return e.kind();
    }
    return base::ErrorKind::Internal;
}

class MemoryLimit : public ::testing::Test {
  protected:
    void SetUp() override {
        before_ = program::memory_limit();
        program::set_memory_limit(int64_t{256} << 20); // the test process holds far less
    }
    void TearDown() override { program::set_memory_limit(before_); }
    int64_t before_ = 0;
};

TEST_F(MemoryLimit, AReplicatesPositionsAreCheckedBeforeTheyAreBuilt) {
    // 2·10⁷ positions of 8 bytes (and as many boxed items) pass 256 MiB: refused before any is
    // made, where the host selection of a boxed source checked nothing and built them all
    EXPECT_EQ(kind_of_call(Prim::Hash, Value::integer(20000000), boxed()), base::ErrorKind::Limit);
    // a small replicate still selects
    Value r = prim::call(Prim::Hash, Value::integer(2), boxed()).read();
    EXPECT_EQ(r.count(), 4);
}

TEST_F(MemoryLimit, ABoxedReshapesPositionsAreCheckedBeforeTheyAreBuilt) {
    // 2·10⁷ items of a boxed source: the host route of a rearrangement listed every position
    // and item with no check (5 s and 2.2 GB past a 1 GiB limit for (×⍨×⍨99)⍴⊂1 2)
    EXPECT_EQ(kind_of_call(Prim::Rho, Value::integer(20000000), boxed()), base::ErrorKind::Limit);
    Value r = prim::call(Prim::Rho, Value::integer(5), boxed()).read();
    EXPECT_EQ(r.count(), 5);
}

TEST_F(MemoryLimit, HostItemsPerPositionAreCheckedBeforeTheyAreMade) {
    // a boxed unit beside 2·10⁷ numbers pervades on the host, one item per position: 320 MB of
    // items alone, refused before any call (it reserved them unchecked and made them one by one)
    Value many = prim::call(Prim::Iota, Value::integer(20000000));
    Value unit = value::make_array({}, {boxed()});
    EXPECT_EQ(kind_of_call(Prim::Plus, unit, many), base::ErrorKind::Limit);
    EXPECT_EQ(prim::call(Prim::Plus, unit, prim::call(Prim::Iota, Value::integer(3))).read().count(), 3);
    // ⌻⁻ of a table of terms with one exponent of 2·10⁷: as many coefficients, refused first
    Value table = value::make_array({}, {prim::call(Prim::Rho, ints({1, 2}), ints({3, 20000000}))});
    auto inverse_kind = [](const Value& w) {
        try {
            (void)prim::inverse(Prim::Polynomial, w).read();
        } catch (const base::Error& e) {
            return e.kind();
        }
        return base::ErrorKind::Internal;
    };
    EXPECT_EQ(inverse_kind(table), base::ErrorKind::Limit);
    Value small = value::make_array({}, {prim::call(Prim::Rho, ints({1, 2}), ints({3, 2}))});
    EXPECT_EQ(prim::inverse(Prim::Polynomial, small).read().count(), 3);
}

// fuzz_eval found ⊃ of items padded to one cell listing 1.4 GB of positions in one loop that
// checked neither the limit nor the flag; its siblings (a count per vector for ⌽ and ⊖, ∨'s
// pairs, ⌹'s assembly of matrices, ↕⁻) list theirs the same way. Each call, unread, sees the flag.
TEST(HostPositions, ListingsOfPositionsStopAtAnInterrupt) {
    Value row = prim::call(Prim::Rho, ints({1, 300}), Value::integer(1));
    Value column = prim::call(Prim::Rho, ints({300, 1}), Value::integer(1));
    Value nested = value::make_array({2}, {row, column});
    Value m = prim::call(Prim::Rho, ints({300, 2}), Value::real(0.5));
    Value stack = prim::call(Prim::Rho, ints({2, 2, 2}), ints({2, 1, 1, 3}));
    auto raised_in = [](auto&& call) {
        base::request_interrupt();
        try {
            (void)call();
        } catch (const base::Error& e) {
            return e.kind() == base::ErrorKind::Interrupt && !base::interrupt_requested();
        }
        base::clear_interrupt();
        return false;
    };
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Disclose, nested); }));
    Value counts = prim::call(Prim::Rho, Value::integer(300), Value::integer(1)).read(); // read: a pending one's read sees the flag
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Reverse, counts, m); }));
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::ReverseFirst, ints({1, 2}), m); }));
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Or, m); }));
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Domino, stack); }));
    EXPECT_TRUE(raised_in([&] { return prim::inverse(Prim::Windows, Value::integer(2), m); }));
    // without the flag they build
    EXPECT_EQ(prim::call(Prim::Disclose, nested).read().count(), 2 * 300 * 300);
    EXPECT_EQ(prim::call(Prim::ReverseFirst, ints({1, 2}), m).read().count(), 600);
}

TEST(HostPositions, ACatenationPastTheItemLimitIsALimitError) {
    // 6·10⁸ + 6·10⁸ items pass 10⁹: refused before the positions are listed (the catenation
    // counted nothing and asked for 9.6 GB of positions)
    Value big = prim::call(Prim::Iota, Value::integer(600000000));
    EXPECT_EQ(kind_of_call(Prim::Comma, big, big), base::ErrorKind::Limit);
}

TEST(HostPositions, AReplicateStopsAtAnInterrupt) {
    base::request_interrupt();
    EXPECT_EQ(kind_of_call(Prim::Hash, Value::integer(100000), boxed()), base::ErrorKind::Interrupt);
    EXPECT_FALSE(base::interrupt_requested()); // raising lowered it
    Value r = prim::call(Prim::Hash, Value::integer(3), boxed()).read();
    EXPECT_EQ(r.count(), 6);
}

// Scalar functions over boxed items pervade on the host, item by item (a fuzzed ⍣¯∞ of ⌊ over
// an ever deeper nest): the loop checks the flag.
TEST(HostPositions, HostPervasionStopsAtAnInterrupt) {
    Value w = prim::call(Prim::Hash, Value::integer(1000), boxed()).read();
    // the calls alone, unread: the pervasion's own loop must see the flag (a read would check it
    // between stages anyway)
    auto raised_in = [](auto&& call) {
        base::request_interrupt();
        try {
            (void)call();
        } catch (const base::Error& e) {
            return e.kind() == base::ErrorKind::Interrupt && !base::interrupt_requested();
        }
        base::clear_interrupt();
        return false;
    };
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Floor, w); }));
    EXPECT_TRUE(raised_in([&] { return prim::call(Prim::Plus, w, w); }));
    EXPECT_EQ(prim::call(Prim::Plus, w, w).read().count(), 2000);
}

} // namespace
