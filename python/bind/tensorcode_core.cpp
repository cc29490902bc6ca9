// tensorcode._core: the pybind11 face of src/circuit (load/validate/save, evaluation, gradients,
// the state runtime, JSON text). Python-level rules (names, dicts, exceptions of §22) live in
// tensorcode.program.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "circuit/analysis.h"
#include "circuit/artifact.h"
#include "circuit/evaluate.h"
#include "circuit/json.h"
#include "circuit/optimize.h"
#include "circuit/runtime.h"

namespace py = pybind11;
using namespace bpl::circuit;

namespace {

// Python value → Json: dict/list/tuple/str/bool/int/float/None. Non-finite floats are refused.
Json json_of(py::handle h) {
    if (h.is_none()) return Json::null();
    if (py::isinstance<py::bool_>(h)) return Json::boolean(h.cast<bool>());
    if (py::isinstance<py::int_>(h) || py::isinstance<py::float_>(h)) {
        double d = h.cast<double>();
        if (!std::isfinite(d)) throw py::value_error("non-finite number in JSON data");
        return Json::number(d);
    }
    if (py::isinstance<py::str>(h)) return Json::string(h.cast<std::string>());
    if (py::isinstance<py::dict>(h)) {
        Json o = Json::object();
        for (auto item : h.cast<py::dict>()) {
            if (!py::isinstance<py::str>(item.first)) throw py::type_error("JSON object keys must be strings");
            o.set(item.first.cast<std::string>(), json_of(item.second));
        }
        return o;
    }
    if (py::isinstance<py::list>(h) || py::isinstance<py::tuple>(h)) {
        Json a = Json::array();
        for (auto item : h) a.push(json_of(item));
        return a;
    }
    throw py::type_error("cannot write " + std::string(py::str(h.get_type())) + " as JSON");
}

// Json → Python: integral numbers become int (except -0.0, which stays a float).
py::object to_python(const Json& j) {
    switch (j.type()) {
    case Json::Type::Null: return py::none();
    case Json::Type::Bool: return py::bool_(j.as_bool());
    case Json::Type::Number: {
        double d = j.as_number();
        if (std::floor(d) == d && std::fabs(d) < 9007199254740992.0 && !(d == 0 && std::signbit(d)))
            return py::int_(static_cast<long long>(d));
        return py::float_(d);
    }
    case Json::Type::String: return py::str(j.as_string());
    case Json::Type::Array: {
        py::list l;
        for (const Json& v : j.items()) l.append(to_python(v));
        return l;
    }
    case Json::Type::Object: {
        py::dict d;
        for (const auto& [k, v] : j.members()) d[py::str(k)] = to_python(v);
        return d;
    }
    }
    return py::none();
}

// Python bindings {"name": (forward, vjp or None)} as the evaluator's CallHost.
class PyHost : public CallHost {
  public:
    explicit PyHost(py::object bindings) : b_(std::move(bindings)) {}
    bool has(const std::string& name) const override {
        return !b_.is_none() && b_.cast<py::dict>().contains(name);
    }
    bool has_vjp(const std::string& name) const override {
        return has(name) && !entry(name)[1].is_none();
    }
    double forward(const std::string& name, std::span<const double> args) override {
        py::tuple xs(args.size());
        for (size_t k = 0; k < args.size(); ++k) xs[k] = py::float_(args[k]);
        return number(call(entry(name)[0], xs, name), name);
    }
    std::vector<double> vjp(const std::string& name, std::span<const double> args, double result) override {
        py::tuple xs(args.size());
        for (size_t k = 0; k < args.size(); ++k) xs[k] = py::float_(args[k]);
        py::object r = call(entry(name)[1], py::make_tuple(xs, py::float_(result)), name);
        std::vector<double> out;
        try {
            for (auto item : r) out.push_back(number(py::reinterpret_borrow<py::object>(item), name));
        } catch (const py::error_already_set& e) {
            throw Failure(FailKind::Binding, -1, "VJP of \"" + name + "\" did not return a sequence");
        }
        return out;
    }

  private:
    py::object b_;
    py::tuple entry(const std::string& name) const {
        py::object e = b_.cast<py::dict>()[py::str(name)];
        return py::tuple(e);
    }
    static py::object call(py::handle f, const py::tuple& xs, const std::string& name) {
        try {
            return f(*xs);
        } catch (py::error_already_set& e) {
            throw Failure(FailKind::Binding, -1, "binding \"" + name + "\" raised " + e.what());
        }
    }
    static double number(const py::object& r, const std::string& name) {
        bool real = py::isinstance<py::float_>(r) || py::isinstance<py::int_>(r) ||
                    (py::hasattr(r, "__float__") && !py::isinstance<py::str>(r) &&
                     !py::isinstance<py::bytes>(r) && !PyComplex_Check(r.ptr()));
        if (!real) throw Failure(FailKind::Binding, -1, "binding \"" + name + "\" returned a non-number");
        double d;
        try {
            d = r.cast<double>();
        } catch (const py::cast_error&) {
            throw Failure(FailKind::Binding, -1, "binding \"" + name + "\" returned a non-number");
        }
        if (!std::isfinite(d)) throw Failure(FailKind::Binding, -1, "binding \"" + name + "\" returned a non-finite value");
        return d;
    }
};

// A loaded circuit plus its evaluator (the evaluator borrows the circuit, so both live here).
class PyCircuit {
  public:
    PyCircuit(py::handle source, int64_t max_nodes)
        : PyCircuit(std::make_shared<const Circuit>(load(source, max_nodes))) {}
    explicit PyCircuit(std::shared_ptr<const Circuit> c) : c_(std::move(c)), ev_(*c_) {}
    const std::shared_ptr<const Circuit>& shared() const { return c_; }

    std::string to_json(int indent) const { return artifact_text(*c_, indent); }
    py::object artifact() const { return to_python(save_artifact(*c_)); }

    py::tuple run(const std::vector<double>& inputs, const std::vector<double>& params,
                  const std::vector<double>& states, bool want_next, py::object bindings) {
        PyHost host(std::move(bindings));
        std::vector<double> out, next;
        ev_.run({inputs, params, states}, &host, &out, want_next ? &next : nullptr);
        return py::make_tuple(out, next);
    }

    py::tuple gradients(const std::vector<double>& inputs, const std::vector<double>& params,
                        const std::vector<double>& states, const std::vector<double>& cot,
                        py::object bindings) {
        if (cot.size() != c_->outputs.size()) throw py::value_error("one cotangent per output");
        PyHost host(std::move(bindings));
        std::vector<double> out, grads;
        ev_.gradients({inputs, params, states}, cot, &host, &out, &grads);
        return py::make_tuple(out, grads);
    }

    py::object optimized() const { return to_python(save_artifact(optimize(*c_))); }
    std::vector<std::vector<int32_t>> layers() const { return schedule(*c_); }
    py::tuple intervals() const {
        Analysis a = analyze(*c_);
        py::list iv, issues;
        for (const Interval& i : a.intervals) iv.append(py::make_tuple(i.lo, i.hi));
        for (const Issue& i : a.issues) issues.append(py::make_tuple(i.node, i.kind, i.message));
        return py::make_tuple(iv, issues);
    }

    const std::vector<int32_t>& reported() const { return ev_.reported(); }
    size_t size() const { return c_->nodes.size(); }

  private:
    std::shared_ptr<const Circuit> c_; // shared with the runtimes made from this circuit
    Evaluator ev_;

    // Text (str) or plain Python data (an artifact dict, keeping -0.0 exactly).
    static Circuit load(py::handle source, int64_t max_nodes) {
        if (py::isinstance<py::str>(source)) return load_artifact(std::string_view(source.cast<std::string>()), max_nodes);
        Json j;
        try {
            j = json_of(source);
        } catch (const std::exception& e) {
            throw ArtifactError(std::string("artifact: ") + e.what());
        }
        return load_artifact(j, max_nodes);
    }
};

// The module's exception types (set once at import).
PyObject* artifact_error_type = nullptr;
PyObject* failure_type = nullptr;
PyObject* step_limit_type = nullptr;

// Sets the Python error for the core's own exceptions; false (nothing set) for any other.
bool set_error(std::exception_ptr p) {
    try {
        std::rethrow_exception(p);
    } catch (const ArtifactError& e) {
        PyErr_SetString(artifact_error_type, e.what());
    } catch (const StepLimitError& e) {
        PyErr_SetString(step_limit_type, e.what());
    } catch (const Failure& e) {
        py::object node = e.node() >= 0 ? py::object(py::int_(e.node())) : py::object(py::none());
        PyErr_SetObject(failure_type, py::make_tuple(name(e.kind()), node, e.what()).ptr());
    } catch (...) {
        return false;
    }
    return true;
}

// Adds event_index = k to the pending Python exception and raises it.
[[noreturn]] void raise_with_index(size_t k) {
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyErr_NormalizeException(&type, &value, &trace);
    if (value) PyObject_SetAttrString(value, "event_index", py::int_(k).ptr());
    PyErr_Restore(type, value, trace);
    throw py::error_already_set();
}

// circuit/runtime.h's Runtime; state, steps and snapshots live only there.
class PyRuntime {
  public:
    PyRuntime(const PyCircuit& c, int64_t max_steps, std::optional<std::vector<double>> state)
        : rt_(state ? Runtime(c.shared(), max_steps, *state) : Runtime(c.shared(), max_steps)) {}
    explicit PyRuntime(Runtime rt) : rt_(std::move(rt)) {}

    static PyRuntime restore(py::handle snapshot) {
        if (py::isinstance<py::str>(snapshot)) return PyRuntime(Runtime::restore(std::string_view(snapshot.cast<std::string>())));
        Json j;
        try {
            j = json_of(snapshot);
        } catch (const std::exception& e) {
            throw ArtifactError(std::string("snapshot: ") + e.what());
        }
        return PyRuntime(Runtime::restore(j));
    }

    PyCircuit circuit() const { return PyCircuit(rt_.shared_circuit()); }
    int64_t steps() const { return rt_.steps(); }
    int64_t max_steps() const { return rt_.max_steps(); }
    const std::vector<double>& state() const { return rt_.state(); }

    // `convert(event)` turns one Python event into its input list (raising for bad names); it
    // runs after the budget check, so an exhausted budget is reported first.
    std::vector<double> dispatch(py::handle event, py::handle convert, py::object bindings) {
        PyHost host(std::move(bindings));
        rt_.check_budget();
        std::vector<double> out;
        rt_.dispatch(convert(event).cast<std::vector<double>>(), &host, &out);
        return out;
    }

    // As dispatch, for each event of an iterable. The exception of a failing event k gets the
    // attribute event_index = k.
    py::list replay(py::iterable events, py::handle convert, py::object bindings) {
        PyHost host(std::move(bindings));
        py::iterator it = py::iter(events);
        std::vector<std::vector<double>> outs;
        auto next = [&](size_t, std::vector<double>* in) {
            if (it == py::iterator::sentinel()) return false;
            rt_.check_budget();
            *in = convert(*it).cast<std::vector<double>>();
            ++it;
            return true;
        };
        try {
            rt_.replay(next, &host, &outs);
        } catch (py::error_already_set& e) {
            e.restore();
            raise_with_index(outs.size());
        } catch (...) {
            if (!set_error(std::current_exception())) throw;
            raise_with_index(outs.size());
        }
        py::list l;
        for (auto& o : outs) l.append(py::cast(o));
        return l;
    }

    py::object snapshot() const { return to_python(rt_.snapshot()); }
    std::string snapshot_text(int indent) const { return rt_.snapshot_text(indent); }

  private:
    Runtime rt_;
};

} // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "The C++ circuit core of tensorcode.program (src/circuit).";
    static py::exception<ArtifactError> artifact_error(m, "ArtifactError", PyExc_ValueError);
    static py::exception<Failure> failure(m, "Failure", PyExc_ValueError);
    static py::exception<StepLimitError> step_limit(m, "StepLimitError", PyExc_ValueError);
    artifact_error_type = artifact_error.ptr();
    failure_type = failure.ptr();
    step_limit_type = step_limit.ptr();
    py::register_exception_translator([](std::exception_ptr p) {
        if (p && !set_error(p)) std::rethrow_exception(p);
    });

    py::class_<PyCircuit>(m, "Circuit")
        .def(py::init<py::handle, int64_t>(), py::arg("text"), py::arg("max_nodes") = DEFAULT_MAX_NODES)
        .def("to_json", &PyCircuit::to_json, py::arg("indent") = 0)
        .def("artifact", &PyCircuit::artifact)
        .def("run", &PyCircuit::run, py::arg("inputs"), py::arg("params"), py::arg("states"),
             py::arg("want_next"), py::arg("bindings"))
        .def("gradients", &PyCircuit::gradients, py::arg("inputs"), py::arg("params"), py::arg("states"),
             py::arg("cotangents"), py::arg("bindings"))
        .def("optimize", &PyCircuit::optimized, "The optimized artifact (spec §15.1) as plain data.")
        .def("schedule", &PyCircuit::layers)
        .def("analyze", &PyCircuit::intervals, "(intervals, issues) of spec §15.3.")
        .def_property_readonly("reported", &PyCircuit::reported)
        .def("__len__", &PyCircuit::size);

    py::class_<PyRuntime>(m, "Runtime")
        .def(py::init<const PyCircuit&, int64_t, std::optional<std::vector<double>>>(), py::arg("circuit"),
             py::arg("max_steps") = DEFAULT_MAX_STEPS, py::arg("state") = py::none(),
             "A runtime at the initial state, or at `state` (state order, checked per spec §5.1).")
        .def_static("restore", &PyRuntime::restore, py::arg("snapshot"),
                    "Validates a snapshot (JSON text or plain data); raises ArtifactError.")
        .def_property_readonly("circuit", &PyRuntime::circuit)
        .def_property_readonly("steps", &PyRuntime::steps)
        .def_property_readonly("max_steps", &PyRuntime::max_steps)
        .def_property_readonly("state", &PyRuntime::state, "Current values in state order.")
        .def("dispatch", &PyRuntime::dispatch, py::arg("event"), py::arg("convert"), py::arg("bindings"))
        .def("replay", &PyRuntime::replay, py::arg("events"), py::arg("convert"), py::arg("bindings"))
        .def("snapshot", &PyRuntime::snapshot, "The snapshot v1 object as plain data.")
        .def("snapshot_text", &PyRuntime::snapshot_text, py::arg("indent") = 0);

    m.def("accept", [](const std::string& type, std::optional<double> lo, std::optional<double> hi,
                       const std::string& dtype, double v, int32_t node) {
        Domain d;
        d.type = type == "int32" ? DomainType::Int32 : type == "boolean" ? DomainType::Boolean
               : type == "float32" ? DomainType::Float32 : DomainType::Float64;
        d.min = lo;
        d.max = hi;
        return accept(d, dtype == "float32" ? DType::Float32 : DType::Float64, v, node);
    }, py::arg("type"), py::arg("min"), py::arg("max"), py::arg("dtype"), py::arg("value"), py::arg("node") = -1,
       "Spec §5.1 for a finite float: rounding, integrality, bounds; raises Failure(domain).");
    m.def("dumps", [](py::handle obj, int indent) { return write_json(json_of(obj), indent); },
          py::arg("obj"), py::arg("indent") = 0, "JSON.stringify-compatible text of plain Python data.");
    m.def("loads", [](const std::string& text) {
        try {
            return to_python(parse_json(text));
        } catch (const JsonError& e) {
            throw py::value_error(e.what());
        }
    }, py::arg("text"), "Strict JSON parsing (no NaN/Infinity, no duplicate keys).");
}
