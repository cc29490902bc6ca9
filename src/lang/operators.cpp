// Operators: the OperatorInfo table (each row's call, inverses and operand check, defined by
// mechanism in op_*.cpp), the derived, operator and right-bound function values, and the
// function marks (`fₐ ÷ₓ ÷ᵣ fₛ …`) as operators.
#include "lang/operators.h"

#include "lang/operators_internal.h"
#include "base/interrupt.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "lang/select.h"
#include "math/random.h"
#include "number/exact.h"
#include "prim/keys.h"
#include "prim/exact.h"
#include "prim/factory.h"
#include "prim/scalar.h"
#include "prim/inverse.h"
#include "prim/marks.h"
#include "prim/prim.h"
#include "program/plan.h"
#include "value/array.h"
#include "value/match.h"

#include <cmath>
#include <cstdint>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using value::Shape;
using number::Kind;

namespace {

using namespace ops;

// clang-format off
const OperatorInfo OPERATORS[] = {
    // glyph  dyadic  name        call          inverse           inverse, right held    self (Z f Z)  check
    {U'/',  false, "reduce",     reduce_last,  nullptr,          nullptr,                nullptr},
    {U'⌿',  false, "reduce",     reduce_first, nullptr,          nullptr,                nullptr},
    {U'\\', false, "scan",       scan_last,    unscan_last,      nullptr,                nullptr},
    {U'⍀',  false, "scan",       scan_first,   unscan_first,     nullptr,                nullptr},
    {U'¨',  false, "each",       each,         each_inverse,     each_inverse_left,      nullptr},
    {U'⍨',  false, "commute",    commute,      commute_inverse,  commute_inverse_left,   nullptr},
    {U'⊗',  false, "outer",      outer,        outer_inverse,    outer_inverse_left,     nullptr},
    {U'⌸',  false, "key",        key,          nullptr,          nullptr,                nullptr},
    {U'∂',  false, "derivative", nullptr,      nullptr,          nullptr,                nullptr},
    {U'⁻',  false, "inverse",    inverse_call, inverse_inverse,  inverse_inverse_left,   nullptr},
    {U'∘',  true,  "atop",       atop_op,      atop_inverse,     atop_inverse_left,      nullptr},
    {U'⍤',  true,  "rank",       rank,         rank_inverse,     rank_inverse_left,      nullptr},
    {U'⍥',  true,  "over",       over,         over_inverse,     over_inverse_left,      nullptr},
    {U'↣',  true,  "before",     before,       before_inverse,   before_inverse_left,    nullptr},
    {U'↢',  true,  "after",      after,        after_inverse,    after_inverse_left,     after_inverse_self},
    {U'⍣',  true,  "power",      power,        power_inverse,    power_inverse_left,     nullptr},
    {U'⇄',  true,  "swap",       swap_call,    swap_inverse,     nullptr,                nullptr},
    {U'⍚',  true,  "agenda",     agenda,       nullptr,          nullptr,                nullptr,  agenda_operands},
    {U'@',  true,  "under",      under,        nullptr,          nullptr,                nullptr},
    {U'⌺',  true,  "stencil",    stencil,      nullptr,          nullptr,                nullptr},
    {U'⍠',  true,  "variant",    variant,      variant_inverse,  nullptr,                nullptr},
    {U'⊘',  true,  "valences",   valences,     valences_inverse, valences_inverse_left,  nullptr},
    {U'.',  true,  "inner",      inner,        nullptr,          nullptr,                nullptr},
};
// clang-format on

std::string glyph_text(char32_t g) {
    std::string s;
    base::append_utf8(s, g);
    return s;
}

class DerivedFn final : public Fn {
  public:
    DerivedFn(const OperatorInfo& info, Value l, Value r)
        : info_(info), left_(std::move(l)), right_(std::move(r)) {
        if (info_.check) info_.check(left_, right_);
    }
    std::string source() const override {
        return spelling(left_) + glyph_text(info_.glyph) + spelling(right_);
    }
    bool same(const value::Function& o) const override {
        auto* d = dynamic_cast<const DerivedFn*>(&o);
        if (!d || &d->info_ != &info_ || !value::match(left_, d->left_)) return false;
        return right_.is_none() ? d->right_.is_none() : value::match(right_, d->right_);
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!info_.call)
            throw Error(ErrorKind::Unsupported,
                        std::string("the ") + info_.name + " operator is not supported yet");
        return info_.call(ex, left_, right_, alpha, omega);
    }
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!info_.inverse) throw Error(ErrorKind::Domain, source() + " has no inverse");
        return info_.inverse(ex, left_, right_, alpha, omega);
    }
    Value inverse_left(Exec& ex, const Value& held, const Value& omega) const override {
        if (!info_.inverse_left)
            throw Error(ErrorKind::Domain, source() + " has no inverse with its right argument held");
        return info_.inverse_left(ex, left_, right_, held, omega);
    }
    // Z with `Z (left op right) Z ≡ omega`.
    Value inverse_self(Exec& ex, const Value& omega) const {
        if (!info_.inverse_self) throw Error(ErrorKind::Domain, "(" + source() + ")⍨ has no inverse");
        return info_.inverse_self(ex, left_, right_, omega);
    }

    void parts(std::string* name, Value* left) const {
        *name = info_.name;
        *left = left_;
    }
    // The operator is the node; its operands (one for a monadic operator) are the parts.
    std::vector<Value> tree_parts(std::string* label) const override {
        *label = glyph_text(info_.glyph);
        if (right_.is_none()) return {left_};
        return {left_, right_};
    }

  private:
    const OperatorInfo& info_;
    Value left_, right_;
};


class OperatorFn final : public Fn {
  public:
    explicit OperatorFn(const OperatorInfo& info) : info_(info) {}
    Role role() const override { return info_.dyadic ? Role::DyadicOp : Role::MonadicOp; }
    std::string source() const override { return glyph_text(info_.glyph); }
    bool same(const value::Function& o) const override {
        auto* p = dynamic_cast<const OperatorFn*>(&o);
        return p && &p->info_ == &info_;
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "an operator needs its operands");
    }
    Value derive(const Value&, Value left, Value right) const override {
        require_value(left, "an operand");
        if (info_.dyadic) require_value(right, "an operand");
        return Value::function(base::Ref<value::Function>(
            new DerivedFn(info_, std::move(left), std::move(right))));
    }

  private:
    const OperatorInfo& info_;
};

class RightBoundOp final : public Fn {
  public:
    RightBoundOp(Value op, Value right) : op_(std::move(op)), right_(std::move(right)) {}
    Role role() const override { return Role::MonadicOp; }
    std::string source() const override { return spelling(op_) + spelling(right_); }
    bool same(const value::Function& o) const override {
        auto* p = dynamic_cast<const RightBoundOp*>(&o);
        return p && fn_of(op_).same(fn_of(p->op_)) && value::match(right_, p->right_);
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "an operator needs its operands");
    }
    Value derive(const Value&, Value left, Value) const override {
        return fn_of(op_).derive(op_, std::move(left), right_);
    }

  private:
    Value op_, right_;
};


} // namespace

namespace ops {

Value commuted(const Value& f) {
    for (const OperatorInfo& op : OPERATORS)
        if (op.glyph == U'⍨') return Value::function(base::Ref<value::Function>(new DerivedFn(op, f, Value())));
    throw Error(ErrorKind::Internal, "no commute operator");
}

bool derived_parts(const Value& f, std::string* name, Value* left) {
    auto* d = f.is_function() ? dynamic_cast<const DerivedFn*>(&f.function_obj()) : nullptr;
    if (!d) return false;
    d->parts(name, left);
    return true;
}

Value derived_inverse_self(Exec& ex, const Value& f, const Value& w) {
    auto* d = f.is_function() ? dynamic_cast<const DerivedFn*>(&f.function_obj()) : nullptr;
    if (!d) throw Error(ErrorKind::Domain, spelling(f) + "⍨ has no inverse");
    return d->inverse_self(ex, w);
}
} // namespace ops


// Function marks (operators-and-system.md §17, functions.md 0.6): `fₐ` is the real form (the
// real part of f's principal value; `÷ₐ` divides as floats at the operands' width), `÷ₓ` floors
// to a machine integer, `÷ᵣ` divides exactly, and any other mark converts f's result to its kind.
namespace {

struct FnMark {
    bool real; // ₐ
    Kind kind; // the kind of the other marks
};

std::string mark_text(FnMark m) {
    if (m.real) return "ₐ";
    return m.kind == Kind::F64 ? "ₚ" : number::mark(m.kind);
}

// v's numbers (nested too) as items of `to(kind of each)`: the mark's conversion.
template <class To>
Value convert_numbers(const Value& v, const To& to) {
    if (v.is_function()) throw Error(ErrorKind::Domain, "a marked function's result must be numbers");
    if (v.is_none()) throw Error(ErrorKind::Value, "a marked function gave no result to convert");
    if (v.is_stored_array() && v.array_data().is_boxed()) {
        const value::ArrayData& a = v.array_data();
        std::vector<Value> items;
        for (const Value& x : a.boxed_items()) items.push_back(convert_numbers(x, to));
        Value proto = a.count() == 0 ? convert_numbers(a.prototype(), to) : Value();
        return value::make_array(a.shape(), std::move(items), proto);
    }
    Kind from = v.is_exact() ? Kind::Exact : v.kind();
    Kind k = to(from);
    if (from == k) return v.is_exact() ? v : v.with_weak(false);
    if (from == Kind::Char) throw Error(ErrorKind::Domain, "a mark converts numbers, not characters");
    if (number::is_complex(from) && !number::is_complex(k))
        throw Error(ErrorKind::Domain, "a complex number has no value of this kind");
    if (k == Kind::Exact) {
        Value r = v.read();
        std::vector<Value> items;
        for (const Value& x : items_of(r)) {
            double d = x.as_f64();
            if (!std::isfinite(d)) throw Error(ErrorKind::Domain, "an exact number must be finite");
            items.push_back(Value::exact(number::is_integer(x.kind()) ? number::Exact::of(x.as_i64())
                                                                      : number::Exact::of_double(d)));
        }
        if (r.is_atom()) return items[0];
        return value::make_array(r.shape(), std::move(items), Value::exact(number::Exact::of(0)));
    }
    if (from == Kind::Exact) return prim::convert_to(prim::exact_as(v, Kind::F64), k).with_weak(false);
    return prim::convert_to(v, k).with_weak(false);
}

Value to_kind(const Value& v, Kind k) {
    return convert_numbers(v, [k](Kind) { return k; });
}

// The real part of every number of v (a real number is its own).
Value real_part(const Value& v) { return prim::pervade_fn(math::Fn::Real, v); }

// ₐ's operands: numbers at their own float width (ₓ₁ ₓ₂ → float32, wider → float64, exact →
// float64); a weak literal stays weak, to take its partner's width.
Value floats(const Value& x) {
    if (x.weak()) return x;
    return convert_numbers(x, [](Kind k) {
        if (k == Kind::Bool || k == Kind::I8 || k == Kind::I16) return Kind::F32; // ₓ₁ ₓ₂
        return k == Kind::Exact ? Kind::F64 : number::float_of(k);
    });
}

// pₐ through its real object (prim::real_form) on the operands at their float width, where p
// has a real form for this valence and the operands are real numbers; nullopt otherwise.
std::optional<Value> real_form(std::optional<prim::Prim> p, bool inverse, const Value* alpha,
                               const Value& omega) {
    if (!p || !prim::has_real_form(*p, inverse, alpha != nullptr)) return std::nullopt;
    auto number = [](const Value& v) { return (v.is_native() && !v.is_function()) || v.is_exact(); };
    if (!number(omega) || (alpha && !number(*alpha))) return std::nullopt;
    std::optional<Value> a;
    if (alpha) a = floats(*alpha);
    return prim::real_form(*p, inverse, a ? &*a : nullptr, floats(omega));
}

class MarkedFn final : public Fn {
  public:
    MarkedFn(Value f, FnMark m) : f_(std::move(f)), mark_(m) {}
    std::string source() const override { return spelling(f_) + mark_text(mark_); }
    bool same(const value::Function& o) const override {
        auto* m = dynamic_cast<const MarkedFn*>(&o);
        return m && m->mark_.real == mark_.real && m->mark_.kind == mark_.kind &&
               value::match(m->f_, f_);
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        std::optional<prim::Prim> p = prim::of_glyph(primitive_glyph(f_));
        bool divide = alpha && p == prim::Prim::Divide;
        if (mark_.real) {
            // operands at their own float width (a weak literal takes its partner's); then ÷ₐ
            // divides as floats and √ₐ ⍟ₐ *ₐ ○ₐ resolve to their real objects (prim/marks.h)
            if (divide) {
                Value a = floats(*alpha);
                return apply(ex, f_, &a, floats(omega));
            }
            if (std::optional<Value> r = real_form(p, false, alpha, omega)) return *r;
            return real_part(apply(ex, f_, alpha, omega));
        }
        if (p && mark_.kind == Kind::Int)
            if (std::optional<Value> r = prim::integer_form(*p, alpha, omega)) return to_kind(*r, Kind::Int);
        if (divide && mark_.kind == Kind::Exact) {
            Value a = to_kind(*alpha, Kind::Exact);
            return apply(ex, f_, &a, to_kind(omega, Kind::Exact));
        }
        return to_kind(apply(ex, f_, alpha, omega), mark_.kind);
    }
    // The inverse keeps the mark on the result (`○ₐ⁻` is the real part of `○⁻`), through the
    // real objects where the row has them (K○ₐ⁻Y, *ₐ⁻Y).
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (mark_.real) {
            std::optional<prim::Prim> p = prim::of_glyph(primitive_glyph(f_));
            if (std::optional<Value> r = real_form(p, true, alpha, omega)) return *r;
        }
        Value r = apply_inverse(ex, f_, alpha, omega);
        return mark_.real ? real_part(r) : to_kind(r, mark_.kind);
    }

  private:
    Value f_;
    FnMark mark_;
};

// The mark as a monadic operator value: the binder applies it to the function before it.
class MarkOp final : public Fn {
  public:
    explicit MarkOp(FnMark m) : mark_(m) {}
    Role role() const override { return Role::MonadicOp; }
    std::string source() const override { return mark_text(mark_); }
    bool same(const value::Function& o) const override {
        auto* m = dynamic_cast<const MarkOp*>(&o);
        return m && m->mark_.real == mark_.real && m->mark_.kind == mark_.kind;
    }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Syntax, "a mark needs a function before it");
    }
    Value derive(const Value&, Value left, Value) const override {
        if (!left.is_function()) throw Error(ErrorKind::Syntax, "a function mark needs a function");
        return Value::function(base::Ref<value::Function>(new MarkedFn(std::move(left), mark_)));
    }

  private:
    FnMark mark_;
};

} // namespace

Value mark_operator(bool real, Kind kind) {
    return Value::function(base::Ref<value::Function>(new MarkOp(FnMark{real, kind})));
}

Value operator_with_right(char32_t glyph, Value right) {
    return Value::function(
        base::Ref<value::Function>(new RightBoundOp(operator_value(glyph), std::move(right))));
}

Value inverse_function(Value f) {
    return fn_of(operator_value(U'⁻')).derive(Value(), std::move(f), Value());
}

const OperatorInfo* operator_info(char32_t glyph) {
    for (const OperatorInfo& row : OPERATORS)
        if (row.glyph == glyph) return &row;
    return nullptr;
}

Value operator_value(char32_t glyph) {
    const OperatorInfo* info = operator_info(glyph);
    if (!info) throw Error(ErrorKind::Internal, "operator glyph without a row");
    return Value::function(base::Ref<value::Function>(new OperatorFn(*info)));
}

} // namespace bpl::lang
