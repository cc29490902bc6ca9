// ASSERT: programmer-error checks, on when BPL_ASSERTS is defined (debug and reldebug builds).
// Data and language errors never use this; they throw base::Error or go to the error slot.
#pragma once

namespace bpl::base {
[[noreturn]] void assert_fail(const char* cond, const char* msg, const char* file, int line);
} // namespace bpl::base

#if BPL_ASSERTS
#define ASSERT(cond, msg)                                                                          \
    do {                                                                                           \
        if (!(cond)) ::bpl::base::assert_fail(#cond, msg, __FILE__, __LINE__);                     \
    } while (0)
#else
#define ASSERT(cond, msg)                                                                          \
    do {                                                                                           \
    } while (0)
#endif
