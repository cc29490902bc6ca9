// The REPL's evaluation side (repl.h): gathering lines, `]` commands, display and errors.
#include "base/interrupt.h"
#include "cli/repl.h"

#include "base/error.h"
#include "cli/keys.h"
#include "lang/display.h"
#include "lang/dissect.h"
#include "lang/lexer.h"
#include "lang/scope.h"
#include "session/session.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>

namespace bpl::cli {

void StdIo::print(const std::string& text) { std::cout << text << "\n" << std::flush; }

void StdIo::print_value(const std::string& text, const lang::Value& shown) {
    print(text);
    if (std::optional<std::string> saved = autosave(shown)) print(*saved);
}

std::optional<std::string> autosave(const lang::Value& v) {
    const std::string& dir = lang::display_settings().save;
    if (dir.empty() || v.is_function()) return std::nullopt;
    std::string ext;
    for (const auto& [type, content] : session::mime_bundle(v)) {
        if (type == "image/svg+xml") ext = ".svg";
        else if (type == "image/png" && ext.empty()) ext = ".png";
    }
    if (ext.empty()) return std::nullopt;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw base::Error(base::ErrorKind::Io, "•prefs save: cannot make the folder " + dir + ": " + ec.message());
    std::string path;
    for (int n = 1;; n++) {
        path = (std::filesystem::path(dir) / ("bpl-" + std::to_string(n) + ext)).string();
        if (!std::filesystem::exists(path, ec)) break;
    }
    std::string type = session::save_rendering(v, path);
    return "saved " + path + " (" + type + ")";
}

void show_result(std::ostream& out, const lang::Value& v) {
    out << lang::result_text(v) << "\n" << std::flush;
    if (std::optional<std::string> saved = autosave(v)) out << *saved << "\n" << std::flush;
}

void run_shown(lang::Context& ctx, const std::string& source, std::ostream& out, bool dissect_all) {
    lang::Dissection d;
    d.all = dissect_all;
    lang::run_all(ctx, source, [&](const lang::Value& v, bool shy) {
        if (v.is_none()) return;
        if (dissect_all || !shy) {
            std::string bound = lang::dissection_text(d, v); // "" when the statement was not dissected
            // a function whose bound expression is itself shows once
            if (!bound.empty() && !(v.is_function() && !shy && bound == lang::result_text(v))) out << bound << "\n";
        }
        if (!shy) show_result(out, v);
    }, d);
    out << std::flush;
}

std::optional<std::string> StdIo::read_line() {
    if (stdin_is_source_) return std::nullopt;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
}

bool needs_more(const std::string& source) {
    std::vector<lang::Token> tokens;
    try {
        tokens = lang::lex(source);
    } catch (const base::Error&) {
        return false;
    }
    int depth = 0;
    for (const lang::Token& t : tokens) {
        switch (t.kind) {
        case lang::Tok::LParen:
        case lang::Tok::LBracket:
        case lang::Tok::LBrace: depth++; break;
        case lang::Tok::RParen:
        case lang::Tok::RBracket:
        case lang::Tok::RBrace: depth--; break;
        default: break;
        }
    }
    return depth > 0;
}

Repl::Repl(lang::Io& io, std::ostream& out, std::ostream& err)
    : io_(io), out_(out), err_(err), ctx_(std::make_unique<lang::Context>(io)) {}

Repl::~Repl() = default;

bool Repl::feed(const std::string& line) {
    if (buffer_.empty()) {
        size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line[first] == ']') {
            command(line.substr(first + 1));
            return true;
        }
        buffer_ = line;
    } else {
        buffer_ += "\n" + line;
    }
    if (needs_more(buffer_)) return false;
    std::string source = std::move(buffer_);
    buffer_.clear();
    run_source(source);
    return true;
}

void Repl::finish() {
    if (buffer_.empty()) return;
    std::string source = std::move(buffer_);
    buffer_.clear();
    run_source(source);
}

void Repl::run_source(const std::string& source) {
    try {
        run_shown(*ctx_, source, out_, false);
    } catch (const base::Error& e) {
        failed_ = true;
        out_ << std::flush;
        err_ << lang::error_report(e, source, "<repl>") << "\n" << std::flush;
    }
}

std::vector<std::string> Repl::names() const {
    std::vector<std::string> names = ctx_->globals().names();
    std::sort(names.begin(), names.end());
    return names;
}

// `]help [name]`, `]clear`, `]display expr`, `]box …`, `]save file expr` (case does not matter
// in the command's name).
void Repl::command(const std::string& text) {
    size_t end = text.find_first_of(" \t");
    std::string name = text.substr(0, end);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string arg;
    if (end != std::string::npos) {
        size_t from = text.find_first_not_of(" \t", end);
        size_t to = text.find_last_not_of(" \t");
        if (from != std::string::npos) arg = text.substr(from, to - from + 1);
    }
    if (name == "help") {
        help(arg);
    } else if (name == "clear") {
        ctx_ = std::make_unique<lang::Context>(io_);
        out_ << "clear workspace\n" << std::flush;
    } else if (name == "box") {
        box(arg);
    } else if (name == "display") {
        // the boxed diagram of the whole value, whatever the settings say
        try {
            lang::run(*ctx_, arg, [&](const lang::Value& v) {
                out_ << (v.is_function() ? lang::function_tree(v) : lang::boxed(v, nullptr)) << "\n";
            });
        } catch (const base::Error& e) {
            failed_ = true;
            err_ << lang::error_report(e, arg, "<repl>") << "\n";
        }
        out_ << std::flush;
    } else if (name == "dissect") {
        // the bound expression of each statement, then its result as usual
        try {
            if (arg.empty()) throw base::Error(base::ErrorKind::Syntax, "]dissect needs an expression: ]dissect expr");
            run_shown(*ctx_, arg, out_, true);
        } catch (const base::Error& e) {
            failed_ = true;
            out_ << std::flush;
            err_ << lang::error_report(e, arg, "<repl>") << "\n";
        }
        err_ << std::flush;
    } else if (name == "save") {
        // `]save FILE EXPR`: a terminal cannot show a picture or a plot; a file can
        size_t gap = arg.find_first_of(" \t");
        std::string path = arg.substr(0, gap), expr = gap == std::string::npos ? "" : arg.substr(gap + 1);
        try {
            if (path.empty() || expr.find_first_not_of(" \t") == std::string::npos)
                throw base::Error(base::ErrorKind::Domain, "]save FILE EXPR (FILE ends .svg .png .html .txt or .md)");
            lang::run(*ctx_, expr, [&](const lang::Value& v) {
                std::string type = session::save_rendering(v, path);
                out_ << "saved " << path << " (" << type << ")\n";
            });
        } catch (const base::Error& e) {
            failed_ = true;
            err_ << lang::error_report(e, expr, "<repl>") << "\n";
        }
        out_ << std::flush;
    } else {
        failed_ = true;
        err_ << "unknown command ]" << name << " (try ]help)\n" << std::flush;
    }
}

std::string llms_text() {
    static const char* const DOC =
#include "llms_text.inc"
        ;
    std::string text = DOC;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    text += "\n\n## Glyphs\n\n";
    for (const GlyphKey& row : glyph_keys()) text += std::string("- `") + row.glyph + "` " + row.name + ": " + row.help + "\n";
    return text;
}

void Repl::help(const std::string& topic) {
    auto row_line = [](const GlyphKey& row) {
        std::string key = row.key ? std::string(" (`") + row.key + ")" : "";
        return std::string(row.glyph) + "  " + row.name + key + ": " + row.help;
    };
    if (topic.empty()) {
        out_ << "Commands: ]help name  ]help llms  ]display expr  ]dissect expr  ]box on|off|?\n"
                "          ]save file expr  ]clear\n"
                "Glyphs: ` then a key types a glyph (`i is ⍳, `` is ⋄, ` and space is `);\n"
                "        Alt and the key does the same; `name then Tab completes a glyph's name.\n"
                "]help ⍳ or ]help iota describes a glyph; ]help f shows a workspace name;\n"
                "]help llms prints a summary of BPL for language models.\n"
             << std::flush;
        return;
    }
    if (topic == "llms") { // a topic, not a name: a workspace name llms does not hide it
        out_ << llms_text() << std::flush;
        return;
    }
    if (const GlyphKey* row = glyph_row(topic)) {
        out_ << row_line(*row) << "\n" << std::flush;
        return;
    }
    if (lang::Value* v = ctx_->globals().find_local(topic)) {
        out_ << topic << ": " << lang::display(*v, lang::display_settings().elide) << "\n" << std::flush;
        return;
    }
    std::vector<const GlyphKey*> rows = glyphs_named(topic);
    if (rows.empty()) {
        failed_ = true;
        err_ << "no help for " << topic << "\n" << std::flush;
        return;
    }
    for (const GlyphKey* row : rows) out_ << row_line(*row) << "\n";
    out_ << std::flush;
}

// `]box on|off|reset|? [-trains=tree|def] [-fns=on|off] [-style=max]`: the boxed-mode settings
// (•prefs "box", "trees" and "fns"), then a line stating them. A word it does not know changes
// nothing.
void Repl::box(const std::string& args) {
    lang::DisplaySettings next = lang::display_settings();
    std::string word;
    for (size_t i = 0; i <= args.size(); i++) {
        if (i < args.size() && args[i] != ' ' && args[i] != '\t') {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(args[i])));
            continue;
        }
        if (word.empty()) continue;
        if (word == "on") next.box = true;
        else if (word == "off") next.box = false;
        else if (word == "reset") next.box = next.trees = next.fns = true;
        else if (word == "-trains=tree") next.trees = true;
        else if (word == "-trains=def") next.trees = false;
        else if (word == "-fns" || word == "-fns=on") next.fns = true;
        else if (word == "-fns=off") next.fns = false;
        else if (word != "?" && word != "-style=max") {
            failed_ = true;
            err_ << "]box on|off|reset|? -trains=tree|def -fns=on|off -style=max: not " << word << "\n" << std::flush;
            return;
        }
        word.clear();
    }
    lang::display_settings() = next;
    out_ << (next.box ? "ON" : "OFF") << " -style=max -trains=" << (next.trees ? "tree" : "def")
         << " -fns=" << (next.fns ? "on" : "off") << "\n" << std::flush;
}

int run_piped(std::istream& in) {
    StdIo io(true);
    Repl repl(io, std::cout, std::cerr);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        base::clear_interrupt(); // a Ctrl-C at the prompt is not this line's
        repl.feed(line);
    }
    repl.finish();
    return repl.failed() ? 1 : 0;
}

} // namespace bpl::cli
