// •time: `•time t` (seconds since moment t) and `F •time x` (each function's fastest time per
// call). The clock is read at the call, as an effect is (operators-and-system.md §18).
#include "session/time.h"

#include "base/error.h"
#include "lang/exec.h"
#include "lang/function.h"
#include "prim/prim.h"
#include "value/array.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;
using value::Value;

namespace {

// Reads v and every pending or nested value inside it into storage (no call per level).
void read_all(const Value& v) {
    std::vector<Value> todo{v};
    while (!todo.empty()) {
        Value r = todo.back().read();
        todo.pop_back();
        if (!r.is_stored_array() || !r.array_data().is_boxed()) continue;
        for (const Value& item : r.array_data().boxed_items())
            if (item.is_pending() || item.is_stored_array()) todo.push_back(item);
    }
}

// About how long F •time x runs each function (§19.3), and the batch length under which the
// batch doubles: the clock's own cost (tens of ns) stays under 0.1% of a batch.
constexpr double BUDGET_S = 0.1;
constexpr double MIN_BATCH_S = 1e-4;

// The fastest time per call of f on x: batches of calls, each call's result read inside the
// timing, until the budget has passed and at least two calls ran.
double fastest(lang::Exec& ex, const Value& f, const Value& x) {
    using Clock = std::chrono::steady_clock;
    auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
    const Clock::time_point start = Clock::now();
    double best = std::numeric_limits<double>::infinity();
    int64_t batch = 1, calls = 0;
    for (;;) {
        const Clock::time_point t0 = Clock::now();
        for (int64_t i = 0; i < batch; i++) read_all(lang::apply(ex, f, nullptr, x));
        const Clock::time_point t1 = Clock::now();
        calls += batch;
        best = std::min(best, seconds(t1 - t0) / static_cast<double>(batch));
        if (seconds(t1 - start) >= BUDGET_S && calls >= 2) return best;
        if (seconds(t1 - t0) < MIN_BATCH_S) batch *= 2;
    }
}

} // namespace

Value time_since(const Value& t) {
    if (t.is_function()) throw Error(ErrorKind::Domain, "•time takes a moment in seconds, not a function");
    auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
    double now = std::chrono::duration<double>(since_epoch).count();
    return prim::call(prim::Prim::Minus, Value::real(now, Kind::F64, false), t);
}

Value time_calls(const Value& fns, const Value& x) {
    lang::Exec* ex = lang::running_exec();
    if (!ex) throw Error(ErrorKind::Internal, "•time outside a running statement");
    if (fns.is_function()) {
        read_all(x);
        return Value::real(fastest(*ex, fns, x), Kind::F64, false);
    }
    Value f = fns.read();
    const char* not_fn = "•time's left argument holds functions";
    if (!f.is_stored_array()) throw Error(ErrorKind::Domain, not_fn);
    const ArrayData& a = f.array_data();
    if (a.count() > 0 && !a.is_boxed()) throw Error(ErrorKind::Domain, not_fn);
    if (a.is_boxed())
        for (const Value& item : a.boxed_items())
            if (!item.is_function()) throw Error(ErrorKind::Domain, not_fn);
    read_all(x);
    if (a.rank() == 0) return Value::real(fastest(*ex, a.boxed_items()[0], x), Kind::F64, false);
    auto out = ArrayData::compact(Kind::F64, a.shape());
    double* times = out->items_as<double>();
    for (int64_t i = 0; i < a.count(); i++) times[i] = fastest(*ex, a.boxed_items()[i], x);
    return Value::array(std::move(out));
}

} // namespace bpl::session
