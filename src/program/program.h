// Program: the plain-data copy of a live graph, made only on a cache miss; and the structure key
// a read probes the one Programs cache with. The scheduler and runners read only Programs.
#pragma once

#include "graph/live.h"

#include <string>
#include <vector>

namespace bpl::program {

using graph::Step;
using value::Desc;

struct Instr {
    Step step;
    math::Fn fn;
    number::Kind compute;
    std::vector<int32_t> operands; // r >= 0: step r's result; r < 0: input -r-1
    std::vector<int64_t> params;
    Desc out;
};

struct Program {
    std::vector<Desc> inputs;
    std::vector<Instr> steps; // operands before users; the last is the root
    static Program of(const graph::Live& live);
};

// The structure key of a live graph: steps, functions, kinds, parameters, operand wiring, and
// every input's and output's description. Equal keys mean one plan serves both graphs.
std::string key_of(const graph::Live& live);

} // namespace bpl::program
