// The one rewrite table (rules.cpp): rows of (root step and function → match → rewrite), run by
// the scheduler on a Program before it makes stages. A rule that read an input's value to match
// leaves a guard, so a cache hit whose inputs differ there plans again.
#pragma once

#include "program/program.h"

namespace bpl::program {

// The value a plan assumed an atom input has.
struct Guard {
    int32_t input;
    double value;
};

// Rewrites `p` in place by every rule that matches, from the root back. Steps a rule leaves
// without readers stay in the program (steps and live nodes correspond one to one); the scheduler
// drops them. Appends the guards the matches assumed and the names of the rules applied.
void rewrite(Program& p, const std::vector<value::Value>& inputs, std::vector<Guard>& guards,
             std::vector<const char*>& applied);

// True when every guard holds for `inputs`.
bool guards_hold(const std::vector<Guard>& guards, const std::vector<value::Value>& inputs);

} // namespace bpl::program
