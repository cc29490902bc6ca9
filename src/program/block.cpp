// The block-stage runner: each step of a fused stage over one block of items at a time, through
// the math library's vector kernels, into block buffers allocated once per stage run. A fold root
// keeps a running total: blocks run from the last to the first, and each block's fold takes the
// total so far as its last item, so any fold function keeps APL's right-to-left order.
#include "program/block.h"

#include "base/interrupt.h"

#include "math/lower.h"
#include "math/mapping.h"
#include "math/object.h"
#include "program/compile.h"
#include "program/run.h"
#include "program/threads.h"
#include "value/array.h"

#include <algorithm>
#include <array>
#include <cstdint>
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

} // namespace

namespace {

// The operand item a plain mapping reads for result item i.
int64_t run_start(const math::Mapping& m, int64_t i) {
    int64_t at = m.offset;
    for (size_t a = m.length.size(); a-- > 0;) {
        at += i % m.length[a] * m.stride[a];
        i /= m.length[a];
    }
    return at;
}

// Program step → its position in one stage (-1: outside the stage): the stage's steps sorted by
// number, found by binary search, so a program of many small stages (a gather over 10⁵ pending
// ranges, each reading a recomputed early step) costs each stage its own size, not the program's.
class StagePositions {
  public:
    explicit StagePositions(const std::vector<int32_t>& steps) {
        at_.reserve(steps.size());
        for (size_t k = 0; k < steps.size(); k++) at_.push_back({steps[k], static_cast<int32_t>(k)});
        std::sort(at_.begin(), at_.end());
    }
    int32_t operator[](int32_t r) const {
        auto it = std::lower_bound(at_.begin(), at_.end(), std::pair<int32_t, int32_t>{r, INT32_MIN});
        return it != at_.end() && it->first == r ? it->second : -1;
    }

  private:
    std::vector<std::pair<int32_t, int32_t>> at_; // (program step, position in the stage)
};

// One run of a block stage: the operands' sources, shared by every part, and the loop over a
// range of blocks with buffers of its own.
struct StageRun {
    const Program& p;
    const std::vector<int32_t>& steps;
    const Instr& root;
    bool fold;
    // An associative fold runs its blocks first to last (memory is read forward, as prefetchers
    // expect) and combines block totals left to right; any other fold runs them last to first.
    bool forward;
    size_t computed; // steps computed into buffers: all but a stored root
    int64_t n;       // items
    StagePositions pos_of;        // per program step: its position in the stage (-1: outside)
    std::vector<int32_t> slot_of; // per step of the stage: its block buffer (-1: none)
    size_t buffers = 0;           // block buffers a part uses
    // Copies read in place: a block of one is a run of its stored operand (a window, a drop, a
    // take inside the operand), so its readers read the operand itself and nothing is copied.
    std::vector<uint8_t> in_place;
    // Blocks never cross a row of `row` items (0: blocks of per_block over all n items), so a
    // block of an in-place Copy is one run: block b is segment b % segs of row b / segs, and a
    // row's segments are about equal (seg items each, the last the rest), never one long block
    // and a sliver.
    int64_t row = 0, segs = 0, seg = 0, blocks = 0;
    int64_t per_block = BLOCK_ITEMS; // items a block: BLOCK_BYTES of the stage's widest items
    std::vector<std::array<std::byte, 16>> atoms;
    std::vector<Source> sources; // per step, per operand, in order
    std::vector<size_t> first_source;
    std::byte* out_items = nullptr;
    int out_size = 0;
    size_t each = 0; // bytes of one block buffer (one item more than a block: a fold's total)
    // per step: a Map's or sliding fold's kernel, resolved once for the stage, not once a block
    std::vector<math::Kernel> kernels;
    std::vector<math::Mapping> maps;                // per step: a Copy's mapping, decoded once
    std::vector<std::array<std::byte, 16>> fills;   // per step: a Copy's fill item
    // Sliding folds: the Copy each reads through (never run), and per fold its Copy's slices
    // (one per item of the folded axis) with whether each is a run of the Copy's operand.
    std::vector<uint8_t> through;
    // Steps with affine items (affine_items) read only at positions in this stage: never run, each
    // reader computes the items it reads (a Copy through its mapping, a Gather at its index).
    std::vector<uint8_t> at_positions;
    // Per Gather of sources with affine items: where each source starts in the index space (and
    // past the last, the total), and each source's start and step.
    struct AffineSources {
        std::vector<int64_t> first, start, step;
    };
    std::vector<AffineSources> affine_sources;
    std::vector<std::vector<math::Mapping>> slices;
    std::vector<std::vector<uint8_t>> slice_runs;
    int32_t scratch = -1; // the first of two block buffers a sliding fold computes in
    // Compiled segments (compile.h): runs of float Maps whose steps but the last are read only
    // inside the run, each computed by one compiled loop instead of a kernel call per step.
    struct Segment {
        size_t first = 0, last = 0; // stage positions
        Recipe recipe;
        // per stream: a stage position whose block it reads (≥ 0), or a stored array's items
        std::vector<int32_t> step_of;
        std::vector<const std::byte*> items;
        std::vector<const void*> ones;
        Code code = nullptr;
    };
    std::vector<Segment> segments;
    std::vector<int32_t> segment_at; // per stage position: the segment starting there (-1: none; empty: no segments)

    StageRun(const Plan& plan, const Stage& st, const std::vector<Value>& results,
             const std::vector<Value>& inputs)
        : p(plan.program), steps(st.steps), root(p.steps[static_cast<size_t>(st.steps.back())]),
          fold(root.step == Step::Fold && !root.sliding), forward(!fold || math::object(root.fn).associative), computed(fold ? steps.size() - 1 : steps.size()),
          n(fold ? p.steps[static_cast<size_t>(root.operands[0])].out.count() : root.out.count()),
          pos_of(steps), slot_of(steps.size(), -1), in_place(steps.size(), 0),
          atoms(steps.size() * 2), first_source(steps.size() + 1, 0), kernels(steps.size()), maps(steps.size()),
          fills(steps.size()), through(steps.size(), 0), at_positions(steps.size(), 0),
          affine_sources(steps.size()), slices(steps.size()),
          slice_runs(steps.size()) {
        int widest = 1;
        for (size_t k = 0; k < steps.size(); k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            widest = std::max(widest, math::item_size(in.out.kind));
            if (in.step == Step::Map || in.step == Step::Fold) widest = std::max(widest, math::item_size(in.compute));
        }
        per_block = BLOCK_BYTES / widest;
        for (size_t k = 0; k < steps.size(); k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            if (in.step == Step::Copy) maps[k] = math::Mapping::decode(in.params.data(), in.params.size());
            if (in.step == Step::Copy || in.step == Step::Gather) fill_item(in.out.kind, fills[k].data());
            at_positions[k] = k + 1 < steps.size() && is_affine(in); // not the stored root
            if (in.step == Step::Gather && reads_at_positions(p, in)) gather_sources(k, in);
            if (in.step == Step::Map || (in.step == Step::Fold && in.sliding)) kernels[k] = math::kernel(in.fn, in.compute);
        }
        for (size_t k = 0; k < steps.size(); k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            if (!in.sliding) continue;
            size_t c = static_cast<size_t>(pos_of[in.operands[0]]);
            through[c] = 1;
            int64_t w = p.steps[static_cast<size_t>(in.operands[0])].out.shape.back();
            for (int64_t j = 0; j < w; j++) {
                const math::Mapping& m = slices[k].emplace_back(maps[c].slice(w, j));
                slice_runs[k].push_back(m.bounds.empty() && m.length.size() == 1 && m.stride[0] == 1);
            }
        }
        for (size_t k = 0; k < steps.size(); k++) { // a step read otherwise than at positions runs
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            bool positions = reads_at_positions(p, in);
            for (size_t j = 0; j < in.operands.size(); j++)
                if (int32_t r = in.operands[j]; r >= 0 && pos_of[r] >= 0 && !(positions && is_source(in, j)))
                    at_positions[static_cast<size_t>(pos_of[r])] = 0;
        }
        choose_in_place(results, inputs);
        assign_buffers();
        if (std::find(through.begin(), through.end(), 1) != through.end()) {
            scratch = static_cast<int32_t>(buffers);
            buffers += 2;
        }
        for (size_t k = 0; k < steps.size(); k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            first_source[k] = sources.size();
            for (size_t j = 0; j < in.operands.size(); j++) {
                int32_t r = in.operands[j];
                if (r >= 0 && pos_of[r] >= 0) {
                    const Desc& d = p.steps[static_cast<size_t>(r)].out;
                    // base: the step's block, resolved per block (a buffer, or an in-place run)
                    sources.push_back({nullptr, -1 - pos_of[r], math::item_size(d.kind), d.kind});
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
        make_segments();
        if (row == 0) per_block = stage_block_bytes() / widest;
        each = static_cast<size_t>((per_block + 1) * widest + 63) / 64 * 64;
        if (row > 0) {
            segs = (row + per_block - 1) / per_block;
            constexpr int64_t LANES = 16; // a multiple of any kernel's vector width
            seg = std::min(per_block, ((row + segs - 1) / segs + LANES - 1) / LANES * LANES);
            segs = (row + seg - 1) / seg;
            blocks = n / row * segs;
        } else {
            blocks = (n + per_block - 1) / per_block;
        }
    }

    // Whether stage position k may be in a segment whose lanes are `width` bytes: a Map that lowers
    // on its kind (math::lowers: float64, float32, 64-bit integers) with operands of that kind, or
    // the conversion of 64-bit integers to float64 (as convert rounds: to nearest).
    bool lowers(size_t k, int width) const {
        const Instr& in = p.steps[static_cast<size_t>(steps[k])];
        if (in_place[k] || through[k] || at_positions[k] || in.operands.empty() || in.operands.size() > 2 ||
            math::item_size(in.out.kind) != width)
            return false;
        if (in.step == Step::Convert)
            return in.out.kind == Kind::F64 && in.operands.size() == 1 &&
                   (sources[first_source[k]].kind == Kind::Int || sources[first_source[k]].kind == Kind::I64);
        if (in.step != Step::Map || in.out.kind != in.compute || !math::lowers(in.fn, in.compute)) return false;
        for (size_t j = 0; j < in.operands.size(); j++)
            if (sources[first_source[k] + j].kind != in.compute) return false;
        return true;
    }

    // Finds the segments: from each float Map, the longest run of float Maps of its kind in which
    // every step but the last is read only by later steps of the run (its value never leaves the
    // run's registers). Runs of one step stay kernel calls. Only a stage long enough to pay for a
    // compile has segments (COMPILE_ITEMS): a short one pays no look-up either.
    void make_segments() {
        if (n < COMPILE_ITEMS || !compiles()) return;
        segment_at.assign(steps.size(), -1);
        std::vector<size_t> last_reader(steps.size(), 0);
        for (size_t k = 0; k < steps.size(); k++)
            for (int32_t r : p.steps[static_cast<size_t>(steps[k])].operands)
                if (r >= 0 && pos_of[r] >= 0) last_reader[static_cast<size_t>(pos_of[r])] = k;
        for (size_t k = 0; k < computed;) {
            int width = math::item_size(p.steps[static_cast<size_t>(steps[k])].out.kind);
            if (!lowers(k, width)) {
                k++;
                continue;
            }
            size_t end = k; // the run of steps that lower from k, on lanes of one width
            while (end + 1 < computed && lowers(end + 1, width)) end++;
            // its longest prefix whose steps but the last are read inside it
            size_t last = k, reach = last_reader[k];
            for (size_t l = k + 1; l <= end; l++) {
                if (reach <= l) last = l;
                reach = std::max(reach, last_reader[l]);
            }
            if (last == k) {
                k++;
                continue;
            }
            segments.push_back(segment(k, last));
            segment_at[k] = static_cast<int32_t>(segments.size() - 1);
            k = last + 1;
        }
        for (Segment& g : segments) g.code = compiled(g.recipe);
    }

    Segment segment(size_t first, size_t last) const {
        Segment g;
        g.first = first;
        g.last = last;
        g.recipe.kind = p.steps[static_cast<size_t>(steps[last])].out.kind;
        for (size_t k = first; k <= last; k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            Recipe::Op op{in.fn, static_cast<int>(in.operands.size()), {Recipe::Operand::Step, 0},
                          {Recipe::Operand::Step, 0}, in.compute, in.step == Step::Convert};
            for (size_t j = 0; j < in.operands.size(); j++) {
                const Source& src = sources[first_source[k] + j];
                Recipe::Operand& o = j == 0 ? op.a : op.b;
                auto stream = [&](int32_t step, const std::byte* items) {
                    size_t at = 0;
                    while (at < g.step_of.size() && !(g.step_of[at] == step && g.items[at] == items)) at++;
                    if (at == g.step_of.size()) {
                        g.step_of.push_back(step);
                        g.items.push_back(items);
                    }
                    o = {Recipe::Operand::Stream, static_cast<int32_t>(at)};
                };
                if (src.stride < 0) {
                    auto pos = static_cast<size_t>(-1 - src.stride);
                    if (pos >= first) o = {Recipe::Operand::Step, static_cast<int32_t>(pos - first)};
                    else stream(static_cast<int32_t>(pos), nullptr); // an earlier step's block
                } else if (src.stride == 0) {
                    o = {Recipe::Operand::One, static_cast<int32_t>(g.ones.size())};
                    g.ones.push_back(src.base);
                } else { // one stream per array, however many steps read it
                    stream(-1, src.base);
                }
            }
            g.recipe.steps.push_back(op);
        }
        g.recipe.streams = static_cast<int>(g.step_of.size());
        g.recipe.ones = static_cast<int>(g.ones.size());
        return g;
    }

    // Whether one compiled segment is the whole stage: it then streams through the items without
    // blocks (nothing is kept between its steps, so blocks would only add calls).
    bool compiled_whole() const {
        return !fold && segments.size() == 1 && segments[0].code && segments[0].first == 0 &&
               segments[0].last + 1 == steps.size();
    }

    // Items [lo, hi) of a compiled whole stage, a run of items at a time between interrupt checks.
    void run_compiled(int64_t lo, int64_t hi) const {
        constexpr int64_t RUN = int64_t{1} << 16;
        const Segment& g = segments[0];
        int size = math::item_size(g.recipe.kind);
        std::vector<const void*> at(g.items.size());
        for (int64_t i = lo; i < hi; i += RUN) {
            if (base::interrupt_requested()) return; // run_block raises it after the parts
            for (size_t j = 0; j < at.size(); j++) at[j] = g.items[j] + i * size;
            g.code(at.data(), g.ones.data(), out_items + i * out_size, std::min(RUN, hi - i));
        }
    }

    // The bytes of a block of this stage: what the block buffers and the arrays a block reads
    // and writes (each block's run of them) share of L1, within [BLOCK_BYTES, MAX_BLOCK_BYTES].
    // A short chain (few buffers) takes longer blocks, so its per-block costs (a kernel call per
    // step) fall; a long one keeps 4 KiB blocks, whose buffers stay in L1.
    int64_t stage_block_bytes() const {
        std::vector<const std::byte*> read; // the arrays read, each once however many steps read it
        for (const Source& s : sources)
            if (s.base && s.stride != 0) read.push_back(s.base);
        std::sort(read.begin(), read.end());
        auto streams = static_cast<int64_t>(std::unique(read.begin(), read.end()) - read.begin());
        if (!fold) streams++; // the result the root writes
        for (size_t k = 0; k < steps.size(); k++) // a sliding fold reads its operand at w places
            if (p.steps[static_cast<size_t>(steps[k])].sliding) streams += static_cast<int64_t>(slices[k].size()) - 1;
        int64_t share = BLOCK_BUDGET / std::max<int64_t>(1, static_cast<int64_t>(buffers) + streams);
        return std::clamp(share / 1024 * 1024, BLOCK_BYTES, MAX_BLOCK_BYTES);
    }

    // Marks the Copies whose blocks are runs of their stored operand: a plain mapping (no wrap or
    // fill) whose innermost axis reads the operand at stride 1, not the root (it writes the
    // result) nor a fold's operand (the fold appends its total to that block). Blocks then follow
    // the rows of the first such Copy's innermost axis, when rows are long enough that blocks
    // stay near full; a Copy whose rows are not a multiple of those copies as before.
    void choose_in_place(const std::vector<Value>& results, const std::vector<Value>& inputs) {
        const int64_t MIN_ROW = per_block / 4;
        int32_t fold_operand = fold ? root.operands[0] : -1;
        for (size_t k = 0; k + 1 < steps.size(); k++) {
            const Instr& in = p.steps[static_cast<size_t>(steps[k])];
            if (in.step != Step::Copy || steps[k] == fold_operand || through[k]) continue;
            int32_t r = in.operands[0];
            if (r >= 0 && pos_of[r] >= 0) continue; // a block of this stage
            const Value& v = r >= 0 ? results[static_cast<size_t>(r)] : inputs[static_cast<size_t>(-r - 1)];
            const math::Mapping& m = maps[k];
            if (!v.is_stored_array() || v.array_data().count() < 2 || !m.bounds.empty() || m.length.empty() ||
                m.stride.back() != 1 || m.count() != n)
                continue;
            int64_t len = m.length.back();
            if (row == 0) {
                if (len < MIN_ROW) return;
                row = len;
            }
            if (len % row == 0) in_place[k] = 1;
        }
    }

    // The first item and item count of block b.
    void block_range(int64_t b, int64_t& lo, int64_t& m) const {
        if (row == 0) {
            lo = b * per_block;
            m = std::min(per_block, n - lo);
        } else {
            int64_t k = b % segs;
            lo = b / segs * row + k * seg;
            m = std::min(seg, row - k * seg);
        }
    }

    // Gives each computed step a block buffer, reusing one whose step has had its last reader in
    // the stage: a chain of n steps keeps two or three buffers in L1, not n. A step never writes
    // the buffer of an operand it reads (a kernel's repair pass reads its operands again).
    void assign_buffers() {
        std::vector<size_t> last(computed, 0); // per computed step: its last reader's position
        // a computed step's position in the stage; -1 for a step outside it or a stored root
        auto at = [&](int32_t r) {
            int32_t j = r >= 0 ? pos_of[r] : -1;
            return j >= 0 && static_cast<size_t>(j) < computed ? j : -1;
        };
        for (size_t k = 0; k < steps.size(); k++)
            for (int32_t r : p.steps[static_cast<size_t>(steps[k])].operands)
                if (at(r) >= 0) last[static_cast<size_t>(at(r))] = k;
        std::vector<int32_t> free;
        for (size_t k = 0; k < computed; k++) {
            int32_t b = -1;
            if ((!fold && k + 1 == steps.size()) || in_place[k] || through[k] || at_positions[k]) {
                // a stored root writes its result; an in-place Copy's block is its operand's; a
                // sliding fold reads through its Copy; a step read at positions is never run
            } else if (free.empty()) {
                b = static_cast<int32_t>(buffers++);
            } else {
                b = free.back();
                free.pop_back();
            }
            slot_of[k] = b;
            for (int32_t r : p.steps[static_cast<size_t>(steps[k])].operands) {
                if (at(r) < 0) continue;
                size_t j = static_cast<size_t>(at(r));
                if (last[j] == k) {
                    last[j] = SIZE_MAX; // an operand read twice is released once
                    if (slot_of[j] >= 0) free.push_back(slot_of[j]);
                }
            }
        }
    }

    // Whether a Copy's operand is a step with affine items (affine_items), and their start, step.
    bool affine_operand(const Instr& copy, int64_t& start, int64_t& step) const {
        int32_t r = copy.operands[0];
        return r >= 0 && affine_items(p.steps[static_cast<size_t>(r)], start, step);
    }

    // Gather k's sources (each with affine items), for gather_affine.
    void gather_sources(size_t k, const Instr& in) {
        AffineSources& g = affine_sources[k];
        int64_t total = 0;
        for (size_t j = 0; j + 1 < in.operands.size(); j++) {
            const Instr& src = p.steps[static_cast<size_t>(in.operands[j])];
            int64_t start = 0, step = 0;
            affine_items(src, start, step);
            g.first.push_back(total);
            g.start.push_back(start);
            g.step.push_back(step);
            total += src.out.count();
        }
        g.first.push_back(total);
    }

    // Gather k (its sources have affine items) over m result items: item i is its index's source
    // item computed there (the sources form one index space in operand order, the last starting
    // at or before the index found by binary search), the fill at an index outside them (-1).
    void gather_affine(size_t k, const int64_t* ix, int64_t sx, int64_t* out, int64_t m) const {
        const AffineSources& g = affine_sources[k];
        int64_t fill;
        std::memcpy(&fill, fills[k].data(), sizeof fill);
        int64_t total = g.first.back();
        for (int64_t i = 0; i < m; i++) {
            int64_t j = ix[i * sx];
            if (j < 0 || j >= total) {
                out[i] = fill;
                continue;
            }
            auto s = static_cast<size_t>(std::upper_bound(g.first.begin(), g.first.end() - 1, j) - g.first.begin()) - 1;
            out[i] = g.start[s] + g.step[s] * (j - g.first[s]);
        }
    }

    // Sliding fold k over result items [lo, lo+m) into dst: its Copy's last slice, then each
    // earlier slice f the total so far (APL's right-to-left order), the totals alternating
    // between dst and a scratch buffer so the last lands in dst; a slice that is a run of the
    // Copy's operand is read in place, any other copied into the second scratch buffer.
    void slide(size_t k, int64_t lo, int64_t m, std::byte* dst, std::byte* scratch_items, size_t each_bytes,
               math::ErrorSlot& slot) const {
        const Instr& in = p.steps[static_cast<size_t>(steps[k])];
        size_t c = static_cast<size_t>(pos_of[in.operands[0]]);
        const Source& s = sources[first_source[c]];
        const std::vector<math::Mapping>& sl = slices[k];
        auto w = static_cast<int64_t>(sl.size());
        std::byte* other = scratch_items;
        std::byte* copied = scratch_items + each_bytes;
        int64_t start, step; // the Copy's operand has affine items: each slice computed
        bool affine = affine_operand(p.steps[static_cast<size_t>(steps[c])], start, step);
        auto read = [&](int64_t j, std::byte* into) -> const std::byte* {
            if (affine) {
                int64_t fill;
                std::memcpy(&fill, fills[c].data(), sizeof fill);
                math::copy_affine(sl[static_cast<size_t>(j)], start, step, reinterpret_cast<int64_t*>(into), lo, m, fill);
                return into;
            }
            if (slice_runs[k][static_cast<size_t>(j)]) return s.base + (sl[static_cast<size_t>(j)].offset + lo) * s.size;
            math::copy(sl[static_cast<size_t>(j)], in.compute, s.base, into, lo, m, fills[c].data());
            return into;
        };
        // w-1 combinations: the first total goes where an even count of swaps leaves it in dst
        std::byte* total = (w - 1) % 2 == 0 ? dst : other;
        std::byte* next = total == dst ? other : dst;
        const std::byte* last = read(w - 1, total);
        if (last != total) std::memcpy(total, last, static_cast<size_t>(m * s.size));
        for (int64_t j = w - 2; j >= 0; j--) {
            kernels[k].binary(read(j, copied), 1, total, 1, next, m, slot);
            std::swap(total, next);
        }
    }

    // Segment g over the block [lo, lo+m): its last step's block, where that step's kernel call
    // would have written it. Returns the segment's last position.
    template <class Buffer>
    size_t run_segment(const Segment& g, int64_t lo, int64_t m, std::vector<std::byte*>& block_of,
                       const Buffer& buffer, std::vector<const void*>& streams) const {
        int size = math::item_size(g.recipe.kind);
        for (size_t j = 0; j < g.items.size(); j++)
            streams[j] = g.step_of[j] >= 0 ? block_of[static_cast<size_t>(g.step_of[j])] : g.items[j] + lo * size;
        std::byte* dst = (!fold && g.last + 1 == steps.size()) ? out_items + lo * out_size
                                                                : buffer(static_cast<size_t>(slot_of[g.last]));
        g.code(streams.data(), g.ones.data(), dst, m);
        block_of[g.last] = dst;
        return g.last;
    }

    // Runs blocks [b0, b1) (a fold: from b1-1 down to b0) with buffers of its own; a fold leaves
    // the range's total in `total`.
    void part(int64_t b0, int64_t b1, std::byte* total, math::ErrorSlot& slot) const {
        std::unique_ptr<std::byte, void (*)(void*)> mem(
            static_cast<std::byte*>(std::aligned_alloc(64, each * std::max<size_t>(buffers, 1))), &std::free);
        auto buffer = [&](size_t k) { return mem.get() + k * each; };
        std::vector<std::byte*> block_of(steps.size(), nullptr); // per step: its block's items
        size_t most = 0;
        for (const Segment& g : segments) most = std::max(most, g.items.size());
        std::vector<const void*> streams(most); // a segment's streams for one block
        for (int64_t b = b0; b < b1; b++) {
            if (base::interrupt_requested()) return; // Ctrl-C: run_block raises it after the parts
            int64_t block = forward ? b : b1 - 1 - (b - b0);
            int64_t lo, m;
            block_range(block, lo, m);
            for (size_t k = 0; k < computed; k++) {
                const Instr& in = p.steps[static_cast<size_t>(steps[k])];
                const Source* src = sources.data() + first_source[k];
                if (int32_t g = segments.empty() ? -1 : segment_at[k]; g >= 0 && segments[static_cast<size_t>(g)].code) {
                    k = run_segment(segments[static_cast<size_t>(g)], lo, m, block_of, buffer, streams);
                    continue;
                }
                if (in_place[k]) { // the run of the operand this block reads
                    block_of[k] = const_cast<std::byte*>(src[0].base) + run_start(maps[k], lo) * src[0].size;
                    continue;
                }
                if (through[k] || at_positions[k]) continue; // read through by its readers

                std::byte* dst = (!fold && k + 1 == steps.size())
                                     ? out_items + lo * out_size
                                     : buffer(static_cast<size_t>(slot_of[k]));
                block_of[k] = dst;
                auto at = [&](size_t j, int64_t& stride) -> const std::byte* {
                    const Source& s = src[j];
                    if (s.stride < 0) { // a block of this stage
                        stride = 1;
                        return block_of[static_cast<size_t>(-1 - s.stride)];
                    }
                    stride = s.stride;
                    return s.base + s.stride * lo * s.size;
                };
                switch (in.step) {
                case Step::Map: {
                    int64_t sa, sb;
                    const std::byte* a = at(0, sa);
                    if (in.operands.size() == 1) {
                        kernels[k].unary(a, sa, dst, m, slot);
                    } else {
                        const std::byte* c = at(1, sb);
                        kernels[k].binary(a, sa, c, sb, dst, m, slot);
                    }
                    break;
                }
                case Step::Convert: {
                    int64_t sa;
                    const std::byte* a = at(0, sa);
                    math::convert(src[0].kind, a, in.out.kind, dst, m);
                    break;
                }
                case Step::Copy:
                    if (int64_t start, step; affine_operand(in, start, step)) {
                        // its operand's items computed at the offsets the mapping reads
                        int64_t fill;
                        std::memcpy(&fill, fills[k].data(), sizeof fill);
                        math::copy_affine(maps[k], start, step, reinterpret_cast<int64_t*>(dst), lo, m, fill);
                    } else if (src[0].stride < 0) { // an identity copy of this stage's own block
                        int64_t sa;
                        std::memcpy(dst, at(0, sa), static_cast<size_t>(m * src[0].size));
                    } else { // the operand is stored or an input: read through the mapping
                        math::copy(maps[k], in.out.kind, src[0].base, dst, lo, m, fills[k].data());
                    }
                    break;
                case Step::Join: { // its operands are stored or inputs: each piece one run of one
                    const std::byte* bases[2] = {src[0].base, src[1].base};
                    join_items(in.params, bases, src[0].size, lo, m, dst);
                    break;
                }
                case Step::Iota: {
                    auto* o = reinterpret_cast<int64_t*>(dst);
                    int64_t start, step;
                    affine_items(in, start, step);
                    for (int64_t i = 0; i < m; i++) o[i] = start + step * (lo + i);
                    break;
                }
                case Step::Gather: { // its sources have affine items: each computed at its index
                    int64_t sx;
                    const auto* ix = reinterpret_cast<const int64_t*>(at(in.operands.size() - 1, sx));
                    gather_affine(k, ix, sx, reinterpret_cast<int64_t*>(dst), m);
                    break;
                }
                case Step::Fold: slide(k, lo, m, dst, buffer(static_cast<size_t>(scratch)), each, slot); break;
                default: break; // the scheduler fuses only the steps above
                }
            }
            if (fold) {
                std::byte* a = block_of[static_cast<size_t>(pos_of[root.operands[0]])];
                int size = math::item_size(root.compute);
                if (forward) { // total f (this block's total)
                    if (b == b0) {
                        math::fold(root.fn, root.compute, a, 1, m, total, slot);
                    } else {
                        alignas(16) std::byte pair[32];
                        std::memcpy(pair, total, static_cast<size_t>(size));
                        math::fold(root.fn, root.compute, a, 1, m, pair + size, slot);
                        math::fold(root.fn, root.compute, pair, 1, 2, total, slot);
                    }
                } else {
                    int64_t items = m;
                    if (b > b0) { // the total of the later blocks is this block's last item
                        std::memcpy(a + m * size, total, static_cast<size_t>(size));
                        items++;
                    }
                    math::fold(root.fn, root.compute, a, 1, items, total, slot);
                }
            }
        }
    }
};

// Blocks per part below which a stage runs on one thread: a wake-up costs a few microseconds.
constexpr int64_t MIN_PART_BLOCKS = 32;

} // namespace

Value run_block(const Plan& plan, const Stage& st, const std::vector<Value>& results,
                const std::vector<Value>& inputs, math::ErrorSlot& slot, uint64_t& compiled) {
    StageRun run(plan, st, results, inputs);
    for (const auto& g : run.segments) compiled += g.code != nullptr;
    const Instr& root = run.root;
    base::Ref<ArrayData> out = ArrayData::compact(root.out.kind, root.out.shape, root.out.weak);
    run.out_items = static_cast<std::byte*>(out->data());
    run.out_size = math::item_size(root.out.kind);
    int64_t blocks = run.blocks;
    // A fold splits across threads only when its function is associative; the parts' totals
    // then combine right to left.
    int parts = static_cast<int>(std::min<int64_t>(threads(), blocks / MIN_PART_BLOCKS));
    if (run.fold && !math::object(root.fn).associative) parts = 1;
    parts = std::max(parts, 1);
    // a stage that is one compiled float Map chain streams through its items
    if (run.compiled_whole()) {
        constexpr int64_t ALIGN = 16; // parts start at whole vectors
        parallel_for(parts, [&](int t) {
            int64_t lo = run.n * t / parts / ALIGN * ALIGN;
            int64_t hi = t + 1 == parts ? run.n : run.n * (t + 1) / parts / ALIGN * ALIGN;
            run.run_compiled(lo, hi);
        });
        base::check_interrupt();
        if (root.out.atom) return out->item(0);
        return Value::array(std::move(out));
    }
    std::vector<std::array<std::byte, 16>> totals(static_cast<size_t>(parts));
    parallel_for(parts, [&](int t) {
        int64_t b0 = blocks * t / parts, b1 = blocks * (t + 1) / parts;
        run.part(b0, b1, totals[static_cast<size_t>(t)].data(), slot);
    });
    base::check_interrupt(); // a part that stopped early left its blocks unwritten
    if (run.fold) {
        alignas(16) std::byte total[16];
        if (run.n == 0) {
            math::identity(root.fn, root.compute, total);
        } else {
            int size = math::item_size(root.compute);
            alignas(16) std::byte pair[32];
            std::memcpy(total, totals.back().data(), static_cast<size_t>(size));
            for (int t = parts - 2; t >= 0; t--) {
                std::memcpy(pair, totals[static_cast<size_t>(t)].data(), static_cast<size_t>(size));
                std::memcpy(pair + size, total, static_cast<size_t>(size));
                math::fold(root.fn, root.compute, pair, 1, 2, total, slot);
            }
        }
        std::memcpy(run.out_items, total, static_cast<size_t>(run.out_size));
    }
    if (root.out.atom) return out->item(0);
    return Value::array(std::move(out));
}

} // namespace bpl::program
