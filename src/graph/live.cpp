// Live::of: a depth-first walk from the root, operands first.
#include "graph/live.h"

#include <unordered_map>

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

    int32_t visit(Node& n) {
        auto it = node_index.find(&n);
        if (it != node_index.end()) return it->second;
        std::vector<int32_t> refs;
        refs.reserve(n.origin().operands.size());
        for (const Value& v : n.origin().operands) {
            if (v.is_pending()) {
                auto& m = static_cast<Node&>(v.pending_node());
                refs.push_back(m.is_forced() ? input(m.result()) : visit(m));
            } else {
                refs.push_back(input(v));
            }
        }
        int32_t index = static_cast<int32_t>(live.nodes.size());
        live.nodes.push_back(&n);
        live.operands.push_back(std::move(refs));
        node_index.emplace(&n, index);
        return index;
    }
};
} // namespace

Live Live::of(Node& root) {
    Walk w;
    w.visit(root);
    return std::move(w.live);
}

} // namespace bpl::graph
