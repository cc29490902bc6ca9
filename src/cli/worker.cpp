// `bpl --worker` (worker.h; operators-and-system.md §25.2): requests read on a thread of their
// own (so an interrupt arrives while a request runs), evaluated one at a time in one workspace,
// each answered by one flushed line. Values travel in the spec's JSON form both ways; number
// texts are kept from the parser (nlohmann's SAX reader) so integers of any size stay exact.
#include "cli/worker.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/utf8.h"
#include "cli/repl.h"
#include "lang/display.h"
#include "lang/exec.h"
#include "lang/function.h"
#include "lang/lexer.h"
#include "lang/run.h"
#include "number/exact.h"
#include "session/session.h"
#include "value/array.h"
#include "value/layout.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

namespace bpl::cli {

namespace {

using value::ArrayData;
using value::Kind;
using value::Value;

// ---- A JSON tree that keeps each number's text

struct Json {
    enum Type { Null, Bool, Int, Float, String, List, Object } type = Null;
    bool b = false;
    std::string text; // Int and Float: the number as written; String: its value
    std::vector<Json> items;
    std::vector<std::string> keys; // an Object's keys, and its values in `items`

    const Json* get(std::string_view key) const {
        if (type != Object) return nullptr;
        for (size_t i = 0; i < keys.size(); i++)
            if (keys[i] == key) return &items[i];
        return nullptr;
    }
};

// Builds a Json from nlohmann's SAX events.
struct Builder : nlohmann::json_sax<nlohmann::json> {
    Json root;
    std::vector<Json*> open;
    std::string pending_key;
    std::string error;

    Json* put(Json j) {
        if (open.empty()) {
            root = std::move(j);
            return &root;
        }
        Json& top = *open.back();
        if (top.type == Json::List) {
            top.items.push_back(std::move(j));
            return &top.items.back();
        }
        top.keys.push_back(pending_key);
        top.items.push_back(std::move(j));
        return &top.items.back();
    }
    bool null() override { return put({}), true; }
    bool boolean(bool v) override {
        Json j;
        j.type = Json::Bool;
        j.b = v;
        return put(std::move(j)), true;
    }
    bool number_integer(number_integer_t v) override { return put({Json::Int, false, std::to_string(v), {}, {}}), true; }
    bool number_unsigned(number_unsigned_t v) override { return put({Json::Int, false, std::to_string(v), {}, {}}), true; }
    bool number_float(number_float_t, const string_t& s) override {
        // an integer too long for 64 bits arrives here too: its text has no point or exponent
        bool integer = s.find_first_of(".eE") == std::string::npos;
        return put({integer ? Json::Int : Json::Float, false, s, {}, {}}), true;
    }
    bool string(string_t& v) override { return put({Json::String, false, v, {}, {}}), true; }
    bool binary(binary_t&) override { return error = "binary values are not JSON text", false; }
    bool start_object(std::size_t) override {
        open.push_back(put({Json::Object, false, {}, {}, {}}));
        return true;
    }
    bool key(string_t& k) override { return pending_key = k, true; }
    bool end_object() override { return open.pop_back(), true; }
    bool start_array(std::size_t) override {
        open.push_back(put({Json::List, false, {}, {}, {}}));
        return true;
    }
    bool end_array() override { return open.pop_back(), true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
        error = e.what();
        return false;
    }
};

// ---- JSON text out

std::string dump(const Json& j) {
    switch (j.type) {
    case Json::Null: return "null";
    case Json::Bool: return j.b ? "true" : "false";
    case Json::Int:
    case Json::Float: return j.text;
    case Json::String: return base::json_string(j.text);
    case Json::List: {
        std::string s = "[";
        for (size_t i = 0; i < j.items.size(); i++) s += (i ? "," : "") + dump(j.items[i]);
        return s + "]";
    }
    case Json::Object: {
        std::string s = "{";
        for (size_t i = 0; i < j.keys.size(); i++)
            s += (i ? "," : "") + base::json_string(j.keys[i]) + ":" + dump(j.items[i]);
        return s + "}";
    }
    }
    return "null";
}

std::string base64(const std::string& bytes) {
    static const char* ABC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t n = (uint32_t(uint8_t(bytes[i])) << 16) | (uint32_t(uint8_t(bytes[i + 1])) << 8) | uint8_t(bytes[i + 2]);
        for (int k = 18; k >= 0; k -= 6) out += ABC[(n >> k) & 63];
    }
    if (i < bytes.size()) {
        uint32_t n = uint32_t(uint8_t(bytes[i])) << 16;
        if (i + 1 < bytes.size()) n |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        out += ABC[(n >> 18) & 63];
        out += ABC[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? ABC[(n >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

// A request the worker cannot take: its reply's error kind is REQUEST ERROR.
struct BadRequest {
    std::string message;
};

// ---- Values as JSON (§25.2)

std::string float_text(double d) {
    if (std::isnan(d)) return "{\"nan\":1}";
    if (std::isinf(d)) return d > 0 ? "{\"infinity\":1}" : "{\"infinity\":-1}";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
}

std::string encode(const Value& value) {
    base::check_interrupt();
    Value v = value.read();
    if (v.is_function()) throw base::Error(base::ErrorKind::Domain, "a function has no JSON form");
    if (v.is_exact()) {
        const number::Exact& e = v.exact();
        if (e.is_integer()) return e.numerator_text();
        return "{\"rational\":[" + base::json_string(e.numerator_text()) + "," + base::json_string(e.denominator_text()) + "]}";
    }
    if (v.is_complex()) return "{\"complex\":[" + float_text(v.re()) + "," + float_text(v.im()) + "]}";
    if (v.is_char()) {
        std::string s;
        base::append_utf8(s, v.as_char());
        return base::json_string(s);
    }
    if (v.is_number()) {
        if (v.kind() == Kind::Bool) return v.as_i64() ? "true" : "false";
        if (number::is_integer(v.kind())) return std::to_string(v.as_i64());
        return float_text(v.as_f64());
    }
    if (!v.is_stored_array()) return "null";
    const ArrayData& a = v.array_data();
    std::string s = "{\"shape\":[";
    for (size_t i = 0; i < a.shape().size(); i++) s += (i ? "," : "") + std::to_string(a.shape()[i]);
    s += "],\"data\":[";
    for (int64_t i = 0; i < a.count(); i++) s += (i ? "," : "") + encode(a.item(i));
    s += "],\"prototype\":" + encode(value::fill_of(a.prototype().read()));
    if (a.layout()) {
        const value::Layout& l = *a.layout();
        bool named = false, keyed = false;
        for (const value::AxisLayout& ax : l.axes()) named = named || ax.name, keyed = keyed || ax.keyed;
        if (keyed) {
            s += ",\"axis_keys\":[";
            for (size_t ax = 0; ax < l.axes().size(); ax++) {
                s += ax ? "," : "";
                if (!l.axes()[ax].keyed) {
                    s += "null";
                    continue;
                }
                s += "[";
                for (size_t i = 0; i < l.axes()[ax].keys.size(); i++) {
                    const auto& k = l.axes()[ax].keys[i];
                    s += (i ? "," : "") + (k ? base::json_string(*k) : std::string("null"));
                }
                s += "]";
            }
            s += "]";
        }
        if (named) {
            s += ",\"axis_names\":[";
            for (size_t ax = 0; ax < l.axes().size(); ax++) {
                const auto& n = l.axes()[ax].name;
                s += (ax ? "," : "") + (n ? base::json_string(*n) : std::string("null"));
            }
            s += "]";
        }
    }
    return s + "}";
}

double float_of(const Json& j, const char* what) {
    if (j.type != Json::Int && j.type != Json::Float) throw BadRequest{std::string(what) + " must be a number"};
    return std::strtod(j.text.c_str(), nullptr);
}

Value decode(const Json& j, int depth) {
    if (depth > 128) throw BadRequest{"an array nested more than 128 levels"};
    switch (j.type) {
    case Json::Null: throw BadRequest{"null is not a BPL value"};
    case Json::Bool: return Value::boolean(j.b);
    case Json::Int: return Value::exact(number::Exact::parse(j.text));
    case Json::Float: return Value::real(std::strtod(j.text.c_str(), nullptr));
    case Json::String: {
        std::u32string cs = base::decode_utf8(j.text);
        if (cs.size() != 1) throw BadRequest{"a character is a string of one character"};
        return Value::character(cs[0]);
    }
    case Json::List: throw BadRequest{"an array is {\"shape\":…,\"data\":…,\"prototype\":…}"};
    case Json::Object: break;
    }
    if (const Json* r = j.get("rational")) {
        if (r->type != Json::List || r->items.size() != 2 || r->items[0].type != Json::String ||
            r->items[1].type != Json::String)
            throw BadRequest{"a rational is {\"rational\":[\"numerator\",\"denominator\"]}"};
        const std::string &n = r->items[0].text, &d = r->items[1].text;
        auto digits = [](const std::string& s) {
            size_t from = !s.empty() && s[0] == '-' ? 1 : 0;
            return s.size() > from && s.find_first_not_of("0123456789", from) == std::string::npos;
        };
        if (!digits(n) || !digits(d) || d.find_first_not_of("0-") == std::string::npos)
            throw BadRequest{"a rational's parts are decimal integers, the denominator not 0"};
        return Value::exact(number::Exact::parse(n, d));
    }
    if (const Json* c = j.get("complex")) {
        if (c->type != Json::List || c->items.size() != 2) throw BadRequest{"a complex number is {\"complex\":[re,im]}"};
        return Value::complex(float_of(c->items[0], "a real part"), float_of(c->items[1], "an imaginary part"));
    }
    if (const Json* i = j.get("infinity")) {
        if (i->type != Json::Int || (i->text != "1" && i->text != "-1")) throw BadRequest{"infinity's sign is 1 or -1"};
        return Value::real(i->text == "1" ? HUGE_VAL : -HUGE_VAL);
    }
    if (j.get("nan")) return Value::real(std::nan(""));
    const Json *shape = j.get("shape"), *data = j.get("data");
    if (!shape || !data || shape->type != Json::List || data->type != Json::List)
        throw BadRequest{"an array is {\"shape\":[…],\"data\":[…],\"prototype\":…}"};
    value::Shape dims;
    for (const Json& d : shape->items) {
        if (d.type != Json::Int || d.text[0] == '-' || d.text.size() > 15) throw BadRequest{"a shape holds lengths"};
        dims.push_back(std::stoll(d.text));
    }
    if (value::count_of(dims) != static_cast<int64_t>(data->items.size()))
        throw BadRequest{"the data's length is not the shape's item count"};
    std::vector<Value> items;
    for (const Json& d : data->items) items.push_back(decode(d, depth + 1));
    Value proto;
    if (const Json* p = j.get("prototype")) proto = value::fill_of(decode(*p, depth + 1));
    else proto = items.empty() ? Value::real(0) : value::fill_of(items[0]);
    Value v = value::make_array(dims, std::move(items), proto);
    const Json *keys = j.get("axis_keys"), *names = j.get("axis_names");
    if (!keys && !names) return v;
    std::vector<value::AxisLayout> axes(dims.size());
    auto list_of = [&](const Json* l, const char* what) {
        if (l->type != Json::List || l->items.size() != dims.size())
            throw BadRequest{std::string(what) + " has one entry per axis"};
    };
    if (keys) {
        list_of(keys, "axis_keys");
        for (size_t ax = 0; ax < dims.size(); ax++) {
            const Json& k = keys->items[ax];
            if (k.type == Json::Null) continue;
            if (k.type != Json::List || static_cast<int64_t>(k.items.size()) != dims[ax])
                throw BadRequest{"an axis's keys are null or one per position"};
            axes[ax].keyed = true;
            for (const Json& key : k.items) {
                if (key.type != Json::Null && key.type != Json::String) throw BadRequest{"a key is a string or null"};
                axes[ax].keys.push_back(key.type == Json::String ? std::optional<std::string>(key.text) : std::nullopt);
            }
        }
    }
    if (names) {
        list_of(names, "axis_names");
        for (size_t ax = 0; ax < dims.size(); ax++) {
            const Json& n = names->items[ax];
            if (n.type == Json::String) axes[ax].name = n.text;
            else if (n.type != Json::Null) throw BadRequest{"an axis name is a string or null"};
        }
    }
    try {
        return value::with_layout(v, value::Layout::of(std::move(axes)));
    } catch (const base::Error& e) {
        throw BadRequest{e.what()};
    }
}

// ---- Output events

// ⎕← events and displayed results, in order, as the reply's "output" items.
class WorkerIo : public lang::Io {
  public:
    void print(const std::string& text) override {
        events.push_back("{\"kind\":\"explicit\",\"data\":{\"text/plain\":" + base::json_string(text) + "}}");
    }
    std::optional<std::string> read_line() override { return std::nullopt; }
    // A result shown: its text, and each other MIME type its renderer gives (PNG in base64).
    void display(const Value& v) {
        std::string data = "{\"text/plain\":" + base::json_string(lang::result_text(v));
        if (!v.is_function())
            for (const auto& [type, content] : session::mime_bundle(v))
                if (type != "text/plain")
                    data += "," + base::json_string(type) + ":" + base::json_string(type == "image/png" ? base64(content) : content);
        events.push_back("{\"kind\":\"display\",\"data\":" + data + "}}");
    }
    std::vector<std::string> events;
};

bool is_name(const std::string& name) {
    try {
        std::vector<lang::Token> t = lang::lex(name);
        return t.size() == 1 && t[0].kind == lang::Tok::Name && t[0].text == name;
    } catch (const base::Error&) {
        return false;
    }
}

// The reply's "result" for one request (id and interrupt handled by the caller). Throws
// BadRequest for a request it cannot take, base::Error for an evaluation's error.
std::string evaluate(const Json& req, lang::Context& ctx, WorkerIo& io) {
    const Json *code = req.get("code"), *call = req.get("call"), *args = req.get("args"),
               *bindings = req.get("bindings"), *echo_field = req.get("echo");
    if (code && code->type != Json::String) throw BadRequest{"code is a string"};
    if (call && call->type != Json::String) throw BadRequest{"call is a function's source, a string"};
    if (code && call) throw BadRequest{"a request has code or call, not both"};
    if (args && !call) throw BadRequest{"args need call"};
    if (!code && !call && !bindings) throw BadRequest{"a request has code, call or bindings"};
    if (echo_field && echo_field->type != Json::Bool) throw BadRequest{"echo is true or false"};
    bool echo = !echo_field || echo_field->b;
    std::vector<Value> arguments;
    if (call) {
        if (!args || args->type != Json::List || args->items.empty() || args->items.size() > 2)
            throw BadRequest{"call needs args: one or two values"};
        for (const Json& a : args->items) arguments.push_back(decode(a, 0));
    }
    if (bindings) {
        if (bindings->type != Json::Object) throw BadRequest{"bindings is an object of names and values"};
        std::vector<std::pair<std::string, Value>> named;
        for (size_t i = 0; i < bindings->keys.size(); i++) {
            const std::string& name = bindings->keys[i];
            const Json& v = bindings->items[i];
            if (!is_name(name)) throw BadRequest{"bindings: " + name + " is not a name"};
            named.emplace_back(name, decode(v, 0));
        }
        for (auto& [name, v] : named) lang::set_global(ctx, name, std::move(v));
    }
    Value last;
    if (code) {
        lang::run_all(ctx, code->text, [&](const Value& v, bool shy) {
            if (echo && !shy && !v.is_none()) io.display(v);
            last = v;
        });
    } else if (call) {
        Value f;
        lang::run_all(ctx, call->text, [&](const Value& v, bool) { f = v; });
        if (!f.is_function()) throw BadRequest{"call: " + call->text + " is not a function"};
        lang::Exec ex(ctx, std::make_shared<const std::string>(call->text));
        const Value* alpha = arguments.size() == 2 ? &arguments[0] : nullptr;
        last = lang::apply(ex, f, alpha, arguments.back());
        if (echo) io.display(last);
    }
    last = last.is_none() ? last : last.read();
    return last.is_none() || last.is_function() ? "null" : encode(last);
}

std::string output_of(const WorkerIo& io) {
    std::string s = "[";
    for (size_t i = 0; i < io.events.size(); i++) s += (i ? "," : "") + io.events[i];
    return s + "]";
}

std::string error_json(const std::string& kind, const std::string& message, std::optional<base::Site> site,
                       const std::string& report) {
    std::string span = site && site->begin >= 0
                           ? "[" + std::to_string(site->begin) + "," + std::to_string(site->end) + "]"
                           : "null";
    return "{\"kind\":" + base::json_string(kind) + ",\"message\":" + base::json_string(message) + ",\"span\":" + span +
           ",\"report\":" + base::json_string(report) + "}";
}

// Lines read on their own thread: interrupts act at once, other requests wait in order.
class Requests {
  public:
    explicit Requests(std::istream& in) : reader_([this, &in] { read(in); }) {}
    ~Requests() { reader_.join(); }
    // The next request line, or nothing at the end of input.
    std::optional<std::string> next() {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !lines_.empty() || ended_; });
        if (lines_.empty()) return std::nullopt;
        std::string line = std::move(lines_.front());
        lines_.pop_front();
        return line;
    }
    // The id of the request running now (its JSON text; empty: none).
    void running(const std::string& id) {
        std::lock_guard<std::mutex> lock(mutex_);
        running_ = id;
    }

  private:
    void read(std::istream& in) {
        std::string line;
        while (std::getline(in, line)) {
            Builder b;
            if (nlohmann::json::sax_parse(line, &b) && b.root.type == Json::Object && b.root.keys.size() == 1) {
                if (const Json* id = b.root.get("interrupt")) {
                    std::lock_guard<std::mutex> lock(mutex_);
                    if (!running_.empty() && dump(*id) == running_) base::request_interrupt();
                    continue;
                }
            }
            std::lock_guard<std::mutex> lock(mutex_);
            lines_.push_back(std::move(line));
            ready_.notify_one();
        }
        std::lock_guard<std::mutex> lock(mutex_);
        ended_ = true;
        ready_.notify_one();
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> lines_;
    bool ended_ = false;
    std::string running_;
    std::thread reader_;
};

} // namespace

int run_worker(std::istream& in, std::ostream& out) {
    WorkerIo io;
    lang::Context ctx(io);
    Requests requests(in);
    while (std::optional<std::string> line = requests.next()) {
        io.events.clear();
        std::string id = "null", result;
        Builder b;
        try {
            if (!nlohmann::json::sax_parse(*line, &b)) throw BadRequest{"not JSON: " + b.error};
            const Json& req = b.root;
            if (req.type != Json::Object) throw BadRequest{"a request is a JSON object"};
            if (const Json* i = req.get("id")) id = dump(*i);
            std::optional<int64_t> ms;
            if (const Json* t = req.get("timeout_ms")) {
                if (t->type != Json::Int || t->text[0] == '-' || t->text.size() > 12)
                    throw BadRequest{"timeout_ms is a nonnegative integer"};
                ms = std::stoll(t->text);
            }
            base::clear_interrupt();
            requests.running(id);
            base::Deadline deadline(ms);
            try {
                std::string value = evaluate(req, ctx, io);
                result = "{\"value\":" + value + ",\"output\":" + output_of(io) + ",\"error\":null}";
            } catch (const base::Error& e) {
                deadline.stop();
                bool timeout = deadline.timed_out(e);
                const Json* src = req.get("code") ? req.get("code") : req.get("call");
                std::string text = src && src->type == Json::String ? src->text : "";
                std::string report = lang::error_report(e, text, "<request>");
                std::string kind = base::name(e.kind()), message = e.what();
                if (timeout) { // an interrupt the deadline raised: reported as TIMEOUT
                    kind = base::TIMEOUT_KIND;
                    message = "the request ran past its timeout_ms";
                    report = kind + ": " + message + report.substr(std::min(report.size(), report.find('\n')));
                }
                result = "{\"value\":null,\"output\":" + output_of(io) + ",\"error\":" +
                         error_json(kind, message, e.site(), report) + "}";
            }
            requests.running("");
        } catch (const BadRequest& bad) {
            requests.running("");
            result = "{\"value\":null,\"output\":" + output_of(io) + ",\"error\":" +
                     error_json("REQUEST ERROR", bad.message, std::nullopt, "REQUEST ERROR: " + bad.message) + "}";
        }
        base::clear_interrupt();
        out << "{\"id\":" << id << ",\"result\":" << result << "}\n" << std::flush;
    }
    return 0;
}

} // namespace bpl::cli
