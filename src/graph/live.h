// Live::of: the part of the graph a read must compute: unforced nodes under a root, in an order
// where operands come first, and the leaf inputs (stored values and forced nodes' results).
#pragma once

#include "base/raw_list.h"
#include "graph/node.h"

#include <span>
#include <unordered_map>
#include <vector>

namespace bpl::graph {

struct Live {
    // The lists are RawLists: the walk writes them through cursors, so a read constructs nothing
    // and checks room once a node.
    base::RawList<Node*> nodes; // operands before users; the root is last
    std::vector<Value> inputs;  // distinct leaves, in first-use order
    // Node i's operands as references, refs[first[i]] .. refs[first[i+1]-1]: r >= 0 is nodes[r],
    // r < 0 is inputs[-r-1].
    base::RawList<int32_t> refs;
    base::RawList<uint32_t> first;
    std::span<const int32_t> operands(size_t i) const {
        return {refs.data() + first[i], refs.data() + first[i + 1]};
    }
    // For each node, whether something outside the live graph holds it too (a name, a caller's
    // value): its result is worth keeping, so the scheduler stores it rather than fusing it away.
    // The root is always held.
    base::RawList<uint8_t> held;

    // Fills this Live with the graph under `root`, reusing its buffers' memory (a reader keeps
    // one Live per read depth, so a read allocates nothing here once the buffers have grown).
    void build(Node& root);
    // Drops the inputs' references and empties every list; the buffers keep their memory.
    void clear() noexcept;
    static Live of(Node& root) {
        Live live;
        live.build(root);
        return live;
    }

  private:
    // The walk's own scratch, kept with the lists for the same reuse.
    struct Frame {
        Node* node;
        size_t next; // operands looked at
    };
    base::RawList<Frame> stack_;
    std::unordered_map<const void*, int32_t> input_index_; // array leaves, past SCANNED of them
    uint32_t epoch_ = 0;
    void order(Node& root);
    // A leaf's input reference: an atom is its own input; an array leaf is found among the
    // inputs first (each array once).
    int32_t input(const Value& v) {
        if (v.is_stored_array()) return array_input(v);
        inputs.push_back(v);
        return -static_cast<int32_t>(inputs.size());
    }
    int32_t array_input(const Value& v);
};

} // namespace bpl::graph
