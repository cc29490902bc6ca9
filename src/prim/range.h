// Ranges in descriptions (seed part 2): the conservative range of a step's result, derived from
// its origin and its operands' descriptions in one place, the node constructor path (build).
// (Copy keeps its operand's range and the fill's; a replacing At joins the written items'.)
#pragma once

#include "graph/node.h"

namespace bpl::prim {

// The range of the result `desc` describes when `origin` computes it: a Map through its math
// object's range rule over the operands' ranges, Convert and Gather keeping their sources'
// ranges, Iota 0..n-1; other steps unknown. Integer results are kept within their kind's bounds
// (a result that may wrap gets those bounds). Never throws.
value::Range range_of_step(const graph::Origin& origin, const value::Desc& desc);

} // namespace bpl::prim
