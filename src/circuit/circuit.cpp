// The opcode table and the small facts about domains and settings; no evaluation here.
#include "circuit/circuit.h"

#include <limits>

namespace bpl::circuit {

namespace {
// clang-format off
constexpr OpInfo OPS[OP_COUNT] = {
    //  name              min max  name   value
    {"input",             0,  0,   true,  false},
    {"parameter",         0,  0,   true,  true},
    {"state",             0,  0,   true,  true},
    {"constant",          0,  0,   false, true},
    {"add",               2,  2,   false, false},
    {"sub",               2,  2,   false, false},
    {"mul",               2,  2,   false, false},
    {"div",               2,  2,   false, false},
    {"floordiv",          2,  2,   false, false},
    {"mod",               2,  2,   false, false},
    {"neg",               1,  1,   false, false},
    {"abs",               1,  1,   false, false},
    {"min",               2,  2,   false, false},
    {"max",               2,  2,   false, false},
    {"relu",              1,  1,   false, false},
    {"sigmoid",           1,  1,   false, false},
    {"lt",                2,  2,   false, false},
    {"le",                2,  2,   false, false},
    {"gt",                2,  2,   false, false},
    {"ge",                2,  2,   false, false},
    {"eq",                2,  2,   false, false},
    {"ne",                2,  2,   false, false},
    {"and",               2,  2,   false, false},
    {"or",                2,  2,   false, false},
    {"not",               1,  1,   false, false},
    {"select",            3,  3,   false, false},
    {"gather",            2,  -1,  false, false},
    {"one_hot",           1,  1,   false, true},
    {"gather_one_hot",    2,  -1,  false, false},
    {"affine",            1,  -1,  false, true},
    {"sparse_affine",     0,  -1,  false, true},
    {"call",              0,  -1,  true,  false},
};
// clang-format on
} // namespace

const OpInfo& info(Op op) { return OPS[static_cast<int>(op)]; }

std::optional<Op> op_of_name(const std::string& name) {
    for (int i = 0; i < OP_COUNT; ++i)
        if (name == OPS[i].name) return static_cast<Op>(i);
    return std::nullopt;
}

const char* name(Semantics s) {
    switch (s) {
    case Semantics::Exact: return "exact";
    case Semantics::Relaxed: return "relaxed";
    case Semantics::Hybrid: return "hybrid";
    }
    return "?";
}
const char* name(DType d) { return d == DType::Float32 ? "float32" : "float64"; }
const char* name(DomainType t) {
    switch (t) {
    case DomainType::Int32: return "int32";
    case DomainType::Boolean: return "boolean";
    case DomainType::Float32: return "float32";
    case DomainType::Float64: return "float64";
    }
    return "?";
}

double Domain::lo() const {
    if (min) return *min;
    switch (type) {
    case DomainType::Int32: return -2147483648.0;
    case DomainType::Boolean: return 0.0;
    case DomainType::Float32: return -F32_MAX;
    case DomainType::Float64: return -std::numeric_limits<double>::max();
    }
    return 0.0;
}
double Domain::hi() const {
    if (max) return *max;
    switch (type) {
    case DomainType::Int32: return 2147483647.0;
    case DomainType::Boolean: return 1.0;
    case DomainType::Float32: return F32_MAX;
    case DomainType::Float64: return std::numeric_limits<double>::max();
    }
    return 0.0;
}

std::vector<int32_t> Circuit::ids_of(Op op) const {
    std::vector<int32_t> out;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].op == op) out.push_back(static_cast<int32_t>(i));
    return out;
}

} // namespace bpl::circuit
