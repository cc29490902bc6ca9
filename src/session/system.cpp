// The system names' table (operators-and-system.md §19) and their functions: one row per name.
// Conversions of numbers go through prim's rows (graph nodes); text functions read their argument
// at the host boundary, like lang's cells helpers.
#include "session/session.h"
#include "session/introspect.h"
#include "session/time.h"

#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/function.h"
#include "lang/system.h"
#include "prim/factory.h"
#include "value/array.h"

#include <cmath>
#include <string_view>

namespace bpl::session {

using lang::Exec;
using lang::Fn;
using lang::items_of;
using value::Value;

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

using Monad = Value (*)(const Value& omega);
using Dyad = Value (*)(const Value& alpha, const Value& omega);

struct SystemRow {
    std::string_view name;
    Monad monad; // null: no monadic form
    Dyad dyad;   // null: no dyadic form
    // The inverse (`•name⁻`, §13): Z with `name Z ≡ Y` (`X name Z ≡ Y`). Null: none (DOMAIN).
    Monad inverse_monad = nullptr;
    Dyad inverse_dyad = nullptr;
};

Value text(std::string_view s) { return value::char_vector(base::decode_utf8(std::string(s))); }

std::string text_of(const Value& v, const char* what) {
    std::u32string s;
    Value r = v.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, std::string(what) + " must be a string");
    for (const Value& c : items_of(r)) {
        if (!c.is_char()) throw Error(ErrorKind::Domain, std::string(what) + " must be a string");
        s += c.as_char();
    }
    std::string out;
    for (char32_t c : s) base::append_utf8(out, c);
    return out;
}

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

Value storage(const Value& omega) {
    if (omega.is_function()) return text("function");
    if (omega.is_stored_array() && omega.array_data().is_boxed()) return text("mixed");
    return text(storage_name(omega.kind()));
}

// •float: numbers (nested too) to floats of width 16, 32 or 64; complex stays complex at 64.
Value to_float(const Value& v, Kind k) {
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

// •ucs: characters ↔ code points; with an encoding on the left, text ↔ its code units.
bool valid_code_point(double d) {
    return d == std::floor(d) && d >= 0 && d <= 0x10FFFF && !(d >= 0xD800 && d <= 0xDFFF);
}

Value ucs_monad(const Value& omega) {
    Value r = omega.read();
    std::vector<Value> items = items_of(r);
    bool chars = !items.empty() && items[0].is_char();
    if (items.empty()) chars = r.kind() == Kind::Char;
    std::vector<Value> out;
    out.reserve(items.size());
    for (const Value& x : items) {
        if (x.is_char() != chars || !(x.is_char() || x.is_number()))
            throw Error(ErrorKind::Domain, "•ucs takes characters or code points, not both");
        if (chars) {
            out.push_back(Value::integer(static_cast<int64_t>(x.as_char())));
        } else {
            double d = x.as_f64();
            if (number::is_complex(x.kind()) || !valid_code_point(d))
                throw Error(ErrorKind::Domain, "•ucs: not a valid code point");
            out.push_back(Value::character(static_cast<char32_t>(d)));
        }
    }
    if (r.is_atom()) return out[0];
    Kind proto = chars ? Kind::Int : Kind::Char;
    if (out.empty()) return Value::array(ArrayData::compact(proto, r.shape()));
    return value::make_array(r.shape(), std::move(out));
}

// Encodes code points as the code units of `enc`, or decodes code units into characters.
Value ucs_dyad(const Value& alpha, const Value& omega) {
    // The encoding: a name, an enclosed name, or [name 0] (a second item other than 0 asks for
    // the reference's signed-byte mode, which BPL does not have)
    Value a = alpha.read();
    if (a.is_stored_array() && a.array_data().is_boxed()) {
        const std::vector<Value>& parts = a.array_data().boxed_items();
        if (parts.empty() || parts.size() > 2)
            throw Error(ErrorKind::Domain, "•ucs's encoding must be a string");
        if (parts.size() == 2) {
            Value flag = parts[1].read();
            if (!flag.is_number() || flag.as_f64() != 0)
                throw Error(ErrorKind::Unsupported, "•ucs has no signed-byte mode");
        }
        a = parts[0];
    }
    std::string enc = text_of(a, "•ucs's encoding");
    int width = enc == "UTF-8" ? 8 : enc == "UTF-16" ? 16 : enc == "UTF-32" ? 32 : 0;
    if (!width) throw Error(ErrorKind::Domain, "•ucs's encoding is \"UTF-8\", \"UTF-16\" or \"UTF-32\"");
    Value r = omega.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, "•ucs encodes and decodes vectors only");
    std::vector<Value> items = items_of(r);
    bool chars = items.empty() ? r.kind() == Kind::Char : items[0].is_char();
    std::vector<Value> out;
    auto unit = [&](uint32_t u) { out.push_back(Value::integer(static_cast<int64_t>(u))); };
    if (chars) {
        for (const Value& x : items) {
            if (!x.is_char()) throw Error(ErrorKind::Domain, "•ucs takes characters or code units, not both");
            uint32_t c = x.as_char();
            if (width == 32) unit(c);
            else if (width == 16) {
                if (c < 0x10000) unit(c);
                else {
                    unit(0xD800 + ((c - 0x10000) >> 10));
                    unit(0xDC00 + ((c - 0x10000) & 0x3FF));
                }
            } else {
                std::string bytes;
                base::append_utf8(bytes, c);
                for (unsigned char b : bytes) unit(b);
            }
        }
        if (out.empty()) return Value::array(ArrayData::compact(Kind::Int, {0}));
        int64_t n = static_cast<int64_t>(out.size());
        return value::make_array({n}, std::move(out));
    }
    std::vector<uint32_t> units;
    for (const Value& x : items) {
        if (!x.is_number() || number::is_complex(x.kind()))
            throw Error(ErrorKind::Domain, "•ucs takes characters or code units, not both");
        double d = x.as_f64();
        double top = width == 8 ? 0xFF : width == 16 ? 0xFFFF : 0x10FFFF;
        if (d != std::floor(d) || d < 0 || d > top) throw Error(ErrorKind::Domain, "•ucs: not a code unit");
        units.push_back(static_cast<uint32_t>(d));
    }
    auto bad = [] { return Error(ErrorKind::Domain, "•ucs: malformed encoded text"); };
    std::u32string s;
    for (size_t i = 0; i < units.size();) {
        uint32_t u = units[i++];
        if (width == 32) {
            if (!valid_code_point(u)) throw bad();
            s += static_cast<char32_t>(u);
        } else if (width == 16) {
            if (u >= 0xDC00 && u <= 0xDFFF) throw bad();
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (i >= units.size() || units[i] < 0xDC00 || units[i] > 0xDFFF) throw bad();
                u = 0x10000 + ((u - 0xD800) << 10) + (units[i++] - 0xDC00);
            }
            s += static_cast<char32_t>(u);
        } else {
            int more = u < 0x80 ? 0 : (u >> 5) == 0x6 ? 1 : (u >> 4) == 0xE ? 2 : (u >> 3) == 0x1E ? 3 : -1;
            if (more < 0) throw bad();
            uint32_t c = more == 0 ? u : u & (0x3F >> more);
            for (int k = 0; k < more; k++) {
                if (i >= units.size() || (units[i] & 0xC0) != 0x80) throw bad();
                c = (c << 6) | (units[i++] & 0x3F);
            }
            static const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
            if (c < least[more] || !valid_code_point(c)) throw bad();
            s += static_cast<char32_t>(c);
        }
    }
    return value::char_vector(s);
}

// clang-format off
constexpr SystemRow TABLE[] = {
    {"ex",      name_erase,  nullptr},
    {"float",   float_monad, float_dyad},
    {"nc",      name_class,  nullptr},
    {"nl",      name_list,   name_list_prefixed},
    {"src",     name_source, nullptr},
    {"storage", storage,     nullptr},
    {"time",    time_since,  time_calls},
    {"ucs",     ucs_monad,   ucs_dyad,   ucs_monad, ucs_dyad}, // •ucs⁻ is •ucs
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

// The lookup lang asks for every `•name`.
Value lookup(const std::string& name) {
    for (const SystemRow& row : TABLE)
        if (row.name == name) return Value::function(base::Ref<value::Function>(new SystemFn(row)));
    throw Error(ErrorKind::Unsupported, "•" + name + " is not supported yet");
}

} // namespace

void install() { lang::register_system_names(lookup); }

std::vector<std::string> system_names() {
    std::vector<std::string> names;
    for (const SystemRow& row : TABLE) names.emplace_back(row.name);
    return names;
}

} // namespace bpl::session
