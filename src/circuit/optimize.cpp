// optimize and schedule. Every rewrite here must give bit-identical outputs, errors in the same
// cases and the same gradients; anything that cannot promise that is left alone.
#include "circuit/optimize.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

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

// The order in which a node's reverse pass gives to its argument j (evaluate.cpp's backward):
// index order, except affine (last term first), relaxed gather (index last) and
// gather_one_hot (selector k, then value k).
int32_t give_order(const Node& n, int32_t j) {
    auto m = static_cast<int32_t>(n.args.size());
    switch (n.op) {
    case Op::Affine:
    case Op::SparseAffine: return m - 1 - j;
    case Op::Gather: return j == 0 ? m : j;
    case Op::GatherOneHot: return j < m / 2 ? 2 * j : 2 * (j - m / 2) + 1;
    default: return j;
    }
}

// Keeps the reverse pass's order of gradient contributions to every wire unchanged while chains
// are packed, so optimized programs return bit-identical gradients. A contribution is named by
// its original giver (node o, argument j); packing moves it to the chain's root.
class ContributionOrder {
  public:
    // Only nodes that outputs or updates reach ever give a contribution.
    ContributionOrder(const Circuit& c, const std::vector<uint8_t>& reachable)
        : c_(c), by_wire_(c.nodes.size()), moved_by_wire_(c.nodes.size()) {
        for (size_t o = 0; o < c.nodes.size(); ++o)
            if (reachable[o])
                for (size_t j = 0; j < c.nodes[o].args.size(); ++j)
                    by_wire_[size_t(c.nodes[o].args[j])].push_back({int32_t(o), int32_t(j)});
    }

    struct Term { int32_t wire, o, j; };

    // True when delivering `terms` from node `root` (last term first) keeps every wire's order.
    bool keeps_order(int32_t root, const std::vector<Term>& terms) const {
        auto count = static_cast<int32_t>(terms.size());
        for (const Term& t : terms) {
            if (c_.nodes[size_t(t.wire)].op == Op::Constant) continue;
            int32_t lo = root;
            for (const Term& u : terms)
                if (u.wire == t.wire) lo = std::min(lo, u.o);
            std::vector<Giver> window;
            const auto& all = by_wire_[size_t(t.wire)];
            auto first = std::lower_bound(all.begin(), all.end(), lo, [](const Giver& g, int32_t v) { return g.o < v; });
            for (auto it = first; it != all.end() && it->o <= root; ++it) window.push_back(*it);
            const auto& moved = moved_by_wire_[size_t(t.wire)];
            auto from = std::lower_bound(moved.begin(), moved.end(), lo, [](const Moved& m, int32_t v) { return m.time < v; });
            for (auto it = from; it != moved.end(); ++it)
                if (it->giver.o < lo) window.push_back(it->giver);
            auto original = window;
            std::sort(original.begin(), original.end(), [&](const Giver& a, const Giver& b) {
                return std::make_pair(-a.o, sub_of(a)) < std::make_pair(-b.o, sub_of(b));
            });
            auto when = [&](const Giver& g) {
                for (int32_t k = 0; k < count; ++k)
                    if (terms[size_t(k)].o == g.o && terms[size_t(k)].j == g.j) return std::make_pair(-root, count - 1 - k);
                auto m = moved_.find(key(g));
                if (m != moved_.end()) return std::make_pair(-m->second.first, m->second.second);
                return std::make_pair(-g.o, sub_of(g));
            };
            auto current = window;
            std::sort(current.begin(), current.end(), [&](const Giver& a, const Giver& b) { return when(a) < when(b); });
            for (size_t k = 0; k < window.size(); ++k)
                if (original[k].o != current[k].o || original[k].j != current[k].j) return false;
        }
        return true;
    }

    void commit(int32_t root, const std::vector<Term>& terms) {
        auto count = static_cast<int32_t>(terms.size());
        for (int32_t k = 0; k < count; ++k) {
            const Term& t = terms[size_t(k)];
            moved_[key({t.o, t.j})] = {root, count - 1 - k};
            auto& moved = moved_by_wire_[size_t(t.wire)];
            auto at = std::upper_bound(moved.begin(), moved.end(), root, [](int32_t v, const Moved& m) { return v < m.time; });
            moved.insert(at, {root, {t.o, t.j}});
        }
    }

  private:
    struct Giver { int32_t o, j; };
    struct Moved { int32_t time; Giver giver; };
    const Circuit& c_;
    std::vector<std::vector<Giver>> by_wire_;         // original givers, ascending o
    std::vector<std::vector<Moved>> moved_by_wire_;   // ascending time
    std::unordered_map<int64_t, std::pair<int32_t, int32_t>> moved_;

    static int64_t key(const Giver& g) { return (int64_t(g.o) << 32) | uint32_t(g.j); }
    int32_t sub_of(const Giver& g) const { return give_order(c_.nodes[size_t(g.o)], g.j); }
};

// Pass 2: left-leaning add/sub chains become one affine node with the same roundings (§7.2)
// and the same order of gradient contributions.
void pack_affine(Circuit& c) {
    Uses u = uses_of(c);
    std::vector<uint8_t> reachable(c.nodes.size(), 0);
    for (size_t i = c.nodes.size(); i-- > 0;) {
        if (u.rooted[i]) reachable[i] = 1;
        if (reachable[i])
            for (int32_t a : c.nodes[i].args) reachable[size_t(a)] = 1;
    }
    ContributionOrder order(c, reachable);
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
        // The spine, first operation first.
        std::vector<int32_t> spine;
        int32_t at = static_cast<int32_t>(r);
        while (is_sum(at) && (at == static_cast<int32_t>(r) || intermediate[size_t(at)])) {
            spine.push_back(at);
            at = c.nodes[size_t(at)].args[0];
        }
        std::reverse(spine.begin(), spine.end());
        std::vector<ContributionOrder::Term> terms;
        std::vector<double> weights;
        std::vector<uint8_t> absorbing; // per term: an absorbed neg/mul node
        // Term t, the argument `j` of node `giver`, with the sign its chain gives it.
        auto term = [&](int32_t t, double sign, int32_t giver, int32_t j) {
            const Node& n = c.nodes[size_t(t)];
            absorbing.push_back(1);
            if (n.op == Op::Neg && private_node(t)) {
                terms.push_back({n.args[0], t, 0});
                weights.push_back(-sign);
                return;
            }
            if (n.op == Op::Mul && private_node(t)) {
                const Node& a = c.nodes[size_t(n.args[0])];
                const Node& b = c.nodes[size_t(n.args[1])];
                if (b.op == Op::Constant && a.op != Op::Constant) {
                    terms.push_back({n.args[0], t, 0});
                    weights.push_back(sign * b.value);
                    return;
                }
                if (a.op == Op::Constant && b.op != Op::Constant) {
                    terms.push_back({n.args[1], t, 1});
                    weights.push_back(sign * a.value);
                    return;
                }
            }
            absorbing.back() = 0;
            terms.push_back({t, giver, j});
            weights.push_back(sign);
        };
        std::optional<double> bias;
        const Node& first = c.nodes[size_t(spine[0])];
        if (c.nodes[size_t(first.args[0])].op == Op::Constant) bias = c.nodes[size_t(first.args[0])].value;
        else term(first.args[0], 1.0, spine[0], 0);
        size_t lead = terms.size(); // 0 or 1 terms before the first spine node's right operand
        for (int32_t s : spine) {
            const Node& n = c.nodes[size_t(s)];
            term(n.args[1], n.op == Op::Sub ? -1.0 : 1.0, s, 1);
        }
        // The longest prefix of the spine that is worth packing and keeps the gradient order.
        size_t length = spine.size();
        for (; length > 0; --length) {
            size_t n_terms = lead + length;
            bool absorbed = false;
            for (size_t k = 0; k < n_terms; ++k) absorbed = absorbed || absorbing[k];
            if (length < 2 && !absorbed) continue;
            std::vector<ContributionOrder::Term> prefix(terms.begin(), terms.begin() + long(n_terms));
            if (order.keeps_order(spine[length - 1], prefix)) break;
        }
        if (length == 0) continue;
        terms.resize(lead + length);
        weights.resize(lead + length);
        int32_t root_id = spine[length - 1];
        order.commit(root_id, terms);
        Node& root = c.nodes[size_t(root_id)];
        Node aff;
        aff.op = Op::Affine;
        aff.domain = root.domain;
        aff.differentiable = true;
        aff.source = root.source;
        aff.semantics = root.semantics;
        aff.temperature = root.temperature;
        aff.bias = bias;
        for (size_t k = 0; k < terms.size(); ++k) {
            aff.args.push_back(terms[k].wire);
            aff.weights.push_back(weights[k]);
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
