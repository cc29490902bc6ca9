// JSON parsing and JavaScript-compatible writing for artifacts and snapshots; no artifact rules here.
#include "circuit/json.h"

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

class Parser {
  public:
    explicit Parser(std::string_view t) : t_(t) {}

    Json document() {
        Json v = value(0);
        skip_space();
        if (i_ != t_.size()) fail("unexpected text after the JSON value");
        return v;
    }

  private:
    std::string_view t_;
    size_t i_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw JsonError("invalid JSON at byte " + std::to_string(i_) + ": " + what);
    }
    void skip_space() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
            ++i_;
    }
    bool take(char c) {
        skip_space();
        if (i_ < t_.size() && t_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!take(c)) fail(std::string("expected '") + c + "'");
    }
    bool word(std::string_view w) {
        if (t_.substr(i_, w.size()) == w) {
            i_ += w.size();
            return true;
        }
        return false;
    }

    Json value(int depth) {
        if (depth > 512) fail("nesting too deep");
        skip_space();
        if (i_ >= t_.size()) fail("unexpected end of text");
        char c = t_[i_];
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return Json::string(string());
        if (word("true")) return Json::boolean(true);
        if (word("false")) return Json::boolean(false);
        if (word("null")) return Json::null();
        if (c == '-' || (c >= '0' && c <= '9')) return Json::number(number());
        fail("unexpected character");
    }

    Json object(int depth) {
        ++i_;
        Json o = Json::object();
        if (take('}')) return o;
        do {
            skip_space();
            if (i_ >= t_.size() || t_[i_] != '"') fail("expected a string key");
            std::string key = string();
            if (o.find(key)) fail("duplicate key \"" + key + "\"");
            expect(':');
            o.set(std::move(key), value(depth + 1));
        } while (take(','));
        expect('}');
        return o;
    }

    Json array(int depth) {
        ++i_;
        Json a = Json::array();
        if (take(']')) return a;
        do {
            a.push(value(depth + 1));
        } while (take(','));
        expect(']');
        return a;
    }

    double number() {
        size_t start = i_;
        if (t_[i_] == '-') ++i_;
        auto digits = [&] {
            size_t s = i_;
            while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
            return i_ - s;
        };
        if (i_ < t_.size() && t_[i_] == '0') {
            ++i_;
        } else if (digits() == 0) {
            fail("bad number");
        }
        if (i_ < t_.size() && t_[i_] == '.') {
            ++i_;
            if (digits() == 0) fail("bad number");
        }
        if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
            ++i_;
            if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
            if (digits() == 0) fail("bad number");
        }
        double d = 0.0;
        auto r = std::from_chars(t_.data() + start, t_.data() + i_, d);
        if (r.ec == std::errc::result_out_of_range) {
            // Underflow gives a tiny value (fine); overflow is a non-finite number.
            std::string s(t_.substr(start, i_ - start));
            d = std::strtod(s.c_str(), nullptr);
        }
        if (!std::isfinite(d)) fail("number out of range");
        return d;
    }

    unsigned hex4() {
        if (i_ + 4 > t_.size()) fail("bad \\u escape");
        unsigned v = 0;
        for (int k = 0; k < 4; ++k) {
            char c = t_[i_++];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= unsigned(c - '0');
            else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
            else fail("bad \\u escape");
        }
        return v;
    }

    static void put_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        ++i_; // opening quote
        std::string out;
        while (true) {
            if (i_ >= t_.size()) fail("unterminated string");
            char c = t_[i_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= t_.size()) fail("unterminated string");
            char e = t_[i_++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && i_ + 1 < t_.size() && t_[i_] == '\\' &&
                    t_[i_ + 1] == 'u') {
                    size_t save = i_;
                    i_ += 2;
                    uint32_t lo = hex4();
                    if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    else i_ = save;
                }
                put_utf8(out, cp);
                break;
            }
            default: fail("bad escape");
            }
        }
    }
};

void write_string(std::string& out, const std::string& s) {
    out += '"';
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (u < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", u);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void write_value(std::string& out, const Json& v, int indent, int level) {
    auto newline = [&](int lvl) {
        out += '\n';
        out.append(size_t(indent * lvl), ' ');
    };
    switch (v.type()) {
    case Json::Type::Null: out += "null"; break;
    case Json::Type::Bool: out += v.as_bool() ? "true" : "false"; break;
    case Json::Type::Number: out += format_number(v.as_number()); break;
    case Json::Type::String: write_string(out, v.as_string()); break;
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
            write_string(out, v.members()[k].first);
            out += indent > 0 ? ": " : ":";
            write_value(out, v.members()[k].second, indent, level + 1);
        }
        if (indent > 0) newline(level);
        out += '}';
        break;
    }
}

} // namespace

Json parse_json(std::string_view text) { return Parser(text).document(); }

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
