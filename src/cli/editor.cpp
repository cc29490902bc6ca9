// The REPL on a terminal (editor.h), on libedit: prompts, history, glyph keys and completion.
#include "base/interrupt.h"
#include "cli/editor.h"

#include "base/utf8.h"
#include "cli/keys.h"
#include "cli/repl.h"
#include "lang/display.h"
#include "session/session.h"

#include <histedit.h>
#include <langinfo.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <vector>

namespace bpl::cli {

namespace {

volatile std::sig_atomic_t interrupted = 0;

void on_sigint(int) { interrupted = 1; }

// The editor's state, reached from libedit's callbacks through EL_CLIENTDATA.
struct Terminal {
    Repl* repl = nullptr;
    // Where the last backtick key put its glyph (a character index just past it) and the key:
    // Tab after `i and letters completes the name "i…" (`iota Tab gives ⍳).
    int mark_end = -1;
    char mark_key = 0;
    std::string mark_glyph;
};

Terminal& terminal_of(EditLine* el) {
    void* data = nullptr;
    el_get(el, EL_CLIENTDATA, &data);
    return *static_cast<Terminal*>(data);
}

const char* prompt(EditLine* el) {
    return terminal_of(el).repl->pending() ? "    … " : "      ";
}

// The line before the cursor as code points, and the cursor's index.
std::u32string line_before_cursor(EditLine* el) {
    const LineInfoW* li = el_wline(el);
    std::u32string s;
    for (const wchar_t* p = li->buffer; p < li->cursor; p++) s += static_cast<char32_t>(*p);
    return s;
}

unsigned char insert_glyph(EditLine* el, const GlyphKey& row) {
    el_insertstr(el, row.glyph);
    Terminal& t = terminal_of(el);
    t.mark_end = static_cast<int>(line_before_cursor(el).size());
    t.mark_key = row.key;
    t.mark_glyph = row.glyph;
    return CC_REFRESH;
}

// ` then a key: the key's glyph; `` is ⋄ (the table's row for `); ` and space is a backtick;
// any other key types ` and itself.
unsigned char on_backtick(EditLine* el, int) {
    wchar_t c = 0;
    if (el_wgetc(el, &c) != 1) return CC_ERROR;
    if (c == L' ') {
        el_insertstr(el, "`");
        return CC_REFRESH;
    }
    if (c > 0 && c < 128)
        if (const GlyphKey* row = glyph_for_key(static_cast<char>(c))) return insert_glyph(el, *row);
    std::string text = "`";
    base::append_utf8(text, static_cast<char32_t>(c));
    el_insertstr(el, text.c_str());
    return CC_REFRESH;
}

// Alt and a key (the terminal sends Escape, then the key).
unsigned char on_alt(EditLine* el, int ch) {
    if (ch > 0 && ch < 128)
        if (const GlyphKey* row = glyph_for_key(static_cast<char>(ch))) return insert_glyph(el, *row);
    return CC_ERROR;
}

bool name_char(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') ||
           c == U'_' || c == U'∆' || c == U'⍙';
}

// Replaces the `count` code points before the cursor with `text`.
void replace_before(EditLine* el, size_t count, const std::string& text) {
    el_deletestr(el, static_cast<int>(count));
    el_insertstr(el, text.c_str());
}

// Lists candidates under the line, then redraws the prompt and line.
unsigned char list(const std::vector<std::string>& items) {
    std::string out = "\n";
    for (size_t i = 0; i < items.size(); i++) out += (i ? "  " : "") + items[i];
    std::fputs((out + "\n").c_str(), stdout);
    std::fflush(stdout);
    return CC_REDISPLAY;
}

// Tab: a glyph name after ` (or after the glyph a backtick key typed), else a workspace name
// or a •name: one match is completed, several are listed (their common start completed).
unsigned char on_tab(EditLine* el, int) {
    Terminal& t = terminal_of(el);
    std::u32string before = line_before_cursor(el);
    size_t start = before.size();
    while (start > 0 && ((before[start - 1] >= U'a' && before[start - 1] <= U'z') ||
                         (before[start - 1] >= U'A' && before[start - 1] <= U'Z') ||
                         before[start - 1] == U'-'))
        start--;
    std::string letters = base::encode_utf8(before.substr(start));
    std::optional<std::string> glyph_name;
    if (start > 0 && before[start - 1] == U'`') {
        glyph_name = letters;
    } else if (start > 0 && t.mark_end == static_cast<int>(start) && !letters.empty() &&
               base::encode_utf8(before.substr(start - 1, 1)) == t.mark_glyph &&
               std::isalpha(static_cast<unsigned char>(t.mark_key))) {
        glyph_name = std::string(1, t.mark_key) + letters;
    }
    if (glyph_name) {
        std::vector<const GlyphKey*> rows = glyphs_named(*glyph_name);
        if (rows.empty()) return CC_REFRESH_BEEP;
        if (rows.size() == 1) {
            replace_before(el, before.size() - start + 1, rows[0]->glyph);
            t.mark_end = -1;
            return CC_REFRESH;
        }
        std::vector<std::string> items;
        for (const GlyphKey* row : rows) items.push_back(std::string(row->glyph) + " " + row->name);
        return list(items);
    }
    // A workspace name or a system name.
    size_t word = before.size();
    while (word > 0 && name_char(before[word - 1])) word--;
    std::string prefix = base::encode_utf8(before.substr(word));
    bool system = word > 0 && before[word - 1] == U'•';
    std::vector<std::string> pool = system ? session::system_names() : t.repl->names();
    std::vector<std::string> found;
    for (const std::string& n : pool)
        if (n.compare(0, prefix.size(), prefix) == 0) found.push_back(n);
    if (found.empty()) return CC_REFRESH_BEEP;
    std::string common = found[0];
    for (const std::string& n : found) {
        size_t k = 0;
        while (k < common.size() && k < n.size() && common[k] == n[k]) k++;
        common.resize(k);
    }
    if (common.size() > prefix.size()) el_insertstr(el, common.substr(prefix.size()).c_str());
    if (found.size() == 1) return CC_REFRESH;
    if (common.size() > prefix.size()) return CC_REFRESH;
    return list(found);
}

// A key in libedit's binding syntax: `\` and `^` are escaped.
std::string bind_key(char key) {
    if (key == '\\' || key == '^') return std::string("\\") + key;
    return std::string(1, key);
}

// A UTF-8 locale for the editor's character handling, whatever the environment says.
void use_utf8_locale() {
    std::setlocale(LC_CTYPE, "");
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
}

void make_parent_dirs(const std::string& path) {
    for (size_t i = 1; i < path.size(); i++)
        if (path[i] == '/') mkdir(path.substr(0, i).c_str(), 0755);
}

} // namespace

std::string history_path() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && xdg[0] == '/') return std::string(xdg) + "/basedpl/history";
    const char* home = std::getenv("HOME");
    if (home && home[0]) return std::string(home) + "/.config/basedpl/history";
    return "";
}

int run_terminal() {
    use_utf8_locale();
    // At a terminal, results are boxed and functions show as trees (•prefs box trees fns, §24).
    lang::DisplaySettings& shown = lang::display_settings();
    shown.box = shown.trees = shown.fns = true;
    StdIo io(false);
    Repl repl(io, std::cout, std::cerr);
    Terminal term;
    term.repl = &repl;

    HistEvent ev;
    History* hist = history_init();
    history(hist, &ev, H_SETSIZE, 1000);
    history(hist, &ev, H_SETUNIQUE, 1);
    std::string hpath = history_path();
    if (!hpath.empty()) history(hist, &ev, H_LOAD, hpath.c_str());

    EditLine* el = el_init("bpl", stdin, stdout, stderr);
    if (!el) { // no usable terminal: read lines as a pipe would
        history_end(hist);
        return run_piped(std::cin);
    }
    el_set(el, EL_CLIENTDATA, &term);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 1);
    el_set(el, EL_PROMPT, prompt);
    el_set(el, EL_HIST, history, hist);
    // The wide el_wset keeps these static names; the narrow el_set copies them and el_end never
    // frees the copies (a leak LeakSanitizer reports at every exit of the REPL).
    el_wset(el, EL_ADDFN, L"bpl-backtick", L"type a glyph: ` then its key", on_backtick);
    el_wset(el, EL_ADDFN, L"bpl-alt", L"type the glyph of Alt and a key", on_alt);
    el_wset(el, EL_ADDFN, L"bpl-complete", L"complete a name or a `glyph name", on_tab);
    el_set(el, EL_BIND, "`", "bpl-backtick", nullptr);
    el_set(el, EL_BIND, "^I", "bpl-complete", nullptr);
    for (const GlyphKey& row : glyph_keys()) {
        // Escape O and Escape [ start the terminal's cursor-key sequences: no Alt chord there.
        if (row.key == 0 || row.key == 'O' || row.key == '[') continue;
        std::string seq = "\\e" + bind_key(row.key);
        el_set(el, EL_BIND, seq.c_str(), "bpl-alt", nullptr);
    }

    struct sigaction on_int = {}, saved = {};
    on_int.sa_handler = on_sigint; // no SA_RESTART: the editor's read returns and the input is dropped
    sigemptyset(&on_int.sa_mask);
    for (;;) {
        interrupted = 0;
        term.mark_end = -1;
        sigaction(SIGINT, &on_int, &saved);
        int count = 0;
        const char* got = el_gets(el, &count);
        sigaction(SIGINT, &saved, nullptr);
        if (!got) {
            if (interrupted || (count < 0 && errno == EINTR)) { // Ctrl-C: drop the input
                repl.cancel();
                std::fputs("\n", stdout);
                std::fflush(stdout);
                continue;
            }
            break; // Ctrl-D on an empty line, or the terminal went away
        }
        std::string line(got, static_cast<size_t>(count));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (interrupted) {
            repl.cancel();
            continue;
        }
        if (line.find_first_not_of(" \t") != std::string::npos) {
            history(hist, &ev, H_ENTER, line.c_str());
            if (!hpath.empty()) {
                make_parent_dirs(hpath);
                history(hist, &ev, H_SAVE, hpath.c_str());
            }
        }
        base::clear_interrupt(); // a Ctrl-C at the prompt is not this line's
        repl.feed(line);
    }
    std::fputs("\n", stdout);
    el_end(el);
    history_end(hist);
    return 0;
}

} // namespace bpl::cli
