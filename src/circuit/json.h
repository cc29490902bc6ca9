// A small JSON value with a strict parser and a writer that formats numbers and indentation
// exactly as JavaScript's JSON.stringify does, so Python and TypeScript artifacts match byte for byte.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpl::circuit {

class Json {
  public:
    enum class Type { Null, Bool, Number, String, Array, Object };

    Json() = default;
    static Json null() { return Json(); }
    static Json boolean(bool b);
    static Json number(double d);
    static Json string(std::string s);
    static Json array();
    static Json object();

    Type type() const { return type_; }
    bool is_null() const { return type_ == Type::Null; }
    bool is_number() const { return type_ == Type::Number; }
    bool is_string() const { return type_ == Type::String; }
    bool is_array() const { return type_ == Type::Array; }
    bool is_object() const { return type_ == Type::Object; }
    bool is_bool() const { return type_ == Type::Bool; }
    bool as_bool() const { return bool_; }
    double as_number() const { return number_; }
    const std::string& as_string() const { return string_; }
    const std::vector<Json>& items() const { return items_; }
    const std::vector<std::pair<std::string, Json>>& members() const { return members_; }
    // The member named `key`, or nullptr.
    const Json* find(std::string_view key) const;

    // Appends to an array / an object (keys keep insertion order; no duplicate check).
    Json& push(Json v);
    Json& set(std::string key, Json v);

  private:
    Type type_ = Type::Null;
    bool bool_ = false;
    double number_ = 0.0;
    std::string string_;
    std::vector<Json> items_;
    std::vector<std::pair<std::string, Json>> members_;
};

// Thrown by parse_json: message says what and where (byte offset).
class JsonError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Parses strict JSON (RFC 8259; no NaN/Infinity, no trailing text). Numbers that overflow to
// infinity and duplicate object keys are rejected. Throws JsonError.
Json parse_json(std::string_view text);

// JavaScript's Number.prototype.toString for a finite double (-0 writes "0").
std::string format_number(double d);

// JSON.stringify(value, null, indent): compact when indent <= 0.
std::string write_json(const Json& value, int indent = 0);

} // namespace bpl::circuit
