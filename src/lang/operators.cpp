// Operators: the OperatorInfo table and the host meanings of reduce, scan, each and commute.
// Reduce and scan with a primitive operand first ask prim::reduce/scan (a Fold step); otherwise
// the generic loop calls the operand through apply(), reading the argument for its cells.
#include "lang/operators.h"

#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "prim/prim.h"
#include "value/array.h"
#include "value/match.h"

#include <cmath>
#include <cstdint>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using value::Shape;

namespace {

const Value& need_function(const Value& f, const char* op) {
    if (!f.is_function())
        throw Error(ErrorKind::Domain, std::string(op) + " needs a function operand");
    return f;
}

// Reduce one list of items right to left (§8: generic reduction associates to the right).
Value fold_items(Exec& ex, const Value& f, const std::vector<Value>& xs) {
    if (xs.empty()) throw Error(ErrorKind::Domain, "no identity for this reduction");
    Value acc = xs.back();
    for (size_t i = xs.size() - 1; i-- > 0;) acc = apply(ex, f, &xs[i], acc);
    return acc;
}

std::vector<Value> scan_items(Exec& ex, const Value& f, const std::vector<Value>& xs) {
    std::vector<Value> out;
    out.reserve(xs.size());
    for (size_t i = 0; i < xs.size(); i++)
        out.push_back(i == 0 ? xs[0] : apply(ex, f, &out.back(), xs[i]));
    return out;
}

std::optional<prim::Prim> primitive_operand(const Value& f) {
    char32_t g = primitive_glyph(f);
    return g ? prim::of_glyph(g) : std::nullopt;
}

// Rows along the last axis of a read array: frame shape and the items of each row.
struct Rows {
    Shape frame;
    std::vector<std::vector<Value>> rows;
};
Rows last_axis_rows(const Value& w) {
    Value r = w.read();
    Rows out;
    Shape s = r.shape();
    out.frame.assign(s.begin(), s.end() - 1);
    int64_t n = s.back();
    std::vector<Value> items = items_of(r);
    int64_t frames = value::count_of(out.frame);
    for (int64_t k = 0; k < frames; k++)
        out.rows.emplace_back(items.begin() + k * n, items.begin() + (k + 1) * n);
    return out;
}

// Reduce one lane onto a seed: a f b f c f S (§4.1 of operators-and-system.md).
Value fold_seeded(Exec& ex, const Value& f, const std::vector<Value>& xs, const Value& seed) {
    Value acc = seed;
    for (size_t i = xs.size(); i-- > 0;) acc = apply(ex, f, &xs[i], acc);
    return acc;
}

Value reduce(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    need_function(f, "reduce");
    if (!alpha)
        if (auto p = primitive_operand(f))
            if (auto r = prim::reduce(*p, w, first_axis)) return *r;
    auto lane = [&](const std::vector<Value>& xs) {
        return alpha ? fold_seeded(ex, f, xs, *alpha) : fold_items(ex, f, xs);
    };
    if (w.rank() == 0) return alpha ? lane(items_of(w)) : items_of(w)[0];
    if (first_axis || w.rank() == 1) return lane(major_cells(w));
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows) out.push_back(lane(row));
    return value::make_array(rows.frame, std::move(out));
}
Value reduce_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return reduce(ex, l, a, w, false);
}
Value reduce_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return reduce(ex, l, a, w, true);
}

Value scan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis) {
    if (alpha) throw Error(ErrorKind::Nonce, "a scan takes one argument");
    need_function(f, "scan");
    if (auto p = primitive_operand(f))
        if (auto r = prim::scan(*p, w, first_axis)) return *r;
    if (w.rank() == 0) return w;
    if (first_axis || w.rank() == 1) {
        std::vector<Value> cells = scan_items(ex, f, major_cells(w));
        if (w.rank() == 1) return value::make_array(w.shape(), std::move(cells));
        return cells.empty() ? w : assemble(cells);
    }
    Rows rows = last_axis_rows(w);
    std::vector<Value> out;
    for (const auto& row : rows.rows)
        for (Value& v : scan_items(ex, f, row)) out.push_back(std::move(v));
    return value::make_array(w.shape(), std::move(out));
}
Value scan_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return scan(ex, l, a, w, false);
}
Value scan_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w) {
    return scan(ex, l, a, w, true);
}

// Each keeps the container it maps over (§9.1); an atom maps to the result itself.
Value each(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!alpha) {
        if (w.is_atom()) return apply(ex, f, nullptr, w);
        Value r = w.read();
        std::vector<Value> out;
        for (const Value& x : items_of(r)) out.push_back(apply(ex, f, nullptr, x));
        Value proto;
        if (out.empty()) proto = apply(ex, f, nullptr, r.array_data().prototype());
        return value::make_array(r.shape(), std::move(out), proto);
    }
    const Value& a = *alpha;
    if (a.is_atom() && w.is_atom()) return apply(ex, f, &a, w);
    Shape sa = a.shape(), sw = w.shape();
    const Shape& longer = sa.size() >= sw.size() ? sa : sw;
    Shape shape = longer;
    for (size_t k = 0; k < std::min(sa.size(), sw.size()); k++) {
        if (sa[k] == sw[k] || sw[k] == 1) shape[k] = sa[k];
        else if (sa[k] == 1) shape[k] = sw[k];
        else throw Error(ErrorKind::Length, "each: argument shapes differ");
    }
    std::vector<Value> ia = items_of(a), iw = items_of(w);
    auto index_in = [&](const Shape& idx, const Shape& s) {
        int64_t at = 0;
        for (size_t k = 0; k < s.size(); k++) at = at * s[k] + (s[k] == 1 ? 0 : idx[k]);
        return static_cast<size_t>(at);
    };
    int64_t n = value::count_of(shape);
    std::vector<Value> out;
    Shape idx(shape.size(), 0);
    for (int64_t p = 0; p < n; p++) {
        out.push_back(apply(ex, f, &ia[index_in(idx, sa)], iw[index_in(idx, sw)]));
        for (size_t k = shape.size(); k-- > 0;) {
            if (++idx[k] < shape[k]) break;
            idx[k] = 0;
        }
    }
    Value proto;
    if (out.empty()) { // prototype mode: one call on the prototypes (§8)
        auto proto_of = [](const Value& x) {
            Value r = x.read();
            return r.is_stored_array() ? r.array_data().prototype() : r;
        };
        Value pa = proto_of(a), pw = proto_of(w);
        proto = apply(ex, f, &pa, pw);
    }
    return value::make_array(shape, std::move(out), proto);
}

Value commute(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!f.is_function()) return f;
    return apply(ex, f, &w, alpha ? *alpha : w);
}

// Compositions (operators-and-system.md §7).
Value atop_op(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value r = apply(ex, g, alpha, w);
    return apply(ex, f, nullptr, r);
}
Value over(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    Value r = apply(ex, g, nullptr, w);
    if (!alpha) return apply(ex, f, nullptr, r);
    Value l = apply(ex, g, nullptr, *alpha);
    return apply(ex, f, &l, r);
}
// f↣g: (f Y) g Y, X: (f X) g Y; A↣f: A f Y.
Value before(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!f.is_function()) {
        if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply(ex, g, &f, w);
    }
    Value l = apply(ex, f, nullptr, alpha ? *alpha : w);
    return apply(ex, g, &l, w);
}
// f↢g: Y f (g Y), X: X f (g Y); f↢A: Y f A.
Value after(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!g.is_function()) {
        if (alpha) throw Error(ErrorKind::Syntax, "a bound function takes one argument");
        return apply(ex, f, &w, g);
    }
    Value r = apply(ex, g, nullptr, w);
    return apply(ex, f, alpha ? alpha : &w, r);
}
Value valences(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    return alpha ? apply(ex, g, alpha, w) : apply(ex, f, nullptr, w);
}

// Integers from an operand (a number or a vector of them); reads it.
std::vector<int64_t> integers_of(const Value& v, const char* what) {
    std::vector<int64_t> out;
    for (const Value& x : items_of(v)) {
        if (x.is_number() && std::isinf(x.as_f64())) { // ∞: the whole argument
            out.push_back(x.as_f64() > 0 ? INT64_MAX / 2 : -(INT64_MAX / 2));
            continue;
        }
        if (!x.is_number() || !number::is_real(x.kind()) || x.as_f64() != std::trunc(x.as_f64()))
            throw Error(ErrorKind::Domain, std::string(what) + " needs integers");
        out.push_back(static_cast<int64_t>(x.as_f64()));
    }
    return out;
}

// The cells of rank k of v, in frame order. Rank-0 cells of a nested array are enclosed
// items; atom items pass as themselves (§9.1).
struct Cells {
    Shape frame;
    std::vector<Value> cells;
};
Cells cells_of(const Value& v, int64_t k) {
    int64_t r = v.rank();
    k = k < 0 ? std::max<int64_t>(0, r + k) : std::min(k, r);
    Cells out;
    Shape s = v.shape();
    out.frame.assign(s.begin(), s.begin() + (r - k));
    if (k == r) {
        out.cells.push_back(v);
        return out;
    }
    Value rd = v.read();
    const value::ArrayData& a = rd.array_data();
    Shape cell(s.begin() + (r - k), s.end());
    int64_t n = value::count_of(cell), frames = value::count_of(out.frame);
    for (int64_t f = 0; f < frames; f++) {
        if (k == 0) {
            Value x = a.item(f);
            out.cells.push_back(x.is_atom() ? x : value::enclose(x));
            continue;
        }
        std::vector<Value> items;
        for (int64_t i = 0; i < n; i++) items.push_back(a.item(f * n + i));
        out.cells.push_back(value::make_array(cell, std::move(items), a.prototype()));
    }
    return out;
}

// Results per frame position assembled into frame ++ the largest result shape, padded.
Value frame_of(const Shape& frame, const std::vector<Value>& results) {
    if (frame.empty()) return results[0];
    Value all = assemble(results);
    Shape shape = frame;
    Shape rs = all.shape();
    shape.insert(shape.end(), rs.begin() + 1, rs.end());
    Value rd = all.read();
    std::vector<Value> items = items_of(rd);
    return value::make_array(shape, std::move(items), rd.array_data().prototype());
}

Value rank(Exec& ex, const Value& f, const Value& spec, const Value* alpha, const Value& w) {
    std::vector<int64_t> k = integers_of(spec, "rank");
    if (k.empty() || k.size() > 3) throw Error(ErrorKind::Length, "rank takes one to three numbers");
    int64_t km = k.size() == 3 ? k[0] : k.back();
    int64_t kl = k.size() == 1 ? k[0] : k[k.size() - 2];
    int64_t kr = k.back();
    if (!alpha) {
        Cells c = cells_of(w, km);
        std::vector<Value> out;
        for (const Value& x : c.cells) out.push_back(apply(ex, f, nullptr, x));
        if (out.empty()) {
            Value proto = w.read().array_data().prototype();
            Value r = apply(ex, f, nullptr, value::fill_of(proto));
            Shape shape = c.frame;
            Shape rs = r.shape();
            shape.insert(shape.end(), rs.begin(), rs.end());
            return value::make_array(shape, {}, value::fill_of(r.is_stored_array() ? r.array_data().prototype() : r));
        }
        return frame_of(c.frame, out);
    }
    Cells a = cells_of(*alpha, kl), b = cells_of(w, kr);
    const Shape& longer = a.frame.size() >= b.frame.size() ? a.frame : b.frame;
    Shape frame = longer;
    for (size_t i = 0; i < std::min(a.frame.size(), b.frame.size()); i++) {
        if (a.frame[i] == b.frame[i] || b.frame[i] == 1) frame[i] = a.frame[i];
        else if (a.frame[i] == 1) frame[i] = b.frame[i];
        else throw Error(ErrorKind::Length, "rank: frames differ");
    }
    auto index_in = [](const Shape& idx, const Shape& s) {
        int64_t at = 0;
        for (size_t i = 0; i < s.size(); i++) at = at * s[i] + (s[i] == 1 ? 0 : idx[i]);
        return static_cast<size_t>(at);
    };
    int64_t n = value::count_of(frame);
    if (n == 0) throw Error(ErrorKind::Nonce, "rank with an empty frame is not supported yet");
    std::vector<Value> out;
    Shape idx(frame.size(), 0);
    for (int64_t p = 0; p < n; p++) {
        out.push_back(apply(ex, f, &a.cells[index_in(idx, a.frame)], b.cells[index_in(idx, b.frame)]));
        for (size_t i = frame.size(); i-- > 0;) {
            if (++idx[i] < frame[i]) break;
            idx[i] = 0;
        }
    }
    return frame_of(frame, out);
}

// f⍣n: n applications (a bound left argument stays); f⍣g: until (f x) g x holds.
Value power(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (g.is_function()) {
        Value x = w;
        for (;;) {
            Value next = apply(ex, f, alpha, x);
            if (truth(apply(ex, g, &next, x))) return next;
            x = next;
        }
    }
    std::vector<int64_t> n = integers_of(g, "power");
    if (n.size() != 1 || g.rank() > 0)
        throw Error(ErrorKind::Nonce, "power with an array of counts is not supported yet");
    if (n[0] < 0) throw Error(ErrorKind::Unsupported, "inverses are not supported yet");
    Value x = w;
    for (int64_t i = 0; i < n[0]; i++) x = apply(ex, f, alpha, x);
    return x;
}

// α f⊗ ω: every item of α with every item of ω; shape (⍴α),⍴ω.
Value outer(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Nonce, "monadic ⊗ is not supported yet");
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    Shape shape = alpha->shape();
    Shape sw = w.shape();
    shape.insert(shape.end(), sw.begin(), sw.end());
    std::vector<Value> out;
    for (const Value& x : ia)
        for (const Value& y : iw) out.push_back(apply(ex, f, &x, y));
    Value proto;
    if (out.empty()) { // prototype mode: one call, on α's prototype and ω's first item (§8)
        auto first = [](const Value& v, const std::vector<Value>& items) {
            if (!items.empty()) return items[0];
            Value r = v.read();
            return r.is_stored_array() ? value::fill_of(r.array_data().prototype()) : r;
        };
        proto = apply(ex, f, &static_cast<const Value&>(first(*alpha, ia)), first(w, iw));
    }
    return value::make_array(shape, std::move(out), proto);
}

// X f.g Y: f/ over X's rows g Y's columns (last axis of X with the first of Y).
Value inner(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w) {
    if (!alpha) throw Error(ErrorKind::Syntax, "inner product takes two arguments");
    Shape sa = alpha->shape(), sw = w.shape();
    int64_t n = sa.empty() ? (sw.empty() ? 1 : sw[0]) : sa.back();
    int64_t nw = sw.empty() ? n : sw[0];
    if (!sa.empty() && !sw.empty() && n != nw) throw Error(ErrorKind::Length, "inner product lengths differ");
    std::vector<Value> ia = items_of(*alpha), iw = items_of(w);
    int64_t rows = sa.empty() ? 1 : value::count_of(Shape(sa.begin(), sa.end() - 1));
    int64_t cols = sw.empty() ? 1 : value::count_of(Shape(sw.begin() + 1, sw.end()));
    Shape shape(sa.begin(), sa.empty() ? sa.end() : sa.end() - 1);
    if (!sw.empty()) shape.insert(shape.end(), sw.begin() + 1, sw.end());
    std::vector<Value> out;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            std::vector<Value> row, col;
            for (int64_t k = 0; k < n; k++) {
                row.push_back(sa.empty() ? ia[0] : ia[static_cast<size_t>(i * n + k)]);
                col.push_back(sw.empty() ? iw[0] : iw[static_cast<size_t>(k * cols + j)]);
            }
            Value r = vector_of(std::move(row)), c = vector_of(std::move(col));
            out.push_back(reduce(ex, f, nullptr, apply(ex, g, &r, c), false));
        }
    if (shape.empty()) return out[0];
    return value::make_array(shape, std::move(out));
}

// clang-format off
const OperatorInfo OPERATORS[] = {
    // glyph  dyadic  name        call
    {U'/',  false, "reduce",     reduce_last},
    {U'⌿',  false, "reduce",     reduce_first},
    {U'\\', false, "scan",       scan_last},
    {U'⍀',  false, "scan",       scan_first},
    {U'¨',  false, "each",       each},
    {U'⍨',  false, "commute",    commute},
    {U'⊗',  false, "outer",      outer},
    {U'⌸',  false, "key",        nullptr},
    {U'∂',  false, "derivative", nullptr},
    {U'∘',  true,  "atop",       atop_op},
    {U'⍤',  true,  "rank",       rank},
    {U'⍥',  true,  "over",       over},
    {U'↣',  true,  "before",     before},
    {U'↢',  true,  "after",      after},
    {U'⍣',  true,  "power",      power},
    {U'⇄',  true,  "swap",       nullptr},
    {U'⍚',  true,  "agenda",     nullptr},
    {U'@',  true,  "under",      nullptr},
    {U'⌺',  true,  "stencil",    nullptr},
    {U'⍠',  true,  "variant",    nullptr},
    {U'⊘',  true,  "valences",   valences},
    {U'.',  true,  "inner",      inner},
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
        : info_(info), left_(std::move(l)), right_(std::move(r)) {}
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

Value operator_with_right(char32_t glyph, Value right) {
    return Value::function(
        base::Ref<value::Function>(new RightBoundOp(operator_value(glyph), std::move(right))));
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
