// The state runtime of spec §16 and the snapshot format of §21: transactional events, the step
// budget, snapshot v1 writing, validated restore and replay. The one implementation; Python wraps it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "circuit/artifact.h"
#include "circuit/circuit.h"
#include "circuit/evaluate.h"
#include "circuit/json.h"

namespace bpl::circuit {

// Spec §16.2 / §23: the default event budget.
inline constexpr int64_t DEFAULT_MAX_STEPS = 10000;

// Thrown by dispatch when the budget is spent; nothing runs and nothing changes.
class StepLimitError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Owns one program's event state. Every successful dispatch commits all next values at once and
// counts one step; a failing one (Failure, StepLimitError, a host error) changes neither.
// Not thread-safe.
class Runtime {
  public:
    // Starts from the program's initial state values. Throws std::invalid_argument unless
    // 0 <= max_steps <= 2^53 (snapshots write it as a JSON number).
    explicit Runtime(std::shared_ptr<const Circuit> c, int64_t max_steps = DEFAULT_MAX_STEPS);
    // Starts from `state` (state order, one value per state node), each checked per §5.1.
    // Throws Failure(Domain) naming the state, std::invalid_argument for a wrong count.
    Runtime(std::shared_ptr<const Circuit> c, int64_t max_steps, std::span<const double> state);

    const Circuit& circuit() const { return *c_; }
    const std::shared_ptr<const Circuit>& shared_circuit() const { return c_; }
    int64_t steps() const { return steps_; }
    int64_t max_steps() const { return max_steps_; }
    // The current state in state order (the order of state_ids()).
    const std::vector<double>& state() const { return state_; }
    const std::vector<int32_t>& state_ids() const { return ev_.states(); }

    // Throws StepLimitError when steps() == max_steps(). dispatch calls it first; a host that
    // must convert an event before dispatching calls it before converting, so the budget error
    // wins over a malformed event.
    void check_budget() const;

    // One event (§16.1): throws StepLimitError without running when steps() == max_steps();
    // otherwise computes every output and every checked next value from the old state, and
    // only then swaps in the new state and counts the step. `outputs` follows circuit().outputs
    // and is written only on success.
    void dispatch(std::span<const double> inputs, CallHost* host, std::vector<double>* outputs);

    // Yields event k's inputs into `inputs`, or returns false when there are no more events.
    // May throw; that counts as event k failing.
    using EventSource = std::function<bool(size_t k, std::vector<double>* inputs)>;
    // Dispatches events in order (§16.2). Commits event by event: when event k fails, the
    // exception propagates, events before k stay committed and `outputs` holds exactly their
    // k results, so outputs->size() is the failing event's index.
    void replay(const EventSource& next, CallHost* host, std::vector<std::vector<double>>* outputs);
    void replay(std::span<const std::vector<double>> events, CallHost* host,
                std::vector<std::vector<double>>* outputs);

    // The snapshot v1 object (§21): format, version, program (artifact v1), state, steps, max_steps.
    Json snapshot() const;
    // write_json(snapshot(), indent): the text TypeScript writes for the same runtime.
    std::string snapshot_text(int indent = 0) const;

    // A runtime with the snapshot's program, state, consumed steps and budget. Validates every
    // field (exact field set, format, version, artifact, state names and domains,
    // 0 <= steps <= max_steps); throws ArtifactError whose message starts with "snapshot".
    static Runtime restore(const Json& snapshot, int64_t max_nodes = DEFAULT_MAX_NODES);
    // Parses JSON text first (syntax errors are ArtifactError too).
    static Runtime restore(std::string_view text, int64_t max_nodes = DEFAULT_MAX_NODES);

  private:
    std::shared_ptr<const Circuit> c_;
    Evaluator ev_; // borrows *c_, which c_ keeps alive
    int64_t max_steps_;
    int64_t steps_ = 0;
    std::vector<double> state_, next_;
};

} // namespace bpl::circuit
