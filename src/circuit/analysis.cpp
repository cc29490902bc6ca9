// Interval analysis: conservative forward intervals under each node's forward semantics, with the
// program's rounding applied to endpoints. Uses scalar.h for every non-IEEE-operator function.
#include "circuit/analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "circuit/scalar.h"

namespace bpl::circuit {

namespace {

constexpr double INF = std::numeric_limits<double>::infinity();

struct Analyzer {
    const Circuit& c;
    Analysis out;

    double rnd(double v) const { return c.dtype == DType::Float32 ? round_f32(v) : v; }
    double max_finite() const {
        return c.dtype == DType::Float32 ? F32_MAX : std::numeric_limits<double>::max();
    }
    void issue(int32_t id, const char* kind, const std::string& msg) { out.issues.push_back({id, kind, msg}); }
    Interval of(int32_t id) const { return out.intervals[size_t(id)]; }

    static double mul0(double a, double b) { return (a == 0 || b == 0) ? 0.0 : a * b; }
    Interval mul(Interval a, Interval b) const {
        double p[4] = {mul0(a.lo, b.lo), mul0(a.lo, b.hi), mul0(a.hi, b.lo), mul0(a.hi, b.hi)};
        return {rnd(*std::min_element(p, p + 4)), rnd(*std::max_element(p, p + 4))};
    }
    Interval add(Interval a, Interval b) const { return {rnd(a.lo + b.lo), rnd(a.hi + b.hi)}; }
    static Interval hull(Interval a, Interval b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }
    static bool contains0(Interval a) { return a.lo <= 0 && a.hi >= 0; }

    Interval node(int32_t id) {
        const Node& n = c.nodes[size_t(id)];
        const auto& args = n.args;
        auto arg = [&](size_t k) { return of(args[k]); };
        bool relaxed = c.semantics_of(n) == Semantics::Relaxed;
        double t = c.temperature_of(n);
        switch (n.op) {
        case Op::Input:
        case Op::State: return {rnd(n.domain.lo()), rnd(n.domain.hi())};
        case Op::Parameter:
        case Op::Constant: return {n.value, n.value};
        case Op::Add: return add(arg(0), arg(1));
        case Op::Sub: return add(arg(0), {-arg(1).hi, -arg(1).lo});
        case Op::Mul: return mul(arg(0), arg(1));
        case Op::Div:
        case Op::FloorDiv:
        case Op::Mod: {
            Interval a = arg(0), b = arg(1);
            if (contains0(b)) {
                issue(id, "division_by_zero", "the divisor's interval contains 0");
                return {-INF, INF};
            }
            if (n.op == Op::Mod) return b.lo > 0 ? Interval{0, b.hi} : Interval{b.lo, 0};
            double q[4] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
            Interval r{*std::min_element(q, q + 4), *std::max_element(q, q + 4)};
            if (n.op == Op::FloorDiv) return {std::floor(r.lo), std::floor(r.hi)};
            return {rnd(r.lo), rnd(r.hi)};
        }
        case Op::Neg: return {-arg(0).hi, -arg(0).lo};
        case Op::Abs: {
            Interval a = arg(0);
            if (contains0(a)) return {0, std::max(-a.lo, a.hi)};
            return {std::min(std::fabs(a.lo), std::fabs(a.hi)), std::max(std::fabs(a.lo), std::fabs(a.hi))};
        }
        case Op::Min: return {std::min(arg(0).lo, arg(1).lo), std::min(arg(0).hi, arg(1).hi)};
        case Op::Max: return {std::max(arg(0).lo, arg(1).lo), std::max(arg(0).hi, arg(1).hi)};
        case Op::Relu: return {std::max(arg(0).lo, 0.0), std::max(arg(0).hi, 0.0)};
        case Op::Sigmoid: return {rnd(sigmoid(arg(0).lo)), rnd(sigmoid(arg(0).hi))};
        case Op::Lt:
        case Op::Le:
        case Op::Gt:
        case Op::Ge: {
            bool greater = n.op == Op::Gt || n.op == Op::Ge;
            Interval a = greater ? arg(0) : arg(1), b = greater ? arg(1) : arg(0); // a > b
            if (relaxed) return {rnd(sigmoid((a.lo - b.hi) / t)), rnd(sigmoid((a.hi - b.lo) / t))};
            bool strict = n.op == Op::Gt || n.op == Op::Lt;
            if (strict ? a.lo > b.hi : a.lo >= b.hi) return {1, 1};
            if (strict ? a.hi <= b.lo : a.hi < b.lo) return {0, 0};
            return {0, 1};
        }
        case Op::Eq:
        case Op::Ne: {
            Interval a = arg(0), b = arg(1);
            bool disjoint = a.hi < b.lo || b.hi < a.lo;
            bool same_point = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
            if (!relaxed && (disjoint || same_point)) {
                double eq = same_point ? 1 : 0;
                double v = n.op == Op::Eq ? eq : 1 - eq;
                return {v, v};
            }
            return {0, 1};
        }
        case Op::And: return {arg(0).lo * arg(1).lo, arg(0).hi * arg(1).hi};
        case Op::Or: {
            auto f = [](double a, double b) { return a + b - a * b; };
            return {f(arg(0).lo, arg(1).lo), f(arg(0).hi, arg(1).hi)};
        }
        case Op::Not: return {1 - arg(0).hi, 1 - arg(0).lo};
        case Op::Select: {
            Interval cnd = arg(0);
            if (!relaxed && cnd.lo == 1 && cnd.hi == 1) return arg(1);
            if (!relaxed && cnd.lo == 0 && cnd.hi == 0) return arg(2);
            return hull(arg(1), arg(2));
        }
        case Op::Gather: {
            Interval ix = arg(0);
            double top = double(args.size()) - 2;
            if (ix.lo < 0 || ix.hi > top) issue(id, "invalid_index", "the index interval is not inside [0, " + std::to_string(int64_t(top)) + "]");
            if (relaxed) {
                Interval acc{0, 0};
                for (size_t k = 1; k < args.size(); ++k) acc = add(acc, mul({0, 1}, arg(k)));
                return acc;
            }
            double lo = std::max(0.0, std::ceil(ix.lo)), hi = std::min(top, std::floor(ix.hi));
            Interval r{INF, -INF};
            for (double k = lo; k <= hi; ++k) r = hull(r, arg(1 + size_t(k)));
            if (r.lo > r.hi) return {-INF, INF};
            return r;
        }
        case Op::OneHot: {
            Interval a = arg(0);
            if (a.lo < 0 || a.hi > double(n.size - 1)) issue(id, "invalid_index", "the index interval is not inside [0, " + std::to_string(n.size - 1) + "]");
            if (!relaxed && a.lo == a.hi) return a.lo == double(n.position) ? Interval{1, 1} : Interval{0, 0};
            return {0, 1};
        }
        case Op::GatherOneHot: {
            size_t m = args.size() / 2;
            bool constant = true;
            for (size_t k = 0; k < m; ++k) constant = constant && c.nodes[size_t(args[k])].op == Op::Constant;
            if (!constant) issue(id, "one_hot", "the selectors are not all constants");
            Interval r{INF, -INF};
            if (relaxed) {
                r = {0, 0};
                for (size_t k = 0; k < m; ++k) r = add(r, mul(arg(k), arg(m + k)));
                return r;
            }
            for (size_t k = 0; k < m; ++k)
                if (arg(k).hi >= 1) r = hull(r, arg(m + k));
            if (r.lo > r.hi) return {-INF, INF};
            return r;
        }
        case Op::Affine:
        case Op::SparseAffine: {
            Interval acc = n.bias ? Interval{*n.bias, *n.bias} : Interval{0, 0};
            for (size_t k = 0; k < args.size(); ++k) acc = add(acc, mul({n.weights[k], n.weights[k]}, arg(k)));
            return acc;
        }
        case Op::Call:
            issue(id, "unknown", "call \"" + n.name + "\" has an unknown result");
            return {-INF, INF};
        }
        return {-INF, INF};
    }

    bool bounded(const Domain& d) const {
        return d.type == DomainType::Int32 || d.type == DomainType::Boolean || d.min || d.max;
    }

    void run() {
        out.intervals.reserve(c.nodes.size());
        for (size_t i = 0; i < c.nodes.size(); ++i) {
            auto id = static_cast<int32_t>(i);
            Interval v = node(id);
            out.intervals.push_back(v);
            const Node& n = c.nodes[i];
            if (n.op == Op::Call) continue;
            if (v.lo < -max_finite() || v.hi > max_finite() || std::isnan(v.lo) || std::isnan(v.hi)) {
                bool reported = !out.issues.empty() && out.issues.back().node == id;
                if (!reported) issue(id, "non_finite", "the interval reaches beyond the finite range");
            } else if (!is_leaf(n.op) && bounded(n.domain) && (v.lo < n.domain.lo() || v.hi > n.domain.hi())) {
                issue(id, "domain", "the interval is not inside the node's domain");
            }
        }
        for (const auto& [s, next] : c.updates) {
            Interval v = out.intervals[size_t(next)];
            const Domain& d = c.nodes[size_t(s)].domain;
            if (v.lo < d.lo() || v.hi > d.hi())
                issue(s, "domain", "the next value's interval is not inside the state's domain");
        }
    }
};

} // namespace

Analysis analyze(const Circuit& c) {
    Analyzer a{c, {}};
    a.run();
    std::stable_sort(a.out.issues.begin(), a.out.issues.end(),
                     [](const Issue& x, const Issue& y) { return x.node < y.node; });
    return a.out;
}

} // namespace bpl::circuit
