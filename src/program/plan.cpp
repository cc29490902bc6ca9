// Plan::of (the scheduler: one step per stage for now), Plan::run, the one Programs cache, and
// the reader graph/ calls on a read.
#include "program/plan.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "program/run.h"

#include <list>
#include <unordered_map>

namespace bpl::program {

namespace {

Counters g_counters;
uint64_t g_nodes_base = 0;
math::ErrorSlot g_slot;

// The one Programs cache for forced graphs: structure key → plan, least recently used first out.
constexpr size_t MAX_KEPT = 256;
struct Cache {
    std::list<std::string> order; // most recent at the front
    std::unordered_map<std::string, std::pair<std::unique_ptr<Plan>, std::list<std::string>::iterator>>
        plans;

    const Plan& serve(const graph::Live& live) {
        std::string key = key_of(live);
        auto it = plans.find(key);
        if (it != plans.end()) {
            g_counters.cache_hits++;
            order.splice(order.begin(), order, it->second.second);
            return *it->second.first;
        }
        g_counters.plans_made++;
        std::unique_ptr<Plan> plan = Plan::of(Program::of(live));
        if (plans.size() >= MAX_KEPT) {
            plans.erase(order.back());
            order.pop_back();
        }
        order.push_front(key);
        auto [pos, ok] = plans.emplace(std::move(key), std::make_pair(std::move(plan), order.begin()));
        (void)ok;
        return *pos->second.first;
    }
};
Cache& cache() {
    static Cache c;
    return c;
}

void read(graph::Node& root) {
    g_counters.graphs_read++;
    graph::Live live = graph::Live::of(root);
    const Plan& plan = cache().serve(live);
    std::vector<value::Value> results;
    try {
        results = plan.run(live.inputs, g_slot);
    } catch (...) { // an interrupt: the errors this run recorded go with it
        g_slot.clear();
        throw;
    }
    if (g_slot.has_error()) {
        base::ErrorKind kind = g_slot.kind;
        std::string message = g_slot.message;
        g_slot.clear();
        throw base::Error(kind, message);
    }
    for (size_t i = 0; i < live.nodes.size(); i++) live.nodes[i]->set_result(std::move(results[i]));
}

} // namespace

std::unique_ptr<Plan> Plan::of(Program program) {
    auto plan = std::make_unique<Plan>();
    for (int32_t i = 0; i < static_cast<int32_t>(program.steps.size()); i++)
        plan->stages.push_back(Stage{i, i});
    plan->program = std::move(program);
    return plan;
}

std::vector<value::Value> Plan::run(const std::vector<value::Value>& inputs,
                                    math::ErrorSlot& slot) const {
    std::vector<value::Value> results(program.steps.size());
    std::vector<const value::Value*> operands;
    for (const Stage& stage : stages) {
        for (int32_t s = stage.first; s <= stage.last; s++) {
            base::check_interrupt();
            const Instr& in = program.steps[s];
            operands.clear();
            for (int32_t r : in.operands) operands.push_back(r >= 0 ? &results[r] : &inputs[-r - 1]);
            results[s] = run_step(in, operands, slot);
            g_counters.steps_run++;
        }
    }
    return results;
}

Counters counters() {
    Counters c = g_counters;
    c.nodes_built = graph::nodes_built() - g_nodes_base;
    return c;
}
void reset_counters() {
    g_counters = Counters{};
    g_nodes_base = graph::nodes_built();
}
void clear_cache() {
    cache().plans.clear();
    cache().order.clear();
}
size_t cache_size() { return cache().plans.size(); }

void install_reader() { graph::set_reader(&read); }

} // namespace bpl::program
