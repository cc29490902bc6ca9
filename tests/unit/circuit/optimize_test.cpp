// optimize keeps outputs, errors and gradients (random circuits, random inputs); schedule layers;
// interval analysis against hand-computed intervals.
#include "circuit/optimize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "circuit/analysis.h"
#include "circuit/artifact.h"
#include "circuit/evaluate.h"

namespace bpl::circuit {
namespace {

Node make(Op op, std::vector<int32_t> args, double value = 0.0) {
    Node n;
    n.op = op;
    n.args = std::move(args);
    n.value = value;
    n.differentiable = op != Op::Constant;
    return n;
}

// Random chains of add/sub/mul-by-constant/neg with some shared wires and some divisions.
Circuit random_circuit(std::mt19937& rng, DType dtype) {
    Circuit c;
    c.dtype = dtype;
    for (const char* name : {"x", "y", "z"}) {
        Node n = make(Op::Input, {});
        n.name = name;
        c.nodes.push_back(n);
    }
    std::vector<int32_t> pool = {0, 1, 2};
    auto add = [&](Node n) {
        c.nodes.push_back(std::move(n));
        return static_cast<int32_t>(c.nodes.size() - 1);
    };
    std::uniform_int_distribution<int> op(0, 6);
    std::uniform_real_distribution<double> u(-3, 3);
    for (int k = 0; k < 40; ++k) {
        auto pick = [&] { return pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)]; };
        double k1 = dtype == DType::Float32 ? double(float(u(rng))) : u(rng);
        int32_t id;
        switch (op(rng)) {
        case 0: id = add(make(Op::Add, {pick(), pick()})); break;
        case 1: id = add(make(Op::Sub, {pick(), pick()})); break;
        case 2: id = add(make(Op::Mul, {pick(), add(make(Op::Constant, {}, k1))})); break;
        case 3: id = add(make(Op::Mul, {add(make(Op::Constant, {}, k1)), pick()})); break;
        case 4: id = add(make(Op::Neg, {pick()})); break;
        case 5: id = add(make(Op::Add, {add(make(Op::Constant, {}, k1)), add(make(Op::Constant, {}, 2.0))})); break;
        default: id = add(make(Op::Div, {pick(), pick()})); break;
        }
        pool.push_back(id);
    }
    c.outputs = {{"a", pool.back()}, {"b", pool[pool.size() - 5]}};
    validate(c);
    return c;
}

struct Outcome {
    bool failed = false;
    std::string kind;
    std::vector<double> out, grads;
};

Outcome run(const Circuit& c, const std::vector<double>& in) {
    Outcome o;
    try {
        Evaluator ev(c);
        double cot[2] = {1.0, 0.5};
        ev.gradients({in, {}, {}}, {cot, 2}, nullptr, &o.out, &o.grads);
    } catch (const Failure& f) {
        o.failed = true;
        o.kind = name(f.kind());
    }
    return o;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(Optimize, KeepsResultsErrorsAndGradients) {
    std::mt19937 rng(3);
    int packed = 0;
    for (int trial = 0; trial < 60; ++trial) {
        DType dt = trial % 2 ? DType::Float32 : DType::Float64;
        Circuit c = random_circuit(rng, dt);
        Circuit o = optimize(c);
        validate(o);
        for (const Node& n : o.nodes) packed += n.op == Op::Affine;
        EXPECT_LE(o.nodes.size(), c.nodes.size());
        std::uniform_real_distribution<double> u(-2, 2);
        for (int k = 0; k < 20; ++k) {
            std::vector<double> in = {u(rng), u(rng), k == 0 ? 0.0 : u(rng)};
            if (dt == DType::Float32)
                for (double& v : in) v = double(float(v));
            Outcome a = run(c, in), b = run(o, in);
            ASSERT_EQ(a.failed, b.failed) << trial;
            if (a.failed) {
                EXPECT_EQ(a.kind, b.kind);
                continue;
            }
            for (size_t j = 0; j < a.out.size(); ++j) EXPECT_TRUE(same_bits(a.out[j], b.out[j])) << trial;
            for (size_t j = 0; j < a.grads.size(); ++j) EXPECT_TRUE(same_bits(a.grads[j], b.grads[j])) << trial;
        }
    }
    EXPECT_GE(packed, 3); // the test exercises affine packing
}

TEST(Optimize, FoldsOnlyWhatSucceeds) {
    Circuit c;
    c.nodes = {make(Op::Input, {}), make(Op::Constant, {}, 1.0), make(Op::Constant, {}, 0.0),
               make(Op::Div, {1, 2}), make(Op::Add, {1, 1}), make(Op::Mul, {0, 4})};
    c.nodes[0].name = "x";
    c.outputs = {{"ok", 5}, {"bad", 3}};
    Circuit o = optimize(c);
    ASSERT_EQ(o.nodes.size(), 6u);
    EXPECT_EQ(o.nodes[3].op, Op::Div);      // 1 / 0 stays and raises at run time
    EXPECT_EQ(o.nodes[4].op, Op::Constant); // 1 + 1 folds
    EXPECT_EQ(o.nodes[4].value, 2.0);
}

TEST(Optimize, DeadCodeKeepsLeaves) {
    Circuit c;
    c.nodes = {make(Op::Input, {}), make(Op::Input, {}), make(Op::Neg, {0}), make(Op::Neg, {1})};
    c.nodes[0].name = "x";
    c.nodes[1].name = "y";
    c.outputs = {{"r", 3}};
    Circuit o = optimize(c);
    ASSERT_EQ(o.nodes.size(), 3u);
    EXPECT_EQ(o.outputs[0].second, 2);
    EXPECT_EQ(o.nodes[2].args, std::vector<int32_t>{1});
}

TEST(Schedule, LayersFollowDependencies) {
    Circuit c;
    c.nodes = {make(Op::Input, {}), make(Op::Constant, {}, 2.0), make(Op::Mul, {0, 1}),
               make(Op::Neg, {0}), make(Op::Add, {2, 3})};
    c.nodes[0].name = "x";
    c.outputs = {{"r", 4}};
    auto layers = schedule(c);
    ASSERT_EQ(layers.size(), 3u);
    EXPECT_EQ(layers[0], (std::vector<int32_t>{0, 1}));
    EXPECT_EQ(layers[1], (std::vector<int32_t>{2, 3}));
    EXPECT_EQ(layers[2], (std::vector<int32_t>{4}));
}

TEST(Analysis, IntervalsAndIssues) {
    Circuit c;
    Node x = make(Op::Input, {});
    x.name = "x";
    x.domain = {DomainType::Float64, 0.0, 3.0};
    c.nodes = {x, make(Op::Constant, {}, 2.0), make(Op::Mul, {0, 1}), make(Op::Constant, {}, 1.0),
               make(Op::Add, {2, 3}), make(Op::Sub, {0, 3}), make(Op::Div, {3, 5})};
    c.outputs = {{"r", 4}, {"q", 6}};
    Analysis a = analyze(c);
    EXPECT_EQ(a.intervals[4].lo, 1.0); // x * 2 + 1 on [0, 3]
    EXPECT_EQ(a.intervals[4].hi, 7.0);
    ASSERT_EQ(a.issues.size(), 1u);
    EXPECT_EQ(a.issues[0].node, 6);
    EXPECT_EQ(a.issues[0].kind, "division_by_zero");
}

} // namespace
} // namespace bpl::circuit
