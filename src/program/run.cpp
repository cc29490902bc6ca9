// Step runners: each step of a stage over stored operands, through the math library's kernels.
// Runners never throw and never allocate per item; data errors go to the slot.
#include "program/run.h"

#include "base/assert.h"
#include "base/interrupt.h"
#include "math/distribution.h"
#include "math/random.h"
#include "math/search.h"
#include "value/array.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace bpl::program {

using number::Kind;
using value::ArrayData;
using value::Value;

namespace {

// A stored operand's items: an atom is spilled into `atom` storage.
struct Items {
    const std::byte* data = nullptr;
    Kind kind = Kind::F64;
    const value::Shape* shape_of = nullptr; // the stored array's; null for an atom
    alignas(16) std::byte atom[16];
    const value::Shape& shape() const {
        static const value::Shape none;
        return shape_of ? *shape_of : none;
    }
};

// A stored operand's first item: a stored array's own buffer, an atom spilled into `spill`.
inline const std::byte* items_data(const Value& v, std::byte* spill) {
    if (v.is_number() && v.kind() == Kind::F64) { // the usual atom, without store_item's switch
        double f = v.as_f64();
        std::memcpy(spill, &f, sizeof f);
        return spill;
    }
    if (v.is_stored_array()) return static_cast<const std::byte*>(v.array_data().data());
    value::store_item(v.kind(), spill, v);
    return spill;
}

void items_of(const Value& v, Items& it) {
    it.kind = v.kind();
    it.shape_of = v.is_stored_array() ? &v.array_data().shape() : nullptr;
    it.data = items_data(v, it.atom);
}

// An atom of a scalar function or conversion: one item computed in cells, no stored array and
// no operand list; a Map through the kernel its plan resolved (Instr::item).
Value run_atom(const Instr& in, std::span<const Value* const> operands, math::ErrorSlot& slot) {
    alignas(16) std::byte x[16], y[16], cell[16];
    const std::byte* a = items_data(*operands[0], x);
    if (in.step == Step::Convert) {
        math::convert(operands[0]->kind(), a, in.out.kind, cell, 1);
    } else {
        in.item(a, operands.size() == 1 ? nullptr : items_data(*operands[1], y), cell, slot);
    }
    return value::load_item(in.out.kind, in.out.weak, cell);
}

} // namespace

bool is_atom_step(const Instr& in) { return in.out.atom && (in.step == Step::Map || in.step == Step::Convert); }

AtomStage AtomStage::of(const Program& program, std::span<const int32_t> steps) {
    ASSERT(steps.size() <= ATOM_STAGE_STEPS, "an atom stage holds at most ATOM_STAGE_STEPS steps");
    AtomStage st;
    // Each operand's cell: a step of this stage (steps ascend, so a binary search finds it), else
    // an outside reference, loaded once. Step cells are numbered after every load is known.
    std::vector<int32_t> refs; // per operand slot: >= 0 a load's index, < 0 step -r-1 of the stage
    auto cell_of = [&](int32_t r) -> int32_t {
        if (r >= 0) {
            const int32_t* at = std::lower_bound(steps.data(), steps.data() + steps.size(), r);
            if (at != steps.data() + steps.size() && *at == r) return -static_cast<int32_t>(at - steps.data()) - 1;
        }
        auto it = std::find(st.loads.begin(), st.loads.end(), r);
        if (it == st.loads.end()) it = st.loads.insert(st.loads.end(), r);
        return static_cast<int32_t>(it - st.loads.begin());
    };
    for (int32_t s : steps) {
        const Instr& in = program.steps[static_cast<size_t>(s)];
        Op op;
        op.convert = in.step == Step::Convert;
        if (op.convert) {
            int32_t r = in.operands[0];
            op.from = r >= 0 ? program.steps[static_cast<size_t>(r)].out.kind : program.inputs[static_cast<size_t>(-r - 1)].kind;
            op.to = in.out.kind;
        } else {
            op.item = in.item;
        }
        refs.push_back(cell_of(in.operands[0]));
        refs.push_back(in.operands.size() > 1 ? cell_of(in.operands[1]) : INT32_MIN);
        st.ops.push_back(op);
    }
    auto loads = static_cast<int32_t>(st.loads.size());
    auto cell = [&](int32_t r) { return static_cast<uint8_t>(r >= 0 ? r : loads + (-r - 1)); };
    for (size_t k = 0; k < st.ops.size(); k++) {
        st.ops[k].a = cell(refs[2 * k]);
        st.ops[k].b = refs[2 * k + 1] == INT32_MIN ? NONE : cell(refs[2 * k + 1]);
    }
    const Instr& root = program.steps[static_cast<size_t>(steps.back())];
    st.root_kind = root.out.kind;
    st.root_weak = root.out.weak;
    return st;
}

Value run_atoms(const AtomStage& st, const std::vector<Value>& results, const std::vector<Value>& inputs,
                math::ErrorSlot& slot) {
    constexpr size_t CELLS = 3 * ATOM_STAGE_STEPS; // two outside operands a step at most, and the steps
    static_assert(CELLS < AtomStage::NONE, "a cell index fits a byte");
    alignas(16) std::byte cells[CELLS][16];
    const std::byte* at[CELLS];
    // the lists' data in locals: the cells are bytes, which may alias anything, and a kernel is
    // a call, so the vectors' own pointers would be reloaded every item
    const int32_t* load = st.loads.data();
    size_t loads = st.loads.size();
    const Value* stored = results.data();
    const Value* given = inputs.data();
    for (size_t j = 0; j < loads; j++) {
        int32_t r = load[j];
        at[j] = items_data(r >= 0 ? stored[r] : given[-r - 1], cells[j]);
    }
    const AtomStage::Op* ops = st.ops.data();
    size_t n = st.ops.size();
    for (size_t k = 0; k < n; k++) {
        const AtomStage::Op& op = ops[k];
        std::byte* out = cells[loads + k];
        if (op.convert) math::convert(op.from, at[op.a], op.to, out, 1);
        else op.item(at[op.a], op.b == AtomStage::NONE ? nullptr : at[op.b], out, slot);
        at[loads + k] = out;
    }
    return value::load_item(st.root_kind, st.root_weak, cells[loads + n - 1]);
}

namespace {

// Strides (in items) of an operand of shape `s` read along result shape `r` with leading-axis
// agreement: a missing trailing axis or a stretched length-1 axis reads with stride 0.
std::vector<int64_t> agreement_strides(const value::Shape& s, const value::Shape& r) {
    std::vector<int64_t> own(s.size());
    int64_t st = 1;
    for (size_t j = s.size(); j-- > 0;) {
        own[j] = st;
        st *= s[j];
    }
    std::vector<int64_t> out(r.size(), 0);
    for (size_t j = 0; j < r.size() && j < s.size(); j++) out[j] = (s[j] == 1 && r[j] != 1) ? 0 : own[j];
    return out;
}

void run_map(const Instr& in, std::span<const Items* const> ops, ArrayData& out,
             math::ErrorSlot& slot) {
    const value::Shape& r = out.shape();
    int64_t n = out.count();
    if (n == 0) return;
    int isz = math::item_size(in.compute);
    int osz = math::item_size(out.kind());
    auto* o = static_cast<std::byte*>(out.data());
    if (ops.size() == 1) {
        const Items& a = *ops[0];
        if (a.shape().empty()) {
            math::unary(in.fn, in.compute, a.data, 0, o, n, slot);
        } else {
            math::unary(in.fn, in.compute, a.data, 1, o, n, slot);
        }
        return;
    }
    const Items& a = *ops[0];
    const Items& b = *ops[1];
    int64_t na = value::count_of(a.shape()), nb = value::count_of(b.shape());
    // Fast paths: equal counts, or a unit on one side.
    if ((na == n || na == 1) && (nb == n || nb == 1) && (a.shape() == r || na == 1) &&
        (b.shape() == r || nb == 1)) {
        math::binary(in.fn, in.compute, a.data, na == 1 ? 0 : 1, b.data, nb == 1 ? 0 : 1, o, n,
                     slot);
        return;
    }
    // General leading-axis agreement: odometer over the outer axes, one kernel call per row.
    std::vector<int64_t> sa = agreement_strides(a.shape(), r), sb = agreement_strides(b.shape(), r);
    size_t rank = r.size();
    int64_t inner = r[rank - 1];
    std::vector<int64_t> pos(rank, 0);
    int64_t pa = 0, pb = 0;
    for (int64_t done = 0; done < n; done += inner) {
        math::binary(in.fn, in.compute, a.data + pa * isz, sa[rank - 1], b.data + pb * isz,
                     sb[rank - 1], o + done * osz, inner, slot);
        for (size_t j = rank - 1; j-- > 0;) {
            pos[j]++;
            pa += sa[j];
            pb += sb[j];
            if (pos[j] < r[j]) break;
            pa -= sa[j] * r[j];
            pb -= sb[j] * r[j];
            pos[j] = 0;
        }
    }
}

} // namespace

void fill_item(Kind k, std::byte* dst) {
    if (k == Kind::Char) {
        char32_t sp = U' ';
        std::memcpy(dst, &sp, sizeof sp);
    } else {
        std::memset(dst, 0, static_cast<size_t>(math::item_size(k)));
    }
}

namespace {

void run_gather(std::span<const Items* const> ops, ArrayData& out) {
    int sz = math::item_size(out.kind());
    const Items& idx = *ops.back();
    const auto* ix = reinterpret_cast<const int64_t*>(idx.data);
    std::vector<int64_t> starts; // where each source's items start in the shared index space
    int64_t total = 0;
    for (size_t s = 0; s + 1 < ops.size(); s++) {
        starts.push_back(total);
        total += value::count_of(ops[s]->shape());
    }
    auto* o = static_cast<std::byte*>(out.data());
    for (int64_t i = 0; i < out.count(); i++) {
        base::poll_interrupt(static_cast<uint64_t>(i));
        int64_t j = ix[i];
        if (j < 0 || j >= total) {
            fill_item(out.kind(), o + i * sz);
            continue;
        }
        // the last source starting at or before j (a scan from the first made many sources,
        // `(⍳5000)↦5000`, quadratic)
        size_t s = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), j) - starts.begin()) - 1;
        std::memcpy(o + i * sz, ops[s]->data + (j - starts[s]) * sz, static_cast<size_t>(sz));
    }
}

// Splits shape s around `axis`: items before it (outer), its length, items after it (inner).
void split_axis(const value::Shape& s, int64_t axis, int64_t& outer, int64_t& len, int64_t& inner) {
    outer = 1;
    inner = 1;
    for (int64_t j = 0; j < axis; j++) outer *= s[j];
    len = s[axis];
    for (size_t j = axis + 1; j < s.size(); j++) inner *= s[j];
}

void run_fold(const Instr& in, const Items& a, ArrayData& out, math::ErrorSlot& slot) {
    int64_t outer, len, inner;
    split_axis(a.shape(), in.params[0], outer, len, inner);
    int sz = math::item_size(in.compute);
    auto* o = static_cast<std::byte*>(out.data());
    for (int64_t p = 0; p < outer; p++) {
        for (int64_t q = 0; q < inner; q++) {
            std::byte* dst = o + (p * inner + q) * sz;
            if (len == 0) {
                math::identity(in.fn, in.compute, dst);
            } else {
                math::fold(in.fn, in.compute, a.data + (p * len * inner + q) * sz, inner, len, dst,
                           slot);
            }
        }
    }
}

void run_scan(const Instr& in, const Items& a, ArrayData& out, math::ErrorSlot& slot) {
    int64_t outer, len, inner;
    split_axis(a.shape(), in.params[0], outer, len, inner);
    int sz = math::item_size(in.compute);
    auto* o = static_cast<std::byte*>(out.data());
    for (int64_t p = 0; p < outer; p++) {
        // Each step combines a whole row of `inner` lanes with the previous row.
        const std::byte* src = a.data + p * len * inner * sz;
        std::byte* dst = o + p * len * inner * sz;
        if (len == 0) continue;
        std::memcpy(dst, src, static_cast<size_t>(inner * sz));
        for (int64_t i = 1; i < len; i++)
            math::binary(in.fn, in.compute, dst + (i - 1) * inner * sz, 1, src + i * inner * sz, 1,
                         dst + i * inner * sz, inner, slot);
    }
}

void run_iota(const Instr& in, ArrayData& out) {
    int64_t n = in.params[0];
    bool down = in.params[1] < 0;
    auto* o = out.items_as<int64_t>();
    for (int64_t i = 0; i < n; i++) o[i] = down ? n - 1 - i : i;
}

// A routine over whole operands: one or two sources of `params[1]`-item cells.
void run_call(const Instr& in, std::span<const Items* const> ops, ArrayData& out,
              math::ErrorSlot& slot) {
    int64_t cell = in.params[1];
    auto cells = [&](const Items& it) {
        int64_t n = value::count_of(it.shape());
        return cell == 0 ? (it.shape().empty() ? 1 : it.shape()[0]) : n / cell;
    };
    const Items& a = *ops[0];
    const Items* b = ops.size() > 1 ? ops[1] : nullptr;
    math::run_routine(static_cast<math::Routine>(in.params[0]), in.compute, a.data, cells(a),
                      b ? b->data : nullptr, b ? cells(*b) : 0, cell, out.data(), out.count(), slot);
}

// Random items from the stream whose key is the last operand (an Int atom): a roll over its
// bounds (a one-item bound reads with stride 0: an atom, or a broadcast's item by a rule), or a
// deal of params[1] items below an Int bound.
void run_draw(const Instr& in, std::span<const Items* const> ops, ArrayData& out,
              math::ErrorSlot& slot) {
    uint64_t key;
    std::memcpy(&key, ops.back()->data, sizeof key);
    uint64_t first = static_cast<uint64_t>(in.params[2]);
    const Items& n = *ops[0];
    switch (static_cast<math::Draw>(in.params[0])) {
    case math::Draw::Roll:
        math::roll(in.compute, n.data, value::count_of(n.shape()) == 1 ? 0 : 1, out.kind(), out.data(), out.count(),
                   key, first, slot);
        break;
    case math::Draw::Deal: {
        int64_t bound;
        std::memcpy(&bound, n.data, sizeof bound);
        math::deal(out.kind(), in.params[1], static_cast<uint64_t>(bound), out.data(), key, first);
        break;
    }
    case math::Draw::Sample:
        math::sample(n.data, out.kind(), out.data(), out.count(), key, first);
        break;
    }
}

// A write: the target's items copied, then each position's value (or its accumulation).
void run_at(const Instr& in, std::span<const Items* const> ops, ArrayData& out,
            math::ErrorSlot& slot) {
    int size = math::item_size(out.kind());
    auto* o = static_cast<std::byte*>(out.data());
    const Items& target = *ops[0];
    std::memcpy(o, target.data, static_cast<size_t>(out.count() * size));
    const Items& pos = *ops[1];
    const Items& val = *ops[2];
    int64_t n = value::count_of(pos.shape());
    const auto* p = reinterpret_cast<const int64_t*>(pos.data);
    int64_t step = value::count_of(val.shape()) == 1 ? 0 : size;
    const std::byte* v = val.data;
    if (in.params[0] == 0) {
        for (int64_t i = 0; i < n; i++, v += step)
            if (p[i] > 0) std::memcpy(o + (p[i] - 1) * size, v, static_cast<size_t>(size));
        return;
    }
    for (int64_t i = 0; i < n; i++, v += step) {
        if (p[i] <= 0) continue;
        std::byte* dst = o + (p[i] - 1) * size;
        math::binary(in.fn, in.compute, dst, 0, v, 0, dst, 1, slot);
    }
}

} // namespace

Value run_step(const Instr& in, std::span<const Value* const> operands, math::ErrorSlot& slot) {
    if (in.out.atom && (in.step == Step::Map || in.step == Step::Convert)) return run_atom(in, operands, slot);
    // Operands' items: inline for the usual one or two, a vector for a gather of many sources.
    constexpr size_t INLINE = 4;
    Items inline_items[INLINE];
    const Items* inline_ops[INLINE];
    std::unique_ptr<Items[]> more;
    std::unique_ptr<const Items*[]> more_ops;
    Items* items = inline_items;
    const Items** ops = inline_ops;
    if (operands.size() > INLINE) {
        more = std::make_unique<Items[]>(operands.size());
        more_ops = std::make_unique<const Items*[]>(operands.size());
        items = more.get();
        ops = more_ops.get();
    }
    for (size_t i = 0; i < operands.size(); i++) {
        items_of(*operands[i], items[i]);
        ops[i] = &items[i];
    }
    std::span<const Items* const> list(ops, operands.size());
    base::Ref<ArrayData> out = ArrayData::compact(in.out.kind, in.out.shape, in.out.weak);
    switch (in.step) {
    case Step::Map: run_map(in, list, *out, slot); break;
    case Step::Convert:
        math::convert(ops[0]->kind, ops[0]->data, out->kind(), out->data(), out->count());
        break;
    case Step::Gather: run_gather(list, *out); break;
    case Step::Copy: run_copy(in, *operands[0], *out); break;
    case Step::Fold: run_fold(in, *ops[0], *out, slot); break;
    case Step::Scan: run_scan(in, *ops[0], *out, slot); break;
    case Step::Iota: run_iota(in, *out); break;
    case Step::Call: run_call(in, list, *out, slot); break;
    case Step::Draw: run_draw(in, list, *out, slot); break;
    case Step::At: run_at(in, list, *out, slot); break;
    case Step::Join: {
        const std::byte* bases[2] = {ops[0]->data, ops[1]->data};
        join_items(in.params, bases, math::item_size(out->kind()), 0, out->count(), static_cast<std::byte*>(out->data()));
        break;
    }
    case Step::Product: run_product(in, ops[0]->data, ops[1]->data, *out, slot); break;
    }
    if (in.out.atom) return out->item(0);
    return Value::array(std::move(out));
}

} // namespace bpl::program
