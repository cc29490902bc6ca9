// The checked reference evaluator (spec §9) and its reverse pass (§8.2, §13): liveness, per-node
// domain checks, float32 rounding, and the error kinds of §9.3. No artifact parsing here.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "circuit/circuit.h"

namespace bpl::circuit {

// The run-time error kinds of spec §9.3 (plus Gradient: differentiation through a forward-only call).
enum class FailKind : uint8_t {
    Domain, NonFinite, DivisionByZero, InvalidIndex, OneHot, UnboundCall, Binding, Gradient,
};
// "domain", "non_finite", ...: the strings Python and TypeScript report.
const char* name(FailKind k);

// Thrown by evaluation: a kind, the failing node id (-1 when none) and a message.
class Failure : public std::runtime_error {
  public:
    Failure(FailKind kind, int32_t node, const std::string& message)
        : std::runtime_error(message), kind_(kind), node_(node) {}
    FailKind kind() const noexcept { return kind_; }
    int32_t node() const noexcept { return node_; }

  private:
    FailKind kind_;
    int32_t node_;
};

// What a `call` node runs: implemented by the host (the Python module binds Python callables).
// Implementations report their own failures by throwing Failure(FailKind::Binding, ...).
class CallHost {
  public:
    virtual ~CallHost() = default;
    virtual bool has(const std::string& name) const = 0;
    virtual bool has_vjp(const std::string& name) const = 0;
    virtual double forward(const std::string& name, std::span<const double> args) = 0;
    // One partial derivative per argument.
    virtual std::vector<double> vjp(const std::string& name, std::span<const double> args,
                                    double result) = 0;
};

// Raw leaf values, each in leaf order. An empty `parameters` or `states` means the nodes' own values.
struct Leaves {
    std::span<const double> inputs;
    std::span<const double> parameters;
    std::span<const double> states;
};

// §5.1 for a number already known to be real: finiteness, integrality, bounds, float32 rounding
// (domain and program dtype). Returns the accepted value; throws Failure(Domain, node).
double accept(const Domain& d, DType dtype, double v, int32_t node);

// Evaluates one circuit repeatedly, reusing its buffers. Borrows the circuit, which must outlive
// it and stay unchanged. Not thread-safe.
class Evaluator {
  public:
    explicit Evaluator(const Circuit& c);

    const std::vector<int32_t>& inputs() const { return inputs_; }
    const std::vector<int32_t>& parameters() const { return parameters_; }
    const std::vector<int32_t>& states() const { return states_; }
    // Differentiable inputs then parameters: the order `gradients` reports.
    const std::vector<int32_t>& reported() const { return reported_; }

    // Runs outputs (and, when `next` is non-null, every next state value, checked against the
    // state domains). Results in output order / state order. Throws Failure; `outputs` and
    // `next` are only written on success.
    void run(const Leaves& leaves, CallHost* host, std::vector<double>* outputs,
             std::vector<double>* next);

    // One forward pass, then the reverse pass with one cotangent per output; `grads` follows
    // reported(). Throws Failure.
    void gradients(const Leaves& leaves, std::span<const double> cotangents, CallHost* host,
                   std::vector<double>* outputs, std::vector<double>* grads);

    // The value of node `id` from the last successful pass, if it was live.
    bool live(int32_t id) const { return done_[size_t(id)] == run_; }
    double value(int32_t id) const { return value_[size_t(id)]; }

  private:
    const Circuit& c_;
    std::vector<int32_t> inputs_, parameters_, states_, reported_, next_of_state_;
    std::vector<uint8_t> depends_; // node depends on a reported leaf
    std::vector<double> value_, grad_;
    std::vector<uint32_t> done_;
    // Flat copies of what the hot loop reads, so it does not walk the (large) Node structs.
    std::vector<Op> ops_;
    std::vector<int32_t> arg_start_, arg_ids_; // node i's args: arg_ids_[arg_start_[i] .. arg_start_[i+1])
    std::vector<uint8_t> relaxed_;
    std::vector<uint8_t> lazy_;    // exact/hybrid select, gather, gather_one_hot
    std::vector<uint8_t> checked_; // the domain needs more than a finiteness check
    std::vector<int32_t> stack_;
    uint32_t run_ = 0;
    bool both_branches_ = false; // hybrid selects also evaluate their inactive branch

    void set_leaves(const Leaves& leaves);
    void demand(int32_t root, CallHost* host);
    double compute(int32_t id, CallHost* host);
    double finish(int32_t id, double v) const;
    void backward(int32_t id, CallHost* host);
};

} // namespace bpl::circuit
