// •vfi (operators-and-system.md §21.4): verify and fix input. Each field is valid when it is one
// number literal of the language's own grammar (lexed, never executed), with ASCII '-' read as
// '¯' and a leading '+' dropped; NaN reads as $n. The result is the two rows [valid values].
#include "session/names.h"

#include "base/error.h"
#include "lang/lexer.h"
#include "value/array.h"

#include <limits>
#include <optional>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

bool blank(char32_t c) { return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\v' || c == U'\f'; }

// The number a field spells, or none.
std::optional<Value> number_of(std::u32string field) {
    if (field == U"NaN") return Value::real(std::numeric_limits<double>::quiet_NaN());
    if (!field.empty() && field[0] == U'+') field.erase(0, 1);
    for (char32_t& c : field)
        if (c == U'-') c = U'¯';
    if (field.empty()) return std::nullopt;
    try {
        std::vector<lang::Token> tokens = lang::lex(utf8(field));
        if (tokens.size() != 1 || tokens[0].kind != lang::Tok::Literal || tokens[0].literal_count != 1)
            return std::nullopt;
        const Value& v = tokens[0].value;
        if (!(v.is_number() || v.is_exact() || v.is_complex())) return std::nullopt;
        return v;
    } catch (const base::Error&) {
        return std::nullopt;
    }
}

Value vfi(const std::u32string& text, const std::u32string* seps) {
    std::vector<std::u32string> fields;
    if (!seps) {
        std::u32string f;
        for (char32_t c : text) {
            if (blank(c)) {
                if (!f.empty()) fields.push_back(std::move(f));
                f.clear();
            } else {
                f += c;
            }
        }
        if (!f.empty()) fields.push_back(std::move(f));
    } else {
        std::u32string f;
        auto trimmed = [](const std::u32string& s) {
            size_t b = 0, e = s.size();
            while (b < e && blank(s[b])) b++;
            while (e > b && blank(s[e - 1])) e--;
            return s.substr(b, e - b);
        };
        for (char32_t c : text) {
            if (seps->find(c) != std::u32string::npos) {
                fields.push_back(trimmed(f));
                f.clear();
            } else {
                f += c;
            }
        }
        fields.push_back(trimmed(f));
    }
    int64_t n = static_cast<int64_t>(fields.size());
    base::Ref<ArrayData> valid = ArrayData::compact(Kind::Int, {n});
    std::vector<std::optional<Value>> numbers; // none: an invalid field or an empty one (0)
    bool integers = true, any = false;
    for (int64_t i = 0; i < n; i++) {
        const std::u32string& f = fields[static_cast<size_t>(i)];
        bool empty = seps && f.empty(); // valid, 0
        std::optional<Value> v = empty ? std::nullopt : number_of(f);
        valid->items_as<int64_t>()[i] = empty || v.has_value();
        if (v && !(v->is_number() && number::is_integer(v->kind()))) integers = false;
        any = any || v.has_value();
        numbers.push_back(std::move(v));
    }
    // an invalid or empty field's 0 takes the valid numbers' kind, so exact integers stay exact
    Value zero = integers && any ? Value::integer(0) : Value::real(0);
    std::vector<Value> values;
    for (auto& v : numbers) values.push_back(v ? *v : zero);
    Value row = n == 0 ? Value::array(ArrayData::compact(Kind::F64, {0})) : value::make_array({n}, std::move(values));
    return value::make_array({2}, {Value::array(std::move(valid)), row});
}

} // namespace

Value vfi_monad(const Value& omega) {
    if (!is_text(omega)) throw Error(ErrorKind::Domain, "•vfi takes text");
    return vfi(chars_of(omega, "•vfi's text"), nullptr);
}

Value vfi_dyad(const Value& alpha, const Value& omega) {
    if (!is_text(omega)) throw Error(ErrorKind::Domain, "•vfi takes text");
    std::u32string seps = chars_of(alpha, "•vfi's separators");
    return vfi(chars_of(omega, "•vfi's text"), &seps);
}

} // namespace bpl::session
