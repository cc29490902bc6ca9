// The case runner: record parsing (a faithful port of ../shared/conformance/cases.py, working on
// code points), the D19 comparison, the forked per-case isolation and the `--cases` command.
#include "cli/cases.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/display.h"
#include "lang/run.h"
#include "number/exact.h"
#include "value/array.h"
#include "value/function.h"
#include "value/layout.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace bpl::cli {

using value::Kind;
using value::Value;

namespace {

using U32 = std::u32string;

const U32 COMMENT = U"⍝";
const U32 ARROW = U"⍝ =>";
const U32 OUTPUT = U"⍝ ⎕:";
const U32 INPUT = U"⍝ input:";
const U32 ERROR = U"⍝ error: ";
const U32 SECTION = U"⍝⍝ ";

std::string enc(const U32& s) { return base::encode_utf8(s); }
U32 dec(std::string_view s) { return base::decode_utf8(s); }

bool starts_with(const U32& s, const U32& p) { return s.compare(0, p.size(), p) == 0; }
bool ends_with(const U32& s, const U32& p) {
    return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

// Python's str.isspace for the characters that can occur here.
bool is_space(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\v' || c == U'\f' ||
           c == 0x1C || c == 0x1D || c == 0x1E || c == 0x1F || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

U32 strip(const U32& s) {
    size_t b = 0, e = s.size();
    while (b < e && is_space(s[b])) b++;
    while (e > b && is_space(s[e - 1])) e--;
    return s.substr(b, e - b);
}
U32 rstrip(const U32& s) {
    size_t e = s.size();
    while (e > 0 && is_space(s[e - 1])) e--;
    return s.substr(0, e);
}
bool blank(const U32& s) { return strip(s).empty(); }

U32 join(const std::vector<U32>& lines, size_t from, size_t to) {
    U32 out;
    for (size_t i = from; i < to; i++) {
        if (i > from) out += U'\n';
        out += lines[i];
    }
    return out;
}

std::optional<std::pair<U32, U32>> header32(const U32& line) {
    if (!starts_with(line, U"⍝ ")) return std::nullopt;
    U32 rest = line.substr(2);
    U32 ident, comment;
    if (starts_with(rest, U"—")) {
        comment = rest.substr(1);
    } else {
        size_t pos = rest.find(U" —");
        if (pos == U32::npos) return std::nullopt;
        ident = rest.substr(0, pos);
        comment = rest.substr(pos + 2);
    }
    for (char32_t c : ident)
        if (is_space(c)) return std::nullopt;
    if (!comment.empty() && comment[0] != U' ') return std::nullopt;
    return std::make_pair(ident, comment.empty() ? U32() : comment.substr(1));
}

// (index of the first ⍝ outside quotes or npos, quote state at the end of the line).
std::pair<size_t, char32_t> scan(const U32& line, char32_t quote = 0) {
    size_t i = 0, n = line.size();
    while (i < n) {
        char32_t c = line[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == U'\'' && i + 2 < n && line[i + 2] == U'\'') {
            i += 3;
            continue;
        } else if (c == U'\'' || c == U'"') {
            quote = c;
        } else if (c == COMMENT[0]) {
            return {i, 0};
        }
        i++;
    }
    return {U32::npos, quote};
}

bool tolerance_options(const U32& options) {
    // ^(?:rtol|atol)=\S+(?: (?:rtol|atol)=\S+)*$
    if (options.empty()) return false;
    size_t i = 0;
    while (true) {
        if (options.compare(i, 5, U"rtol=") != 0 && options.compare(i, 5, U"atol=") != 0)
            return false;
        i += 5;
        size_t start = i;
        while (i < options.size() && !is_space(options[i])) i++;
        if (i == start) return false;
        if (i == options.size()) return true;
        if (options[i] != U' ') return false;
        i++;
    }
}

bool parse_double(const U32& text, double* out) {
    std::string s = enc(text);
    char* end = nullptr;
    *out = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size();
}

void split_tolerance32(const U32& comment, U32* desc_out, std::optional<double>* rtol,
                       std::optional<double>* atol) {
    U32 desc = comment;
    std::optional<U32> options;
    if (starts_with(comment, U"[") && ends_with(comment, U"]") && comment.size() >= 2) {
        desc = U"";
        options = comment.substr(1, comment.size() - 2);
    } else {
        size_t pos = comment.rfind(U" [");
        if (pos != U32::npos && ends_with(comment, U"]") && pos + 2 <= comment.size() - 1) {
            desc = comment.substr(0, pos);
            options = comment.substr(pos + 2, comment.size() - 1 - (pos + 2));
        }
    }
    bool ok = options && tolerance_options(*options);
    std::vector<std::pair<U32, double>> parsed;
    if (ok) {
        U32 opts = *options;
        size_t i = 0;
        while (i <= opts.size()) {
            size_t sp = opts.find(U' ', i);
            if (sp == U32::npos) sp = opts.size();
            U32 option = opts.substr(i, sp - i);
            if (!option.empty()) {
                double v;
                if (!parse_double(option.substr(5), &v)) {
                    ok = false;
                    break;
                }
                parsed.emplace_back(option.substr(0, 4), v);
            }
            i = sp + 1;
        }
    }
    if (ok) {
        for (auto& [key, v] : parsed) {
            if (key == U"rtol") *rtol = v;
            else *atol = v;
        }
    } else {
        desc = comment;
    }
    *desc_out = strip(desc);
}

struct Body {
    U32 code, expect, form;
};

// Raises a problem by throwing its reason.
struct BadRecord {
    std::string reason;
};

Body body_to_case(const std::vector<U32>& body) {
    std::vector<size_t> arrows;
    for (size_t i = 0; i < body.size(); i++)
        if (body[i] == ARROW) arrows.push_back(i);
    if (arrows.size() > 1) throw BadRecord{"more than one ⍝ => line"};
    if (!arrows.empty()) {
        size_t i = arrows[0];
        Body b{join(body, 0, i), join(body, i + 1, body.size()), U"arrow"};
        if (blank(b.code)) throw BadRecord{"no code before ⍝ =>"};
        return b;
    }
    if (body.empty()) throw BadRecord{"empty record"};
    if (body.size() == 1) {
        size_t i = scan(body[0]).first;
        if (i == U32::npos) throw BadRecord{"one-line record without ⍝ before its expectation"};
        return {rstrip(body[0].substr(0, i)), strip(body[0].substr(i + 1)), U"inline"};
    }
    const U32& last = body.back();
    U32 multi = body.size() == 2 ? U"two-line" : U"multi-line";
    if (starts_with(last, ERROR)) return {join(body, 0, body.size() - 1), last, multi};
    char32_t state = 0;
    for (size_t k = 0; k + 1 < body.size(); k++) state = scan(body[k], state).second;
    size_t idx = scan(last, state).first;
    if (idx != U32::npos && (state != 0 || !blank(last.substr(0, idx)))) {
        U32 code = join(body, 0, body.size() - 1);
        code += U'\n';
        code += rstrip(last.substr(0, idx));
        return {code, strip(last.substr(idx + 1)), U"multi-inline"};
    }
    if (idx == U32::npos && state == 0) return {join(body, 0, body.size() - 1), last, multi};
    throw BadRecord{"cannot find the expectation"};
}

bool unescape32(const U32& text, std::string* out) {
    U32 r;
    for (size_t i = 0; i < text.size(); i++) {
        if (text[i] == U'\\') {
            if (i + 1 < text.size() && text[i + 1] == U'n') r += U'\n';
            else if (i + 1 < text.size() && text[i + 1] == U'\\') r += U'\\';
            else return false;
            i++;
        } else {
            r += text[i];
        }
    }
    *out = enc(r);
    return true;
}

} // namespace

std::optional<std::pair<std::string, std::string>> parse_header(std::string_view line) {
    auto h = header32(dec(line));
    if (!h) return std::nullopt;
    return std::make_pair(enc(h->first), enc(h->second));
}

void split_tolerance(std::string_view comment, std::string* description, std::optional<double>* rtol,
                     std::optional<double>* atol) {
    U32 desc;
    split_tolerance32(dec(comment), &desc, rtol, atol);
    *description = enc(desc);
}

size_t comment_start(std::string_view line) {
    U32 l = dec(line);
    size_t i = scan(l).first;
    if (i == U32::npos) return std::string_view::npos;
    return enc(l.substr(0, i)).size();
}

bool unescape_output(std::string_view text, std::string* out) { return unescape32(dec(text), out); }

ParsedFile parse_cases(std::string_view text) {
    ParsedFile result;
    std::vector<U32> lines;
    {
        U32 all = dec(text);
        size_t start = 0;
        while (true) {
            size_t nl = all.find(U'\n', start);
            if (nl == U32::npos) {
                lines.push_back(all.substr(start));
                break;
            }
            lines.push_back(all.substr(start, nl - start));
            start = nl + 1;
        }
        if (!lines.empty() && lines.back().empty()) lines.pop_back();
    }
    std::vector<size_t> starts;
    for (size_t i = 0; i < lines.size(); i++)
        if (header32(lines[i]) || starts_with(lines[i], SECTION)) starts.push_back(i);
    bool any_header = false;
    for (const U32& l : lines)
        if (header32(l)) any_header = true;
    if (!any_header) return result; // a library or support file
    if (starts[0] != 0) {
        size_t pre = 0;
        for (size_t i = 0; i < starts[0]; i++)
            if (!blank(lines[i])) pre++;
        if (pre)
            result.problems.push_back(
                {1, "", std::to_string(pre) + " non-blank line(s) before the first header"});
    }
    starts.push_back(lines.size());
    U32 section;
    for (size_t k = 0; k + 1 < starts.size(); k++) {
        size_t start = starts[k], end = starts[k + 1];
        const U32& first = lines[start];
        auto h = header32(first);
        if (starts_with(first, SECTION) && !h) {
            section = strip(first.substr(SECTION.size()));
            size_t extra = 0;
            for (size_t i = start + 1; i < end; i++)
                if (!blank(lines[i])) extra++;
            if (extra)
                result.problems.push_back({static_cast<int>(start + 1), "",
                                           "section '" + enc(section) + "' followed by " +
                                               std::to_string(extra) +
                                               " non-blank line(s) before a header"});
            continue;
        }
        Case c;
        c.id = enc(h->first);
        c.section = enc(section);
        U32 desc;
        split_tolerance32(h->second, &desc, &c.rtol, &c.atol);
        c.description = enc(desc);
        c.line = static_cast<int>(start + 1);
        std::vector<U32> body(lines.begin() + static_cast<long>(start) + 1,
                              lines.begin() + static_cast<long>(end));
        while (!body.empty() && blank(body.back())) body.pop_back();
        try {
            if (!body.empty() && starts_with(body.back(), OUTPUT)) {
                U32 rest = body.back().substr(OUTPUT.size());
                std::string out;
                if (!unescape32(starts_with(rest, U" ") ? rest.substr(1) : rest, &out))
                    throw BadRecord{"output escapes are \\n and \\\\"};
                c.output = out;
                body.pop_back();
            }
            if (!body.empty() && starts_with(body.back(), INPUT)) {
                U32 rest = body.back().substr(INPUT.size());
                std::string in;
                if (!unescape32(starts_with(rest, U" ") ? rest.substr(1) : rest, &in))
                    throw BadRecord{"output escapes are \\n and \\\\"};
                c.input = in;
                body.pop_back();
            }
            for (const U32& s : body)
                if (starts_with(s, OUTPUT)) throw BadRecord{"⍝ ⎕: line is not the last line"};
            for (const U32& s : body)
                if (starts_with(s, INPUT))
                    throw BadRecord{"⍝ input: line is not just before the end or the ⍝ ⎕: line"};
            Body b = body_to_case(body);
            if (blank(b.expect)) throw BadRecord{"missing expectation"};
            c.code = enc(b.code);
            c.form = enc(b.form);
            if (starts_with(b.expect, ERROR)) c.expect_error = enc(strip(b.expect.substr(ERROR.size())));
            else c.expect = enc(b.expect);
        } catch (const BadRecord& bad) {
            result.problems.push_back({c.line, c.id, bad.reason});
            continue;
        }
        result.cases.push_back(std::move(c));
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// Comparison (D19)

namespace {

std::string shape_text(const value::Shape& s) {
    std::string t = "[";
    for (size_t i = 0; i < s.size(); i++) {
        if (i) t += ' ';
        t += std::to_string(s[i]);
    }
    return t + "]";
}

std::string show(const Value& v) {
    try {
        std::string s = lang::source_form(v); // one line, strings quoted
        if (s.size() > 200) s = s.substr(0, 200) + "…";
        return s;
    } catch (const std::exception& e) {
        return std::string("<display failed: ") + e.what() + ">";
    }
}

bool numbers_match(const Value& a, const Value& e, Tolerance tol) {
    if (number::is_integer(a.kind()) && number::is_integer(e.kind())) return a.as_i64() == e.as_i64();
    double x = a.as_f64(), y = e.as_f64();
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    if (x == y) return true;
    if (std::isinf(x) || std::isinf(y)) return false;
    return std::fabs(x - y) <= std::max(tol.atol, tol.rtol * std::max(std::fabs(x), std::fabs(y)));
}

// A complex actual or expectation: parts compared through the magnitude of the difference; a
// number with an infinite or NaN part matches only the same parts.
bool complex_numbers_match(const Value& a, const Value& e, Tolerance tol) {
    double ar = a.re(), ai = a.im(), er = e.re(), ei = e.im();
    auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    if (same(ar, er) && same(ai, ei)) return true;
    for (double x : {ar, ai, er, ei})
        if (!std::isfinite(x)) return false;
    double d = std::hypot(ar - er, ai - ei);
    return d <= std::max(tol.atol, tol.rtol * std::max(std::hypot(ar, ai), std::hypot(er, ei)));
}

bool match_at(const Value& actual0, const Value& expected0, Tolerance tol, const std::string& where,
              std::string* why) {
    Value a = actual0.read(), e = expected0.read();
    auto fail = [&](const std::string& what) {
        if (why) *why = (where.empty() ? "" : "at " + where + ": ") + what;
        return false;
    };
    if (e.is_none() || a.is_none()) {
        if (e.is_none() && a.is_none()) return true;
        return fail(e.is_none() ? "expected no result, got " + show(a) : "expected " + show(e) + ", got no result");
    }
    if (e.is_function()) {
        if (a.is_function() && a.function_obj().same(e.function_obj())) return true;
        return fail("expected the function " + show(e) + ", got " + show(a));
    }
    if (e.is_char()) {
        if (a.is_char() && a.as_char() == e.as_char()) return true;
        return fail("expected " + show(e) + ", got " + show(a));
    }
    if (e.is_exact()) {
        // an exact expectation fixes the kind (D19) and matches only the same exact number
        if (!a.is_exact()) return fail("expected the exact number " + show(e) + ", got " + show(a));
        if (!number::equal(a.exact(), e.exact())) return fail("expected " + show(e) + ", got " + show(a));
        return true;
    }
    if (e.is_complex() || (e.is_number() && e.weak() && a.is_complex())) {
        // An unmarked complex or real expectation matches a number of any float or complex kind.
        if (!a.is_complex() && !a.is_number()) return fail("expected " + show(e) + ", got " + show(a));
        if (!complex_numbers_match(a, e, tol)) return fail("expected " + show(e) + ", got " + show(a));
        return true;
    }
    if (e.is_number()) {
        if (!a.is_number() && !a.is_exact()) return fail("expected " + show(e) + ", got " + show(a));
        if (e.weak()) {
            if (!number::is_real(a.kind()) && a.kind() != Kind::Exact)
                return fail("expected a real number, got " + show(a));
        } else if (a.kind() != e.kind()) {
            return fail(std::string("expected kind ") + number::name(e.kind()) + " (" + show(e) + "), got " +
                        number::name(a.kind()) + " (" + show(a) + ")");
        }
        if (!numbers_match(a, e, tol)) return fail("expected " + show(e) + ", got " + show(a));
        return true;
    }
    // e is an array
    if (!a.is_stored_array())
        return fail("expected an array of shape " + shape_text(e.shape()) + ", got " + show(a));
    const value::ArrayData& ad = a.array_data();
    const value::ArrayData& ed = e.array_data();
    if (ad.shape() != ed.shape())
        return fail("expected shape " + shape_text(ed.shape()) + ", got " + shape_text(ad.shape()) +
                    " (" + show(a) + ")");
    // keys and axis names match exactly, at every depth (D19); a renderer is not compared
    if (!value::same_layout(value::layout_of(a), value::layout_of(e)))
        return fail("expected " + show(e) + " (its keys and axis names), got " + show(a));
    if (ed.count() == 0) {
        std::string inner;
        if (!match_at(value::fill_of(ad.prototype()), value::fill_of(ed.prototype()), tol, "", &inner))
            return fail("prototype: " + inner);
        return true;
    }
    for (int64_t i = 0; i < ed.count(); i++) {
        std::string w = where.empty() ? "item " + std::to_string(i) : where + "/" + std::to_string(i);
        if (!match_at(ad.item(i), ed.item(i), tol, w, why)) return false;
    }
    return true;
}

} // namespace

bool match_expected(const Value& actual, const Value& expected, Tolerance tol, std::string* why) {
    return match_at(actual, expected, tol, "", why);
}

// ---------------------------------------------------------------------------------------------
// Running one case

namespace {

class CaptureIo : public lang::Io {
  public:
    explicit CaptureIo(std::optional<std::string> input) {
        if (input) {
            std::string s = *input;
            size_t start = 0;
            while (start <= s.size()) {
                size_t nl = s.find('\n', start);
                if (nl == std::string::npos) {
                    if (start < s.size()) lines_.push_back(s.substr(start));
                    break;
                }
                lines_.push_back(s.substr(start, nl - start));
                start = nl + 1;
            }
        }
    }
    void print(const std::string& text) override { events.push_back(text); }
    std::optional<std::string> read_line() override {
        if (next_ >= lines_.size()) return std::nullopt;
        return lines_[next_++];
    }
    std::vector<std::string> events;

  private:
    std::vector<std::string> lines_;
    size_t next_ = 0;
};

// Reads a value and every item inside it, so that a data error found by a read belongs to the
// code that made the value.
void read_deep(const Value& v) {
    Value r = v.read();
    if (r.is_stored_array() && r.array_data().is_boxed())
        for (const Value& item : r.array_data().boxed_items()) read_deep(item);
}

struct RunResult {
    Value value; // the last statement's result (none when there was none)
    std::optional<base::Error> error;
};

RunResult run_source(lang::Context& ctx, const std::string& source) {
    RunResult r;
    try {
        // the last statement's value counts even when it is shy (`r←…` as the last statement)
        lang::run_all(ctx, source, [&](const Value& v, bool) { r.value = v; });
        read_deep(r.value);
    } catch (const base::Error& e) {
        r.error = e;
    }
    return r;
}

std::string error_text(const base::Error& e) {
    std::string msg = e.kind_name();
    if (e.what() && *e.what()) msg += std::string(": ") + e.what();
    return msg;
}

bool same_error_kind(const base::Error& e, const std::string& expected) {
    base::ErrorKind k;
    if (base::kind_of_name(expected, &k)) return k == e.kind();
    return expected == e.kind_name();
}

std::string escape_shown(const std::string& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '\n') out += "\\n";
        else if (ch == '\\') out += "\\\\";
        else out += ch;
    }
    return out;
}

} // namespace

Outcome run_case(const Case& c, const std::string& base_dir, const std::string& testpath) {
    CaptureIo io(c.input);
    lang::Context ctx(io, base_dir);
    if (!testpath.empty()) {
        std::u32string text = base::decode_utf8(testpath);
        auto a = value::ArrayData::compact(Kind::Char, {static_cast<int64_t>(text.size())});
        for (size_t k = 0; k < text.size(); k++) a->items_as<char32_t>()[k] = text[k];
        lang::set_global(ctx, "testpath", Value::array(a));
    }
    RunResult got = run_source(ctx, c.code);
    Outcome out{Status::Pass, ""};
    if (c.expect_error) {
        if (!got.error) {
            out = {Status::Fail, "expected " + *c.expect_error + ", got " +
                                     (got.value.is_none() ? std::string("no result") : show(got.value))};
        } else if (!same_error_kind(*got.error, *c.expect_error)) {
            out = {Status::Fail, "expected " + *c.expect_error + ", got " + error_text(*got.error)};
        }
    } else if (got.error) {
        out = {Status::Fail, error_text(*got.error)};
    } else {
        CaptureIo quiet(std::nullopt);
        lang::Context ectx(quiet, base_dir);
        RunResult want = run_source(ectx, *c.expect);
        if (want.error) {
            out = {Status::Fail, "the expectation fails: " + error_text(*want.error)};
        } else {
            Tolerance tol;
            if (c.rtol) tol.rtol = *c.rtol;
            if (c.atol) tol.atol = *c.atol;
            std::string why;
            if (!match_expected(got.value, want.value, tol, &why)) out = {Status::Fail, why};
        }
    }
    if (out.status == Status::Pass && c.output) {
        std::string printed;
        for (size_t i = 0; i < io.events.size(); i++) printed += (i ? "\n" : "") + io.events[i];
        if (printed != *c.output)
            out = {Status::Fail, "output: expected \"" + escape_shown(*c.output) + "\", got \"" +
                                     escape_shown(printed) + "\""};
    }
    return out;
}

namespace {

// The last non-empty line of a child's standard error (an assertion's or sanitizer's report).
std::string last_line(const std::string& text) {
    size_t end = text.find_last_not_of("\n ");
    if (end == std::string::npos) return "";
    size_t start = text.rfind('\n', end);
    start = start == std::string::npos ? 0 : start + 1;
    std::string line = text.substr(start, end - start + 1);
    if (line.size() > 300) line = line.substr(0, 300) + "…";
    return line;
}

// One forked case: its pipes (the outcome, standard error) and what came through them.
struct Child {
    size_t index = 0;
    pid_t pid = -1;
    int fd[2] = {-1, -1};
    std::string text[2];
    std::chrono::steady_clock::time_point deadline;
    bool killed = false;
    bool done() const { return fd[0] < 0 && fd[1] < 0; }
};

// Forks a child that runs body and writes its outcome; false (with `failed` set) when it
// cannot start.
bool start_child(const std::function<Outcome()>& body, double seconds, Child* child, Outcome* failed) {
    int out[2], err[2];
    if (pipe(out) != 0) {
        *failed = {Status::Fail, "crash: no pipe"};
        return false;
    }
    if (pipe(err) != 0) {
        close(out[0]);
        close(out[1]);
        *failed = {Status::Fail, "crash: no pipe"};
        return false;
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
        *failed = {Status::Fail, "crash: fork failed"};
        return false;
    }
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        dup2(err[1], 2);
        close(err[1]);
        alarm(static_cast<unsigned>(std::ceil(seconds)));
        Outcome o;
        try {
            o = body();
        } catch (const std::exception& e) {
            o = {Status::Fail, std::string("internal error: ") + e.what()};
        } catch (...) {
            o = {Status::Fail, "internal error: unknown exception"};
        }
        std::string msg = (o.status == Status::Pass ? "P" : "F") + o.message;
        const char* p = msg.data();
        size_t left = msg.size();
        while (left > 0) {
            ssize_t n = write(out[1], p, left);
            if (n <= 0) break;
            p += n;
            left -= static_cast<size_t>(n);
        }
        close(out[1]);
        _exit(0);
    }
    close(out[1]);
    close(err[1]);
    child->pid = pid;
    child->fd[0] = out[0];
    child->fd[1] = err[0];
    child->deadline = std::chrono::steady_clock::now() +
                      std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000) + 2000);
    return true;
}

void close_child(Child& c) {
    for (int& fd : c.fd) {
        if (fd >= 0) close(fd);
        fd = -1;
    }
}

// Waits up to the nearest deadline for output from the running children and reads it; kills
// a child past its deadline.
void pump(std::vector<Child>& running) {
    auto now = std::chrono::steady_clock::now();
    std::vector<struct pollfd> pfds;
    std::vector<std::pair<size_t, int>> owner;
    auto nearest = std::chrono::steady_clock::time_point::max();
    for (size_t i = 0; i < running.size(); i++) {
        Child& c = running[i];
        if (c.done()) continue;
        if (now >= c.deadline) {
            kill(c.pid, SIGKILL);
            c.killed = true;
            close_child(c);
            continue;
        }
        nearest = std::min(nearest, c.deadline);
        for (int k = 0; k < 2; k++) {
            if (c.fd[k] < 0) continue;
            pfds.push_back({c.fd[k], POLLIN, 0});
            owner.emplace_back(i, k);
        }
    }
    if (pfds.empty()) return;
    int ms = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(nearest - now).count()) + 1;
    int r = poll(pfds.data(), pfds.size(), ms);
    if (r <= 0) return;
    for (size_t j = 0; j < pfds.size(); j++) {
        if (!(pfds[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        auto [i, k] = owner[j];
        Child& c = running[i];
        char buf[4096];
        ssize_t n = read(c.fd[k], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(c.fd[k]);
            c.fd[k] = -1;
            continue;
        }
        if (c.text[k].size() < (1 << 20)) c.text[k].append(buf, static_cast<size_t>(n));
    }
}

Outcome finish_child(Child& c) {
    close_child(c);
    int st = 0;
    while (waitpid(c.pid, &st, 0) < 0 && errno == EINTR) {
    }
    std::string detail = last_line(c.text[1]);
    if (!detail.empty()) detail = " (" + detail + ")";
    if (c.killed || (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)) return {Status::Fail, "timeout"};
    if (WIFSIGNALED(st))
        return {Status::Fail, "crash: signal " + std::to_string(WTERMSIG(st)) + detail};
    const std::string& data = c.text[0];
    if (data.empty())
        return {Status::Fail, "crash: no result from the case (exit " +
                                  std::to_string(WEXITSTATUS(st)) + ")" + detail};
    return {data[0] == 'P' ? Status::Pass : Status::Fail, data.substr(1)};
}

} // namespace

void run_isolated_many(size_t count, const std::function<Outcome(size_t)>& body, double seconds,
                       int jobs, const std::function<void(size_t, const Outcome&)>& done) {
    size_t next = 0, emit = 0;
    std::vector<Child> running;
    std::map<size_t, Outcome> finished;
    jobs = std::max(jobs, 1);
    while (emit < count) {
        while (static_cast<int>(running.size()) < jobs && next < count) {
            size_t i = next++;
            Child c;
            c.index = i;
            Outcome failed;
            if (start_child([&body, i] { return body(i); }, seconds, &c, &failed)) running.push_back(c);
            else finished[i] = failed;
        }
        for (auto it = finished.find(emit); it != finished.end(); it = finished.find(emit)) {
            done(emit, it->second);
            finished.erase(it);
            emit++;
        }
        if (running.empty()) continue;
        pump(running);
        for (size_t k = 0; k < running.size();) {
            if (running[k].done()) {
                finished[running[k].index] = finish_child(running[k]);
                running.erase(running.begin() + static_cast<long>(k));
            } else {
                k++;
            }
        }
    }
}

Outcome run_isolated(const std::function<Outcome()>& body, double seconds) {
    Outcome result;
    run_isolated_many(1, [&](size_t) { return body(); }, seconds, 1,
                      [&](size_t, const Outcome& o) { result = o; });
    return result;
}

namespace {

// A per-case temporary folder for `testpath`, removed when the case is done.
struct TestPath {
    std::string dir, path;
    explicit TestPath(const Case& c) {
        if (c.code.find("testpath") == std::string::npos) return;
        std::string tmpl = (std::filesystem::temp_directory_path() / "bpl-case-XXXXXX").string();
        std::vector<char> buf(tmpl.begin(), tmpl.end());
        buf.push_back('\0');
        if (mkdtemp(buf.data())) {
            dir = buf.data();
            path = dir + "/testfile";
        }
    }
    ~TestPath() {
        std::error_code ec;
        if (!dir.empty()) std::filesystem::remove_all(dir, ec);
    }
};

} // namespace

Outcome run_case_isolated(const Case& c, const std::string& base_dir, double seconds) {
    TestPath tp(c);
    return run_isolated([&] { return run_case(c, base_dir, tp.path); }, seconds);
}

// ---------------------------------------------------------------------------------------------
// The command

namespace {

bool read_file(const std::string& path, std::string* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    *out = ss.str();
    return true;
}

// Ids from a file: the first word of each line; blank lines and `#` comments skipped.
bool read_ids(const std::string& path, std::set<std::string>* ids, std::vector<std::string>* order) {
    std::string text;
    if (!read_file(path, &text)) return false;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        size_t hash = line.find('#');
        if (hash == 0) continue;
        size_t tab = line.find('\t');
        if (tab != std::string::npos) line = line.substr(0, tab);
        size_t b = line.find_first_not_of(" \r");
        if (b == std::string::npos) continue;
        size_t e = line.find_last_not_of(" \r");
        std::string id = line.substr(b, e - b + 1);
        if (ids->insert(id).second && order) order->push_back(id);
    }
    return true;
}

std::string summary(int passed, int failed, int skipped) {
    std::string s = std::to_string(passed) + " passed, " + std::to_string(failed) + " failed";
    if (skipped) s += ", " + std::to_string(skipped) + " skipped";
    return s;
}

int usage() {
    std::cerr << "usage: bpl --cases [--json] [--only ID] [--exclude FILE] [--expect FILE] [--base DIR]\n"
                 "                   [--write-passing FILE] [--timeout SECONDS] [--jobs N] FILE...\n";
    return 2;
}

} // namespace

int cases_main(const std::vector<std::string>& args) {
    bool json = false;
    std::set<std::string> only, excluded, expected;
    std::vector<std::string> expected_order, files;
    std::string base_dir = ".", write_passing;
    bool have_expect = false;
    double seconds = 2.0;
    int jobs = 1;
    for (size_t i = 0; i < args.size(); i++) {
        const std::string& a = args[i];
        auto value = [&](std::string* out) {
            if (i + 1 >= args.size()) return false;
            *out = args[++i];
            return true;
        };
        std::string v;
        if (a == "--json") {
            json = true;
        } else if (a == "--only") {
            if (!value(&v)) return usage();
            only.insert(v);
        } else if (a == "--exclude") {
            if (!value(&v)) return usage();
            if (!read_ids(v, &excluded, nullptr)) {
                std::cerr << "bpl: cannot read " << v << "\n";
                return 2;
            }
        } else if (a == "--expect") {
            if (!value(&v)) return usage();
            have_expect = true;
            if (!read_ids(v, &expected, &expected_order)) {
                std::cerr << "bpl: cannot read " << v << "\n";
                return 2;
            }
        } else if (a == "--base") {
            if (!value(&base_dir)) return usage();
        } else if (a == "--write-passing") {
            if (!value(&write_passing)) return usage();
        } else if (a == "--jobs" || a == "-j") {
            if (!value(&v)) return usage();
            jobs = std::max(1, std::atoi(v.c_str()));
        } else if (a == "--timeout") {
            if (!value(&v)) return usage();
            seconds = std::atof(v.c_str());
        } else if (a.size() > 1 && a[0] == '-' && a != "-") {
            std::cerr << "bpl --cases: unknown option " << a << "\n";
            return usage();
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) return usage();

    int total_pass = 0, total_fail = 0, total_skip = 0;
    std::set<std::string> passing, seen;
    for (const std::string& file : files) {
        std::string text;
        if (!read_file(file, &text)) {
            std::cerr << "bpl: cannot read " << file << "\n";
            return 2;
        }
        ParsedFile parsed = parse_cases(text);
        int pass = 0, fail = 0, skip = 0;
        auto report = [&](const std::string& id, int line, Status status, const std::string& message) {
            if (json) {
                const char* s = status == Status::Pass ? "pass" : status == Status::Fail ? "fail" : "skip";
                std::cout << "{\"file\":" << base::json_string(file) << ",\"id\":" << base::json_string(id)
                          << ",\"line\":" << line << ",\"status\":\"" << s
                          << "\",\"message\":" << base::json_string(message) << "}\n";
            } else if (status == Status::Fail) {
                std::string m = message;
                for (char& ch : m)
                    if (ch == '\n') ch = ' ';
                std::cout << "FAIL " << id << " (" << file << ":" << line << "): " << m << "\n";
            }
            std::cout.flush();
        };
        for (const Problem& p : parsed.problems) {
            if (!only.empty() && !only.count(p.id)) continue;
            if (!p.id.empty()) seen.insert(p.id);
            fail++;
            report(p.id.empty() ? "-" : p.id, p.line, Status::Fail, "unparsed record: " + p.reason);
        }
        std::vector<const Case*> torun;
        for (const Case& c : parsed.cases) {
            if (!only.empty() && !only.count(c.id)) continue;
            seen.insert(c.id);
            if (excluded.count(c.id)) {
                skip++;
                if (json) report(c.id, c.line, Status::Skip, "excluded");
                continue;
            }
            torun.push_back(&c);
        }
        std::vector<std::unique_ptr<TestPath>> paths;
        for (const Case* c : torun) paths.push_back(std::make_unique<TestPath>(*c));
        run_isolated_many(
            torun.size(),
            [&](size_t i) { return run_case(*torun[i], base_dir, paths[i]->path); }, seconds, jobs,
            [&](size_t i, const Outcome& o) {
                const Case& c = *torun[i];
                if (o.status == Status::Pass) {
                    pass++;
                    passing.insert(c.id);
                } else {
                    fail++;
                }
                report(c.id, c.line, o.status, o.message);
                paths[i].reset();
            });
        if (!json) std::cout << file << ": " << summary(pass, fail, skip) << "\n";
        total_pass += pass;
        total_fail += fail;
        total_skip += skip;
    }
    int status = total_fail > 0 ? 1 : 0;
    if (have_expect) {
        status = 0;
        for (const std::string& id : expected_order) {
            if (!only.empty() && !only.count(id)) continue;
            if (passing.count(id)) continue;
            status = 1;
            if (!json)
                std::cout << "REGRESSION " << id << ": listed as passing but "
                          << (seen.count(id) ? "did not pass" : "not found") << "\n";
        }
    }
    if (!write_passing.empty()) {
        std::ofstream out(write_passing, std::ios::binary);
        for (const std::string& id : passing) out << id << "\n"; // std::set: sorted
        if (!out) {
            std::cerr << "bpl: cannot write " << write_passing << "\n";
            status = 2;
        }
    }
    if (!json) std::cout << summary(total_pass, total_fail, total_skip) << "\n";
    return status;
}

} // namespace bpl::cli
