// Text group (operators-and-system.md §19.2): •ucs (characters ↔ code points and encodings),
// •c (case: utf8proc's simple mappings, the full uppercase mappings of special_casing.inc, the
// final sigma) and •normalize (Unicode normalization forms through utf8proc).
// Text functions read their argument at the host boundary.
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "value/array.h"

#include <cmath>
#include <cstdlib>

#include <utf8proc.h>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using lang::items_of;
using number::Kind;
using value::ArrayData;

// •ucs: characters ↔ code points; with an encoding on the left, text ↔ its code units.
static bool valid_code_point(double d) {
    return d == std::floor(d) && d >= 0 && d <= 0x10FFFF && !(d >= 0xD800 && d <= 0xDFFF);
}

Value ucs_monad(const Value& omega) {
    Value r = omega.read();
    std::vector<Value> items = items_of(r);
    bool chars = !items.empty() && items[0].read().is_char();
    if (items.empty()) chars = r.kind() == Kind::Char;
    std::vector<Value> out;
    out.reserve(items.size());
    for (const Value& item : items) {
        Value x = item.read(); // an item may still be pending (`•ucs f¨ v`)
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
    for (Value& x : items) x = x.read(); // an item may still be pending
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
        } else { // UTF-8, decoded strictly as source text is
            std::string bytes; // the at most four bytes of one sequence
            for (size_t k = i - 1; k < units.size() && k < i + 3; k++) bytes += static_cast<char>(units[k]);
            size_t n = 0;
            char32_t c = base::decode_one(bytes, 0, &n);
            if (n == 0) throw bad();
            s += c;
            i += n - 1;
        }
    }
    return value::char_vector(s);
}

// •normalize: text in Unicode normalization form NFC (the default), NFD, NFKC or NFKD.
static Value normalize_form(const std::string& form, const Value& omega) {
    utf8proc_option_t options = form == "NFC"    ? utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_COMPOSE)
                                : form == "NFD"  ? utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE)
                                : form == "NFKC" ? utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT)
                                : form == "NFKD" ? utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT)
                                                 : utf8proc_option_t(0);
    if (options == 0) throw Error(ErrorKind::Domain, "•normalize's form is \"NFC\", \"NFD\", \"NFKC\" or \"NFKD\"");
    return map_text(omega, "•normalize's text", [&](const std::u32string& s) {
        std::string in = utf8(s);
        utf8proc_uint8_t* out = nullptr;
        utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(in.data()),
                                          static_cast<utf8proc_ssize_t>(in.size()), &out, options);
        if (n < 0) throw Error(ErrorKind::Domain, std::string("•normalize: ") + utf8proc_errmsg(n));
        std::string r(reinterpret_cast<char*>(out), static_cast<size_t>(n));
        std::free(out);
        return value::char_vector(base::decode_utf8(r));
    });
}

Value normalize_monad(const Value& omega) { return normalize_form("NFC", omega); }

Value normalize_dyad(const Value& alpha, const Value& omega) {
    return normalize_form(text_of(alpha, "•normalize's form"), omega);
}

namespace {

struct SpecialCase {
    char32_t c;
    const char32_t* upper;
};
constexpr SpecialCase SPECIAL_UPPER[] = {
#include "session/special_casing.inc"
};

enum class Case : int8_t { Lower = -1, Fold = 0, Upper = 1 };

char32_t upper_one(char32_t c) { return static_cast<char32_t>(utf8proc_toupper(static_cast<utf8proc_int32_t>(c))); }
char32_t lower_one(char32_t c) { return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))); }

bool is_letter(char32_t c) {
    utf8proc_category_t k = utf8proc_category(static_cast<utf8proc_int32_t>(c));
    return k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO;
}

const SpecialCase* special_upper(char32_t c) {
    for (const SpecialCase& row : SPECIAL_UPPER)
        if (row.c == c) return &row;
    return nullptr;
}

// Full uppercase: special_casing.inc's expansions (ß → SS), else the simple mapping.
std::u32string upper_text(const std::u32string& s) {
    std::u32string out;
    for (char32_t c : s) {
        if (const SpecialCase* hit = special_upper(c)) out += hit->upper;
        else out += upper_one(c);
    }
    return out;
}

// Full lowercase: İ → i̇, Σ → ς at the end of a word (after a letter, before none), else the
// simple mapping.
std::u32string lower_text(const std::u32string& s) {
    std::u32string out;
    for (size_t i = 0; i < s.size(); i++) {
        char32_t c = s[i];
        if (c == U'İ') {
            out += U"i\u0307";
        } else if (c == U'Σ' && i > 0 && is_letter(s[i - 1]) && (i + 1 == s.size() || !is_letter(s[i + 1]))) {
            out += U'ς';
        } else {
            out += lower_one(c);
        }
    }
    return out;
}

// One character on its own: one whose uppercase has several characters keeps itself.
char32_t convert_one(char32_t c, Case k) {
    if (k != Case::Lower && special_upper(c)) return k == Case::Upper ? c : lower_one(c);
    return k == Case::Upper ? upper_one(c) : k == Case::Lower ? lower_one(c) : lower_one(upper_one(c));
}

// Character vectors convert as text with full mappings; other characters one by one; numbers,
// functions and the structure of nested arrays stay.
Value convert_case(const Value& v, Case k) {
    if (v.is_function()) return v;
    Value r = v.read();
    if (r.is_char()) return Value::character(convert_one(r.as_char(), k));
    if (r.is_atom() || r.is_number()) return r;
    const ArrayData& a = r.array_data();
    if (!a.is_boxed()) {
        if (a.kind() != Kind::Char) return r;
        if (r.rank() == 1) {
            std::u32string s = chars_of(r, "•c's text");
            return value::char_vector(k == Case::Upper ? upper_text(s)
                                      : k == Case::Lower ? lower_text(s)
                                                         : lower_text(upper_text(s)));
        }
        base::Ref<ArrayData> out = ArrayData::compact(Kind::Char, a.shape());
        for (int64_t i = 0; i < a.count(); i++) out->items_as<char32_t>()[i] = convert_one(a.items_as<char32_t>()[i], k);
        return Value::array(std::move(out));
    }
    std::vector<Value> items;
    for (const Value& x : a.boxed_items()) items.push_back(convert_case(x, k));
    return value::make_array(a.shape(), std::move(items), a.count() == 0 ? convert_case(value::fill_of(a.prototype()), k) : Value());
}

} // namespace

Value case_monad(const Value& omega) { return convert_case(omega, Case::Fold); }

Value case_dyad(const Value& alpha, const Value& omega) {
    Value a = alpha.read();
    std::vector<Value> items = items_of(a);
    double d = items.size() == 1 && items[0].is_number() ? items[0].as_f64() : 0;
    if (d != 1 && d != -1) throw Error(ErrorKind::Domain, "•c's left argument is 1 (upper) or ¯1 (lower)");
    return convert_case(omega, d == 1 ? Case::Upper : Case::Lower);
}

} // namespace bpl::session
