// Live::of: the part of the graph a read must compute: unforced nodes under a root, in an order
// where operands come first, and the leaf inputs (stored values and forced nodes' results).
#pragma once

#include "graph/node.h"

#include <span>
#include <vector>

namespace bpl::graph {

struct Live {
    std::vector<Node*> nodes;   // operands before users; the root is last
    std::vector<Value> inputs;  // distinct leaves, in first-use order
    // Node i's operands as references, refs[first[i]] .. refs[first[i+1]-1]: r >= 0 is nodes[r],
    // r < 0 is inputs[-r-1].
    std::vector<int32_t> refs;
    std::vector<uint32_t> first;
    std::span<const int32_t> operands(size_t i) const {
        return {refs.data() + first[i], refs.data() + first[i + 1]};
    }
    // For each node, whether something outside the live graph holds it too (a name, a caller's
    // value): its result is worth keeping, so the scheduler stores it rather than fusing it away.
    // The root is always held.
    std::vector<uint8_t> held;

    static Live of(Node& root);
};

} // namespace bpl::graph
