// The block-stage runner: each step of a fused stage over one block of items at a time, through
// the math library's vector kernels, into block buffers allocated once per stage run. A fold root
// keeps a running total: blocks run from the last to the first, and each block's fold takes the
// total so far as its last item, so any fold function keeps APL's right-to-left order.
#include "program/block.h"

#include "value/array.h"

#include <array>
#include <cstring>
#include <memory>

namespace bpl::program {

using number::Kind;
using value::ArrayData;
using value::Value;

namespace {

// Where a step of the stage reads one operand: a block buffer, a stored array read item for item
// (advancing by the block), or one item for every result item (stride 0).
struct Source {
    const std::byte* base;
    int64_t stride; // items
    int size;       // bytes per item
    Kind kind;
};

struct Buffers {
    std::unique_ptr<std::byte, void (*)(void*)> mem{nullptr, &std::free};
    size_t each = 0;
    std::byte* at(size_t k) const { return mem.get() + k * each; }
};

} // namespace

Value run_block(const Plan& plan, const Stage& st, const std::vector<Value>& results,
                const std::vector<Value>& inputs, math::ErrorSlot& slot) {
    const Program& p = plan.program;
    const std::vector<int32_t>& steps = st.steps;
    const Instr& root = p.steps[static_cast<size_t>(steps.back())];
    bool fold = root.step == Step::Fold;
    // Steps computed into buffers: all but a stored root; a fold's operand holds one more item
    // (the running total).
    size_t computed = fold ? steps.size() - 1 : steps.size();
    int64_t n = fold ? p.steps[static_cast<size_t>(root.operands[0])].out.count() : root.out.count();

    Buffers buf;
    buf.each = static_cast<size_t>((BLOCK_ITEMS + 1) * 8 + 63) / 64 * 64;
    buf.mem.reset(static_cast<std::byte*>(std::aligned_alloc(64, buf.each * steps.size())));
    std::vector<int32_t> slot_of(p.steps.size(), -1); // step -> buffer index inside the stage
    for (size_t k = 0; k < computed; k++) slot_of[static_cast<size_t>(steps[k])] = static_cast<int32_t>(k);

    // Outside operands: stored arrays or atoms (spilled into `atoms`).
    std::vector<std::array<std::byte, 16>> atoms(steps.size() * 2);
    std::vector<Source> sources; // per step, per operand, in order
    std::vector<size_t> first_source(steps.size() + 1, 0);
    for (size_t k = 0; k < steps.size(); k++) {
        const Instr& in = p.steps[static_cast<size_t>(steps[k])];
        first_source[k] = sources.size();
        for (size_t j = 0; j < in.operands.size(); j++) {
            int32_t r = in.operands[j];
            if (r >= 0 && slot_of[static_cast<size_t>(r)] >= 0) {
                const Desc& d = p.steps[static_cast<size_t>(r)].out;
                sources.push_back({buf.at(static_cast<size_t>(slot_of[static_cast<size_t>(r)])), -1,
                                   math::item_size(d.kind), d.kind});
                continue;
            }
            const Value& v = r >= 0 ? results[static_cast<size_t>(r)] : inputs[static_cast<size_t>(-r - 1)];
            int size = math::item_size(v.kind());
            if (v.is_stored_array()) {
                const ArrayData& a = v.array_data();
                sources.push_back({static_cast<const std::byte*>(a.data()), a.count() == 1 ? 0 : 1, size, v.kind()});
            } else {
                std::byte* cell = atoms[k * 2 + j].data();
                value::store_item(v.kind(), cell, v);
                sources.push_back({cell, 0, size, v.kind()});
            }
        }
    }
    first_source[steps.size()] = sources.size();

    base::Ref<ArrayData> out = ArrayData::compact(root.out.kind, root.out.shape, root.out.weak);
    auto* out_items = static_cast<std::byte*>(out->data());
    int out_size = math::item_size(root.out.kind);
    alignas(16) std::byte total[16];
    int64_t blocks = (n + BLOCK_ITEMS - 1) / BLOCK_ITEMS;
    for (int64_t b = 0; b < blocks; b++) {
        int64_t block = fold ? blocks - 1 - b : b;
        int64_t lo = block * BLOCK_ITEMS, m = std::min(BLOCK_ITEMS, n - lo);
        for (size_t k = 0; k < computed; k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            std::byte* dst = (!fold && k + 1 == steps.size()) ? out_items + lo * out_size : buf.at(k);
            const Source* src = sources.data() + first_source[k];
            auto at = [&](size_t j, int64_t& stride) {
                const Source& s = src[j];
                if (s.stride < 0) { // a buffer of this stage
                    stride = 1;
                    return s.base;
                }
                stride = s.stride;
                return s.base + s.stride * lo * s.size;
            };
            switch (in.step) {
            case Step::Map: {
                int64_t sa, sb;
                const std::byte* a = at(0, sa);
                if (in.operands.size() == 1) {
                    math::unary(in.fn, in.compute, a, sa, dst, m, slot);
                } else {
                    const std::byte* c = at(1, sb);
                    math::binary(in.fn, in.compute, a, sa, c, sb, dst, m, slot);
                }
                break;
            }
            case Step::Convert: {
                int64_t sa;
                const std::byte* a = at(0, sa);
                math::convert(src[0].kind, a, in.out.kind, dst, m);
                break;
            }
            case Step::Iota: {
                auto* o = reinterpret_cast<int64_t*>(dst);
                int64_t count = in.params[0];
                if (in.params[1] < 0)
                    for (int64_t i = 0; i < m; i++) o[i] = count - 1 - (lo + i);
                else
                    for (int64_t i = 0; i < m; i++) o[i] = lo + i;
                break;
            }
            default: break; // the scheduler fuses only the steps above
            }
        }
        if (fold) {
            std::byte* a = buf.at(static_cast<size_t>(slot_of[static_cast<size_t>(root.operands[0])]));
            int size = math::item_size(root.compute);
            int64_t items = m;
            if (b > 0) { // the total of the later blocks is this block's last item
                std::memcpy(a + m * size, total, static_cast<size_t>(size));
                items++;
            }
            math::fold(root.fn, root.compute, a, 1, items, total, slot);
        }
    }
    if (fold) {
        if (n == 0) math::identity(root.fn, root.compute, total);
        std::memcpy(out_items, total, static_cast<size_t>(out_size));
    }
    if (root.out.atom) return out->item(0);
    return Value::array(std::move(out));
}

} // namespace bpl::program
