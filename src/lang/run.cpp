// The language's entry (run.h): parse the source, then bind and run each statement in order;
// and the reference error report (language.md §13).
#include "lang/run.h"

#include "base/utf8.h"
#include "lang/exec.h"

#include <algorithm>

namespace bpl::lang {

Context::Context(Io& io, std::string base_dir)
    : io_(io), base_dir_(std::move(base_dir)), globals_(std::make_unique<Scope>()) {}

Context::~Context() { globals_->clear(); }

void run(Context& ctx, std::string_view source, const std::function<void(const Value&)>& on_result) {
    auto text = std::make_shared<const std::string>(source);
    std::vector<Statement> statements = parse(*text);
    Exec ex(ctx, text);
    Frame top;
    top.scope = &ctx.globals();
    for (const Statement& st : statements) {
        bool shy = false;
        Value v = ex.statement(st.expr, top, &shy);
        if (!shy && !v.is_none()) on_result(v);
    }
}

void set_global(Context& ctx, const std::string& name, Value v) {
    ctx.globals().set(name, std::move(v));
}

std::string error_report(const base::Error& error, std::string_view source,
                         std::string_view source_name) {
    std::string out = base::name(error.kind());
    std::string message = error.what();
    if (!message.empty()) out += ": " + message;
    base::Site site = error.site();
    if (site.begin < 0 || static_cast<size_t>(site.begin) > source.size()) return out;
    auto begin = static_cast<size_t>(site.begin);
    size_t line_start = source.rfind('\n', begin == 0 ? std::string_view::npos : begin - 1);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    if (begin == 0) line_start = 0;
    size_t line_end = source.find('\n', begin);
    if (line_end == std::string_view::npos) line_end = source.size();
    size_t line_no = 1 + static_cast<size_t>(std::count(source.begin(), source.begin() + begin, '\n'));
    std::string_view line = source.substr(line_start, line_end - line_start);
    size_t column = base::decode_utf8(source.substr(line_start, begin - line_start)).size() + 1;
    size_t end = site.end < 0 ? begin + 1 : std::min(static_cast<size_t>(site.end), line_end);
    size_t carets = end > begin ? base::decode_utf8(source.substr(begin, end - begin)).size() : 1;
    out += "\n --> " + std::string(source_name) + ":" + std::to_string(line_no) + ":" +
           std::to_string(column) + "\n" + std::string(line) + "\n" +
           std::string(column - 1, ' ') + std::string(std::max<size_t>(carets, 1), '^');
    return out;
}

} // namespace bpl::lang
