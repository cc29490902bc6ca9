// The evaluator against hand-computed values, and its reverse pass against central finite
// differences of the forward pass.
#include "circuit/evaluate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "circuit/artifact.h"

namespace bpl::circuit {
namespace {

// Builds circuits in tests without going through JSON.
struct Make {
    Circuit c;
    int32_t node(Op op, std::vector<int32_t> args, Domain d = {}) {
        Node n;
        n.op = op;
        n.args = std::move(args);
        n.domain = d;
        n.differentiable = true;
        c.nodes.push_back(n);
        return static_cast<int32_t>(c.nodes.size() - 1);
    }
    int32_t input(const std::string& name, Domain d = {}) {
        int32_t id = node(Op::Input, {}, d);
        c.nodes[size_t(id)].name = name;
        c.nodes[size_t(id)].differentiable = d.type == DomainType::Float64 || d.type == DomainType::Float32;
        return id;
    }
    int32_t leaf(Op op, const std::string& name, double v, Domain d = {}) {
        int32_t id = node(op, {}, d);
        c.nodes[size_t(id)].name = name;
        c.nodes[size_t(id)].value = v;
        return id;
    }
    int32_t constant(double v) {
        int32_t id = node(Op::Constant, {});
        c.nodes[size_t(id)].value = v;
        c.nodes[size_t(id)].differentiable = false;
        return id;
    }
    Circuit done(int32_t out) {
        c.outputs = {{"result", out}};
        validate(c);
        return c;
    }
};

const Domain BOOL{DomainType::Boolean, 0.0, 1.0};

double run1(const Circuit& c, std::vector<double> in) {
    Evaluator ev(c);
    std::vector<double> out;
    ev.run({in, {}, {}}, nullptr, &out, nullptr);
    return out.at(0);
}

std::vector<double> grad1(const Circuit& c, std::vector<double> in) {
    Evaluator ev(c);
    std::vector<double> out, g;
    double one = 1.0;
    ev.gradients({in, {}, {}}, {&one, 1}, nullptr, &out, &g);
    return g;
}

FailKind failure_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Failure& e) {
        return e.kind();
    }
    ADD_FAILURE() << "no failure";
    return FailKind::Gradient;
}

// select(x > 4, w * x, 0) from spec §13.3.
Circuit choose(Semantics s, double w) {
    Make m;
    m.c.semantics = s;
    int32_t x = m.input("x");
    int32_t wt = m.leaf(Op::Parameter, "weight", w);
    int32_t four = m.constant(4);
    int32_t gt = m.node(Op::Gt, {x, four}, BOOL);
    int32_t prod = m.node(Op::Mul, {wt, x});
    int32_t zero = m.constant(0);
    return m.done(m.node(Op::Select, {gt, prod, zero}));
}

TEST(Evaluate, HybridGradientMatchesSpecExample) {
    EXPECT_EQ(run1(choose(Semantics::Hybrid, 0.0), {5}), 0.0);
    auto g = grad1(choose(Semantics::Hybrid, 0.0), {5});
    EXPECT_EQ(g, (std::vector<double>{0.0, 5.0}));
    g = grad1(choose(Semantics::Hybrid, 2.0), {5});
    EXPECT_DOUBLE_EQ(g[0], 2 + 10 * 0.19661193324148185); // σ(1)(1 − σ(1))
    EXPECT_EQ(g[1], 5.0);
    g = grad1(choose(Semantics::Exact, 2.0), {5});
    EXPECT_EQ(g, (std::vector<double>{2.0, 5.0}));
}

// select(x > 0, 1 / x, 0)
Circuit reciprocal_or_zero(Semantics s) {
    Make m;
    m.c.semantics = s;
    int32_t x = m.input("x");
    int32_t zero = m.constant(0);
    int32_t one = m.constant(1);
    int32_t gt = m.node(Op::Gt, {x, zero}, BOOL);
    int32_t inv = m.node(Op::Div, {one, x});
    return m.done(m.node(Op::Select, {gt, inv, zero}));
}

TEST(Evaluate, ExactSelectionRunsOnlyTheChosenBranch) {
    EXPECT_EQ(run1(reciprocal_or_zero(Semantics::Exact), {0}), 0.0);
    EXPECT_EQ(grad1(reciprocal_or_zero(Semantics::Exact), {0}), std::vector<double>{0.0});
    EXPECT_EQ(run1(reciprocal_or_zero(Semantics::Hybrid), {0}), 0.0);
    EXPECT_EQ(failure_of([] { grad1(reciprocal_or_zero(Semantics::Hybrid), {0}); }), FailKind::DivisionByZero);
    EXPECT_EQ(run1(reciprocal_or_zero(Semantics::Exact), {4}), 0.25);
}

TEST(Evaluate, ErrorsAreNotValues) {
    Make m;
    int32_t x = m.input("x");
    Circuit big = m.done(m.node(Op::Mul, {x, m.constant(1e308)}));
    EXPECT_EQ(failure_of([&] { run1(big, {10}); }), FailKind::NonFinite);
    Make d;
    int32_t i = d.input("i", {DomainType::Int32, 0.0, 9.0});
    Circuit ints = d.done(d.node(Op::Add, {i, d.constant(1)}));
    EXPECT_EQ(run1(ints, {9}), 10.0);
    EXPECT_EQ(failure_of([&] { run1(ints, {2.5}); }), FailKind::Domain);
    EXPECT_EQ(failure_of([&] { run1(ints, {10}); }), FailKind::Domain);
    EXPECT_EQ(failure_of([&] { run1(ints, {NAN}); }), FailKind::Domain);
}

TEST(Evaluate, Float32RoundsEveryNode) {
    Make m;
    m.c.dtype = DType::Float32;
    int32_t x = m.input("x", {DomainType::Float32, {}, {}});
    int32_t k = m.constant(double(0.1f));
    Circuit c = m.done(m.node(Op::Mul, {x, k}));
    EXPECT_EQ(run1(c, {3.0}), 0.30000001192092896);
    Make over;
    over.c.dtype = DType::Float32;
    int32_t y = over.input("y");
    Circuit c2 = over.done(over.node(Op::Mul, {y, over.constant(double(1e30f))}));
    EXPECT_EQ(failure_of([&] { run1(c2, {1e10}); }), FailKind::NonFinite); // finite in binary64
}

TEST(Evaluate, FloorDivAndModFollowPython) {
    // Values from CPython: -7.0 // 2.0, -7.0 % 2.0, 7.5 // -2.0, 7.5 % -2.0, -0.0 % 3.0
    struct Case { double a, b, q, r; } cases[] = {
        {-7, 2, -4, 1}, {7.5, -2, -4, -0.5}, {7, 2, 3, 1}, {-0.0, 3, -0.0, 0.0}, {1, -3, -1, -2},
    };
    for (auto cs : cases) {
        Make m;
        int32_t a = m.input("a"), b = m.input("b");
        Circuit q = m.done(m.node(Op::FloorDiv, {a, b}));
        Make m2;
        int32_t a2 = m2.input("a"), b2 = m2.input("b");
        Circuit r = m2.done(m2.node(Op::Mod, {a2, b2}));
        EXPECT_EQ(run1(q, {cs.a, cs.b}), cs.q);
        EXPECT_EQ(run1(r, {cs.a, cs.b}), cs.r);
        EXPECT_EQ(std::signbit(run1(q, {cs.a, cs.b})), std::signbit(cs.q));
    }
}

TEST(Evaluate, SignedZeroIsPreserved) {
    Make m;
    int32_t x = m.input("x");
    Circuit c = m.done(m.node(Op::Neg, {x}));
    EXPECT_TRUE(std::signbit(run1(c, {0.0})));
    Make a;
    int32_t y = a.input("y");
    Circuit c2 = a.done(a.node(Op::Abs, {y}));
    EXPECT_FALSE(std::signbit(run1(c2, {-0.0})));
}

TEST(Evaluate, GatherAndOneHotCheckIndices) {
    Make m;
    int32_t i = m.input("i", {DomainType::Int32, -5.0, 5.0});
    int32_t v0 = m.constant(10), v1 = m.constant(20);
    Circuit c = m.done(m.node(Op::Gather, {i, v0, v1}));
    EXPECT_EQ(run1(c, {1}), 20.0);
    EXPECT_EQ(failure_of([&] { run1(c, {2}); }), FailKind::InvalidIndex);
    EXPECT_EQ(failure_of([&] { run1(c, {-1}); }), FailKind::InvalidIndex);
    Make g;
    int32_t s0 = g.input("s0", BOOL), s1 = g.input("s1", BOOL);
    int32_t w0 = g.constant(3), w1 = g.constant(4);
    Circuit goh = g.done(g.node(Op::GatherOneHot, {s0, s1, w0, w1}));
    EXPECT_EQ(run1(goh, {0, 1}), 4.0);
    EXPECT_EQ(failure_of([&] { run1(goh, {1, 1}); }), FailKind::OneHot);
    EXPECT_EQ(failure_of([&] { run1(goh, {0, 0}); }), FailKind::OneHot);
}

TEST(Evaluate, StateNextValuesAreChecked) {
    Make m;
    int32_t e = m.input("event", {DomainType::Int32, 0.0, 1.0});
    int32_t s = m.leaf(Op::State, "count", 0, {DomainType::Int32, 0.0, 1.0});
    int32_t next = m.node(Op::Add, {s, e});
    Circuit c = m.done(s);
    c.updates = {{s, next}};
    Evaluator ev(c);
    std::vector<double> out, nx;
    double one = 1;
    ev.run({{&one, 1}, {}, {}}, nullptr, &out, &nx);
    EXPECT_EQ(out[0], 0.0);
    EXPECT_EQ(nx[0], 1.0);
    double st = 1;
    EXPECT_EQ(failure_of([&] { ev.run({{&one, 1}, {}, {&st, 1}}, nullptr, &out, &nx); }), FailKind::Domain);
}

TEST(Evaluate, Float32AffineKeepsTheChainsRoundingPoints) {
    // affine([x, y, z], [0.1, 0.2, 0.3], bias 0.7) against the same chain of separate nodes.
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-100, 100);
    for (int trial = 0; trial < 200; ++trial) {
        double w[3] = {double(float(u(rng))), double(float(u(rng))), double(float(u(rng)))};
        double bias = double(float(u(rng)));
        Make a;
        a.c.dtype = DType::Float32;
        int32_t x = a.input("x"), y = a.input("y"), z = a.input("z");
        int32_t aff = a.node(Op::Affine, {x, y, z});
        a.c.nodes[size_t(aff)].weights = {w[0], w[1], w[2]};
        a.c.nodes[size_t(aff)].bias = bias;
        Circuit ca = a.done(aff);
        Make b;
        b.c.dtype = DType::Float32;
        int32_t bx = b.input("x"), by = b.input("y"), bz = b.input("z");
        int32_t acc = b.constant(bias);
        int32_t ins[3] = {bx, by, bz};
        for (int k = 0; k < 3; ++k) acc = b.node(Op::Add, {acc, b.node(Op::Mul, {b.constant(w[k]), ins[k]})});
        Circuit cb = b.done(acc);
        std::vector<double> in = {u(rng), u(rng), u(rng)};
        EXPECT_EQ(run1(ca, in), run1(cb, in));
    }
}

// Hybrid differentiation also evaluates inactive branches, recursively: an error two selects deep
// in an inactive branch raises only under hybrid gradients.
TEST(Evaluate, HybridInactiveBranchesAreEvaluatedRecursively) {
    for (Semantics s : {Semantics::Exact, Semantics::Hybrid}) {
        Make m;
        m.c.semantics = s;
        int32_t x = m.input("x");
        int32_t zero = m.constant(0), one = m.constant(1);
        int32_t pos = m.node(Op::Gt, {x, zero}, BOOL);
        int32_t inv = m.node(Op::Div, {one, x});
        int32_t inner = m.node(Op::Select, {pos, inv, x}); // chosen: x (x = 0); inactive 1 / x
        int32_t outer = m.node(Op::Select, {pos, x, inner}); // chosen: inner
        Circuit c = m.done(outer);
        EXPECT_EQ(run1(c, {0.0}), 0.0);
        if (s == Semantics::Exact) EXPECT_EQ(grad1(c, {0.0}), std::vector<double>{1.0});
        else EXPECT_EQ(failure_of([&] { grad1(c, {0.0}); }), FailKind::DivisionByZero);
    }
}

// A node-level override: a relaxed comparison inside an exact program (an included region).
TEST(Evaluate, NodeLevelSemanticsApplyPerNode) {
    Make m;
    int32_t x = m.input("x");
    int32_t gt = m.node(Op::Gt, {x, m.constant(0)}, {DomainType::Float64, 0.0, 1.0});
    m.c.nodes[size_t(gt)].semantics = Semantics::Relaxed;
    m.c.nodes[size_t(gt)].temperature = 2.0;
    Circuit c = m.done(gt);
    double s = 1.0 / (1.0 + std::exp(-0.5));
    EXPECT_DOUBLE_EQ(run1(c, {1.0}), s);
    EXPECT_DOUBLE_EQ(grad1(c, {1.0})[0], s * (1 - s) / 2.0);
    Circuit round = load_artifact(artifact_text(c));
    EXPECT_EQ(round.nodes[size_t(gt)].semantics, Semantics::Relaxed);
    EXPECT_EQ(round.nodes[size_t(gt)].temperature, 2.0);
}

// A random smooth circuit (relaxed comparisons and selection, sigmoid, products, quotients away
// from zero): the reverse pass agrees with central finite differences.
TEST(Evaluate, VjpMatchesFiniteDifferences) {
    std::mt19937 rng(42);
    for (int trial = 0; trial < 30; ++trial) {
        Make m;
        m.c.semantics = Semantics::Relaxed;
        m.c.temperature = 0.7;
        std::vector<int32_t> pool = {m.input("x"), m.input("y"), m.leaf(Op::Parameter, "w", 0.3)};
        std::uniform_int_distribution<int> pick_op(0, 7);
        for (int k = 0; k < 25; ++k) {
            auto pick = [&] { return pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)]; };
            int32_t a = pick(), b = pick(), id;
            switch (pick_op(rng)) {
            case 0: id = m.node(Op::Add, {a, b}); break;
            case 1: id = m.node(Op::Sub, {a, b}); break;
            case 2: id = m.node(Op::Sigmoid, {m.node(Op::Mul, {a, b})}); break;
            case 3: id = m.node(Op::Div, {a, m.node(Op::Add, {m.constant(3), m.node(Op::Sigmoid, {b})})}); break;
            case 4: id = m.node(Op::Select, {m.node(Op::Gt, {a, b}), a, b}); break;
            case 5: id = m.node(Op::Mul, {m.node(Op::Eq, {a, b}), a}); break;
            case 6: id = m.node(Op::Affine, {a, b}); m.c.nodes[size_t(id)].weights = {0.5, -1.5}; break;
            default: id = m.node(Op::Sigmoid, {m.node(Op::Le, {a, b})}); break;
            }
            pool.push_back(id);
        }
        Circuit c = m.done(pool.back());
        std::vector<double> in = {std::uniform_real_distribution<double>(-1, 1)(rng),
                                  std::uniform_real_distribution<double>(-1, 1)(rng)};
        auto g = grad1(c, in);
        ASSERT_EQ(g.size(), 3u);
        double h = 1e-6;
        for (int k = 0; k < 3; ++k) {
            auto f = [&](double delta) {
                Circuit cc = c;
                std::vector<double> x = in;
                if (k < 2) x[size_t(k)] += delta;
                else cc.nodes[2].value += delta;
                return run1(cc, x);
            };
            double fd = (f(h) - f(-h)) / (2 * h);
            EXPECT_NEAR(g[size_t(k)], fd, 1e-6 * (1 + std::fabs(fd))) << "trial " << trial << " leaf " << k;
        }
    }
}

} // namespace
} // namespace bpl::circuit
