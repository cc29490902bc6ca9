// Host loops over positions (prim::reserve_positions and the loops that fill them): a runaway
// count is a LIMIT ERROR before the positions take memory, and a long loop stops at an interrupt
// (so does host pervasion over boxed items).
// fuzz_eval's 10-minute run found a reduction by # whose replicates built their positions on the
// host with neither check (`x←6# 8⍴⍳9 ⋄ (3ⱼ0>#⌿x #⍠¯1 x)←6 7⍴10×⍳3 ⋄ x`: 23 s under ASan).
#include "base/error.h"
#include "base/interrupt.h"
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
