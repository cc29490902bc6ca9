// Live::build: a depth-first walk from the root, operands first, on an explicit stack. Each node
// reached is marked with the walk's epoch and its index, so the walk needs no table of nodes.
#include "graph/live.h"

#include <unordered_map>
#include <vector>

namespace bpl::graph {

namespace {

uint32_t g_epoch = 0;

// Leaves by array address: a scan while there are few, a table past that.
constexpr size_t SCANNED = 16;

} // namespace

int32_t Live::array_input(const Value& v) {
    const void* key = &v.array_data();
    if (inputs.size() <= SCANNED) {
        for (size_t i = 0; i < inputs.size(); i++) {
            const Value& u = inputs[i];
            if (u.is_stored_array() && &u.array_data() == key) return -static_cast<int32_t>(i) - 1;
        }
    } else if (auto it = input_index_.find(key); it != input_index_.end()) {
        return it->second;
    }
    inputs.push_back(v);
    auto r = -static_cast<int32_t>(inputs.size());
    if (inputs.size() == SCANNED + 1) { // from now on, the table holds every array leaf
        for (size_t i = 0; i < inputs.size(); i++)
            if (inputs[i].is_stored_array())
                input_index_.emplace(&inputs[i].array_data(), -static_cast<int32_t>(i) - 1);
    } else if (inputs.size() > SCANNED + 1) {
        input_index_.emplace(key, r);
    }
    return r;
}

// Operands first, by an explicit stack: a graph may be a chain as long as a loop made it
// (⍣ over 10^5 lazy steps), deeper than the call stack. A node is wired as it is placed: its
// live operands are placed already (a graph has no cycles), so their indices are known, and the
// walk counts each node's uses inside the graph as it goes (in the node: walk_uses).
void Live::order(Node& root) {
    auto sp = stack_.rewrite();
    auto np = nodes.rewrite();
    auto rp = refs.rewrite();
    auto fp = first.rewrite();
    Frame* bottom = sp.p;
    *sp.p++ = {&root, 0};
    root.walk_epoch = epoch_;
    root.walk_uses = 0;
    while (sp.p != bottom) {
        Frame& f = sp.p[-1];
        const Operands& operands = f.node->origin().operands;
        const Value* ops = operands.data();
        size_t count = operands.size();
        Node* next = nullptr;
        size_t k = f.next; // in a register: the stores below may not touch it
        while (k < count) {
            const Value& v = ops[k++];
            if (!v.is_pending()) continue;
            Node& m = node_of(v);
            if (m.is_forced() || m.walk_epoch == epoch_) continue; // a leaf, or placed already
            m.walk_epoch = epoch_;
            m.walk_uses = 0;
            next = &m;
            break;
        }
        f.next = k;
        if (next) {
            if (sp.p == sp.end) [[unlikely]] {
                sp = stack_.grow(sp.p, 1);
                bottom = stack_.data();
            }
            *sp.p++ = {next, 0}; // f is not used again before next is placed
            continue;
        }
        Node* n = f.node;
        sp.p--;
        if (!np.fits(1)) [[unlikely]]
            np = nodes.grow(np.p, 1);
        if (!rp.fits(count)) [[unlikely]]
            rp = refs.grow(rp.p, count);
        if (!fp.fits(2)) [[unlikely]]
            fp = first.grow(fp.p, 2);
        n->walk_index = static_cast<int32_t>(np.p - nodes.data());
        *fp.p++ = static_cast<uint32_t>(rp.p - refs.data());
        for (const Value* v_at = ops; v_at != ops + count; v_at++) {
            const Value& v = *v_at;
            if (!v.is_pending()) {
                *rp.p++ = input(v);
                continue;
            }
            Node& m = node_of(v);
            if (m.is_forced()) {
                *rp.p++ = input(m.result());
                continue;
            }
            *rp.p++ = m.walk_index;
            m.walk_uses++;
        }
        *np.p++ = n;
    }
    *fp.p++ = static_cast<uint32_t>(rp.p - refs.data());
    nodes.finish(np.p);
    refs.finish(rp.p);
    first.finish(fp.p);
}

void Live::clear() noexcept {
    nodes.clear();
    inputs.clear();
    refs.clear();
    first.clear();
    held.clear();
    if (!input_index_.empty()) input_index_.clear();
}

void Live::build(Node& root) {
    // A reader's Live is cleared after each read; a walk fills `first` as it places each node, so
    // it tells whether anything is left from a walk.
    if (!first.empty()) clear();
    epoch_ = ++g_epoch;
    order(root);
    // A node's references beyond its uses as an operand inside the graph are held outside it.
    size_t n = nodes.size();
    held.resize(n);
    uint8_t* h = held.data(); // in locals: a byte's store may alias the lists' own pointers
    Node* const* placed = nodes.data();
    for (size_t i = 0; i + 1 < n; i++) h[i] = placed[i]->ref_count() > placed[i]->walk_uses;
    h[n - 1] = 1; // the root
}

} // namespace bpl::graph
