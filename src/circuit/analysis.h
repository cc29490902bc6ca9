// Interval analysis (spec §15.3): forward intervals per node and the operations that might fail.
// Diagnostic only; the evaluator's run-time checks decide.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "circuit/circuit.h"

namespace bpl::circuit {

struct Interval {
    double lo;
    double hi;
};

struct Issue {
    int32_t node;
    std::string kind;    // "division_by_zero", "non_finite", "invalid_index", "domain", "one_hot", "unknown"
    std::string message;
};

struct Analysis {
    std::vector<Interval> intervals; // one per node id
    std::vector<Issue> issues;       // in node order
};

// Never throws for a valid circuit.
Analysis analyze(const Circuit& c);

} // namespace bpl::circuit
