// Node construction, interning and the read chokepoint.
#include "graph/node.h"

#include "base/assert.h"
#include "graph/intern.h"
#include "base/error.h"
#include "value/array.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <utility>

namespace bpl::graph {

namespace {

Reader g_reader = nullptr;
uint64_t g_nodes_built = 0;

// Non-owning intern table: a node removes itself when it is forced or dies. Constant-initialised
// (so a use costs no guard, as a function's static would) and never destroyed: a node may die
// after static destruction begins (a value another static holds) and must find its table.
union Table {
    InternTable t;
    constexpr Table() : t() {}
    ~Table() {}
};
constinit Table g_table;
InternTable& table() { return g_table.t; }

uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

// Identity of an operand: a node or array object by address, an atom by its bits and kind.
uint64_t operand_hash(const Value& v) {
    uint64_t h = static_cast<uint64_t>(v.tag()) | static_cast<uint64_t>(v.kind()) << 8 | uint64_t{v.weak()} << 16;
    switch (v.tag()) {
    case value::Tag::Pending: return mix(h, reinterpret_cast<uintptr_t>(&v.pending_node()));
    case value::Tag::Array: return mix(h, reinterpret_cast<uintptr_t>(&v.array_data()));
    case value::Tag::Char: return mix(h, v.as_char());
    default: {
        uint64_t bits;
        if (number::is_float(v.kind())) {
            double f = v.as_f64();
            std::memcpy(&bits, &f, sizeof bits);
        } else {
            bits = static_cast<uint64_t>(v.as_i64());
        }
        return mix(h, bits);
    }
    }
}

bool same_operand(const Value& a, const Value& b) {
    if (a.tag() != b.tag() || a.kind() != b.kind() || a.weak() != b.weak()) return false;
    switch (a.tag()) {
    case value::Tag::Pending: return &a.pending_node() == &b.pending_node();
    case value::Tag::Array: return &a.array_data() == &b.array_data();
    case value::Tag::Char: return a.as_char() == b.as_char();
    default:
        if (number::is_float(a.kind())) {
            double x = a.as_f64(), y = b.as_f64();
            return std::memcmp(&x, &y, sizeof x) == 0;
        }
        return a.as_i64() == b.as_i64();
    }
}

// The node's key word (Node::key_word): the small fields and the saturated counts.
uint64_t key_word_of(const Origin& o, const Desc& d) {
    uint64_t w = static_cast<uint64_t>(o.step) | static_cast<uint64_t>(o.fn) << 8 |
                 static_cast<uint64_t>(o.compute) << 24 | static_cast<uint64_t>(d.kind) << 32 |
                 uint64_t{d.weak} << 40 | uint64_t{d.atom} << 41;
    auto count = [&](size_t n, int at) {
        if (n >= Node::KEY_COUNT_MAX) w |= Node::KEY_COUNT_MAX << at | Node::KEY_WIDE;
        else w |= uint64_t{n} << at;
    };
    count(o.operands.size(), Node::KEY_OPERANDS_AT);
    count(o.params.size(), Node::KEY_PARAMS_AT);
    count(d.shape.size(), Node::KEY_RANK_AT);
    return w;
}

// The hash starts from the key word (the small fields share it), so a scalar call's hash is a
// few mixes.
uint64_t origin_hash(uint64_t key_word, const Origin& o, const Desc& d) {
    uint64_t h = key_word;
    for (const Value& v : o.operands) h = mix(h, operand_hash(v));
    for (int64_t p : o.params) h = mix(h, static_cast<uint64_t>(p));
    for (int64_t n : d.shape) h = mix(h, static_cast<uint64_t>(n));
    return h;
}

bool same_origin(const Node& n, const Origin& o, const Desc& d) {
    const Origin& m = n.origin();
    if (n.is_forced() || m.step != o.step || m.fn != o.fn || m.compute != o.compute ||
        m.params != o.params || m.operands.size() != o.operands.size() || !(n.desc() == d))
        return false;
    for (size_t i = 0; i < o.operands.size(); i++)
        if (!same_operand(m.operands[i], o.operands[i])) return false;
    return true;
}

} // namespace

// One row per step: its name and which parameters are counts.
struct StepRow {
    const char* name;
    uint64_t counts;
};
// clang-format off
constexpr StepRow STEPS[] = {
    {"Map",     0},
    {"Convert", 0},
    {"Gather",  0},
    {"Copy",    COUNT_ALL}, // params: its math::Mapping's encoding (lengths, strides, offset, bounds)
    {"Fold",    0},      // params: axis
    {"Scan",    0},      // params: axis
    {"Iota",    1},      // params: count, direction
    {"Call",    1 << 1}, // params: routine, cell items
    {"Draw",    0b110},  // params: draw kind, deal count (the roll reads none), first stream item
    {"At",      0},      // params: accumulate
    {"Join",    0b1011}, // params: rows, then each operand's run and stride
    {"Product", 0b111110}, // params: g, then rows, n, cols and each side's contraction length
};
// clang-format on

const char* step_name(Step s) { return STEPS[static_cast<int>(s)].name; }
uint64_t count_params(Step s) { return STEPS[static_cast<int>(s)].counts; }

namespace {
// The free list of node blocks: at most KEPT_NODES, each block's first word linking the next.
// Under AddressSanitizer nodes go straight to the allocator, so a use after free is still seen.
// Trivially destructible on purpose: a thread_local with a destructor registers it at first use,
// which glibc cannot do once memory has run out (it aborts); a thread's kept blocks (at most
// KEPT_NODES) go back with the process.
constexpr size_t KEPT_NODES = 4096;
struct FreeNodes {
    void* head = nullptr;
    size_t count = 0;
};
thread_local FreeNodes t_free_nodes;
#if defined(__has_feature)
#if __has_feature(address_sanitizer) // clang's spelling (the fuzz preset)
#define BPL_NODE_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(BPL_NODE_ASAN)
constexpr bool POOLED = false;
#else
constexpr bool POOLED = true;
#endif
} // namespace

void* Node::operator new(size_t size) {
    FreeNodes& f = t_free_nodes;
    if (POOLED && size == sizeof(Node) && f.head) {
        f.count--;
        return std::exchange(f.head, *static_cast<void**>(f.head));
    }
    return ::operator new(size);
}

void Node::operator delete(void* p, size_t size) noexcept {
    FreeNodes& f = t_free_nodes;
    if (POOLED && size == sizeof(Node) && f.count < KEPT_NODES) {
        *static_cast<void**>(p) = f.head;
        f.head = p;
        f.count++;
        return;
    }
    ::operator delete(p); // unsized: clang 14 declares the sized form only with -fsized-deallocation
}

void Operands::grow() {
    uint32_t cap = 2 * cap_;
    auto* fresh = static_cast<Value*>(::operator new(cap * sizeof(Value)));
    std::memcpy(static_cast<void*>(fresh), static_cast<const void*>(data()), size_ * sizeof(Value)); // moved bits
    ::operator delete(heap_);
    heap_ = fresh;
    cap_ = cap;
}

void Operands::release() noexcept {
    Value* v = data();
    bool objects = false; // atoms hold nothing: nothing to drop (the usual scalar call's operands)
    for (uint32_t i = 0; i < size_; i++) objects = objects || v[i].holds_object();
    if (objects) value::release_values(std::span<Value>(v, size_)); // a chain of nodes: no call per node
    // every operand is None now: nothing left to destroy
    if (heap_) ::operator delete(heap_);
    heap_ = nullptr;
    size_ = 0;
    cap_ = INLINE;
}

void Operands::clear_flat() noexcept {
    for (Value& v : *this) {
        if (!v.holds_object()) continue;
        if (v.is_pending()) { // a node dies as a node: no dispatch on the tag, no virtual call
            (void)base::Ref<Node>::adopt(static_cast<Node*>(static_cast<value::Pending*>(v.leak_obj())));
        } else {
            v = Value();
        }
    }
    if (heap_) release();
    size_ = 0;
}

Node::Node(Origin&& origin, Desc&& desc, uint64_t hash, uint64_t key_word)
    : Pending(std::move(desc)), origin_(std::move(origin)), hash_(hash), key_word_(key_word) {}

Node::~Node() {
    if (interned_) table().erase(this, intern_slot_);
}

void Node::retire() noexcept {
    if (interned_) table().erase(this, intern_slot_);
    interned_ = false;
    origin_.operands.clear_flat(); // its live operands were retired or forced before it
}

void Node::set_result(Value result, bool retired_below) {
    ASSERT(!forced_, "a node is forced once");
    ASSERT(!result.is_pending(), "a result is stored");
    // Leave the intern table: later calls with these operands read the result as a leaf.
    table().erase(this, intern_slot_);
    interned_ = false;
    forced_ = true;
    // the stored result carries the keys and axis names the description promised
    if (desc_.layout && result.is_stored_array() && result.array_data().layout() != desc_.layout.get())
        result = value::with_layout(result, desc_.layout);
    result_ = std::move(result);
    if (retired_below) origin_.operands.clear_flat();
    else origin_.operands.clear();
}

Value Node::force() {
    if (!forced_) {
        ASSERT(g_reader != nullptr, "program/ registers the reader before any read");
        g_reader(*this);
        ASSERT(forced_, "the reader sets the root's result");
    }
    return result_;
}

Value make(Origin&& origin, Desc&& desc) {
    for (Value& v : origin.operands) {
        if (v.is_pending()) {
            Node& n = node_of(v);
            if (n.is_forced()) v = n.result();
        }
    }
    uint64_t key_word = key_word_of(origin, desc);
    uint64_t h = origin_hash(key_word, origin, desc);
    if (Node* n = table().find(h, [&](const Node& m) { return same_origin(m, origin, desc); }))
        return Value::pending(base::Ref<value::Pending>(n));
    uint32_t weight = 1;
    for (const Value& v : origin.operands)
        if (v.is_pending())
            weight = std::min(std::max(weight, node_of(v).weight() + 1),
                              MAX_PENDING_NODES + 1);
    auto* node = new Node(std::move(origin), std::move(desc), h, key_word);
    node->weight_ = weight;
    base::Ref<value::Pending> ref(node); // frees the node if the table cannot grow
    table().insert(h, node);
    g_nodes_built++;
    Value out = Value::pending(std::move(ref));
    if (weight > MAX_PENDING_NODES) {
        try {
            node->force();
        } catch (const base::Error& e) {
            if (e.kind() == base::ErrorKind::Interrupt) throw;
            node->weight_ = 1; // left pending with its error: counted afresh from here
        }
    }
    return out;
}

size_t interned_count() { return table().size(); }
uint64_t nodes_built() { return g_nodes_built; }

void set_reader(Reader reader) { g_reader = reader; }

} // namespace bpl::graph
