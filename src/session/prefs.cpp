// •prefs (operators-and-system.md §19.5): the session's settings, one row each with its reader
// and its checker, over the setting's own home (prim/mode for the kinds mode, lang/display for
// the elision, boxed mode, function trees, dissection and the folder pictures are saved in). `•prefs R` checks every setting of record R before it changes any, applies them
// and gives all the settings; `•prefs ⍬` (or the empty record) only reads them.
#include "session/names.h"

#include "base/error.h"
#include "lang/display.h"
#include "prim/mode.h"
#include "value/array.h"
#include "value/layout.h"

#include <cctype>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>

namespace bpl::session {

using base::Error;
using base::ErrorKind;

namespace {

using Change = std::function<void()>;

struct Setting {
    std::string_view name;
    Value (*read)();
    // The change v asks for, once checked (DOMAIN ERROR for a value the setting cannot take).
    Change (*check)(const Value& v);
};

[[noreturn]] void invalid(std::string_view name, const char* what) {
    throw Error(ErrorKind::Domain, "•prefs: " + std::string(name) + " " + what);
}

// A count: a nonnegative integer, or ∞ where `infinite` allows it (read back as ∞).
int64_t count_of(const Value& v, std::string_view name, bool infinite) {
    Value r = v.read();
    if (r.is_stored_array() && r.rank() == 0) r = r.array_data().item(0);
    if (!r.is_number() || !number::is_real(r.kind())) invalid(name, "takes a count");
    double d = r.as_f64();
    if (infinite && std::isinf(d) && d > 0) return std::numeric_limits<int64_t>::max();
    if (!(d >= 0) || d != std::trunc(d) || d > 1e15) invalid(name, "takes a nonnegative integer");
    return static_cast<int64_t>(d);
}

// A flag: $t or $f (1 or 0 too).
bool flag_value(const Value& v, std::string_view name) {
    Value r = v.read();
    if (r.is_stored_array() && r.rank() == 0) r = r.array_data().item(0).read();
    if (r.is_number() && number::is_integer(r.kind()) && (r.as_i64() == 0 || r.as_i64() == 1)) return r.as_i64() == 1;
    invalid(name, "takes $t or $f");
}

// A display flag's row: read and set through its member of lang's display settings.
template <bool lang::DisplaySettings::*member>
Setting flag_row(std::string_view name) {
    return {name, [] { return Value::boolean(lang::display_settings().*member); },
            [](const Value& v) -> Change {
                bool b = flag_value(v, "a flag setting");
                return [b] { lang::display_settings().*member = b; };
            }};
}

Value count_value(int64_t n) {
    return n == std::numeric_limits<int64_t>::max() ? Value::real(HUGE_VAL) : Value::integer(n);
}

// clang-format off
const Setting SETTINGS[] = {
    flag_row<&lang::DisplaySettings::box>("box"),
    flag_row<&lang::DisplaySettings::dissect>("dissect"),
    {"edges",
     [] { return count_value(lang::display_settings().elide.edges); },
     [](const Value& v) -> Change {
         int64_t n = count_of(v, "edges", false);
         return [n] { lang::display_settings().elide.edges = n; };
     }},
    flag_row<&lang::DisplaySettings::fns>("fns"),
    {"kinds",
     [] { return text(prim::kinds() == prim::Kinds::Static ? "static" : "dynamic"); },
     [](const Value& v) -> Change {
         std::optional<prim::Kinds> k = is_text(v) ? prim::parse_kinds(text_of(v, "kinds")) : std::nullopt;
         if (!k) invalid("kinds", "is \"static\" or \"dynamic\"");
         return [k] { prim::set_kinds(*k); };
     }},
    {"limit",
     [] { return count_value(lang::display_settings().elide.limit); },
     [](const Value& v) -> Change {
         int64_t n = count_of(v, "limit", true);
         return [n] { lang::display_settings().elide.limit = n; };
     }},
    // where ⎕← (and a result at the REPL) of a picture or a plot saves its file; "" saves none
    {"save",
     [] { return text(lang::display_settings().save); },
     [](const Value& v) -> Change {
         if (!is_text(v) && !(v.read().is_stored_array() && v.read().array_data().count() == 0))
             invalid("save", "takes a folder's path, or \"\" for none");
         std::string dir = is_text(v) ? text_of(v, "save") : "";
         return [dir] { lang::display_settings().save = dir; };
     }},
    flag_row<&lang::DisplaySettings::trees>("trees"),
};
// clang-format on

// Settings §19.5 names that this build does not have yet: UNSUPPORTED, not unknown.
constexpr std::string_view NOT_YET[] = {"prec", "width",
                                        "tolerance", "float", "seed"};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

const Setting& setting(const std::string& key) {
    std::string name = lower(key);
    for (const Setting& s : SETTINGS)
        if (s.name == name) return s;
    for (std::string_view n : NOT_YET)
        if (n == name) throw Error(ErrorKind::Unsupported, "•prefs: the setting " + name + " is not supported yet");
    throw Error(ErrorKind::Domain, "•prefs: no setting is named " + key);
}

Value all_settings() {
    std::vector<std::pair<std::string, Value>> out;
    for (const Setting& s : SETTINGS) out.emplace_back(std::string(s.name), s.read());
    return value::record(std::move(out));
}

} // namespace

Value prefs(const Value& omega) {
    std::vector<std::pair<std::string, Value>> fields = fields_of(omega, "•prefs");
    std::vector<Change> changes;
    for (const auto& [key, v] : fields) changes.push_back(setting(key).check(v));
    for (const Change& c : changes) c();
    return all_settings();
}

} // namespace bpl::session
