// Files and paths (operators-and-system.md §21.1): •nget •nput •path •path⁻ •copy •rename
// •remove •mkdir, each with its path as a shy result. Writes never replace an existing file: data goes to a temporary name beside
// the target and is renamed into place without replacement, so a failed write leaves nothing.
// Relative paths resolve against the working directory (the file holding the code: later).
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "value/array.h"

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

Value nput(const Value& alpha, const Value& omega) {
    // options: path (the main option: plain text on the left) and overwrite
    std::optional<Value> path_v;
    bool overwrite = false;
    for (const auto& [name, v] : options_of(alpha, "•nput", {"path", "overwrite", "encoding", "unique", "prefix"}, "path")) {
        if (name == "path") path_v = v;
        else if (name == "overwrite") overwrite = flag_of(v, "•nput's overwrite");
        else throw Error(ErrorKind::Unsupported, "•nput's option \"" + name + "\" is not supported yet");
    }
    if (!path_v) throw Error(ErrorKind::Domain, "•nput needs a path");
    std::string p = path_of(*path_v, "•nput's path");
    std::string bytes = bytes_of(omega, "•nput's data"); // checked before any file is touched
    if (p == "-") {
        std::cout << bytes << std::flush;
    } else {
        std::error_code ec;
        if (overwrite && fs::is_directory(p, ec)) io_error("•nput will not replace the folder", p, EISDIR);
        write_new(p, bytes, overwrite);
    }
    return Value::integer(static_cast<int64_t>(bytes.size()));
}

Value path(const Value& omega) {
    return map_text(omega, "•path's text", [](const std::u32string& s) {
        std::string u = utf8(s);
        fs::path p(u);
        std::string ext = p.extension().string();
        if (!ext.empty()) ext.erase(0, 1);
        return record({{"parent", text(p.parent_path().string())},
                       {"stem", text(p.stem().string())},
                       {"extension", text(ext)},
                       {"name", text(p.filename().string())}});
    });
}

Value path_join(const Value& omega) {
    // the record •path gives: parent/name (the other fields follow from them)
    std::optional<Value> parent, name;
    for (auto& [key, v] : fields_of(omega, "•path⁻'s argument")) {
        if (key == "parent") parent = v;
        else if (key == "name") name = v;
    }
    if (!parent || !name) throw Error(ErrorKind::Domain, "•path⁻ takes a record with a parent and a name");
    fs::path p(text_of(*parent, "•path⁻'s parent"));
    return text((p / text_of(*name, "•path⁻'s name")).string());
}

Value make_dir(const Value& omega) {
    std::string p = path_of(omega, "•mkdir's path");
    std::error_code ec;
    if (fs::exists(p, ec)) io_error("•mkdir: there is already", p, EEXIST);
    fs::create_directories(p, ec);
    if (ec) io_error("•mkdir cannot make", p, ec.value());
    return text(p);
}

Value remove_path(const Value& omega) {
    std::string p = path_of(omega, "•remove's path");
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(p, ec))) io_error("•remove: there is no", p, ENOENT);
    fs::remove(p, ec); // a folder must be empty (the recurse option comes with records)
    if (ec) io_error("•remove cannot remove", p, ec.value());
    return text(p);
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
