// Plan: what the scheduler makes of a Program (stages and their steps; for now one step per
// stage), and running it over bound inputs. The one Programs cache and the reader live here.
#pragma once

#include "program/program.h"

#include <cstdint>
#include <memory>

namespace bpl::program {

struct Stage {
    int32_t first; // steps [first, last] of the program run in this stage
    int32_t last;
};

struct Plan {
    Program program;
    std::vector<Stage> stages;
    // Orders and groups the program's steps into stages. Never throws.
    static std::unique_ptr<Plan> of(Program program);
    // Runs every stage over `inputs` (stored values, one per program input) and returns one
    // stored result per step. Data errors go to `slot`; steps after an error still run but
    // their results must not be exposed (the reader raises first).
    std::vector<value::Value> run(const std::vector<value::Value>& inputs,
                                  math::ErrorSlot& slot) const;
};

// Counters for reports and tests (•explain / --explain).
struct Counters {
    uint64_t nodes_built = 0;
    uint64_t graphs_read = 0;
    uint64_t plans_made = 0;
    uint64_t cache_hits = 0;
    uint64_t steps_run = 0;
};
Counters counters();
void reset_counters();
// Drops every cached plan (tests).
void clear_cache();
size_t cache_size();

// Registers the reader with graph/ (idempotent; the row factory calls it before making nodes).
void install_reader();

} // namespace bpl::program
