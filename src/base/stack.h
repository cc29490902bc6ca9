// How close the running thread is to the end of its call stack, for the recursive walks that
// user input can make arbitrarily deep (nested expressions, dfn calls): they raise LIMIT ERROR
// while there is room left rather than overflow the stack.
#pragma once

namespace bpl::base {

// True when less than a quarter of this thread's stack (at most 2 MiB) is left below the caller.
bool stack_nearly_full() noexcept;

} // namespace bpl::base
