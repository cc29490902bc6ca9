// Live::of: a depth-first walk from the root, operands first, on an explicit stack. Each node
// reached is marked with the walk's epoch and its index, so the walk needs no table of nodes.
#include "graph/live.h"

#include <unordered_map>
#include <vector>

namespace bpl::graph {

namespace {

uint32_t g_epoch = 0;

bool is_live(const Value& v) {
    return v.is_pending() && !static_cast<Node&>(v.pending_node()).is_forced();
}

struct Walk {
    Live live;
    uint32_t epoch;
    // Leaves by array address: a scan while there are few, a table past that.
    static constexpr size_t SCANNED = 16;
    std::unordered_map<const void*, int32_t> input_index;

    int32_t input(const Value& v) {
        const void* key = v.is_stored_array() ? &v.array_data() : nullptr;
        if (key) {
            if (live.inputs.size() <= SCANNED) {
                for (size_t i = 0; i < live.inputs.size(); i++) {
                    const Value& u = live.inputs[i];
                    if (u.is_stored_array() && &u.array_data() == key) return -static_cast<int32_t>(i) - 1;
                }
            } else if (auto it = input_index.find(key); it != input_index.end()) {
                return it->second;
            }
        }
        live.inputs.push_back(v);
        auto r = -static_cast<int32_t>(live.inputs.size());
        if (live.inputs.size() == SCANNED + 1) { // from now on, the table holds every array leaf
            for (size_t i = 0; i < live.inputs.size(); i++)
                if (live.inputs[i].is_stored_array())
                    input_index.emplace(&live.inputs[i].array_data(), -static_cast<int32_t>(i) - 1);
        } else if (key && live.inputs.size() > SCANNED + 1) {
            input_index.emplace(key, r);
        }
        return r;
    }

    bool seen(const Node& n) const { return n.walk_epoch == epoch; }

    // Operands first, by an explicit stack: a graph may be a chain as long as a loop made it
    // (⍣ over 10^5 lazy steps), deeper than the call stack.
    void order(Node& root) {
        struct Frame {
            Node* node;
            size_t next; // operands looked at
        };
        std::vector<Frame> stack;
        stack.reserve(16);
        live.nodes.reserve(16);
        stack.push_back({&root, 0});
        root.walk_epoch = epoch;
        while (!stack.empty()) {
            Frame& f = stack.back();
            const auto& operands = f.node->origin().operands;
            if (f.next < operands.size()) {
                const Value& v = operands[f.next++];
                if (!is_live(v)) continue;
                auto& m = static_cast<Node&>(v.pending_node());
                if (seen(m)) continue; // done already (a graph, not a tree, has no cycles)
                m.walk_epoch = epoch;
                stack.push_back({&m, 0}); // f is not used again before m is done
                continue;
            }
            f.node->walk_index = static_cast<int32_t>(live.nodes.size());
            live.nodes.push_back(f.node);
            stack.pop_back();
        }
    }

    void wire() {
        live.first.reserve(live.nodes.size() + 1);
        live.refs.reserve(live.nodes.size() * 2);
        live.inputs.reserve(live.nodes.size() + 1);
        for (Node* n : live.nodes) {
            live.first.push_back(static_cast<uint32_t>(live.refs.size()));
            for (const Value& v : n->origin().operands) {
                if (is_live(v)) {
                    live.refs.push_back(static_cast<Node&>(v.pending_node()).walk_index);
                } else if (v.is_pending()) {
                    live.refs.push_back(input(static_cast<Node&>(v.pending_node()).result()));
                } else {
                    live.refs.push_back(input(v));
                }
            }
        }
        live.first.push_back(static_cast<uint32_t>(live.refs.size()));
    }
};

} // namespace

Live Live::of(Node& root) {
    Walk w;
    w.epoch = ++g_epoch;
    w.order(root);
    w.wire();
    Live& live = w.live;
    // A node's references beyond its uses as an operand inside the graph are held outside it.
    std::vector<uint32_t> uses(live.nodes.size(), 0);
    for (int32_t r : live.refs)
        if (r >= 0) uses[static_cast<size_t>(r)]++;
    live.held.resize(live.nodes.size());
    for (size_t i = 0; i < live.nodes.size(); i++)
        live.held[i] = live.nodes[i]->ref_count() > uses[i];
    live.held.back() = 1;
    return std::move(w.live);
}

} // namespace bpl::graph
