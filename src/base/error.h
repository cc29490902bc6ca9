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
};

// "SYNTAX ERROR", "VALUE ERROR", ...; the words the reference prints.
const char* name(ErrorKind kind);
// The kind whose name() is `text` ("DOMAIN ERROR" or "DOMAIN"); false when there is none.
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
    ErrorKind kind() const noexcept { return kind_; }
    Site site() const noexcept { return site_; }
    // Sets the site when it is still unknown; returns *this for rethrowing.
    Error& at(Site site) noexcept {
        if (site_.begin < 0) site_ = site;
        return *this;
    }

  private:
    ErrorKind kind_;
    Site site_;
};

[[noreturn]] void fail(ErrorKind kind, const std::string& message);

// The LIMIT ERROR that memory the machine cannot give (std::bad_alloc) or a size the library
// refuses (std::length_error) becomes, wherever it is caught (a statement, an error guard).
Error memory_limit_error(const std::exception& e);

} // namespace bpl::base
