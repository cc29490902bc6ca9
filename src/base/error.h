// Error and ErrorKind: the one exception type for statement-ending language errors (syntax, name,
// shape, type, construction, host I/O). Kernels never throw; they record into the error slot.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace bpl::base {

// One row per kind; name() gives the spelling the reference prints ("DOMAIN ERROR").
enum class ErrorKind : uint8_t {
    Syntax,
    Value,
    Domain,
    Length,
    Rank,
    Index,
    Limit,
    Nonce,
    Unsupported,
    Interrupt,
    Io,
    Internal,
    Program, // a kind the program names (•signal "notfound": NOTFOUND ERROR); see Error::program
};

// "SYNTAX ERROR", "VALUE ERROR", ...; the words the reference prints.
const char* name(ErrorKind kind);
// The built-in kind whose name() is `text` ("DOMAIN ERROR" or "DOMAIN"); false when there is
// none (a program's own kinds are not built in).
bool kind_of_name(const std::string& text, ErrorKind* out);

// A source position: byte offsets into the statement's text; -1 when unknown.
struct Site {
    int32_t begin = -1;
    int32_t end = -1;
};

// Thrown for every language error. Carries the kind, a message, and where it happened.
class Error : public std::runtime_error {
  public:
    Error(ErrorKind kind, const std::string& message, Site site = {})
        : std::runtime_error(message), kind_(kind), site_(site) {}
    // An error of the program's own kind `word` (one upper-case word, not a built-in kind).
    static Error program(std::string word, const std::string& message) {
        Error e(ErrorKind::Program, message);
        e.program_kind_ = std::move(word);
        return e;
    }
    ErrorKind kind() const noexcept { return kind_; }
    // The word of a program kind ("NOTFOUND"); empty for the built-in kinds.
    const std::string& program_kind() const noexcept { return program_kind_; }
    // The kind as a report spells it: name(kind()), or "NOTFOUND ERROR" for a program kind.
    std::string kind_name() const;
    Site site() const noexcept { return site_; }
    // The same kind with `message` and no site: for an error whose site points into another
    // text (a module's, an executed string's) as it reaches the caller's.
    Error elsewhere(const std::string& message) const {
        Error e(kind_, message);
        e.program_kind_ = program_kind_;
        return e;
    }
    // Sets the site when it is still unknown; returns *this for rethrowing.
    Error& at(Site site) noexcept {
        if (site_.begin < 0) site_ = site;
        return *this;
    }

  private:
    ErrorKind kind_;
    Site site_;
    std::string program_kind_;
};

[[noreturn]] void fail(ErrorKind kind, const std::string& message);

// The LIMIT ERROR that memory the machine cannot give (std::bad_alloc) or a size the library
// refuses (std::length_error) becomes, wherever it is caught (a statement, an error guard).
Error memory_limit_error(const std::exception& e);

} // namespace bpl::base
