// Value: construction, copying and the read chokepoint's entry.
#include "value/value.h"

#include "base/assert.h"
#include "base/error.h"
#include "base/stack.h"
#include "math/kernel.h"
#include "number/exact.h"
#include "number/f16.h"
#include "value/array.h"
#include "value/function.h"
#include "value/pending.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>

namespace bpl::value {

namespace {
// The parts of a complex atom: immutable once made, shared by copies of the Value.
struct ComplexBox final : base::RefCounted {
    double re = 0, im = 0;
};
const ComplexBox& box_of(const base::RefCounted* obj) { return *static_cast<const ComplexBox*>(obj); }
// A part rounded to float32. Out of line on purpose: GCC 12.2's SLP vectoriser drops the paired
// double→float→double round trip when it is inlined beside the other part's.
[[gnu::noinline]] double round_f32(double x) { return static_cast<float>(x); }
} // namespace

// The object pointer carries one reference owned by this Value; the Ref helpers count it.
void Value::retain() const noexcept {
    switch (tag_) {
    case Tag::Array: Ref<ArrayData>(static_cast<ArrayData*>(obj_)).leak(); break;
    case Tag::Pending: Ref<Pending>(static_cast<Pending*>(obj_)).leak(); break;
    case Tag::Function: Ref<value::Function>(static_cast<value::Function*>(obj_)).leak(); break;
    case Tag::Complex: Ref<ComplexBox>(static_cast<ComplexBox*>(obj_)).leak(); break;
    case Tag::Exact: Ref<number::Exact>(static_cast<number::Exact*>(obj_)).leak(); break;
    default: break;
    }
}

namespace {
// The outermost release_values' work: the values whose drop may release more, dropped from the
// last. The first FIXED live in uninitialised room on the stack (nothing to build or drop for a
// chain, which keeps one entry), so freeing a chain never allocates, not even when memory has
// just run out; wider trees spill into `more`.
class Work {
  public:
    Work() noexcept {}
    Work(const Work&) = delete;
    Work& operator=(const Work&) = delete;
    ~Work() = default; // drained before it goes: every entry has been taken
    bool empty() const noexcept { return n_ == 0 && more_.empty(); }
    // Takes v over; false, leaving v as it was, when there is no room.
    bool push(Value& v) noexcept {
        if (n_ < FIXED) {
            new (fixed() + n_++) Value(std::move(v));
            return true;
        }
        try {
            more_.push_back(std::move(v)); // leaves v whole when it throws
            return true;
        } catch (const std::bad_alloc&) {
            return false;
        }
    }
    // The last entry, taken off the list (`more` fills only once the fixed room is full).
    Value pop() noexcept {
        if (!more_.empty()) {
            Value v = std::move(more_.back());
            more_.pop_back();
            return v;
        }
        Value* slot = fixed() + --n_;
        Value v = std::move(*slot);
        slot->~Value();
        return v;
    }

  private:
    static constexpr size_t FIXED = 16;
    Value* fixed() noexcept { return reinterpret_cast<Value*>(room_); }
    alignas(Value) std::byte room_[FIXED * sizeof(Value)];
    size_t n_ = 0;
    std::vector<Value> more_;
};
thread_local Work* t_releasing = nullptr;

// Whether dropping v may release further values: its last reference to an object that holds
// some. A compact array, a boxed number and a node's stored result hold none.
bool releases_more(const Value& v) noexcept {
    if (!v.is_last_reference()) return false;
    switch (v.tag()) {
    case Tag::Pending:
    case Tag::Function: return true;
    case Tag::Array: return v.array_data().is_boxed();
    default: return false;
    }
}
} // namespace

void check_nesting() {
    if (base::stack_nearly_full())
        throw base::Error(base::ErrorKind::Limit, "arrays nested too deeply");
}

// A chain of objects keeps the list at one entry (each entry is dropped before the values it
// releases join), and a tree keeps it at most as long as the tree's widest level below a root.
void release_values(std::span<Value> values) noexcept {
    if (Work* work = t_releasing) { // inside the outermost call: hand the deep ones over
        for (Value& v : values)
            if (!releases_more(v) || !work->push(v)) v = Value(); // no room: dropped here
        return;
    }
    size_t deep = 0; // the first value whose drop may release more
    while (deep < values.size() && !releases_more(values[deep])) values[deep++] = Value();
    if (deep == values.size()) return; // nothing recurses: no list to drain
    Work work;
    for (Value& v : values.subspan(deep))
        if (!releases_more(v) || !work.push(v)) v = Value();
    t_releasing = &work;
    while (!work.empty()) work.pop(); // dropped here: may free an object whose values join the list
    t_releasing = nullptr;
}

void release_values(std::vector<Value>& values) noexcept {
    if (values.empty()) return;
    release_values(std::span<Value>(values));
    std::vector<Value>().swap(values);
}

void Value::release() noexcept {
    switch (tag_) {
    case Tag::Array: Ref<ArrayData>::adopt(static_cast<ArrayData*>(obj_)); break;
    case Tag::Pending: Ref<Pending>::adopt(static_cast<Pending*>(obj_)); break;
    case Tag::Function: Ref<value::Function>::adopt(static_cast<value::Function*>(obj_)); break;
    case Tag::Complex: Ref<ComplexBox>::adopt(static_cast<ComplexBox*>(obj_)); break;
    case Tag::Exact: Ref<number::Exact>::adopt(static_cast<number::Exact*>(obj_)); break;
    default: break;
    }
    tag_ = Tag::None;
}

Value& Value::operator=(const Value& o) noexcept {
    if (this != &o) {
        Value copy(o);
        *this = std::move(copy);
    }
    return *this;
}

double Value::narrowed(double f, Kind kind) noexcept {
    if (kind == Kind::F32) return static_cast<float>(f);
    return number::to_float(number::to_f16(static_cast<float>(f)));
}
Value Value::integer(int64_t i, Kind kind) {
    Value v;
    v.tag_ = Tag::Number;
    v.kind_ = kind;
    v.i_ = i;
    return v;
}
Value Value::complex(double re, double im, Kind kind) {
    ASSERT(number::is_complex(kind), "a complex atom has a complex kind");
    Ref<ComplexBox> box = Ref<ComplexBox>::make();
    if (kind == Kind::C64) {
        re = round_f32(re);
        im = round_f32(im);
    }
    box->re = re;
    box->im = im;
    Value v;
    v.tag_ = Tag::Complex;
    v.kind_ = kind;
    v.obj_ = box.leak();
    return v;
}
Value Value::exact(Ref<number::Exact> e) {
    ASSERT(e, "an exact atom holds a number");
    Value v;
    v.tag_ = Tag::Exact;
    v.kind_ = Kind::Exact;
    v.obj_ = e.leak();
    return v;
}
Value Value::boolean(bool b) { return integer(b ? 1 : 0, Kind::Bool); }
Value Value::character(char32_t c) {
    Value v;
    v.tag_ = Tag::Char;
    v.kind_ = Kind::Char;
    v.i_ = 0;
    v.c_ = c;
    return v;
}
Value Value::array(Ref<ArrayData> a) {
    Value v;
    v.tag_ = Tag::Array;
    v.kind_ = a->kind();
    v.weak_ = a->weak();
    v.obj_ = a.leak();
    return v;
}
Value Value::pending(Ref<Pending> p) {
    Value v;
    v.tag_ = Tag::Pending;
    v.kind_ = p->desc().kind;
    v.weak_ = p->desc().weak;
    v.obj_ = p.leak();
    return v;
}
Value Value::function(Ref<value::Function> f) {
    Value v;
    v.tag_ = Tag::Function;
    v.obj_ = f.leak();
    return v;
}

bool Value::is_atom() const noexcept {
    switch (tag_) {
    case Tag::Number:
    case Tag::Complex:
    case Tag::Exact:
    case Tag::Char:
    case Tag::Function: return true;
    case Tag::Pending: return pending_node().desc().atom;
    default: return false;
    }
}


bool Value::is_native() const noexcept {
    switch (tag_) {
    case Tag::Number:
    case Tag::Complex:
    case Tag::Char:
    case Tag::Pending: return true;
    case Tag::Array: return !array_data().is_boxed();
    default: return false;
    }
}

double Value::exact_f64() const noexcept { return exact().to_double(); }
int64_t Value::as_i64() const noexcept {
    if (tag_ == Tag::Exact) {
        if (std::optional<int64_t> i = exact().try_i64()) return *i;
        double d = exact().to_double();
        return d >= 0x1p63 ? INT64_MAX : d <= -0x1p63 ? INT64_MIN : static_cast<int64_t>(d);
    }
    return number::is_float(kind_) ? static_cast<int64_t>(f_) : i_;
}

const number::Exact& Value::exact() const noexcept {
    ASSERT(tag_ == Tag::Exact, "exact of a non-exact value");
    return *static_cast<const number::Exact*>(obj_);
}
Ref<number::Exact> Value::exact_ref() const noexcept {
    ASSERT(tag_ == Tag::Exact, "exact_ref of a non-exact value");
    return Ref<number::Exact>(static_cast<number::Exact*>(obj_));
}

double Value::re() const noexcept { return tag_ == Tag::Complex ? box_of(obj_).re : as_f64(); }
double Value::im() const noexcept { return tag_ == Tag::Complex ? box_of(obj_).im : 0.0; }

ArrayData& Value::array_data() const noexcept {
    ASSERT(tag_ == Tag::Array, "array_data of a non-array");
    return *static_cast<ArrayData*>(obj_);
}
Pending& Value::pending_node() const noexcept {
    ASSERT(tag_ == Tag::Pending, "pending_node of a non-pending value");
    return *static_cast<Pending*>(obj_);
}
value::Function& Value::function_obj() const noexcept {
    ASSERT(tag_ == Tag::Function, "function_obj of a non-function");
    return *static_cast<value::Function*>(obj_);
}
Ref<ArrayData> Value::array_ref() const noexcept { return Ref<ArrayData>(&array_data()); }
Ref<Pending> Value::pending_ref() const noexcept { return Ref<Pending>(&pending_node()); }
Ref<value::Function> Value::function_ref() const noexcept {
    return Ref<value::Function>(&function_obj());
}

Shape Value::shape() const {
    switch (tag_) {
    case Tag::Array: return array_data().shape();
    case Tag::Pending: return pending_node().desc().shape;
    default: return {};
    }
}
int64_t Value::rank() const { return static_cast<int64_t>(shape().size()); }
int64_t Value::count() const {
    switch (tag_) {
    case Tag::Array: return array_data().count();
    case Tag::Pending: return pending_node().desc().count();
    default: return 1;
    }
}

Value Value::read() const {
    if (tag_ == Tag::Pending) return pending_node().force();
    return *this;
}

Value Value::with_weak(bool weak) const {
    if (weak == weak_) return *this;
    Value v = *this;
    if (tag_ == Tag::Number) {
        v.weak_ = weak;
    } else if (tag_ == Tag::Array && !array_data().is_boxed()) {
        const ArrayData& a = array_data();
        Ref<ArrayData> copy = ArrayData::compact(a.kind(), a.shape(), weak);
        std::memcpy(copy->data(), a.data(), static_cast<size_t>(a.count() * math::item_size(a.kind())));
        v = Value::array(copy);
    }
    return v;
}

} // namespace bpl::value
