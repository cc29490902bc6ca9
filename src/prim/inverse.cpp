// Inverses of the primitive rows: one table keyed by row (monadic, either argument held, self).
// Each entry builds its inverse from ordinary calls; a read happens only where the spec makes
// the answer depend on data (a zero multiplier, a permutation check, the digits a value needs).
// Inverses of derived functions live with their operators (lang/operators.cpp), not here.
#include "prim/inverse.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/utf8.h"
#include "math/mapping.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "prim/scalar.h"
#include "value/array.h"
#include "value/match.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace bpl::prim {

using base::ErrorKind;

namespace {

using Held = Value (*)(const Value& held, const Value& omega);

// A row's inverses. `left`: Z with `held p Z ≡ omega`; `right`: Z with `Z p held ≡ omega`.
struct InverseRule {
    Prim prim;
    Monad monad;
    Held left;
    Held right;
    Monad self;
};

[[noreturn]] void no_preimage(const char* why) { fail(ErrorKind::Domain, why); }

Value weak(double x) { return Value::real(x, Kind::F64, true); }

Value ints(const std::vector<int64_t>& xs) {
    auto a = value::ArrayData::compact(Kind::Int, {static_cast<int64_t>(xs.size())});
    std::copy(xs.begin(), xs.end(), a->items_as<int64_t>());
    return Value::array(std::move(a));
}

// Division that never floors: integer operands divide as floats (an inverse of × or ÷ is the
// exact quotient).
Value quotient(const Value& a, const Value& w) {
    auto floated = [](const Value& x) {
        return x.is_native() && number::is_integer(x.kind()) && !x.weak()
                   ? convert_to(x, number::float_of(x.kind()))
                   : x;
    };
    return call(Prim::Divide, floated(a), floated(w));
}

// A multiplier of zero loses its argument. The held side is a parameter: reading it is the
// observation the spec's DOMAIN ERROR asks for.
void require_nonzero(const Value& x) {
    Value r = x.read();
    if (r.is_number()) {
        if (r.as_f64() == 0) no_preimage("multiplying by zero has no inverse");
        return;
    }
    if (r.is_complex()) {
        if (r.re() == 0 && r.im() == 0) no_preimage("multiplying by zero has no inverse");
        return;
    }
    if (!r.is_stored_array()) return;
    const value::ArrayData& a = r.array_data();
    for (int64_t i = 0; i < a.count(); i++) require_nonzero(a.item(i));
}

// --- scalar rows ---

Value conjugate(const Value& w) { return call(Prim::Plus, w); }
Value negate(const Value& w) { return call(Prim::Minus, w); }
Value reciprocal(const Value& w) { return quotient(weak(1), w); }
Value ln(const Value& w) { return call(Prim::Log, w); }
Value exp(const Value& w) { return call(Prim::Star, w); }
Value square(const Value& w) { return call(Prim::Times, w, w); }
Value unpi(const Value& w) { return call(Prim::Divide, w, call(Prim::Pi, weak(1))); }
Value decrement(const Value& w) { return call(Prim::LessEqual, w); }
Value increment(const Value& w) { return call(Prim::GreaterEqual, w); }
Value root(const Value& w) { return call(Prim::Root, w); }
Value halve(const Value& w) { return call(Prim::Divide, w, weak(2)); }
Value same(const Value& w) { return w; }
Value unnot(const Value& w) { return call(Prim::Tilde, w); }
Value angle(const Value& w) { return pervade_fn(math::Fn::Phase, w); }
Value lambert_w(const Value& w) { return pervade_fn(math::Fn::LambertW, w); }

Value sub_held(const Value& x, const Value& w) { return call(Prim::Minus, w, x); }
Value sub_from_held(const Value& x, const Value& w) { return call(Prim::Minus, x, w); }
Value add_held(const Value& x, const Value& w) { return call(Prim::Plus, w, x); }
Value div_by_held(const Value& x, const Value& w) {
    require_nonzero(x);
    return quotient(w, x);
}
Value held_div(const Value& x, const Value& w) { return quotient(x, w); }
Value times_held(const Value& x, const Value& w) { return call(Prim::Times, w, x); }
Value log_held(const Value& x, const Value& w) { return call(Prim::Log, x, w); }
Value power_held(const Value& x, const Value& w) { return call(Prim::Star, x, w); }
Value w_power_held(const Value& x, const Value& w) { return call(Prim::Star, w, x); }
Value root_held(const Value& x, const Value& w) { return call(Prim::Root, x, w); }
Value w_root_held(const Value& x, const Value& w) { return call(Prim::Root, w, x); }
Value w_log_held(const Value& x, const Value& w) { return call(Prim::Log, w, x); }
Value pi_held(const Value& x, const Value& w) { return call(Prim::Pi, x, w); }
Value pi_right(const Value& x, const Value& w) {
    return call(Prim::Divide, call(Prim::Times, w, x), call(Prim::Pi, weak(1)));
}
Value equal_held(const Value& x, const Value& w) { return call(Prim::Equal, x, w); }
Value unequal_held(const Value& x, const Value& w) { return call(Prim::NotEqual, x, w); }

// K○⁻Y: the principal inverse of circle code K.
Value uncircle(const Value& a, const Value& w) {
    using enum math::Fn;
    static constexpr math::Fn CODES[] = {Circle0, Asin,  Acos,  Atan,      Circle4Inv,
                                         Asinh,   Acosh, Atanh, Circle8Inv};
    if (a.rank() > 0 && a.count() != 1)
        fail(ErrorKind::Nonce, "an array of circle codes is not supported yet");
    int64_t code = read_int(a);
    if (code < 0 || code > 8) fail(ErrorKind::Domain, "circle codes are 0 to 8");
    return pervade_fn(CODES[code], w);
}

// ∨⁻ and ∧⁻: complex numbers from (real, imaginary) or (magnitude, phase) pairs on the last axis.
std::pair<Value, Value> pair_parts(const Value& w) {
    if (w.rank() == 0 || w.shape().back() != 2) fail(ErrorKind::Length, "expected pairs on the last axis");
    int64_t r = w.rank();
    std::vector<int64_t> order; // axis i moves to i+1; the last axis comes first
    for (int64_t i = 1; i < r; i++) order.push_back(i);
    order.push_back(0);
    Value front = call(Prim::Transpose, ints(order), w);
    return {call(Prim::Squad, Value::integer(0), front), call(Prim::Squad, Value::integer(1), front)};
}
Value unparts(const Value& w) {
    auto [re, im] = pair_parts(w);
    return call(Prim::Plus, re, call(Prim::Times, Value::complex(0, 1), im));
}
Value unpolar(const Value& w) {
    auto [mag, phase] = pair_parts(w);
    return call(Prim::Times, mag, call(Prim::Star, call(Prim::Times, Value::complex(0, 1), phase)));
}

// --- structural rows ---

Value unravel(const Value& w) {
    if (w.rank() != 1) no_preimage("only a vector is a ravel");
    return w;
}
// ⍪Y is a matrix of Y's major cells; a one-column matrix came from a vector.
Value untable(const Value& w) {
    if (w.rank() != 2) no_preimage("only a matrix is a table");
    if (w.shape()[1] == 1) return call(Prim::Comma, w);
    return w;
}
Value unnest(const Value& w) {
    if (w.rank() == 0 && !w.is_native() && !w.is_atom()) return call(Prim::Take, w);
    return w;
}
Value shape_of(const Value& w) { return call(Prim::Rho, w); }
Value same_reverse(const Value& w) { return call(Prim::Reverse, w); }
Value same_reverse_first(const Value& w) { return call(Prim::ReverseFirst, w); }
Value same_transpose(const Value& w) { return call(Prim::Transpose, w); }
Value first_of(const Value& w) { return call(Prim::Take, w); }     // ⊂⁻ is ↑ (first)
Value enclose_of(const Value& w) { return call(Prim::Enclose, w); } // ↑⁻ is ⊂
Value split_of(const Value& w) { return call(Prim::Drop, w); }      // ⊃⁻ (mix) is ↓ (split)
Value mix_of(const Value& w) { return call(Prim::Disclose, w); }    // ↓⁻ is ⊃

// ⍋⁻P: an array whose grade is the permutation P.
std::vector<int64_t> permutation(const Value& w) {
    if (w.rank() != 1) no_preimage("a grade is a vector");
    std::vector<int64_t> p = read_ints(w);
    std::vector<bool> seen(p.size(), false);
    for (int64_t x : p) {
        if (x < 0 || x >= static_cast<int64_t>(p.size()) || seen[static_cast<size_t>(x)])
            no_preimage("only a permutation is a grade");
        seen[static_cast<size_t>(x)] = true;
    }
    return p;
}
Value ungrade_up(const Value& w) { return call(Prim::GradeUp, ints(permutation(w))); }
Value ungrade_down(const Value& w) {
    int64_t n = static_cast<int64_t>(permutation(w).size());
    return call(Prim::Minus, Value::integer(n - 1), call(Prim::GradeUp, w));
}

// ⍸⁻Y: how often each position occurs; the largest position sets the shape (a read).
Value unwhere(const Value& w) {
    if (w.rank() > 1) fail(ErrorKind::Rank, "positions come as a vector");
    Value r = w.read();
    bool coords = r.is_stored_array() && r.array_data().is_boxed() && r.count() > 0;
    Value flat = coords ? call(Prim::Disclose, r) : r; // k×d coordinates, or k positions
    if (r.rank() == 0 && !coords) flat = call(Prim::Comma, r);
    std::vector<int64_t> xs = read_ints(flat);
    for (int64_t x : xs) {
        if (x < 0) no_preimage("positions are nonnegative integers");
        if (x >= MAX_ITEMS) check_count(MAX_ITEMS + 1); // an axis that long: LIMIT ERROR
    }
    if (coords && (flat.rank() != 2 || flat.shape()[1] == 0))
        no_preimage("positions are integers or coordinate vectors of one length");
    int64_t d = coords ? flat.shape()[1] : 1;
    std::vector<int64_t> shape(static_cast<size_t>(d), 0);
    for (size_t i = 0; i < xs.size(); i++) {
        size_t j = i % static_cast<size_t>(d);
        shape[j] = std::max(shape[j], xs[i] + 1);
    }
    int64_t n = value::count_of(shape), k = static_cast<int64_t>(xs.size()) / d;
    check_count(n); // the result, then the comparison table below
    check_count(value::count_of({k, n}));
    Value positions = coords ? call(Prim::Decode, ints(shape), flat) : flat;
    if (k == 0) return call(Prim::Rho, ints(shape), Value::integer(0));
    // counts[i] = +/positions=i: one comparison table, summed down its columns.
    Value table = call(Prim::Equal, call(Prim::Rho, ints({k, n}), call(Prim::Iota, Value::integer(n))),
                       call(Prim::Transpose, call(Prim::Rho, ints({n, k}), positions)));
    Value counts = *reduce(Prim::Plus, convert_to(table, Kind::Int), true);
    return coords ? call(Prim::Rho, ints(shape), counts) : counts;
}

// ↕⁻Y, N↕⁻Y: each position of the rebuilt array read from the last window that holds it.
Value unwindows_sized(const std::vector<int64_t>& sizes, const Value& w) {
    Shape s = w.shape();
    size_t k = sizes.size();
    if (s.size() < 2 * k) no_preimage("not an array of windows");
    Shape r;
    for (size_t j = 0; j < k; j++) {
        if (s[k + j] != sizes[j] || s[j] == 0) no_preimage("not an array of windows");
        int64_t len; // an empty array of windows may have axes near INT64_MAX
        if (__builtin_add_overflow(s[j], sizes[j] - 1, &len)) fail(ErrorKind::Limit, "an axis longer than int64 counts");
        r.push_back(len);
    }
    for (size_t j = 2 * k; j < s.size(); j++) r.push_back(s[j]);
    // saturating strides: an empty array of windows may have axes whose product overflows int64
    std::vector<int64_t> st = math::row_major(s);
    int64_t n = value::count_of(r);
    std::vector<int64_t> idx = reserve_positions(n);
    std::vector<int64_t> c(r.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        int64_t p = 0;
        for (size_t j = 0; j < k; j++) {
            int64_t at = std::min(c[j], s[j] - 1);
            p += at * st[j] + (c[j] - at) * st[k + j];
        }
        for (size_t j = k; j < r.size(); j++) p += c[j] * st[k + j];
        idx.push_back(p);
        for (size_t j = r.size(); j-- > 0;) {
            if (++c[j] < r[j]) break;
            c[j] = 0;
        }
    }
    return gather(w, std::move(r), std::move(idx));
}
Value unpairs(const Value& w) { return unwindows_sized({2}, w); }
Value unwindows(const Value& a, const Value& w) {
    if (a.rank() > 1) fail(ErrorKind::Nonce, "windows with movements have no inverse yet");
    return unwindows_sized(read_ints(a), w);
}

Value unrotate(const Value& a, const Value& w) { return call(Prim::Reverse, call(Prim::Minus, a), w); }
Value unrotate_first(const Value& a, const Value& w) {
    return call(Prim::ReverseFirst, call(Prim::Minus, a), w);
}
// A⍉⁻Y: the inverse permutation of A, completed as ⍉ completes a short list.
Value unreorder(const Value& a, const Value& w) {
    std::vector<int64_t> order = read_ints(a);
    size_t n = static_cast<size_t>(w.rank());
    if (order.size() > n) fail(ErrorKind::Rank, "more axes named than the array has");
    std::vector<bool> named(n, false);
    for (int64_t x : order) {
        if (x < 0 || x >= static_cast<int64_t>(n) || named[static_cast<size_t>(x)])
            no_preimage("only a permutation of axes has an inverse");
        named[static_cast<size_t>(x)] = true;
    }
    for (size_t r = 0; r < n && order.size() < n; r++)
        if (!named[r]) order.push_back(static_cast<int64_t>(r));
    std::vector<int64_t> inverse(n);
    for (size_t i = 0; i < n; i++) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
    return call(Prim::Transpose, ints(inverse), w);
}
Value unreshape(const Value&, const Value& w) { return call(Prim::Comma, w); }

int64_t major_count(const Value& x, const Value& w) {
    return x.rank() == 0 || x.rank() < w.rank() ? 1 : x.shape()[0];
}
// X,⁻Y removes the held prefix; (,↢X)⁻Y the held suffix. The held part must be there.
Value unprefix(const Value& x, const Value& w, bool first_axis, bool suffix) {
    if (w.rank() == 0) no_preimage("a catenation is an array");
    int64_t n = first_axis ? major_count(x, w) : (x.rank() == 0 ? 1 : x.shape().back());
    Value count = Value::integer(suffix ? -n : n);
    Value kept = first_axis ? call(Prim::Drop, count, w)
                            : call(Prim::Drop, ints(std::vector<int64_t>(w.rank() - 1, 0)), w);
    if (!first_axis) { // along the last axis: drop the held items from each vector
        std::vector<int64_t> counts(static_cast<size_t>(w.rank()), 0);
        counts.back() = suffix ? -n : n;
        kept = call(Prim::Drop, ints(counts), w);
    }
    Value back = suffix ? call(first_axis ? Prim::Table : Prim::Comma, kept, x)
                        : call(first_axis ? Prim::Table : Prim::Comma, x, kept);
    if (!value::match(back.read(), w.read())) no_preimage("the held part is not there");
    return kept;
}
Value uncatenate(const Value& x, const Value& w) { return unprefix(x, w, w.rank() <= 1, false); }
Value uncatenate_right(const Value& x, const Value& w) { return unprefix(x, w, w.rank() <= 1, true); }
Value uncatenate_first(const Value& x, const Value& w) { return unprefix(x, w, true, false); }
Value uncatenate_first_right(const Value& x, const Value& w) { return unprefix(x, w, true, true); }

// X⍳⁻P: the items of X at positions P; an unfound position has no argument.
Value unindex(const Value& x, const Value& w) {
    if (x.rank() == 0) fail(ErrorKind::Rank, "index-of searches an array");
    std::vector<int64_t> ps = read_ints(w);
    int64_t n = x.shape()[0];
    for (int64_t p : ps)
        if (p < 0 || p >= n) no_preimage("an index that wasn't found has no argument");
    return select_cells(x, ps, w.shape());
}

// N#⁻Y: expand, one cell per count: a positive count takes the next cell (its first copy) and
// consumes its copies, others give a fill. One positive count undoes a replicate by it.
Value expand(const Value& a, const Value& w) {
    if (a.rank() > 1) fail(ErrorKind::Rank, "counts come as a vector");
    std::vector<int64_t> counts = read_ints(a);
    Value y = w.rank() == 0 ? call(Prim::Comma, w) : w;
    int64_t m = y.shape()[0];
    std::vector<int64_t> cells;
    if (a.rank() == 0 && counts[0] > 0) {
        int64_t c = counts[0];
        if (m % c != 0) no_preimage("the count must divide the length");
        for (int64_t i = 0; i < m; i += c) cells.push_back(i);
        return select_cells(y, cells, {static_cast<int64_t>(cells.size())});
    }
    int64_t used = 0;
    for (int64_t c : counts) used += std::llabs(c);
    bool one = m == 1 && used != 1;
    if (!one && used != m) fail(ErrorKind::Length, "the counts must consume every cell");
    int64_t next = 0;
    for (int64_t c : counts) {
        cells.push_back(c > 0 ? (one ? 0 : next) : -1);
        next += std::llabs(c);
    }
    return select_cells(y, cells, {static_cast<int64_t>(cells.size())});
}

// #⁻[N;Y]: runs decoded, N#Y; a rank-0 length of 1 gives its unit back.
Value unruns(const Value& w) {
    Value r = w.read();
    if (r.rank() != 1 || r.count() < 2) no_preimage("runs come as lengths and cells");
    Value lengths = r.is_stored_array() ? r.array_data().item(0) : r;
    Value cells = r.array_data().item(1);
    if (lengths.rank() == 0 && cells.rank() == 0 && read_int(lengths) == 1) return cells;
    return call(Prim::Hash, lengths, cells);
}

// X⊂⁻Y, X⊆⁻Y: the parts joined; they must partition back exactly.
Value join_parts(Prim p, const Value& x, const Value& w) {
    Value r = w.read();
    if (r.rank() != 1) no_preimage("parts come as a vector");
    if (r.count() == 0) no_preimage("no parts to join");
    Value z = r.array_data().item(0);
    for (int64_t i = 1; i < r.count(); i++) z = call(Prim::Table, z, r.array_data().item(i));
    if (!value::match(call(p, x, z).read(), r)) no_preimage("the parts don't partition back");
    return z;
}
Value unpartition_enclose(const Value& x, const Value& w) { return join_parts(Prim::Enclose, x, w); }
Value unpartition(const Value& x, const Value& w) { return join_parts(Prim::Nest, x, w); }

// --- number theory ---

// ⨸⁻Y: the product along the last axis. The zeros ⨸ pads short cells with are skipped (a factor
// is never 0), so ⨸⁻⨸N is N for every N.
Value unfactor(const Value& w) {
    Value ones = call(Prim::Plus, w, call(Prim::Equal, Value::integer(0), w));
    std::optional<Value> product = reduce(Prim::Times, ones, false);
    if (!product) no_preimage("factors are numbers");
    return *product;
}

// --- radix ---

Value decode(const Value& w) { return call(Prim::Decode, w); }
Value encode(const Value& w) { return call(Prim::Encode, w); }
Value decode_held(const Value& x, const Value& w) { return call(Prim::Decode, x, w); }
// B⊥⁻Y is B⊤Y; one base repeats for just enough digits (a read of Y decides how many).
Value encode_held(const Value& x, const Value& w) {
    if (x.rank() > 0) return call(Prim::Encode, x, w);
    double base = static_cast<double>(read_int(x));
    if (base < 2) fail(ErrorKind::Domain, "a single base must be at least 2");
    Value r = w.read();
    double top = 0;
    for (int64_t i = 0; i < r.count(); i++) {
        Value item = r.is_stored_array() ? r.array_data().item(i) : r;
        if (!item.is_number() || !std::isfinite(item.as_f64()) || item.as_f64() < 0)
            no_preimage("expected nonnegative numbers");
        top = std::max(top, std::floor(item.as_f64()));
    }
    int64_t digits = 0;
    while (top >= 1) {
        top = std::floor(top / base);
        digits++;
    }
    return call(Prim::Encode, call(Prim::Rho, Value::integer(digits), x), w);
}

// clang-format off
const InverseRule RULES[] = {
    //  row                 monadic         X held           Y held                 self
    {Prim::Plus,         conjugate,      sub_held,        sub_held,              halve},
    {Prim::Minus,        negate,         sub_from_held,   add_held,              nullptr},
    {Prim::Times,        nullptr,        div_by_held,     div_by_held,           root},
    {Prim::Divide,       reciprocal,     held_div,        times_held,            nullptr},
    {Prim::Floor,        nullptr,        nullptr,         nullptr,               same},
    {Prim::Ceiling,      nullptr,        nullptr,         nullptr,               same},
    {Prim::Star,         ln,             log_held,        root_held,           nullptr},
    {Prim::Log,          exp,            power_held,      w_root_held,           nullptr},
    {Prim::Root,         square,         w_power_held,    w_log_held,            nullptr},
    {Prim::Pi,           unpi,           pi_held,         pi_right,              nullptr},
    {Prim::Circle,       angle,          uncircle,        nullptr,               nullptr},
    {Prim::Equal,        nullptr,        equal_held,      equal_held,            nullptr},
    {Prim::NotEqual,     nullptr,        unequal_held,    unequal_held,          nullptr},
    {Prim::Or,           unparts,        nullptr,         nullptr,               same},
    {Prim::And,          unpolar,        nullptr,         nullptr,               same},
    {Prim::GreaterEqual, decrement,      nullptr,         nullptr,               nullptr},
    {Prim::LessEqual,    increment,      nullptr,         nullptr,               nullptr},
    {Prim::Nand,         root,           nullptr,         nullptr,               nullptr},
    {Prim::Nor,          halve,          nullptr,         nullptr,               nullptr},
    {Prim::Tilde,        unnot,          nullptr,         nullptr,               nullptr},
    {Prim::Reverse,      same_reverse,   unrotate,        nullptr,               nullptr},
    {Prim::ReverseFirst, same_reverse_first, unrotate_first, nullptr,            nullptr},
    {Prim::Transpose,    same_transpose, unreorder,       nullptr,               nullptr},
    {Prim::Rho,          nullptr,        unreshape,       nullptr,               nullptr},
    {Prim::Comma,        unravel,        uncatenate,      uncatenate_right,      nullptr},
    {Prim::Table,        untable,        uncatenate_first, uncatenate_first_right, nullptr},
    {Prim::Enclose,      first_of,       unpartition_enclose, nullptr,           nullptr},
    {Prim::Take,         enclose_of,     nullptr,         nullptr,               nullptr},
    {Prim::Disclose,     split_of,       nullptr,         nullptr,               nullptr},
    {Prim::Drop,         mix_of,         nullptr,         nullptr,               nullptr},
    {Prim::Nest,         unnest,         unpartition,     nullptr,               nullptr},
    {Prim::Iota,         shape_of,       unindex,         nullptr,               nullptr},
    {Prim::Where,        unwhere,        nullptr,         nullptr,               nullptr},
    {Prim::GradeUp,      ungrade_up,     nullptr,         nullptr,               nullptr},
    {Prim::GradeDown,    ungrade_down,   nullptr,         nullptr,               nullptr},
    {Prim::Windows,      unpairs,        unwindows,       nullptr,               nullptr},
    {Prim::Hash,         unruns,         expand,          nullptr,               nullptr},
    {Prim::Prime,        prime_count,    nullptr,         nullptr,               nullptr},
    {Prim::Factor,       unfactor,       nullptr,         nullptr,               nullptr},
    {Prim::Encode,       decode,         decode_held,     nullptr,               nullptr},
    {Prim::Polynomial,   polynomial_coefficients, nullptr, nullptr,              nullptr},
    {Prim::Decode,       encode,         encode_held,     nullptr,               nullptr},
};
// clang-format on

// The inverses of `Z f (g Z)` (f↢g monadically) by the pair of rows.
struct SelfAfterRule {
    Prim f, g;
    Monad inverse;
};
// clang-format off
const SelfAfterRule SELF_AFTER[] = {
    //  f            g            Z with Z f (g Z) ≡ Y
    {Prim::Times, Prim::Star,  lambert_w}, // Z×*Z: the principal Lambert W
};
// clang-format on

const InverseRule* rule_of(Prim p) {
    static const auto BY_ROW = [] {
        std::array<const InverseRule*, 256> by{};
        for (const InverseRule& r : RULES) by[static_cast<size_t>(r.prim)] = &r;
        return by;
    }();
    return BY_ROW[static_cast<size_t>(p)];
}

[[noreturn]] void no_inverse(Prim p, const char* form) {
    std::string glyph;
    base::append_utf8(glyph, info(p).glyph);
    throw base::Error(ErrorKind::Domain, glyph + " has no " + form + " inverse");
}

} // namespace

Value inverse(Prim p, const Value& omega) {
    const InverseRule* r = rule_of(p);
    if (!r || !r->monad) no_inverse(p, "monadic");
    return r->monad(omega);
}

Value inverse(Prim p, const Value& alpha, const Value& omega) {
    const InverseRule* r = rule_of(p);
    if (!r || !r->left) no_inverse(p, "dyadic");
    return r->left(alpha, omega);
}

Value inverse_left(Prim p, const Value& right, const Value& omega) {
    const InverseRule* r = rule_of(p);
    if (!r || !r->right) no_inverse(p, "left-argument");
    return r->right(right, omega);
}

Value inverse_self(Prim p, const Value& omega) {
    const InverseRule* r = rule_of(p);
    if (!r || !r->self) no_inverse(p, "self");
    return r->self(omega);
}

bool has_inverse_self_after(Prim f, Prim g) {
    for (const SelfAfterRule& r : SELF_AFTER)
        if (r.f == f && r.g == g) return true;
    return false;
}

Value inverse_self_after(Prim f, Prim g, const Value& omega) {
    for (const SelfAfterRule& r : SELF_AFTER)
        if (r.f == f && r.g == g) return r.inverse(omega);
    std::string glyphs;
    base::append_utf8(glyphs, info(f).glyph);
    base::append_utf8(glyphs, U'↢');
    base::append_utf8(glyphs, info(g).glyph);
    throw base::Error(ErrorKind::Domain, glyphs + " has no monadic inverse");
}

InverseForms inverse_forms(Prim p) {
    const InverseRule* r = rule_of(p);
    if (!r) return {false, false, false, false};
    return {r->monad != nullptr, r->left != nullptr, r->right != nullptr, r->self != nullptr};
}

} // namespace bpl::prim
