// •metadata and •readdir (operators-and-system.md §21.1): what the file system says about paths,
// as a table (a record of columns, one item per path; names.h's record()). A path that does not
// exist has kind "none" and empty fields; it is never an error. •readdir lists a folder's
// entries (without "." and ".."), sorted by path, as the same table; options `glob` (a shell
// pattern for the paths below the folder, fnmatch(3) with FNM_PATHNAME; plain text on the left) and `recurse` (every entry below). Links are reported as
// links (lstat), with their target.
#include "session/names.h"

#include "base/error.h"
#include "value/array.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <fcntl.h>
#include <fnmatch.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;
namespace fs = std::filesystem;

namespace {

// One path's facts, as the table's columns hold them.
struct Entry {
    std::string path, name, kind = "none", target, owner;
    int64_t len = 0, uid = -1, mode = 0;
    double modified = NAN, accessed = NAN, created = NAN;
    bool readonly = false, hidden = false, readable = false, writable = false, executable = false;
};

double seconds(const struct statx_timestamp& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

Entry entry_of(const std::string& p) {
    Entry e;
    e.path = p;
    e.name = fs::path(p).filename().string();
    if (e.name.empty()) e.name = fs::path(p).parent_path().filename().string(); // "dir/"
    e.hidden = !e.name.empty() && e.name[0] == '.' && e.name != "." && e.name != "..";
    struct statx st {};
    if (statx(AT_FDCWD, p.c_str(), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS | STATX_BTIME, &st) != 0)
        return e; // kind "none"
    mode_t m = st.stx_mode;
    e.kind = S_ISREG(m) ? "file" : S_ISDIR(m) ? "dir" : S_ISLNK(m) ? "link" : "other";
    if (S_ISLNK(m)) {
        std::error_code ec;
        fs::path t = fs::read_symlink(p, ec);
        if (!ec) e.target = t.string();
    }
    e.len = static_cast<int64_t>(st.stx_size);
    e.uid = st.stx_uid;
    e.mode = m & 07777;
    e.modified = seconds(st.stx_mtime);
    e.accessed = seconds(st.stx_atime);
    if (st.stx_mask & STATX_BTIME) e.created = seconds(st.stx_btime);
    e.readable = access(p.c_str(), R_OK) == 0;
    e.writable = access(p.c_str(), W_OK) == 0;
    e.executable = access(p.c_str(), X_OK) == 0;
    e.readonly = (m & 0222) == 0;
    std::vector<char> buf(16384);
    struct passwd pw {};
    struct passwd* found = nullptr;
    if (getpwuid_r(st.stx_uid, &pw, buf.data(), buf.size(), &found) == 0 && found) e.owner = pw.pw_name;
    return e;
}

Value int_column(const std::vector<Entry>& es, int64_t Entry::*f) {
    int64_t n = static_cast<int64_t>(es.size());
    base::Ref<ArrayData> a = ArrayData::compact(Kind::Int, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<int64_t>()[i] = es[static_cast<size_t>(i)].*f;
    return Value::array(std::move(a));
}

Value float_column(const std::vector<Entry>& es, double Entry::*f) {
    int64_t n = static_cast<int64_t>(es.size());
    base::Ref<ArrayData> a = ArrayData::compact(Kind::F64, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<double>()[i] = es[static_cast<size_t>(i)].*f;
    return Value::array(std::move(a));
}

Value bool_column(const std::vector<Entry>& es, bool Entry::*f) {
    int64_t n = static_cast<int64_t>(es.size());
    base::Ref<ArrayData> a = ArrayData::compact(Kind::Bool, {n});
    for (int64_t i = 0; i < n; i++) a->items_as<uint8_t>()[i] = es[static_cast<size_t>(i)].*f ? 1 : 0;
    return Value::array(std::move(a));
}

Value text_column(const std::vector<Entry>& es, std::string Entry::*f) {
    std::vector<Value> items;
    for (const Entry& e : es) items.push_back(text(e.*f));
    int64_t n = static_cast<int64_t>(items.size());
    return value::make_array({n}, std::move(items), value::char_vector(U""));
}

// The table of the entries (columns in the order of §21.1).
Value table(const std::vector<Entry>& es) {
    return record({{"path", text_column(es, &Entry::path)},
                   {"name", text_column(es, &Entry::name)},
                   {"kind", text_column(es, &Entry::kind)},
                   {"target", text_column(es, &Entry::target)},
                   {"len", int_column(es, &Entry::len)},
                   {"modified", float_column(es, &Entry::modified)},
                   {"accessed", float_column(es, &Entry::accessed)},
                   {"created", float_column(es, &Entry::created)},
                   {"readonly", bool_column(es, &Entry::readonly)},
                   {"hidden", bool_column(es, &Entry::hidden)},
                   {"readable", bool_column(es, &Entry::readable)},
                   {"writable", bool_column(es, &Entry::writable)},
                   {"executable", bool_column(es, &Entry::executable)},
                   {"uid", int_column(es, &Entry::uid)},
                   {"mode", int_column(es, &Entry::mode)},
                   {"owner", text_column(es, &Entry::owner)}});
}

std::string checked_path(const std::u32string& s, const char* what) {
    std::string p = utf8(s);
    if (p.empty()) throw Error(ErrorKind::Domain, std::string(what) + " is empty");
    if (p.find('\0') != std::string::npos) throw Error(ErrorKind::Domain, std::string(what) + " holds a NUL");
    return p;
}

} // namespace

Value metadata(const Value& omega) {
    // one path: a table of one row; a vector of paths: one row each (§19.1: •metadata's own rule)
    Value r = omega.read();
    std::vector<Entry> es;
    if (is_text(r)) {
        es.push_back(entry_of(checked_path(chars_of(r, "•metadata's path"), "•metadata's path")));
    } else {
        if (r.is_atom() || r.rank() != 1 || !r.array_data().is_boxed())
            throw Error(ErrorKind::Domain, "•metadata takes a path or a vector of paths");
        for (const Value& x : r.array_data().boxed_items())
            es.push_back(entry_of(checked_path(chars_of(x, "•metadata's path"), "•metadata's path")));
    }
    return table(es);
}

namespace {

Value read_folder(const Value& omega, const std::string& glob, bool recurse) {
    std::string dir = checked_path(chars_of(omega, "•readdir's folder"), "•readdir's folder");
    std::error_code ec;
    std::vector<std::string> paths;
    // the glob matches an entry's path below the folder, `*` never crossing a `/` (core:6351:
    // "*.txt" keeps a.txt, not s/b.txt; "*/*.txt" keeps s/b.txt)
    auto keep = [&](const fs::path& p) {
        if (glob.empty() || fnmatch(glob.c_str(), p.lexically_relative(dir).c_str(), FNM_PATHNAME) == 0)
            paths.push_back(p.string());
    };
    if (recurse) { // every entry below, links not followed
        fs::recursive_directory_iterator it(dir, ec);
        if (ec) throw Error(ErrorKind::Io, "•readdir cannot read \"" + dir + "\": " + ec.message());
        for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (ec) break;
            keep(it->path());
        }
    } else {
        fs::directory_iterator it(dir, ec);
        if (ec) throw Error(ErrorKind::Io, "•readdir cannot read \"" + dir + "\": " + ec.message());
        for (; it != fs::directory_iterator(); it.increment(ec)) {
            if (ec) break;
            keep(it->path());
        }
    }
    if (ec) throw Error(ErrorKind::Io, "•readdir cannot read \"" + dir + "\": " + ec.message());
    std::sort(paths.begin(), paths.end());
    std::vector<Entry> es;
    for (const std::string& p : paths) es.push_back(entry_of(p));
    return table(es);
}

} // namespace

Value readdir(const Value& omega) { return read_folder(omega, "", false); }

Value readdir_dyad(const Value& alpha, const Value& omega) {
    // options: glob (the main option: a shell pattern for the entries' names), recurse
    std::string glob;
    bool recurse = false;
    for (const auto& [name, v] : options_of(alpha, "•readdir", {"glob", "recurse"}, "glob")) {
        if (name == "glob") glob = text_of(v, "•readdir's glob");
        else recurse = flag_of(v, "•readdir's recurse");
    }
    return read_folder(omega, glob, recurse);
}

} // namespace bpl::session
