// Live::of: a depth-first walk from the root, operands first, on an explicit stack.
#include "graph/live.h"

#include <unordered_map>
#include <vector>

namespace bpl::graph {

namespace {

// Up to this many nodes (or leaves) a lookup scans the list; past it, a hash map takes over. A
// lone call's graph (one node, two leaves) then allocates no map at all.
constexpr size_t SCAN_LIMIT = 16;

// Positions in a list of keys kept by the caller in first-seen order: a scan of the list while
// it is short, a hash map once it is long.
template <class Key>
class Index {
  public:
    // The position of k in keys, or -1.
    int32_t find(const std::vector<Key>& keys, Key k) const {
        if (keys.size() <= SCAN_LIMIT) {
            for (size_t i = 0; i < keys.size(); i++)
                if (keys[i] == k) return static_cast<int32_t>(i);
            return -1;
        }
        auto it = map_.find(k);
        return it == map_.end() ? -1 : it->second;
    }
    // After the caller appended keys.back().
    void added(const std::vector<Key>& keys) {
        if (keys.size() == SCAN_LIMIT + 1) {
            for (size_t i = 0; i < keys.size(); i++) map_.emplace(keys[i], static_cast<int32_t>(i));
        } else if (keys.size() > SCAN_LIMIT + 1) {
            map_.emplace(keys.back(), static_cast<int32_t>(keys.size() - 1));
        }
    }

  private:
    std::unordered_map<Key, int32_t> map_;
};

struct Walk {
    Live live;
    Index<Node*> node_index;         // positions in live.nodes
    std::vector<const void*> arrays; // stored-array leaves by object address, first-seen order
    Index<const void*> array_index;  // positions in arrays
    std::vector<int32_t> array_refs; // the input reference of each entry of arrays

    int32_t input(const Value& v) {
        const void* key = v.is_stored_array() ? &v.array_data() : nullptr;
        if (key) {
            if (int32_t i = array_index.find(arrays, key); i >= 0)
                return array_refs[static_cast<size_t>(i)];
        }
        live.inputs.push_back(v);
        int32_t r = -static_cast<int32_t>(live.inputs.size());
        if (key) {
            arrays.push_back(key);
            array_index.added(arrays);
            array_refs.push_back(r);
        }
        return r;
    }

    // Operands first, by an explicit stack: a graph may be a chain as long as a loop made it
    // (⍣ over 10^5 lazy steps), deeper than the call stack.
    int32_t visit(Node& root) {
        struct Frame {
            Node* node;
            size_t next; // operands done
            std::vector<int32_t> refs;
        };
        std::vector<Frame> stack;
        stack.push_back({&root, 0, {}});
        stack.back().refs.reserve(root.origin().operands.size());
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
                } else if (int32_t i = node_index.find(live.nodes, &m); i >= 0) {
                    f.refs.push_back(i);
                    ++f.next;
                } else {
                    stack.push_back({&m, 0, {}}); // f is not used again before m is done
                    stack.back().refs.reserve(m.origin().operands.size());
                }
                continue;
            }
            index = static_cast<int32_t>(live.nodes.size());
            live.nodes.push_back(f.node);
            live.operands.push_back(std::move(f.refs));
            node_index.added(live.nodes);
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
    w.live.inputs.reserve(root.origin().operands.size());
    w.visit(root);
    return std::move(w.live);
}

} // namespace bpl::graph
