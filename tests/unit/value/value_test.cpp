// Values: atoms, compact and boxed arrays, normalisation, prototypes, match, in-place reuse.
#include "base/error.h"
#include "value/array.h"
#include "value/match.h"
#include "value/pending.h"

#include <gtest/gtest.h>

#include <limits>

using namespace bpl::value;
using bpl::number::Kind;

TEST(Value, AtomsKeepKindAndWeakness) {
    Value a = Value::real(2.5, Kind::F64, true);
    EXPECT_TRUE(a.is_atom());
    EXPECT_TRUE(a.weak());
    EXPECT_EQ(a.kind(), Kind::F64);
    EXPECT_DOUBLE_EQ(a.as_f64(), 2.5);
    Value i = Value::integer(-7);
    EXPECT_EQ(i.kind(), Kind::Int);
    EXPECT_EQ(i.as_i64(), -7);
    EXPECT_EQ(Value::boolean(true).kind(), Kind::Bool);
    EXPECT_EQ(Value::character(U'⍳').as_char(), U'⍳');
    EXPECT_EQ(sizeof(Value), 16u);
}

TEST(Value, BoxedItemsOfOneKindBecomeCompact) {
    Value v = make_array({3}, {Value::integer(1), Value::integer(2), Value::integer(3)});
    ASSERT_TRUE(v.is_stored_array());
    EXPECT_FALSE(v.array_data().is_boxed());
    EXPECT_EQ(v.kind(), Kind::Int);
    EXPECT_EQ(v.array_data().items_as<int64_t>()[2], 3);
    Value mixed = make_array({2}, {Value::integer(1), Value::real(0.5, Kind::F64, true)});
    EXPECT_TRUE(mixed.array_data().is_boxed());
}

TEST(Value, PrototypeAndFill) {
    Value chars = make_array({2}, {Value::character(U'a'), Value::character(U'b')});
    EXPECT_EQ(chars.array_data().prototype().as_char(), U' ');
    Value nested = make_array({2}, {make_array({2}, {Value::integer(1), Value::integer(2)}),
                                    Value::integer(3)});
    Value proto = nested.array_data().prototype();
    ASSERT_TRUE(proto.is_stored_array());
    EXPECT_EQ(proto.shape(), (Shape{2}));
    EXPECT_EQ(proto.array_data().item(0).as_i64(), 0);
    Value empty = make_array({0}, {}, Value::character(U' '));
    EXPECT_FALSE(empty.array_data().is_boxed());
    EXPECT_EQ(empty.kind(), Kind::Char);
}

TEST(Value, EncloseAlwaysAddsALayer) {
    Value three = Value::real(3, Kind::F64, true);
    Value s = enclose(three);
    EXPECT_FALSE(match(s, three));
    EXPECT_EQ(depth(three), 0);
    EXPECT_EQ(depth(s), 1);
    EXPECT_EQ(depth(enclose(s)), 2);
    EXPECT_TRUE(s.shape().empty());
}

TEST(Value, MatchComparesNumbersAcrossKindsAndTolerantly) {
    EXPECT_TRUE(match(Value::integer(3), Value::real(3, Kind::F64, true)));
    EXPECT_TRUE(match(Value::real(0.3), Value::real(0.1 + 0.2)));
    EXPECT_FALSE(match(Value::real(1), Value::real(1.001)));
    EXPECT_FALSE(match(Value::character(U'a'), Value::integer(97)));
    Value a = make_array({2}, {Value::integer(1), Value::integer(2)});
    Value b = make_array({2}, {Value::integer(1), Value::integer(2)});
    Value c = make_array({1, 2}, {Value::integer(1), Value::integer(2)});
    EXPECT_TRUE(match(a, b));
    EXPECT_FALSE(match(a, c));
}

TEST(Value, RefCountAllowsInPlaceReuseWhenUnique) {
    auto a = ArrayData::compact(Kind::F64, {4});
    EXPECT_TRUE(a.is_unique());
    Value v = Value::array(a);
    EXPECT_FALSE(a.is_unique());
    v = Value();
    EXPECT_TRUE(a.is_unique());
}

TEST(Value, DescribesNativeValues) {
    Desc d = Desc::of(make_array({2, 3}, std::vector<Value>(6, Value::integer(0))));
    EXPECT_EQ(d.kind, Kind::Int);
    EXPECT_FALSE(d.atom);
    EXPECT_EQ(d.count(), 6);
    EXPECT_TRUE(Desc::of(Value::real(1, Kind::F64, true)).atom);
}

TEST(Value, ComplexAtomsBoxTheirParts) {
    Value z = Value::complex(1.5, -2);
    EXPECT_EQ(z.tag(), Tag::Complex);
    EXPECT_EQ(z.kind(), Kind::C128);
    EXPECT_TRUE(z.is_complex());
    EXPECT_FALSE(z.is_number()); // is_number() means a real atom
    EXPECT_TRUE(z.is_atom());
    EXPECT_TRUE(z.is_native());
    EXPECT_EQ(z.re(), 1.5);
    EXPECT_EQ(z.im(), -2);
    Value copy = z; // copies share the box
    EXPECT_EQ(copy.re(), 1.5);
    EXPECT_EQ(copy.im(), -2);
    Desc d = Desc::of(z);
    EXPECT_TRUE(d.atom);
    EXPECT_EQ(d.kind, Kind::C128);
    // C64 parts are float32 values
    Value s = Value::complex(0.1, 0.2, Kind::C64);
    EXPECT_EQ(s.re(), static_cast<double>(0.1f));
    EXPECT_EQ(s.im(), static_cast<double>(0.2f));
    // a real atom's parts
    EXPECT_EQ(Value::integer(3).re(), 3);
    EXPECT_EQ(Value::integer(3).im(), 0);
}

TEST(Value, ComplexAtomsNormaliseToCompactArrays) {
    Value v = make_array({2}, {Value::complex(1, 2), Value::complex(3, -4)});
    ASSERT_TRUE(v.is_stored_array());
    EXPECT_FALSE(v.array_data().is_boxed());
    EXPECT_EQ(v.kind(), Kind::C128);
    const double* parts = v.array_data().items_as<double>();
    EXPECT_EQ(parts[0], 1);
    EXPECT_EQ(parts[1], 2);
    EXPECT_EQ(parts[2], 3);
    EXPECT_EQ(parts[3], -4);
    Value second = v.array_data().item(1);
    EXPECT_TRUE(second.is_complex());
    EXPECT_EQ(second.im(), -4);
    Value proto = v.array_data().prototype();
    EXPECT_TRUE(proto.is_complex());
    EXPECT_EQ(proto.re(), 0);
    // mixed with a real atom: a host array keeping each item's kind
    Value mixed = make_array({2}, {Value::complex(1, 2), Value::real(3, Kind::F64, true)});
    EXPECT_TRUE(mixed.array_data().is_boxed());
    // an empty array with a complex prototype is compact
    Value empty = make_array({0}, {}, Value::complex(0, 0));
    EXPECT_FALSE(empty.array_data().is_boxed());
    EXPECT_EQ(empty.kind(), Kind::C128);
}

TEST(Match, ComplexEqualityIsTolerantOnTheMagnitude) {
    // |(1+1i) - (1+1.000000000000012i)| = 1.2e-14 <= 1e-14 * |1+1.000000000000012i| (≈1.41e-14)
    EXPECT_TRUE(tolerant_equal(1, 1, 1, 1.000000000000012));
    EXPECT_FALSE(tolerant_equal(1, 1, 1, 1.00000000000002));
    EXPECT_FALSE(tolerant_equal(0, 0, 0, 1e-100));
    double inf = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(tolerant_equal(inf, 1, inf, 1));
    EXPECT_FALSE(tolerant_equal(inf, 1, inf, 1.0000000000000002));
    EXPECT_TRUE(match(Value::complex(1, 0), Value::real(1, Kind::F64, true)));
    EXPECT_TRUE(match(Value::complex(2, 3), Value::complex(2, 3)));
    EXPECT_FALSE(match(Value::complex(2, 3), Value::complex(3, 2)));
    EXPECT_FALSE(match(Value::complex(2, 3), Value::character(U'a')));
}

TEST(Match, ComplexNumbersOrderByRealThenImaginaryPart) {
    EXPECT_LT(compare(Value::complex(1, -2), Value::real(1, Kind::F64)), 0);
    EXPECT_GT(compare(Value::complex(1, 2), Value::integer(1)), 0);
    EXPECT_LT(compare(Value::real(0, Kind::F64), Value::complex(1, -2)), 0);
    EXPECT_EQ(compare(Value::complex(1, 0), Value::integer(1)), 0);
    EXPECT_LT(compare(Value::complex(5, 5), Value::character(U'a')), 0);
}

// Item buffers: 64-byte aligned with a block of padding; from 4 MiB, 2 MiB aligned (huge pages).
TEST(ArrayData, ItemBuffersAreAlignedForBlocksAndHugePages) {
    auto small = ArrayData::compact(Kind::F64, Shape{1000});
    EXPECT_EQ(reinterpret_cast<uintptr_t>(small->data()) % 64, 0u);
    auto big = ArrayData::compact(Kind::F64, Shape{1 << 20}); // 8 MiB
    EXPECT_EQ(reinterpret_cast<uintptr_t>(big->data()) % (uintptr_t{1} << 21), 0u);
    // the padding block past the last item is writable (vector kernels store whole blocks)
    auto* d = big->items_as<double>();
    for (int i = 0; i < 8; ++i) d[(1 << 20) + i] = 1.0;
    d[0] = 2.0;
    EXPECT_EQ(big->items_as<double>()[0], 2.0);
}

// Arrays nested a million levels deep (a loop of ⊂ makes them): freed without a call per level,
// and match, compare and depth raise LIMIT ERROR when the call stack is nearly full rather than
// overflow it.
TEST(Value, DeepNestingIsFreedAndMeasuredWithoutOverflow) {
    auto nest = [](int levels) {
        Value v = Value::integer(1);
        for (int i = 0; i < levels; ++i) v = make_array({2}, {v, Value::integer(i)});
        return v;
    };
    { Value deep = nest(1000000); } // freed here
    EXPECT_EQ(depth(nest(3)), 3);
    EXPECT_TRUE(match(nest(50), nest(50)));
    Value deep = nest(1000000);
    auto limit = [](auto f) {
        try {
            f();
        } catch (const bpl::base::Error& e) {
            return e.kind() == bpl::base::ErrorKind::Limit;
        }
        return false;
    };
    EXPECT_TRUE(limit([&] { depth(deep); }));
    EXPECT_TRUE(limit([&] { match(deep, deep); }));
    EXPECT_TRUE(limit([&] { compare(deep, deep); }));
}
