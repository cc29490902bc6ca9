// Plan::run, the one Programs cache, the reader graph/ calls on a read, the read report and the
// memory limit. The scheduler is schedule.cpp; block stages are block.cpp.
#include "program/plan.h"

#include "base/buffer.h"
#include "base/error.h"
#include "program/block.h"
#include "program/progress.h"
#include "base/interrupt.h"
#include "program/run.h"
#include "value/array.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <string>
#include <unistd.h>
#include <unordered_map>

namespace bpl::program {

namespace {

Counters g_counters;
uint64_t g_nodes_base = 0;
math::ErrorSlot g_slot;
bool g_reporting = false;
std::string g_report;
const char* g_read_reason = nullptr;

// The one Programs cache for forced graphs: structure key → plan, least recently used first out.
// Probed with a reader's reused Key (heterogeneous lookup by its words and stored hash), so a hit
// copies no key.
constexpr size_t MAX_KEPT = 256;
struct StoredKey {
    KeyWords words;
    uint64_t hash;
};
struct KeyHash {
    using is_transparent = void;
    size_t operator()(const StoredKey& k) const noexcept { return k.hash; }
    size_t operator()(const Key& k) const noexcept { return k.hash; }
};
struct KeyEqual {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const noexcept {
        return a.hash == b.hash && a.words == b.words;
    }
};
struct Cache {
    std::list<StoredKey> order; // most recent at the front
    std::unordered_map<StoredKey, std::pair<std::unique_ptr<Plan>, std::list<StoredKey>::iterator>,
                       KeyHash, KeyEqual>
        plans;

    // The plan for `live`, whose key and lengths key_of has put in `key`.
    Plan& serve(const graph::Live& live, const Key& key) {
        auto it = plans.find(key);
        if (it != plans.end()) {
            g_counters.cache_hits++;
            if (it->second.second != order.begin()) order.splice(order.begin(), order, it->second.second);
            Plan& plan = *it->second.first;
            if (!guards_hold(plan.guards, live.inputs)) { // a rewrite assumed other values
                g_counters.plans_made++;
                auto fresh = Plan::of(Program::of(live), live.inputs);
                fresh->lengths = key.lengths;
                it->second.first = std::move(fresh);
                return *it->second.first;
            }
            if (key.lengths != plan.lengths) { // same structure at new lengths: refill, don't reschedule
                g_counters.refills++;
                plan.program.refill(live);
                plan.lengths = key.lengths;
            }
            return plan;
        }
        g_counters.plans_made++;
        std::unique_ptr<Plan> plan = Plan::of(Program::of(live), live.inputs);
        plan->lengths = key.lengths;
        if (plans.size() >= MAX_KEPT) {
            plans.erase(order.back());
            order.pop_back();
        }
        order.push_front(StoredKey{key.words, key.hash});
        auto [pos, ok] = plans.emplace(order.front(), std::make_pair(std::move(plan), order.begin()));
        (void)ok;
        return *pos->second.first;
    }
};
Cache& cache() {
    static Cache c;
    return c;
}

std::string shape_text(const Desc& d) {
    std::string s = number::name(d.kind);
    if (d.atom) return s + " atom";
    s += " [";
    for (size_t j = 0; j < d.shape.size(); j++) s += (j ? " " : "") + std::to_string(d.shape[j]);
    return s + "]";
}

std::string step_text(const Instr& in) {
    std::string s = graph::step_name(in.step);
    if (in.step == Step::Map || in.step == Step::Fold || in.step == Step::Scan)
        s += std::string(" ") + math::name(in.fn);
    return s;
}

// One read's report: its stages and their steps, each stored value with its reason.
void report(const Plan& plan) {
    const Program& p = plan.program;
    const Instr& root = p.steps.back();
    g_report += "read " + std::to_string(g_counters.graphs_read) + ": " + step_text(root) + " → " +
                shape_text(root.out);
    if (g_read_reason) g_report += std::string(" (forced: ") + g_read_reason + ")";
    g_report += "\n";
    for (size_t s = 0; s < plan.stages.size(); s++) {
        const Stage& st = plan.stages[s];
        g_report += "  stage " + std::to_string(s + 1) +
                    (st.block ? " (fused):" : st.steps.size() > 1 ? " (atoms):" : ":");
        for (int32_t i : st.steps) g_report += " " + step_text(p.steps[static_cast<size_t>(i)]) + ",";
        g_report.back() = '\n';
    }
    for (const char* rule : plan.rules) g_report += std::string("  rule: ") + rule + "\n";
    for (int32_t i : plan.recomputed) {
        size_t times = 0;
        for (const Stage& st : plan.stages) times += static_cast<size_t>(std::count(st.steps.begin(), st.steps.end(), i));
        const Instr& in = p.steps[static_cast<size_t>(i)];
        g_report += "  recomputed: " + step_text(in) + " → " + shape_text(in.out) + ": in " + std::to_string(times) +
                    " stages\n";
    }
    for (size_t i = 0; i + 1 < p.steps.size(); i++) {
        if (!plan.stored[i]) continue;
        const Instr& in = p.steps[i];
        g_report += "  stored: " + step_text(in) + " → " + shape_text(in.out) + ": " + plan.stored[i] + "\n";
    }
}

int64_t resident_bytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    long pages_total = 0, pages_resident = 0;
    int got = std::fscanf(f, "%ld %ld", &pages_total, &pages_resident);
    std::fclose(f);
    return got == 2 ? static_cast<int64_t>(pages_resident) * sysconf(_SC_PAGESIZE) : 0;
}

int64_t default_memory_limit() {
    if (const char* s = std::getenv("BPL_MEMORY")) {
        char* end = nullptr;
        double v = std::strtod(s, &end);
        if (end != s && v > 0) {
            switch (*end) {
            case 'K': case 'k': v *= 1024; break;
            case 'M': case 'm': v *= 1024.0 * 1024; break;
            case 'G': case 'g': v *= 1024.0 * 1024 * 1024; break;
            default: break;
            }
            return static_cast<int64_t>(v);
        }
    }
    return static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE) / 4 * 3;
}
int64_t g_memory_limit = -1;

int64_t result_bytes(const Desc& d) { return d.count() * math::item_size(d.kind); }

// What one read fills and empties: the live graph, its key, the step results. A reader keeps
// one per read depth (a read may start while another runs) and reuses its buffers' memory.
struct Scratch {
    graph::Live live;
    Key key;
    std::vector<value::Value> results;
};
std::vector<std::unique_ptr<Scratch>> g_scratch; // by read depth
size_t g_depth = 0;

// Takes the scratch of the next read depth; on leaving, drops what the read left in it (the
// inputs' references, results an error left unexposed), keeping the memory.
class Depth {
  public:
    Depth() {
        if (g_depth == g_scratch.size()) g_scratch.push_back(std::make_unique<Scratch>());
        s_ = g_scratch[g_depth++].get();
    }
    ~Depth() {
        for (value::Value& v : s_->results) // emptied, not shrunk: Plan::run sizes it
            if (!v.is_none()) v = value::Value(); // most are None already (fused, or taken by a node)
        s_->live.clear();
        g_depth--;
    }
    Depth(const Depth&) = delete;
    Depth& operator=(const Depth&) = delete;
    Scratch& scratch() const noexcept { return *s_; }

  private:
    Scratch* s_;
};

void read(graph::Node& root) {
    g_counters.graphs_read++;
    Depth depth;
    Scratch& s = depth.scratch();
    graph::Live& live = s.live;
    live.build(root);
    key_of(live, s.key);
    const Plan& plan = cache().serve(live, s.key);
    if (g_reporting) report(plan);
    std::vector<value::Value>& results = s.results;
    try {
        plan.run(live.inputs, g_slot, results);
    } catch (...) { // an interrupt or a limit: the errors this run recorded go with it
        g_slot.clear();
        throw;
    }
    if (g_slot.has_error()) {
        base::ErrorKind kind = g_slot.kind;
        std::string message = g_slot.message;
        g_slot.clear();
        throw base::Error(kind, message);
    }
    // Held nodes take their stored results; every other node dies with the root, which goes
    // last. Those are retired first, operands before users, so each one's death (when its last
    // user lets go) frees nothing deeper: a chain is freed one node at a time, with no list of
    // dying values. (Retiring needs every held node replaced by its result: a node left pending
    // must keep its operands.)
    size_t n = live.nodes.size();
    bool retire = plan.retires;
    for (size_t i = 0; i + 1 < n; i++) {
        if (!live.held[i]) {
            if (retire) live.nodes[i]->retire();
        } else if (!results[i].is_none()) {
            live.nodes[i]->set_result(std::move(results[i]));
        }
    }
    live.nodes.back()->set_result(std::move(results.back()), retire);
}

} // namespace

// Small results are not checked: reading the resident size costs a system call.
void check_memory(int64_t bytes) {
    constexpr int64_t CHECKED = int64_t{1} << 20;
    if (bytes < CHECKED) return;
    // compared as limit − resident, so a saturated size (INT64_MAX) cannot overflow
    if (bytes <= memory_limit() - resident_bytes()) return;
    base::release_kept_buffers(); // freed buffers kept for reuse count as resident until returned
    if (bytes > memory_limit() - resident_bytes())
        throw base::Error(base::ErrorKind::Limit, "the result would take memory past the limit (" +
                                                      std::to_string(memory_limit() >> 20) + " MiB)");
}

void Plan::run(const std::vector<value::Value>& inputs, math::ErrorSlot& slot,
               std::vector<value::Value>& results) const {
    results.resize(program.steps.size()); // a reader's buffer holds only empty Values between reads
    ProgressLine progress(stages.size());
    size_t done = 0;
    for (const Stage& stage : stages) {
        progress.stage_done(done++);
        base::check_interrupt();
        const Instr& root = program.steps[static_cast<size_t>(stage.steps.back())];
        if (!root.out.atom) check_memory(result_bytes(root.out));
        if (stage.block) {
            results[static_cast<size_t>(stage.steps.back())] = run_block(*this, stage, results, inputs, slot, g_counters.compiled);
            g_counters.steps_run += stage.steps.size();
        } else if (stage.steps.size() > 1) { // a chain of atom steps, each item in a cell
            results[static_cast<size_t>(stage.steps.back())] = run_atoms(stage.atoms, results, inputs, slot);
            g_counters.steps_run += stage.steps.size();
        } else {
            // the step's operands: inline for the usual few, a vector past that
            constexpr size_t INLINE = 4;
            const value::Value* inline_operands[INLINE];
            std::vector<const value::Value*> more;
            int32_t s = stage.steps.back();
            size_t n = root.operands.size();
            const value::Value** operands = inline_operands;
            if (n > INLINE) {
                more.resize(n);
                operands = more.data();
            }
            for (size_t i = 0; i < n; i++) {
                int32_t r = root.operands[i];
                operands[i] = r >= 0 ? &results[static_cast<size_t>(r)] : &inputs[static_cast<size_t>(-r - 1)];
            }
            results[static_cast<size_t>(s)] = run_step(root, {operands, n}, slot);
            g_counters.steps_run++;
        }
        g_counters.stages_run++;
        for (int32_t r : stage.frees) results[static_cast<size_t>(r)] = value::Value();
    }
    g_counters.values_stored += values_stored;
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

void set_reporting(bool on) { g_reporting = on; }
std::string take_report() {
    std::string r = std::move(g_report);
    g_report.clear();
    return r;
}

ReadReason::ReadReason(const char* why) noexcept : outer_(g_read_reason) { g_read_reason = why; }
ReadReason::~ReadReason() { g_read_reason = outer_; }

int64_t memory_limit() {
    if (g_memory_limit < 0) g_memory_limit = default_memory_limit();
    return g_memory_limit;
}
void set_memory_limit(int64_t bytes) { g_memory_limit = bytes; }

void install_reader() { graph::set_reader(&read); }

} // namespace bpl::program
