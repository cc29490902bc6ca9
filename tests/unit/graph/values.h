// Values the graph tests build nodes from: weak float atoms and stored float64 vectors.
#pragma once

#include "value/array.h"

namespace bpl::graph_test {

inline value::Value num(double x) { return value::Value::real(x, number::Kind::F64, true); }

// A stored float64 vector 0 1 … n-1 (a fresh leaf object each call).
inline value::Value stored_vector(int64_t n) {
    auto a = value::ArrayData::compact(number::Kind::F64, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<double>()[i] = static_cast<double>(i);
    return value::Value::array(std::move(a));
}

} // namespace bpl::graph_test
