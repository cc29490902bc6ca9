// Forward evaluation with demand-driven liveness (an explicit stack, so 100,000-node chains need no
// recursion) and the reverse pass under each node's semantics. Scalar math comes from scalar.h.
#include "circuit/evaluate.h"

#include <cmath>

#include "circuit/scalar.h"

namespace bpl::circuit {

const char* name(FailKind k) {
    switch (k) {
    case FailKind::Domain: return "domain";
    case FailKind::NonFinite: return "non_finite";
    case FailKind::DivisionByZero: return "division_by_zero";
    case FailKind::InvalidIndex: return "invalid_index";
    case FailKind::OneHot: return "one_hot";
    case FailKind::UnboundCall: return "unbound_call";
    case FailKind::Binding: return "binding";
    case FailKind::Gradient: return "gradient";
    }
    return "?";
}

namespace {

[[noreturn]] void fail(FailKind k, int32_t node, const std::string& what) {
    throw Failure(k, node, "node " + std::to_string(node) + ": " + what);
}

bool is_bit(double v) { return v == 0.0 || v == 1.0; }
bool is_unit(double v) { return v >= 0.0 && v <= 1.0; }

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace

double accept(const Domain& d, DType dtype, double v, int32_t node) {
    if (!std::isfinite(v)) fail(FailKind::Domain, node, "value " + num(v) + " is not finite");
    if (d.type == DomainType::Float32) {
        v = round_f32(v);
        if (!std::isfinite(v)) fail(FailKind::Domain, node, "value overflows float32");
    }
    if (dtype == DType::Float32) v = round_f32(v);
    if (!in_domain(d, v))
        fail(FailKind::Domain, node, "value " + num(v) + " is outside the domain " + name(d.type));
    return v;
}

Evaluator::Evaluator(const Circuit& c) : c_(c) {
    size_t n = c.nodes.size();
    value_.assign(n, 0.0);
    grad_.assign(n, 0.0);
    done_.assign(n, 0);
    lazy_.assign(n, 0);
    checked_.assign(n, 0);
    depends_.assign(n, 0);
    next_of_state_.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
        const Node& node = c.nodes[i];
        auto id = static_cast<int32_t>(i);
        if (node.op == Op::Input) inputs_.push_back(id);
        if (node.op == Op::Parameter) parameters_.push_back(id);
        if (node.op == Op::State) states_.push_back(id);
        for (int32_t a : node.args) depends_[i] |= depends_[size_t(a)];
    }
    for (int32_t id : inputs_)
        if (c.nodes[size_t(id)].differentiable) reported_.push_back(id);
    for (int32_t id : parameters_) reported_.push_back(id);
    for (int32_t id : reported_) depends_[size_t(id)] = 1;
    // Propagate again now that the reported leaves are marked.
    for (size_t i = 0; i < n; ++i)
        for (int32_t a : c.nodes[i].args) depends_[i] |= depends_[size_t(a)];
    for (const auto& [s, next] : c.updates) next_of_state_[size_t(s)] = next;
    DomainType plain = c.dtype == DType::Float32 ? DomainType::Float32 : DomainType::Float64;
    arg_start_.assign(n + 1, 0);
    ops_.resize(n);
    relaxed_.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const Node& node = c.nodes[i];
        ops_[i] = node.op;
        relaxed_[i] = c.semantics_of(node) == Semantics::Relaxed;
        arg_ids_.insert(arg_ids_.end(), node.args.begin(), node.args.end());
        arg_start_[i + 1] = static_cast<int32_t>(arg_ids_.size());
        lazy_[i] = c.semantics_of(node) != Semantics::Relaxed &&
                   (node.op == Op::Select || node.op == Op::Gather || node.op == Op::GatherOneHot);
        // Only finiteness needs checking on an unbounded domain of the program's own type.
        checked_[i] = !(node.domain.type == plain && !node.domain.min && !node.domain.max);
    }
}

double Evaluator::finish(int32_t id, double v) const {
    if (c_.dtype == DType::Float32) v = round_f32(v);
    if (!std::isfinite(v)) fail(FailKind::NonFinite, id, "result is not finite");
    if (!checked_[size_t(id)]) return v;
    const Domain& d = c_.nodes[size_t(id)].domain;
    if (!in_domain(d, v))
        fail(FailKind::Domain, id, "value " + num(v) + " is outside the domain " + name(d.type));
    return v;
}

void Evaluator::set_leaves(const Leaves& leaves) {
    ++run_;
    if (run_ == 0) { // wrapped: clear the stamps once
        std::fill(done_.begin(), done_.end(), 0);
        run_ = 1;
    }
    auto put = [&](const std::vector<int32_t>& ids, std::span<const double> vals, bool own) {
        for (size_t k = 0; k < ids.size(); ++k) {
            const Node& n = c_.nodes[size_t(ids[k])];
            double raw = own ? n.value : vals[k];
            value_[size_t(ids[k])] = accept(n.domain, c_.dtype, raw, ids[k]);
        }
    };
    if (leaves.inputs.size() != inputs_.size()) throw std::invalid_argument("wrong number of inputs");
    put(inputs_, leaves.inputs, false);
    if (!leaves.parameters.empty() && leaves.parameters.size() != parameters_.size())
        throw std::invalid_argument("wrong number of parameters");
    put(parameters_, leaves.parameters, leaves.parameters.empty());
    if (!leaves.states.empty() && leaves.states.size() != states_.size())
        throw std::invalid_argument("wrong number of states");
    put(states_, leaves.states, leaves.states.empty());
    for (int32_t id : inputs_) done_[size_t(id)] = run_;
    for (int32_t id : parameters_) done_[size_t(id)] = run_;
    for (int32_t id : states_) done_[size_t(id)] = run_;
}

void Evaluator::demand(int32_t root, CallHost* host) {
    if (done_[size_t(root)] == run_) return;
    stack_.clear();
    stack_.push_back(root);
    while (!stack_.empty()) {
        int32_t id = stack_.back();
        auto i = size_t(id);
        if (done_[i] == run_) {
            stack_.pop_back();
            continue;
        }
        const int32_t* args = arg_ids_.data() + arg_start_[i];
        size_t n_args = size_t(arg_start_[i + 1] - arg_start_[i]);
        Op op = ops_[i];
        bool lazy = lazy_[i] != 0;
        // Phase 1: the arguments every case needs (all of them, or the deciding ones when lazy),
        // pushed last-first so the first argument is evaluated first.
        size_t needed = n_args;
        if (lazy) needed = op == Op::GatherOneHot ? n_args / 2 : 1;
        bool missing = false;
        for (size_t k = needed; k-- > 0;) {
            int32_t a = args[k];
            if (done_[size_t(a)] != run_) {
                stack_.push_back(a);
                missing = true;
            }
        }
        if (missing) continue;
        if (!lazy) {
            value_[i] = finish(id, compute(id, host));
            done_[i] = run_;
            stack_.pop_back();
            continue;
        }
        // Phase 2: decide, then demand only the chosen value (and, for a hybrid select under
        // differentiation, the inactive branch too).
        int32_t chosen = -1, other = -1;
        if (op == Op::Select) {
            double cnd = value_[size_t(args[0])];
            if (!is_bit(cnd)) fail(FailKind::Domain, id, "select condition is not 0 or 1");
            chosen = cnd == 1.0 ? args[1] : args[2];
            if (both_branches_ && c_.semantics_of(c_.nodes[i]) == Semantics::Hybrid)
                other = cnd == 1.0 ? args[2] : args[1];
        } else if (op == Op::Gather) {
            double ix = value_[size_t(args[0])];
            double top = double(n_args) - 2;
            if (std::floor(ix) != ix || ix < 0 || ix > top)
                fail(FailKind::InvalidIndex, id, "gather index " + num(ix) + " is not an integer in [0, " + num(top) + "]");
            chosen = args[1 + size_t(ix)];
        } else {
            size_t m = n_args / 2;
            size_t ones = 0, at = 0;
            for (size_t k = 0; k < m; ++k) {
                double s = value_[size_t(args[k])];
                if (!is_bit(s)) fail(FailKind::Domain, id, "gather_one_hot selector is not 0 or 1");
                if (s == 1.0) {
                    ++ones;
                    at = k;
                }
            }
            if (ones != 1) fail(FailKind::OneHot, id, "gather_one_hot selectors are not exactly one 1");
            chosen = args[m + at];
        }
        if (done_[size_t(chosen)] != run_) {
            stack_.push_back(chosen);
            continue;
        }
        if (other >= 0 && done_[size_t(other)] != run_) {
            stack_.push_back(other);
            continue;
        }
        value_[i] = finish(id, value_[size_t(chosen)]);
        done_[i] = run_;
        stack_.pop_back();
    }
}

double Evaluator::compute(int32_t id, CallHost* host) {
    const Node& n = c_.nodes[size_t(id)];
    const int32_t* arg_ids = arg_ids_.data() + arg_start_[size_t(id)];
    std::span<const int32_t> args(arg_ids, size_t(arg_start_[size_t(id) + 1] - arg_start_[size_t(id)]));
    auto arg = [&](size_t k) { return value_[size_t(arg_ids[k])]; };
    bool relaxed = relaxed_[size_t(id)] != 0;
    double t = relaxed ? c_.temperature_of(n) : 1.0;
    bool f32 = c_.dtype == DType::Float32;
    auto rnd = [&](double v) { return f32 ? round_f32(v) : v; };
    switch (ops_[size_t(id)]) {
    case Op::Input:
    case Op::Parameter:
    case Op::State: return value_[size_t(id)];
    case Op::Constant: return n.value;
    case Op::Add: return arg(0) + arg(1);
    case Op::Sub: return arg(0) - arg(1);
    case Op::Mul: return arg(0) * arg(1);
    case Op::Div:
        if (arg(1) == 0.0) fail(FailKind::DivisionByZero, id, "division by zero");
        return arg(0) / arg(1);
    case Op::FloorDiv:
        if (arg(1) == 0.0) fail(FailKind::DivisionByZero, id, "floor division by zero");
        return py_floordiv(arg(0), arg(1));
    case Op::Mod:
        if (arg(1) == 0.0) fail(FailKind::DivisionByZero, id, "modulo by zero");
        return py_mod(arg(0), arg(1));
    case Op::Neg: return -arg(0);
    case Op::Abs: return std::fabs(arg(0));
    case Op::Min: return arg(1) < arg(0) ? arg(1) : arg(0);
    case Op::Max: return arg(1) > arg(0) ? arg(1) : arg(0);
    case Op::Relu: return arg(0) > 0 ? arg(0) : 0.0;
    case Op::Sigmoid: return sigmoid(arg(0));
    case Op::Lt: return relaxed ? sigmoid((arg(1) - arg(0)) / t) : double(arg(0) < arg(1));
    case Op::Le: return relaxed ? sigmoid((arg(1) - arg(0)) / t) : double(arg(0) <= arg(1));
    case Op::Gt: return relaxed ? sigmoid((arg(0) - arg(1)) / t) : double(arg(0) > arg(1));
    case Op::Ge: return relaxed ? sigmoid((arg(0) - arg(1)) / t) : double(arg(0) >= arg(1));
    case Op::Eq: return relaxed ? gaussian(arg(0) - arg(1), t) : double(arg(0) == arg(1));
    case Op::Ne: return relaxed ? 1.0 - gaussian(arg(0) - arg(1), t) : double(arg(0) != arg(1));
    case Op::And:
    case Op::Or:
    case Op::Not: {
        for (size_t k = 0; k < args.size(); ++k)
            if (relaxed ? !is_unit(arg(k)) : !is_bit(arg(k)))
                fail(FailKind::Domain, id, std::string(info(n.op).name) + " argument is not " +
                                               (relaxed ? "in [0, 1]" : "0 or 1"));
        if (n.op == Op::Not) return 1.0 - arg(0);
        if (n.op == Op::And) return arg(0) * arg(1);
        return arg(0) + arg(1) - arg(0) * arg(1);
    }
    case Op::Select: { // relaxed only; exact/hybrid selection is decided in demand()
        double c = arg(0);
        if (!is_unit(c)) fail(FailKind::Domain, id, "select condition is not in [0, 1]");
        return c * arg(1) + (1.0 - c) * arg(2);
    }
    case Op::Gather: { // relaxed only
        double i = arg(0);
        double top = double(args.size()) - 2;
        if (i < 0 || i > top) fail(FailKind::InvalidIndex, id, "gather index " + num(i) + " is out of range");
        double acc = 0.0;
        for (size_t k = 1; k < args.size(); ++k) acc += gaussian(i - double(k - 1), t) * arg(k);
        return acc;
    }
    case Op::GatherOneHot: { // relaxed only
        size_t m = args.size() / 2;
        double acc = 0.0;
        for (size_t k = 0; k < m; ++k) {
            if (!is_unit(arg(k))) fail(FailKind::Domain, id, "gather_one_hot selector is not in [0, 1]");
            acc += arg(k) * arg(m + k);
        }
        return acc;
    }
    case Op::OneHot: {
        double a = arg(0);
        double top = double(n.size - 1);
        if (relaxed) {
            if (a < 0 || a > top) fail(FailKind::InvalidIndex, id, "one_hot index " + num(a) + " is out of range");
            return gaussian(a - double(n.position), t);
        }
        if (std::floor(a) != a || a < 0 || a > top)
            fail(FailKind::InvalidIndex, id, "one_hot index " + num(a) + " is not an integer in range");
        return double(a == double(n.position));
    }
    case Op::Affine:
    case Op::SparseAffine: {
        size_t k0 = 0;
        double acc;
        if (n.bias) {
            acc = *n.bias;
        } else if (args.empty()) {
            return 0.0;
        } else {
            acc = rnd(n.weights[0] * arg(0));
            k0 = 1;
        }
        for (size_t k = k0; k < args.size(); ++k) acc = rnd(acc + rnd(n.weights[k] * arg(k)));
        return acc;
    }
    case Op::Call: {
        if (!host || !host->has(n.name)) fail(FailKind::UnboundCall, id, "no binding for call \"" + n.name + "\"");
        std::vector<double> xs(args.size());
        for (size_t k = 0; k < args.size(); ++k) xs[k] = arg(k);
        double r;
        try {
            r = host->forward(n.name, xs);
        } catch (const Failure& f) {
            if (f.node() >= 0) throw;
            throw Failure(f.kind(), id, "node " + std::to_string(id) + ": " + f.what());
        }
        if (!std::isfinite(r)) fail(FailKind::Binding, id, "binding \"" + n.name + "\" returned a non-finite value");
        return r;
    }
    }
    return 0.0;
}

void Evaluator::run(const Leaves& leaves, CallHost* host, std::vector<double>* outputs,
                    std::vector<double>* next) {
    both_branches_ = false;
    set_leaves(leaves);
    for (const auto& [name, id] : c_.outputs) demand(id, host);
    std::vector<double> nx;
    if (next) {
        for (const auto& [s, target] : c_.updates) demand(target, host);
        nx.reserve(states_.size());
        for (int32_t s : states_) {
            int32_t target = next_of_state_[size_t(s)];
            double v = target >= 0 ? value_[size_t(target)] : value_[size_t(s)];
            const Domain& d = c_.nodes[size_t(s)].domain;
            if (!in_domain(d, v))
                fail(FailKind::Domain, s, "next value " + num(v) + " of state \"" + c_.nodes[size_t(s)].name + "\" is outside its domain");
            nx.push_back(v);
        }
    }
    outputs->clear();
    for (const auto& [name, id] : c_.outputs) outputs->push_back(value_[size_t(id)]);
    if (next) *next = std::move(nx);
}

void Evaluator::backward(int32_t id, CallHost* host) {
    const Node& n = c_.nodes[size_t(id)];
    const auto& args = n.args;
    double g = grad_[size_t(id)];
    Semantics sem = c_.semantics_of(n);
    bool exact = sem == Semantics::Exact;
    bool relaxed = sem == Semantics::Relaxed;
    double t = c_.temperature_of(n);
    auto arg = [&](size_t k) { return value_[size_t(args[k])]; };
    auto give = [&](size_t k, double d) {
        auto a = size_t(args[k]);
        if (done_[a] != run_) return; // not live: no value, no derivative
        if (!std::isfinite(d)) fail(FailKind::NonFinite, id, "derivative is not finite");
        grad_[a] += d;
    };
    switch (n.op) {
    case Op::Input:
    case Op::Parameter:
    case Op::State:
    case Op::Constant:
    case Op::FloorDiv: return;
    case Op::Add: give(0, g); give(1, g); return;
    case Op::Sub: give(0, g); give(1, -g); return;
    case Op::Mul: give(0, g * arg(1)); give(1, g * arg(0)); return;
    case Op::Div: give(0, g / arg(1)); give(1, -g * arg(0) / (arg(1) * arg(1))); return;
    case Op::Mod: give(0, g); give(1, -g * py_floordiv(arg(0), arg(1))); return;
    case Op::Neg: give(0, -g); return;
    case Op::Abs: give(0, arg(0) > 0 ? g : arg(0) < 0 ? -g : 0.0); return;
    case Op::Min: { bool second = arg(1) < arg(0); give(0, second ? 0.0 : g); give(1, second ? g : 0.0); return; }
    case Op::Max: { bool second = arg(1) > arg(0); give(0, second ? 0.0 : g); give(1, second ? g : 0.0); return; }
    case Op::Relu: give(0, arg(0) > 0 ? g : 0.0); return;
    case Op::Sigmoid: { double s = value_[size_t(id)]; give(0, g * s * (1.0 - s)); return; }
    case Op::Gt:
    case Op::Ge:
    case Op::Lt:
    case Op::Le: {
        if (exact) return;
        bool greater = n.op == Op::Gt || n.op == Op::Ge;
        double s = sigmoid(greater ? (arg(0) - arg(1)) / t : (arg(1) - arg(0)) / t);
        double d = s * (1.0 - s) / t;
        give(0, greater ? g * d : -g * d);
        give(1, greater ? -g * d : g * d);
        return;
    }
    case Op::Eq:
    case Op::Ne: {
        if (exact) return;
        double diff = arg(0) - arg(1);
        double d = -2.0 * diff * gaussian(diff, t) / (t * t);
        if (n.op == Op::Ne) d = -d;
        give(0, g * d);
        give(1, -g * d);
        return;
    }
    case Op::And: if (!exact) { give(0, g * arg(1)); give(1, g * arg(0)); } return;
    case Op::Or: if (!exact) { give(0, g * (1.0 - arg(1))); give(1, g * (1.0 - arg(0))); } return;
    case Op::Not: if (!exact) give(0, -g); return;
    case Op::Select: {
        double c = arg(0);
        if (!exact) give(0, g * (arg(1) - arg(2)));
        give(1, g * c);
        give(2, g * (1.0 - c));
        return;
    }
    case Op::Gather: {
        if (!relaxed) {
            auto k = size_t(arg(0));
            give(1 + k, g);
            return;
        }
        double i = arg(0), di = 0.0;
        for (size_t k = 1; k < args.size(); ++k) {
            double off = i - double(k - 1);
            double e = gaussian(off, t);
            give(k, g * e);
            di += arg(k) * (-2.0 * off / (t * t)) * e;
        }
        give(0, g * di);
        return;
    }
    case Op::OneHot: {
        if (!relaxed) return;
        double off = arg(0) - double(n.position);
        give(0, g * (-2.0 * off / (t * t)) * gaussian(off, t));
        return;
    }
    case Op::GatherOneHot: {
        size_t m = args.size() / 2;
        for (size_t k = 0; k < m; ++k) {
            if (relaxed) give(k, g * arg(m + k));
            give(m + k, g * arg(k));
        }
        return;
    }
    case Op::Affine:
    case Op::SparseAffine:
        // Last term first, as the reverse pass over the equivalent add/sub chain visits them.
        for (size_t k = args.size(); k-- > 0;) give(k, g * n.weights[k]);
        return;
    case Op::Call: {
        bool needed = false;
        for (int32_t a : args) needed = needed || depends_[size_t(a)];
        if (!needed) return;
        if (!n.differentiable || !host || !host->has_vjp(n.name))
            fail(FailKind::Gradient, id, "call \"" + n.name + "\" has no VJP but its arguments need derivatives");
        std::vector<double> xs(args.size());
        for (size_t k = 0; k < args.size(); ++k) xs[k] = arg(k);
        std::vector<double> d;
        try {
            d = host->vjp(n.name, xs, value_[size_t(id)]);
        } catch (const Failure& f) {
            if (f.node() >= 0) throw;
            throw Failure(f.kind(), id, "node " + std::to_string(id) + ": " + f.what());
        }
        if (d.size() != args.size())
            fail(FailKind::Binding, id, "VJP of \"" + n.name + "\" returned the wrong number of derivatives");
        for (size_t k = 0; k < args.size(); ++k) {
            if (!std::isfinite(d[k])) fail(FailKind::Binding, id, "VJP of \"" + n.name + "\" returned a non-finite value");
            give(k, g * d[k]);
        }
        return;
    }
    }
}

void Evaluator::gradients(const Leaves& leaves, std::span<const double> cotangents, CallHost* host,
                          std::vector<double>* outputs, std::vector<double>* grads) {
    both_branches_ = true;
    set_leaves(leaves);
    for (const auto& [name, id] : c_.outputs) demand(id, host);
    both_branches_ = false;
    std::fill(grad_.begin(), grad_.end(), 0.0);
    for (size_t k = 0; k < c_.outputs.size(); ++k) grad_[size_t(c_.outputs[k].second)] += cotangents[k];
    for (size_t i = c_.nodes.size(); i-- > 0;) {
        if (done_[i] != run_) continue;
        backward(static_cast<int32_t>(i), host);
    }
    outputs->clear();
    for (const auto& [name, id] : c_.outputs) outputs->push_back(value_[size_t(id)]);
    grads->clear();
    for (int32_t id : reported_) grads->push_back(grad_[size_t(id)]);
}

} // namespace bpl::circuit
