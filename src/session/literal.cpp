// •literal and •literal⁻ (operators-and-system.md §21.4). •literal reads literal notation: the
// text is lexed and parsed by the language's own reader, every item of it is checked to be a
// literal, a group, `:`, a mark, or one of the functions `⍴ ⊂ ,` and `•ucs`, and only then is it
// evaluated (in a fresh context with no names), so no other code can run. •literal⁻ writes a
// value's source form, the display's (lang/display.h), which reads back as the same value, with
// float64 marked `ₚ` at every depth (an atom, or a compact array's group), so that it reads back
// as float64 whatever `•prefs` float width is set.
#include "session/names.h"

#include "base/error.h"
#include "lang/display.h"
#include "lang/run.h"
#include "lang/syntax.h"
#include "value/array.h"

#include <string>

namespace bpl::session {

using base::Error;
using base::ErrorKind;

namespace {

void check(const lang::Expr& e);

[[noreturn]] void refuse(const lang::Syn& s) {
    (void)s;
    throw Error(ErrorKind::Domain, "•literal reads only literals, groups, : and ⍴ ⊂ , •ucs");
}

void check(const lang::Syn& s) {
    using lang::SynKind;
    using lang::Tok;
    switch (s.kind) {
    case SynKind::Token:
        switch (s.tok.kind) {
        case Tok::Literal:
        case Tok::Colon:
        case Tok::Mark: return;
        case Tok::Function:
            if (s.tok.glyph == U'⍴' || s.tok.glyph == U'⊂' || s.tok.glyph == U',') return;
            refuse(s);
        case Tok::System:
            if (s.tok.text == "ucs") return;
            refuse(s);
        default: refuse(s);
        }
    case SynKind::Paren: check(s.expr); return;
    case SynKind::ParenRows:
    case SynKind::Bracket:
    case SynKind::BracketRows:
        for (const lang::BracketList& row : s.rows)
            for (const lang::Expr& item : row.items) check(item);
        return;
    case SynKind::Dfn: refuse(s);
    }
    refuse(s);
}

void check(const lang::Expr& e) {
    for (const lang::Syn& s : e) check(s);
}

class NoIo : public lang::Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

} // namespace

Value literal(const Value& omega) {
    std::string source = text_of(omega, "•literal's text");
    std::vector<lang::Statement> statements = lang::parse(source); // SYNTAX for malformed text
    if (statements.size() != 1) throw Error(ErrorKind::Domain, "•literal reads one value");
    check(statements[0].expr);
    NoIo io;
    lang::Context ctx(io);
    Value result;
    lang::run(ctx, source, [&](const Value& v) { result = v.read(); });
    if (result.is_none()) throw Error(ErrorKind::Domain, "•literal reads one value");
    return result;
}

Value literal_write(const Value& omega) {
    Value r = omega.read();
    if (r.is_function()) throw Error(ErrorKind::Domain, "•literal⁻ writes values, not functions");
    return text(lang::source_form(r, true));
}

} // namespace bpl::session
