// Plan: what the scheduler makes of a Program (stages of fused steps, which results are stored
// and why, when each stored result is freed), and running it over bound inputs. The one Programs
// cache, the reader, reports and the memory limit live here.
#pragma once

#include "program/rules.h"
#include "program/run.h"

#include <cstdint>
#include <memory>

namespace bpl::program {

struct Stage {
    std::vector<int32_t> steps; // program steps in order; the last is the stage's root
    // Fused: the steps run a block of items at a time through reused block buffers (block.cpp);
    // only the root's result is stored (or, for a fold, kept as a running total). A stage of
    // several steps that is not a block stage is a chain of atom steps run in cells (run_atoms),
    // `atoms` saying where each reads its operands.
    bool block = false;
    AtomStage atoms;
    std::vector<int32_t> frees; // stored results read for the last time by this stage
};

struct Plan {
    Program program;
    std::vector<Stage> stages;
    std::vector<int32_t> stage_of; // per step: the (first) stage that runs it
    // Per step: why its result is stored (a stage's root), or null when a stage computes it
    // block by block and never stores it.
    std::vector<const char*> stored;
    std::vector<int32_t> recomputed; // cheap steps run in each of several stages, never stored
    uint32_t values_stored = 0; // stored results other than the root's (for the counters)
    // Whether every held step is stored (each held node can take its result), so a read may
    // retire the nodes nothing outside it holds (the reader; Node::retire).
    bool retires = true;
    std::vector<int64_t> lengths; // the exact lengths it last ran with (lengths_of)
    std::vector<Guard> guards;       // input values the rewrites assumed (rules.h)
    std::vector<const char*> rules;  // the rewrites applied, for reports
    // Rewrites the program by the rule table, then schedules it (schedule.cpp): order, stage
    // ends, fusion, last uses. `inputs` are the read's inputs (rules may guard on atoms). Never
    // throws.
    static std::unique_ptr<Plan> of(Program program, const std::vector<value::Value>& inputs);
    // Runs every stage over `inputs` (stored values, one per program input) and leaves each
    // stored step's result in `results` (null Values for fused steps), resized to the steps
    // (a reader passes its reused buffer, every entry an empty Value). Data errors go to `slot`; steps after an error still
    // run but their results must not be exposed (the reader raises first). Throws LIMIT ERROR
    // before a stage allocates past the memory limit.
    void run(const std::vector<value::Value>& inputs, math::ErrorSlot& slot,
             std::vector<value::Value>& results) const;
};

// Counters for reports and tests (•explain / --explain).
struct Counters {
    uint64_t nodes_built = 0;
    uint64_t graphs_read = 0;
    uint64_t plans_made = 0;
    uint64_t cache_hits = 0;
    uint64_t refills = 0;     // hits at new lengths: the plan refilled, not rescheduled
    uint64_t stages_run = 0;
    uint64_t steps_run = 0;
    uint64_t values_stored = 0; // stored results other than each read's root
    uint64_t compiled = 0; // compiled segments run (compile.h), a whole stage or a run of its steps
};
Counters counters();
void reset_counters();
// Drops every cached plan (tests).
void clear_cache();
size_t cache_size();

// The read report (--explain): when on, each read appends its stages (fused), the values its
// stages store with the reason (stored), and why the read happened when a call forced pending
// work partway (forced). take_report() returns the text so far and clears it.
void set_reporting(bool on);
std::string take_report();
// Held while a caller forces pending work partway, naming why (a parameter read, a kind that
// depends on values, ...). A read with none held is the program's own (display, a result).
class ReadReason {
  public:
    explicit ReadReason(const char* why) noexcept;
    ~ReadReason();
    ReadReason(const ReadReason&) = delete;
    ReadReason& operator=(const ReadReason&) = delete;

  private:
    const char* outer_;
};

// The memory limit in bytes: a stage that would take resident memory past it raises LIMIT ERROR
// before allocating. Default: three quarters of physical memory, or BPL_MEMORY (bytes; a K, M or
// G suffix) when set.
int64_t memory_limit();
void set_memory_limit(int64_t bytes);
// Raises LIMIT ERROR when allocating `bytes` more would take resident memory past the limit: the
// stages' allocations, and host results built item by item (prim's ⍳ of a shape).
void check_memory(int64_t bytes);

// Registers the reader with graph/ (idempotent; the row factory calls it before making nodes).
void install_reader();

} // namespace bpl::program
