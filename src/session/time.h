// •time (operators-and-system.md §19.3): the clock and per-call timing. An effect: it reads the
// clock at its call, so its results are fresh values, never shared graph nodes.
#pragma once

#include "value/value.h"

namespace bpl::session {

// `•time t`: seconds since moment t (Unix seconds), for each number of t: the clock read now,
// then `now - t` through prim's subtraction (pure, a graph node like any other).
value::Value time_since(const value::Value& t);

// `F •time x`: each function of F's fastest time per call on x, in seconds, shaped like F (a
// function atom gives a number). x is read first; each timed call includes the read of its
// result. Items of F that are not functions: DOMAIN ERROR, before any call.
value::Value time_calls(const value::Value& fns, const value::Value& x);

} // namespace bpl::session
