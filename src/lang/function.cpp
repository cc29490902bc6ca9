// Function values: primitives (calls through prim::call, the one numerical entry), trains and
// the absent marker. Function application for every caller goes through apply().
#include "lang/function.h"

#include "base/interrupt.h"
#include "base/utf8.h"
#include "lang/display.h"
#include "lang/operators.h"
#include "prim/inverse.h"
#include "prim/prim.h"
#include "value/array.h"
#include "value/match.h"

#include <optional>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;

namespace {

// Declared cell ranks (functions.md §1's ranks column) of structural rows whose argument of a
// higher rank applies per cell, the results padded to a common shape (core:816, core:822,
// core:4077, ngn:28): ⍴ ⍉ ↑ ↓ ⊃ # ⊂ ⊆ take a vector on the left, monadic ⍳ a vector. One row
// each.
struct CellRank {
    prim::Prim prim;
    bool dyadic;
    int64_t rank;
};
constexpr CellRank CELL_RANKS[] = {
    {prim::Prim::Rho, true, 1},  {prim::Prim::Transpose, true, 1}, {prim::Prim::Take, true, 1},
    {prim::Prim::Drop, true, 1}, {prim::Prim::Disclose, true, 1}, {prim::Prim::Hash, true, 1},
    {prim::Prim::Enclose, true, 1}, {prim::Prim::Nest, true, 1}, {prim::Prim::Iota, false, 1},
};

class PrimitiveFn final : public Fn {
  public:
    PrimitiveFn(char32_t glyph, std::optional<prim::Prim> p) : glyph_(glyph), prim_(p) {}
    std::string source() const override {
        std::string s;
        base::append_utf8(s, glyph_);
        return s;
    }
    bool same(const value::Function& o) const override {
        auto* p = dynamic_cast<const PrimitiveFn*>(&o);
        return p && p->glyph_ == glyph_;
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!prim_) throw Error(ErrorKind::Unsupported, "primitive " + source() + " is not supported yet");
        for (const CellRank& c : CELL_RANKS)
            if (c.prim == *prim_ && c.dyadic == (alpha != nullptr) && (alpha ? *alpha : omega).rank() > c.rank) {
                // f⍤k: the cells of rank k (on the left; the right whole)
                Value spec = alpha ? value::make_array({2}, {Value::integer(c.rank), Value::integer(omega.rank())})
                                   : Value::integer(c.rank);
                Value op = operator_value(U'⍤');
                return apply(ex, fn_of(op).derive(op, primitive_function(glyph_), spec), alpha, omega);
            }
        return alpha ? prim::call(*prim_, *alpha, omega) : prim::call(*prim_, omega);
    }
    Value inverse(Exec&, const Value* alpha, const Value& omega) const override {
        if (!prim_) throw Error(ErrorKind::Domain, "primitive " + source() + " has no inverse");
        return alpha ? prim::inverse(*prim_, *alpha, omega) : prim::inverse(*prim_, omega);
    }
    Value inverse_left(Exec&, const Value& right, const Value& omega) const override {
        if (!prim_) throw Error(ErrorKind::Domain, "primitive " + source() + " has no inverse");
        return prim::inverse_left(*prim_, right, omega);
    }
    char32_t glyph() const { return glyph_; }

  private:
    char32_t glyph_;
    std::optional<prim::Prim> prim_;
};

enum class TrainKind : uint8_t { Fork, Atop, Bound };

class TrainFn final : public Fn {
  public:
    TrainFn(TrainKind k, Value f, Value g, Value h)
        : kind_(k), f_(std::move(f)), g_(std::move(g)), h_(std::move(h)) {}
    std::string source() const override {
        switch (kind_) {
        case TrainKind::Fork: return spelling(f_) + spelling(g_) + spelling(h_);
        case TrainKind::Atop: return spelling(g_) + spelling(h_);
        case TrainKind::Bound: return spelling(f_) + spelling(g_);
        }
        return {};
    }
    bool same(const value::Function& o) const override {
        auto* t = dynamic_cast<const TrainFn*>(&o);
        auto eq = [](const Value& a, const Value& b) {
            if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
            return value::match(a, b);
        };
        return t && t->kind_ == kind_ && eq(f_, t->f_) && eq(g_, t->g_) && eq(h_, t->h_);
    }
    // A fork evaluates its right arm first (§4.6).
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        switch (kind_) {
        case TrainKind::Fork: {
            Value r = apply(ex, h_, alpha, omega);
            Value l = f_.is_function() ? apply(ex, f_, alpha, omega) : f_;
            return apply(ex, g_, &l, r);
        }
        case TrainKind::Atop: {
            Value r = apply(ex, h_, alpha, omega);
            return apply(ex, g_, nullptr, r);
        }
        case TrainKind::Bound:
            if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
            return apply(ex, g_, &f_, omega);
        }
        return {};
    }

    // Inverses from the tines (§13): an atop undoes its tines in reverse order; a fork inverts
    // only with a constant left tine (`A g h`); a bound function holds its array.
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        switch (kind_) {
        case TrainKind::Fork: {
            if (f_.is_function()) throw Error(ErrorKind::Domain, "this fork has no inverse");
            Value r = apply_inverse(ex, g_, &f_, omega);
            return apply_inverse(ex, h_, alpha, r);
        }
        case TrainKind::Atop: return apply_inverse(ex, h_, alpha, apply_inverse(ex, g_, nullptr, omega));
        case TrainKind::Bound:
            if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
            return apply_inverse(ex, g_, &f_, omega);
        }
        return {};
    }
    Value inverse_left(Exec& ex, const Value& right, const Value& omega) const override {
        switch (kind_) {
        case TrainKind::Fork: {
            if (f_.is_function()) throw Error(ErrorKind::Domain, "this fork has no inverse");
            Value r = apply_inverse(ex, g_, &f_, omega);
            return apply_inverse_left(ex, h_, right, r);
        }
        case TrainKind::Atop:
            return apply_inverse_left(ex, h_, right, apply_inverse(ex, g_, nullptr, omega));
        case TrainKind::Bound: throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        }
        return {};
    }

    std::vector<Value> tree_parts(std::string* label) const override {
        switch (kind_) {
        case TrainKind::Fork: *label = "fork"; return {f_, g_, h_};
        case TrainKind::Atop: *label = "atop"; return {g_, h_};
        case TrainKind::Bound: *label = "bound"; return {f_, g_};
        }
        return {};
    }

  private:
    TrainKind kind_;
    Value f_, g_, h_; // Bound: f_ is the subject, g_ the function
};

// `R g Y` is Z with `Z f R ≡ Y`; its own inverse calls f with R held back on the right.
class LeftInverseFn final : public Fn {
  public:
    explicit LeftInverseFn(Value f) : f_(std::move(f)) {}
    std::string source() const override { return "(" + spelling(f_) + ")⁻⍨"; }
    bool same(const value::Function& o) const override {
        auto* l = dynamic_cast<const LeftInverseFn*>(&o);
        return l && value::match(f_, l->f_);
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (!alpha) throw Error(ErrorKind::Syntax, "a held-right inverse takes two arguments");
        return apply_inverse_left(ex, f_, *alpha, omega);
    }

  private:
    Value f_;
};

class AbsentFn final : public Fn {
  public:
    std::string source() const override { return "⍺"; }
    bool same(const value::Function& o) const override { return &o == this; }
    Value call(Exec&, const Value*, const Value&) const override {
        throw Error(ErrorKind::Value, "invalid use of an absent ⍺");
    }
};

} // namespace

Value Fn::derive(const Value&, Value, Value) const {
    throw Error(ErrorKind::Syntax, "a function is not an operator");
}

Value Fn::inverse(Exec&, const Value*, const Value&) const {
    throw Error(ErrorKind::Domain, source() + " has no inverse");
}
Value Fn::inverse_left(Exec&, const Value&, const Value&) const {
    throw Error(ErrorKind::Domain, source() + " has no inverse with its right argument held");
}

std::vector<Value> Fn::tree_parts(std::string*) const { return {}; }

const Fn& fn_of(const Value& v) { return static_cast<const Fn&>(v.function_obj()); }

Role role_of(const Value& v) {
    if (!v.is_function() || is_absent(v)) return Role::Subject;
    return fn_of(v).role();
}

void require_value(const Value& v, const char* what) {
    if (v.is_none()) throw Error(ErrorKind::Value, std::string("no result to use as ") + what);
    if (is_absent(v)) throw Error(ErrorKind::Value, std::string("invalid use of an absent ⍺ as ") + what);
}

Value apply(Exec& ex, const Value& f, const Value* alpha, const Value& omega) {
    // Every call of a function value passes here (dfn calls, ⍣ iterations, each, reduce and the
    // other host loops): the interrupt's check.
    base::check_interrupt();
    if (alpha && is_absent(*alpha)) alpha = nullptr;
    require_value(omega, "an argument");
    if (alpha) require_value(*alpha, "an argument");
    if (!f.is_function()) return f; // an array operand: a constant function
    if (is_absent(f)) throw Error(ErrorKind::Value, "invalid use of an absent ⍺");
    const Fn& fn = fn_of(f);
    if (fn.role() != Role::Function)
        throw Error(ErrorKind::Syntax, "an operator needs its operands before it is called");
    return fn.call(ex, alpha, omega);
}

namespace {
const Fn& invertible(const Value& f) {
    if (!f.is_function()) throw Error(ErrorKind::Domain, "a constant function has no inverse");
    if (is_absent(f)) throw Error(ErrorKind::Value, "invalid use of an absent ⍺");
    const Fn& fn = fn_of(f);
    if (fn.role() != Role::Function)
        throw Error(ErrorKind::Syntax, "an operator needs its operands before it is called");
    return fn;
}
} // namespace

Value apply_inverse(Exec& ex, const Value& f, const Value* alpha, const Value& omega) {
    base::check_interrupt(); // as apply's
    if (alpha && is_absent(*alpha)) alpha = nullptr;
    require_value(omega, "an argument");
    if (alpha) require_value(*alpha, "an argument");
    return invertible(f).inverse(ex, alpha, omega);
}

Value apply_inverse_left(Exec& ex, const Value& f, const Value& right, const Value& omega) {
    require_value(omega, "an argument");
    require_value(right, "an argument");
    return invertible(f).inverse_left(ex, right, omega);
}

Value left_inverse_function(Value f) {
    return Value::function(base::Ref<value::Function>(new LeftInverseFn(std::move(f))));
}

Value primitive_function(char32_t glyph) {
    return Value::function(base::Ref<value::Function>(new PrimitiveFn(glyph, prim::of_glyph(glyph))));
}

char32_t primitive_glyph(const Value& f) {
    if (!f.is_function()) return 0;
    auto* p = dynamic_cast<const PrimitiveFn*>(&f.function_obj());
    return p ? p->glyph() : 0;
}

Value fork(Value f, Value g, Value h) {
    return Value::function(base::Ref<value::Function>(
        new TrainFn(TrainKind::Fork, std::move(f), std::move(g), std::move(h))));
}
Value atop(Value g, Value h) {
    return Value::function(
        base::Ref<value::Function>(new TrainFn(TrainKind::Atop, {}, std::move(g), std::move(h))));
}
Value bound(Value a, Value f) {
    return Value::function(
        base::Ref<value::Function>(new TrainFn(TrainKind::Bound, std::move(a), std::move(f), {})));
}

const Value& absent() {
    static const Value v = Value::function(base::Ref<value::Function>(new AbsentFn()));
    return v;
}
bool is_absent(const Value& v) {
    return v.is_function() && &v.function_obj() == &absent().function_obj();
}

std::string spelling(const Value& v) {
    if (v.is_none()) return "";
    if (v.is_function()) return v.function_obj().source();
    return source_form(v);
}

} // namespace bpl::lang
