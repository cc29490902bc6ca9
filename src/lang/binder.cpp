// Binder: assignment targets, runs, operators, strands, calls and trains (language.md §4–5).
// Units are bound right to left so an assignment earlier in evaluation order gives its name a
// role for the rest of the statement (§4.2 rule 4). Nothing is evaluated here.
#include "lang/binder.h"

#include "lang/operators.h"
#include "lang/scope.h"
#include "lang/system.h"
#include "value/array.h"
#include "value/layout.h"

#include "base/utf8.h"

#include <optional>
#include <unordered_map>

namespace bpl::lang {

using base::Error;
using base::ErrorKind;
using base::Site;
using number::Kind;

namespace {

Site span(Site a, Site b) {
    if (a.begin < 0) return b;
    if (b.begin < 0) return a;
    return Site{std::min(a.begin, b.begin), std::max(a.end, b.end)};
}

Instr leaf(Op op, Role role, Site site) {
    Instr i;
    i.op = op;
    i.role = role;
    i.site = site;
    return i;
}

// The kids are moved in one by one: a braced list would copy each (initializer_list items are
// const), and copying the tree built so far at every call made long statements quadratic.
template <class... K>
Instr node(Op op, Role role, Site site, K&&... kids) {
    Instr i = leaf(op, role, site);
    i.kids.reserve(sizeof...(K));
    (i.kids.push_back(std::forward<K>(kids)), ...);
    return i;
}

Instr constant(Value v, Site site) {
    Instr i = leaf(Op::Const, role_of(v), site);
    i.value = std::move(v);
    return i;
}

bool is_token(const Syn& s, Tok t) { return s.kind == SynKind::Token && s.tok.kind == t; }

// Every leaf of a group is a literal token: a mark may fold it (§10.3).
bool all_literal(const Syn& s) {
    switch (s.kind) {
    case SynKind::Token: return s.tok.kind == Tok::Literal;
    case SynKind::Paren:
        for (const Syn& x : s.expr)
            if (!all_literal(x)) return false;
        return true;
    case SynKind::Bracket:
    case SynKind::BracketRows:
    case SynKind::ParenRows:
        for (const BracketList& l : s.rows)
            for (const Expr& e : l.items)
                for (const Syn& x : e) // a record field `"key":value` of literals is literal too
                    if (!all_literal(x) && !(s.kind == SynKind::Bracket && is_token(x, Tok::Colon))) return false;
        return true;
    case SynKind::Dfn: return false;
    }
    return false;
}

class Binder {
  public:
    explicit Binder(const Frame& frame) : frame_(frame) {}

    Instr expr(const Expr& items, size_t b, size_t e) {
        if (b >= e) throw Error(ErrorKind::Syntax, "empty expression");
        for (size_t k = b; k < e; k++)
            if (is_token(items[k], Tok::Assign)) return assignment(items, b, k, e);
        return sequence(items, b, e, std::nullopt);
    }
    Instr expr(const Expr& items) { return expr(items, 0, items.size()); }

  private:
    struct Unit {
        Instr instr;
        bool space_before;
        const Token* script = nullptr; // a spaced script: applies to the whole run before it
    };

    Role name_role(const std::string& name) const {
        auto it = assigned_.find(name);
        if (it != assigned_.end()) return it->second;
        const Value* v = frame_.scope ? frame_.scope->find(name) : nullptr;
        return v ? role_of(*v) : Role::Subject; // unbound names bind as arrays (§4.2 rule 4)
    }

    // items[b, t) then the target items[t, k) then ← then the value items[k+1, e).
    Instr assignment(const Expr& items, size_t b, size_t k, size_t e) {
        const Syn& arrow = items[k];
        std::optional<Instr> value;
        if (k + 1 < e) value = expr(items, k + 1, e);
        // A value is complete: `g←3∘` names no function (and its one kid is not an operator's
        // two, which combine() would read were the assignment an operand).
        if (value && value->role == Role::Partial)
            throw Error(ErrorKind::Syntax, "an operator needs a right operand", value->site);
        if (k == b) throw Error(ErrorKind::Syntax, "nothing to assign to", arrow.tok.site);
        size_t t = k - 1;
        // A derived modifier in the target's run (`b∧⌿←`): a function and the monadic operators
        // after it, touching the target; bound as one function, it stands where `last` would.
        std::optional<Instr> derived;
        {
            size_t m = t;
            while (m > b && is_token(items[m], Tok::Monadic) && !items[m].space_before()) m--;
            if (m < t && m > b && !items[m].space_before()) {
                Instr f = expr(items, m, t + 1);
                if (f.role == Role::Function) {
                    derived = std::move(f);
                    t = m;
                }
            }
        }
        const Syn& last = items[t];
        Instr out;
        auto need_value = [&] {
            if (!value) throw Error(ErrorKind::Syntax, "an assignment needs a value", arrow.tok.site);
        };
        bool touching = t > b && !last.space_before();
        const Syn* before = touching ? &items[t - 1] : nullptr;
        bool modifiable = before && (is_token(*before, Tok::Name) ||
                                     (before->kind == SynKind::Bracket && pattern_ok(*before)) ||
                                     before->kind == SynKind::Paren ||
                                     selective_start(items, b, t - 1) != NONE);
        std::optional<Instr> modifier;
        // The modifier: a primitive, a parenthesised function, a dfn or a name bound to a function.
        bool function_name = is_token(last, Tok::Name) && name_role(last.tok.text) == Role::Function;
        if (modifiable && (is_token(last, Tok::Function) || last.kind == SynKind::Paren ||
                           last.kind == SynKind::Dfn || function_name)) {
            Instr f = derived ? std::move(*derived) : item(last);
            if (f.role == Role::Function) modifier = std::move(f);
        }
        // `(a)f←3`: a parenthesised name, then a named function (§5).
        if (!modifier && is_token(last, Tok::Name) && name_role(last.tok.text) == Role::Function &&
            before && before->kind == SynKind::Paren && before->expr.size() == 1 &&
            is_token(before->expr[0], Tok::Name)) {
            modifier = item(last);
            Instr m = node(Op::ModAssign, value ? value->role : Role::Subject,
                           span(before->tok.site, arrow.tok.site));
            m.name = before->expr[0].tok.text;
            m.kids.push_back(std::move(*modifier));
            if (value) m.kids.push_back(std::move(*value));
            t--;
            if (t == b) return m;
            return sequence(items, b, t, Unit{std::move(m), items[t].space_before()});
        }
        // A strand is not a target: `(v)i←9`, `2a←3`.
        if (!modifier && is_token(last, Tok::Name) && before &&
            (is_token(*before, Tok::Literal) || before->kind == SynKind::Bracket ||
             (before->kind == SynKind::Paren && item(*before).role == Role::Subject)))
            throw Error(ErrorKind::Syntax, "a strand is not an assignment target", last.tok.site);
        // Selective assignment (§5): a parenthesised selection, a subscript or a dot index.
        size_t last_target = modifier ? t - 1 : t;
        if (std::optional<Value> path = dot_path(items, b, last_target)) { // `T.a.b←v` (§11.4)
            if (!value && !modifier) need_value();
            size_t st = last_target - 2 * static_cast<size_t>(path->count());
            Instr pa = leaf(Op::PathAssign, Role::Subject, span(items[st].tok.site, arrow.tok.site));
            pa.name = items[st].tok.text;
            pa.value = std::move(*path);
            pa.kids.push_back(value ? std::move(*value) : leaf(Op::Const, Role::Subject, {}));
            if (modifier) pa.kids.push_back(std::move(*modifier));
            if (st == b) return pa;
            return sequence(items, b, st, Unit{std::move(pa), items[st].space_before()});
        }
        if (size_t st = selective_start(items, b, last_target); st != NONE) {
            if (!value && !modifier) need_value();
            bool paren = st == last_target && items[st].kind == SynKind::Paren;
            Instr sel = paren ? expr(items[st].expr) : sequence(items, st, last_target + 1, std::nullopt);
            Instr* src = &sel;
            while (src->op == Op::Monad || src->op == Op::Dyad) src = &src->kids[1];
            // The selected name, or a dfn's ⍵ (its call's own argument; exec knows it as "⍵").
            bool omega = src->op == Op::Omega;
            if ((src->op != Op::Name && !omega) || src->role != Role::Subject)
                throw Error(ErrorKind::Syntax, "a selective assignment needs a name", items[st].tok.site);
            std::string name = omega ? "⍵" : src->name;
            src->op = Op::SelectSource;
            Instr sa = node(Op::SelectAssign, Role::Subject, span(items[st].tok.site, arrow.tok.site),
                            std::move(sel));
            sa.name = name;
            sa.kids.push_back(value ? std::move(*value) : leaf(Op::Const, Role::Subject, {}));
            if (modifier) sa.kids.push_back(std::move(*modifier));
            if (st == b) return sa;
            return sequence(items, b, st, Unit{std::move(sa), items[st].space_before()});
        }
        if (modifier) {
            t--;
            const Syn& target = items[t];
            if (target.kind == SynKind::Token) {
                out = node(Op::ModAssign, value ? value->role : Role::Subject,
                           span(target.tok.site, arrow.tok.site));
                out.name = target.tok.text;
                out.kids.push_back(std::move(*modifier));
                if (value) out.kids.push_back(std::move(*value));
            } else {
                out = node(Op::Destructure, Role::Subject, span(target.tok.site, arrow.tok.site));
                out.kids.push_back(pattern(target));
                // `[a b]⌽←`: no value; the function applies to each name monadically.
                out.kids.push_back(value ? std::move(*value) : leaf(Op::Const, Role::Subject, {}));
                out.kids.push_back(std::move(*modifier));
            }
        } else if (is_token(last, Tok::Name)) {
            need_value();
            out = node(Op::Assign, value->role, span(last.tok.site, arrow.tok.site));
            out.name = last.tok.text;
            assigned_[out.name] = value->role;
            out.kids.push_back(std::move(*value));
        } else if (is_token(last, Tok::Quad)) {
            need_value();
            out = node(Op::Print, value->role, span(last.tok.site, arrow.tok.site));
            out.kids.push_back(std::move(*value));
        } else if (is_token(last, Tok::Alpha)) {
            need_value();
            if (!frame_.in_dfn) throw Error(ErrorKind::Syntax, "⍺← outside a dfn", last.tok.site);
            out = node(Op::DefaultAlpha, value->role, span(last.tok.site, arrow.tok.site));
            out.kids.push_back(std::move(*value));
        } else if (last.kind == SynKind::Bracket && pattern_ok(last)) {
            need_value();
            out = node(Op::Destructure, Role::Subject, span(last.tok.site, arrow.tok.site));
            out.kids.push_back(pattern(last));
            out.kids.push_back(std::move(*value));
        } else if (is_token(last, Tok::System)) {
            // system names are read-only; one the table lacks is unsupported (`•io←0`, §2)
            try {
                if (system_names_registered()) system_function(last.tok.text);
            } catch (Error& e) {
                e.at(last.tok.site);
                throw;
            }
            throw Error(ErrorKind::Syntax, "cannot assign to a system name", last.tok.site);
        } else {
            throw Error(ErrorKind::Syntax, "cannot assign to this", last.tok.site);
        }
        if (t == b) return out;
        return sequence(items, b, t, Unit{std::move(out), items[t].space_before()});
    }

    static bool pattern_ok(const Syn& s) {
        if (is_token(s, Tok::Name)) return true;
        if (s.kind != SynKind::Bracket || s.rows.size() != 1 || s.rows[0].items.empty()) return false;
        for (const Expr& e : s.rows[0].items)
            if (e.size() != 1 || !pattern_ok(e[0])) return false;
        return true;
    }
    Instr pattern(const Syn& s) {
        Instr p = leaf(Op::Pattern, Role::Subject, s.tok.site);
        if (s.kind == SynKind::Token) {
            p.name = s.tok.text;
            assigned_[p.name] = Role::Subject;
            return p;
        }
        for (const Expr& e : s.rows[0].items) p.kids.push_back(pattern(e[0]));
        return p;
    }

    static constexpr size_t NONE = static_cast<size_t>(-1);

    // The keys of a target `name.key.key…` ending at items[j] (touching dots and names only),
    // as a vector of strings; nullopt for any other target.
    static std::optional<Value> dot_path(const Expr& items, size_t b, size_t j) {
        std::vector<Value> keys;
        while (j >= b + 2 && is_token(items[j], Tok::Name) && is_token(items[j - 1], Tok::Dot) &&
               !items[j].space_before() && !items[j - 1].space_before()) {
            keys.insert(keys.begin(), value::char_vector(base::decode_utf8(items[j].tok.text)));
            j -= 2;
        }
        if (keys.empty() || !is_token(items[j], Tok::Name)) return std::nullopt;
        int64_t n = static_cast<int64_t>(keys.size());
        return value::make_array({n}, std::move(keys));
    }

    // Where the postfix ending at items[j] starts (a touching mark or script, or `.[…]`), or NONE.
    static size_t postfix_start(const Expr& items, size_t b, size_t j) {
        const Syn& s = items[j];
        if (s.space_before() || j == b) return NONE;
        if (is_token(s, Tok::Mark) || is_token(s, Tok::Script)) return j;
        if (j >= b + 2 && is_token(items[j - 1], Tok::Dot) && !items[j - 1].space_before() &&
            (s.kind == SynKind::Bracket || is_token(s, Tok::Name) || s.kind == SynKind::Paren))
            return j - 1;
        return NONE;
    }

    // Where a selective target ending at items[j] starts (a parenthesised selection, or a name
    // with subscripts or dot indexes), or NONE.
    static size_t selective_start(const Expr& items, size_t b, size_t j) {
        if (items[j].kind == SynKind::Paren) return j;
        if (postfix_start(items, b, j) == NONE || is_token(items[j], Tok::Mark)) return NONE;
        size_t first = j + 1;
        while (first > b + 1) {
            size_t p = postfix_start(items, b, first - 1);
            if (p == NONE) break;
            first = p;
        }
        // a name, or a parenthesised selection of one: `(x.aa).bb←5`
        return is_token(items[first - 1], Tok::Name) || items[first - 1].kind == SynKind::Paren ? first - 1 : NONE;
    }

    // Applies the postfix at items[p] to u (whose base item is items[base]); the next index.
    size_t postfix(Instr& u, const Expr& items, size_t base, size_t p) {
        const Syn& s = items[p];
        Site site = span(u.site, s.tok.site);
        if (is_token(s, Tok::Mark) && u.role == Role::Function) {
            // a function mark (§17): an operator on the function token it touches
            u = node(Op::Derive, Role::Function, site,
                     constant(mark_operator(false, s.tok.mark), s.tok.site), std::move(u));
            return p + 1;
        }
        if (is_token(s, Tok::Mark)) {
            if (p != base + 1 || !all_literal(items[base]))
                throw Error(items[base].kind == SynKind::Token && p == base + 1
                                ? ErrorKind::Unsupported
                                : ErrorKind::Syntax,
                            "a mark after a group needs literal items", s.tok.site);
            Instr m = node(Op::Mark, Role::Subject, site, std::move(u));
            m.mark = s.tok.mark;
            u = std::move(m);
            return p + 1;
        }
        if (is_token(s, Tok::Script)) {
            scripts(u, s.tok);
            return p + 1;
        }
        // `.[…]`: index, `[…]⌷A` (§4.8); other dot forms come later.
        const Syn& sel = items[p + 1];
        if (u.role == Role::Function) { // f.(g) or f.g with a named g: inner product
            Instr g = item(sel);
            u = node(Op::Derive, Role::Function, span(u.site, sel.tok.site),
                     constant(operator_value(U'.'), s.tok.site), std::move(u), std::move(g));
            return p + 2;
        }
        if (u.role != Role::Subject)
            throw Error(ErrorKind::Syntax, "a dot needs a subject or a function before it", s.tok.site);
        if (is_token(sel, Tok::Name)) { // `A.name`: "name"⊃A (§4.8)
            // the field's role comes from the value the path holds when the statement starts
            std::optional<Value> known = known_value(u);
            if (known) known = value::field(*known, sel.tok.text);
            Instr key = constant(value::char_vector(base::decode_utf8(sel.tok.text)), sel.tok.site);
            u = node(Op::Dyad, known ? role_of(*known) : Role::Subject, s.tok.site,
                     constant(primitive_function(U'⊃'), s.tok.site), std::move(u), std::move(key));
            u.site = span(site, sel.tok.site);
            if (known) u.value = *known; // for the next field of a chain; the call ignores it
            return p + 2;
        }
        if (sel.kind == SynKind::Paren) { // `A.(expr)`: a scope, bound when it runs (§4.8)
            auto body = std::make_shared<DfnSyntax>();
            body->bodies.push_back({DfnStmt{DfnStmt::Kind::Plain, sel.expr, {}, sel.tok.site}});
            body->site = sel.tok.site;
            u = node(Op::Scope, Role::Subject, span(site, sel.tok.site), std::move(u));
            u.dfn = std::move(body);
            return p + 2;
        }
        if (sel.kind != SynKind::Bracket)
            throw Error(ErrorKind::Syntax, "a dot needs a name, brackets or parentheses after it",
                        s.tok.site);
        Instr index = item(sel);
        u = node(Op::Dyad, Role::Subject, s.tok.site,
                 constant(primitive_function(U'⌷'), s.tok.site), std::move(u), std::move(index));
        u.site = site;
        return p + 2;
    }

    // The value a name or a field path holds now (before the statement runs), if known.
    std::optional<Value> known_value(const Instr& u) const {
        if (u.op == Op::Name && frame_.scope) {
            const Value* v = frame_.scope->find(u.name);
            if (v && !v->is_none()) return *v;
            return std::nullopt;
        }
        if (u.op == Op::Dyad && !u.value.is_none()) return u.value; // a field of a path
        return std::nullopt;
    }

    // A name whose array holds a function.
    bool holds_function(const Instr& u) const {
        if (u.op != Op::Name || !frame_.scope) return false;
        const Value* v = frame_.scope->find(u.name);
        if (!v || !v->is_stored_array() || !v->array_data().is_boxed()) return false;
        for (const Value& x : v->array_data().boxed_items())
            if (x.is_function()) return true;
        return false;
    }

    // Scripts touching u (§4.7): subscript digits select a major cell, superscript digits are
    // powers of a subject or the rank of a function, ᵀ transposes, ᵘ makes a function scalar.
    void scripts(Instr& u, const Token& t) {
        std::u32string s = base::decode_utf8(t.text);
        Site site = span(u.site, t.site);
        auto digit = [](char32_t c, bool sub) -> int {
            if (sub) return c >= U'₀' && c <= U'₉' ? static_cast<int>(c - U'₀') : -1;
            switch (c) {
            case U'⁰': return 0;
            case U'¹': return 1;
            case U'²': return 2;
            case U'³': return 3;
            default: return c >= U'⁴' && c <= U'⁹' ? static_cast<int>(c - U'⁴') + 4 : -1;
            }
        };
        bool subject = u.role == Role::Subject;
        for (size_t i = 0; i < s.size();) {
            char32_t c = s[i];
            bool sub = c == U'₋' || digit(c, true) >= 0;
            bool sup = c == U'⁻' || digit(c, false) >= 0;
            if (sub || sup) {
                bool negative = c == U'₋' || c == U'⁻';
                size_t k = negative ? i + 1 : i;
                int64_t n = 0;
                size_t d = k;
                while (d < s.size() && digit(s[d], sub) >= 0) n = n * 10 + digit(s[d++], sub);
                if (d == k) {
                    if (sub) throw Error(ErrorKind::Syntax, "₋ needs a subscript digit", t.site);
                    if (subject) throw Error(ErrorKind::Syntax, "⁻ needs digits on an array", t.site);
                    // A bare ⁻ is the inverse (D8): a monadic operator on the whole function to
                    // its left, as a numeric superscript is Rank.
                    i = d;
                    pending_operator_ = constant(operator_value(U'⁻'), t.site);
                    continue;
                }
                if (negative) n = -n;
                i = d;
                if (sub && subject) {
                    // Selecting from a function array yields a function (§4.2 rule 2).
                    Role r = holds_function(u) ? Role::Function : Role::Subject;
                    u = node(Op::Dyad, r, t.site,
                             constant(primitive_function(U'⌷'), t.site), std::move(u),
                              constant(Value::integer(n), t.site));
                } else if (sub) {
                    throw Error(ErrorKind::Unsupported, "selecting from function arrays is not supported yet", t.site);
                } else if (subject) {
                    u = node(Op::Dyad, Role::Subject, t.site,
                             constant(primitive_function(U'*'), t.site),
                              constant(Value::real(static_cast<double>(n), Kind::F64, true), t.site),
                              std::move(u));
                } else {
                    Value rank = Value::real(static_cast<double>(n), Kind::F64, true);
                    pending_operator_ = constant(operator_with_right(U'⍤', rank), t.site);
                    continue;
                }
                u.site = site;
                continue;
            }
            if (c == U'ᵀ' && subject) {
                u = node(Op::Monad, Role::Subject, t.site,
                         constant(primitive_function(U'⍉'), t.site), std::move(u));
            } else if (c == U'ₐ' && u.role == Role::Function) {
                u = node(Op::Derive, Role::Function, site,
                         constant(mark_operator(true, Kind::F64), t.site), std::move(u));
            } else if (c == U'ᵘ' && u.role == Role::Function) {
                u = node(Op::Unit, Role::Subject, site, std::move(u));
            } else {
                throw Error(ErrorKind::Syntax, "this script does not apply here", t.site);
            }
            u.site = site;
            i++;
        }
    }

    // Binds items[b, e) (plus an already bound tail unit): items right to left into units, units
    // into runs split at spaces, each run combined as if parenthesised, then the runs combined.
    Instr sequence(const Expr& items, size_t b, size_t e, std::optional<Unit> tail) {
        std::vector<std::optional<Unit>> units(e - b);
        for (size_t k = e; k-- > b;) {
            // items[k] may end a chain of postfixes (marks, scripts, `.[…]`) on one base item.
            size_t first = k + 1;
            while (first > b + 1) {
                size_t p = postfix_start(items, b, first - 1);
                if (p == NONE) break;
                first = p;
            }
            if (first == k + 1) {
                if (is_token(items[k], Tok::Script)) { // spaced: stands alone (§2.5)
                    if (k == b || (k + 1 < e && !items[k + 1].space_before()))
                        throw Error(ErrorKind::Syntax, "a spaced script must stand alone",
                                    items[k].tok.site);
                    units[k - b] = Unit{Instr{}, true, &items[k].tok};
                    continue;
                }
                units[k - b] = Unit{item(items[k]), items[k].space_before()};
                continue;
            }
            size_t base = first - 1;
            Instr u = item(items[base]);
            for (size_t p = first; p <= k;) {
                size_t next = postfix(u, items, base, p);
                // A function's numeric superscript acts as a monadic operator on the whole
                // function to its left (§4.7): it becomes a unit of its own.
                if (pending_operator_) {
                    units[p - b] = Unit{std::move(*pending_operator_), false};
                    pending_operator_.reset();
                }
                p = next;
            }
            units[base - b] = Unit{std::move(u), items[base].space_before()};
            k = base;
        }
        std::vector<Instr> run_units, current;
        auto finish = [&] {
            if (current.empty()) return;
            // A run ending in a dyadic operator after other items (`⍵f⍣ n`) gives those items,
            // bound as one, then the operator awaiting the next run as its right operand.
            std::optional<Instr> before;
            Instr last = combine(std::move(current), &before);
            if (before) run_units.push_back(std::move(*before));
            run_units.push_back(std::move(last));
            current.clear();
        };
        auto add = [&](Unit u) {
            if (u.script) {
                finish();
                if (run_units.empty())
                    throw Error(ErrorKind::Syntax, "a script needs something before it", u.script->site);
                scripts(run_units.back(), *u.script);
                if (pending_operator_) {
                    run_units.push_back(std::move(*pending_operator_));
                    pending_operator_.reset();
                }
                return;
            }
            if (u.space_before) finish();
            current.push_back(std::move(u.instr));
        };
        for (auto& u : units)
            if (u) add(std::move(*u));
        if (tail) add(std::move(*tail));
        finish();
        return combine(std::move(run_units));
    }

    // One run (or the statement's runs): operators left to right, strands, then calls right to
    // left or a train when it ends in a function (§4.3–4.6). With `before` (a run), a run that
    // ends in a dyadic operator still waiting for its right operand (§4.5) after other items
    // binds those items into *before and gives the waiting operator.
    Instr combine(std::vector<Instr> us, std::optional<Instr>* before = nullptr) {
        if (us.size() == 1) return std::move(us[0]);
        std::vector<Instr> out;
        for (size_t i = 0; i < us.size(); i++) {
            Instr& u = us[i];
            if (u.role == Role::MonadicOp) {
                if (out.empty() || !is_operand(out.back()))
                    throw Error(ErrorKind::Syntax, "an operator needs a left operand", u.site);
                Instr l = std::move(out.back());
                out.pop_back();
                Site s = span(l.site, u.site);
                out.push_back(node(Op::Derive, Role::Function, s, std::move(u), std::move(l)));
            } else if (u.role == Role::DyadicOp || u.role == Role::Partial) {
                Instr l;
                if (u.role == Role::Partial) {
                    l = std::move(u.kids[1]);
                    Instr op = std::move(u.kids[0]);
                    u = std::move(op);
                } else {
                    if (out.empty() || !is_operand(out.back()))
                        throw Error(ErrorKind::Syntax, "an operator needs a left operand", u.site);
                    l = std::move(out.back());
                    out.pop_back();
                }
                if (i + 1 >= us.size()) {
                    if (!out.empty() && !before)
                        throw Error(ErrorKind::Syntax, "an operator needs a right operand", u.site);
                    Site s = span(l.site, u.site);
                    Instr partial = node(Op::Derive, Role::Partial, s, std::move(u), std::move(l));
                    if (out.empty()) {
                        out.push_back(std::move(partial));
                        continue;
                    }
                    *before = combine(std::move(out));
                    return partial;
                }
                Instr r = std::move(us[++i]);
                if (!is_operand(r))
                    throw Error(ErrorKind::Syntax, "an operator needs a right operand", r.site);
                Site s = span(l.site, r.site);
                out.push_back(node(Op::Derive, Role::Function, s,
                                   std::move(u), std::move(l), std::move(r)));
            } else {
                out.push_back(std::move(u));
            }
        }
        // Strands: subjects side by side.
        std::vector<Instr> parts;
        bool growing = false; // parts.back() is a strand this loop made
        for (Instr& u : out) {
            bool subject = u.role == Role::Subject;
            if (subject && !parts.empty() && parts.back().role == Role::Subject) {
                if (!growing) {
                    Instr first = std::move(parts.back());
                    Site s = first.site;
                    parts.back() = node(Op::Strand, Role::Subject, s);
                    parts.back().kids.push_back(std::move(first));
                    growing = true;
                }
                parts.back().site = span(parts.back().site, u.site);
                parts.back().kids.push_back(std::move(u));
            } else {
                growing = false;
                parts.push_back(std::move(u));
            }
        }
        if (parts.size() == 1) return std::move(parts[0]);
        for (Instr& p : parts)
            if (p.role == Role::Partial || p.role == Role::MonadicOp || p.role == Role::DyadicOp)
                throw Error(ErrorKind::Syntax, "misplaced operator", p.site);
        if (parts.back().role == Role::Subject) return calls(std::move(parts));
        return train(std::move(parts));
    }

    static bool is_operand(const Instr& i) {
        return i.role == Role::Function || i.role == Role::Subject;
    }

    Instr calls(std::vector<Instr> ps) {
        Instr acc = std::move(ps.back());
        size_t j = ps.size() - 1;
        while (j-- > 0) {
            Instr f = std::move(ps[j]);
            if (f.role != Role::Function)
                throw Error(ErrorKind::Syntax, "a subject cannot be applied", f.site);
            Site site = f.site;
            if (j > 0 && ps[j - 1].role == Role::Subject) {
                Instr a = std::move(ps[--j]);
                acc = node(Op::Dyad, Role::Subject, site, std::move(f), std::move(acc), std::move(a));
            } else {
                acc = node(Op::Monad, Role::Subject, site, std::move(f), std::move(acc));
            }
        }
        return acc;
    }

    Instr train(std::vector<Instr> ps) {
        Instr built = std::move(ps.back());
        size_t j = ps.size() - 1;
        while (j-- > 0) {
            Instr u = std::move(ps[j]);
            Site s = span(u.site, built.site);
            if (u.role == Role::Subject) {
                built = node(Op::Bind, Role::Function, s, std::move(u), std::move(built));
            } else if (j > 0) {
                Instr x = std::move(ps[--j]);
                s = span(x.site, s);
                built = node(Op::Fork, Role::Function, s, std::move(x), std::move(u), std::move(built));
            } else {
                built = node(Op::Atop, Role::Function, s, std::move(u), std::move(built));
            }
        }
        return built;
    }

    // A bracket item `key:value` (a record's field, §11.1): the key before the item's first
    // top-level colon, the value (a subject or a function) after it.
    std::optional<Instr> field(const Expr& e) {
        size_t c = 1;
        while (c < e.size() && !is_token(e[c], Tok::Colon)) c++;
        if (c + 1 >= e.size()) return std::nullopt;
        // the key is a subject written out (a literal, name, strand or list), not a call:
        // `≢⍬:⍬` is `≢(⍬:⍬)`, an item
        Instr key = expr(Expr(e.begin(), e.begin() + static_cast<std::ptrdiff_t>(c)));
        bool written = key.op == Op::Const || key.op == Op::Name || key.op == Op::Strand || key.op == Op::List;
        if (key.role != Role::Subject || !written) return std::nullopt;
        Instr f = leaf(Op::Field, Role::Subject, site_of(e));
        f.kids.push_back(std::move(key));
        f.kids.push_back(expr(Expr(e.begin() + static_cast<std::ptrdiff_t>(c) + 1, e.end())));
        if (f.kids[1].role != Role::Subject && f.kids[1].role != Role::Function)
            throw Error(ErrorKind::Syntax, "a field's value is a subject or a function", f.kids[1].site);
        return f;
    }

    Instr list(const BracketList& l, Site site) {
        Instr out = leaf(Op::List, Role::Subject, site);
        for (const Expr& e : l.items) {
            if (std::optional<Instr> f = field(e)) {
                out.kids.push_back(std::move(*f));
                continue;
            }
            Instr i = expr(e);
            if (i.role != Role::Subject && i.role != Role::Function)
                throw Error(ErrorKind::Syntax, "an operator cannot be a list item", i.site);
            out.kids.push_back(std::move(i));
        }
        return out;
    }

    Instr item(const Syn& s) {
        const Token& t = s.tok;
        switch (s.kind) {
        case SynKind::Paren: return expr(s.expr);
        case SynKind::Bracket: return list(s.rows[0], t.site);
        case SynKind::BracketRows:
        case SynKind::ParenRows: {
            Instr out = leaf(s.kind == SynKind::ParenRows ? Op::ParenRows : Op::Rows, Role::Subject, t.site);
            for (const BracketList& l : s.rows) {
                // A row of one item is that item (`[1 ⋄ 2]`); a paren row is always a list.
                if (s.kind == SynKind::BracketRows && !l.semis && l.items.size() == 1)
                    out.kids.push_back(expr(l.items[0]));
                else
                    out.kids.push_back(list(l, site_of(l.items.front())));
            }
            return out;
        }
        case SynKind::Dfn: {
            Role r = s.dfn->uses_right_operand  ? Role::DyadicOp
                     : s.dfn->uses_left_operand ? Role::MonadicOp
                                                : Role::Function;
            Instr out = leaf(Op::Dfn, r, t.site);
            out.dfn = s.dfn;
            return out;
        }
        case SynKind::Token: break;
        }
        switch (t.kind) {
        case Tok::Literal: return constant(t.value, t.site);
        case Tok::Name: {
            Instr out = leaf(Op::Name, name_role(t.text), t.site);
            out.name = t.text;
            return out;
        }
        case Tok::System: {
            Instr out = leaf(Op::System, Role::Function, t.site);
            out.name = t.text;
            return out;
        }
        case Tok::Constant: return leaf(Op::ErrorConst, Role::Subject, t.site);
        case Tok::Quad: return leaf(Op::QuadRead, Role::Subject, t.site);
        case Tok::Alpha: return leaf(Op::Alpha, role_of(frame_.alpha), t.site);
        case Tok::Omega: return leaf(Op::Omega, role_of(frame_.omega), t.site);
        case Tok::Del:
            if (!frame_.in_dfn) throw Error(ErrorKind::Syntax, "∇ outside a dfn", t.site);
            return leaf(Op::Del, Role::Function, t.site);
        case Tok::OperandL:
        case Tok::OperandR: {
            const Value& v = t.kind == Tok::OperandL ? frame_.operand_left : frame_.operand_right;
            if (v.is_none()) throw Error(ErrorKind::Syntax, "an operand outside an operator", t.site);
            return leaf(t.kind == Tok::OperandL ? Op::OperandL : Op::OperandR, role_of(v), t.site);
        }
        case Tok::OpSelf:
            if (frame_.op_self.is_none())
                throw Error(ErrorKind::Syntax, "⍢ outside an operator", t.site);
            return leaf(Op::OpSelf, role_of(frame_.op_self), t.site);
        case Tok::Function: return constant(primitive_function(t.glyph), t.site);
        case Tok::Monadic:
        case Tok::Dyadic: return constant(operator_value(t.glyph), t.site);
        case Tok::Pipe: throw Error(ErrorKind::Syntax, "→ is not part of the language", t.site);
        case Tok::Dot: return constant(operator_value(U'.'), t.site); // f.g: inner product
        case Tok::Colon: return constant(primitive_function(U':'), t.site); // K:Y and :Y (§11.1)
        case Tok::Script:
            throw Error(ErrorKind::Unsupported, "scripts are not supported yet", t.site);
        default: throw Error(ErrorKind::Syntax, std::string("unexpected ") + tok_name(t.kind), t.site);
        }
    }

    const Frame& frame_;
    std::unordered_map<std::string, Role> assigned_;
    std::optional<Instr> pending_operator_; // a script that binds like a monadic operator
};

} // namespace

Instr::~Instr() {
    if (kids.empty()) return;
    std::vector<Instr> pending = std::move(kids);
    while (!pending.empty()) {
        Instr last = std::move(pending.back());
        pending.pop_back();
        for (Instr& k : last.kids) pending.push_back(std::move(k));
        last.kids.clear(); // its kids moved out: its destructor returns at once
    }
}

Instr bind_statement(const Expr& e, const Frame& frame) {
    Binder b(frame);
    Instr i = b.expr(e);
    if (i.role == Role::Partial) throw Error(ErrorKind::Syntax, "an operator needs a right operand", i.site);
    return i;
}

bool is_shy(const Instr& i) {
    return i.op == Op::Assign || i.op == Op::ModAssign || i.op == Op::Destructure || i.op == Op::SelectAssign ||
           i.op == Op::PathAssign ||
           i.op == Op::Print || i.op == Op::DefaultAlpha;
}

} // namespace bpl::lang
