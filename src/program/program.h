// Program: the plain-data copy of a live graph, made only on a cache miss; and the structure key
// a read probes the one Programs cache with. The scheduler and runners read only Programs.
#pragma once

#include "base/raw_list.h"
#include "graph/live.h"

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace bpl::program {

using graph::Step;
using value::Desc;

struct Instr {
    Step step;
    math::Fn fn;
    number::Kind compute;
    std::vector<int32_t> operands; // r >= 0: step r's result; r < 0: input -r-1
    std::vector<int64_t> params;
    Desc out;
    bool held = false; // something outside the graph holds this step's node (graph::Live::held)
    // A Fold along the last axis of a Copy that reads the Copy's operand as one slice of its
    // mapping per item of that axis (a sliding fold; rules.cpp). The Copy itself never runs.
    bool sliding = false;
    // An atom Map step's one-item kernel (math::item_kernel of fn and compute), resolved by
    // Plan::of once the rewrites have run; unset for every other step.
    math::ItemKernel item{};
};

struct Program {
    std::vector<Desc> inputs;
    std::vector<Instr> steps; // operands before users; the last is the root
    static Program of(const graph::Live& live);
    // Refill: the current lengths and count parameters of a live graph with this program's
    // structure (equal keys), copied in without rescheduling.
    void refill(const graph::Live& live);
};

// The structure key of a live graph: steps, functions, kinds, parameters other than counts (and
// a Copy's facts, below), operand wiring, which nodes are held, and every input's and output's description with each
// length reduced to its class (0, 1, more). Equal keys mean one plan serves both graphs. Beside
// it, what the key leaves out: every exact length and count parameter, in a fixed order; a cache
// hit whose lengths differ from the plan's refills it. A reader keeps one Key per read depth and
// key_of refills it, so probing the cache allocates nothing once its buffers have grown.
// Its words are a base::RawList: key_of writes them through a cursor, checking room once per
// leaf and per node.
using KeyWords = base::RawList<uint64_t>;
struct Key {
    KeyWords words;
    uint64_t hash = 0; // of words
    std::vector<int64_t> lengths;
};
void key_of(const graph::Live& live, Key& key);
// What the scheduler and the rules decide from a Copy's mapping and result shape, as bits of one
// key word: a Copy's parameters are all counts, so without them the key would let a plan made
// for one read (a ravel fused as a pass-through) serve another (a reverse of the same lengths).
// schedule.cpp owns the decisions.
uint64_t copy_facts(const std::vector<int64_t>& params, const value::Shape& shape);
// Whether c is a Copy whose every item is its operand's first (a broadcast without fill).
bool reads_one_item(const Instr& c);
// Whether c is a Copy a fold along its last axis may read as one slice per item of that axis.
bool reads_by_slices(const Instr& c);
// The hash key_of stores: of the words, by the graph's mixing step.
uint64_t key_hash(const KeyWords& words) noexcept;

} // namespace bpl::program
