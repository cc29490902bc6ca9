// The small thread pool block stages share: one stage's blocks split into contiguous parts, one
// part a thread. The count comes from BPL_THREADS, else every core; set_threads changes it.
#pragma once

#include <cstdint>
#include <functional>

namespace bpl::program {

int threads();
// Sets how many threads block stages use (at least 1). Never throws.
void set_threads(int n);
// Runs part(0) ... part(parts-1), on up to threads() threads at once, and returns when all are
// done. part must not throw. The calling thread runs part 0.
void parallel_for(int parts, const std::function<void(int)>& part);

} // namespace bpl::program
