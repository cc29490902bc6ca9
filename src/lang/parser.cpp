// Parser: tokens to statements and groups (language.md §3): parentheses, bracket lists with `;`
// or `⋄` rows, dfns with bodies, predicates and guards. Knows nothing about roles or values.
#include "lang/syntax.h"

#include <string>

namespace bpl::lang {

using base::ErrorKind;
using base::Site;

namespace {

bool is_closer(Tok t) { return t == Tok::RParen || t == Tok::RBracket || t == Tok::RBrace; }
bool is_stop(Tok t) {
    return is_closer(t) || t == Tok::Semi || t == Tok::Diamond || t == Tok::Question ||
           t == Tok::Guard;
}

class Parser {
  public:
    Parser(std::string_view src, std::vector<Token> toks) : src_(src), toks_(std::move(toks)) {}
    static constexpr int MAX_NESTING = 256; // parentheses, brackets and braces inside each other

    std::vector<Statement> program() {
        std::vector<Statement> out;
        for (;;) {
            Expr e = expr();
            if (!e.empty()) out.push_back(Statement{e, site_of(e)});
            if (done()) return out;
            const Token& t = peek();
            if (t.kind == Tok::Diamond) {
                pos_++;
                continue;
            }
            if (t.kind == Tok::Semi) fail(t, "; outside brackets or braces");
            if (is_closer(t.kind)) fail(t, std::string("unbalanced ") + tok_name(t.kind));
            fail(t, std::string("unexpected ") + tok_name(t.kind));
        }
    }

  private:
    bool done() const { return pos_ >= toks_.size(); }
    const Token& peek() const { return toks_[pos_]; }
    [[noreturn]] void fail(const Token& t, const std::string& msg) const {
        throw base::Error(ErrorKind::Syntax, msg, t.site);
    }
    [[noreturn]] void fail_at(Site s, const std::string& msg) const {
        throw base::Error(ErrorKind::Syntax, msg, s);
    }

    // Items up to the next separator or closer (not consumed).
    Expr expr() {
        Expr e;
        while (!done() && !is_stop(peek().kind)) e.push_back(item());
        return e;
    }

    Syn item() {
        Token t = toks_[pos_++];
        if (t.kind == Tok::OperandL || t.kind == Tok::OperandR) {
            if (!dfns_.empty()) {
                if (t.kind == Tok::OperandL) dfns_.back()->uses_left_operand = true;
                else dfns_.back()->uses_right_operand = true;
            }
        }
        if (t.kind == Tok::LParen || t.kind == Tok::LBracket || t.kind == Tok::LBrace) {
            // groups recurse here, in the binder and in the evaluator: a LIMIT error long before
            // the call stack runs out (10^4 nested parentheses overflowed it)
            if (depth_ >= MAX_NESTING)
                throw base::Error(ErrorKind::Limit, "groups nested more than " + std::to_string(MAX_NESTING) + " deep", t.site);
            struct Deeper {
                int& d;
                explicit Deeper(int& depth) : d(depth) { ++d; }
                ~Deeper() { --d; }
                Deeper(const Deeper&) = delete;
                Deeper& operator=(const Deeper&) = delete;
            } deeper(depth_);
            if (t.kind == Tok::LParen) return paren(t);
            if (t.kind == Tok::LBracket) return bracket(t);
            return brace(t);
        }
        Syn s;
        s.tok = std::move(t);
        return s;
    }

    // The closer that ends a group opened by `open`, or a SYNTAX ERROR.
    const Token& expect_closer(const Token& open, Tok closer) {
        if (done()) fail(open, std::string("unbalanced ") + tok_name(open.kind));
        const Token& t = peek();
        if (t.kind != closer) fail(t, std::string("unexpected ") + tok_name(t.kind));
        return t;
    }

    Syn group_of(const Token& open, SynKind kind) {
        Syn s;
        s.kind = kind;
        s.tok.kind = open.kind;
        s.tok.space_before = open.space_before;
        s.tok.site = open.site;
        return s;
    }
    void close(Syn& s) {
        s.tok.site.end = toks_[pos_].site.end;
        pos_++;
    }

    // A row or bracket list without `;`: every run is an item, so spaces inside a literal
    // strand separate items too (§3.3).
    static BracketList runs_of(Expr e) {
        BracketList list;
        auto add = [&](Syn s) {
            if (list.items.empty() || s.space_before()) list.items.emplace_back();
            list.items.back().push_back(std::move(s));
        };
        for (Syn& s : e) {
            if (s.kind != SynKind::Token || s.tok.parts.empty()) {
                add(std::move(s));
                continue;
            }
            for (Token& part : s.tok.parts) {
                Syn one;
                one.tok = std::move(part);
                add(std::move(one));
            }
        }
        return list;
    }

    Syn paren(const Token& open) {
        Syn s = group_of(open, SynKind::Paren);
        std::vector<Expr> rows;
        bool diamonds = false;
        for (;;) {
            Expr e = expr();
            if (done()) fail(open, "unbalanced (");
            Tok k = peek().kind;
            if (k == Tok::Diamond) {
                diamonds = true;
                if (e.empty()) fail(peek(), "empty row");
                rows.push_back(std::move(e));
                pos_++;
                continue;
            }
            expect_closer(open, Tok::RParen);
            if (!e.empty()) rows.push_back(std::move(e));
            break;
        }
        if (!diamonds) {
            if (rows.empty()) fail(open, "empty parentheses");
            s.expr = std::move(rows[0]);
        } else {
            s.kind = SynKind::ParenRows;
            for (Expr& r : rows) s.rows.push_back(runs_of(std::move(r)));
        }
        close(s);
        return s;
    }

    Syn bracket(const Token& open) {
        Syn s = group_of(open, SynKind::Bracket);
        std::vector<Expr> parts;
        Tok sep = Tok::RBracket; // the separator this pair uses, if any
        for (;;) {
            Expr e = expr();
            if (done()) fail(open, "unbalanced [");
            const Token& t = peek();
            if (t.kind == Tok::Semi || t.kind == Tok::Diamond) {
                if (sep != Tok::RBracket && sep != t.kind) fail(t, "one bracket pair uses ; or ⋄");
                sep = t.kind;
                if (e.empty()) fail(t, t.kind == Tok::Semi ? "empty item" : "empty row");
                parts.push_back(std::move(e));
                pos_++;
                continue;
            }
            expect_closer(open, Tok::RBracket);
            if (e.empty() && sep == Tok::Semi) fail(t, "empty item");
            if (!e.empty()) parts.push_back(std::move(e));
            break;
        }
        if (sep == Tok::Semi) {
            BracketList list;
            list.semis = true;
            list.items = std::move(parts);
            s.rows.push_back(std::move(list));
        } else if (sep == Tok::Diamond) {
            s.kind = SynKind::BracketRows;
            for (Expr& r : parts) s.rows.push_back(runs_of(std::move(r)));
        } else {
            s.rows.push_back(parts.empty() ? BracketList{} : runs_of(std::move(parts[0])));
        }
        close(s);
        return s;
    }

    Syn brace(const Token& open) {
        Syn s = group_of(open, SynKind::Dfn);
        auto dfn = std::make_shared<DfnSyntax>();
        dfns_.push_back(dfn.get());
        dfn->bodies.emplace_back();
        for (;;) {
            Expr e = expr();
            if (done()) fail(open, "unbalanced {");
            const Token& t = peek();
            DfnStmt st;
            st.site = site_of(e);
            if (t.kind == Tok::Guard) {
                pos_++;
                st.kind = DfnStmt::Kind::Guard;
                st.kinds = std::move(e);
                st.expr = expr();
                if (done()) fail(open, "unbalanced {");
                if (st.kinds.empty()) fail(t, "a guard needs kinds");
                st.site = Site{site_of(st.kinds).begin, t.site.end};
                dfn->bodies.back().push_back(std::move(st));
                if (peek().kind == Tok::Question || peek().kind == Tok::Guard)
                    fail(peek(), "unexpected " + std::string(tok_name(peek().kind)));
                continue; // the separator after the handler is handled next round
            }
            if (t.kind == Tok::Question) {
                if (e.empty()) fail(t, "a predicate needs a condition");
                st.kind = DfnStmt::Kind::Predicate;
                st.expr = std::move(e);
                dfn->bodies.back().push_back(std::move(st));
                pos_++;
                continue;
            }
            if (!e.empty()) {
                st.expr = std::move(e);
                dfn->bodies.back().push_back(std::move(st));
            }
            if (t.kind == Tok::Diamond) {
                pos_++;
            } else if (t.kind == Tok::Semi) {
                pos_++;
                dfn->bodies.emplace_back();
            } else {
                expect_closer(open, Tok::RBrace);
                break;
            }
        }
        dfns_.pop_back();
        close(s);
        dfn->site = s.tok.site;
        dfn->text = std::string(src_.substr(static_cast<size_t>(s.tok.site.begin),
                                            static_cast<size_t>(s.tok.site.end - s.tok.site.begin)));
        // Every body except the last needs a predicate (§6.2).
        for (size_t b = 0; b + 1 < dfn->bodies.size(); b++) {
            bool has = false;
            for (const DfnStmt& st : dfn->bodies[b]) has |= st.kind == DfnStmt::Kind::Predicate;
            if (!has) fail_at(s.tok.site, "every body but the last needs a predicate");
        }
        s.dfn = std::move(dfn);
        return s;
    }

    std::string_view src_;
    std::vector<Token> toks_;
    size_t pos_ = 0;
    int depth_ = 0; // groups open around the item being parsed
    std::vector<DfnSyntax*> dfns_;
};

} // namespace

Site site_of(const Expr& e) {
    if (e.empty()) return Site{};
    return Site{e.front().tok.site.begin, e.back().tok.site.end};
}

std::vector<Statement> parse(std::string_view source) {
    Parser p(source, lex(source));
    return p.program();
}

} // namespace bpl::lang
