// The state runtime (spec §16) and snapshot v1 (§21): commit only after a whole event succeeded,
// the step budget, snapshot writing and the validation done by restore.
#include "circuit/runtime.h"

#include <cmath>
#include <utility>

namespace bpl::circuit {

namespace {

// Snapshots write counts as JSON numbers, exact up to 2^53.
constexpr double MAX_COUNT = 9007199254740992.0;

void check_max_steps(int64_t max_steps) {
    if (max_steps < 0 || max_steps > (int64_t(1) << 53))
        throw std::invalid_argument("max_steps must be a non-negative integer no greater than 2^53");
}

// §5.1 for each state value: the accepted values, or Failure(Domain) naming the state.
std::vector<double> checked_state(const Circuit& c, const std::vector<int32_t>& ids,
                                  std::span<const double> values) {
    if (values.size() != ids.size()) throw std::invalid_argument("one value per state is needed");
    std::vector<double> out;
    out.reserve(ids.size());
    for (size_t k = 0; k < ids.size(); ++k) {
        const Node& n = c.nodes[size_t(ids[k])];
        try {
            out.push_back(accept(n.domain, c.dtype, values[k], ids[k]));
        } catch (const Failure& e) {
            throw Failure(e.kind(), e.node(), "state \"" + n.name + "\": " + e.what());
        }
    }
    return out;
}

// A snapshot count: a JSON number that is a non-negative integer (exact in binary64).
int64_t count_field(const Json& root, const char* key) {
    const Json* v = root.find(key);
    double d = v && v->is_number() ? v->as_number() : -1.0;
    if (!(d >= 0 && d <= MAX_COUNT && std::floor(d) == d))
        throw ArtifactError(std::string("snapshot.") + key + ": must be a non-negative integer");
    return static_cast<int64_t>(d);
}

} // namespace

Runtime::Runtime(std::shared_ptr<const Circuit> c, int64_t max_steps)
    : c_(std::move(c)), ev_(*c_), max_steps_(max_steps) {
    check_max_steps(max_steps);
    for (int32_t id : ev_.states()) state_.push_back(c_->nodes[size_t(id)].value);
}

Runtime::Runtime(std::shared_ptr<const Circuit> c, int64_t max_steps, std::span<const double> state)
    : c_(std::move(c)), ev_(*c_), max_steps_(max_steps) {
    check_max_steps(max_steps);
    state_ = checked_state(*c_, ev_.states(), state);
}

void Runtime::check_budget() const {
    if (steps_ >= max_steps_)
        throw StepLimitError("the step budget (" + std::to_string(max_steps_) + " events) is exhausted");
}

void Runtime::dispatch(std::span<const double> inputs, CallHost* host, std::vector<double>* outputs) {
    check_budget();
    std::vector<double> out;
    // The evaluator writes `out` and `next_` only when every output and every next value was
    // computed and checked, so an exception here leaves state_ and steps_ untouched.
    ev_.run({inputs, {}, state_}, host, &out, &next_);
    state_.swap(next_);
    ++steps_;
    if (outputs) *outputs = std::move(out);
}

void Runtime::replay(const EventSource& next, CallHost* host, std::vector<std::vector<double>>* outputs) {
    std::vector<std::vector<double>> results;
    std::vector<double> inputs, out;
    // On failure the caller still gets the committed events' results (their count is k).
    struct Flush {
        std::vector<std::vector<double>>& from;
        std::vector<std::vector<double>>* to;
        ~Flush() {
            if (to) *to = std::move(from);
        }
    } flush{results, outputs};
    for (size_t k = 0; next(k, &inputs); ++k) {
        dispatch(inputs, host, &out);
        results.push_back(std::move(out));
        out.clear();
        inputs.clear();
    }
}

void Runtime::replay(std::span<const std::vector<double>> events, CallHost* host,
                     std::vector<std::vector<double>>* outputs) {
    replay([&](size_t k, std::vector<double>* in) {
        if (k >= events.size()) return false;
        *in = events[k];
        return true;
    }, host, outputs);
}

Json Runtime::snapshot() const {
    Json state = Json::object();
    const std::vector<int32_t>& ids = ev_.states();
    for (size_t k = 0; k < ids.size(); ++k) state.set(c_->nodes[size_t(ids[k])].name, Json::number(state_[k]));
    Json root = Json::object();
    root.set("format", Json::string("tensorcode.snapshot"));
    root.set("version", Json::number(1));
    root.set("program", save_artifact(*c_));
    root.set("state", std::move(state));
    root.set("steps", Json::number(double(steps_)));
    root.set("max_steps", Json::number(double(max_steps_)));
    return root;
}

std::string Runtime::snapshot_text(int indent) const { return write_json(snapshot(), indent); }

Runtime Runtime::restore(const Json& snap, int64_t max_nodes) {
    if (!snap.is_object()) throw ArtifactError("snapshot must be an object");
    static const char* const fields[] = {"format", "version", "program", "state", "steps", "max_steps"};
    bool exact = snap.members().size() == std::size(fields);
    for (const char* f : fields) exact = exact && snap.find(f);
    if (!exact)
        throw ArtifactError("snapshot: the fields must be exactly format, version, program, state, "
                            "steps, max_steps");
    const Json* format = snap.find("format");
    if (!format->is_string() || format->as_string() != "tensorcode.snapshot")
        throw ArtifactError("snapshot.format: must be \"tensorcode.snapshot\"");
    const Json* version = snap.find("version");
    if (!version->is_number() || version->as_number() != 1)
        throw ArtifactError("snapshot.version: unsupported snapshot version");
    std::shared_ptr<const Circuit> c;
    try {
        c = std::make_shared<const Circuit>(load_artifact(*snap.find("program"), max_nodes));
    } catch (const ArtifactError& e) {
        throw ArtifactError(std::string("snapshot.program: ") + e.what());
    }
    int64_t steps = count_field(snap, "steps");
    int64_t max_steps = count_field(snap, "max_steps");
    if (steps > max_steps) throw ArtifactError("snapshot.steps: must be <= max_steps");

    const Json* state = snap.find("state");
    if (!state->is_object()) throw ArtifactError("snapshot.state: must be an object from state names to numbers");
    std::vector<int32_t> ids = c->ids_of(Op::State);
    std::vector<double> values;
    for (int32_t id : ids) {
        const std::string& name = c->nodes[size_t(id)].name;
        const Json* v = state->find(name);
        if (!v) throw ArtifactError("snapshot.state: missing state \"" + name + "\"");
        if (!v->is_number()) throw ArtifactError("snapshot.state." + name + ": must be a number");
        values.push_back(v->as_number());
    }
    for (const auto& [name, v] : state->members()) {
        bool known = false;
        for (int32_t id : ids) known = known || c->nodes[size_t(id)].name == name;
        if (!known) throw ArtifactError("snapshot.state: unknown state \"" + name + "\"");
    }
    try {
        Runtime rt(std::move(c), max_steps, values);
        rt.steps_ = steps;
        return rt;
    } catch (const Failure& e) {
        throw ArtifactError(std::string("snapshot.state: ") + e.what());
    }
}

Runtime Runtime::restore(std::string_view text, int64_t max_nodes) {
    Json j;
    try {
        j = parse_json(text);
    } catch (const JsonError& e) {
        throw ArtifactError(std::string("snapshot: ") + e.what());
    }
    return restore(j, max_nodes);
}

} // namespace bpl::circuit
