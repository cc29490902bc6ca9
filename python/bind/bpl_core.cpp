// bpl._core: BPL for Python (operators-and-system.md §25.1, the parts built so far). A Session
// holds a workspace; eval runs source with the GIL released and returns an Array (immutable,
// read when returned) or a Function. Compact arrays reach NumPy without a copy (`.np` is a
// read-only view whose base keeps the array alive); NumPy arrays come in without a copy when
// their buffer is contiguous, 64-byte aligned and safe to read a block past its end, else as a
// copy. Errors raise bpl.BplError with kind, message and span.
#include "base/error.h"
#include "base/interrupt.h"
#include "cli/keys.h"
#include "base/utf8.h"
#include "lang/display.h"
#include "lang/dissect.h"
#include "lang/exec.h"
#include "lang/function.h"
#include "lang/run.h"
#include "lang/scope.h"
#include "number/exact.h"
#include "session/session.h"
#include "value/array.h"
#include "value/function.h"

#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <signal.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <mutex>
#include <optional>
#include <sstream>

namespace py = pybind11;
using bpl::value::ArrayData;
using bpl::value::Kind;
using bpl::value::Value;

namespace {

// The engine runs one evaluation at a time; a caller gives up the GIL before taking this lock,
// so a Python thread runs while BPL computes.
std::mutex engine_mutex;

// While BPL runs, SIGINT (Ctrl-C, a Jupyter interrupt) raises the engine's interrupt flag, so the
// evaluation stops with INTERRUPT ERROR (Python's own handler could not run: the main thread is
// in BPL without the GIL); Python's handler is back afterwards.
class SigintToEngine {
  public:
    SigintToEngine() {
        sigaction(SIGINT, nullptr, &old_);
        bpl::base::install_interrupt_handler();
    }
    ~SigintToEngine() { sigaction(SIGINT, &old_, nullptr); }

  private:
    struct sigaction old_ {};
};

// bpl.timeout: the time limit, in seconds, of each evaluation (none: no limit). Read and set with
// the GIL held; the evaluation's Deadline (base/interrupt.h, the worker's timeout_ms too) raises
// the interrupt flag when it passes.
std::optional<double> timeout_seconds;
// The deadline of the evaluation running now (under engine_mutex), or null, and its limit.
const bpl::base::Deadline* running_deadline = nullptr;
double running_limit = 0;

// An evaluation's error, and whether it is the interrupt its deadline raised (a TIMEOUT) after
// `limit` seconds.
struct Failure {
    bpl::base::Error error;
    bool timeout = false;
    double limit = 0;
};
// Made where the evaluation catches e, while its deadline is known.
Failure failure(const bpl::base::Error& e) {
    return {e, running_deadline && running_deadline->timed_out(e), running_limit};
}

template <class F>
auto with_engine(F f) {
    std::optional<int64_t> ms;
    double limit = timeout_seconds.value_or(0); // read with the GIL held: another thread may set it
    if (timeout_seconds) ms = static_cast<int64_t>(std::ceil(limit * 1000));
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(engine_mutex);
    SigintToEngine sigint;
    bpl::base::clear_interrupt(); // a request from before this evaluation is not for it
    bpl::base::Deadline deadline(ms);
    struct Running {
        Running(const bpl::base::Deadline* d, double limit) {
            running_deadline = d;
            running_limit = limit;
        }
        ~Running() { running_deadline = nullptr; }
    } running(&deadline, limit);
    return f();
}

// One row per compact kind that NumPy holds: the dtype's name.
struct KindDtype {
    Kind kind;
    const char* dtype;
};
constexpr KindDtype DTYPES[] = {
    {Kind::Bool, "bool"},      {Kind::I8, "int8"},       {Kind::I16, "int16"},
    {Kind::I32, "int32"},      {Kind::Int, "int64"},     {Kind::I64, "int64"},
    {Kind::F16, "float16"},    {Kind::F32, "float32"},   {Kind::F64, "float64"},
    {Kind::C64, "complex64"},  {Kind::C128, "complex128"}, {Kind::Char, "<U1"},
};

const char* dtype_of(Kind k) {
    for (const KindDtype& row : DTYPES)
        if (row.kind == k) return row.dtype;
    return nullptr;
}

std::optional<Kind> kind_of(const py::dtype& dt) {
    for (const KindDtype& row : DTYPES)
        if (row.kind != Kind::I64 && dt.is(py::dtype(row.dtype))) return row.kind; // int64: Int
    for (const KindDtype& row : DTYPES)
        if (row.kind != Kind::I64 && dt.equal(py::dtype(row.dtype))) return row.kind;
    return std::nullopt;
}

Value settle(const Value& v0);

// A boxed array rebuilt from its settled items, or nullopt when nothing in it was pending.
std::optional<Value> resettled(const Value& v) {
    if (v.is_pending()) return settle(v);
    if (!v.is_stored_array() || !v.array_data().is_boxed()) return std::nullopt;
    const ArrayData& a = v.array_data();
    std::vector<Value> items = a.boxed_items();
    bool changed = false;
    for (Value& item : items) {
        if (std::optional<Value> s = resettled(item)) {
            item = *s;
            changed = true;
        }
    }
    if (!changed) return std::nullopt;
    return bpl::value::make_array(a.shape(), std::move(items), a.prototype());
}

// A value with every pending part read, so that Python reads it without the engine.
Value settle(const Value& v0) {
    Value v = v0.read();
    std::optional<Value> s = resettled(v);
    return s ? *s : v;
}

struct Array {
    Value v; // settled
};

class CaptureIo : public bpl::lang::Io {
  public:
    void print(const std::string& text) override {
        lines.push_back(text);
        events.emplace_back("explicit", text);
    }
    std::optional<std::string> read_line() override { return std::nullopt; }
    std::vector<std::string> lines;
    std::vector<std::pair<std::string, std::string>> events;
};

// A session's workspace: shared by the Session and the functions it returns (they run in it).
struct Workspace {
    CaptureIo io;
    std::unique_ptr<bpl::lang::Context> ctx = std::make_unique<bpl::lang::Context>(io);
};

struct Function {
    Value v;
    std::shared_ptr<Workspace> home; // where calls run; null for a function found inside an array
};


py::object bpl_error_type() { return py::module_::import("bpl._core").attr("BplError"); }

// `report` is the REPL's text for the error: kind, message, location and caret. An evaluation
// that ran past bpl.timeout raises BplTimeout (a BplError and a TimeoutError), kind "TIMEOUT".
[[noreturn]] void raise(const Failure& f, const std::string& source) {
    const bpl::base::Error& e = f.error;
    py::object type = f.timeout ? py::module_::import("bpl._core").attr("BplTimeout") : bpl_error_type();
    std::string kind = f.timeout ? bpl::base::TIMEOUT_KIND : bpl::base::name(e.kind());
    std::string message = e.what();
    std::string report = bpl::lang::error_report(e, source, "<cell>");
    if (f.timeout) {
        std::ostringstream limit;
        limit << f.limit;
        message = "the evaluation ran past bpl.timeout (" + limit.str() + " s)";
        report = kind + ": " + message + report.substr(std::min(report.size(), report.find('\n')));
    }
    py::object err = type(kind + ": " + message);
    err.attr("kind") = kind;
    err.attr("message") = message;
    bpl::base::Site s = e.site();
    err.attr("span") = s.begin < 0 ? py::object(py::none()) : py::object(py::make_tuple(s.begin, s.end));
    err.attr("report") = report;
    PyErr_SetObject(type.ptr(), err.ptr());
    throw py::error_already_set();
}

// ---- Python to BPL

Value to_value(const py::handle& obj);

// A NumPy array: adopted when its buffer may be read in place, else copied.
Value from_numpy(py::array arr) {
    std::optional<Kind> kind = kind_of(arr.dtype());
    if (!kind) throw py::type_error("bpl: no BPL kind holds NumPy dtype " + py::str(arr.dtype()).cast<std::string>());
    arr = py::array::ensure(arr, py::array::c_style); // the same array when it is contiguous
    bpl::value::Shape shape(arr.shape(), arr.shape() + arr.ndim());
    auto start = reinterpret_cast<uintptr_t>(arr.data());
    size_t bytes = static_cast<size_t>(arr.nbytes());
    uintptr_t end = start + bytes;
    bool in_place = bytes > 0 && start % 64 == 0 && ((end - 1) >> 12) == ((end + 63) >> 12);
    if (in_place) {
        auto* keep = new py::object(py::reinterpret_borrow<py::object>(arr));
        std::shared_ptr<const void> owner(keep, [](const void* p) {
            py::gil_scoped_acquire gil;
            delete static_cast<const py::object*>(p);
        });
        return Value::array(ArrayData::adopt(*kind, std::move(shape), arr.data(), std::move(owner)));
    }
    auto a = ArrayData::compact(*kind, std::move(shape));
    if (bytes) std::memcpy(a->data(), arr.data(), bytes);
    return Value::array(a);
}

Value to_value(const py::handle& obj) {
    if (py::isinstance<Array>(obj)) return obj.cast<const Array&>().v;
    if (py::isinstance<Function>(obj)) return obj.cast<const Function&>().v;
    if (py::isinstance<py::bool_>(obj)) return Value::boolean(obj.cast<bool>());
    if (py::isinstance<py::int_>(obj))
        return Value::exact(bpl::number::Exact::parse(py::str(obj).cast<std::string>()));
    if (py::isinstance<py::float_>(obj)) return Value::real(obj.cast<double>());
    if (PyComplex_Check(obj.ptr())) {
        auto c = obj.cast<std::complex<double>>();
        return Value::complex(c.real(), c.imag());
    }
    if (py::isinstance<py::str>(obj)) {
        std::string s = obj.cast<std::string>();
        return bpl::value::char_vector(bpl::base::decode_utf8(s));
    }
    if (py::isinstance<py::array>(obj)) return from_numpy(py::reinterpret_borrow<py::array>(obj));
    py::object fraction = py::module_::import("fractions").attr("Fraction");
    if (py::isinstance(obj, fraction)) {
        return Value::exact(bpl::number::Exact::parse(py::str(obj.attr("numerator")).cast<std::string>(),
                                                      py::str(obj.attr("denominator")).cast<std::string>()));
    }
    if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
        std::vector<Value> items;
        for (py::handle item : obj) items.push_back(to_value(item));
        int64_t n = static_cast<int64_t>(items.size());
        return bpl::value::make_array({n}, std::move(items));
    }
    throw py::type_error("bpl: cannot make a BPL value of " + py::str(py::type::of(obj)).cast<std::string>());
}

// ---- BPL to Python

py::object atom_py(const Value& v) {
    if (v.is_exact()) {
        const bpl::number::Exact& e = v.exact();
        py::object num = py::int_(py::str(e.numerator_text()));
        if (e.is_integer()) return num;
        return py::module_::import("fractions").attr("Fraction")(num, py::int_(py::str(e.denominator_text())));
    }
    if (v.is_complex()) return py::cast(std::complex<double>(v.re(), v.im()));
    if (v.is_char()) {
        std::string s;
        bpl::base::append_utf8(s, v.as_char());
        return py::str(s);
    }
    if (v.is_function()) return py::cast(Function{v, nullptr});
    if (v.kind() == Kind::Bool) return py::bool_(v.as_i64() != 0);
    if (bpl::number::is_integer(v.kind())) return py::int_(v.as_i64());
    return py::float_(v.as_f64());
}

py::object to_py(const Value& v);

py::object nested_py(const ArrayData& a, size_t axis, int64_t offset) {
    const auto& shape = a.shape();
    int64_t stride = 1;
    for (size_t d = axis + 1; d < shape.size(); d++) stride *= shape[d];
    py::list out;
    for (int64_t i = 0; i < shape[axis]; i++) {
        if (axis + 1 == shape.size()) out.append(to_py(a.item(offset + i)));
        else out.append(nested_py(a, axis + 1, offset + i * stride));
    }
    return out;
}

py::object to_py(const Value& v) {
    if (!v.is_stored_array()) return atom_py(v);
    const ArrayData& a = v.array_data();
    if (a.rank() == 0) return to_py(a.item(0));
    if (a.rank() == 1 && !a.is_boxed() && a.kind() == Kind::Char) {
        std::string s;
        for (int64_t i = 0; i < a.count(); i++) bpl::base::append_utf8(s, a.items_as<char32_t>()[i]);
        return py::str(s);
    }
    return nested_py(a, 0, 0);
}

py::object to_numpy(const Value& v) {
    if (!v.is_stored_array()) {
        if (v.is_function()) throw py::type_error("bpl: a function has no NumPy form");
        return py::module_::import("numpy").attr("array")(atom_py(v));
    }
    const ArrayData& a = v.array_data();
    const char* dt = a.is_boxed() ? nullptr : dtype_of(a.kind());
    if (!dt) return py::module_::import("numpy").attr("array")(to_py(v), py::arg("dtype") = "object");
    std::vector<py::ssize_t> shape(a.shape().begin(), a.shape().end());
    py::capsule base(new Value(v), [](void* p) { delete static_cast<Value*>(p); });
    py::array out(py::dtype(dt), shape, {}, a.data(), base);
    out.attr("setflags")(py::arg("write") = false);
    return out;
}

py::object wrap(const Value& v, const std::shared_ptr<Workspace>& home) {
    if (v.is_none()) return py::none();
    if (v.is_function()) return py::cast(Function{v, home});
    return py::cast(Array{v});
}

// ---- Session

class Session {
  public:
    Session() : home_(std::make_shared<Workspace>()) {}

    py::object eval(const std::string& text, const py::kwargs& bindings) {
        for (auto [name, value] : bindings) bind(name.cast<std::string>(), value);
        std::optional<Failure> error;
        Value last = with_engine([&] {
            home_->io.lines.clear();
            Value result;
            try {
                bpl::lang::run_all(*home_->ctx, text, [&](const Value& v, bool) { result = v; });
                result = settle(result);
            } catch (const bpl::base::Error& e) {
                error = failure(e);
            }
            return result;
        });
        if (error) raise(*error, text);
        return wrap(last, home_);
    }

    // Runs text as the REPL does: the events in order, each ("explicit", ⎕← text) or
    // ("display", a non-shy result's elided display), a display followed by ("rich:TYPE", bytes)
    // for each other MIME type its renderer gives. Raises BplError after the events so far.
    py::list repl(const std::string& text) {
        std::optional<Failure> error;
        std::vector<std::pair<std::string, std::string>> events = with_engine([&] {
            home_->io.lines.clear();
            home_->io.events = {};
            try {
                bpl::lang::Dissection d;
                bpl::lang::run_all(*home_->ctx, text, [&](const Value& v, bool shy) {
                    if (shy || v.is_none()) return;
                    // with •prefs "dissect" on, the bound expression first (lang/dissect.h)
                    std::string shown = bpl::lang::result_text(v);
                    std::string bound = bpl::lang::dissection_text(d, v); // "": not dissected
                    if (!bound.empty() && !(v.is_function() && bound == shown))
                        home_->io.events.emplace_back("display", bound);
                    home_->io.events.emplace_back("display", shown);
                    // a value with a renderer (a plot, a picture, an element): its other MIME
                    // types follow as ("rich:TYPE", content) events
                    if (v.is_function()) return;
                    for (auto& [type, content] : bpl::session::mime_bundle(v))
                        if (type != "text/plain") home_->io.events.emplace_back("rich:" + type, std::move(content));
                }, d);
            } catch (const bpl::base::Error& e) {
                error = failure(e);
            }
            return home_->io.events;
        });
        py::list out;
        for (const auto& [kind, data] : events) {
            if (kind.rfind("rich:", 0) == 0) out.append(py::make_tuple(kind, py::bytes(data))); // PNG bytes
            else out.append(py::make_tuple(kind, data));
        }
        if (error) {
            try {
                raise(*error, text);
            } catch (py::error_already_set& e) {
                e.value().attr("events") = out;
                throw;
            }
        }
        return out;
    }

    std::vector<std::string> names() {
        return with_engine([&] {
            std::vector<std::string> n = home_->ctx->globals().names();
            std::sort(n.begin(), n.end());
            return n;
        });
    }

    void bind(const std::string& name, const py::handle& value) {
        Value v = to_value(value);
        with_engine([&] { bpl::lang::set_global(*home_->ctx, name, v); });
    }

    py::object get(const std::string& name) {
        std::optional<Value> v = with_engine([&]() -> std::optional<Value> {
            Value* found = home_->ctx->globals().find_local(name);
            if (!found) return std::nullopt;
            return settle(*found);
        });
        if (!v) throw py::key_error(name);
        return wrap(*v, home_);
    }

    std::vector<std::string> output() const { return home_->io.lines; }

  private:
    std::shared_ptr<Workspace> home_;
};

// f(y) calls f monadically, f(x, y) dyadically (x is ⍺), in the session f came from.
py::object call(const Function& f, const py::args& args) {
    if (!f.home) throw py::type_error("bpl: this function has no session to run in");
    if (args.size() < 1 || args.size() > 2) throw py::type_error("bpl: a function takes 1 or 2 arguments");
    std::optional<Value> alpha;
    if (args.size() == 2) alpha = to_value(args[0]);
    Value omega = to_value(args[args.size() - 1]);
    std::string source = f.v.function_obj().source();
    std::optional<Failure> error;
    Value result = with_engine([&] {
        try {
            bpl::lang::Exec ex(*f.home->ctx, std::make_shared<const std::string>(source));
            return settle(bpl::lang::apply(ex, f.v, alpha ? &*alpha : nullptr, omega));
        } catch (const bpl::base::Error& e) {
            error = failure(e);
            return Value();
        }
    });
    if (error) raise(*error, source);
    return wrap(result, f.home);
}

std::string display_of(const Value& v) {
    return with_engine([&] { return bpl::lang::display(v, bpl::lang::Elision{}); });
}

} // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "BPL for Python: Session, Array, Function, BplError";
    bpl::session::install();
    py::object base = py::reinterpret_borrow<py::object>(PyExc_Exception);
    m.attr("BplError") = py::reinterpret_steal<py::object>(
        PyErr_NewExceptionWithDoc("bpl._core.BplError",
                                  "A BPL error: .kind (\"LENGTH ERROR\"), .message, .span (UTF-8 byte "
                                  "offsets into the source, or None)",
                                  base.ptr(), nullptr));

    m.attr("BplTimeout") = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
        "bpl._core.BplTimeout", "A BPL evaluation that ran past bpl.timeout: a BplError of kind \"TIMEOUT\"",
        py::make_tuple(m.attr("BplError"), py::reinterpret_borrow<py::object>(PyExc_TimeoutError)).ptr(), nullptr));

    m.def("get_timeout", []() -> py::object {
        return timeout_seconds ? py::object(py::float_(*timeout_seconds)) : py::object(py::none());
    }, "bpl.timeout: seconds each evaluation may run, or None");
    m.def("set_timeout", [](const py::object& t) {
        if (t.is_none()) {
            timeout_seconds.reset();
            return;
        }
        if (py::isinstance<py::bool_>(t) || !(py::isinstance<py::int_>(t) || py::isinstance<py::float_>(t)))
            throw py::type_error("bpl.timeout: a number of seconds, or None");
        double s = t.cast<double>();
        if (!std::isfinite(s) || s < 0) throw py::value_error("bpl.timeout: a finite nonnegative number of seconds, or None");
        if (s > 1e9) throw py::value_error("bpl.timeout: at most 10⁹ seconds");
        timeout_seconds = s;
    }, py::arg("seconds"), "sets bpl.timeout (None: no limit)");

    m.def("interrupt", [] { bpl::base::request_interrupt(); },
          "stops the evaluation running now (from another thread): it raises BplError INTERRUPT");

    m.def("glyph_keys", [] {
        py::list rows;
        for (const bpl::cli::GlyphKey& row : bpl::cli::glyph_keys())
            rows.append(py::make_tuple(std::string(1, row.key), row.glyph, row.name, row.aliases, row.help));
        return rows;
    }, "the REPL's glyph key table (src/cli/keys.cpp): (key, glyph, name, aliases, help) rows");

    py::class_<Session>(m, "Session")
        .def(py::init<>())
        .def("eval", &Session::eval, py::arg("text"),
             "Runs text in the workspace (keyword arguments bind names first); the last statement's "
             "value, shy or not, or None")
        .def("repl", &Session::repl, py::arg("text"),
             "Runs text as the REPL does: a list of (\"explicit\" | \"display\", text) events")
        .def("names", &Session::names, "the workspace's names, sorted")
        .def("__getitem__", &Session::get)
        .def("__setitem__", &Session::bind)
        .def_property_readonly("output", &Session::output, "the lines ⎕← printed in the last eval");

    py::class_<Array>(m, "Array")
        .def_property_readonly("np", [](const Array& a) { return to_numpy(a.v); },
                               "a read-only NumPy array; a view of a compact array's buffer")
        .def_property_readonly("py", [](const Array& a) { return to_py(a.v); })
        .def_property_readonly("shape", [](const Array& a) {
            py::list dims;
            if (a.v.is_stored_array())
                for (int64_t d : a.v.array_data().shape()) dims.append(d);
            return py::tuple(dims);
        })
        .def_property_readonly("is_atom", [](const Array& a) { return !a.v.is_stored_array(); })
        .def_property_readonly("bpl", [](const Array& a) { return display_of(a.v); }, "display text")
        .def("__repr__", [](const Array& a) { return display_of(a.v); });

    py::class_<Function>(m, "Function")
        .def_property_readonly("source", [](const Function& f) { return f.v.function_obj().source(); })
        .def("__call__", &call, "f(y): monadic; f(x, y): dyadic, x is ⍺")
        .def("__repr__", [](const Function& f) { return f.v.function_obj().source(); });
}
