// JSON parsing (on nlohmann-json's SAX reader, the project's one JSON reader) and JavaScript-
// compatible writing for artifacts and snapshots; no artifact rules here.
#include "circuit/json.h"

#include "base/utf8.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace bpl::circuit {

Json Json::boolean(bool b) {
    Json j;
    j.type_ = Type::Bool;
    j.bool_ = b;
    return j;
}
Json Json::number(double d) {
    Json j;
    j.type_ = Type::Number;
    j.number_ = d;
    return j;
}
Json Json::string(std::string s) {
    Json j;
    j.type_ = Type::String;
    j.string_ = std::move(s);
    return j;
}
Json Json::array() {
    Json j;
    j.type_ = Type::Array;
    return j;
}
Json Json::object() {
    Json j;
    j.type_ = Type::Object;
    return j;
}
const Json* Json::find(std::string_view key) const {
    for (const auto& [k, v] : members_)
        if (k == key) return &v;
    return nullptr;
}
Json& Json::push(Json v) {
    items_.push_back(std::move(v));
    return items_.back();
}
Json& Json::set(std::string key, Json v) {
    members_.emplace_back(std::move(key), std::move(v));
    return members_.back().second;
}

namespace {

// Builds a Json from nlohmann-json's SAX events (the project's one JSON reader; the writer below
// stays ours for JavaScript's number formatting). Strict RFC 8259: the reader rejects NaN,
// Infinity, trailing commas, leading zeros, trailing text and numbers that overflow; this
// builder adds the duplicate-key check and the nesting limit.
class Builder final : public nlohmann::json_sax<nlohmann::json> {
  public:
    bool null() override { return put(Json::null()); }
    bool boolean(bool b) override { return put(Json::boolean(b)); }
    bool number_integer(number_integer_t i) override { return put(Json::number(static_cast<double>(i))); }
    bool number_unsigned(number_unsigned_t u) override { return put(Json::number(static_cast<double>(u))); }
    bool number_float(number_float_t d, const string_t&) override {
        if (!std::isfinite(d)) return fail("number out of range");
        return put(Json::number(d));
    }
    bool string(string_t& s) override { return put(Json::string(std::move(s))); }
    bool binary(binary_t&) override { return fail("unexpected binary value"); }
    bool start_object(std::size_t) override { return open(Json::object()); }
    bool key(string_t& k) override {
        if (open_.back().find(k)) return fail("duplicate key \"" + k + "\"");
        key_ = std::move(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
        std::string why = e.what();
        size_t colon = why.rfind(": ");
        if (colon != std::string::npos) why = why.substr(colon + 2);
        throw JsonError("invalid JSON at byte " + std::to_string(position) + ": " + why);
    }

    Json result;

  private:
    bool fail(const std::string& what) { throw JsonError("invalid JSON: " + what); }
    bool open(Json container) {
        if (open_.size() >= 512) return fail("nesting too deep");
        keys_.push_back(std::move(key_));
        open_.push_back(std::move(container));
        return true;
    }
    bool close() {
        Json done = std::move(open_.back());
        open_.pop_back();
        key_ = std::move(keys_.back());
        keys_.pop_back();
        return put(std::move(done));
    }
    bool put(Json v) {
        if (open_.empty()) result = std::move(v);
        else if (open_.back().is_array()) open_.back().push(std::move(v));
        else open_.back().set(std::move(key_), std::move(v));
        return true;
    }
    std::vector<Json> open_;
    std::vector<std::string> keys_; // the key each open container is stored under in its parent
    std::string key_;
};

void write_value(std::string& out, const Json& v, int indent, int level) {
    auto newline = [&](int lvl) {
        out += '\n';
        out.append(size_t(indent * lvl), ' ');
    };
    switch (v.type()) {
    case Json::Type::Null: out += "null"; break;
    case Json::Type::Bool: out += v.as_bool() ? "true" : "false"; break;
    case Json::Type::Number: out += format_number(v.as_number()); break;
    case Json::Type::String: base::append_json_string(out, v.as_string()); break;
    case Json::Type::Array:
        if (v.items().empty()) {
            out += "[]";
            break;
        }
        out += '[';
        for (size_t k = 0; k < v.items().size(); ++k) {
            if (k) out += ',';
            if (indent > 0) newline(level + 1);
            write_value(out, v.items()[k], indent, level + 1);
        }
        if (indent > 0) newline(level);
        out += ']';
        break;
    case Json::Type::Object:
        if (v.members().empty()) {
            out += "{}";
            break;
        }
        out += '{';
        for (size_t k = 0; k < v.members().size(); ++k) {
            if (k) out += ',';
            if (indent > 0) newline(level + 1);
            base::append_json_string(out, v.members()[k].first);
            out += indent > 0 ? ": " : ":";
            write_value(out, v.members()[k].second, indent, level + 1);
        }
        if (indent > 0) newline(level);
        out += '}';
        break;
    }
}

} // namespace

Json parse_json(std::string_view text) {
    Builder b;
    nlohmann::json::sax_parse(text, &b, nlohmann::json::input_format_t::json, true, false);
    return std::move(b.result);
}

std::string format_number(double d) {
    if (d == 0.0) return "0";
    std::string out;
    if (d < 0) {
        out += '-';
        d = -d;
    }
    // Shortest round-trip digits, then JavaScript's placement rules (ECMA-262 Number::toString).
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string sci(buf, r.ptr);
    size_t e_pos = sci.find('e');
    std::string digits;
    for (size_t k = 0; k < e_pos; ++k)
        if (sci[k] != '.') digits += sci[k];
    int exp10 = std::stoi(sci.substr(e_pos + 1));
    int k = static_cast<int>(digits.size());
    int n = exp10 + 1;
    if (k <= n && n <= 21) {
        out += digits;
        out.append(size_t(n - k), '0');
    } else if (0 < n && n <= 21) {
        out += digits.substr(0, size_t(n));
        out += '.';
        out += digits.substr(size_t(n));
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(size_t(-n), '0');
        out += digits;
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out += digits.substr(1);
        }
        out += 'e';
        out += n - 1 >= 0 ? '+' : '-';
        out += std::to_string(std::abs(n - 1));
    }
    return out;
}

std::string write_json(const Json& value, int indent) {
    std::string out;
    write_value(out, value, indent > 10 ? 10 : indent, 0);
    return out;
}

} // namespace bpl::circuit
