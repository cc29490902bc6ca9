// Value: what a BPL expression evaluates to. An atom (number, character, function), a stored
// array (ArrayData), a pending graph result (Pending), or no result. 16 bytes: a complex atom's
// two parts and an exact atom's rational do not fit, so they live in a small shared immutable
// object the Value points to (a boxed atom).
// Reading a pending value's items goes through read(), the one chokepoint into the graph.
#pragma once

#include "base/ref.h"
#include "number/kind.h"

#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

namespace bpl::number {
class Exact;
} // namespace bpl::number

namespace bpl::value {

using base::Ref;
using number::Kind;
using Shape = std::vector<int64_t>;

class ArrayData;
class Pending;
class Function;
struct Desc;

// clang-format off
enum class Tag : uint8_t {
    None,      // no result (an empty dfn's)
    Number,    // a real number atom of kind() (Bool and integer kinds in i, floats in f)
    Complex,   // a complex number atom of kind() (C64 or C128); its parts are boxed (obj)
    Exact,     // an exact (ᵣ) number atom, kind Exact; its number::Exact is boxed (obj)
    Char,      // a character atom
    Function,  // a function atom (lang's Function)
    Array,     // a stored array (ArrayData)
    Pending,   // a graph node's result, not yet computed
};
// clang-format on

class Value {
  public:
    Value() noexcept {}
    // Copying, moving and destroying are inline: a Value without an object (None, a real number,
    // a character) costs no call, and the graphs' vectors of Values copy, move and drop many. A
    // copy moves the Value's two words whole (the tag, kind and weak bytes share the first).
    Value(const Value& o) noexcept {
        copy_bits(o);
        if (holds_object()) retain();
    }
    Value(Value&& o) noexcept {
        copy_bits(o);
        o.tag_ = Tag::None;
    }
    Value& operator=(const Value& o) noexcept;
    Value& operator=(Value&& o) noexcept {
        if (this != &o) {
            if (holds_object()) release();
            copy_bits(o);
            o.tag_ = Tag::None;
        }
        return *this;
    }
    ~Value() {
        if (holds_object()) release();
    }

    // Named constructors. A float literal is weak (D3); everything else is strong by default.
    static Value real(double f, Kind kind = Kind::F64, bool weak = false) {
        Value v;
        v.tag_ = Tag::Number;
        v.kind_ = kind;
        v.weak_ = weak;
        // a narrow float atom holds its kind's value (rounded as the kernels' stores round)
        v.f_ = kind == Kind::F32 || kind == Kind::F16 ? narrowed(f, kind) : f;
        return v;
    }
    static Value integer(int64_t i, Kind kind = Kind::Int);
    static Value boolean(bool b);
    // A complex atom of kind C64 (parts rounded to float32) or C128. Always a complex atom, even
    // with a zero imaginary part: whether such a number counts as real is the caller's rule.
    static Value complex(double re, double im, Kind kind = Kind::C128);
    // An exact (ᵣ) atom holding `e` (consumed). Never weak, never native: exact values are host
    // values with no compact form.
    static Value exact(Ref<number::Exact> e);
    static Value character(char32_t c);
    static Value array(Ref<ArrayData> a);
    static Value pending(Ref<Pending> p);
    static Value function(Ref<value::Function> f);

    Tag tag() const noexcept { return tag_; }
    // Whether this Value holds a counted object (a boxed atom, function, array or pending value):
    // dropping one without an object frees nothing.
    bool holds_object() const noexcept {
        constexpr unsigned OBJECTS = 1u << unsigned(Tag::Complex) | 1u << unsigned(Tag::Exact) |
                                     1u << unsigned(Tag::Function) | 1u << unsigned(Tag::Array) |
                                     1u << unsigned(Tag::Pending);
        return (OBJECTS >> unsigned(tag_)) & 1u;
    }
    // Whether dropping this Value would free its object (it holds the last reference).
    bool is_last_reference() const noexcept { return holds_object() && obj_->ref_count() == 1; }
    bool is_none() const noexcept { return tag_ == Tag::None; }
    bool is_function() const noexcept { return tag_ == Tag::Function; }
    // A real number atom (Boolean, integer, float). Complex atoms answer is_complex() instead,
    // so code that reads numbers through as_f64/as_i64 never sees one.
    bool is_number() const noexcept { return tag_ == Tag::Number; }
    bool is_complex() const noexcept { return tag_ == Tag::Complex; }
    bool is_exact() const noexcept { return tag_ == Tag::Exact; }
    bool is_char() const noexcept { return tag_ == Tag::Char; }
    bool is_stored_array() const noexcept { return tag_ == Tag::Array; }
    bool is_pending() const noexcept { return tag_ == Tag::Pending; }
    // An atom: a number, character or function, or a pending value described as an atom.
    bool is_atom() const noexcept;
    // The item kind of a number atom, a compact array or a pending value; Char for characters.
    // Meaningless for boxed arrays and functions (see is_compact()).
    Kind kind() const noexcept { return kind_; }
    // A weak literal (or an array built only from weak literals): adopts its partner's kind.
    bool weak() const noexcept { return weak_; }
    // True for number/char atoms, compact arrays and pending values: the graph's native values.
    bool is_native() const noexcept;

    // Number atom contents. as_f64 converts integers; as_i64 truncates floats (callers check).
    // Real number atoms (tag Number); an exact atom answers its nearest double and that double
    // truncated, so a caller that needs the exact value asks exact().
    double as_f64() const noexcept {
        if (tag_ == Tag::Exact) return exact_f64();
        return number::is_float(kind_) ? f_ : static_cast<double>(i_);
    }
    int64_t as_i64() const noexcept;
    // An exact atom's number (tag Exact).
    const number::Exact& exact() const noexcept;
    Ref<number::Exact> exact_ref() const noexcept;
    // A number atom's parts: a complex atom's real and imaginary parts; a real or exact atom's
    // value (as a double) and 0.
    double re() const noexcept;
    double im() const noexcept;
    char32_t as_char() const noexcept { return c_; }
    ArrayData& array_data() const noexcept; // tag Array
    Pending& pending_node() const noexcept; // tag Pending
    value::Function& function_obj() const noexcept;
    Ref<ArrayData> array_ref() const noexcept;
    Ref<Pending> pending_ref() const noexcept;
    Ref<value::Function> function_ref() const noexcept;

    // The rank-0 facts without forcing: shape of an array or pending value, {} for atoms.
    Shape shape() const;
    int64_t rank() const;
    int64_t count() const; // item count (1 for atoms)

    // The stored form: forces a pending value (may throw base::Error at this checkpoint);
    // any other value is returned as it is.
    Value read() const;

    // The value with its weak flag set or cleared (atoms and compact arrays; a copy if shared).
    Value with_weak(bool weak) const;

    // The object of a tag that holds one (only those: holds_object()), for a layer that knows the
    // object's type whole (graph/'s node_of), so its hot path needs no out-of-line accessor.
    base::RefCounted* obj() const noexcept { return obj_; }
    // Gives up the reference to that object without dropping it, leaving this value None: for
    // the same layer, which adopts it into a Ref of the object's own type (a graph node freed as
    // a node, with no dispatch on the tag).
    base::RefCounted* leak_obj() noexcept {
        tag_ = Tag::None;
        return obj_;
    }

  private:
    double exact_f64() const noexcept;                 // as_f64 of an exact atom
    static double narrowed(double f, Kind k) noexcept; // f rounded to float32 or float16
    void retain() const noexcept;
    void release() noexcept; // drops the object's reference (a tag that holds one)

    // both words whole: the header's bytes (padding included, so no copy reads indeterminate
    // bits) and the payload
    void copy_bits(const Value& o) noexcept {
        std::memcpy(static_cast<void*>(this), static_cast<const void*>(&o), sizeof(Value));
    }
    Tag tag_ = Tag::None;
    Kind kind_ = Kind::F64;
    bool weak_ = false;
    uint8_t pad_[5] = {};
    union {
        double f_;
        int64_t i_ = 0; // set, so moving a default Value copies no indeterminate bits
        char32_t c_;
        base::RefCounted* obj_;
    };
};
static_assert(sizeof(Value) == 16);

// Releases the objects `values` hold (those Values are left None) without a call per level of
// what they hold: a value's last reference may sit in an object held by an object … as deep as a
// loop made the chain (lazy nodes' operands, boxed items), so holders release their values here:
// each last reference to an object that itself holds values (a pending node, a function, a boxed
// array) goes onto one list the outermost call drains, rather than being dropped by destructors
// that recurse (the call stack would overflow); every other value is dropped where it is. Never
// throws. The vector form also frees the vector's buffer (leaving it empty).
void release_values(std::span<Value> values) noexcept;
void release_values(std::vector<Value>& values) noexcept;

// For the functions that recurse once per level of nesting (match, compare, depth, fill):
// LIMIT ERROR when the call stack is nearly full, rather than overflowing it.
void check_nesting();

} // namespace bpl::value
