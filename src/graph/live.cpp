// Live::of: a depth-first walk from the root, operands first, on an explicit stack.
#include "graph/live.h"

#include <unordered_map>
#include <vector>

namespace bpl::graph {

namespace {
struct Walk {
    Live live;
    std::unordered_map<const Node*, int32_t> node_index;
    std::unordered_map<const void*, int32_t> input_index; // leaves by object address

    int32_t input(const Value& v) {
        const void* key = nullptr;
        if (v.is_stored_array()) key = &v.array_data();
        if (key) {
            auto it = input_index.find(key);
            if (it != input_index.end()) return it->second;
        }
        live.inputs.push_back(v);
        int32_t r = -static_cast<int32_t>(live.inputs.size());
        if (key) input_index.emplace(key, r);
        return r;
    }

    // Operands first, by an explicit stack: a graph may be a chain as long as a loop made it
    // (⍣ over 10^5 lazy steps), deeper than the call stack.
    int32_t visit(Node& root) {
        if (auto it = node_index.find(&root); it != node_index.end()) return it->second;
        struct Frame {
            Node* node;
            size_t next; // operands done
            std::vector<int32_t> refs;
        };
        std::vector<Frame> stack;
        stack.push_back({&root, 0, {}});
        int32_t index = -1;
        while (!stack.empty()) {
            Frame& f = stack.back();
            const auto& operands = f.node->origin().operands;
            if (f.next < operands.size()) {
                const Value& v = operands[f.next];
                if (!v.is_pending()) {
                    f.refs.push_back(input(v));
                    ++f.next;
                    continue;
                }
                auto& m = static_cast<Node&>(v.pending_node());
                if (m.is_forced()) {
                    f.refs.push_back(input(m.result()));
                    ++f.next;
                } else if (auto it = node_index.find(&m); it != node_index.end()) {
                    f.refs.push_back(it->second);
                    ++f.next;
                } else {
                    stack.push_back({&m, 0, {}}); // f is not used again before m is done
                }
                continue;
            }
            index = static_cast<int32_t>(live.nodes.size());
            live.nodes.push_back(f.node);
            live.operands.push_back(std::move(f.refs));
            node_index.emplace(f.node, index);
            stack.pop_back();
            if (!stack.empty()) {
                stack.back().refs.push_back(index);
                ++stack.back().next;
            }
        }
        return index;
    }
};
} // namespace

Live Live::of(Node& root) {
    Walk w;
    w.visit(root);
    Live& live = w.live;
    // A node's references beyond its uses as an operand inside the graph are held outside it.
    std::vector<uint32_t> uses(live.nodes.size(), 0);
    for (const auto& refs : live.operands)
        for (int32_t r : refs)
            if (r >= 0) uses[static_cast<size_t>(r)]++;
    live.held.resize(live.nodes.size());
    for (size_t i = 0; i < live.nodes.size(); i++)
        live.held[i] = live.nodes[i]->ref_count() > uses[i];
    live.held.back() = 1;
    return std::move(w.live);
}

} // namespace bpl::graph
