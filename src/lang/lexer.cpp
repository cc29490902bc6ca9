// Lexer: code points with byte offsets, one table of glyph classes, number/string/name scanners,
// then two passes over the tokens: literal strands (§2.8) and separating line breaks (§3.2).
#include "lang/lexer.h"

#include "base/utf8.h"
#include "number/exact.h"
#include "value/array.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace bpl::lang {

using base::ErrorKind;
using base::Site;
using number::Kind;

namespace {

// One row per single-glyph token class (language.md §2.2). Names, literals and scripts are
// scanned by their own rules below.
struct GlyphRow {
    char32_t glyph;
    Tok kind;
};
// clang-format off
constexpr GlyphRow GLYPHS[] = {
    // primitive functions
    {U'+', Tok::Function}, {U'-', Tok::Function}, {U'×', Tok::Function}, {U'÷', Tok::Function},
    {U'⌊', Tok::Function}, {U'⌈', Tok::Function}, {U'|', Tok::Function}, {U'*', Tok::Function},
    {U'⍟', Tok::Function}, {U'○', Tok::Function}, {U'π', Tok::Function}, {U'√', Tok::Function},
    {U'!', Tok::Function}, {U'⍭', Tok::Function}, {U'⨸', Tok::Function}, {U'⌻', Tok::Function},
    {U'¿', Tok::Function}, {U'∨', Tok::Function}, {U'∧', Tok::Function}, {U'⊼', Tok::Function},
    {U'⊽', Tok::Function}, {U'~', Tok::Function}, {U'=', Tok::Function}, {U'≠', Tok::Function},
    {U'<', Tok::Function}, {U'≤', Tok::Function}, {U'>', Tok::Function}, {U'≥', Tok::Function},
    {U'≡', Tok::Function}, {U'≢', Tok::Function}, {U'⍴', Tok::Function}, {U',', Tok::Function},
    {U'⍪', Tok::Function}, {U'⌽', Tok::Function}, {U'⊖', Tok::Function}, {U'⍉', Tok::Function},
    {U'↑', Tok::Function}, {U'↓', Tok::Function}, {U'↕', Tok::Function}, {U'⊂', Tok::Function},
    {U'⊆', Tok::Function}, {U'⊃', Tok::Function}, {U'⌷', Tok::Function}, {U'⍳', Tok::Function},
    {U'⍸', Tok::Function}, {U'∊', Tok::Function}, {U'∪', Tok::Function}, {U'∩', Tok::Function},
    {U'⍷', Tok::Function}, {U'⍋', Tok::Function}, {U'⍒', Tok::Function}, {U'#', Tok::Function},
    {U'⊤', Tok::Function}, {U'⊥', Tok::Function}, {U'⌹', Tok::Function}, {U'⊣', Tok::Function},
    {U'⊢', Tok::Function}, {U'⍎', Tok::Function}, {U'⍕', Tok::Function}, {U'↦', Tok::Function},
    // monadic operators
    {U'/', Tok::Monadic}, {U'⌿', Tok::Monadic}, {U'\\', Tok::Monadic}, {U'⍀', Tok::Monadic},
    {U'¨', Tok::Monadic}, {U'⍨', Tok::Monadic}, {U'⊗', Tok::Monadic}, {U'⌸', Tok::Monadic},
    {U'∂', Tok::Monadic},
    // dyadic operators
    {U'∘', Tok::Dyadic}, {U'⍤', Tok::Dyadic}, {U'⍥', Tok::Dyadic}, {U'↣', Tok::Dyadic},
    {U'↢', Tok::Dyadic}, {U'⍣', Tok::Dyadic}, {U'⇄', Tok::Dyadic}, {U'⍚', Tok::Dyadic},
    {U'@', Tok::Dyadic}, {U'⌺', Tok::Dyadic}, {U'⍠', Tok::Dyadic}, {U'⊘', Tok::Dyadic},
    // special names and punctuation
    {U'⎕', Tok::Quad}, {U'⍺', Tok::Alpha}, {U'⍵', Tok::Omega}, {U'∇', Tok::Del},
    {U'⍶', Tok::OperandL}, {U'⍹', Tok::OperandR}, {U'⍢', Tok::OpSelf},
    {U'←', Tok::Assign}, {U'→', Tok::Pipe}, {U'?', Tok::Question},
    {U'(', Tok::LParen}, {U')', Tok::RParen}, {U'[', Tok::LBracket}, {U']', Tok::RBracket},
    {U'{', Tok::LBrace}, {U'}', Tok::RBrace}, {U';', Tok::Semi}, {U'⋄', Tok::Diamond},
};
// Kind marks written after a number or a group (§10.3): the fixed widths are `ₓ` plus a digit.
struct MarkRow {
    const char32_t* spelling;
    Kind kind;
    bool integer; // needs integer syntax
};
constexpr MarkRow MARKS[] = {
    {U"ₓ₁", Kind::I8, true},  {U"ₓ₂", Kind::I16, true}, {U"ₓ₄", Kind::I32, true},
    {U"ₓ₈", Kind::I64, true}, {U"ₓ", Kind::Int, true},   {U"ₕ", Kind::F16, false},
    {U"ₛ", Kind::F32, false}, {U"ₚ", Kind::F64, false}, {U"ᵣ", Kind::Exact, false},
};
// clang-format on

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_superscript(char32_t c) {
    return c == U'⁰' || c == U'¹' || c == U'²' || c == U'³' || (c >= U'⁴' && c <= U'⁹') ||
           c == U'⁻' || c == U'ᵀ' || c == U'ᵘ';
}
bool is_subscript_digit(char32_t c) { return c >= U'₀' && c <= U'₉'; }
bool is_letter_mark(char32_t c) {
    return c == U'ₓ' || c == U'ᵣ' || c == U'ₕ' || c == U'ₛ' || c == U'ₚ' || c == U'ₐ';
}

const GlyphRow* glyph_row(char32_t c) {
    for (const GlyphRow& row : GLYPHS)
        if (row.glyph == c) return &row;
    return nullptr;
}

// Letters that may form names: ASCII and other alphabetic code points that are not glyphs.
bool is_letter(char32_t c) {
    if ((c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || c == U'∆' || c == U'⍙') return true;
    if (c < 0xC0 || c == U'×' || c == U'÷') return false;
    if (c >= 0x1D00) return false; // phonetic scripts (ᵀ ᵘ ᵣ), punctuation, math and APL blocks
    return glyph_row(c) == nullptr;
}

class Lexer {
  public:
    // Decodes strictly: a byte that does not start well-formed UTF-8 is a SYNTAX ERROR at that
    // byte, wherever it is (code, strings, comments). A byte order mark at the start is skipped.
    explicit Lexer(std::string_view src) : src_(src) {
        size_t i = src.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
        while (i < src.size()) {
            size_t n = 0;
            char32_t cp = base::decode_one(src, i, &n);
            if (n == 0)
                throw base::Error(ErrorKind::Syntax, "invalid UTF-8",
                                  Site{static_cast<int32_t>(i), static_cast<int32_t>(i + 1)});
            cps_.push_back(cp);
            offs_.push_back(static_cast<int32_t>(i));
            i += n;
        }
        offs_.push_back(static_cast<int32_t>(src.size()));
    }

    std::vector<Token> run();

  private:
    char32_t at(size_t i) const { return i < cps_.size() ? cps_[i] : 0; }
    // Positions past the text (a token cut off by its end) are its end.
    Site site(size_t b, size_t e) const {
        size_t last = offs_.size() - 1;
        return Site{offs_[std::min(b, last)], offs_[std::min(e, last)]};
    }
    [[noreturn]] void fail(size_t b, size_t e, const std::string& msg) const {
        throw base::Error(ErrorKind::Syntax, msg, site(b, e));
    }
    void push(Tok kind, size_t b, size_t e) {
        Token t;
        t.kind = kind;
        t.space_before = space_;
        t.site = site(b, e);
        out_.push_back(std::move(t));
        space_ = false;
    }
    size_t number(size_t i);
    size_t real(size_t b, size_t i, double* value, bool* integral, std::string* text = nullptr);
    Value marked(size_t b, size_t e, const std::string& text, bool integral, const MarkRow& mark) const;
    void mark_group(const MarkRow& mark);
    bool real_follows(size_t i) const;
    size_t string(size_t i);
    size_t character(size_t i);
    size_t name(size_t i);
    const MarkRow* mark_at(size_t i, size_t* len) const;
    size_t digits(size_t i) const {
        while (is_digit(at(i))) i++;
        return i;
    }

    std::string_view src_;
    std::vector<char32_t> cps_;
    std::vector<int32_t> offs_;
    std::vector<Token> out_;
    bool space_ = true;
    // The plain real literals so far (no mark, not complex or ∞): their token, source range and
    // text, so a mark after their group reads them again in the marked kind.
    struct Plain {
        size_t token, b, e;
        std::string text;
        bool integral;
    };
    std::vector<Plain> plains_;
};

const MarkRow* Lexer::mark_at(size_t i, size_t* len) const {
    for (const MarkRow& m : MARKS) {
        size_t n = std::char_traits<char32_t>::length(m.spelling);
        bool ok = true;
        for (size_t k = 0; k < n && ok; k++) ok = at(i + k) == m.spelling[k];
        if (ok) {
            *len = n;
            return &m;
        }
    }
    return nullptr;
}

// One real part of a number from i (§2.4): ["¯"] ("∞" | mant [exponent]). Sets its value and
// whether it was written with integer syntax; returns its end. b is the number's start.
size_t Lexer::real(size_t b, size_t i, double* value, bool* integral, std::string* text) {
    bool negative = at(i) == U'¯';
    if (negative) i++;
    if (at(i) == U'∞') {
        double inf = std::numeric_limits<double>::infinity();
        *value = negative ? -inf : inf;
        *integral = false;
        return i + 1;
    }
    if (!is_digit(at(i)) && !(at(i) == U'.' && is_digit(at(i + 1))))
        fail(b, i, "a number needs digits after ¯");
    std::string ascii = negative ? "-" : "";
    *integral = true;
    size_t d = digits(i);
    for (size_t k = i; k < d; k++) ascii += static_cast<char>(at(k));
    i = d;
    if (at(i) == U'.') {
        if (!is_digit(at(i + 1))) fail(b, i + 1, "a decimal point needs a digit after it");
        *integral = false;
        ascii += '.';
        d = digits(i + 1);
        for (size_t k = i + 1; k < d; k++) ascii += static_cast<char>(at(k));
        i = d;
    }
    // An exponent: a plain e/E only when a complete exponent follows; ₑ always.
    auto exponent_digits = [&](size_t k) { return at(k) == U'¯' ? k + 1 : k; };
    char32_t e = at(i);
    if (((e == U'e' || e == U'E') && is_digit(at(exponent_digits(i + 1)))) || e == U'ₑ') {
        size_t k = exponent_digits(i + 1);
        if (!is_digit(at(k))) fail(b, k, "an exponent needs digits");
        *integral = false;
        ascii += 'e';
        if (at(i + 1) == U'¯') ascii += '-';
        d = digits(k);
        for (size_t m = k; m < d; m++) ascii += static_cast<char>(at(m));
        i = d;
    }
    *value = std::strtod(ascii.c_str(), nullptr); // beyond range: ±∞, as §2.4 says
    if (text) *text = std::move(ascii);
    return i;
}

// Whether a complete real part (["¯"] digits, ".digits" or ∞) starts at i.
bool Lexer::real_follows(size_t i) const {
    if (at(i) == U'¯') i++;
    return is_digit(at(i)) || (at(i) == U'.' && is_digit(at(i + 1))) || at(i) == U'∞';
}

// number (§2.4): real [mark], a complex real j real, or an exact form (int r int, int ᵣ [int]).
size_t Lexer::number(size_t b) {
    double re = 0;
    bool integral = false;
    std::string text;
    size_t i = real(b, b, &re, &integral, &text);
    // A plain j/J/r continues the number only before a complete part; ⱼ and ᵣ always do.
    char32_t next = at(i);
    bool plain_j = (next == U'j' || next == U'J') && real_follows(i + 1);
    bool exact = next == U'ᵣ' || (next == U'r' && (is_digit(at(i + 1)) ||
                                                   (at(i + 1) == U'¯' && is_digit(at(i + 2)))));
    auto malformed_after = [&](size_t k) {
        char32_t c = at(k);
        return c == U'ⱼ' || c == U'ᵣ' || c == U'.' || is_letter_mark(c) ||
               ((c == U'j' || c == U'J' || c == U'r') && real_follows(k + 1));
    };
    if (plain_j || next == U'ⱼ') {
        if (!real_follows(i + 1)) fail(b, i + 1, "a complex number needs an imaginary part");
        double im = 0;
        bool im_integral = false;
        i = real(b, i + 1, &im, &im_integral);
        if (malformed_after(i)) fail(b, i + 1, "malformed complex number");
        push(Tok::Literal, b, i);
        // A zero imaginary part makes a real (`1j¯0 ⍝ 1`, `∞j0 ⍝ ∞`).
        out_.back().value = im == 0 ? Value::real(re, Kind::F64, true) : Value::complex(re, im);
        return i;
    }
    if (at(i - 1) == U'∞') { // ∞ and ¯∞ take no mark, and are strong float64 (not numerals, D3):
        // joined with a narrower float they give float64 (core:3171)
        push(Tok::Literal, b, i);
        out_.back().value = Value::real(re, Kind::F64, false);
        return i;
    }
    bool rational_part = is_digit(at(i + 1)) || (at(i + 1) == U'¯' && is_digit(at(i + 2)));
    if (exact && !integral && next == U'ᵣ' && !rational_part) {
        // a trailing ᵣ on a float converts it exactly from its stored bits (0.1ᵣ is not 1ᵣ10)
        i++;
        if (malformed_after(i)) fail(b, i + 1, "malformed exact number");
        push(Tok::Literal, b, i);
        try {
            out_.back().value = Value::exact(number::Exact::of_double(re));
        } catch (base::Error& e) {
            throw e.at(site(b, i));
        }
        return i;
    }
    if (exact) {
        if (!integral) fail(b, i + 1, "an exact number needs integer parts");
        auto ascii = [&](size_t from, size_t to) {
            std::string t;
            for (size_t k = from; k < to; k++) t += at(k) == U'¯' ? '-' : static_cast<char>(at(k));
            return t;
        };
        std::string num = ascii(b, i), den = "1";
        i++;
        if (next == U'r' || is_digit(at(i)) || (at(i) == U'¯' && is_digit(at(i + 1)))) {
            size_t d = i;
            if (at(i) == U'¯') i++;
            if (!is_digit(at(i))) fail(b, i, "a rational needs a denominator");
            i = digits(i);
            den = ascii(d, i);
        }
        if (malformed_after(i) || at(i) == U'ₑ' || ((at(i) == U'e' || at(i) == U'E') && real_follows(i + 1)))
            fail(b, i + 1, "malformed exact number");
        push(Tok::Literal, b, i);
        try {
            out_.back().value = Value::exact(number::Exact::parse(num, den)); // 1r0: DOMAIN
        } catch (base::Error& e) {
            throw e.at(site(b, i));
        }
        return i;
    }
    size_t mark_len = 0;
    const MarkRow* mark = mark_at(i, &mark_len);
    if (mark) {
        if (mark->integer && !integral) fail(b, i + mark_len, "an integer mark needs integer syntax");
        i += mark_len;
        if (is_digit(at(i)) || at(i) == U'j' || at(i) == U'.' || is_letter_mark(at(i)))
            fail(b, i + 1, "malformed number after a mark");
    } else if (at(i) == U'ₐ') {
        throw base::Error(ErrorKind::Unsupported, "the ₐ mark is not supported yet", site(b, i + 1));
    }
    push(Tok::Literal, b, i);
    if (mark) {
        out_.back().value = marked(b, i, text, integral, *mark);
    } else {
        out_.back().value = Value::real(re, Kind::F64, true);
        plains_.push_back({out_.size() - 1, b, i, std::move(text), integral});
    }
    return i;
}

// A real literal's value in a marked kind, read from its text (b..e is its source range, for
// errors): integers from the digits themselves, so values past 2^53 keep every digit; float32
// from the decimal text directly (one rounding).
Value Lexer::marked(size_t b, size_t e, const std::string& text, bool integral,
                    const MarkRow& mark) const {
    if (mark.integer) {
        if (!integral) fail(b, e, "an integer mark needs integer syntax");
        errno = 0;
        long long n = std::strtoll(text.c_str(), nullptr, 10);
        if (errno == ERANGE) fail(b, e, "integer literal out of range");
        return Value::integer(n, mark.kind);
    }
    if (mark.kind == Kind::Exact) {
        // every digit of an integer; a float exactly from its stored bits (`[0.1]ᵣ` is not 1ᵣ10)
        if (integral)
            if (base::Ref<number::Exact> q = number::Exact::parse(text)) return Value::exact(q);
        try {
            return Value::exact(number::Exact::of_double(std::strtod(text.c_str(), nullptr)));
        } catch (base::Error& err) {
            throw err.at(site(b, e));
        }
    }
    if (mark.kind == Kind::F32) return Value::real(std::strtof(text.c_str(), nullptr), Kind::F32, false);
    return Value::real(std::strtod(text.c_str(), nullptr), mark.kind, false);
}

// A mark right after a closing bracket or parenthesis applies to the literals of its group
// (`[9007199254740993 1]ₓ`): they are read again from their text in the marked kind, so no
// digit is lost to a float64 first. Other items are the binder's to convert or refuse.
void Lexer::mark_group(const MarkRow& mark) {
    if (out_.empty() || space_ ||
        (out_.back().kind != Tok::RBracket && out_.back().kind != Tok::RParen))
        return;
    size_t open = out_.size() - 1;
    for (int depth = 0;; open--) {
        Tok k = out_[open].kind;
        if (k == Tok::RBracket || k == Tok::RParen) depth++;
        if (k == Tok::LBracket || k == Tok::LParen) depth--;
        if (depth == 0 || open == 0) break;
    }
    for (auto p = plains_.rbegin(); p != plains_.rend() && p->token > open; ++p)
        if (p->integral || !mark.integer) // `[2.5]ₓ` is the binder's DOMAIN ERROR
            out_[p->token].value = marked(p->b, p->e, p->text, p->integral, mark);
}

size_t Lexer::string(size_t b) {
    std::u32string s;
    size_t i = b + 1;
    for (;;) {
        if (i >= cps_.size()) fail(b, i, "unclosed string");
        if (at(i) == U'"') {
            if (at(i + 1) != U'"') break;
            i++;
        }
        s += at(i++);
    }
    push(Tok::Literal, b, i + 1);
    out_.back().value = value::char_vector(s);
    return i + 1;
}

// 'c' is a character; ''' the quote; '' the empty string (§2.6).
size_t Lexer::character(size_t b) {
    if (at(b + 1) == U'\'' && at(b + 2) == U'\'') {
        push(Tok::Literal, b, b + 3);
        out_.back().value = Value::character(U'\'');
        return b + 3;
    }
    if (at(b + 1) == U'\'') {
        push(Tok::Literal, b, b + 2);
        out_.back().value = value::char_vector(U"");
        return b + 2;
    }
    if (b + 1 >= cps_.size() || at(b + 2) != U'\'')
        fail(b, std::min(b + 3, cps_.size()), "a character literal holds exactly one character");
    push(Tok::Literal, b, b + 3);
    out_.back().value = Value::character(at(b + 1));
    return b + 3;
}

// Letters, ∆ ⍙; `_` appends the next character, and digits straight after `_` stay (§2.3).
// After a touching dot the name is a key, and digits belong to it (`T.q1`).
size_t Lexer::name(size_t b) {
    std::u32string s;
    size_t i = b;
    bool key = b > 0 && at(b - 1) == U'.' && !out_.empty() && out_.back().kind == Tok::Dot;
    for (;;) {
        char32_t c = at(i);
        if (key && is_digit(c) && !s.empty()) {
            s += c;
            i++;
            continue;
        }
        if (c == U'_') {
            char32_t n = at(i + 1);
            bool lone_end = n == 0 || n == U' ' || n == U']' || n == U')' || n == U'←' ||
                            n == U';' || n == U'⋄' || n == U'\n' || n == U'\t' || n == U'\r';
            if (lone_end) {
                if (!s.empty()) fail(b, i + 1, "a name cannot end in _");
                s += c;
                i++;
                break;
            }
            s += c;
            s += n;
            i += 2;
            if (is_digit(n))
                while (is_digit(at(i))) s += at(i++);
            continue;
        }
        if (!is_letter(c)) break;
        s += c;
        i++;
    }
    push(Tok::Name, b, i);
    out_.back().text = base::encode_utf8(s);
    return i;
}

std::vector<Token> Lexer::run() {
    size_t i = 0;
    while (i < cps_.size()) {
        char32_t c = at(i);
        if (c == U' ' || c == U'\t' || c == U'\r') {
            space_ = true;
            i++;
        } else if (c == U'\n') {
            push(Tok::Diamond, i, i + 1);
            out_.back().text = "\n";
            space_ = true;
            i++;
        } else if (c == U'⍝') {
            while (i < cps_.size() && at(i) != U'\n') i++;
        } else if (is_digit(c) || c == U'¯' || c == U'∞' || (c == U'.' && is_digit(at(i + 1)))) {
            i = number(i);
        } else if (c == U'"') {
            i = string(i);
        } else if (c == U'\'') {
            i = character(i);
        } else if (c == U'⍬') {
            size_t mark_len = 0;
            const MarkRow* mark = mark_at(i + 1, &mark_len);
            Kind kind = mark ? mark->kind : Kind::F64;
            push(Tok::Literal, i, i + 1 + mark_len);
            out_.back().value =
                kind == Kind::Exact // no compact exact storage: an empty boxed vector of 0ᵣ
                    ? value::make_array({0}, {}, Value::exact(number::Exact::of(0)))
                    : Value::array(value::ArrayData::compact(kind, {0}, !mark));
            i += 1 + mark_len;
        } else if (c == U'$') {
            char32_t k = at(i + 1);
            push(Tok::Literal, i, i + 2);
            Value& v = out_.back().value;
            if (k == U't' || k == U'f') v = Value::boolean(k == U't');
            else if (k == U'n') v = Value::real(std::nan(""), Kind::F64, true);
            else if (k == U'a') v = value::char_vector(U"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
            else if (k == U'd') v = value::char_vector(U"0123456789");
            else if (k == U'e') {
                out_.back().kind = Tok::Constant;
                out_.back().text = "$e";
            } else fail(i, i + 2, "unknown constant");
            i += 2;
        } else if (c == U'•') {
            size_t k = i + 1;
            std::string word;
            while (is_letter(at(k)) || is_digit(at(k)) || at(k) == U'_') {
                char32_t w = at(k++);
                base::append_utf8(word, w < 0x80 ? static_cast<char32_t>(std::tolower(static_cast<int>(w))) : w);
            }
            if (word.empty()) fail(i, k + 1, "• needs a name");
            push(Tok::System, i, k);
            out_.back().text = word;
            i = k;
        } else if (is_letter(c) || c == U'_') {
            i = name(i);
        } else if (c == U':') {
            bool guard = at(i + 1) == U':';
            push(guard ? Tok::Guard : Tok::Colon, i, i + (guard ? 2 : 1));
            i += guard ? 2 : 1;
        } else if (c == U'.') {
            push(Tok::Dot, i, i + 1);
            i++;
        } else if (size_t mark_len = 0; mark_at(i, &mark_len)) {
            const MarkRow* mark = mark_at(i, &mark_len);
            mark_group(*mark);
            push(Tok::Mark, i, i + mark_len);
            out_.back().mark = mark->kind;
            i += mark_len;
        } else if (is_superscript(c) || is_subscript_digit(c) || c == U'₋' || is_letter_mark(c)) {
            size_t k = i;
            std::u32string s;
            while (is_superscript(at(k)) || is_subscript_digit(at(k)) || at(k) == U'₋' ||
                   is_letter_mark(at(k)))
                s += at(k++);
            push(Tok::Script, i, k);
            out_.back().text = base::encode_utf8(s);
            i = k;
        } else if (const GlyphRow* row = glyph_row(c)) {
            push(row->kind, i, i + 1);
            out_.back().glyph = c;
            i++;
        } else {
            fail(i, i + 1, "unknown character");
        }
    }
    return std::move(out_);
}

bool is_literal(const Token& t) { return t.kind == Tok::Literal; }

// Literals separated only by spaces form one vector token (§2.8); touching ones stay apart.
// In place (the kept tokens move down over the joined ones): a long line's tokens are held once.
void join_strands(std::vector<Token>& in) {
    size_t w = 0;
    for (size_t i = 0; i < in.size();) {
        if (!is_literal(in[i]) || i + 1 >= in.size() || !is_literal(in[i + 1]) ||
            !in[i + 1].space_before) {
            if (is_literal(in[i])) in[i].literal_count = 1;
            if (w != i) in[w] = std::move(in[i]);
            w++;
            i++;
            continue;
        }
        Token t = in[i];
        std::vector<Value> items{t.value};
        in[i].literal_count = 1;
        t.parts.push_back(std::move(in[i]));
        size_t k = i + 1;
        while (k < in.size() && is_literal(in[k]) && in[k].space_before) {
            items.push_back(in[k].value);
            t.site.end = in[k].site.end;
            in[k].literal_count = 1;
            t.parts.push_back(std::move(in[k]));
            k++;
        }
        t.literal_count = static_cast<int>(items.size());
        // A complex literal makes the strand's weak reals complex (D3: a weak literal takes its
        // partner's kind): `1j2 3` is complex storage; marked numbers keep their kinds.
        bool complex = false, weak_reals = true;
        for (const Value& x : items) {
            complex = complex || x.is_complex();
            weak_reals = weak_reals && (x.is_complex() || (x.is_number() && x.weak() && x.kind() == Kind::F64));
        }
        if (complex && weak_reals)
            for (Value& x : items)
                if (!x.is_complex()) x = Value::complex(x.as_f64(), 0);
        value::Shape shape{static_cast<int64_t>(items.size())};
        t.value = value::make_array(std::move(shape), std::move(items));
        in[w++] = std::move(t);
        i = k;
    }
    in.resize(w);
}

bool opens(Tok t) { return t == Tok::LParen || t == Tok::LBracket || t == Tok::LBrace; }
bool closes(Tok t) { return t == Tok::RParen || t == Tok::RBracket || t == Tok::RBrace; }
bool separates(Tok t) { return t == Tok::Semi || t == Tok::Diamond || t == Tok::Question; }

// A line break is ⋄ except just after an opener, just before a closer, or next to ; ⋄ ? (§3.2).
// In place, as join_strands.
void drop_line_breaks(std::vector<Token>& in) {
    size_t w = 0;
    for (size_t i = 0; i < in.size(); i++) {
        bool line_break = in[i].kind == Tok::Diamond && in[i].text == "\n";
        if (line_break) {
            bool after = w > 0 && (opens(in[w - 1].kind) || separates(in[w - 1].kind));
            bool before = i + 1 < in.size() && (closes(in[i + 1].kind) || separates(in[i + 1].kind));
            if (after || before) {
                if (i + 1 < in.size()) in[i + 1].space_before = true;
                continue;
            }
        }
        if (w != i) in[w] = std::move(in[i]);
        w++;
    }
    in.resize(w);
}

} // namespace

std::vector<Token> lex(std::string_view source) {
    Lexer lexer(source);
    std::vector<Token> tokens = lexer.run();
    join_strands(tokens);
    drop_line_breaks(tokens);
    return tokens;
}

const char* tok_name(Tok t) {
    static const char* const NAMES[] = {
        "literal", "name", "system name", "constant", "⎕", "⍺", "⍵", "∇", "⍶", "⍹", "⍢",
        "function", "monadic operator", "dyadic operator", "←", "→", ".", ":", "::", "?",
        "(", ")", "[", "]", "{", "}", ";", "⋄", "mark", "script"};
    return NAMES[static_cast<size_t>(t)];
}

} // namespace bpl::lang
