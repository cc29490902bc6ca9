// ArrayData: construction, normalisation of boxed items to compact storage, items, prototypes.
#include "value/array.h"

#include "base/assert.h"
#include "base/buffer.h"
#include "math/kernel.h"
#include "number/complex.h"
#include "number/exact.h"
#include "number/f16.h"
#include "value/function.h"
#include "value/layout.h"
#include "value/pending.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace bpl::value {

int64_t count_of(const Shape& shape) {
    int64_t n = 1;
    bool over = false;
    for (int64_t d : shape) {
        if (d == 0) return 0;
        over = over || __builtin_mul_overflow(n, d, &n);
    }
    return over ? INT64_MAX : n;
}

ArrayData::~ArrayData() { // nested boxes: no call per level
    release_values(items_);
    release_values(proto_);
}
value::Function::~Function() = default;

Ref<ArrayData> ArrayData::compact(Kind kind, Shape shape, bool weak) {
    ASSERT(kind != Kind::Exact, "Exact values are host values, never compact");
    Ref<ArrayData> a(new ArrayData());
    a->kind_ = kind;
    a->weak_ = weak;
    a->count_ = count_of(shape);
    a->shape_ = std::move(shape);
    size_t bytes = 0;
    if (a->count_ < 0 || __builtin_mul_overflow(static_cast<size_t>(a->count_),
                                                static_cast<size_t>(math::item_size(kind)), &bytes) ||
        bytes > SIZE_MAX / 2)
        throw std::bad_alloc(); // more than memory can address: LIMIT ERROR where it surfaces
    a->data_.reset(base::allocate_buffer(bytes));
    return a;
}

Ref<ArrayData> ArrayData::adopt(Kind kind, Shape shape, const void* data,
                                std::shared_ptr<const void> owner) {
    ASSERT(kind != Kind::Exact, "Exact values are host values, never compact");
    ASSERT(owner, "an adopted buffer needs its owner");
    Ref<ArrayData> a(new ArrayData());
    a->kind_ = kind;
    a->count_ = count_of(shape);
    a->shape_ = std::move(shape);
    // never written through: kernels write only the buffers of arrays they make
    a->data_ = std::unique_ptr<std::byte[], AlignedDelete>(
        static_cast<std::byte*>(const_cast<void*>(data)), AlignedDelete{std::move(owner)});
    return a;
}

namespace {
// The one kind all items share, when the array can be compact.
bool common_kind(const std::vector<Value>& items, Kind* kind, bool* weak) {
    if (items.empty()) return false;
    const Value& first = items[0];
    if (!first.is_number() && !first.is_complex() && !first.is_char()) return false;
    for (const Value& v : items) {
        if (v.tag() != first.tag() || v.kind() != first.kind() || v.weak() != first.weak())
            return false;
    }
    *kind = first.kind();
    *weak = first.weak();
    return true;
}

void store_atom(ArrayData& a, int64_t i, const Value& v) {
    store_item(a.kind(), static_cast<std::byte*>(a.data()) + i * math::item_size(a.kind()), v);
}
} // namespace

void store_any_item(Kind kind, void* out, const Value& v) {
    switch (kind) {
    case Kind::Bool: *static_cast<uint8_t*>(out) = static_cast<uint8_t>(v.as_i64()); break;
    case Kind::I8: *static_cast<int8_t*>(out) = static_cast<int8_t>(v.as_i64()); break;
    case Kind::I16: *static_cast<int16_t*>(out) = static_cast<int16_t>(v.as_i64()); break;
    case Kind::I32: *static_cast<int32_t*>(out) = static_cast<int32_t>(v.as_i64()); break;
    case Kind::I64:
    case Kind::Int: *static_cast<int64_t*>(out) = v.as_i64(); break;
    case Kind::F16: *static_cast<number::f16*>(out) = number::to_f16(static_cast<float>(v.as_f64())); break;
    case Kind::F32: *static_cast<float*>(out) = static_cast<float>(v.as_f64()); break;
    case Kind::F64: *static_cast<double*>(out) = v.as_f64(); break;
    case Kind::C64: *static_cast<number::c64*>(out) = {static_cast<float>(v.re()), static_cast<float>(v.im())}; break;
    case Kind::C128: *static_cast<number::c128*>(out) = {v.re(), v.im()}; break;
    case Kind::Char: *static_cast<char32_t*>(out) = v.as_char(); break;
    default: ASSERT(false, "no compact storage for this kind yet");
    }
}

Ref<ArrayData> ArrayData::boxed(Shape shape, std::vector<Value> items, Value proto) {
    ASSERT(count_of(shape) == static_cast<int64_t>(items.size()), "item count must fit shape");
    Kind kind;
    bool weak;
    if (common_kind(items, &kind, &weak)) {
        Ref<ArrayData> a = compact(kind, std::move(shape), weak);
        for (int64_t i = 0; i < a->count_; i++) store_atom(*a, i, items[i]);
        return a;
    }
    // An empty array whose prototype is a number or character atom is compact too.
    if (items.empty() && (proto.is_number() || proto.is_complex() || proto.is_char())) {
        return compact(proto.kind(), std::move(shape), proto.weak());
    }
    return mixed(std::move(shape), std::move(items), std::move(proto));
}

Ref<ArrayData> ArrayData::mixed(Shape shape, std::vector<Value> items, Value proto) {
    ASSERT(count_of(shape) == static_cast<int64_t>(items.size()), "item count must fit shape");
    Ref<ArrayData> a(new ArrayData());
    a->boxed_ = true;
    a->count_ = static_cast<int64_t>(items.size());
    a->shape_ = std::move(shape);
    a->items_ = std::move(items);
    if (a->count_ == 0) a->proto_.push_back(proto.is_none() ? Value::real(0, Kind::F64, true) : proto);
    return a;
}

Ref<ArrayData> ArrayData::relayout(Ref<ArrayData> a, Ref<const Layout> l) {
    ASSERT(!l || l->rank() == a->rank(), "a layout has one entry per axis");
    if (a.is_unique()) {
        a->layout_ = std::move(l);
        return a;
    }
    Ref<ArrayData> b(new ArrayData());
    b->kind_ = a->kind_;
    b->weak_ = a->weak_;
    b->boxed_ = a->boxed_;
    b->count_ = a->count_;
    b->shape_ = a->shape_;
    b->items_ = a->items_;
    b->proto_ = a->proto_;
    b->layout_ = std::move(l);
    if (!a->boxed_) { // the same buffer, kept alive by the array that owns it (never written)
        const void* data = a->data();
        auto owner = std::make_shared<Ref<ArrayData>>(std::move(a));
        b->data_ = std::unique_ptr<std::byte[], AlignedDelete>(
            static_cast<std::byte*>(const_cast<void*>(data)), AlignedDelete{std::move(owner)});
    }
    return b;
}

Value ArrayData::item(int64_t i) const {
    ASSERT(i >= 0 && i < count_, "item position inside the array");
    if (boxed_) return items_[i];
    return load_item(kind_, weak_, static_cast<const std::byte*>(data()) + i * math::item_size(kind_));
}

Value load_any_item(Kind kind, bool weak, const void* in) {
    auto at = [in]<class T>(T*) {
        T x;
        std::memcpy(&x, in, sizeof x);
        return x;
    };
    switch (kind) {
    case Kind::Bool: return Value::boolean(at(static_cast<uint8_t*>(nullptr)) != 0);
    case Kind::I8: return Value::integer(at(static_cast<int8_t*>(nullptr)), kind);
    case Kind::I16: return Value::integer(at(static_cast<int16_t*>(nullptr)), kind);
    case Kind::I32: return Value::integer(at(static_cast<int32_t*>(nullptr)), kind);
    case Kind::I64:
    case Kind::Int: return Value::integer(at(static_cast<int64_t*>(nullptr)), kind);
    case Kind::F16: return Value::real(number::to_float(at(static_cast<number::f16*>(nullptr))), kind, weak);
    case Kind::F32: return Value::real(at(static_cast<float*>(nullptr)), kind, weak);
    case Kind::F64: return Value::real(at(static_cast<double*>(nullptr)), kind, weak);
    case Kind::C64: {
        number::c64 z = at(static_cast<number::c64*>(nullptr));
        return Value::complex(z.real(), z.imag(), kind);
    }
    case Kind::C128: {
        number::c128 z = at(static_cast<number::c128*>(nullptr));
        return Value::complex(z.real(), z.imag(), kind);
    }
    case Kind::Char: return Value::character(at(static_cast<char32_t*>(nullptr)));
    default: ASSERT(false, "no compact storage for this kind yet"); return {};
    }
}

Value ArrayData::prototype() const {
    if (!boxed_) {
        if (kind_ == Kind::Char) return Value::character(U' ');
        if (number::is_float(kind_)) return Value::real(0, kind_, weak_);
        if (number::is_complex(kind_)) return Value::complex(0, 0, kind_);
        return Value::integer(0, kind_);
    }
    if (count_ == 0) return proto_.empty() ? Value::real(0, Kind::F64, true) : fill_of(proto_[0]);
    return fill_of(items_[0]);
}

Value fill_of(const Value& proto) {
    check_nesting();
    switch (proto.tag()) {
    case Tag::Number:
        return number::is_float(proto.kind()) ? Value::real(0, proto.kind(), proto.weak())
                                              : Value::integer(0, proto.kind());
    case Tag::Complex: return Value::complex(0, 0, proto.kind());
    case Tag::Exact: return Value::exact(number::Exact::of(0));
    case Tag::Char: return Value::character(U' ');
    case Tag::Function:
    case Tag::None: return proto;
    case Tag::Pending: return fill_of(proto.read());
    case Tag::Array: {
        const ArrayData& a = proto.array_data();
        if (!a.is_boxed()) {
            Ref<ArrayData> f = ArrayData::compact(a.kind(), a.shape(), a.weak());
            std::memset(f->data(), 0, static_cast<size_t>(a.count() * math::item_size(a.kind())));
            if (a.kind() == Kind::Char)
                for (int64_t i = 0; i < a.count(); i++) f->items_as<char32_t>()[i] = U' ';
            return Value::array(f);
        }
        std::vector<Value> items;
        items.reserve(static_cast<size_t>(a.count()));
        for (const Value& v : a.boxed_items()) items.push_back(fill_of(v));
        return Value::array(ArrayData::boxed(a.shape(), std::move(items), a.prototype()));
    }
    }
    return proto;
}

Value char_vector(const std::u32string& s) {
    Ref<ArrayData> a = ArrayData::compact(Kind::Char, {static_cast<int64_t>(s.size())});
    std::copy(s.begin(), s.end(), a->items_as<char32_t>());
    return Value::array(a);
}

Value make_array(Shape shape, std::vector<Value> items, Value proto) {
    return Value::array(ArrayData::boxed(std::move(shape), std::move(items), std::move(proto)));
}

Value enclose(const Value& v) { return make_array({}, {v}); }

int64_t Desc::count() const noexcept { return count_of(shape); }

Range Range::of(double v) noexcept {
    if (std::isnan(v)) return {};
    return {v, v};
}

Range Range::of_kind(Kind k) noexcept {
    if (!number::is_integer(k)) return {};
    if (k == Kind::Bool) return {0, 1};
    double half = std::ldexp(1.0, number::bits(k) - 1);
    return {-half, half - 1}; // 2^63 - 1 rounds up to 2^63: still a bound
}

Range Desc::range_of(const Value& v) noexcept {
    switch (v.tag()) {
    case Tag::Number: return number::is_real(v.kind()) ? Range::of(v.as_f64()) : Range{};
    case Tag::Pending: return v.pending_node().desc().range;
    // a stored array is an opaque input: its kind's bounds, never its items' extremes
    case Tag::Array: return Range::of_kind(v.array_data().kind());
    default: return {};
    }
}

Desc Desc::of(const Value& v) {
    switch (v.tag()) {
    case Tag::Number: return Desc{v.kind(), v.weak(), true, {}, range_of(v)};
    case Tag::Complex:
    case Tag::Char: return Desc{v.kind(), v.weak(), true, {}};
    case Tag::Pending: return v.pending_node().desc();
    case Tag::Array: {
        const ArrayData& a = v.array_data();
        ASSERT(!a.is_boxed(), "Desc::of a boxed array: boxed arrays are host values");
        return Desc{a.kind(), a.weak(), false, a.shape(), range_of(v), a.layout_ref()};
    }
    default: ASSERT(false, "Desc::of a non-native value"); return {};
    }
}

} // namespace bpl::value
