// •r (operators-and-system.md §19.2): a pattern compiled once by PCRE2 (the 32-bit library, so
// subjects are BPL's code points as they are and positions count characters), with Rust regex
// syntax and match semantics: the constructs Rust lacks are DOMAIN, `$` matches only at the end,
// an empty match right after a match is skipped, replacement templates expand `$1 ${name} $$`.
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/function.h"
#include "value/array.h"

#define PCRE2_CODE_UNIT_WIDTH 32
#include <pcre2.h>

#include <string>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

namespace {

// The largest result (characters of a replacement, or matches) a call may build.
constexpr size_t MAX_RESULT = size_t{1} << 31;

// The first construct of the pattern that PCRE2 accepts but Rust's regex syntax does not (Rust
// promises linear-time matching): look-around, backreferences, atomic groups, possessive
// quantifiers, recursion, conditionals, callouts, verbs, \K and \Q…\E. Null when there is none.
const char* non_rust_construct(const std::u32string& p) {
    size_t n = p.size();
    auto at = [&](size_t i) -> char32_t { return i < n ? p[i] : 0; };
    int class_depth = 0;
    for (size_t i = 0; i < n; i++) {
        char32_t c = p[i];
        if (c == U'\\') {
            char32_t e = at(i + 1);
            if (e >= U'1' && e <= U'9') return "backreferences";
            if (e == U'k' || e == U'g') return "backreferences";
            if (e == U'K') return "\\K";
            if (e == U'Q') return "\\Q quoting";
            i++;
            continue;
        }
        if (class_depth > 0) {
            if (c == U'[' && at(i + 1) == U':') { // a POSIX class [:name:]
                while (i + 1 < n && !(p[i] == U':' && p[i + 1] == U']' && i > 0)) i++;
                i++;
            } else if (c == U'[') {
                class_depth++;
            } else if (c == U']') {
                class_depth--;
            }
            continue;
        }
        if (c == U'[') { // a ']' first in a class (after an optional '^') is literal
            size_t j = i + 1;
            if (at(j) == U'^') j++;
            if (at(j) == U']') j++;
            class_depth = 1;
            i = j - 1;
            continue;
        }
        if (c == U'(' && at(i + 1) == U'*') return "verbs";
        if (c == U'(' && at(i + 1) == U'?') {
            char32_t d = at(i + 2), e = at(i + 3);
            if (d == U'=' || d == U'!' || (d == U'<' && (e == U'=' || e == U'!'))) return "look-around";
            if (d == U'>') return "atomic groups";
            if (d == U'(') return "conditionals";
            if (d == U'C') return "callouts";
            if (d == U'R' || d == U'&' || d == U'+' || d == U'|' || (d >= U'0' && d <= U'9') ||
                (d == U'-' && e >= U'0' && e <= U'9') || (d == U'P' && (e == U'=' || e == U'>')))
                return "recursion";
        }
        if ((c == U'*' || c == U'+' || c == U'?' || c == U'}') && at(i + 1) == U'+')
            return "possessive quantifiers";
    }
    return nullptr;
}

// One compiled pattern, shared by the functions of one •r record.
class Pattern final : public base::RefCounted {
  public:
    explicit Pattern(std::u32string source) : source_(std::move(source)) {
        if (const char* what = non_rust_construct(source_))
            throw Error(ErrorKind::Domain, std::string("•r: the pattern uses ") + what +
                                               ", which Rust's regex syntax does not have");
        int err = 0;
        PCRE2_SIZE offset = 0;
        uint32_t options = PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY;
        code_ = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source_.data()), source_.size(), options,
                              &err, &offset, nullptr);
        if (!code_) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(err, message, 256);
            std::string m;
            for (PCRE2_UCHAR* q = message; *q; q++) base::append_utf8(m, static_cast<char32_t>(*q));
            throw Error(ErrorKind::Domain,
                        "•r: bad pattern at character " + std::to_string(offset) + ": " + m);
        }
        pcre2_jit_compile(code_, PCRE2_JIT_COMPLETE); // optional: without JIT it interprets
        pcre2_pattern_info(code_, PCRE2_INFO_CAPTURECOUNT, &groups_);
        uint32_t names = 0, entry = 0;
        PCRE2_SPTR table = nullptr;
        pcre2_pattern_info(code_, PCRE2_INFO_NAMECOUNT, &names);
        pcre2_pattern_info(code_, PCRE2_INFO_NAMEENTRYSIZE, &entry);
        pcre2_pattern_info(code_, PCRE2_INFO_NAMETABLE, &table);
        for (uint32_t i = 0; i < names; i++) {
            PCRE2_SPTR row = table + static_cast<size_t>(i) * entry;
            std::u32string name;
            for (PCRE2_SPTR q = row + 1; *q; q++) name += static_cast<char32_t>(*q);
            names_.push_back({std::move(name), row[0]});
        }
    }
    ~Pattern() { pcre2_code_free(code_); }

    const std::u32string& source() const { return source_; }
    uint32_t groups() const { return groups_; }

    // The group numbered or named `ref`, or -1 when the pattern has none such.
    int64_t group_of(const std::u32string& ref) const {
        bool digits = !ref.empty();
        uint64_t k = 0;
        for (char32_t c : ref) {
            if (c < U'0' || c > U'9') digits = false;
            else if (k < (uint64_t{1} << 40)) k = k * 10 + (c - U'0');
        }
        if (digits) return k <= groups_ ? static_cast<int64_t>(k) : -1;
        for (const auto& [name, number] : names_)
            if (name == ref) return number;
        return -1;
    }

    // Calls visit(ovector) for each match of s in order, with Rust's iteration: a search
    // resumes at the previous match's end, and an empty match there is skipped.
    template <class Visit>
    void each_match(const std::u32string& s, Visit visit) const {
        pcre2_match_data* md = pcre2_match_data_create_from_pattern(code_, nullptr);
        if (!md) throw std::bad_alloc();
        struct Free {
            pcre2_match_data* md;
            ~Free() { pcre2_match_data_free(md); }
        } free_md{md};
        auto subject = reinterpret_cast<PCRE2_SPTR>(s.data());
        size_t pos = 0, last_end = SIZE_MAX;
        while (pos <= s.size()) {
            int rc = pcre2_match(code_, subject, s.size(), pos, 0, md, nullptr);
            if (rc == PCRE2_ERROR_NOMATCH) break;
            if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
                rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY)
                throw Error(ErrorKind::Limit, "•r: the match needs more backtracking than allowed");
            if (rc < 0) throw Error(ErrorKind::Domain, "•r: the text is not valid Unicode");
            const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
            size_t start = ov[0], end = ov[1];
            if (start == end && start == last_end) {
                pos = start + 1;
                continue;
            }
            visit(ov, static_cast<uint32_t>(rc));
            last_end = end;
            pos = end > start ? end : end + 1;
        }
    }

  private:
    std::u32string source_;
    pcre2_code* code_ = nullptr;
    uint32_t groups_ = 0;
    std::vector<std::pair<std::u32string, uint32_t>> names_;
};

// Group k's text of a match (absent groups are "").
std::u32string group_text(const std::u32string& s, const PCRE2_SIZE* ov, uint32_t set, uint32_t k) {
    if (k >= set || ov[2 * k] == PCRE2_UNSET) return {};
    return s.substr(ov[2 * k], ov[2 * k + 1] - ov[2 * k]);
}

Value strings(std::vector<Value> items) {
    int64_t n = static_cast<int64_t>(items.size());
    return value::make_array({n}, std::move(items), value::char_vector(U""));
}

// The matches table of s: ["text":… "position":… "groups":…] (a record, names.h).
Value matches_of(const Pattern& p, const std::u32string& s) {
    std::vector<Value> texts, groups;
    std::vector<int64_t> positions;
    p.each_match(s, [&](const PCRE2_SIZE* ov, uint32_t set) {
        if (positions.size() >= MAX_RESULT) throw Error(ErrorKind::Limit, "•r: too many matches");
        texts.push_back(value::char_vector(s.substr(ov[0], ov[1] - ov[0])));
        positions.push_back(static_cast<int64_t>(ov[0]));
        std::vector<Value> g;
        for (uint32_t k = 1; k <= p.groups(); k++) g.push_back(value::char_vector(group_text(s, ov, set, k)));
        groups.push_back(strings(std::move(g)));
    });
    int64_t n = static_cast<int64_t>(positions.size());
    base::Ref<ArrayData> pos = ArrayData::compact(Kind::Int, {n});
    std::copy(positions.begin(), positions.end(), pos->items_as<int64_t>());
    // an empty table keeps its types: groups' prototype is a row of the pattern's group count
    std::vector<Value> empty_row(p.groups(), value::char_vector(U""));
    Value row_proto = strings(std::move(empty_row));
    return record({{"text", strings(std::move(texts))},
                   {"position", Value::array(std::move(pos))},
                   {"groups", value::make_array({n}, std::move(groups), row_proto)}});
}

// Appends the expansion of the replacement template for one match (the regex crate's rules:
// `$name` takes the longest run of [0-9A-Za-z_], `${name}` any text up to `}`, `$$` is `$`; a
// `$` that starts no reference stays; an unknown group expands to nothing).
void expand(const Pattern& p, const std::u32string& tmpl, const std::u32string& s,
            const PCRE2_SIZE* ov, uint32_t set, std::u32string& out) {
    auto word = [](char32_t c) {
        return (c >= U'0' && c <= U'9') || (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || c == U'_';
    };
    for (size_t i = 0; i < tmpl.size();) {
        char32_t c = tmpl[i];
        if (c != U'$' || i + 1 >= tmpl.size()) {
            out += c;
            i++;
            continue;
        }
        if (tmpl[i + 1] == U'$') {
            out += U'$';
            i += 2;
            continue;
        }
        std::u32string ref;
        size_t next = i + 1;
        if (tmpl[i + 1] == U'{') {
            size_t close = tmpl.find(U'}', i + 2);
            if (close != std::u32string::npos && close > i + 2) {
                ref = tmpl.substr(i + 2, close - i - 2);
                next = close + 1;
            }
        } else {
            while (next < tmpl.size() && word(tmpl[next])) next++;
            ref = tmpl.substr(i + 1, next - i - 1);
        }
        if (ref.empty()) {
            out += U'$';
            i++;
            continue;
        }
        int64_t k = p.group_of(ref);
        if (k >= 0) out += group_text(s, ov, set, static_cast<uint32_t>(k));
        i = next;
    }
}

std::u32string replace_in(const Pattern& p, const std::u32string& tmpl, const std::u32string& s) {
    std::u32string out;
    size_t copied = 0;
    p.each_match(s, [&](const PCRE2_SIZE* ov, uint32_t set) {
        out.append(s, copied, ov[0] - copied);
        expand(p, tmpl, s, ov, set, out);
        copied = ov[1];
        if (out.size() > MAX_RESULT) throw Error(ErrorKind::Limit, "•r: the replacement is too long");
    });
    out.append(s, copied, std::u32string::npos);
    if (out.size() > MAX_RESULT) throw Error(ErrorKind::Limit, "•r: the replacement is too long");
    return out;
}

// The pattern's source as a BPL string literal (for spellings).
std::string quoted(const std::u32string& s) {
    std::u32string q = U"\"";
    for (char32_t c : s) {
        if (c == U'"') q += U'"';
        q += c;
    }
    q += U'"';
    return utf8(q);
}

// One of a pattern's two functions: `matches text` (monadic) or `template replace text`.
class RegexFn final : public lang::Fn {
  public:
    RegexFn(base::Ref<Pattern> p, bool replace) : p_(std::move(p)), replace_(replace) {}
    std::string source() const override {
        return "(•r " + quoted(p_->source()) + ")." + (replace_ ? "replace" : "matches");
    }
    bool same(const value::Function& o) const override {
        auto* r = dynamic_cast<const RegexFn*>(&o);
        return r && r->p_.get() == p_.get() && r->replace_ == replace_;
    }
    Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
        if (replace_ && !alpha) throw Error(ErrorKind::Syntax, source() + " needs a template on the left");
        if (!replace_ && alpha) throw Error(ErrorKind::Syntax, source() + " takes one argument");
        if (!replace_)
            return map_text(omega, "•r's text", [&](const std::u32string& s) { return matches_of(*p_, s); });
        std::u32string tmpl = chars_of(*alpha, "•r's replacement template");
        return map_text(omega, "•r's text", [&](const std::u32string& s) {
            return value::char_vector(replace_in(*p_, tmpl, s));
        });
    }

  private:
    base::Ref<Pattern> p_;
    bool replace_;
};

} // namespace

Value regex(const Value& omega) {
    base::Ref<Pattern> p(new Pattern(chars_of(omega, "•r's pattern")));
    return record({{"matches", function_value(new RegexFn(p, false))},
                   {"replace", function_value(new RegexFn(p, true))}});
}

} // namespace bpl::session
