// The tree executor: evaluation of bound instructions (right argument before left, §8), dfn
// calls with predicates, guards and default ⍺ (§6–7), assignment (§5) and ⎕. Values are not
// forced here except where the language observes them (predicates, guard exits, ⎕←).
#include "lang/exec.h"
#include "lang/dissect.h"

#include "base/interrupt.h"
#include "base/stack.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/display.h"
#include "lang/system.h"
#include "number/exact.h"
#include "prim/factory.h"
#include "prim/keys.h"
#include "value/array.h"
#include "value/layout.h"
#include "value/match.h"

#include <cctype>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <new>
#include <stdexcept>
#include <unordered_map>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using number::Kind;

namespace {

[[noreturn]] void fail(ErrorKind k, const std::string& msg, base::Site site) {
    throw Error(k, msg, site);
}

class DfnFn final : public Fn {
  public:
    DfnFn(std::shared_ptr<const DfnSyntax> syn, std::shared_ptr<const std::string> source,
          Scope* env, base::Ref<Scope> keep, Value left = {}, Value right = {}, Value op = {})
        : syn_(std::move(syn)), source_(std::move(source)), env_(env), keep_(std::move(keep)),
          left_(std::move(left)), right_(std::move(right)), op_(std::move(op)) {}

    Role role() const override {
        if (!op_.is_none()) return Role::Function;
        return syn_->uses_right_operand  ? Role::DyadicOp
               : syn_->uses_left_operand ? Role::MonadicOp
                                         : Role::Function;
    }
    std::string source() const override {
        if (op_.is_none()) return syn_->text;
        return spelling(left_) + syn_->text + spelling(right_);
    }
    bool same(const value::Function& o) const override { return &o == this; }
    Value derive(const Value& self, Value left, Value right) const override {
        require_value(left, "an operand");
        if (syn_->uses_right_operand) require_value(right, "an operand");
        return Value::function(base::Ref<value::Function>(
            new DfnFn(syn_, source_, env_, keep_, std::move(left), std::move(right), self)));
    }
    Value call(Exec& ex, const Value* alpha, const Value& omega) const override;
    // Whether this dfn closes over `s` (holds it); its operands (a defined operator's derived
    // function), for the module sweep.
    bool closes_over(const Scope& s) const { return keep_.get() == &s; }
    template <class F>
    void each_operand(F f) const {
        for (const Value* v : {&left_, &right_, &op_})
            if (!v->is_none()) f(*v);
    }

  private:
    Value bodies(Exec& ex, Frame& fr, size_t b0, size_t s0, TailCall* tail) const;

    std::shared_ptr<const DfnSyntax> syn_;
    std::shared_ptr<const std::string> source_;
    Scope* env_;
    base::Ref<Scope> keep_;
    Value left_, right_, op_;
};

// Every pending value inside v is read, so a guard catches the errors of work built inside it.
void force_deep(const Value& v) {
    Value r = v.read();
    if (r.is_stored_array() && r.array_data().is_boxed())
        for (const Value& x : r.array_data().boxed_items()) force_deep(x);
}

// How many guards cover the running code on this thread (their bodies, callees included; not
// their handlers). Within one, what a statement binds to a name is forced before it is bound
// (to_bind()), so the work made inside the guard raises inside it, and a name whose new value
// fails keeps its old one.
thread_local int guard_depth = 0;
struct Guarded {
    Guarded() { guard_depth++; }
    ~Guarded() { guard_depth--; }
    Guarded(const Guarded&) = delete;
    Guarded& operator=(const Guarded&) = delete;
};

// `$e` (§7): the error the running handler caught, on this thread; none outside a handler.
// Dfns called from the handler see it too, until their own guard's handler catches another.
thread_local Value caught_error;
struct Caught {
    explicit Caught(Value e) : outer(std::move(caught_error)) { caught_error = std::move(e); }
    ~Caught() { caught_error = std::move(outer); }
    Caught(const Caught&) = delete;
    Caught& operator=(const Caught&) = delete;
    Value outer;
};

// The record `$e` reads for e raised in `source`: its kind without " ERROR", its message, and
// the line and column of its site.
Value error_record(const Error& e, std::string_view source) {
    std::string kind = e.kind_name();
    if (kind.size() > 6 && kind.compare(kind.size() - 6, 6, " ERROR") == 0) kind.resize(kind.size() - 6);
    LineColumn at = line_column(source, e.site());
    return value::record({{"kind", value::char_vector(base::decode_utf8(kind))},
                          {"message", value::char_vector(base::decode_utf8(e.what()))},
                          {"line", Value::integer(at.line)},
                          {"column", Value::integer(at.column)}});
}

std::string text_of(const Value& v) {
    std::u32string s;
    for (const Value& c : items_of(v)) {
        if (!c.is_char()) throw Error(ErrorKind::Domain, "a guard's kinds are strings or ∞");
        s += c.as_char();
    }
    return base::encode_utf8(s);
}

// The kinds a guard catches: a kind name, a vector of them, or ∞ (all but UNSUPPORTED and
// INTERRUPT: Ctrl-C ends a loop whose body guards with ∞; "INTERRUPT"::… catches it by name).
bool catches_all(ErrorKind k) { return k != ErrorKind::Unsupported && k != ErrorKind::Interrupt; }
bool guard_catches(const Value& kinds, const Error& e) {
    ErrorKind k = e.kind();
    Value r = kinds.read();
    if (r.is_number()) {
        if (std::isinf(r.as_f64()) && r.as_f64() > 0) return catches_all(k);
        throw Error(ErrorKind::Domain, "a guard names kinds as strings");
    }
    std::vector<std::string> names;
    if (r.is_stored_array() && r.kind() == Kind::Char && !r.array_data().is_boxed())
        names.push_back(text_of(r));
    else
        for (const Value& x : items_of(r)) {
            if (x.is_number()) {
                if (std::isinf(x.as_f64())) return catches_all(k);
                throw Error(ErrorKind::Domain, "a guard names kinds as strings");
            }
            names.push_back(text_of(x));
        }
    for (std::string& n : names) {
        for (char& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        ErrorKind named;
        bool same = k == ErrorKind::Program ? n == e.program_kind() || n == e.kind_name()
                                            : base::kind_of_name(n, &named) && named == k;
        if (same) return true;
    }
    return false;
}

Value DfnFn::bodies(Exec& ex, Frame& fr, size_t b0, size_t s0, TailCall* tail) const {
    for (size_t b = b0; b < syn_->bodies.size(); b++) {
        const auto& body = syn_->bodies[b];
        Value last;
        bool passed = true;
        bool shy = false;
        for (size_t s = b == b0 ? s0 : 0; s < body.size() && passed; s++) {
            const DfnStmt& st = body[s];
            switch (st.kind) {
            case DfnStmt::Kind::Plain:
                last = ex.statement(st.expr, fr, &shy, s + 1 == body.size() ? tail : nullptr);
                break;
            case DfnStmt::Kind::Predicate:
                passed = truth(ex.statement(st.expr, fr, &shy));
                last = Value();
                break;
            case DfnStmt::Kind::Guard: {
                Value kinds = ex.statement(st.kinds, fr, &shy);
                auto handle = [&](const Error& e) {
                    if (!guard_catches(kinds, e)) throw e;
                    if (st.expr.empty()) return Value();
                    Caught caught(error_record(e, *ex.source()));
                    return ex.statement(st.expr, fr, &shy);
                };
                try {
                    Guarded guarded;
                    Value r = bodies(ex, fr, b, s + 1, nullptr); // a guard keeps its frame
                    force_deep(r);
                    return r;
                } catch (const Error& e) {
                    return handle(e);
                } catch (const std::bad_alloc& e) { // memory is a LIMIT ERROR here too
                    return handle(base::memory_limit_error(e));
                } catch (const std::length_error& e) {
                    return handle(base::memory_limit_error(e));
                }
            }
            }
        }
        if (passed) return last;
    }
    throw Error(ErrorKind::Domain, "every predicate failed");
}

thread_local int call_depth = 0;
constexpr int MAX_CALL_DEPTH = 100000; // nested (non-tail) dfn calls

Value DfnFn::call(Exec& ex, const Value* alpha, const Value& omega) const {
    if (role() != Role::Function) throw Error(ErrorKind::Syntax, "an operator needs its operands");
    if (call_depth >= MAX_CALL_DEPTH || base::stack_nearly_full())
        throw Error(ErrorKind::Limit, "dfn calls nested too deeply");
    struct Depth {
        Depth() { call_depth++; }
        ~Depth() { call_depth--; }
        Depth(const Depth&) = delete;
        Depth& operator=(const Depth&) = delete;
    } depth;
    Value a = alpha ? *alpha : Value();
    Value w = omega;
    for (;;) { // one round per call; a tail ∇ call starts the next round in a fresh frame
        base::check_interrupt(); // a tail loop makes no apply() call per round
        base::Ref<Scope> local(new Scope(env_, keep_));
        Frame fr;
        fr.scope = local.get();
        fr.in_dfn = true;
        fr.alpha = a;
        fr.omega = w;
        fr.self = Value::function(base::Ref<value::Function>(const_cast<DfnFn*>(this)));
        fr.operand_left = left_;
        fr.operand_right = right_;
        fr.op_self = op_;
        TailCall tail;
        Value result;
        try {
            result = bodies(ex, fr, 0, 0, &tail);
        } catch (Error& e) {
            local->clear();
            // A site inside another run's source text means nothing here: report the call.
            if (source_ != ex.source()) throw e.elsewhere(e.what());
            throw;
        }
        fr = Frame();
        local->clear();
        if (local->ref_count() > 1)
            throw Error(ErrorKind::Domain, "a local function escapes its defining call");
        if (!tail.pending) {
            if (is_absent(result)) throw Error(ErrorKind::Value, "invalid use of an absent ⍺");
            return result;
        }
        a = std::move(tail.alpha);
        w = std::move(tail.omega);
    }
}

// v converted into the exact domain (the ᵣ mark): integers and finite floats exactly, exact
// numbers kept; arrays item by item, an empty numeric one to an empty boxed one of 0ᵣ.
Value convert_exact(const Value& v) {
    if (v.is_exact()) return v;
    if (v.is_number()) {
        if (!number::is_float(v.kind())) return Value::exact(number::Exact::of(v.as_i64()));
        return Value::exact(number::Exact::of_double(v.as_f64())); // DOMAIN for ∞ and NaN
    }
    if (v.is_complex()) throw Error(ErrorKind::Domain, "the ᵣ mark needs real numbers");
    if (!v.is_stored_array()) return v;
    const value::ArrayData& a = v.array_data();
    if (a.count() == 0) {
        Value proto = a.prototype();
        if (!proto.is_number()) return v;
        return value::with_layout(value::make_array(a.shape(), {}, Value::exact(number::Exact::of(0))), a.layout_ref());
    }
    std::vector<Value> items;
    for (int64_t i = 0; i < a.count(); i++) items.push_back(convert_exact(a.item(i)));
    return value::with_layout(value::make_array(a.shape(), std::move(items)), a.layout_ref()); // keys stay
}

Value convert(const Value& v, Kind kind) {
    if (kind == Kind::Exact) return convert_exact(v);
    if (v.is_complex()) throw Error(ErrorKind::Domain, "a complex number has no value of this kind");
    if (v.is_number()) {
        if (number::is_integer(kind)) {
            double d = v.as_f64();
            if (d != std::trunc(d) || !std::isfinite(d))
                throw Error(ErrorKind::Domain, "an integer mark needs whole numbers");
            return Value::integer(v.is_number() && number::is_integer(v.kind()) ? v.as_i64()
                                                                               : static_cast<int64_t>(d),
                                  kind);
        }
        return Value::real(v.as_f64(), kind, false);
    }
    if (!v.is_stored_array()) return v;
    const value::ArrayData& a = v.array_data();
    if (a.count() == 0) {
        Value proto = a.prototype();
        if (proto.is_number()) return value::with_layout(Value::array(value::ArrayData::compact(kind, a.shape())), a.layout_ref());
        return v;
    }
    std::vector<Value> items;
    for (int64_t i = 0; i < a.count(); i++) items.push_back(convert(a.item(i), kind));
    return value::with_layout(value::make_array(a.shape(), std::move(items)), a.layout_ref()); // keys stay
}

thread_local Exec* current_exec = nullptr;
thread_local Frame* current_frame = nullptr;

// Marks the running statement for ⍎ and restores the outer one when it ends.
class Running {
  public:
    Running(Exec* e, Frame* f) : exec_(current_exec), frame_(current_frame) {
        current_exec = e;
        current_frame = f;
    }
    ~Running() {
        current_exec = exec_;
        current_frame = frame_;
    }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;

  private:
    Exec* exec_;
    Frame* frame_;
};

} // namespace

Exec* running_exec() { return current_exec; }
Frame* running_frame() { return current_frame; }

Value make_dfn(Exec& ex, std::shared_ptr<const DfnSyntax> syntax, Scope* env) {
    base::Ref<Scope> keep = env->keep_ref();
    return Value::function(base::Ref<value::Function>(
        new DfnFn(std::move(syntax), ex.source(), env, std::move(keep))));
}

namespace {
// How often v holds each dfn closing over `module`, through arrays' items and those dfns'
// operands (each dfn's operands counted once, on its first sight).
void count_closures(const Value& v, const Scope& module, std::unordered_map<const DfnFn*, uint32_t>& seen) {
    if (v.is_function()) {
        const auto* d = dynamic_cast<const DfnFn*>(&v.function_obj());
        if (!d || !d->closes_over(module)) return;
        if (seen[d]++ == 0) d->each_operand([&](const Value& x) { count_closures(x, module, seen); });
        return;
    }
    if (!v.is_stored_array() || !v.array_data().is_boxed()) return;
    for (const Value& item : v.array_data().boxed_items()) count_closures(item, module, seen);
}
} // namespace

bool unreachable_module(const Scope& module, uint32_t own) {
    std::unordered_map<const DfnFn*, uint32_t> seen;
    for (const std::string& name : module.names())
        count_closures(*const_cast<Scope&>(module).find_local(name), module, seen);
    for (const auto& [dfn, times] : seen)
        if (dfn->ref_count() != times) return false; // held from outside too
    return module.ref_count() == own + seen.size(); // one hold per dfn, nothing else
}

bool truth(const Value& v) {
    Value r = v.read();
    Value item = r;
    if (r.is_stored_array()) {
        if (r.count() != 1) throw Error(ErrorKind::Length, "a predicate needs exactly one item");
        item = r.array_data().item(0).read(); // a boxed item may still be pending
    }
    if (item.is_number() && number::is_real(item.kind())) {
        if (item.kind() == Kind::Bool) return item.as_i64() != 0;
        double d = item.as_f64();
        if (value::tolerant_equal(d, 0)) return false;
        if (value::tolerant_equal(d, 1)) return true;
    }
    throw Error(ErrorKind::Domain, "a predicate must be Boolean");
}

const Value& to_bind(const Value& v) {
    if (guard_depth > 0) force_deep(v);
    return v;
}

Value Exec::statement(const Expr& e, Frame& frame, bool* shy, TailCall* tail) {
    Running running(this, &frame);
    // a dissected statement keeps its instructions, which its recorded calls point into
    std::shared_ptr<Instr> kept;
    if (dissect_ && &frame == dissect_->frame) {
        dissect_->calls.clear();
        dissect_->statement.reset();
        if (dissect_->active()) {
            kept = std::make_shared<Instr>(bind_statement(e, frame));
            dissect_->statement = kept;
        }
    }
    Instr unkept = kept ? Instr() : bind_statement(e, frame);
    const Instr& i = kept ? *kept : unkept;
    *shy = is_shy(i);
    try {
        if (tail && (i.op == Op::Monad || i.op == Op::Dyad) && i.kids[0].op == Op::Del) {
            Value w = eval(i.kids[1], frame);
            Value a = i.op == Op::Dyad ? eval(i.kids[2], frame) : Value();
            if (w.is_none()) fail(ErrorKind::Value, "no result to use as an argument", i.site);
            if (is_absent(w)) return absent();
            tail->pending = true;
            tail->alpha = is_absent(a) ? Value() : a;
            tail->omega = w;
            return Value();
        }
        return eval(i, frame);
    } catch (Error& err) {
        err.at(site_of(e));
        throw;
    }
}

Value Exec::call(const Instr& i, Frame& fr, bool dyadic) {
    Value w = eval(i.kids[1], fr);
    Value f = eval(i.kids[0], fr);
    Value a;
    if (dyadic) a = eval(i.kids[2], fr);
    if (dissect_ && &fr == dissect_->frame && dissect_->statement) dissect_->record(i, f, a, w);
    if (is_absent(w)) return absent(); // computed only from an absent ⍺: drops out (§6.3)
    bool has_alpha = dyadic && !is_absent(a);
    try {
        return apply(*this, f, has_alpha ? &a : nullptr, w);
    } catch (Error& e) {
        e.at(i.site);
        throw;
    }
}

Value Exec::list(const Instr& i, Frame& fr) {
    std::vector<Value> items;
    std::vector<std::optional<std::string>> keys; // a record's: one per item once a field appears
    for (const Instr& k : i.kids) {
        bool field = k.op == Op::Field;
        std::optional<std::string> key;
        Value kv;
        if (field) {
            kv = eval(k.kids[0], fr);
            key = prim::key_text(kv);
            if (!key && (kv.is_atom() || kv.rank() != 1))
                fail(ErrorKind::Domain, "a key is a string, or a vector of keys", k.kids[0].site);
        }
        Value v = eval(field ? k.kids[1] : k, fr);
        if (is_absent(v)) continue;
        if (v.is_none()) fail(ErrorKind::Value, "no result to use as an item", k.site);
        if (field && !key) { // `"a" "b":1 2` as an item: its keyed items, each in the list
            Value keyed;
            try {
                keyed = prim::call(prim::Prim::Key, kv, v).read();
            } catch (Error& e) {
                e.at(k.site);
                throw;
            }
            std::vector<std::optional<std::string>> ks = value::keys_of(keyed);
            std::vector<Value> vs = items_of(keyed);
            ks.resize(vs.size());
            if (keys.size() < items.size()) keys.resize(items.size());
            for (size_t n = 0; n < vs.size(); n++) {
                keys.push_back(std::move(ks[n]));
                items.push_back(std::move(vs[n]));
            }
            continue;
        }
        if (field && keys.size() < items.size()) keys.resize(items.size());
        if (field || !keys.empty()) keys.push_back(std::move(key));
        items.push_back(std::move(v));
    }
    if (keys.empty()) return vector_of(std::move(items));
    try {
        return value::with_layout(vector_of(std::move(items)), value::Layout::of_keys(std::move(keys)));
    } catch (Error& e) {
        e.at(i.site);
        throw;
    }
}

Value Exec::assign(const Instr& i, Frame& fr) {
    Value v = eval(i.kids[0], fr);
    if (v.is_none() || is_absent(v))
        fail(ErrorKind::Value, v.is_none() ? "no result to assign" : "cannot assign an absent ⍺",
             i.site);
    if (i.name != "_") fr.scope->set(i.name, to_bind(v));
    return v;
}

Value Exec::modify(const Instr& i, Frame& fr) {
    bool has_value = i.kids.size() > 1;
    Value v;
    if (has_value) {
        v = eval(i.kids[1], fr);
        if (v.is_none()) fail(ErrorKind::Value, "no result to assign", i.site);
    }
    Value f = eval(i.kids[0], fr);
    // The binding's scope: the result goes there even if the modifier erased the name (•ex).
    Scope* home = fr.scope->owner(i.name);
    if (!home) fail(ErrorKind::Value, "undefined name: " + i.name, i.site);
    Value old = *home->find_local(i.name);
    Value now;
    try {
        now = has_value ? apply(*this, f, &old, v) : apply(*this, f, nullptr, old);
    } catch (Error& e) {
        e.at(i.kids[0].site);
        throw;
    }
    home->set(i.name, to_bind(now));
    return has_value ? v : now;
}

namespace {
// Destructuring a value whose every leading position is keyed, into plain names: each name
// takes the item under its own key (§5); all looked up before any is bound. Nullopt otherwise.
std::optional<std::vector<Value>> fields_by_name(const Instr& p, const Value& v) {
    const value::Layout* l = value::layout_of(v);
    if (!l || !l->is_keyed(0)) return std::nullopt;
    for (const auto& k : l->axis(0).keys)
        if (!k) return std::nullopt;
    for (const Instr& k : p.kids)
        if (!k.kids.empty() || k.name == "_") return std::nullopt;
    std::vector<Value> cells = major_cells(v), out;
    for (const Instr& k : p.kids) {
        std::optional<int64_t> pos = l->find(0, k.name);
        if (!pos) fail(ErrorKind::Index, "no key \"" + k.name + "\" to destructure", k.site);
        out.push_back(cells[static_cast<size_t>(*pos)]);
    }
    return out;
}
} // namespace

void Exec::bind_pattern(const Instr& p, const Value& v, Frame& fr, const Value* fn) {
    if (p.kids.empty()) {
        if (p.name == "_") return;
        if (!fn) {
            fr.scope->set(p.name, to_bind(v));
            return;
        }
        Scope* home = fr.scope->owner(p.name);
        if (!home) fail(ErrorKind::Value, "undefined name: " + p.name, p.site);
        Value old = *home->find_local(p.name);
        Value now = v.is_none() ? apply(*this, *fn, nullptr, old) : apply(*this, *fn, &old, v);
        home->set(p.name, to_bind(now));
        return;
    }
    if (v.is_none() || v.rank() == 0) { // a scalar's one item goes to every name (april:1933)
        Value one = v.is_none() || v.is_atom() ? v : items_of(v)[0];
        for (const Instr& k : p.kids) bind_pattern(k, one, fr, fn);
        return;
    }
    if (std::optional<std::vector<Value>> fields = fields_by_name(p, v)) {
        for (size_t k = 0; k < fields->size(); k++) bind_pattern(p.kids[k], (*fields)[k], fr, fn);
        return;
    }
    std::vector<Value> cells = major_cells(v);
    if (cells.size() != p.kids.size())
        fail(ErrorKind::Length, "destructuring needs one cell per name", p.site);
    for (size_t k = 0; k < cells.size(); k++) bind_pattern(p.kids[k], cells[k], fr, fn);
}

Value Exec::destructure(const Instr& i, Frame& fr) {
    Value v = eval(i.kids[1], fr);
    bool monadic = v.is_none() && i.kids.size() > 2 && i.kids[1].op == Op::Const;
    if ((v.is_none() && !monadic) || is_absent(v))
        fail(ErrorKind::Value, "no result to assign", i.site);
    Value fn;
    if (i.kids.size() > 2) fn = eval(i.kids[2], fr);
    try {
        bind_pattern(i.kids[0], to_bind(v), fr, fn.is_none() ? nullptr : &fn);
    } catch (Error& e) {
        e.at(i.site);
        throw;
    }
    return v;
}

void bind_keys(Scope& scope, const Value& record) {
    Value r = record.read();
    const value::Layout* l = value::layout_of(r);
    if (!l || r.rank() != 1 || !l->is_keyed(0))
        throw Error(ErrorKind::Domain, "a scope needs a keyed vector");
    for (int64_t k = 0; k < r.count(); k++)
        if (const auto& key = l->key(0, k)) scope.set(*key, r.array_data().item(k));
}

// `A.(expr)` (§4.8): the statement runs in a scope of A's keys inside the running one; other
// names and ⍺ ⍵ resolve as outside, and assignments stay in the scope.
Value Exec::scope(const Instr& i, Frame& fr) {
    Value r = eval(i.kids[0], fr);
    base::Ref<Scope> keep = fr.scope->keep_ref();
    base::Ref<Scope> inner(new Scope(fr.scope, std::move(keep)));
    Value result;
    try {
        bind_keys(*inner, r);
        Frame f = fr;
        f.scope = inner.get();
        bool shy = false;
        result = statement(i.dfn->bodies[0][0].expr, f, &shy);
    } catch (Error& e) {
        inner->clear();
        e.at(i.site);
        throw;
    }
    inner->clear(); // as a dfn's locals: a function made here may not outlive the scope
    if (inner->ref_count() > 1) fail(ErrorKind::Domain, "a local function escapes its scope", i.site);
    return result;
}

Value Exec::eval(const Instr& i, Frame& fr) {
    // a statement's calls nest as deep as it is long (1+1+1+… of 2·10^4 terms overflowed)
    if (base::stack_nearly_full()) fail(ErrorKind::Limit, "an expression or dfn calls nested too deeply", i.site);
    switch (i.op) {
    case Op::Const: return i.value;
    case Op::Name: {
        Value* v = fr.scope ? fr.scope->find(i.name) : nullptr;
        if (!v) fail(ErrorKind::Value, "undefined name: " + i.name, i.site);
        Role r = role_of(*v);
        if (r != i.role)
            fail(ErrorKind::Syntax, "the role of " + i.name + " changed in this statement", i.site);
        return *v;
    }
    case Op::Alpha:
        if (!fr.in_dfn) fail(ErrorKind::Syntax, "⍺ outside a dfn", i.site);
        return fr.alpha.is_none() ? absent() : fr.alpha;
    case Op::Omega:
        if (!fr.in_dfn) fail(ErrorKind::Syntax, "⍵ outside a dfn", i.site);
        return fr.omega;
    case Op::Del: return fr.self;
    case Op::OperandL: return fr.operand_left;
    case Op::OperandR: return fr.operand_right;
    case Op::OpSelf: return fr.op_self;
    case Op::System:
        try {
            return system_function(i.name);
        } catch (Error& e) {
            e.at(i.site);
            throw;
        }
    case Op::ErrorConst:
        if (caught_error.is_none()) fail(ErrorKind::Value, "$e outside an error handler", i.site);
        return caught_error;
    case Op::QuadRead: {
        std::optional<std::string> line = ctx_.io().read_line();
        if (!line) fail(ErrorKind::Io, "no standard input", i.site);
        std::u32string s = base::decode_utf8(*line);
        std::vector<Value> chars;
        for (char32_t c : s) chars.push_back(Value::character(c));
        auto a = value::ArrayData::compact(Kind::Char, {static_cast<int64_t>(s.size())});
        for (size_t k = 0; k < s.size(); k++) a->items_as<char32_t>()[k] = s[k];
        return Value::array(a);
    }
    case Op::Monad: return call(i, fr, false);
    case Op::Dyad: return call(i, fr, true);
    case Op::Strand: {
        std::vector<Value> items(i.kids.size());
        for (size_t k = i.kids.size(); k-- > 0;) items[k] = eval(i.kids[k], fr);
        std::vector<Value> kept;
        for (size_t k = 0; k < items.size(); k++) {
            if (is_absent(items[k])) continue;
            if (items[k].is_none()) fail(ErrorKind::Value, "no result to use as an item", i.kids[k].site);
            kept.push_back(std::move(items[k]));
        }
        if (kept.size() == 1 && kept.size() < items.size()) return kept[0]; // `⍺ ⍵` → ⍵
        return vector_of(std::move(kept));
    }
    case Op::List: return list(i, fr);
    case Op::Rows:
    case Op::ParenRows: {
        std::vector<Value> rows;
        for (const Instr& k : i.kids) {
            Value v = eval(k, fr);
            if (v.is_none() || is_absent(v)) fail(ErrorKind::Value, "no result to use as a row", k.site);
            rows.push_back(std::move(v));
        }
        return i.op == Op::Rows ? assemble(rows) : vector_of(std::move(rows));
    }
    case Op::Derive: {
        Value right = i.kids.size() > 2 ? eval(i.kids[2], fr) : Value();
        Value left = eval(i.kids[1], fr);
        Value op = eval(i.kids[0], fr);
        if (!op.is_function()) fail(ErrorKind::Syntax, "not an operator", i.kids[0].site);
        try {
            return fn_of(op).derive(op, left, right);
        } catch (Error& e) {
            e.at(i.site);
            throw;
        }
    }
    case Op::Fork: {
        Value h = eval(i.kids[2], fr), g = eval(i.kids[1], fr), f = eval(i.kids[0], fr);
        return fork(f, g, h);
    }
    case Op::Atop: {
        Value h = eval(i.kids[1], fr), g = eval(i.kids[0], fr);
        return atop(g, h);
    }
    case Op::Bind: {
        Value f = eval(i.kids[1], fr), a = eval(i.kids[0], fr);
        if (is_absent(a)) return f; // `⍺ f` stands for the call `⍺ f ⍵`, whose absent ⍺ drops out (§6.3)
        require_value(a, "a bound argument");
        return bound(a, f);
    }
    case Op::Dfn: return make_dfn(*this, i.dfn, fr.scope);
    case Op::Assign: return assign(i, fr);
    case Op::ModAssign: return modify(i, fr);
    case Op::Destructure: return destructure(i, fr);
    case Op::Pattern: fail(ErrorKind::Internal, "a pattern outside an assignment", i.site);
    case Op::Field: fail(ErrorKind::Internal, "a field outside a bracket list", i.site);
    case Op::SelectAssign: return select_assign(i, fr);
    case Op::PathAssign: return path_assign(i, fr);
    case Op::Scope: return scope(i, fr);
    case Op::SelectSource: return select_source_;
    case Op::Print: {
        Value v = eval(i.kids[0], fr);
        if (v.is_none() || is_absent(v)) fail(ErrorKind::Value, "no result to print", i.site);
        ctx_.io().print_value(explicit_text(v, fr.in_dfn), v);
        return v;
    }
    case Op::DefaultAlpha:
        if (!fr.alpha.is_none()) return fr.alpha;
        fr.alpha = eval(i.kids[0], fr);
        if (fr.alpha.is_none()) fail(ErrorKind::Value, "no result for ⍺", i.site);
        return fr.alpha;
    case Op::Unit: return value::enclose(eval(i.kids[0], fr));
    case Op::Mark: {
        Value v = eval(i.kids[0], fr);
        try {
            return convert(v, i.mark);
        } catch (Error& e) {
            e.at(i.site);
            throw;
        }
    }
    }
    fail(ErrorKind::Internal, "unknown instruction", i.site);
}

} // namespace bpl::lang
