// •json and •json⁻ (operators-and-system.md §21.3) on nlohmann-json's SAX reader: arrays →
// vectors, strings → character vectors, integers exact (to 128 bits), true/false → $t $f, null →
// $n, 1e999 → ∞. A front pass gives the JSON5 leniency the reader lacks: trailing commas,
// single-quoted strings, unquoted (identifier) keys, hexadecimal integers, Infinity and NaN,
// numbers beyond the float range (comments the reader skips itself); it runs only when reading
// the text as it is fails, since it leaves strict JSON unchanged. Objects become records (keyed vectors; a repeated key keeps its first place
// and its last value). `null` is the `fill` option's value ($n by default). •json⁻ writes
// compact JSON: records as objects; with `fill`, items equal to it are written as null.
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "number/exact.h"
#include "value/array.h"
#include "value/layout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

// The deepest nesting either direction accepts (LIMIT beyond).
constexpr size_t MAX_DEPTH = 10000;

// The front pass's findings: for each number the reader will report, in order, the value that
// replaces it, if any: the JSON5 words and numbers beyond the float range, which the pass
// rewrites as 0.
struct Lenient {
    std::string text;
    std::vector<std::optional<double>> numbers;
};

// A JSON5 identifier's first character (ASCII: letters, _ and $).
bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

bool number_char(char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

Lenient lenient(const std::string& in) {
    constexpr double INF = std::numeric_limits<double>::infinity();
    Lenient out;
    std::string& o = out.text;
    o.reserve(in.size());
    size_t last_comma = std::string::npos; // where a ',' was copied, until a value follows
    for (size_t i = 0; i < in.size();) {
        char c = in[i];
        if (c == '"') { // a double-quoted string is copied whole, up to its closing quote
            last_comma = std::string::npos;
            size_t j = i + 1;
            while (true) {
                size_t k = in.find_first_of("\"\\", j);
                if (k == std::string::npos) { // unclosed: the reader reports it
                    o.append(in, i, std::string::npos);
                    i = in.size();
                    break;
                }
                if (in[k] == '\\') {
                    j = k + 2;
                    continue;
                }
                o.append(in, i, k + 1 - i);
                i = k + 1;
                break;
            }
            continue;
        }
        if (c == '\'') { // a single-quoted string, rewritten with double quotes
            last_comma = std::string::npos;
            o += '"';
            for (i++; i < in.size() && in[i] != c; i++) {
                if (in[i] == '\\' && i + 1 < in.size()) {
                    if (c == '\'' && in[i + 1] == '\'') o += '\'';
                    else o.append(in, i, 2);
                    i++;
                } else if (c == '\'' && in[i] == '"') {
                    o += "\\\"";
                } else {
                    o += in[i];
                }
            }
            if (i < in.size()) i++;
            o += '"';
            continue;
        }
        if (c == '/' && i + 1 < in.size() && (in[i + 1] == '/' || in[i + 1] == '*')) { // a comment
            size_t end = in[i + 1] == '/' ? in.find('\n', i) : in.find("*/", i + 2);
            end = end == std::string::npos ? in.size() : end + (in[i + 1] == '/' ? 0 : 2);
            o.append(in, i, end - i);
            i = end;
            continue;
        }
        if (c == ']' || c == '}') {
            if (last_comma != std::string::npos) o[last_comma] = ' ';
            last_comma = std::string::npos;
            o += c;
            i++;
            continue;
        }
        if (c == ',') {
            last_comma = o.size();
            o += c;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            o += c;
            i++;
            continue;
        }
        last_comma = std::string::npos;
        size_t end = i;
        if (identifier_start(c)) { // an unquoted key (an identifier before ':') is quoted
            while (end < in.size() && (identifier_start(in[end]) || std::isdigit(static_cast<unsigned char>(in[end])))) end++;
            size_t after = end;
            while (after < in.size() && (in[after] == ' ' || in[after] == '\t' || in[after] == '\n' || in[after] == '\r')) after++;
            if (after < in.size() && in[after] == ':') {
                o += '"';
                o.append(in, i, end - i);
                o += '"';
                i = end;
                continue;
            }
            end = i;
        }
        while (end < in.size() && (number_char(in[end]) || std::isalpha(static_cast<unsigned char>(in[end])))) end++;
        std::string token = in.substr(i, end - i);
        bool numeric = !token.empty() && (std::isdigit(static_cast<unsigned char>(token[0])) || token[0] == '-' ||
                                          token[0] == '+' || token[0] == '.');
        std::string word = token[0] == '+' || token[0] == '-' ? token.substr(1) : token;
        double sign = token[0] == '-' ? -1 : 1;
        if (word.size() > 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X')) { // JSON5 hexadecimal
            uint64_t v = 0;
            auto r = std::from_chars(word.data() + 2, word.data() + word.size(), v, 16);
            if (r.ec == std::errc() && r.ptr == word.data() + word.size() && (sign > 0 || v <= (uint64_t{1} << 63))) {
                o += (sign < 0 ? "-" : "") + std::to_string(v); // exact as the decimal integer
                out.numbers.push_back(std::nullopt);
            } else {
                o += token; // not a hexadecimal number of 64 bits: the reader reports it
            }
        } else if (word == "Infinity" || word == "NaN") {
            out.numbers.push_back(word == "NaN" ? INF - INF : sign * INF);
            o += '0';
        } else if (numeric && !token.empty()) {
            // only an exponent or some 300 digits can pass the float range
            bool may_overflow = token.size() > 300 || token.find_first_of("eE") != std::string::npos;
            double d = may_overflow ? std::strtod(token.c_str(), nullptr) : 0;
            if (std::isinf(d)) {
                out.numbers.push_back(d);
                o += '0';
            } else {
                out.numbers.push_back(std::nullopt);
                o += token[0] == '+' ? token.substr(1) : token;
            }
        } else {
            o += token.empty() ? std::string(1, c) : token;
            if (token.empty()) end = i + 1;
        }
        i = end;
    }
    return out;
}

// A JSON string's characters: ASCII (most keys and values) widened straight into the character
// array, other text decoded.
Value text_value(const std::string& s) {
    bool ascii = true;
    for (unsigned char c : s) ascii = ascii && c < 0x80;
    if (!ascii) return value::char_vector(base::decode_utf8(s));
    base::Ref<ArrayData> a = ArrayData::compact(Kind::Char, {static_cast<int64_t>(s.size())});
    char32_t* out = a->items_as<char32_t>();
    for (size_t i = 0; i < s.size(); i++) out[i] = static_cast<unsigned char>(s[i]);
    return Value::array(std::move(a));
}

// Builds BPL values from the reader's events. The items of every open array and object wait on
// one stack (and an object's keys on one key stack) and are moved into their array when it
// closes, so nesting uses these heap stacks, never the call stack, and no per-object vector grows.
class Builder final : public nlohmann::json_sax<nlohmann::json> {
  public:
    bool null() override { return push(fill_); }
    bool boolean(bool b) override { return push(Value::boolean(b)); }
    Builder(const std::vector<std::optional<double>>& replaced, Value fill)
        : fill_(std::move(fill)), replaced_(replaced) {}
    bool number_integer(number_integer_t i) override {
        if (replaced()) return push(Value::real(*replaced_[next_ - 1]));
        return push(Value::integer(i));
    }
    bool number_unsigned(number_unsigned_t u) override {
        if (replaced()) return push(Value::real(*replaced_[next_ - 1]));
        if (u <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            return push(Value::integer(static_cast<int64_t>(u)));
        return push(Value::exact(number::Exact::parse(std::to_string(u))));
    }
    bool number_float(number_float_t d, const string_t& s) override {
        if (replaced()) return push(Value::real(*replaced_[next_ - 1]));
        // an integer too big for 64 bits arrives here with its text: exact up to 128 bits
        bool integral = s.find_first_of(".eE") == std::string::npos;
        size_t digits = s.size() - (s[0] == '-' ? 1 : 0);
        if (integral && digits <= 39) {
            base::Ref<number::Exact> e = number::Exact::parse(s);
            base::Ref<number::Exact> limit = number::Exact::parse("170141183460469231731687303715884105728");
            base::Ref<number::Exact> low = number::Exact::parse("-170141183460469231731687303715884105728");
            if (e && number::compare(*e, *limit) < 0 && number::compare(*e, *low) >= 0)
                return push(Value::exact(std::move(e)));
        }
        return push(Value::real(d));
    }
    bool string(string_t& s) override { return push(text_value(s)); }
    bool binary(binary_t&) override { return false; }
    bool start_object(std::size_t) override {
        open(true);
        return true;
    }
    bool key(string_t& k) override {
        if (nkeys_ == keys_.size()) keys_.emplace_back();
        keys_[nkeys_++].assign(k); // a kept string's buffer is reused
        return true;
    }
    bool end_object() override {
        Open o = open_.back();
        open_.pop_back();
        size_t n = values_.size() - o.start;
        const std::string* keys = keys_.data() + o.keys;
        nkeys_ = o.keys;
        if (n == 0) return push(value::record({}));
        // records of one array usually share their keys: the last layout, when its keys are these
        // (a layout's keys are unique, so these then hold no repeated key)
        bool same = last_layout_ && n == last_keys_.size();
        for (size_t i = 0; same && i < n; i++) same = keys[i] == last_keys_[i];
        std::vector<Value> items;
        if (same) {
            items.assign(std::make_move_iterator(values_.begin() + static_cast<std::ptrdiff_t>(o.start)),
                         std::make_move_iterator(values_.end()));
        } else { // a repeated key keeps its first place and its last value
            std::vector<std::string> unique;
            std::unordered_map<std::string_view, size_t> at; // used for large objects only
            bool large = n > 16;
            for (size_t i = 0; i < n; i++) {
                size_t found = unique.size();
                if (large) {
                    auto it = at.find(keys[i]);
                    if (it != at.end()) found = it->second;
                } else {
                    found = static_cast<size_t>(std::find(unique.begin(), unique.end(), keys[i]) - unique.begin());
                }
                Value& v = values_[o.start + i];
                if (found < unique.size()) {
                    items[found] = std::move(v);
                    continue;
                }
                unique.push_back(keys[i]);
                items.push_back(std::move(v));
                if (large) at.emplace(keys[i], found);
            }
            if (!last_layout_ || unique != last_keys_) {
                last_layout_ = value::Layout::of_keys(std::vector<std::optional<std::string>>(unique.begin(), unique.end()));
                last_keys_ = std::move(unique);
            }
        }
        values_.resize(o.start);
        int64_t count = static_cast<int64_t>(items.size());
        // a new array is unique, so the layout goes on it in place
        return push(Value::array(ArrayData::relayout(ArrayData::boxed({count}, std::move(items)), last_layout_)));
    }
    bool start_array(std::size_t) override {
        open(false);
        return true;
    }
    bool end_array() override {
        Open o = open_.back();
        open_.pop_back();
        std::vector<Value> items(std::make_move_iterator(values_.begin() + static_cast<std::ptrdiff_t>(o.start)),
                                 std::make_move_iterator(values_.end()));
        values_.resize(o.start);
        int64_t n = static_cast<int64_t>(items.size());
        promote_exactly(items);
        return push(n == 0 ? Value::array(ArrayData::compact(Kind::F64, {0}))
                           : value::make_array({n}, std::move(items)));
    }
    // An array of integers and (non-NaN) floats is a float array when float64 holds each integer
    // exactly (the import rule •csv's columns share); otherwise it stays mixed.
    static void promote_exactly(std::vector<Value>& items) {
        bool floats = false, ints = false;
        for (const Value& v : items) {
            if (!v.is_number() || v.is_complex() || v.kind() == Kind::Bool) return;
            if (number::is_integer(v.kind())) {
                int64_t i = v.as_i64();
                double x = static_cast<double>(i);
                if (!(x < 9223372036854775808.0 && static_cast<int64_t>(x) == i)) return;
                ints = true;
            } else if (!std::isnan(v.as_f64())) { // a null or NaN among integers keeps them exact
                floats = true;
            }
        }
        if (!(floats && ints)) return;
        for (Value& v : items)
            if (number::is_integer(v.kind())) v = Value::real(static_cast<double>(v.as_i64()));
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
        error_at_ = position;
        error_ = e.what();
        return false;
    }

    Value result;
    size_t error_at_ = 0;
    std::string error_;

  private:
    // Whether the front pass replaced the next number (which it wrote as 0).
    bool replaced() {
        size_t i = next_++;
        return i < replaced_.size() && replaced_[i].has_value();
    }
    bool push(Value v) {
        if (open_.empty()) result = std::move(v);
        else values_.push_back(std::move(v));
        return true;
    }
    void open(bool object) {
        if (open_.size() >= MAX_DEPTH) throw Error(ErrorKind::Limit, "•json: the text nests too deeply");
        open_.push_back({values_.size(), nkeys_, object});
    }
    // An array or object being read: where its items (and an object's keys, one per item) start.
    struct Open {
        size_t start;
        size_t keys;
        bool object;
    };
    Value fill_;
    std::vector<Open> open_;
    std::vector<Value> values_;      // the items of every open array and object, innermost last
    std::vector<std::string> keys_;  // the keys of every open object (the first nkeys_ are in use)
    size_t nkeys_ = 0;
    base::Ref<const value::Layout> last_layout_;
    std::vector<std::string> last_keys_;
    const std::vector<std::optional<double>>& replaced_;
    size_t next_ = 0;
};

// "line L, column C" of byte offset `at` (both from 1; columns count characters).
std::string where(const std::string& text, size_t at) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i + 1 < at && i < text.size(); i++) {
        if (text[i] == '\n') {
            line++;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            column++;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

Value read_json(const std::string& source, Value fill) {
    // Nearly every text is strict JSON, which needs no front pass: the reader first takes the
    // text as it is (the front pass leaves strict JSON unchanged). Only when that reading fails
    // (a JSON5 form, a number beyond the float range, or malformed text) is the text rewritten
    // and read again, and malformed text reported from that second reading.
    {
        static const std::vector<std::optional<double>> none;
        Builder strict(none, fill);
        if (nlohmann::json::sax_parse(source, &strict, nlohmann::json::input_format_t::json, true, true))
            return std::move(strict.result);
    }
    Lenient front = lenient(source);
    const std::string& text = front.text;
    Builder b(front.numbers, std::move(fill));
    bool ok = nlohmann::json::sax_parse(text, &b, nlohmann::json::input_format_t::json, true, true);
    if (!ok) {
        std::string why = b.error_;
        size_t colon = why.rfind(": ");
        if (colon != std::string::npos) why = why.substr(colon + 2);
        throw Error(ErrorKind::Domain, "•json: malformed JSON at " + where(text, b.error_at_) + ": " + why);
    }
    return b.result;
}

// The `fill` option of •json⁻: items equal to it are written as null (NaN always is).
struct Fill {
    bool given = false;
    double value = 0;
};

void write_number(std::string& out, const Value& x, const Fill& fill) {
    if (x.is_exact()) {
        const number::Exact& e = x.exact();
        if (!e.is_integer()) throw Error(ErrorKind::Domain, "•json⁻: JSON has no fractional rationals");
        out += e.numerator_text();
        return;
    }
    if (x.is_complex()) throw Error(ErrorKind::Domain, "•json⁻: JSON has no complex numbers");
    Kind k = x.kind();
    if (k == Kind::Bool) {
        out += x.as_i64() ? "true" : "false";
        return;
    }
    if (number::is_integer(k)) {
        if (fill.given && static_cast<double>(x.as_i64()) == fill.value) out += "null";
        else out += std::to_string(x.as_i64());
        return;
    }
    double d = x.as_f64();
    if (std::isnan(d) || (fill.given && d == fill.value)) {
        out += "null";
        return;
    }
    if (std::isinf(d)) throw Error(ErrorKind::Domain, "•json⁻: JSON has no infinity (the fill option writes it as null)");
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    out.append(buf, r.ptr);
}

void write_value(std::string& out, const Value& v, size_t depth, const Fill& fill);

// The items of an array from axis `axis` on, as nested JSON arrays of its rows.
void write_axes(std::string& out, const std::vector<Value>& items, const value::Shape& shape, size_t axis,
                size_t& next, size_t depth, const Fill& fill) {
    if (axis == shape.size()) {
        write_value(out, items[next++], depth + 1, fill);
        return;
    }
    out += '[';
    for (int64_t i = 0; i < shape[axis]; i++) {
        if (i) out += ',';
        write_axes(out, items, shape, axis + 1, next, depth + 1, fill);
    }
    out += ']';
}

void write_value(std::string& out, const Value& v, size_t depth, const Fill& fill) {
    if (depth > MAX_DEPTH) throw Error(ErrorKind::Limit, "•json⁻: the value nests too deeply");
    if (v.is_function()) throw Error(ErrorKind::Domain, "•json⁻: JSON has no functions");
    Value r = v.read();
    if (r.is_char()) {
        base::append_json_string(out, base::encode_utf8(std::u32string(1, r.as_char())));
        return;
    }
    if (r.is_atom()) {
        write_number(out, r, fill);
        return;
    }
    const ArrayData& a = r.array_data();
    if (r.rank() == 1 && !a.is_boxed() && a.kind() == Kind::Char) {
        base::append_json_string(out, base::encode_utf8(chars_of(r, "•json⁻'s text")));
        return;
    }
    if (r.rank() == 0) { // an enclosure is its item
        write_value(out, a.item(0), depth + 1, fill);
        return;
    }
    std::vector<Value> items = lang::items_of(r);
    if (r.rank() == 1 && a.layout() && a.layout()->is_keyed(0)) { // a record: an object
        std::vector<std::optional<std::string>> keys = value::keys_of(r);
        out += '{';
        bool first = true;
        for (size_t i = 0; i < items.size(); i++) {
            if (!keys[i]) throw Error(ErrorKind::Domain, "•json⁻: a keyed axis has an entry without a key");
            if (items[i].is_function()) continue; // functions are dropped
            if (!first) out += ',';
            first = false;
            base::append_json_string(out, *keys[i]);
            out += ':';
            write_value(out, items[i], depth + 1, fill);
        }
        out += '}';
        return;
    }
    size_t next = 0;
    write_axes(out, items, a.shape(), 0, next, depth, fill);
}

} // namespace

namespace {

// A text's value, or (§19.1) an array of texts' values in its shape.
Value read_texts(const Value& omega, const Value& fill) {
    if (is_text(omega)) return read_json(text_of(omega, "•json's text"), fill);
    return map_text(omega, "•json's text", [&](const std::u32string& s) { return read_json(utf8(s), fill); });
}

} // namespace

Value json_monad(const Value& omega) {
    return read_texts(omega, Value::real(std::numeric_limits<double>::quiet_NaN()));
}

Value json_dyad(const Value& alpha, const Value& omega) {
    Value fill = Value::real(std::numeric_limits<double>::quiet_NaN());
    for (const auto& [name, v] : options_of(alpha, "•json", {"fill"}, ""))
        if (name == "fill") fill = v.read();
    return read_texts(omega, fill);
}

Value json_write(const Value& omega) {
    std::string out;
    write_value(out, omega, 0, Fill());
    return text(out);
}

Value json_write_dyad(const Value& alpha, const Value& omega) {
    Fill fill;
    for (const auto& [name, v] : options_of(alpha, "•json⁻", {"fill"}, "")) {
        Value f = v.read();
        if (!f.is_atom() || !f.is_number() || f.is_complex())
            throw Error(ErrorKind::Domain, "•json⁻'s fill is a real number");
        fill = {true, f.as_f64()};
    }
    std::string out;
    write_value(out, omega, 0, fill);
    return text(out);
}

} // namespace bpl::session
