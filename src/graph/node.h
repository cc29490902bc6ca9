// Node: one pending result of the one lazy graph. Nodes are made only by graph::make (called by
// prim's row factory), interned by structure, and replaced by their result when a read forces
// them. A read goes through Node::force, the read chokepoint, which hands the live graph to the
// registered Reader (program/ implements it: key, cache, plan, run).
#pragma once

#include "base/assert.h"
#include "math/kernel.h"
#include "value/pending.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <new>
#include <vector>

namespace bpl::graph {

using value::Desc;
using value::Value;

// clang-format off
// The step kinds (target design part 4). Each node is one step over its operands.
enum class Step : uint8_t {
    Map,      // fn over one or two operands with leading-axis agreement (operands in `compute`)
    Convert,  // items converted to the node's kind
    Gather,   // out[i] = sources[idx[i]] (last operand: Int index vector, -1 reads the fill);
              // several sources form one index space in operand order
    Copy,     // items of operand 0 read through one math::Mapping (params: its encoding),
              // the kind's fill where it pads
    Fold,     // reduce along an axis with fn (params: axis)
    Scan,     // running fn along an axis, left to right (params: axis)
    Iota,     // 0 1 2 ... (params: count, step direction)
    Call,     // an object-owned routine over whole operands (params: math::Routine, cell items)
    Draw,     // random items from one stream of math/random (params: math::Draw, then the
              // routine's own; last operand: the stream key, an Int atom reserved at the call)
    At,       // a write: operand 0 with the items of operand 2 at the ravel positions of operand 1
              // (Int, counted from 1; 0 writes nothing); operand 2 one item per position or one
              // for all. params: accumulate (0: replace; 1: each position becomes fn(old, new),
              // every repeat in turn)
    Join,     // operands read in turn along the joined axis (catenate, laminate): params: rows,
              // then per operand its run (items a row) and stride (1; 0: its one item repeated)
    Product,  // X f.g Y, both operands in `compute`: fn is f, params: g (a math::Fn), rows, the
              // contraction length n, cols, and X's and Y's contraction lengths (1: extended)
};
// clang-format on
const char* step_name(Step s);
// Which of a step's integer parameters are counts (bit j: params[j]; COUNT_ALL: every one). A
// count follows the data's lengths: the structure key leaves it out, so one plan serves every
// length, and a cache hit at new lengths refills it from the live origin (program/plan.cpp).
inline constexpr uint64_t COUNT_ALL = ~uint64_t{0};
uint64_t count_params(Step s);

// A step's operands: up to INLINE of them held in place (every step but a gather of several
// sources), more in one heap array. A node's operands live in the node itself, so a node is one
// allocation and its death frees nothing else. Dropping them goes through value::release_values,
// so a chain of nodes is freed without a call per node. Moving a list moves its Values' bits (a
// Value is a tag and a word), so handing an origin on copies a few words and counts nothing.
class Operands {
  public:
    static constexpr uint32_t INLINE = 3;
    Operands() noexcept {}
    Operands(std::initializer_list<Value> values) {
        for (const Value& v : values) push_back(v);
    }
    Operands(std::vector<Value>&& values) { // implicit: a row's vector of operands converts
        for (Value& v : values) push_back(std::move(v));
        values.clear();
    }
    Operands(Operands&& o) noexcept { take(o); }
    Operands& operator=(Operands&& o) noexcept {
        if (this != &o) {
            clear();
            take(o);
        }
        return *this;
    }
    Operands(const Operands& o) {
        for (const Value& v : o) push_back(v);
    }
    Operands& operator=(const Operands& o) {
        if (this != &o) {
            clear();
            for (const Value& v : o) push_back(v);
        }
        return *this;
    }
    ~Operands() { clear(); }

    size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    Value* data() noexcept { return heap_ ? heap_ : reinterpret_cast<Value*>(room_); }
    const Value* data() const noexcept { return heap_ ? heap_ : reinterpret_cast<const Value*>(room_); }
    Value& operator[](size_t i) noexcept { return data()[i]; }
    const Value& operator[](size_t i) const noexcept { return data()[i]; }
    Value* begin() noexcept { return data(); }
    Value* end() noexcept { return data() + size_; }
    const Value* begin() const noexcept { return data(); }
    const Value* end() const noexcept { return data() + size_; }
    const Value& back() const noexcept { return data()[size_ - 1]; }
    void push_back(Value v) {
        if (size_ == cap_) grow();
        new (data() + size_) Value(std::move(v));
        size_++;
    }
    // Drops every operand (through value::release_values) and any heap array.
    void clear() noexcept {
        if (size_ != 0 || heap_) release();
    }
    // Drops every operand where it is, with no list of dying values: for a caller that knows no
    // operand's drop releases further values (each is a stored leaf, or a node already forced or
    // retired, whose own operands are gone).
    void clear_flat() noexcept;

  private:
    void grow();           // a heap array twice as long, the operands moved into it
    void release() noexcept;
    void take(Operands& o) noexcept { // o's operands, o left empty; this one is empty
        heap_ = o.heap_;
        size_ = o.size_;
        cap_ = o.cap_;
        if (!heap_) std::memcpy(static_cast<void*>(room_), o.room_, sizeof room_);
        o.heap_ = nullptr;
        o.size_ = 0;
        o.cap_ = INLINE;
    }
    // the first size_ are live Values; the rest is raw room
    alignas(Value) std::byte room_[INLINE * sizeof(Value)];
    Value* heap_ = nullptr; // past INLINE: the operands live here, room for cap_
    uint32_t size_ = 0;
    uint32_t cap_ = INLINE;
};

// What a node computes: the step, its scalar function, the kind operands are read in, the
// operands (pending values or stored leaves), and integer parameters.
struct Origin {
    Step step = Step::Map;
    math::Fn fn = math::Fn::Add;
    number::Kind compute = number::Kind::F64;
    Operands operands;
    std::vector<int64_t> params;
};

class Node final : public value::Pending {
  public:
    Node(Origin&& origin, Desc&& desc, uint64_t hash, uint64_t key_word);
    ~Node() override;
    // Nodes come from a per-thread free list of node-sized blocks (a read frees a chain of nodes
    // and the next calls make as many: malloc's own per-size cache holds only seven). Never
    // throws but std::bad_alloc.
    static void* operator new(size_t size);
    static void operator delete(void* p, size_t size) noexcept;
    Value force() override;

    const Origin& origin() const noexcept { return origin_; }
    bool is_forced() const noexcept { return forced_; }
    const Value& result() const noexcept { return result_; }
    // Replaces the node by its computed result: drops the step's operands. `result` is stored
    // (an atom or compact array) and matches desc(). `retired_below`: every pending operand is
    // forced or retired already (a read that retired the graph under its root), so no operand's
    // drop releases anything deeper and they are dropped where they are (no list of dying values).
    void set_result(Value result, bool retired_below = false);
    // Leaves the intern table and drops the step's operands where they are, without a result:
    // for a node a read computed that nothing outside the read's graph holds, so it dies with the
    // read's root. Each of its pending operands must be forced or retired already (a read
    // retires operands before users), so no drop here releases anything deeper and a chain dies
    // one node at a time with no list of dying values. Never read again.
    void retire() noexcept;
    uint64_t hash() const noexcept { return hash_; }
    // Its slot in the intern table while interned (the table sets it; InternTable::erase).
    uint32_t intern_slot() const noexcept { return intern_slot_; }
    // The node's fixed structure as one word, made once by make() (its intern hash starts from
    // it): step, function, kind computed in, result kind, weak, atom, and the counts of operands,
    // parameters and axes (KEY_COUNT_BITS each, saturated; KEY_WIDE set when one saturated). None
    // of it changes for the node's life, so a read's structure key copies it rather than
    // assembling it (program/'s key_of).
    uint64_t key_word() const noexcept { return key_word_; }
    static constexpr int KEY_COUNT_BITS = 4;
    static constexpr uint64_t KEY_COUNT_MAX = (uint64_t{1} << KEY_COUNT_BITS) - 1;
    static constexpr int KEY_OPERANDS_AT = 42, KEY_PARAMS_AT = 46, KEY_RANK_AT = 50;
    static constexpr uint64_t KEY_WIDE = uint64_t{1} << 54;
    // bits 55..63 are free for a reader's own facts (key_of puts `held` at 55)
    // The depth of this one's pending graph: the longest chain of pending nodes down to a leaf,
    // itself included, at most MAX_PENDING_NODES + 1. (A count of nodes once per path to them
    // grew exponentially with shared operands, x×x of a pending x, and forced graphs early.)
    uint32_t weight() const noexcept { return weight_; }

    // Live::of's mark: the walk that last reached this node, the node's index in it, and how many
    // of the walk's nodes use it as an operand.
    uint32_t walk_epoch = 0;
    int32_t walk_index = -1;
    uint32_t walk_uses = 0;

  private:
    friend Value make(Origin&& origin, Desc&& desc);
    friend class InternTable;
    uint32_t intern_slot_ = 0;
    Origin origin_;
    uint64_t hash_;
    uint64_t key_word_;
    uint32_t weight_ = 1;
    bool forced_ = false;
    bool interned_ = true; // in the intern table: until forced or retired
    Value result_;
};

// The node a pending value holds, inline (Value::pending_node is out of line: value/ sees Pending
// incomplete): the walks' hot path.
inline Node& node_of(const Value& v) noexcept {
    ASSERT(v.is_pending(), "node_of a value that is not pending");
    return static_cast<Node&>(*static_cast<value::Pending*>(v.obj()));
}

// The memory limit of a pending graph (target design part 8, forcing reads): a new node whose
// pending graph is deeper than this (a chain of about 1 MiB of nodes) is read at once, so a loop of
// lazy steps keeps a bounded history rather than one node per iteration until its end.
constexpr uint32_t MAX_PENDING_NODES = 7000;

// The one node constructor: the pending value for `origin` described by `desc`, reusing an
// existing live node with the same structure (interning). Forced pending operands are replaced
// by their results first, so new graphs read leaves. A node past MAX_PENDING_NODES is read here;
// a data error that read finds stays pending with the node (raised where it is read later), but
// an INTERRUPT ERROR propagates.
Value make(Origin&& origin, Desc&& desc);

// How many live nodes the intern table holds, and how many nodes make() has built (reports).
size_t interned_count();
uint64_t nodes_built();

// The read: computes `root` (and the live graph under it) and sets the results of every node it
// computed. program/ registers the one implementation; it may throw base::Error (data errors).
using Reader = void (*)(Node& root);
void set_reader(Reader reader);

} // namespace bpl::graph
