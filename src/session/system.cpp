// The system names' table (operators-and-system.md §19): one row per name with its handlers,
// which live in the group files (names.h), and the helpers those files share. Conversions of
// numbers go through prim's rows (graph nodes); text functions read their argument at the host
// boundary, like lang's cells helpers.
#include "session/session.h"
#include "session/introspect.h"
#include "session/time.h"

#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/function.h"
#include "lang/system.h"
#include "session/names.h"
#include "value/layout.h"
#include "value/array.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

namespace bpl::session {

using lang::Exec;
using lang::Fn;

using base::Error;
using base::ErrorKind;
using number::Kind;

Value text(std::string_view s) { return value::char_vector(base::decode_utf8(std::string(s))); }

bool is_text(const Value& v) {
    Value r = v.read();
    if (r.rank() > 1) return false;
    if (r.is_atom()) return r.is_char();
    const value::ArrayData& a = r.array_data();
    if (a.count() == 0) return true;
    if (!a.is_boxed()) return a.kind() == Kind::Char;
    for (const Value& c : a.boxed_items())
        if (!c.is_char()) return false;
    return true;
}

std::u32string chars_of(const Value& v, const char* what) {
    Value r = v.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, std::string(what) + " must be a string");
    if (!is_text(r)) throw Error(ErrorKind::Domain, std::string(what) + " must be a string");
    if (r.is_atom()) return std::u32string(1, r.as_char());
    const value::ArrayData& a = r.array_data();
    if (a.count() == 0) return {};
    if (!a.is_boxed()) return std::u32string(a.items_as<char32_t>(), static_cast<size_t>(a.count()));
    std::u32string s;
    for (const Value& c : a.boxed_items()) s += c.as_char();
    return s;
}

namespace {

// Appends n code points as UTF-8 (ASCII runs copied byte by byte: text readers take large texts).
void append_utf8_run(std::string& out, const char32_t* p, size_t n) {
    out.reserve(out.size() + n);
    for (size_t i = 0; i < n;) {
        size_t j = i; // an ASCII run is written in one go
        while (j < n && p[j] < 0x80) j++;
        size_t at = out.size();
        out.resize(at + (j - i));
        char* o = out.data() + at;
        for (size_t k = i; k < j; k++) *o++ = static_cast<char>(p[k]);
        if (j < n) base::append_utf8(out, p[j++]);
        i = j;
    }
}

} // namespace

std::string utf8(const std::u32string& s) {
    std::string out;
    append_utf8_run(out, s.data(), s.size());
    return out;
}

std::string text_of(const Value& v, const char* what) {
    Value r = v.read();
    if (r.is_stored_array() && r.rank() == 1 && !r.array_data().is_boxed() && r.kind() == Kind::Char) {
        const value::ArrayData& a = r.array_data(); // a compact string: no copy of its code points
        std::string out;
        append_utf8_run(out, a.items_as<char32_t>(), static_cast<size_t>(a.count()));
        return out;
    }
    return utf8(chars_of(r, what));
}

Value map_text(const Value& v, const char* what, const std::function<Value(const std::u32string&)>& f) {
    Value r = v.read();
    if (is_text(r)) return f(chars_of(r, what));
    if (r.is_atom() || !r.array_data().is_boxed())
        throw Error(ErrorKind::Domain, std::string(what) + " must be a string");
    const value::ArrayData& a = r.array_data();
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(a.count()));
    for (const Value& x : a.boxed_items()) out.push_back(f(chars_of(x, what)));
    return value::make_array(a.shape(), std::move(out), a.count() == 0 ? f(U"") : Value());
}

Value function_value(value::Function* f) { return Value::function(base::Ref<value::Function>(f)); }

Value record(std::initializer_list<std::pair<std::string_view, Value>> fields) {
    std::vector<std::pair<std::string, Value>> pairs;
    for (const auto& [key, v] : fields) pairs.emplace_back(std::string(key), v);
    return value::record(std::move(pairs));
}

std::vector<std::pair<std::string, Value>> fields_of(const Value& v, const char* what) {
    Value r = v.read();
    if (r.is_atom() || r.rank() != 1) throw Error(ErrorKind::Domain, std::string(what) + " must be a record");
    std::vector<std::optional<std::string>> keys = value::keys_of(r);
    if (keys.size() != static_cast<size_t>(r.count()))
        throw Error(ErrorKind::Domain, std::string(what) + " must be a record");
    std::vector<Value> items = lang::items_of(r);
    std::vector<std::pair<std::string, Value>> out;
    for (size_t i = 0; i < items.size(); i++) {
        if (!keys[i]) throw Error(ErrorKind::Domain, std::string(what) + " has an entry without a key");
        out.emplace_back(*keys[i], std::move(items[i]));
    }
    return out;
}

Options options_of(const Value& alpha, const char* what, std::initializer_list<std::string_view> names,
                   std::string_view main) {
    // text is the main option; a keyed vector of characters (`("name":'x')`) is a record
    if (is_text(alpha) && alpha.read().count() > 0 && value::keys_of(alpha.read()).empty()) {
        if (main.empty()) throw Error(ErrorKind::Domain, std::string(what) + "'s options are a record");
        return {{std::string(main), alpha}};
    }
    Options out;
    for (auto& [key, v] : fields_of(alpha, (std::string(what) + "'s options").c_str())) {
        std::string name = key;
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw Error(ErrorKind::Domain, std::string(what) + ": there is no option \"" + key + "\"");
        for (const auto& [seen, unused] : out)
            if (seen == name) throw Error(ErrorKind::Domain, std::string(what) + ": the option \"" + key + "\" is given twice");
        out.emplace_back(std::move(name), std::move(v));
    }
    return out;
}

bool flag_of(const Value& v, const char* what) {
    Value r = v.read();
    if (r.is_atom() && r.is_number() && !r.is_complex()) {
        double d = r.as_f64();
        if (d == 0 || d == 1) return d == 1;
    }
    throw Error(ErrorKind::Domain, std::string(what) + " is $t or $f");
}

namespace {

struct SystemRow {
    std::string_view name;
    Monad monad; // null: no monadic form
    Dyad dyad;   // null: no dyadic form
    // The inverse (`•name⁻`, §13): Z with `name Z ≡ Y` (`X name Z ≡ Y`). Null: none (DOMAIN).
    Monad inverse_monad = nullptr;
    Dyad inverse_dyad = nullptr;
    // Whether the name reaches outside the session (files, directories, the network, stdin):
    // a contained session (install(Reach::Contained), the fuzzers) refuses it.
    bool outside = false;
};

constexpr bool OUTSIDE = true;

// clang-format off
constexpr SystemRow TABLE[] = {
    //  name           monadic             dyadic             inverse monadic  inverse dyadic   reach
    {"c",            case_monad,         case_dyad},
    {"canvas",       canvas,             nullptr},
    {"copy",         nullptr,            copy_path,         nullptr,         nullptr,         OUTSIDE},
    {"csv",          csv_monad,          csv_dyad,          csv_write,       csv_write_dyad},
    {"date",         date_monad,         date_dyad,         date_fields,     date_format},
    {"decompose",    nullptr,            decompose,         nullptr,         decompose_inverse},
    {"deflate",      inflate_monad,      inflate_dyad,      deflate_monad,   deflate_dyad},
    {"delay",        delay,              nullptr},
    {"distribution", distribution_monad, distribution_dyad},
    {"element",      element,            nullptr},
    {"ex",           name_erase,         nullptr},
    {"fetch",        fetch_monad,        fetch_dyad,        nullptr,         nullptr,         OUTSIDE},
    {"float",        float_monad,        float_dyad},
    {"hash",         hash_monad,         hash_dyad},
    {"host",         host,               nullptr},
    {"image",        image_monad,        image_dyad,        image_encode,    image_encode_with, OUTSIDE},
    {"json",         json_monad,         json_dyad,         json_write,      json_write_dyad},
    {"literal",      literal,            nullptr,           literal_write},
    {"load",         load,               nullptr,           nullptr,         nullptr,         OUTSIDE},
    {"metadata",     metadata,           nullptr,           nullptr,         nullptr,         OUTSIDE},
    {"mime",         mime_monad,         mime_dyad},
    {"mkdir",        make_dir,           make_dir_dyad,     nullptr,         nullptr,         OUTSIDE},
    {"nc",           name_class,         nullptr},
    {"nget",         nget,               nget_dyad,         nullptr,         nullptr,         OUTSIDE},
    {"nl",           name_list,          name_list_prefixed},
    {"normalize",    normalize_monad,    normalize_dyad},
    {"nput",         nullptr,            nput,              nullptr,         nullptr,         OUTSIDE},
    {"path",         path,               path_dyad,         path_join},
    {"plot",         plot_monad,         plot_dyad},
    {"prefs",        prefs,              nullptr},
    {"r",            regex,              nullptr},
    {"rand",         rand_monad,         nullptr},
    {"readdir",      readdir,            readdir_dyad,      nullptr,         nullptr,         OUTSIDE},
    {"remove",       remove_path,        remove_path_dyad,  nullptr,         nullptr,         OUTSIDE},
    {"rename",       nullptr,            rename_path,       nullptr,         nullptr,         OUTSIDE},
    {"signal",       signal_monad,       signal_dyad},
    {"src",          name_source,        nullptr},
    {"storage",      storage,            nullptr},
    {"svg",          svg_monad,          svg_dyad},
    {"time",         time_since,         time_calls},
    {"ucs",          ucs_monad,          ucs_dyad,          ucs_monad,       ucs_dyad}, // •ucs⁻ is •ucs
    {"uuid",         uuid_monad,         uuid_dyad},
    {"vfi",          vfi_monad,          vfi_dyad},
    {"xml",          xml_read,           nullptr,           xml_write},
};
// clang-format on

class SystemFn final : public Fn {
  public:
    explicit SystemFn(const SystemRow& row) : row_(row) {}
    std::string source() const override { return "•" + std::string(row_.name); }
    bool same(const value::Function& o) const override {
        auto* s = dynamic_cast<const SystemFn*>(&o);
        return s && s->row_.name == row_.name;
    }
    Value call(Exec&, const Value* alpha, const Value& omega) const override {
        if (alpha) {
            if (!row_.dyad) throw Error(ErrorKind::Syntax, source() + " takes one argument");
            return row_.dyad(*alpha, omega);
        }
        if (!row_.monad) throw Error(ErrorKind::Syntax, source() + " needs a left argument");
        return row_.monad(omega);
    }
    Value inverse(Exec& ex, const Value* alpha, const Value& omega) const override {
        if (alpha ? !row_.inverse_dyad : !row_.inverse_monad) return Fn::inverse(ex, alpha, omega);
        return alpha ? row_.inverse_dyad(*alpha, omega) : row_.inverse_monad(omega);
    }

  private:
    const SystemRow& row_;
};

// The lookups lang asks for every `•name`: every row, or (contained) the rows inside the session.
Value find(const std::string& name, bool contained) {
    for (const SystemRow& row : TABLE) {
        if (row.name != name) continue;
        if (contained && row.outside)
            throw Error(ErrorKind::Unsupported, "•" + name + " is disabled in a contained session");
        return function_value(new SystemFn(row));
    }
    throw Error(ErrorKind::Unsupported, "•" + name + " is not supported yet");
}
Value lookup(const std::string& name) { return find(name, false); }
Value lookup_contained(const std::string& name) { return find(name, true); }

} // namespace

void install(Reach reach) { lang::register_system_names(reach == Reach::All ? lookup : lookup_contained); }

std::vector<std::string> system_names() {
    std::vector<std::string> names;
    for (const SystemRow& row : TABLE) names.emplace_back(row.name);
    return names;
}

} // namespace bpl::session
