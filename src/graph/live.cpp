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
// walk counts each node's uses inside the graph as it goes.
void Live::order(Node& root) {
    stack_.push_back({&root, 0});
    root.walk_epoch = epoch_;
    while (!stack_.empty()) {
        Frame& f = stack_.back();
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
            next = &m;
            break;
        }
        f.next = k;
        if (next) {
            stack_.push_back({next, 0}); // f is not used again before next is placed
            continue;
        }
        Node* n = f.node;
        stack_.pop_back();
        n->walk_index = static_cast<int32_t>(nodes.size());
        first.push_back(static_cast<uint32_t>(refs.size()));
        for (const Value* v_at = ops; v_at != ops + count; v_at++) {
            const Value& v = *v_at;
            if (!v.is_pending()) {
                refs.push_back(input(v));
                continue;
            }
            Node& m = node_of(v);
            if (m.is_forced()) {
                refs.push_back(input(m.result()));
                continue;
            }
            refs.push_back(m.walk_index);
            uses_[static_cast<size_t>(m.walk_index)]++;
        }
        nodes.push_back(n);
        uses_.push_back(0);
    }
    first.push_back(static_cast<uint32_t>(refs.size()));
}

void Live::clear() noexcept {
    nodes.clear();
    inputs.clear();
    refs.clear();
    first.clear();
    held.clear();
    stack_.clear();
    if (!input_index_.empty()) input_index_.clear();
}

void Live::build(Node& root) {
    // A reader's Live is cleared after each read; a walk fills the stack first, then `first` as
    // it places each node, so these two tell whether anything is left from a walk.
    if (!first.empty() || !stack_.empty()) clear();
    epoch_ = ++g_epoch;
    uses_.clear();
    order(root);
    // A node's references beyond its uses as an operand inside the graph are held outside it.
    for (size_t i = 0; i + 1 < nodes.size(); i++) held.push_back(nodes[i]->ref_count() > uses_[i]);
    held.push_back(1); // the root
}

} // namespace bpl::graph
