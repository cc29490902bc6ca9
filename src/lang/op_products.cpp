// Agenda ⍚, power ⍣ (a count, a count array or a predicate), the outer product and the inner
// product f.g.
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

namespace bpl::lang::ops {

using base::Error;
using base::ErrorKind;
using value::Shape;
using number::Kind;

// s⍚fs (§15): one case of the function vector fs, chosen by the unit index s (negative from the
// end; $f and $t are 0 and 1) or by the function s on the arguments (called once), called with
// the original arguments; an array among the cases is a constant. Only the chosen case runs.
// The case a unit index picks among n (§15's index errors).
int64_t agenda_index(const Value& pick, int64_t n) {
    if (pick.is_function()) throw Error(ErrorKind::Domain, "agenda's index is a number");
    if (pick.rank() != 0) throw Error(ErrorKind::Rank, "agenda's index is a unit");
    std::vector<int64_t> i = integers_of(pick, "agenda");
    if (i.size() != 1) throw Error(ErrorKind::Rank, "agenda's index is a unit");
    int64_t k = i[0] < 0 ? i[0] + n : i[0];
    if (k < 0 || k >= n) throw Error(ErrorKind::Index, "no such case");
    return k;
}
// The cases, and an array index, are checked when s⍚fs is derived (core:720–751).
void agenda_operands(const Value& s, const Value& fs) {
    if (fs.is_function() || fs.rank() != 1) throw Error(ErrorKind::Rank, "agenda's cases are a vector");
    if (fs.count() == 0) throw Error(ErrorKind::Domain, "agenda needs a case");
    if (!s.is_function()) agenda_index(s, fs.count());
}
Value agenda(Exec& ex, const Value& s, const Value& fs, const Value* alpha, const Value& w) {
    agenda_operands(s, fs);
    std::vector<Value> cases = items_of(fs.read());
    Value pick = s.is_function() ? apply(ex, s, alpha, w) : s;
    int64_t k = agenda_index(pick, static_cast<int64_t>(cases.size()));
    const Value& chosen = cases[static_cast<size_t>(k)];
    return chosen.is_function() ? apply(ex, chosen, alpha, w) : chosen;
}

// f⍣n: n applications (a bound left argument stays), the inverse for negative n, ±∞ until the
// state stops changing; f⍣g: until (f x) g x holds; f⍣[g]: the states through that one.
Value power(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (g.is_function()) {
        Value x = w;
        for (;;) {
            Value next = apply(ex, f, alpha, x);
            if (truth(apply(ex, g, &next, x))) return next;
            x = next;
        }
    }
    if (g.rank() == 1 && g.count() == 1) { // f⍣[p]: every state from w through the first p holds
        Value p = items_of(g.read())[0];
        if (p.is_function()) {
            std::vector<Value> states{w};
            for (bool done = false; !done;) {
                Value next = apply(ex, f, alpha, states.back());
                done = truth(apply(ex, p, &next, states.back()));
                states.push_back(next);
            }
            return vector_of(std::move(states));
        }
    }
    std::vector<int64_t> n = integers_of(g, "power");
    // The states after each wanted count in one direction, from w: one pass up to the largest,
    // so repeated and ordered counts reuse iterates (core:2142); ∞ runs to a fixed point.
    auto states = [&](bool back, std::vector<int64_t> counts) {
        auto step = [&](const Value& x) {
            return back ? apply_inverse(ex, f, alpha, x) : apply(ex, f, alpha, x);
        };
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
        std::vector<std::pair<int64_t, Value>> out;
        Value x = w;
        int64_t done = 0;
        for (int64_t count : counts) {
            if (count >= INT64_MAX / 2) { // ∞: a fixed point
                for (;;) {
                    Value next = step(x).read();
                    if (value::match(next, x)) break;
                    x = next;
                }
            } else {
                for (; done < count; done++) x = step(x);
            }
            out.emplace_back(count, x);
        }
        return out;
    };
    auto split = [&](bool back) {
        std::vector<int64_t> c;
        for (int64_t k : n)
            if (k != 0 && (k < 0) == back) c.push_back(back ? -k : k);
        return states(back, c);
    };
    if (g.rank() == 0) return n[0] == 0 ? w : split(n[0] < 0)[0].second;
    // An array of counts: the state after each, one item each, in the counts' shape; no counts
    // never call f, and take w's fill as prototype (core:2082–2115).
    auto up = split(false), down = split(true);
    auto state_at = [&](int64_t k) -> const Value& {
        if (k == 0) return w;
        const auto& side = k > 0 ? up : down;
        int64_t want = k > 0 ? k : -k;
        return std::lower_bound(side.begin(), side.end(), want,
                                [](const auto& s, int64_t v) { return s.first < v; })->second;
    };
    std::vector<Value> items;
    for (int64_t k : n) items.push_back(state_at(k));
    Value r = w.read();
    return value::make_array(g.shape(), std::move(items), value::fill_of(r));
}

// α f⊗ ω: every item of α with every item of ω; shape (⍴α),⍴ω. Two atoms call f directly.
Value outer(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Nonce, "monadic ⊗ is not supported yet");
    if (alpha->rank() == 0 && w.rank() == 0) return apply(ex, f, alpha, w);
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    Shape shape = alpha->shape();
    Shape sw = w.shape();
    shape.insert(shape.end(), sw.begin(), sw.end());
    std::vector<Value> out;
    for (const Value& x : ia)
        for (const Value& y : iw) out.push_back(item_of_call(apply(ex, f, &x, y)));
    Value proto;
    if (out.empty()) { // prototype mode: one call, on α's prototype and ω's first item (§8)
        auto first = [](const Value& v, const std::vector<Value>& items) {
            if (!items.empty()) return items[0];
            Value r = v.read();
            return r.is_stored_array() ? value::fill_of(r.array_data().prototype()) : r;
        };
        Value fa = first(*alpha, ia);
        proto = call_on_prototypes(ex, f, &fa, first(w, iw));
    }
    return value::make_array(shape, std::move(out), proto);
}

// X f.g Y: f/ over X's rows g Y's columns (last axis of X with the first of Y). Primitive
// scalar operands on native arguments are one Product node (prim::product); this host loop
// serves the rest.
Value inner(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Syntax, "inner product takes two arguments");
    if (auto pf = primitive_operand(f))
        if (auto pg = primitive_operand(g))
            if (auto r = prim::product(*pf, *pg, *alpha, w)) return *r;
    Shape sa = alpha->shape(), sw = w.shape();
    // the contraction lengths; an atom or a length-1 axis extends to the other side's
    int64_t na = sa.empty() ? 1 : sa.back(), nw = sw.empty() ? 1 : sw[0];
    if (na != nw && na != 1 && nw != 1) throw Error(ErrorKind::Length, "inner product lengths differ");
    int64_t n = na == 1 ? nw : na;
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    int64_t cols = sw.empty() ? 1 : value::count_of(Shape(sw.begin() + 1, sw.end()));
    Shape shape(sa.begin(), sa.empty() ? sa.end() : sa.end() - 1);
    if (!sw.empty()) shape.insert(shape.end(), sw.begin() + 1, sw.end());
    // one host item per result position, counted and checked first: empty arguments may have
    // frames whose product passes 10⁹ (or int64: ⍳⊖⍳66) with no pair to compute, so the loop
    // runs over the result's positions (a row count alone may saturate beside no columns)
    int64_t count = value::count_of(shape);
    prim::check_count(count);
    program::check_memory(count * static_cast<int64_t>(sizeof(Value)));
    std::vector<Value> out;
    for (int64_t p = 0; p < count; p++) {
        base::check_interrupt();
        int64_t i = p / cols, j = p % cols;
        // g on each pair (§10: "g on pairs"), then f/ on the pair vector
        std::vector<Value> pairs;
        for (int64_t k = 0; k < n; k++) {
            const Value& x = ia[static_cast<size_t>(i * na + (na == 1 ? 0 : k))];
            const Value& y = iw[static_cast<size_t>((nw == 1 ? 0 : k) * cols + j)];
            pairs.push_back(item_of_call(apply(ex, g, &x, y)));
        }
        out.push_back(reduce(ex, f, nullptr, vector_of(std::move(pairs)), false));
    }
    if (shape.empty()) return out[0];
    return value::make_array(shape, std::move(out));
}

} // namespace bpl::lang::ops
