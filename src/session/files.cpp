// Files and paths (operators-and-system.md §21.1): •nget •nput •path •path⁻ •copy •rename
// •remove •mkdir, each with its path as a shy result, and their options (•nput's encoding, unique
// and prefix, •path's absolute, •mkdir's unique and prefix, •remove's recurse). Writes never replace an existing file: data goes to a temporary name beside
// the target and is renamed into place without replacement, so a failed write leaves nothing.
// Relative paths resolve against the working directory (the file holding the code: later).
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "value/array.h"
#include "value/layout.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
namespace fs = std::filesystem;
using value::Shape;

namespace {

[[noreturn]] void io_error(const std::string& what, const std::string& path, int err) {
    throw Error(ErrorKind::Io, what + " \"" + path + "\": " + std::strerror(err));
}

std::string path_of(const Value& v, const char* what) {
    std::string p = text_of(v, what);
    if (p.empty()) throw Error(ErrorKind::Domain, std::string(what) + " is empty");
    if (p.find('\0') != std::string::npos) throw Error(ErrorKind::Domain, std::string(what) + " holds a NUL");
    return p;
}

// Renames `from` to `to` unless `to` exists (atomically where the file system can).
int rename_no_replace(const std::string& from, const std::string& to) {
    if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return errno;
    // a file system without RENAME_NOREPLACE: a hard link fails when `to` exists
    if (link(from.c_str(), to.c_str()) != 0) return errno;
    unlink(from.c_str());
    return 0;
}

// mkstemp makes a file its owner's only; a written file gets the usual 0666 less the umask.
void fchmod_default(const std::string& p) {
    mode_t mask = umask(0);
    umask(mask);
    chmod(p.c_str(), 0666 & ~mask);
}

// Writes `bytes` to the new file `path`: a temporary file in the same folder, then a rename
// that fails if `path` exists (with `replace`, a rename that replaces it atomically). Leaves no
// file behind on failure.
void write_new(const std::string& path, std::string_view bytes, bool replace = false) {
    fs::path target(path);
    fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".bpl-XXXXXX")).string();
    int fd = mkstemp(tmpl.data());
    if (fd < 0) io_error("•nput cannot write beside", path, errno);
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int err = errno;
            ::close(fd);
            unlink(tmpl.c_str());
            io_error("•nput cannot write", path, err);
        }
        done += static_cast<size_t>(n);
    }
    if (::close(fd) != 0) {
        int err = errno;
        unlink(tmpl.c_str());
        io_error("•nput cannot write", path, err);
    }
    fchmod_default(tmpl);
    if (int err = replace ? (std::rename(tmpl.c_str(), path.c_str()) == 0 ? 0 : errno) : rename_no_replace(tmpl, path)) {
        unlink(tmpl.c_str());
        io_error("•nput will not replace", path, err);
    }
}

} // namespace

std::string file_bytes(const Value& path, const char* who) {
    std::string p = path_of(path, (std::string(who) + "'s path").c_str());
    if (p == "-") return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    std::ifstream in(p, std::ios::binary);
    std::error_code ec;
    std::string cannot = std::string(who) + " cannot read";
    if (!in || fs::is_directory(p, ec)) io_error(cannot, p, in ? EISDIR : errno);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) io_error(cannot, p, errno);
    return ss.str();
}

Value nget(const Value& omega) {
    return value::char_vector(base::decode_utf8(file_bytes(omega, "•nget")));
}

Value nget_dyad(const Value& alpha, const Value& omega) {
    bool binary = false;
    for (const auto& [name, v] : options_of(alpha, "•nget", {"binary"}, ""))
        if (name == "binary") binary = flag_of(v, "•nget's binary");
    std::string bytes = file_bytes(omega, "•nget");
    return binary ? byte_vector(bytes) : value::char_vector(base::decode_utf8(bytes));
}

namespace {

// Text as the bytes of `encoding` (§21.1 •nput's option): UTF-8, UTF-16 or UTF-32 in either byte
// order (no byte-order mark), or ISO-8859-1 (characters past ÿ DOMAIN). Other names DOMAIN.
std::string encoded(const std::u32string& s, const std::string& encoding) {
    std::string name;
    for (char c : encoding) name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::string out;
    if (name == "UTF-8") return utf8(s);
    if (name == "ISO-8859-1" || name == "LATIN1") {
        for (char32_t c : s) {
            if (c > 0xFF) throw Error(ErrorKind::Domain, "•nput: a character has no ISO-8859-1 byte");
            out += static_cast<char>(c);
        }
        return out;
    }
    auto unit = [&](uint32_t u, int bytes, bool big) {
        for (int i = 0; i < bytes; i++) {
            int shift = 8 * (big ? bytes - 1 - i : i);
            out += static_cast<char>((u >> shift) & 0xFF);
        }
    };
    bool big = name.size() > 2 && name.compare(name.size() - 2, 2, "BE") == 0;
    std::string base = name.size() > 2 && (big || name.compare(name.size() - 2, 2, "LE") == 0)
                           ? name.substr(0, name.size() - 2)
                           : "";
    if (base == "UTF-16") {
        for (char32_t c : s) {
            if (c < 0x10000) unit(c, 2, big);
            else {
                unit(0xD800 + ((c - 0x10000) >> 10), 2, big);
                unit(0xDC00 + ((c - 0x10000) & 0x3FF), 2, big);
            }
        }
        return out;
    }
    if (base == "UTF-32") {
        for (char32_t c : s) unit(c, 4, big);
        return out;
    }
    throw Error(ErrorKind::Domain, "•nput's encoding is UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or ISO-8859-1");
}

// A new file or folder's unique name inside `dir` (made, with its parents, if missing), starting
// with `prefix`: mkstemp/mkdtemp's six random characters after it.
std::string unique_template(const std::string& dir, const std::string& prefix, const char* who) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) io_error(std::string(who) + " cannot make", dir, ec.value());
    if (prefix.find('/') != std::string::npos) throw Error(ErrorKind::Domain, std::string(who) + "'s prefix is a name, not a path");
    return (fs::path(dir) / (prefix + "XXXXXX")).string();
}

// The options `unique` and `prefix` (which needs unique), shared by •nput and •mkdir.
struct Unique {
    bool on = false;
    std::optional<std::string> prefix;
    void check(const char* who) const {
        if (prefix && !on) throw Error(ErrorKind::Domain, std::string(who) + "'s prefix needs the unique option");
    }
};

} // namespace

Value nput(const Value& alpha, const Value& omega) {
    // options: path (the main option: plain text on the left), overwrite, encoding, unique, prefix
    std::optional<Value> path_v;
    bool overwrite = false;
    std::optional<std::string> encoding;
    Unique unique;
    for (const auto& [name, v] : options_of(alpha, "•nput", {"path", "overwrite", "encoding", "unique", "prefix"}, "path")) {
        if (name == "path") path_v = v;
        else if (name == "overwrite") overwrite = flag_of(v, "•nput's overwrite");
        else if (name == "encoding") encoding = text_of(v, "•nput's encoding");
        else if (name == "unique") unique.on = flag_of(v, "•nput's unique");
        else unique.prefix = text_of(v, "•nput's prefix");
    }
    unique.check("•nput");
    if (!path_v) throw Error(ErrorKind::Domain, "•nput needs a path");
    std::string p = path_of(*path_v, "•nput's path");
    // the data is checked before any file is touched
    std::string bytes = encoding && is_text(omega) ? encoded(chars_of(omega, "•nput's data"), *encoding)
                                                   : bytes_of(omega, "•nput's data");
    if (unique.on) { // a new file inside the folder p: its path is the result
        if (overwrite) throw Error(ErrorKind::Domain, "•nput: a unique file is never an overwrite");
        std::string tmpl = unique_template(p, unique.prefix.value_or(""), "•nput");
        int fd = mkstemp(tmpl.data());
        if (fd < 0) io_error("•nput cannot make a file in", p, errno);
        ::close(fd);
        write_new(tmpl, bytes, true); // replaces the empty placeholder atomically
        return text(tmpl);
    }
    if (p == "-") {
        std::cout << bytes << std::flush;
    } else {
        std::error_code ec;
        if (overwrite && fs::is_directory(p, ec)) io_error("•nput will not replace the folder", p, EISDIR);
        write_new(p, bytes, overwrite);
    }
    return Value::integer(static_cast<int64_t>(bytes.size()));
}

namespace {

// The parts of one path: parent stem extension name.
std::array<std::string, 4> parts_of(const std::u32string& s, bool absolute) {
    std::string u = utf8(s);
    fs::path p(u);
    if (absolute && !u.empty()) p = (fs::current_path() / p).lexically_normal(); // no disk access
    std::string ext = p.extension().string();
    if (!ext.empty()) ext.erase(0, 1);
    return {p.parent_path().string(), p.stem().string(), ext, p.filename().string()};
}

constexpr std::string_view PARTS[] = {"parent", "stem", "extension", "name"};

// •path of a text: the record of its parts; of an array of texts (§19.1: •path's own array
// rule): the record of columns of parts in the array's shape.
Value path_parts(const Value& omega, bool absolute) {
    Value r = omega.read();
    if (is_text(r)) {
        std::array<std::string, 4> p = parts_of(chars_of(r, "•path's text"), absolute);
        return record({{PARTS[0], text(p[0])}, {PARTS[1], text(p[1])}, {PARTS[2], text(p[2])}, {PARTS[3], text(p[3])}});
    }
    if (r.is_atom() || !r.array_data().is_boxed()) throw Error(ErrorKind::Domain, "•path's text must be a string");
    std::array<std::vector<Value>, 4> columns;
    for (const Value& x : r.array_data().boxed_items()) {
        std::array<std::string, 4> p = parts_of(chars_of(x, "•path's text"), absolute);
        for (size_t k = 0; k < 4; k++) columns[k].push_back(text(p[k]));
    }
    std::vector<std::pair<std::string, Value>> out;
    for (size_t k = 0; k < 4; k++)
        out.emplace_back(std::string(PARTS[k]), value::make_array(r.shape(), std::move(columns[k]), text("")));
    return value::record(std::move(out));
}

// A folder, made (`unique`: a new one inside it).
Value make_folder(const Value& omega, const Unique& unique) {
    unique.check("•mkdir");
    std::string p = path_of(omega, "•mkdir's path");
    if (unique.on) { // a new folder inside p
        std::string tmpl = unique_template(p, unique.prefix.value_or(""), "•mkdir");
        if (!mkdtemp(tmpl.data())) io_error("•mkdir cannot make a folder in", p, errno);
        return text(tmpl);
    }
    std::error_code ec;
    if (fs::exists(p, ec)) io_error("•mkdir: there is already", p, EEXIST);
    fs::create_directories(p, ec);
    if (ec) io_error("•mkdir cannot make", p, ec.value());
    return text(p);
}

Value remove_entry(const Value& omega, bool recurse) {
    std::string p = path_of(omega, "•remove's path");
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(p, ec))) io_error("•remove: there is no", p, ENOENT);
    if (recurse) fs::remove_all(p, ec); // a folder with everything in it (links not followed)
    else fs::remove(p, ec);             // a folder must be empty
    if (ec) io_error("•remove cannot remove", p, ec.value());
    return text(p);
}

} // namespace

Value path(const Value& omega) { return path_parts(omega, false); }

Value path_dyad(const Value& alpha, const Value& omega) {
    bool absolute = false;
    for (const auto& [name, v] : options_of(alpha, "•path", {"absolute"}, ""))
        if (name == "absolute") absolute = flag_of(v, "•path's absolute");
    return path_parts(omega, absolute);
}

Value path_join(const Value& omega) {
    // the record •path gives: parent and name, or parent, stem and extension (name wins); each
    // a text, or an array of texts of one shape (then each item is joined)
    std::optional<Value> parent, name, stem, extension;
    for (auto& [key, v] : fields_of(omega, "•path⁻'s argument")) {
        if (key == "parent") parent = v.read();
        else if (key == "name") name = v.read();
        else if (key == "stem") stem = v.read();
        else if (key == "extension") extension = v.read();
    }
    if (!name && !stem) throw Error(ErrorKind::Domain, "•path⁻ takes a record with a name, or a stem");
    std::optional<Shape> shape; // of the fields that are arrays of texts
    for (const std::optional<Value>* f : {&parent, &name, &stem, &extension}) {
        if (!*f || is_text(**f)) continue;
        if ((*f)->is_atom() || !(*f)->array_data().is_boxed()) throw Error(ErrorKind::Domain, "•path⁻'s parts are texts");
        if (shape && *shape != (*f)->shape()) throw Error(ErrorKind::Length, "•path⁻'s parts must have one shape");
        shape = (*f)->shape();
    }
    auto part = [&](const std::optional<Value>& f, size_t i, const char* what) -> std::string {
        if (!f) return "";
        if (is_text(*f)) return text_of(*f, what);
        return text_of(f->array_data().boxed_items()[i], what);
    };
    auto join = [&](size_t i) {
        std::string file;
        if (name) file = part(name, i, "•path⁻'s name");
        else {
            file = part(stem, i, "•path⁻'s stem");
            std::string ext = part(extension, i, "•path⁻'s extension");
            if (!ext.empty()) file += "." + ext;
        }
        return text((fs::path(part(parent, i, "•path⁻'s parent")) / file).string());
    };
    if (!shape) return join(0);
    std::vector<Value> out;
    for (size_t i = 0; i < static_cast<size_t>(value::count_of(*shape)); i++) out.push_back(join(i));
    return value::make_array(*shape, std::move(out), text(""));
}

Value make_dir(const Value& omega) { return make_folder(omega, Unique()); }

Value make_dir_dyad(const Value& alpha, const Value& omega) {
    Unique unique;
    for (const auto& [name, v] : options_of(alpha, "•mkdir", {"unique", "prefix"}, "")) {
        if (name == "unique") unique.on = flag_of(v, "•mkdir's unique");
        else unique.prefix = text_of(v, "•mkdir's prefix");
    }
    return make_folder(omega, unique);
}

Value remove_path(const Value& omega) { return remove_entry(omega, false); }

Value remove_path_dyad(const Value& alpha, const Value& omega) {
    bool recurse = false;
    for (const auto& [name, v] : options_of(alpha, "•remove", {"recurse"}, ""))
        if (name == "recurse") recurse = flag_of(v, "•remove's recurse");
    return remove_entry(omega, recurse);
}

Value copy_path(const Value& alpha, const Value& omega) {
    std::string to = path_of(alpha, "•copy's target"), from = path_of(omega, "•copy's source");
    std::error_code ec;
    if (!fs::exists(from, ec)) io_error("•copy: there is no", from, ENOENT);
    if (fs::exists(fs::symlink_status(to, ec))) io_error("•copy will not replace", to, EEXIST);
    fs::copy(from, to, fs::copy_options::recursive, ec); // a folder with everything in it
    if (ec) io_error("•copy cannot copy to", to, ec.value());
    return text(to);
}

Value rename_path(const Value& alpha, const Value& omega) {
    std::string to = path_of(alpha, "•rename's target"), from = path_of(omega, "•rename's source");
    if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0) {
        int err = errno;
        io_error(err == EEXIST ? "•rename will not replace" : "•rename cannot move to", to, err);
    }
    return text(to);
}

} // namespace bpl::session
