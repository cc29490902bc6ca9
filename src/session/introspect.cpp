// •nc •nl •src •ex: names in the running frame's scope chain. A name is valid when it lexes as
// exactly one user name (so `$a`, `⍵` and "bad name" are not names).
#include "session/introspect.h"

#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/exec.h"
#include "lang/function.h"
#include "lang/lexer.h"
#include "value/array.h"

#include <algorithm>
#include <set>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using value::Value;

namespace {

lang::Scope& running_scope() {
    lang::Frame* frame = lang::running_frame();
    if (!frame || !frame->scope) throw Error(ErrorKind::Internal, "name inspection outside a running statement");
    return *frame->scope;
}

bool valid_name(const std::string& name) {
    try {
        std::vector<lang::Token> toks = lang::lex(name);
        return toks.size() == 1 && toks[0].kind == lang::Tok::Name && toks[0].text == name;
    } catch (const Error&) {
        return false;
    }
}

// 2 value, 3 function, 4 operator.
int64_t class_of(const Value& v) {
    switch (lang::role_of(v)) {
    case lang::Role::Subject: return 2;
    case lang::Role::Function: return 3;
    default: return 4;
    }
}

// f on every name of `names`: a string is one name; other arrays map over their items at any
// depth, keeping their shape (an empty one gives an empty result of prototype `proto`).
template <class F>
Value each_name(const Value& names, F f, const Value& proto) {
    Value r = names.read();
    if (r.is_char()) return f(base::encode_utf8(std::u32string(1, r.as_char())));
    bool text = r.is_stored_array() && !r.array_data().is_boxed() && r.kind() == value::Kind::Char;
    if (text && r.rank() == 1) {
        std::u32string s;
        for (const Value& c : lang::items_of(r)) s += c.as_char();
        return f(base::encode_utf8(s));
    }
    if (r.is_atom()) throw Error(ErrorKind::Domain, "names are strings");
    std::vector<Value> out;
    for (const Value& item : lang::items_of(r)) out.push_back(each_name(item, f, proto));
    return value::make_array(r.shape(), std::move(out), proto);
}

Value list(const std::string& prefix, const Value& classes) {
    std::set<int64_t> wanted;
    Value c = classes.read();
    for (const Value& k : lang::items_of(c)) {
        if (!k.is_number() || (k.as_f64() != 2 && k.as_f64() != 3 && k.as_f64() != 4))
            throw Error(ErrorKind::Domain, "name classes are 2, 3 or 4");
        wanted.insert(k.as_i64());
    }
    std::set<std::string> seen;
    std::vector<std::string> names;
    for (lang::Scope* s = &running_scope(); s; s = s->parent())
        for (const std::string& n : s->names()) {
            if (!seen.insert(n).second) continue; // an outer binding the nearer one hides
            if (n.compare(0, prefix.size(), prefix) != 0 || !valid_name(n)) continue;
            if (wanted.count(class_of(*s->find_local(n)))) names.push_back(n);
        }
    std::sort(names.begin(), names.end());
    std::vector<Value> out;
    for (const std::string& n : names) out.push_back(value::char_vector(base::decode_utf8(n)));
    int64_t count = static_cast<int64_t>(out.size());
    return value::make_array({count}, std::move(out), value::char_vector(U""));
}

} // namespace

Value name_class(const Value& names) {
    return each_name(names, [](const std::string& n) {
        if (!valid_name(n)) return Value::integer(-1);
        Value* v = running_scope().find(n);
        return Value::integer(v ? class_of(*v) : 0);
    }, Value::integer(0));
}

Value name_list(const Value& classes) { return list("", classes); }

Value name_list_prefixed(const Value& prefix, const Value& classes) {
    Value p = prefix.read();
    std::u32string s;
    for (const Value& c : lang::items_of(p)) {
        if (!c.is_char()) throw Error(ErrorKind::Domain, "a name prefix is a string");
        s += c.as_char();
    }
    return list(base::encode_utf8(s), classes);
}

Value name_source(const Value& names) {
    return each_name(names, [](const std::string& n) {
        Value* v = valid_name(n) ? running_scope().find(n) : nullptr;
        if (!v) throw Error(ErrorKind::Value, "undefined name: " + n);
        if (!v->is_function()) throw Error(ErrorKind::Domain, n + " is a value, without source");
        return value::char_vector(base::decode_utf8(v->function_obj().source()));
    }, value::char_vector(U""));
}

Value name_erase(const Value& names) {
    return each_name(names, [](const std::string& n) {
        if (!valid_name(n)) return Value::integer(0);
        for (lang::Scope* s = &running_scope(); s; s = s->parent())
            if (s->find_local(n)) {
                s->erase(n);
                break;
            }
        return Value::integer(1);
    }, Value::integer(0));
}

} // namespace bpl::session
