// •element, •svg, •xml and •xml⁻ (operators-and-system.md §22): elements are records
// ["tag":… "attrs":… "children":…]; children are a string (one text), an element, or a vector
// of those. graphics/xml.h reads and writes the text.
#include "session/markup.h"

#include "base/error.h"
#include "lang/cells.h"
#include "lang/function.h"
#include "session/mime.h"
#include "session/names.h"
#include "value/array.h"
#include "value/layout.h"

#include <charconv>
#include <cmath>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using graphics::Xml;

bool is_record(const Value& v) {
    if (v.is_function()) return false;
    Value r = v.read();
    return r.rank() == 1 && value::layout_of(r) && value::layout_of(r)->is_keyed(0);
}

namespace {

// A number as XML writes it: -2, 0.5, 1000 (shortest round trip; integers exact).
std::string xml_number(const Value& x) {
    if (!x.is_number() || x.im() != 0) throw Error(ErrorKind::Domain, "•xml⁻: an attribute is text or real numbers");
    double d = x.as_f64();
    if (std::isnan(d) || std::isinf(d)) throw Error(ErrorKind::Domain, "•xml⁻: an attribute number must be finite");
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, res.ptr);
}

std::string attribute_text(const Value& v) {
    if (is_text(v)) return text_of(v, "•xml⁻'s attribute");
    Value r = v.read();
    if (r.is_function() || r.rank() > 1) throw Error(ErrorKind::Domain, "•xml⁻: an attribute is text or a vector of numbers");
    if (r.is_atom()) return xml_number(r);
    std::string out;
    for (const Value& x : lang::items_of(r)) out += (out.empty() ? "" : " ") + xml_number(x);
    return out;
}

bool is_element(const Value& v) {
    if (!is_record(v)) return false;
    return value::field(v, "tag") && value::field(v, "children") && value::keys_of(v).size() <= 3;
}

void children_into(const Value& c, std::vector<Xml>& out, int depth);

Xml element_of(const Value& v, int depth) {
    if (depth > 256) throw Error(ErrorKind::Domain, "•xml⁻: elements nested too deeply");
    Xml x = Xml::element(text_of(*value::field(v, "tag"), "an element's tag"));
    if (x.tag.empty()) throw Error(ErrorKind::Domain, "•xml⁻: an element's tag is empty");
    if (auto a = value::field(v, "attrs"))
        for (auto& [name, value] : fields_of(*a, "an element's attrs")) x.attrs.emplace_back(name, attribute_text(value));
    children_into(*value::field(v, "children"), x.children, depth + 1);
    return x;
}

void children_into(const Value& c, std::vector<Xml>& out, int depth) {
    if (is_text(c)) {
        std::string t = text_of(c, "an element's text");
        if (!t.empty()) out.push_back(Xml::text_node(std::move(t)));
        return;
    }
    if (is_element(c)) {
        out.push_back(element_of(c, depth));
        return;
    }
    Value r = c.read();
    if (r.is_function() || r.rank() != 1 || is_record(r))
        throw Error(ErrorKind::Domain, "•xml⁻: children are text, elements or a vector of them");
    for (const Value& item : lang::items_of(r)) children_into(item, out, depth);
}

Value element_value(const std::string& tag, Value attrs, Value children) {
    return as_element(value::record({{"tag", text(tag)}, {"attrs", std::move(attrs)}, {"children", std::move(children)}}));
}

Value empty_record() { return value::record({}); }

// An element function: `attrs el children` (or `el children`) is the element record.
class ElementFn final : public lang::Fn {
  public:
    explicit ElementFn(std::string tag) : tag_(std::move(tag)) {}
    std::string source() const override { return "(•element \"" + tag_ + "\")"; }
    bool same(const value::Function& o) const override {
        auto* e = dynamic_cast<const ElementFn*>(&o);
        return e && e->tag_ == tag_;
    }
    Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
        if (alpha) fields_of(*alpha, "an element's attrs");
        return element_value(tag_, alpha ? *alpha : empty_record(), omega);
    }

  private:
    std::string tag_;
};

Value value_of(const Xml& x) {
    if (x.tag.empty()) return text(x.text);
    std::vector<std::pair<std::string, Value>> attrs;
    for (const auto& [name, v] : x.attrs) attrs.emplace_back(name, text(v));
    std::vector<Value> children;
    for (const Xml& c : x.children) children.push_back(value_of(c));
    int64_t n = static_cast<int64_t>(children.size());
    Value kids = value::make_array({n}, std::move(children));
    return element_value(x.tag, value::record(std::move(attrs)), kids);
}

} // namespace

std::optional<Xml> element_xml(const Value& v) {
    if (!is_element(v)) return std::nullopt;
    return element_of(v.read(), 0);
}

Value element(const Value& omega) {
    return map_text(omega, "•element's tag", [](const std::u32string& tag) {
        if (tag.empty()) throw Error(ErrorKind::Domain, "•element: a tag is not empty");
        return function_value(new ElementFn(utf8(tag)));
    });
}

Value svg_monad(const Value& omega) { return svg_dyad(empty_record(), omega); }

Value svg_dyad(const Value& alpha, const Value& omega) {
    std::vector<std::pair<std::string, Value>> attrs = {{"xmlns", text("http://www.w3.org/2000/svg")},
                                                        {"viewBox", text("0 0 100 100")}};
    for (auto& [name, v] : fields_of(alpha, "•svg's attrs")) {
        auto same = std::find_if(attrs.begin(), attrs.end(), [&n = name](const auto& a) { return a.first == n; });
        if (same != attrs.end()) same->second = v;
        else attrs.emplace_back(name, v);
    }
    return element_value("svg", value::record(std::move(attrs)), omega);
}

Value xml_read(const Value& omega) { return value_of(graphics::parse_xml(text_of(omega, "•xml's text"))); }

Value xml_write(const Value& omega) {
    std::optional<Xml> x = element_xml(omega);
    if (!x) throw Error(ErrorKind::Domain, "•xml⁻: an element record [\"tag\":… \"attrs\":… \"children\":…]");
    return text(graphics::write_xml(*x));
}

} // namespace bpl::session
