// Numeric rows that are semantic forms over other rows: decode and encode expand to ordinary
// calls (Map, Scan, Fold, Gather nodes), so they add no kernels of their own; so do the complex
// monads ∨ ∧ ○ (parts, polar form, cis).
#include "base/interrupt.h"
#include "math/search.h"
#include "prim/factory.h"
#include "prim/rows.h"
#include "prim/scalar.h"
#include "program/plan.h"
#include "value/array.h"

#include <algorithm>
#include <cmath>

namespace bpl::prim {

using base::ErrorKind;
using value::ArrayData;

namespace {

Value shape_vector(const Shape& s) {
    auto a = ArrayData::compact(Kind::Int, {static_cast<int64_t>(s.size())});
    std::copy(s.begin(), s.end(), a->items_as<int64_t>());
    return Value::array(std::move(a));
}

// A boxed array whose items are all number atoms (a literal strand of mixed kinds such as
// `3j4 5`) as one compact array of their join; any other value unchanged.
Value compact_numbers(const Value& w) {
    if (w.is_native()) return w;
    Value x = w.read();
    if (!x.is_stored_array() || x.count() == 0) return x;
    const ArrayData& a = x.array_data();
    std::vector<Value> items;
    std::vector<int64_t> idx;
    for (int64_t i = 0; i < a.count(); i++) {
        Value item = a.item(i).read();
        if (!item.is_number() && !item.is_complex()) return x;
        items.push_back(std::move(item));
        idx.push_back(i);
    }
    return gather_many(items, a.shape(), std::move(idx));
}

Value decode(const Value& a0, const Value& w0);
Value encode(const Value& a, const Value& w);

// B f Y for bases of rank 2 or more: B's rows are base vectors (f's left rank 1), paired with Y's
// cells of rank `y_cell` (⊤ 0, ⊥ 1) by leading-axis agreement of the frames (functions.md §0.3);
// one vector-base call per row of B, the results mixed into B's frame.
Value per_base_row(const Value& a, const Value& w, size_t y_cell,
                   Value (*f)(const Value&, const Value&)) {
    Shape fb = a.shape();
    int64_t n = fb.back();
    fb.pop_back();
    Shape ws = w.shape();
    Shape fy(ws.begin(), ws.end() - static_cast<std::ptrdiff_t>(std::min(y_cell, ws.size())));
    size_t common = std::min(fb.size(), fy.size());
    if (!std::equal(fb.begin(), fb.begin() + static_cast<std::ptrdiff_t>(common), fy.begin()))
        fail(ErrorKind::Length, "the frames of the bases and the argument differ");
    int64_t rows = value::count_of(fb);
    Value b = call(Prim::Rho, shape_vector({rows, n}), a);
    // Y by B's rows: each row's sub-array of Y (Y's frame is the longer), or the cell of Y that
    // the row's leading position names (B's frame is the longer)
    int64_t per = value::count_of(Shape(fb.begin() + static_cast<std::ptrdiff_t>(common), fb.end()));
    Shape yshape{value::count_of(Shape(fb.begin(), fb.begin() + static_cast<std::ptrdiff_t>(common)))};
    yshape.insert(yshape.end(), ws.begin() + static_cast<std::ptrdiff_t>(common), ws.end());
    Value y = call(Prim::Rho, shape_vector(yshape), w);
    // one host call per row: an empty array's frame may count past 10⁹ rows (or int64)
    check_count(rows);
    program::check_memory(rows * 256);
    std::vector<Value> results;
    for (int64_t i = 0; i < rows; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        results.push_back(f(select_cells(b, {i}, {}), select_cells(y, {i / per}, {})));
    }
    if (rows == 0) {
        Shape out = fb.size() >= fy.size() ? fb : fy;
        if (y_cell == 0) out.push_back(n);
        return call(Prim::Rho, shape_vector(out), Value::integer(0));
    }
    return call(Prim::Disclose, value::make_array(fb, std::move(results)));
}

// B⊥Y: digits Y along the last axis in bases B. weights: ⌽×\⌽1↓B,1; value: +/Y×weights.
Value decode(const Value& a0, const Value& w0) {
    Value a = compact_numbers(a0), w = compact_numbers(w0);
    if (a.rank() > 1) return per_base_row(a, w, 1, decode);
    Value y = w.rank() == 0 ? call(Prim::Comma, w) : w;
    Value b = a.rank() == 0 ? call(Prim::Comma, a) : a;
    int64_t n = y.shape().back(), nb = b.shape()[0];
    if (nb == 1 && n != 1) b = call(Prim::Rho, Value::integer(n), b);
    else if (n == 1 && nb != 1) {
        Shape s = y.shape();
        s.back() = nb;
        y = call(Prim::Rho, shape_vector(s), y);
        n = nb;
    } else if (nb != n) {
        fail(ErrorKind::Length, "one base per digit");
    }
    if (n == 0) {
        Shape frame = y.shape();
        frame.pop_back();
        Value zero = Value::integer(0);
        return frame.empty() ? zero : call(Prim::Rho, shape_vector(frame), zero);
    }
    Value tail = call(Prim::Drop, Value::integer(1), call(Prim::Comma, b, Value::real(1, Kind::F64, true)));
    Value rtail = call(Prim::Reverse, tail);
    std::optional<Value> products = scan(Prim::Times, rtail, false);
    if (!products) { // boxed (exact) bases: the running products on the host
        Value r = rtail.read();
        const ArrayData& ra = r.array_data();
        std::vector<Value> run;
        for (int64_t k = 0; k < ra.count(); k++)
            run.push_back(k ? call(Prim::Times, run.back(), ra.item(k)) : ra.item(0));
        products = value::make_array({ra.count()}, std::move(run));
    }
    Value weights = call(Prim::Reverse, *products);
    Value spread = call(Prim::Rho, shape_vector(y.shape()), weights);
    Value terms = call(Prim::Times, y, spread);
    if (std::optional<Value> sum = reduce(Prim::Plus, terms, false)) return *sum;
    // Boxed terms (exact digits or bases): each cell's sum on the host, item by item.
    Value t = terms.read();
    const ArrayData& ta = t.array_data();
    Shape frame = t.shape();
    frame.pop_back();
    std::vector<Value> sums;
    for (int64_t c = 0; c < ta.count() / n; c++) {
        Value sum = ta.item(c * n);
        for (int64_t k = 1; k < n; k++) sum = call(Prim::Plus, sum, ta.item(c * n + k));
        sums.push_back(sum);
    }
    if (frame.empty()) return sums[0];
    return value::make_array(std::move(frame), std::move(sums));
}

Value decode2(const Value& w) { return decode(Value::integer(2), w); }

// B⊤Y: digits of Y from the last base backwards, on a new last axis. Float digits use the exact
// residue (functions.md 9.1: no tolerant floor), so the low bits of large values survive.
Value encode(const Value& a, const Value& w) {
    if (a.rank() == 0) return call(Prim::Stile, a, w);
    if (a.rank() > 1) return per_base_row(a, w, 0, encode);
    Value bases = a.read();
    int64_t n = bases.count();
    Shape cell = w.shape();
    Shape one = cell;
    one.push_back(1);
    std::vector<Value> digits(static_cast<size_t>(n));
    Value v = w;
    for (int64_t k = n; k-- > 0;) {
        Value base = bases.array_data().item(k);
        bool zero = base.re() == 0 && base.im() == 0;
        Value d = zero ? v : pervade_fn(math::Fn::ResidueExact, Prim::Stile, base, v);
        digits[k] = call(Prim::Rho, shape_vector(one), d);
        v = zero ? call(Prim::Times, Value::integer(0), v)
                 : call(Prim::Divide, call(Prim::Minus, v, d), base);
    }
    if (n == 0) {
        Shape s = cell;
        s.push_back(0);
        return call(Prim::Rho, shape_vector(s), Value::integer(0));
    }
    Value out = digits[0];
    for (int64_t k = 1; k < n; k++) out = call(Prim::Comma, out, digits[k]);
    return out;
}

// ⊤Y: binary digits, just enough for the largest value (the data decides the length: a read).
Value encode2(const Value& w) {
    Value y = w.read();
    double top = 0;
    for (int64_t i = 0; i < y.count(); i++) {
        Value item = y.is_stored_array() ? y.array_data().item(i) : y;
        if (!item.is_number()) fail(ErrorKind::Domain, "expected nonnegative integers");
        double x = item.as_f64();
        if (x < 0 || x != std::floor(x) || !std::isfinite(x))
            fail(ErrorKind::Domain, "expected nonnegative integers");
        top = std::max(top, x);
    }
    int64_t digits = 0;
    while (top >= 1) {
        top = std::floor(top / 2);
        digits++;
    }
    Value bases = call(Prim::Rho, Value::integer(digits), Value::integer(2));
    return encode(bases.kind() == y.kind() || !y.is_native() ? bases : convert_to(bases, y.kind()), y);
}

Value weak(double x) { return Value::real(x, Kind::F64, true); }

// ≥Y is Y+1, ≤Y is Y-1, ⊼Y is Y×Y, ⊽Y is Y+Y: kinds kept (a weak 1 takes Y's kind).
Value increment(const Value& w) { return call(Prim::Plus, w, weak(1)); }
Value decrement(const Value& w) { return call(Prim::Minus, w, weak(1)); }
Value square(const Value& w) { return call(Prim::Times, w, w); }
Value twice(const Value& w) { return call(Prim::Plus, w, w); }

// K○Y: the circular function of code K (0…8), one math object each.
Value circle(const Value& a, const Value& w) {
    using enum math::Fn;
    static constexpr math::Fn CODES[] = {Circle0, Sin, Cos, Tan, Circle4, Sinh, Cosh, Tanh, Circle8};
    return circle_by(CODES, a, w);
}

// f Y and g Y as a new trailing axis of length 2 (∨Y: real and imaginary parts; ∧Y: magnitude
// and phase). Nested arrays apply it to each item.
Value pair_axis(math::Fn f, math::Fn g, const Value& w) {
    Value y = compact_numbers(w);
    if (y.is_exact()) return value::make_array({2}, {pervade_fn(f, y), pervade_fn(g, y)});
    if (!y.is_native()) {
        const ArrayData& a = y.array_data();
        std::vector<Value> items;
        bool simple = a.count() > 0;
        for (int64_t i = 0; i < a.count() && simple; i++) simple = a.item(i).is_atom();
        if (simple) { // number atoms that share no compact kind (exact ones): still a trailing axis
            for (int64_t i = 0; i < a.count(); i++) {
                items.push_back(pervade_fn(f, a.item(i)));
                items.push_back(pervade_fn(g, a.item(i)));
            }
            Shape s = a.shape();
            s.push_back(2);
            return value::make_array(std::move(s), std::move(items));
        }
        for (int64_t i = 0; i < a.count(); i++) items.push_back(pair_axis(f, g, a.item(i)));
        Value proto = a.count() == 0 ? pair_axis(f, g, a.prototype()) : Value{};
        return value::make_array(a.shape(), std::move(items), proto);
    }
    Shape s = y.shape();
    int64_t n = value::count_of(s);
    s.push_back(2);
    std::vector<int64_t> idx = reserve_positions(value::count_of(s)); // y may be a lazy 10⁸ items
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(idx.size());
        idx.push_back(i);
        idx.push_back(n + i);
    }
    return gather_many({pervade_fn(f, y), pervade_fn(g, y)}, std::move(s), std::move(idx));
}

Value parts(const Value& w) { return pair_axis(math::Fn::Real, math::Fn::Imag, w); }
Value polar(const Value& w) { return pair_axis(math::Fn::Magnitude, math::Fn::Phase, w); }

// ○Y is cis Y, e to the power 0j1×Y.
Value cis(const Value& w) { return call(Prim::Star, call(Prim::Times, Value::complex(0, 1), w)); }

// --- ⌹ (functions.md §9.3): one Call node over math's LAPACK routines per matrix ---

// The kind a matrix computes in: complex128 with a complex operand, else float64; the result
// rounds back to float32 or float16 when every operand was that narrow (core:3174).
Kind solve_kind(const Value& x, Kind* out) {
    Value v = compact_numbers(x);
    if (v.is_exact() || (v.is_native() && v.kind() == Kind::Exact))
        fail(ErrorKind::Nonce, "⌹ of exact (ᵣ) numbers is not supported yet");
    if (!v.is_native() || v.kind() == Kind::Char) fail(ErrorKind::Domain, "⌹ needs numbers"); // functions, nested
    *out = v.kind();
    return number::is_complex(v.kind()) ? Kind::C128 : Kind::F64;
}
Kind narrowed(Kind compute, Kind a, Kind b) {
    if (compute != Kind::F64) return compute;
    bool narrow = (a == Kind::F32 || a == Kind::F16) && (b == Kind::F32 || b == Kind::F16);
    return narrow ? (a == Kind::F16 && b == Kind::F16 ? Kind::F16 : Kind::F32) : Kind::F64;
}

// The matrices of a rank ≥ 3 array, in frame order, and the frame.
std::vector<Value> matrices(const Value& y, Shape& frame) {
    Shape s = y.shape();
    frame.assign(s.begin(), s.end() - 2);
    int64_t f = value::count_of(frame), per = value::count_of({s[s.size() - 2], s.back()});
    // one pending copy per matrix: an empty array's frame may count past 10⁹ (or int64)
    check_count(f);
    program::check_memory(f * 256);
    std::vector<Value> out;
    for (int64_t i = 0; i < f; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        out.push_back(copy(y, math::Mapping::strided({per}, {1}, i * per), {s[s.size() - 2], s.back()}));
    }
    return out;
}
// Results of one shape each, assembled in frame order.
Value assemble(const Shape& frame, const std::vector<Value>& parts, const Shape& cell) {
    Shape shape = frame;
    shape.insert(shape.end(), cell.begin(), cell.end());
    if (parts.empty()) return gather(Value::real(0), std::move(shape), {});
    int64_t n = value::count_of(shape);
    std::vector<int64_t> idx = reserve_positions(n);
    for (int64_t i = 0; i < n; i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        idx.push_back(i);
    }
    return gather_many(parts, std::move(shape), std::move(idx));
}

Value matrix_inverse(const Value& w0) {
    Kind given;
    Kind k = solve_kind(w0, &given);
    Value w = compact_numbers(w0);
    if (w.rank() == 0) { // a unit reciprocates (never ÷ on integers); ⌹0 is singular
        Value x = w.read();
        if (x.re() == 0 && x.im() == 0) fail(ErrorKind::Domain, "⌹ of a singular matrix");
        return call(Prim::Divide, Value::real(1), convert_to(x, k));
    }
    if (w.rank() == 1) { // a one-column matrix: its pseudoinverse's one row
        int64_t m = w.shape()[0];
        return call(Prim::Comma, matrix_inverse(call(Prim::Rho, shape_vector({m, 1}), w)));
    }
    if (w.rank() > 2) {
        Shape frame;
        std::vector<Value> parts;
        for (const Value& y : matrices(w, frame)) parts.push_back(matrix_inverse(y));
        Shape s = w.shape();
        return assemble(frame, parts, {s.back(), s[s.size() - 2]});
    }
    int64_t m = w.shape()[0], n = w.shape()[1];
    if (m < n) fail(ErrorKind::Length, "⌹ needs at least as many rows as columns");
    Value r = routine(math::Routine::MatrixInverse, k, {convert_to(w, k)}, n, Desc{k, false, false, {n, m}});
    return convert_to(r, narrowed(k, given, given));
}

Value matrix_divide(const Value& a0, const Value& w0) {
    Kind ga, gw;
    Kind ka = solve_kind(a0, &ga), kw = solve_kind(w0, &gw);
    Kind k = ka == Kind::C128 || kw == Kind::C128 ? Kind::C128 : Kind::F64;
    Value a = compact_numbers(a0), w = compact_numbers(w0);
    if (w.rank() == 0) {
        Value x = w.read();
        if (x.re() == 0 && x.im() == 0) fail(ErrorKind::Domain, "⌹ of a singular matrix");
        return call(Prim::Divide, convert_to(a, k), convert_to(x, k));
    }
    if (w.rank() == 1) { // a one-column matrix: Z has shape (1↓⍴Y),1↓⍴X, so its one-row axis goes
        int64_t m = w.shape()[0];
        Value z = matrix_divide(a, call(Prim::Rho, shape_vector({m, 1}), w));
        Shape sa = a.shape();
        Shape rest = sa.empty() ? Shape{} : Shape(sa.begin() + 1, sa.end());
        return rest.empty() ? gather(z, {}, {0}, true) : call(Prim::Rho, shape_vector(rest), z);
    }
    if (w.rank() > 2) {
        Shape frame;
        std::vector<Value> parts;
        for (const Value& y : matrices(w, frame)) parts.push_back(matrix_divide(a, y));
        return assemble(frame, parts, parts.empty() ? Shape{} : parts[0].shape());
    }
    int64_t m = w.shape()[0], n = w.shape()[1];
    if (m < n) fail(ErrorKind::Length, "⌹ needs at least as many equations as unknowns");
    if (a.rank() == 0 || a.rank() > 2 || a.shape()[0] != m)
        fail(ErrorKind::Length, "⌹: one right-hand side row per matrix row");
    int64_t r = a.rank() == 1 ? 1 : a.shape()[1];
    Shape out = a.rank() == 1 ? Shape{n} : Shape{n, r};
    Value z = routine(math::Routine::MatrixDivide, k, {convert_to(w, k), convert_to(a, k)}, n, Desc{k, false, false, out});
    return convert_to(z, narrowed(k, ga, gw));
}


// --- ⌻ (functions.md §9.4): each form is evaluated by the scalar rows, term by term, so
// integer and exact coefficients stay exact; C is a parameter (read), X stays a graph value ---

// The items of a read value (an atom is its one item).
std::vector<Value> items_read(const Value& v) {
    Value x = v.read();
    if (!x.is_stored_array()) return {x};
    std::vector<Value> out;
    for (int64_t i = 0; i < x.count(); i++) out.push_back(x.array_data().item(i));
    return out;
}

// A polynomial form, read: coefficients (constant first), or M and the roots R of M××/X-R, or a
// table of terms (coefficient, then one exponent per variable).
struct Form {
    enum { Coefficients, Roots, Table } kind;
    std::vector<Value> items; // the coefficients, or the roots
    Value m;                  // the multiplier of a roots form
    Value table;              // a table form's matrix
};
Form form_of(const Value& c) {
    Value x = c.read();
    if (x.is_stored_array() && x.array_data().is_boxed()) {
        const ArrayData& a = x.array_data();
        if (x.rank() == 0) { // ⊂R or ⊂T
            Value inner = a.item(0).read();
            if (inner.rank() == 2) return {Form::Table, {}, {}, inner};
            if (inner.rank() <= 1) return {Form::Roots, items_read(inner), Value::integer(1), {}};
        }
        if (x.rank() == 1 && x.count() == 2 && a.item(1).rank() == 1 && a.item(0).is_atom())
            return {Form::Roots, items_read(a.item(1)), a.item(0).read(), {}};
        fail(ErrorKind::Domain, "⌻ takes coefficients, [M R] or an enclosed table of terms");
    }
    if (x.is_stored_array() && x.rank() > 1) fail(ErrorKind::Rank, "one polynomial per call");
    if (x.is_char() || (x.is_stored_array() && x.kind() == Kind::Char)) fail(ErrorKind::Domain, "⌻ needs numbers");
    return {Form::Coefficients, items_read(x), {}, {}};
}

// `c` shaped as X (a constant polynomial keeps X's shape).
Value like(const Value& c, const Value& x) { return x.is_atom() ? c : call(Prim::Rho, shape_vector(x.shape()), c); }

Value evaluate(const Form& f, const Value& x) {
    if (f.kind == Form::Coefficients) { // Horner, from the highest term
        if (f.items.empty()) return like(Value::integer(0), x);
        Value r = like(f.items.back(), x);
        for (size_t i = f.items.size() - 1; i-- > 0;) r = call(Prim::Plus, call(Prim::Times, r, x), f.items[i]);
        return r;
    }
    if (f.kind == Form::Roots) {
        Value r = like(f.m, x);
        for (const Value& root : f.items) r = call(Prim::Times, r, call(Prim::Minus, x, root));
        return r;
    }
    // a table at one enclosed coordinate vector (a unit coordinate serves every variable)
    Value point = x.read();
    if (point.is_stored_array() && point.array_data().is_boxed() && point.rank() == 0) point = point.array_data().item(0);
    std::vector<Value> coords = items_read(point);
    Shape ts = f.table.shape();
    size_t vars = static_cast<size_t>(ts[1] - 1);
    if (coords.size() != vars && coords.size() != 1) fail(ErrorKind::Length, "one coordinate per variable");
    std::vector<Value> cells = items_read(f.table);
    Value sum = Value::integer(0);
    for (int64_t row = 0; row < ts[0]; row++) {
        Value term = cells[static_cast<size_t>(row * ts[1])];
        for (size_t j = 0; j < vars; j++)
            term = call(Prim::Times, term, call(Prim::Star, coords[coords.size() == 1 ? 0 : j], cells[static_cast<size_t>(row * ts[1]) + 1 + j]));
        sum = call(Prim::Plus, sum, term);
    }
    return sum;
}

Value polynomial(const Value& c, const Value& x) {
    Value cv = c.read();
    if (cv.is_stored_array() && !cv.array_data().is_boxed() && cv.rank() == 2) {
        // a matrix of coefficient rows pairs its rows with X's items (ranks 1 0)
        int64_t rows = cv.shape()[0], width = cv.shape()[1];
        std::vector<Value> items = items_read(cv);
        std::vector<Value> points = x.is_atom() ? std::vector<Value>(static_cast<size_t>(rows), x.read()) : items_read(x);
        if (static_cast<int64_t>(points.size()) != rows) fail(ErrorKind::Length, "one point per row of coefficients");
        std::vector<Value> out;
        for (int64_t r = 0; r < rows; r++) {
            Form f{Form::Coefficients, std::vector<Value>(items.begin() + r * width, items.begin() + (r + 1) * width), {}, {}};
            out.push_back(evaluate(f, points[static_cast<size_t>(r)]));
        }
        std::vector<int64_t> idx(out.size());
        for (size_t i = 0; i < idx.size(); i++) idx[i] = static_cast<int64_t>(i);
        return gather_many(out, {rows}, std::move(idx));
    }
    return evaluate(form_of(c), x);
}

Value roots(const Value&) { fail(ErrorKind::Nonce, "⌻ roots are not supported yet"); }

} // namespace

// ⌻⁻: the coefficient vector of any form (one variable, nonnegative integral exponents).
Value polynomial_coefficients(const Value& c) {
    Form f = form_of(c);
    std::vector<Value> coefs;
    if (f.kind == Form::Coefficients) {
        coefs = f.items;
    } else if (f.kind == Form::Roots) { // M×(x−r₀)×(x−r₁)…, one root at a time
        coefs = {f.m};
        for (const Value& r : f.items) {
            std::vector<Value> next(coefs.size() + 1, Value::integer(0));
            for (size_t k = 0; k < coefs.size(); k++) {
                next[k] = call(Prim::Minus, next[k], call(Prim::Times, r, coefs[k])).read();
                next[k + 1] = call(Prim::Plus, next[k + 1], coefs[k]).read();
            }
            coefs = std::move(next);
        }
    } else {
        Shape ts = f.table.shape();
        if (ts[1] != 2) fail(ErrorKind::Domain, "only a table of one variable converts to coefficients");
        std::vector<Value> cells = items_read(f.table);
        for (int64_t row = 0; row < ts[0]; row++) {
            std::vector<int64_t> e = read_ints(cells[static_cast<size_t>(row * 2 + 1)]);
            if (e[0] < 0) fail(ErrorKind::Domain, "exponents must be nonnegative integers");
            if (e[0] >= MAX_ITEMS) check_count(MAX_ITEMS + 1); // (e[0] + 1 overflowed at INT64_MAX)
            program::check_memory(value::count_of({e[0] + 1, static_cast<int64_t>(sizeof(Value))}));
            if (static_cast<int64_t>(coefs.size()) <= e[0]) coefs.resize(static_cast<size_t>(e[0] + 1), Value::integer(0));
            coefs[static_cast<size_t>(e[0])] = call(Prim::Plus, coefs[static_cast<size_t>(e[0])], cells[static_cast<size_t>(row * 2)]).read();
        }
    }
    int64_t n = static_cast<int64_t>(coefs.size());
    return value::make_array({n}, std::move(coefs), Value::integer(0));
}

// clang-format off
const std::vector<Rule>& numeric_rules() {
    static const std::vector<Rule> RULES = {
        //  row            monadic     dyadic
        {Prim::Encode,    encode2,    encode},
        {Prim::Decode,    decode2,    decode},
        {Prim::GreaterEqual, increment, nullptr},
        {Prim::LessEqual, decrement,  nullptr},
        {Prim::Nand,      square,     nullptr},
        {Prim::Nor,       twice,      nullptr},
        {Prim::Circle,    cis,        circle},
        {Prim::Or,        parts,      nullptr},
        {Prim::And,       polar,      nullptr},
        {Prim::Domino,    matrix_inverse, matrix_divide},
        {Prim::Polynomial, roots,     polynomial},
    };
    return RULES;
}
// clang-format on

Value circle_by(const math::Fn (&codes)[9], const Value& a, const Value& w) {
    auto check = [](int64_t code) {
        if (code < 0 || code > 8) fail(ErrorKind::Domain, "circle codes are 0 to 8");
        return code;
    };
    if (a.rank() == 0 || a.count() == 1) return pervade_fn(codes[check(read_int(a))], w);
    // An array of codes pairs item by item with Y (an atom Y extends): each code's function over
    // the whole of Y, and each result item taken from its own code's.
    std::vector<int64_t> given = read_ints(a);
    Shape s = a.shape();
    if (w.rank() > 0 && w.rank() != a.rank()) fail(ErrorKind::Rank, "circle codes and arguments differ in rank");
    if (w.rank() > 0 && w.shape() != s) fail(ErrorKind::Length, "circle codes and arguments differ in length");
    int64_t n = value::count_of(s);
    Value y = w.rank() > 0 ? w : copy(w, math::Mapping::reshape(1, n), s);
    std::vector<Value> results;
    int source[9];
    std::fill(std::begin(source), std::end(source), -1);
    std::vector<int64_t> idx(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; i++) {
        int64_t c = check(given[static_cast<size_t>(i)]);
        if (source[c] < 0) {
            source[c] = static_cast<int>(results.size());
            results.push_back(pervade_fn(codes[c], y));
        }
        idx[static_cast<size_t>(i)] = source[c] * n + i;
    }
    if (n == 0) return pervade_fn(codes[0], y);
    return gather_many(results, std::move(s), std::move(idx));
}

} // namespace bpl::prim
