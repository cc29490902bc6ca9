// Dissection (dissect.h): a statement's bound expression from its instructions and the calls the
// executor recorded, as a line or as a tree.
#include "lang/dissect.h"

#include "base/stack.h"
#include "lang/display.h"
#include "lang/function.h"
#include "value/array.h"

#include <optional>
#include <vector>

namespace bpl::lang {

namespace {

// One part of a bound expression: a call (its function, its left argument when dyadic, its
// right argument), a strand of parts holding a call, a value, or `…` past the budget.
struct Part {
    enum class Kind : uint8_t { Call, Strand, Atom, Elided } kind = Kind::Atom;
    Value value;             // Call: the function; Atom: the value
    std::string shape;       // Atom: a large value's shape text instead
    std::vector<Part> parts; // Call: [left] right; Strand: the items
    bool dyadic = false;
};

bool large(const Value& v) {
    return (v.is_stored_array() || v.is_pending()) && v.count() > display_settings().elide.limit;
}

std::string shape_text(const Value& v) {
    std::string shape;
    for (int64_t n : v.shape()) shape += (shape.empty() ? "" : " ") + std::to_string(n);
    return shape + "⍴…";
}

class Builder {
  public:
    explicit Builder(const Dissection& d) : d_(d) {}

    // The part instruction i gave, whose value is v.
    Part part(const Instr& i, const Dissection::Arg& v) {
        if (budget_ <= 0 || base::stack_nearly_full()) return Part{Part::Kind::Elided, Value(), "", {}, false};
        budget_--;
        if (i.op == Op::Monad || i.op == Op::Dyad) {
            auto found = d_.calls.find(&i);
            if (found == d_.calls.end()) return atom(v);
            const Dissection::Call& c = found->second;
            Part p{Part::Kind::Call, c.function, "", {}, false};
            if (i.op == Op::Dyad && !(c.alpha.value.is_none() && c.alpha.shape.empty())) {
                p.dyadic = true;
                p.parts.push_back(part(i.kids[2], c.alpha));
            }
            p.parts.push_back(part(i.kids[1], c.omega));
            return p;
        }
        if (i.op == Op::Assign || i.op == Op::Print) return part(i.kids[0], v);
        if ((i.op == Op::Strand || i.op == Op::List) && v.shape.empty()) return strand(i, v.value);
        return atom(v);
    }

  private:
    static Part atom(const Dissection::Arg& v) { return Part{Part::Kind::Atom, v.value, v.shape, {}, false}; }
    static Part atom(const Value& v) { return atom(Dissection::Arg{v, ""}); }

    // A strand or bracket list shows its items when one of them holds a call, else its value.
    Part strand(const Instr& i, const Value& v) {
        if (large(v)) return atom(Dissection::Arg{Value(), shape_text(v)});
        if (!v.is_stored_array() && !v.is_pending()) return atom(v);
        for (const Instr& k : i.kids)
            if (k.op == Op::Field) return atom(v);
        if (v.count() != static_cast<int64_t>(i.kids.size())) return atom(v);
        Value r = v.read();
        if (!r.is_stored_array() || r.rank() != 1) return atom(v);
        Part p{Part::Kind::Strand, Value(), "", {}, false};
        bool call = false;
        for (size_t k = 0; k < i.kids.size(); k++) {
            p.parts.push_back(part(i.kids[k], Dissection::Arg{r.array_data().item(static_cast<int64_t>(k)), ""}));
            call = call || p.parts.back().kind != Part::Kind::Atom;
        }
        return call ? p : atom(v);
    }

    const Dissection& d_;
    int budget_ = 1000;
};

// A value as an argument shows: its source form, or past the display limit its shape (`3 4⍴…`).
std::string value_text(const Value& v) {
    if (v.is_function()) return v.function_obj().source();
    if (large(v)) return shape_text(v);
    return source_form(v);
}

// Whether text needs parentheses to stand as one argument: a space outside quotes and groups.
bool spaced(const std::string& text) {
    int depth = 0;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == ')' || c == ']' || c == '}') {
            depth--;
        } else if (c == ' ' && depth == 0) {
            return true;
        }
    }
    return false;
}

std::string line(const Part& p) {
    switch (p.kind) {
    case Part::Kind::Elided: return "…";
    case Part::Kind::Atom: {
        std::string t = p.shape.empty() ? value_text(p.value) : p.shape;
        return spaced(t) ? "(" + t + ")" : t;
    }
    case Part::Kind::Strand: {
        std::string s = "[";
        for (size_t k = 0; k < p.parts.size(); k++) s += (k ? " " : "") + line(p.parts[k]);
        return s + "]";
    }
    case Part::Kind::Call: {
        std::string left = p.dyadic ? line(p.parts[0]) : "";
        return "(" + left + "(" + value_text(p.value) + ")" + line(p.parts.back()) + ")";
    }
    }
    return "";
}

TreeNode node(const Part& p) {
    switch (p.kind) {
    case Part::Kind::Elided: return TreeNode{"…", {}};
    case Part::Kind::Atom:
        if (!p.shape.empty()) return TreeNode{p.shape, {}};
        return p.value.is_function() ? function_node(p.value) : TreeNode{value_text(p.value), {}};
    case Part::Kind::Strand: {
        TreeNode t{"[]", {}};
        for (const Part& q : p.parts) t.parts.push_back(node(q));
        return t;
    }
    case Part::Kind::Call: {
        TreeNode t{"call", {function_node(p.value)}};
        for (const Part& q : p.parts) t.parts.push_back(node(q));
        return t;
    }
    }
    return {};
}

} // namespace

bool Dissection::active() const { return all || display_settings().dissect; }

void Dissection::record(const Instr& i, const Value& f, const Value& a, const Value& w) {
    auto arg = [](const Value& v) {
        if (is_absent(v)) return Arg{};
        return large(v) ? Arg{Value(), shape_text(v)} : Arg{v, ""};
    };
    calls[&i] = Call{f, arg(a), arg(w)};
}

std::string dissection_text(const Dissection& d, const Value& result) {
    if (!d.statement) return "";
    Part p = Builder(d).part(*d.statement, Dissection::Arg{result, ""});
    if (display_settings().trees) return draw_tree(node(p));
    std::string text = line(p);
    if (p.kind == Part::Kind::Call) text = text.substr(1, text.size() - 2);
    return text;
}

} // namespace bpl::lang
