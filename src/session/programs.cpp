// Programs group (operators-and-system.md §19.3): •storage names a value's storage, •float
// converts numbers to floats through prim's conversion rows (graph nodes), •signal raises an
// error of a built-in kind, •delay sleeps, •host describes the host.
#include "session/names.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "prim/factory.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <sys/ioctl.h>
#include <unistd.h>

extern char** environ;

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

// •storage: the name of a value's storage (§19.3). Reads only descriptions, never items.
const char* storage_name(Kind k) {
    switch (k) {
    case Kind::Bool: return "boolean";
    case Kind::F16: return "float16";
    case Kind::F32: return "float32";
    case Kind::F64: return "float64";
    case Kind::C64:
    case Kind::C128: return "complex";
    case Kind::Char: return "character";
    case Kind::Exact: return "rational";
    default: return "integer";
    }
}

} // namespace

Value storage(const Value& omega) {
    if (omega.is_function()) return text("function");
    if (omega.is_stored_array() && omega.array_data().is_boxed()) return text("mixed");
    return text(storage_name(omega.kind()));
}

// •float: numbers (nested too) to floats of width 16, 32 or 64; complex stays complex at 64.
static Value to_float(const Value& v, Kind k) {
    if (v.is_function()) throw Error(ErrorKind::Domain, "•float takes numbers, not functions");
    if (v.is_stored_array() && v.array_data().is_boxed()) {
        const ArrayData& a = v.array_data();
        std::vector<Value> items;
        items.reserve(static_cast<size_t>(a.count()));
        for (const Value& x : a.boxed_items()) items.push_back(to_float(x, k));
        return value::make_array(a.shape(), std::move(items),
                                 a.count() == 0 ? to_float(a.prototype(), k) : Value());
    }
    Kind from = v.kind();
    if (from == Kind::Char) throw Error(ErrorKind::Domain, "•float takes numbers, not characters");
    if (number::is_complex(from)) {
        if (k != Kind::F64) throw Error(ErrorKind::Domain, "•float keeps complex numbers at 64 bits only");
        return prim::convert_to(v, Kind::C128).with_weak(false);
    }
    // an exact number converts to its nearest float (convert_to rounds it once, correctly)
    return prim::convert_to(v, k).with_weak(false);
}

Value float_monad(const Value& omega) { return to_float(omega, Kind::F64); }

Value float_dyad(const Value& alpha, const Value& omega) {
    Value w = alpha.read();
    double bits = w.is_number() ? w.as_f64() : -1;
    Kind k = bits == 16 ? Kind::F16 : bits == 32 ? Kind::F32 : bits == 64 ? Kind::F64 : Kind::Bool;
    if (k == Kind::Bool) throw Error(ErrorKind::Domain, "•float's left argument is 16, 32 or 64");
    return to_float(omega, k);
}

// •signal: raises the kind named by one word ("LENGTH" or "LENGTH ERROR", any case), with the
// left argument as its message; a word that is no built-in kind is a kind of the program's own.
// A caught `$e` (a record of kind and message) raises its kind again, with its own message
// unless a left argument gives one.
static Error signal_error(const Value& kind, const std::optional<std::string>& message) {
    std::optional<Value> caught_kind = value::field(kind, "kind");
    if (caught_kind) {
        std::optional<std::string> own = message;
        if (!own)
            if (std::optional<Value> m = value::field(kind, "message")) own = text_of(*m, "$e's message");
        return signal_error(*caught_kind, own);
    }
    if (!is_text(kind)) throw Error(ErrorKind::Domain, "•signal's kind must be one word");
    std::string k = text_of(kind, "•signal's kind");
    std::string word = k.size() > 6 && k.compare(k.size() - 6, 6, " ERROR") == 0 ? k.substr(0, k.size() - 6) : k;
    bool one_word = !word.empty();
    for (char c : word) one_word = one_word && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_');
    if (!one_word) throw Error(ErrorKind::Domain, "•signal's kind must be one word");
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    ErrorKind e;
    if (!base::kind_of_name(word, &e)) return Error::program(word, message.value_or("")); // the program's own
    return Error(e, message.value_or(""));
}

Value signal_monad(const Value& omega) { throw signal_error(omega, std::nullopt); }

Value signal_dyad(const Value& alpha, const Value& omega) {
    throw signal_error(omega, text_of(alpha, "•signal's message"));
}

// •delay s: sleeps s seconds and gives the seconds waited (an effect). It sleeps in slices of at
// most 10 ms and checks the interrupt flag between them, so an interrupt ends any wait (∞ waits
// until one) as INTERRUPT ERROR.
Value delay(const Value& omega) {
    Value v = omega.read();
    double s = v.is_number() ? v.as_f64() : std::nan("");
    if (!(s >= 0)) throw Error(ErrorKind::Domain, "•delay takes a nonnegative number of seconds");
    using Clock = std::chrono::steady_clock;
    auto start = Clock::now();
    constexpr auto SLICE = std::chrono::milliseconds(10);
    // past about 10⁹ s (31 years) the wait is as good as ∞, and stays inside the clock's range
    bool forever = !(s < 1e9);
    auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(forever ? 0 : s));
    while (true) {
        base::check_interrupt();
        auto now = Clock::now();
        if (!forever && now >= end) break;
        std::this_thread::sleep_for(forever ? Clock::duration(SLICE) : std::min<Clock::duration>(SLICE, end - now));
    }
    return Value::real(std::chrono::duration<double>(Clock::now() - start).count());
}

namespace {
struct Host {
    std::vector<std::string> args;
    std::string version;
};
Host& host_facts() {
    static Host h;
    return h;
}
} // namespace

void set_host(std::vector<std::string> args, std::string version) {
    host_facts() = {std::move(args), std::move(version)};
}

// •host name: "env" (a record of the environment), "width" "height" (the terminal's, ∞ when
// standard output is none), "cwd", "temp", and "args" "version" as the command line set them
// (set_host).
Value host(const Value& omega) {
    std::string name = text_of(omega, "•host's name");
    if (name == "cwd") return text(std::filesystem::current_path().string());
    if (name == "temp") return text(std::filesystem::temp_directory_path().string());
    if (name == "width" || name == "height") {
        winsize w{};
        if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) != 0 || (name == "width" ? w.ws_col : w.ws_row) == 0)
            return Value::real(HUGE_VAL);
        return Value::integer(name == "width" ? w.ws_col : w.ws_row);
    }
    if (name == "env") {
        std::vector<std::pair<std::string, Value>> vars;
        for (char** e = environ; *e; e++) {
            std::string kv = *e;
            size_t eq = kv.find('=');
            if (eq != std::string::npos) vars.push_back({kv.substr(0, eq), text(kv.substr(eq + 1))});
        }
        return value::record(std::move(vars));
    }
    if (name == "args") {
        std::vector<Value> items;
        for (const std::string& a : host_facts().args) items.push_back(text(a));
        int64_t n = static_cast<int64_t>(items.size());
        return value::make_array({n}, std::move(items), value::make_array({0}, {}, Value::character(U' ')));
    }
    if (name == "version") {
        if (host_facts().version.empty()) throw Error(ErrorKind::Unsupported, "•host \"version\": no program set it");
        return text(host_facts().version);
    }
    throw Error(ErrorKind::Domain, "•host knows \"args\" \"version\" \"env\" \"width\" \"height\" \"cwd\" \"temp\"");
}

} // namespace bpl::session
