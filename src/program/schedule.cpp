// The scheduler: Plan::of orders a Program's steps into stages. Elementwise steps (Map, Convert,
// Iota) fuse into the stage of their consumers when every consumer is in that stage and reads
// them item for item; a cheap one read so by several stages is recomputed in each of them rather
// than stored; a fold of a vector fuses into its producer's stage with a running total; an
// Iota read only by Copies and Gathers is in their stages, never run or stored there (they
// compute its items where they read them); everything else ends a stage. Each stored result is freed after the last stage that reads it.
#include "program/plan.h"

#include "math/mapping.h"
#include "program/block.h"
#include "program/run.h"
#include "value/array.h"

#include <algorithm>

namespace bpl::program {

namespace {

using number::Kind;

enum CopyFact : uint64_t {
    IDENTITY = 1, // item i of the operand for item i (a ravel, a reshape to the same count)
    BLOCKS = 2,   // a block stage may read it a block at a time (block_quantum fits a block)
    ONE_ITEM = 4, // every item is the operand's first: a broadcast, no fill
    SLICES = 8,   // a fold along the last axis may read it as one slice per item of that axis
};

const Desc& desc_of(const Program& p, int32_t r) {
    return r >= 0 ? p.steps[static_cast<size_t>(r)].out : p.inputs[static_cast<size_t>(-r - 1)];
}

// Whether step i can run a block at a time in a stage over `items` items: an elementwise step
// whose operands each give one item per result item, or one item for all of them.
bool is_elementwise(const Program& p, int32_t i, int64_t items) {
    const Instr& in = p.steps[static_cast<size_t>(i)];
    // A Copy or Gather of steps with affine items computes each item it reads there: any
    // mapping, one item too (a read that stores no source reads no memory to tile).
    bool at_positions = reads_at_positions(p, in);
    if ((in.out.atom && !at_positions) || in.out.count() != items || !is_block_kind(in.out.kind)) return false;
    const value::Shape& shape = in.out.shape;
    switch (in.step) {
    case Step::Iota: return true;
    case Step::Gather: return at_positions; // reads its index item for item
    case Step::Copy: // reads its stored operand through its map; a read that needs more rows per
                     // block than a block holds (a transpose's tiles) runs whole instead
        if (at_positions) return true;
        return is_block_kind(desc_of(p, in.operands[0]).kind) && (copy_facts(in.params, in.out.shape) & BLOCKS);
    case Step::Convert: return is_block_kind(desc_of(p, in.operands[0]).kind);
    case Step::Join: return true; // reads its stored operands' runs, a block at a time
    case Step::Fold: return in.sliding && is_block_kind(in.compute); // each item from its slices
    case Step::Map:
        if (!is_block_kind(in.compute)) return false;
        for (int32_t r : in.operands) {
            const Desc& d = desc_of(p, r);
            if (d.shape != shape && d.count() != 1) return false;
        }
        return true;
    default: return false;
    }
}

// A Copy that reads item i of its operand for its item i.
bool is_identity_copy(const Instr& c) { return c.step == Step::Copy && (copy_facts(c.params, c.out.shape) & IDENTITY); }

// Whether step c reads its operands item for item. Any other Copy reads its operand through a
// mapping, so that operand must be stored, or be an input, to be read by position.
// A Join reads its operands by runs along the joined axis, so they are stored too.
bool reads_item_for_item(const Instr& c) {
    return (c.step != Step::Copy || is_identity_copy(c)) && c.step != Step::Join;
}

// The functions whose kernel costs about a copy per item (one vector instruction a lane, no
// repair pass): a step of one of them (or a Copy, a Convert, an Iota) is recomputed in each
// stage that reads it rather than stored, since storing costs a write and a read of every item.
// One row a function.
constexpr math::Fn CHEAP[] = {
    math::Fn::Conjugate, math::Fn::Negate, math::Fn::Magnitude, math::Fn::Add, math::Fn::Subtract,
    math::Fn::Multiply, math::Fn::Min, math::Fn::Max, math::Fn::Equal, math::Fn::NotEqual,
    math::Fn::Less, math::Fn::LessEqual, math::Fn::Greater, math::Fn::GreaterEqual, math::Fn::And,
    math::Fn::Or,
};
// The longest chain of cheap steps recomputed below a shared value (each stage that reads it
// runs the chain again: past a few steps, storing it once is cheaper).
constexpr int RECOMPUTE_DEPTH = 3;

bool is_cheap(const Instr& in) {
    switch (in.step) {
    case Step::Iota:
    case Step::Convert:
    case Step::Copy: return true; // a read of a stored array, by blocks where it fuses at all
    case Step::Map: return std::find(std::begin(CHEAP), std::end(CHEAP), in.fn) != std::end(CHEAP);
    default: return false;
    }
}

// A fold that can keep a running total over blocks of its operand: a vector to one item.
bool is_block_fold(const Instr& in) {
    return in.step == Step::Fold && in.out.atom && in.params[0] == 0 && is_block_kind(in.compute);
}

} // namespace

uint64_t copy_facts(const std::vector<int64_t>& params, const value::Shape& shape) {
    math::Mapping m = math::Mapping::decode(params.data(), params.size());
    uint64_t facts = 0;
    if (shape.size() >= 2 && m.slices_by(shape.back())) facts |= SLICES;
    if (m == math::Mapping::identity(m.count())) facts |= IDENTITY;
    if (m.block_quantum() <= BLOCK_ITEMS) facts |= BLOCKS;
    if (m.bounds.empty() && m.offset == 0 &&
        std::all_of(m.stride.begin(), m.stride.end(), [](int64_t s) { return s == 0; }))
        facts |= ONE_ITEM;
    return facts;
}

bool reads_one_item(const Instr& c) { return c.step == Step::Copy && (copy_facts(c.params, c.out.shape) & ONE_ITEM); }

bool reads_by_slices(const Instr& c) { return c.step == Step::Copy && (copy_facts(c.params, c.out.shape) & SLICES); }

std::unique_ptr<Plan> Plan::of(Program program, const std::vector<value::Value>& inputs) {
    auto plan = std::make_unique<Plan>();
    rewrite(program, inputs, plan->guards, plan->rules);
    for (Instr& in : program.steps)
        if (in.out.atom && in.step == Step::Map) in.item = math::item_kernel(in.fn, in.compute);
    const Program& p = program;
    auto n = static_cast<int32_t>(p.steps.size());
    std::vector<std::vector<int32_t>> consumers(static_cast<size_t>(n));
    for (int32_t i = 0; i < n; i++)
        for (int32_t r : p.steps[static_cast<size_t>(i)].operands)
            if (r >= 0) consumers[static_cast<size_t>(r)].push_back(i);

    // From the root back: a step joins the stage of its consumers when it may, else roots a new
    // stage. Consumers come after their operands, so each is placed before its operands are seen.
    // A cheap elementwise step whose consumers are in several block stages joins each of them
    // (recomputed): stage_of holds the first, also_in the others.
    std::vector<int32_t> stage_of(static_cast<size_t>(n), -1);
    std::vector<std::vector<int32_t>> also_in(static_cast<size_t>(n));
    std::vector<int32_t> depth(static_cast<size_t>(n), 0); // a recomputed step's chain length
    std::vector<int64_t> stage_items; // the items a block stage runs over
    std::vector<uint8_t> stage_blocks;     // the stage may run by blocks
    std::vector<uint32_t> stage_atoms;     // a stage of atom steps: how many it has (0: another stage)
    std::vector<const char*> stored(static_cast<size_t>(n), nullptr);
    std::vector<int32_t> in_stages; // the stages of a step's consumers
    // Per step: the stages whose steps read it at positions (reads_at_positions). It is in each of
    // them, never run there: the readers compute the items they read.
    std::vector<std::vector<int32_t>> read_at(static_cast<size_t>(n));
    std::vector<int32_t> cs; // the consumers that read a step's items as it computes them
    std::vector<uint8_t> positions(static_cast<size_t>(n)); // per step: reads_at_positions
    for (int32_t i = 0; i < n; i++) positions[static_cast<size_t>(i)] = reads_at_positions(p, p.steps[static_cast<size_t>(i)]);
    auto add_stages = [&](std::vector<int32_t>& to, int32_t c) {
        to.push_back(stage_of[static_cast<size_t>(c)]);
        const auto& more = also_in[static_cast<size_t>(c)];
        to.insert(to.end(), more.begin(), more.end());
    };
    for (int32_t i = n - 1; i >= 0; i--) {
        const Instr& in = p.steps[static_cast<size_t>(i)];
        const auto& all = consumers[static_cast<size_t>(i)];
        in_stages.clear();
        cs.clear();
        std::vector<int32_t>& at = read_at[static_cast<size_t>(i)];
        for (int32_t c : all) {
            const Instr& ci = p.steps[static_cast<size_t>(c)];
            // every operand of c that is i is a source it reads at positions (not a Gather's index)
            if (positions[static_cast<size_t>(c)] && (ci.step != Step::Gather || ci.operands.back() != i))
                add_stages(at, c);
            else cs.push_back(c);
        }
        bool item_for_item = true;
        int32_t below = 0; // the longest recomputed chain among its consumers
        for (int32_t c : cs) {
            add_stages(in_stages, c);
            item_for_item = item_for_item && reads_item_for_item(p.steps[static_cast<size_t>(c)]);
            below = std::max(below, depth[static_cast<size_t>(c)]);
        }
        std::sort(in_stages.begin(), in_stages.end());
        in_stages.erase(std::unique(in_stages.begin(), in_stages.end()), in_stages.end());
        std::sort(at.begin(), at.end());
        at.erase(std::unique(at.begin(), at.end()), at.end());
        if (cs.empty() && !at.empty() && i != n - 1 && !in.held) { // read only at positions
            stage_of[static_cast<size_t>(i)] = at[0];
            continue;
        }
        if (cs.empty() && i != n - 1 && !in.held) continue; // a rewrite left it unread
        auto fuses_into = [&](int32_t s) {
            return stage_blocks[static_cast<size_t>(s)] && is_elementwise(p, i, stage_items[static_cast<size_t>(s)]);
        };
        const char* why = nullptr;
        if (i == n - 1) why = "the read's result";
        else if (in.held) why = "held outside the read";
        else if (cs.size() == 1 && p.steps[static_cast<size_t>(cs[0])].sliding) {
            stage_of[static_cast<size_t>(i)] = in_stages[0]; // read through by its sliding fold
            continue;
        } else if (in_stages.size() > 1) {
            if (item_for_item && is_cheap(in) && below < RECOMPUTE_DEPTH &&
                std::all_of(in_stages.begin(), in_stages.end(), fuses_into)) {
                stage_of[static_cast<size_t>(i)] = in_stages[0];
                also_in[static_cast<size_t>(i)].assign(in_stages.begin() + 1, in_stages.end());
                depth[static_cast<size_t>(i)] = below + 1;
                plan->recomputed.push_back(i);
                continue;
            }
            why = "read by several stages";
        } else if (is_atom_step(in) && stage_atoms[static_cast<size_t>(in_stages[0])] > 0 &&
                   stage_atoms[static_cast<size_t>(in_stages[0])] < ATOM_STAGE_STEPS) {
            // an atom read only by atom steps of one stage: its item lives in that stage's cells
            stage_of[static_cast<size_t>(i)] = in_stages[0];
            stage_atoms[static_cast<size_t>(in_stages[0])]++;
            continue;
        } else if (!stage_blocks[static_cast<size_t>(in_stages[0])] || !item_for_item) why = "read whole by its reader";
        else if (!is_elementwise(p, i, stage_items[static_cast<size_t>(in_stages[0])]))
            why = "not elementwise over its reader's items";
        if (!why) {
            stage_of[static_cast<size_t>(i)] = in_stages[0];
            depth[static_cast<size_t>(i)] = below;
            continue;
        }
        stored[static_cast<size_t>(i)] = why;
        int32_t s = static_cast<int32_t>(stage_items.size());
        stage_of[static_cast<size_t>(i)] = s;
        stage_atoms.push_back(is_atom_step(in) ? 1 : 0);
        if (is_block_fold(in)) {
            stage_items.push_back(desc_of(p, in.operands[0]).count());
            stage_blocks.push_back(1);
        } else {
            stage_items.push_back(in.out.count());
            stage_blocks.push_back(is_elementwise(p, i, in.out.count()));
        }
    }

    // A step read at positions is in its readers' stages too, wherever else it runs, unless it is
    // stored (its readers compute what they read either way; a lone reader then reads it whole).
    for (int32_t i = 0; i < n; i++) {
        if (stored[static_cast<size_t>(i)]) continue;
        auto& more = also_in[static_cast<size_t>(i)];
        for (int32_t s : read_at[static_cast<size_t>(i)])
            if (s != stage_of[static_cast<size_t>(i)] && std::find(more.begin(), more.end(), s) == more.end())
                more.push_back(s);
    }

    // Stages run in the order of their roots: a stage's outside operands are earlier roots.
    std::vector<int32_t> order(stage_items.size(), -1); // stage id -> position
    for (int32_t i = 0; i < n; i++) {
        if (!stored[static_cast<size_t>(i)]) continue;
        int32_t s = stage_of[static_cast<size_t>(i)];
        order[static_cast<size_t>(s)] = static_cast<int32_t>(plan->stages.size());
        plan->stages.emplace_back();
    }
    for (int32_t i = 0; i < n; i++) {
        int32_t& s = stage_of[static_cast<size_t>(i)];
        if (s < 0) continue;
        s = order[static_cast<size_t>(s)];
        plan->stages[static_cast<size_t>(s)].steps.push_back(i);
        for (int32_t& t : also_in[static_cast<size_t>(i)]) {
            t = order[static_cast<size_t>(t)];
            plan->stages[static_cast<size_t>(t)].steps.push_back(i);
        }
    }
    for (Stage& st : plan->stages) {
        // A lone step runs whole; so does a fold whose operand is stored. (A sliding fold is
        // never alone: its Copy is in its stage.) Several atom steps run in cells (run_atoms).
        st.block = st.steps.size() > 1 && !is_atom_step(p.steps[static_cast<size_t>(st.steps.back())]);
        if (st.steps.size() > 1 && !st.block) st.atoms = AtomStage::of(p, st.steps);
    }
    // Each stored result is freed after the last stage that reads it (the root is returned).
    std::vector<int32_t> last(static_cast<size_t>(n), -1);
    for (int32_t i = 0; i < n; i++) {
        if (stage_of[static_cast<size_t>(i)] < 0) continue;
        int32_t at = stage_of[static_cast<size_t>(i)]; // its last stage: a recomputed step runs in several
        for (int32_t t : also_in[static_cast<size_t>(i)]) at = std::max(at, t);
        for (int32_t r : p.steps[static_cast<size_t>(i)].operands)
            if (r >= 0) last[static_cast<size_t>(r)] = std::max(last[static_cast<size_t>(r)], at);
    }
    for (int32_t i = 0; i + 1 < n; i++)
        if (stored[static_cast<size_t>(i)] && !p.steps[static_cast<size_t>(i)].held &&
            last[static_cast<size_t>(i)] >= 0)
            plan->stages[static_cast<size_t>(last[static_cast<size_t>(i)])].frees.push_back(i);
    for (int32_t i = 0; i + 1 < n; i++) {
        if (stored[static_cast<size_t>(i)]) plan->values_stored++;
        else if (p.steps[static_cast<size_t>(i)].held) plan->retires = false;
    }
    plan->stage_of = std::move(stage_of);
    plan->stored = std::move(stored);
    plan->program = std::move(program);
    return plan;
}

} // namespace bpl::program
