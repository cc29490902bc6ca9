// Artifact v1 loading (every §20.4 rule, with the offending path in each message) and writing in
// canonical key order. Evaluation rules do not live here.
#include "circuit/artifact.h"

#include <cmath>
#include <unordered_set>

#include "circuit/scalar.h"

namespace bpl::circuit {

namespace {

constexpr double I32_MIN = -2147483648.0;
constexpr double I32_MAX = 2147483647.0;

[[noreturn]] void bad(const std::string& path, const std::string& what) {
    throw ArtifactError(path + ": " + what);
}

void exact_keys(const Json& o, const std::string& path, std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional = {}) {
    if (!o.is_object()) bad(path, "must be an object");
    for (const char* k : required)
        if (!o.find(k)) bad(path, std::string("missing field \"") + k + "\"");
    for (const auto& [k, v] : o.members()) {
        bool known = false;
        for (const char* r : required) known = known || k == r;
        for (const char* r : optional) known = known || k == r;
        if (!known) bad(path, "unknown field \"" + k + "\"");
    }
}

bool is_integer(const Json& v) {
    return v.is_number() && std::floor(v.as_number()) == v.as_number();
}

int64_t integer(const Json& v, const std::string& path) {
    if (!is_integer(v) || std::fabs(v.as_number()) > 9007199254740992.0)
        bad(path, "must be an integer");
    return static_cast<int64_t>(v.as_number());
}

double finite_number(const Json& v, const std::string& path) {
    if (!v.is_number()) bad(path, "must be a number");
    return v.as_number(); // the parser rejects non-finite numbers
}

Semantics semantics_of(const Json& v, const std::string& path) {
    if (v.is_string()) {
        if (v.as_string() == "exact") return Semantics::Exact;
        if (v.as_string() == "relaxed") return Semantics::Relaxed;
        if (v.as_string() == "hybrid") return Semantics::Hybrid;
    }
    bad(path, "semantics must be \"exact\", \"relaxed\" or \"hybrid\"");
}

void check_surrogate(const Json& v, const std::string& path) {
    if (!v.is_string() || v.as_string() != "sigmoid") bad(path, "surrogate must be \"sigmoid\"");
}

double temperature_of(const Json& v, const std::string& path) {
    double t = finite_number(v, path);
    if (!(t > 0)) bad(path, "temperature must be finite and > 0");
    return t;
}

Domain domain_of(const Json& v, const std::string& path) {
    exact_keys(v, path, {"type", "min", "max"});
    const Json& t = *v.find("type");
    Domain d;
    if (!t.is_string()) bad(path + ".type", "must be a string");
    if (t.as_string() == "int32") d.type = DomainType::Int32;
    else if (t.as_string() == "boolean") d.type = DomainType::Boolean;
    else if (t.as_string() == "float32") d.type = DomainType::Float32;
    else if (t.as_string() == "float64") d.type = DomainType::Float64;
    else bad(path + ".type", "unknown domain type \"" + t.as_string() + "\"");
    auto bound = [&](const char* key) -> std::optional<double> {
        const Json& b = *v.find(key);
        std::string p = path + "." + key;
        if (b.is_null()) return std::nullopt;
        double x = finite_number(b, p);
        switch (d.type) {
        case DomainType::Int32:
            if (!is_integer(b) || x < I32_MIN || x > I32_MAX) bad(p, "int32 bounds must be int32 integers");
            break;
        case DomainType::Boolean:
            if (x != 0 && x != 1) bad(p, "boolean bounds must be 0 or 1");
            break;
        case DomainType::Float32:
            if (std::fabs(x) > F32_MAX) bad(p, "float32 bounds must be in the float32 range");
            break;
        case DomainType::Float64: break;
        }
        return x;
    };
    d.min = bound("min");
    d.max = bound("max");
    if (d.lo() > d.hi()) bad(path, "min must be <= max");
    return d;
}

std::optional<Source> source_of(const Json& v, const std::string& path) {
    if (v.is_null()) return std::nullopt;
    exact_keys(v, path, {"file", "line", "column"});
    Source s;
    const Json& f = *v.find("file");
    if (f.is_string()) s.file = f.as_string();
    else if (!f.is_null()) bad(path + ".file", "must be a string or null");
    s.line = integer(*v.find("line"), path + ".line");
    s.column = integer(*v.find("column"), path + ".column");
    if (s.line < 1) bad(path + ".line", "must be >= 1");
    if (s.column < 0) bad(path + ".column", "must be >= 0");
    return s;
}

std::vector<double> weights_of(const Json& v, const std::string& path) {
    if (!v.is_array()) bad(path, "must be an array");
    std::vector<double> w;
    for (size_t k = 0; k < v.items().size(); ++k)
        w.push_back(finite_number(v.items()[k], path + "[" + std::to_string(k) + "]"));
    return w;
}

std::optional<double> bias_of(const Json& v, const std::string& path) {
    if (v.is_null()) return std::nullopt;
    return finite_number(v, path);
}

void value_of(Node& n, const Json& v, const std::string& path, DType dtype) {
    size_t arity = n.args.size();
    switch (n.op) {
    case Op::Constant:
    case Op::Parameter:
    case Op::State: {
        n.value = finite_number(v, path);
        if (!in_domain(n.domain, n.value)) bad(path, "value is outside the node's domain");
        if (dtype == DType::Float32 && round_f32(n.value) != n.value)
            bad(path, "value is not representable in float32");
        break;
    }
    case Op::OneHot: {
        exact_keys(v, path, {"position", "size"});
        n.position = integer(*v.find("position"), path + ".position");
        n.size = integer(*v.find("size"), path + ".size");
        if (n.size < 1) bad(path + ".size", "must be >= 1");
        if (n.position < 0 || n.position >= n.size) bad(path + ".position", "must be in [0, size)");
        break;
    }
    case Op::Affine: {
        exact_keys(v, path, {"weights", "bias"});
        n.weights = weights_of(*v.find("weights"), path + ".weights");
        if (n.weights.size() != arity) bad(path + ".weights", "length must equal the number of args");
        n.bias = bias_of(*v.find("bias"), path + ".bias");
        break;
    }
    case Op::SparseAffine: {
        exact_keys(v, path, {"indices", "weights", "bias"});
        const Json& ix = *v.find("indices");
        if (!ix.is_array()) bad(path + ".indices", "must be an array");
        for (size_t k = 0; k < ix.items().size(); ++k) {
            std::string p = path + ".indices[" + std::to_string(k) + "]";
            int64_t i = integer(ix.items()[k], p);
            if (i < 0) bad(p, "must be >= 0");
            if (!n.indices.empty() && i <= n.indices.back()) bad(p, "indices must be strictly ascending");
            n.indices.push_back(i);
        }
        n.weights = weights_of(*v.find("weights"), path + ".weights");
        if (n.indices.size() != arity || n.weights.size() != arity)
            bad(path, "indices and weights must have one entry per arg");
        n.bias = bias_of(*v.find("bias"), path + ".bias");
        break;
    }
    default: bad(path, "unexpected value");
    }
}

Node node_of(const Json& v, size_t id, const std::string& path, DType dtype) {
    exact_keys(v, path, {"id", "op", "args", "shape", "domain", "differentiable", "source"},
               {"name", "value", "semantics", "surrogate", "temperature"});
    Node n;
    if (integer(*v.find("id"), path + ".id") != static_cast<int64_t>(id))
        bad(path + ".id", "must equal the node's index " + std::to_string(id));
    const Json& op = *v.find("op");
    if (!op.is_string()) bad(path + ".op", "must be a string");
    auto o = op_of_name(op.as_string());
    if (!o) bad(path + ".op", "unknown opcode \"" + op.as_string() + "\"");
    n.op = *o;
    const Json& args = *v.find("args");
    if (!args.is_array()) bad(path + ".args", "must be an array");
    for (size_t k = 0; k < args.items().size(); ++k) {
        std::string p = path + ".args[" + std::to_string(k) + "]";
        int64_t a = integer(args.items()[k], p);
        if (a < 0 || a >= static_cast<int64_t>(id)) bad(p, "must be an id in [0, " + std::to_string(id) + ")");
        n.args.push_back(static_cast<int32_t>(a));
    }
    const OpInfo& oi = info(n.op);
    int arity = static_cast<int>(n.args.size());
    if (arity < oi.min_arity || (oi.max_arity >= 0 && arity > oi.max_arity))
        bad(path + ".args", std::string("wrong number of args for ") + oi.name);
    if (n.op == Op::GatherOneHot && arity % 2 != 0)
        bad(path + ".args", "gather_one_hot needs an even number of args");
    const Json& shape = *v.find("shape");
    if (!shape.is_array() || !shape.items().empty()) bad(path + ".shape", "must be []");
    n.domain = domain_of(*v.find("domain"), path + ".domain");
    const Json& diff = *v.find("differentiable");
    if (!diff.is_bool()) bad(path + ".differentiable", "must be a boolean");
    n.differentiable = diff.as_bool();
    n.source = source_of(*v.find("source"), path + ".source");
    const Json* name = v.find("name");
    if (oi.has_name) {
        if (!name) bad(path, "missing field \"name\"");
        if (!name->is_string() || name->as_string().empty()) bad(path + ".name", "must be a non-empty string");
        n.name = name->as_string();
    } else if (name) {
        bad(path, std::string("field \"name\" is not allowed on ") + oi.name);
    }
    const Json* value = v.find("value");
    if (oi.has_value) {
        if (!value) bad(path, "missing field \"value\"");
        value_of(n, *value, path + ".value", dtype);
    } else if (value) {
        bad(path, std::string("field \"value\" is not allowed on ") + oi.name);
    }
    if (n.op == Op::Parameter && n.domain.type != DomainType::Float32 && n.domain.type != DomainType::Float64)
        bad(path + ".domain", "parameter domains must be float32 or float64");
    if (const Json* s = v.find("semantics")) n.semantics = semantics_of(*s, path + ".semantics");
    if (const Json* s = v.find("surrogate")) {
        check_surrogate(*s, path + ".surrogate");
        n.surrogate_override = true;
    }
    if (const Json* t = v.find("temperature")) n.temperature = temperature_of(*t, path + ".temperature");
    return n;
}

Json domain_json(const Domain& d) {
    Json o = Json::object();
    o.set("type", Json::string(name(d.type)));
    o.set("min", d.min ? Json::number(*d.min) : Json::null());
    o.set("max", d.max ? Json::number(*d.max) : Json::null());
    return o;
}

Json numbers(const std::vector<double>& v) {
    Json a = Json::array();
    for (double x : v) a.push(Json::number(x));
    return a;
}

} // namespace

Circuit load_artifact(const Json& root, int64_t max_nodes) {
    exact_keys(root, "artifact",
               {"format", "version", "semantics", "dtype", "surrogate", "temperature", "nodes",
                "outputs", "updates"});
    const Json& format = *root.find("format");
    if (!format.is_string() || format.as_string() != "tensorcode.program")
        bad("format", "must be \"tensorcode.program\"");
    const Json& version = *root.find("version");
    if (!version.is_number() || version.as_number() != 1) bad("version", "unsupported artifact version");
    Circuit c;
    c.semantics = semantics_of(*root.find("semantics"), "semantics");
    const Json& dtype = *root.find("dtype");
    if (dtype.is_string() && dtype.as_string() == "float64") c.dtype = DType::Float64;
    else if (dtype.is_string() && dtype.as_string() == "float32") c.dtype = DType::Float32;
    else bad("dtype", "must be \"float64\" or \"float32\"");
    check_surrogate(*root.find("surrogate"), "surrogate");
    c.temperature = temperature_of(*root.find("temperature"), "temperature");

    const Json& nodes = *root.find("nodes");
    if (!nodes.is_array() || nodes.items().empty()) bad("nodes", "must be a non-empty array");
    if (static_cast<int64_t>(nodes.items().size()) > max_nodes)
        bad("nodes", "more than max_nodes (" + std::to_string(max_nodes) + ") nodes");
    std::unordered_set<std::string> names;
    c.nodes.reserve(nodes.items().size());
    for (size_t i = 0; i < nodes.items().size(); ++i) {
        std::string path = "nodes[" + std::to_string(i) + "]";
        c.nodes.push_back(node_of(nodes.items()[i], i, path, c.dtype));
        const Node& n = c.nodes.back();
        if (n.op == Op::Input || n.op == Op::Parameter || n.op == Op::State) {
            if (!names.insert(n.name).second) bad(path + ".name", "duplicate leaf name \"" + n.name + "\"");
        }
    }
    auto n_nodes = static_cast<int64_t>(c.nodes.size());
    const Json& outputs = *root.find("outputs");
    if (!outputs.is_object() || outputs.members().empty()) bad("outputs", "must be a non-empty object");
    for (const auto& [name, id] : outputs.members()) {
        std::string p = "outputs." + name;
        if (name.empty()) bad(p, "output names must be non-empty");
        int64_t i = integer(id, p);
        if (i < 0 || i >= n_nodes) bad(p, "not a node id");
        c.outputs.emplace_back(name, static_cast<int32_t>(i));
    }
    const Json& updates = *root.find("updates");
    if (!updates.is_object()) bad("updates", "must be an object");
    for (const auto& [key, id] : updates.members()) {
        std::string p = "updates." + key;
        bool decimal = !key.empty() && key.size() < 10 && (key == "0" || key[0] != '0');
        for (char ch : key) decimal = decimal && ch >= '0' && ch <= '9';
        if (!decimal) bad(p, "keys must be decimal node ids");
        int64_t s = std::stoll(key);
        if (s >= n_nodes || c.nodes[size_t(s)].op != Op::State) bad(p, "key is not a state node id");
        int64_t i = integer(id, p);
        if (i < 0 || i >= n_nodes) bad(p, "not a node id");
        c.updates.emplace_back(static_cast<int32_t>(s), static_cast<int32_t>(i));
    }
    return c;
}

Circuit load_artifact(std::string_view text, int64_t max_nodes) {
    Json root;
    try {
        root = parse_json(text);
    } catch (const JsonError& e) {
        throw ArtifactError(std::string("artifact: ") + e.what());
    }
    return load_artifact(root, max_nodes);
}

Json save_artifact(const Circuit& c) {
    Json root = Json::object();
    root.set("format", Json::string("tensorcode.program"));
    root.set("version", Json::number(1));
    root.set("semantics", Json::string(name(c.semantics)));
    root.set("dtype", Json::string(name(c.dtype)));
    root.set("surrogate", Json::string("sigmoid"));
    root.set("temperature", Json::number(c.temperature));
    Json& nodes = root.set("nodes", Json::array());
    for (size_t i = 0; i < c.nodes.size(); ++i) {
        const Node& n = c.nodes[i];
        const OpInfo& oi = info(n.op);
        Json o = Json::object();
        o.set("id", Json::number(double(i)));
        o.set("op", Json::string(oi.name));
        Json& args = o.set("args", Json::array());
        for (int32_t a : n.args) args.push(Json::number(a));
        o.set("shape", Json::array());
        o.set("domain", domain_json(n.domain));
        o.set("differentiable", Json::boolean(n.differentiable));
        if (n.source) {
            Json s = Json::object();
            s.set("file", n.source->file ? Json::string(*n.source->file) : Json::null());
            s.set("line", Json::number(double(n.source->line)));
            s.set("column", Json::number(double(n.source->column)));
            o.set("source", std::move(s));
        } else {
            o.set("source", Json::null());
        }
        if (oi.has_name) o.set("name", Json::string(n.name));
        if (oi.has_value) {
            switch (n.op) {
            case Op::OneHot: {
                Json v = Json::object();
                v.set("position", Json::number(double(n.position)));
                v.set("size", Json::number(double(n.size)));
                o.set("value", std::move(v));
                break;
            }
            case Op::Affine: {
                Json v = Json::object();
                v.set("weights", numbers(n.weights));
                v.set("bias", n.bias ? Json::number(*n.bias) : Json::null());
                o.set("value", std::move(v));
                break;
            }
            case Op::SparseAffine: {
                Json v = Json::object();
                Json& ix = v.set("indices", Json::array());
                for (int64_t k : n.indices) ix.push(Json::number(double(k)));
                v.set("weights", numbers(n.weights));
                v.set("bias", n.bias ? Json::number(*n.bias) : Json::null());
                o.set("value", std::move(v));
                break;
            }
            default: o.set("value", Json::number(n.value));
            }
        }
        if (n.semantics && *n.semantics != c.semantics) o.set("semantics", Json::string(name(*n.semantics)));
        if (n.temperature && *n.temperature != c.temperature)
            o.set("temperature", Json::number(*n.temperature));
        nodes.push(std::move(o));
    }
    Json& outputs = root.set("outputs", Json::object());
    for (const auto& [name, id] : c.outputs) outputs.set(name, Json::number(id));
    Json& updates = root.set("updates", Json::object());
    for (const auto& [s, id] : c.updates) updates.set(std::to_string(s), Json::number(id));
    return root;
}

std::string artifact_text(const Circuit& c, int indent) { return write_json(save_artifact(c), indent); }

void validate(const Circuit& c, int64_t max_nodes) { (void)load_artifact(save_artifact(c), max_nodes); }

} // namespace bpl::circuit
