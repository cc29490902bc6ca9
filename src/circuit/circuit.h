// The circuit IR of tensorcode.program: opcodes (one table), domains, nodes, program settings.
// Loading/saving lives in artifact.*, evaluation in evaluate.*; nothing here computes values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bpl::circuit {

// The complete v1 opcode set (spec §7), in table order.
enum class Op : uint8_t {
    Input, Parameter, State, Constant,
    Add, Sub, Mul, Div, FloorDiv, Mod, Neg, Abs, Min, Max, Relu, Sigmoid,
    Lt, Le, Gt, Ge, Eq, Ne, And, Or, Not,
    Select, Gather, OneHot, GatherOneHot, Affine, SparseAffine, Call,
};
inline constexpr int OP_COUNT = static_cast<int>(Op::Call) + 1;
// The largest finite float32, as a double.
inline constexpr double F32_MAX = 3.4028234663852886e38;

// One row per opcode: its artifact name, arity range (max -1: unbounded) and extra fields.
struct OpInfo {
    const char* name;
    int min_arity;
    int max_arity;
    bool has_name;  // the node carries "name"
    bool has_value; // the node carries "value"
};
const OpInfo& info(Op op);
// The opcode spelled `name`; nullopt when it is not a v1 opcode.
std::optional<Op> op_of_name(const std::string& name);
inline bool is_leaf(Op op) { return op <= Op::Constant; }
inline bool is_comparison(Op op) { return op >= Op::Lt && op <= Op::Ne; }
inline bool is_logical(Op op) { return op >= Op::And && op <= Op::Not; }

enum class Semantics : uint8_t { Exact, Relaxed, Hybrid };
enum class DType : uint8_t { Float64, Float32 };
enum class DomainType : uint8_t { Int32, Boolean, Float32, Float64 };

const char* name(Semantics s);
const char* name(DType d);
const char* name(DomainType t);

// A checked set of scalar values (spec §5); null bounds are nullopt.
struct Domain {
    DomainType type = DomainType::Float64;
    std::optional<double> min;
    std::optional<double> max;
    // The effective bounds: null bounds replaced by the type's finite range.
    double lo() const;
    double hi() const;
    bool operator==(const Domain&) const = default;
};

struct Source {
    std::optional<std::string> file;
    int64_t line = 1;
    int64_t column = 0;
};

// One scalar SSA node. Which optional fields are meaningful depends on `op` (spec §20.2).
struct Node {
    Op op = Op::Constant;
    std::vector<int32_t> args;
    Domain domain;
    bool differentiable = false;
    std::optional<Source> source;
    std::string name;               // input, parameter, state, call
    double value = 0.0;             // constant, parameter, state
    int64_t position = 0;           // one_hot
    int64_t size = 0;               // one_hot
    std::vector<double> weights;    // affine, sparse_affine
    std::vector<int64_t> indices;   // sparse_affine
    std::optional<double> bias;     // affine, sparse_affine
    std::optional<Semantics> semantics; // node-level overrides (included regions)
    std::optional<double> temperature;
    bool surrogate_override = false; // "surrogate" was written on the node (only "sigmoid" exists)
};

// A whole program: settings, nodes in topological order, named outputs and state updates.
struct Circuit {
    Semantics semantics = Semantics::Exact;
    DType dtype = DType::Float64;
    double temperature = 1.0;
    std::vector<Node> nodes;
    std::vector<std::pair<std::string, int32_t>> outputs; // insertion order
    std::vector<std::pair<int32_t, int32_t>> updates;     // state id -> next-value id

    Semantics semantics_of(const Node& n) const { return n.semantics.value_or(semantics); }
    double temperature_of(const Node& n) const { return n.temperature.value_or(temperature); }
    // Ids of the leaves of one kind, in node order.
    std::vector<int32_t> ids_of(Op op) const;
};

} // namespace bpl::circuit
