// optimize and schedule. Every rewrite here must give bit-identical outputs, errors in the same
// cases and the same gradients; anything that cannot promise that is left alone.
#include "circuit/optimize.h"

#include <algorithm>

#include "circuit/evaluate.h"

namespace bpl::circuit {

namespace {

bool is_default_domain(const Circuit& c, const Node& n) {
    DomainType t = c.dtype == DType::Float32 ? DomainType::Float32 : DomainType::Float64;
    return n.domain.type == t && !n.domain.min && !n.domain.max;
}

// Pass 1: a non-leaf node whose arguments are all constants becomes a constant, when evaluating
// it (with the evaluator, under the node's own settings) succeeds.
void fold_constants(Circuit& c) {
    for (size_t i = 0; i < c.nodes.size(); ++i) {
        Node& n = c.nodes[i];
        if (is_leaf(n.op) || n.op == Op::Call || n.args.empty()) continue;
        bool all_constant = true;
        for (int32_t a : n.args) all_constant = all_constant && c.nodes[size_t(a)].op == Op::Constant;
        if (!all_constant) continue;
        Circuit one;
        one.semantics = c.semantics;
        one.dtype = c.dtype;
        one.temperature = c.temperature;
        for (int32_t a : n.args) one.nodes.push_back(c.nodes[size_t(a)]);
        Node copy = n;
        for (size_t k = 0; k < copy.args.size(); ++k) copy.args[k] = static_cast<int32_t>(k);
        one.nodes.push_back(copy);
        one.outputs = {{"v", static_cast<int32_t>(one.nodes.size() - 1)}};
        std::vector<double> out;
        try {
            Evaluator ev(one);
            ev.run({{}, {}, {}}, nullptr, &out, nullptr);
        } catch (const Failure&) {
            continue;
        }
        Node k;
        k.op = Op::Constant;
        k.domain = n.domain;
        k.differentiable = false;
        k.source = n.source;
        k.value = out[0];
        n = k;
    }
}

struct Uses {
    std::vector<int32_t> count; // consumers (arguments, outputs, updates)
    std::vector<uint8_t> rooted; // an output or an update value
};

Uses uses_of(const Circuit& c) {
    Uses u{std::vector<int32_t>(c.nodes.size(), 0), std::vector<uint8_t>(c.nodes.size(), 0)};
    for (const Node& n : c.nodes)
        for (int32_t a : n.args) ++u.count[size_t(a)];
    for (const auto& [name, id] : c.outputs) u.rooted[size_t(id)] = 1;
    for (const auto& [s, id] : c.updates) u.rooted[size_t(id)] = 1;
    return u;
}

// Pass 2: left-leaning add/sub chains become one affine node with the same roundings (§7.2).
void pack_affine(Circuit& c) {
    Uses u = uses_of(c);
    auto private_node = [&](int32_t id) {
        const Node& n = c.nodes[size_t(id)];
        return u.count[size_t(id)] == 1 && !u.rooted[size_t(id)] && is_default_domain(c, n);
    };
    auto is_sum = [&](int32_t id) {
        Op op = c.nodes[size_t(id)].op;
        return op == Op::Add || op == Op::Sub;
    };
    // intermediate[i]: i is the private left operand of another add/sub.
    std::vector<uint8_t> intermediate(c.nodes.size(), 0);
    for (const Node& n : c.nodes)
        if ((n.op == Op::Add || n.op == Op::Sub) && is_sum(n.args[0]) && private_node(n.args[0]))
            intermediate[size_t(n.args[0])] = 1;
    for (size_t r = 0; r < c.nodes.size(); ++r) {
        if (!is_sum(static_cast<int32_t>(r)) || intermediate[r]) continue;
        // The spine, root first: each entry is (node, sign of its right term).
        std::vector<int32_t> spine;
        int32_t at = static_cast<int32_t>(r);
        while (is_sum(at) && (at == static_cast<int32_t>(r) || intermediate[size_t(at)])) {
            spine.push_back(at);
            at = c.nodes[size_t(at)].args[0];
        }
        std::reverse(spine.begin(), spine.end());
        struct Term { int32_t wire; double weight; };
        std::vector<Term> terms;
        bool absorbed = false;
        auto term = [&](int32_t t, double sign) -> Term {
            const Node& n = c.nodes[size_t(t)];
            if (n.op == Op::Neg && private_node(t)) {
                absorbed = true;
                return {n.args[0], -sign};
            }
            if (n.op == Op::Mul && private_node(t)) {
                const Node& a = c.nodes[size_t(n.args[0])];
                const Node& b = c.nodes[size_t(n.args[1])];
                if (b.op == Op::Constant && a.op != Op::Constant) {
                    absorbed = true;
                    return {n.args[0], sign * b.value};
                }
                if (a.op == Op::Constant && b.op != Op::Constant) {
                    absorbed = true;
                    return {n.args[1], sign * a.value};
                }
            }
            return {t, sign};
        };
        std::optional<double> bias;
        const Node& first = c.nodes[size_t(spine[0])];
        if (c.nodes[size_t(first.args[0])].op == Op::Constant) bias = c.nodes[size_t(first.args[0])].value;
        else terms.push_back(term(first.args[0], 1.0));
        for (int32_t s : spine) {
            const Node& n = c.nodes[size_t(s)];
            terms.push_back(term(n.args[1], n.op == Op::Sub ? -1.0 : 1.0));
        }
        if (spine.size() < 2 && !absorbed) continue;
        Node& root = c.nodes[r];
        Node aff;
        aff.op = Op::Affine;
        aff.domain = root.domain;
        aff.differentiable = true;
        aff.source = root.source;
        aff.semantics = root.semantics;
        aff.temperature = root.temperature;
        aff.bias = bias;
        for (const Term& t : terms) {
            aff.args.push_back(t.wire);
            aff.weights.push_back(t.weight);
        }
        root = aff;
    }
}

// Pass 3: drop non-leaf and constant nodes that no output or update reaches; renumber.
Circuit eliminate_dead(const Circuit& c) {
    std::vector<uint8_t> keep(c.nodes.size(), 0);
    for (const auto& [name, id] : c.outputs) keep[size_t(id)] = 1;
    for (const auto& [s, id] : c.updates) keep[size_t(id)] = 1;
    for (size_t i = c.nodes.size(); i-- > 0;) {
        Op op = c.nodes[i].op;
        if (op == Op::Input || op == Op::Parameter || op == Op::State) keep[i] = 1;
        if (keep[i])
            for (int32_t a : c.nodes[i].args) keep[size_t(a)] = 1;
    }
    std::vector<int32_t> id_of(c.nodes.size(), -1);
    Circuit out;
    out.semantics = c.semantics;
    out.dtype = c.dtype;
    out.temperature = c.temperature;
    for (size_t i = 0; i < c.nodes.size(); ++i) {
        if (!keep[i]) continue;
        id_of[i] = static_cast<int32_t>(out.nodes.size());
        Node n = c.nodes[i];
        for (int32_t& a : n.args) a = id_of[size_t(a)];
        out.nodes.push_back(std::move(n));
    }
    for (const auto& [name, id] : c.outputs) out.outputs.emplace_back(name, id_of[size_t(id)]);
    for (const auto& [s, id] : c.updates) out.updates.emplace_back(id_of[size_t(s)], id_of[size_t(id)]);
    return out;
}

} // namespace

Circuit optimize(const Circuit& c) {
    Circuit work = c;
    fold_constants(work);
    pack_affine(work);
    return eliminate_dead(work);
}

std::vector<std::vector<int32_t>> schedule(const Circuit& c) {
    std::vector<int32_t> layer(c.nodes.size(), 0);
    std::vector<std::vector<int32_t>> out;
    for (size_t i = 0; i < c.nodes.size(); ++i) {
        int32_t l = 0;
        for (int32_t a : c.nodes[i].args) l = std::max(l, layer[size_t(a)] + 1);
        layer[i] = l;
        if (size_t(l) >= out.size()) out.resize(size_t(l) + 1);
        out[size_t(l)].push_back(static_cast<int32_t>(i));
    }
    return out;
}

} // namespace bpl::circuit
