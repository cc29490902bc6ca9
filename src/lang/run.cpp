// The language's entry (run.h): parse the source, then bind and run each statement in order;
// the ⍕ and ⍎ rows' rules (they need display and the running frame); the reference error report
// (language.md §13).
#include "lang/run.h"

#include "base/utf8.h"
#include "lang/cells.h"
#include "lang/display.h"
#include "lang/dissect.h"
#include "lang/exec.h"
#include "prim/rows.h"
#include "value/array.h"
#include "value/layout.h"

#include <algorithm>
#include <new>
#include <stdexcept>

namespace bpl::lang {

namespace {

// ⍕ω: an array's layout (format_array); a function's source text and a keyed or named array's
// display (which reads back, §12.2), several lines making a character matrix padded with spaces.
Value format(const Value& omega) {
    Value w = omega.read();
    bool function = w.is_function() || (w.is_stored_array() && w.rank() == 0 && w.array_data().item(0).is_function());
    bool labelled = w.is_stored_array() && w.array_data().layout() && w.array_data().layout()->labelled();
    if (!function && !labelled) return format_array(w);
    std::string text = display(w);
    std::vector<std::u32string> lines;
    size_t start = 0;
    for (;;) {
        size_t nl = text.find('\n', start);
        lines.push_back(base::decode_utf8(text.substr(start, nl - start)));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    if (lines.size() == 1) return value::char_vector(lines[0]);
    size_t width = 0;
    for (const auto& l : lines) width = std::max(width, l.size());
    auto a = value::ArrayData::compact(value::Kind::Char,
                                       {static_cast<int64_t>(lines.size()), static_cast<int64_t>(width)});
    for (size_t r = 0; r < lines.size(); r++)
        for (size_t c = 0; c < width; c++)
            a->items_as<char32_t>()[r * width + c] = c < lines[r].size() ? lines[r][c] : U' ';
    return Value::array(a);
}

std::string text_of(const Value& v) {
    std::u32string s;
    for (const Value& c : items_of(v)) {
        if (!c.is_char()) throw base::Error(base::ErrorKind::Domain, "⍎ needs text");
        s += c.as_char();
    }
    return base::encode_utf8(s);
}

// Runs one text in the running frame (or `in`); the last statement's value, shy or not.
Value execute_text(const Value& omega, Frame* in = nullptr) {
    Exec* running = running_exec();
    Frame* frame = in ? in : running_frame();
    if (!running || !frame)
        throw base::Error(base::ErrorKind::Internal, "⍎ outside a running statement");
    auto text = std::make_shared<const std::string>(text_of(omega));
    Exec ex(running->ctx(), text);
    Value last;
    try {
        for (const Statement& st : parse(*text)) {
            bool shy = false;
            last = ex.statement(st.expr, *frame, &shy);
        }
    } catch (base::Error& e) {
        throw e.elsewhere(e.what()); // its site points into the executed text
    }
    return last;
}

// ⍎ω (functions.md §10.2): a text runs as it is; a character matrix runs each row and an array
// of strings each string, in order, a text without a result giving ⍬, assembled in its shape.
Value execute(const Value& omega) {
    Value w = omega.read();
    std::vector<Value> texts;
    value::Shape shape;
    if (w.is_stored_array() && w.rank() == 2 && !w.array_data().is_boxed() && w.kind() == value::Kind::Char) {
        texts = major_cells(w);
        shape = {w.shape()[0]};
    } else if (w.is_stored_array() && w.array_data().is_boxed() && w.count() > 0) {
        texts = items_of(w);
        shape = w.shape();
        for (Value& t : texts) {
            t = t.read();
            if (t.is_atom() || t.rank() != 1) throw base::Error(base::ErrorKind::Domain, "⍎ needs text");
        }
    } else {
        return execute_text(w);
    }
    std::vector<Value> out;
    for (const Value& t : texts) {
        Value r = execute_text(t);
        out.push_back(r.is_none() ? Value::array(value::ArrayData::compact(value::Kind::F64, {0}, true)) : r);
    }
    return value::make_array(shape, std::move(out));
}

// A⍎text (§4.8): the text runs with the keys of keyed vector A as names, in a scope inside
// the running one; its assignments stay there.
Value execute_in(const Value& alpha, const Value& omega) {
    Frame* frame = running_frame();
    if (!frame) throw base::Error(base::ErrorKind::Internal, "⍎ outside a running statement");
    base::Ref<Scope> keep = frame->scope->keep_ref();
    base::Ref<Scope> inner(new Scope(frame->scope, std::move(keep)));
    Value result;
    try {
        bind_keys(*inner, alpha);
        Frame f = *frame;
        f.scope = inner.get();
        result = execute_text(omega.read(), &f);
    } catch (...) {
        inner->clear();
        throw;
    }
    inner->clear();
    if (inner->ref_count() > 1) throw base::Error(base::ErrorKind::Domain, "a local function escapes its scope");
    return result;
}

void register_rules() {
    static const bool done = [] {
        prim::register_rule(prim::Rule{prim::Prim::Format, format, format_with});
        prim::register_rule(prim::Rule{prim::Prim::Execute, execute, execute_in});
        return true;
    }();
    (void)done;
}

} // namespace

void Io::print_value(const std::string& text, const Value&) { print(text); }

Context::Context(Io& io, std::string base_dir)
    : io_(io), base_dir_(std::move(base_dir)), globals_(std::make_unique<Scope>()) {
    register_rules();
}

Context::~Context() {
    globals_->clear();
    for (auto& m : modules_) m->clear(); // their dfns go, and with them the holds on the scopes
    modules_.clear();
}

base::Ref<Scope> Context::new_module_scope() {
    modules_.push_back(base::Ref<Scope>(new Scope(nullptr, {}, true)));
    return modules_.back();
}

void Context::release_modules() {
    for (bool freed = true; freed;) {
        freed = false;
        for (size_t i = 0; i < modules_.size();) {
            if (!unreachable_module(*modules_[i], 1)) {
                i++;
                continue;
            }
            base::Ref<Scope> gone = std::move(modules_[i]);
            modules_.erase(modules_.begin() + static_cast<std::ptrdiff_t>(i));
            gone->clear(); // its dfns release it; `gone` is the last hold
            freed = true;
        }
    }
}

void run_all(Context& ctx, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value) {
    try {
        run_all(ctx, ctx.globals(), source, on_value);
    } catch (...) {
        ctx.release_modules(); // what the run dropped, failed or not
        throw;
    }
    ctx.release_modules();
}

namespace {

void run_statements(Context& ctx, Scope& scope, std::string_view source,
                    const std::function<void(const Value&, bool shy)>& on_value, Dissection* d) {
    // Memory the machine cannot give, while reading the text or running a statement, is an
    // error, not a crash.
    auto limited = [](auto&& step) {
        try {
            step();
        } catch (const std::bad_alloc& e) {
            throw base::memory_limit_error(e);
        } catch (const std::length_error& e) {
            throw base::memory_limit_error(e);
        }
    };
    std::shared_ptr<const std::string> text;
    std::vector<Statement> statements;
    limited([&] {
        text = std::make_shared<const std::string>(source);
        statements = parse(*text);
    });
    Exec ex(ctx, text);
    Frame top;
    top.scope = &scope;
    if (d) {
        d->frame = &top;
        ex.dissect(d);
    }
    for (const Statement& st : statements)
        limited([&] {
            bool shy = false;
            Value v = ex.statement(st.expr, top, &shy);
            on_value(v, shy);
        });
    if (d) {
        d->frame = nullptr;
        d->calls.clear();
        d->statement.reset();
    }
}

} // namespace

void run_all(Context& ctx, Scope& scope, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value) {
    run_statements(ctx, scope, source, on_value, nullptr);
}

void run_all(Context& ctx, std::string_view source,
             const std::function<void(const Value&, bool shy)>& on_value, Dissection& d) {
    run_statements(ctx, ctx.globals(), source, on_value, &d);
}

void run(Context& ctx, std::string_view source, const std::function<void(const Value&)>& on_result) {
    run_all(ctx, source, [&](const Value& v, bool shy) {
        if (!shy && !v.is_none()) on_result(v);
    });
}

void set_global(Context& ctx, const std::string& name, Value v) {
    ctx.globals().set(name, std::move(v));
}

LineColumn line_column(std::string_view source, base::Site site) {
    if (site.begin < 0 || static_cast<size_t>(site.begin) > source.size()) return {};
    auto begin = static_cast<size_t>(site.begin);
    size_t line_start = begin == 0 ? std::string_view::npos : source.rfind('\n', begin - 1);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    auto line = 1 + std::count(source.begin(), source.begin() + static_cast<std::ptrdiff_t>(begin), '\n');
    auto column = base::decode_utf8(source.substr(line_start, begin - line_start)).size() + 1;
    return {static_cast<int64_t>(line), static_cast<int64_t>(column)};
}

std::string error_report(const base::Error& error, std::string_view source,
                         std::string_view source_name) {
    std::string out = error.kind_name();
    std::string message = error.what();
    if (!message.empty()) out += ": " + message;
    base::Site site = error.site();
    if (site.begin < 0 || static_cast<size_t>(site.begin) > source.size()) return out;
    auto begin = static_cast<size_t>(site.begin);
    size_t line_start = begin == 0 ? std::string_view::npos : source.rfind('\n', begin - 1);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    size_t line_end = source.find('\n', begin);
    if (line_end == std::string_view::npos) line_end = source.size();
    std::string_view line = source.substr(line_start, line_end - line_start);
    LineColumn at = line_column(source, site);
    auto line_no = static_cast<size_t>(at.line);
    auto column = static_cast<size_t>(at.column);
    size_t end = site.end < 0 ? begin + 1 : std::min(static_cast<size_t>(site.end), line_end);
    size_t carets = end > begin ? base::decode_utf8(source.substr(begin, end - begin)).size() : 1;
    out += "\n --> " + std::string(source_name) + ":" + std::to_string(line_no) + ":" +
           std::to_string(column) + "\n" + std::string(line) + "\n" +
           std::string(column - 1, ' ') + std::string(std::max<size_t>(carets, 1), '^');
    return out;
}

} // namespace bpl::lang
