// •mime and •canvas (operators-and-system.md §22), and the renderers display uses: a renderer is
// a function attached to a value's layout (value/layout.h) whose result is a record of MIME
// types; `•mime Y` is "text/plain" (always) and then what Y's renderer gives. Built-in renderers
// (pictures, plots, elements, canvases, a MIME type) report their errors; a user's renderer
// (`Fᵘ •mime Y`) that fails falls back to text.
#include "session/mime.h"
#include "session/session.h"

#include "base/error.h"
#include "lang/cells.h"
#include "lang/display.h"
#include "lang/exec.h"
#include "lang/function.h"
#include "session/images.h"
#include "session/markup.h"
#include "session/names.h"
#include "value/array.h"
#include "value/layout.h"

namespace bpl::session {

using base::Error;
using base::ErrorKind;

namespace {

// The base of the built-in renderers: `render` gives the bundle's other entries.
class Renderer : public lang::Fn {
  public:
    Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
        if (alpha) throw Error(ErrorKind::Syntax, source() + " takes one argument");
        return value::record(render(omega));
    }
    bool same(const value::Function& o) const override { return &o == this; }
    virtual std::vector<std::pair<std::string, Value>> render(const Value& v) const = 0;
};

class TypeRenderer final : public Renderer {
  public:
    explicit TypeRenderer(std::string type) : type_(std::move(type)) {}
    std::string source() const override { return "(\"" + type_ + "\" •mime)"; }
    bool same(const value::Function& o) const override {
        auto* t = dynamic_cast<const TypeRenderer*>(&o);
        return t && t->type_ == type_;
    }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        return {{type_, is_text(v) ? v : text(lang::display(v))}};
    }

  private:
    std::string type_;
};

class ImageRenderer final : public Renderer {
  public:
    explicit ImageRenderer(ImageOptions o) : o_(std::move(o)) {}
    std::string source() const override { return "•image"; }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        return {{"image/png", byte_vector(graphics::encode_png(picture_of(v, o_)))}};
    }

  private:
    ImageOptions o_;
};

class ElementRenderer final : public Renderer {
  public:
    std::string source() const override { return "•element"; }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        std::optional<graphics::Xml> x = element_xml(v);
        if (!x) return {};
        return {{x->tag == "svg" ? "image/svg+xml" : "text/html", text(graphics::write_xml(*x))}};
    }
};

class PlotRenderer final : public Renderer {
  public:
    std::string source() const override { return "•plot"; }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        return {{"image/svg+xml", text(plot_svg(v))}};
    }
};

std::string escape_script(const std::string& s) { // text inside <script>: no closing tag
    std::string out;
    for (size_t i = 0; i < s.size(); i++) {
        if (s.compare(i, 2, "</") == 0) {
            out += "<\\/";
            i++;
        } else {
            out += s[i];
        }
    }
    return out;
}

class CanvasRenderer final : public Renderer {
  public:
    std::string source() const override { return "•canvas"; }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        std::string source = text_of(*value::field(v, "source"), "a canvas's source");
        std::string size; // the options' width and height, set by the script on its canvas
        for (auto& [k, x] : fields_of(*value::field(v, "options"), "a canvas's options"))
            if (k == "width" || k == "height") size += " c." + k + " = " + text_of(json_write(x), k.c_str()) + ";";
        std::string json = text_of(json_write(*value::field(v, "data")), "a canvas's data");
        std::string html = "<canvas></canvas><script>(() => { const c = document.currentScript.previousElementSibling;" +
                           size + " const draw = (" + escape_script(source) + "); draw(c.getContext(\"2d\"), " +
                           escape_script(json) + "); })();</script>";
        return {{"text/html", text(html)}};
    }
};

// A user's renderer: a function whose result is the bundle's record.
class UserRenderer final : public Renderer {
  public:
    explicit UserRenderer(Value f) : f_(std::move(f)) {}
    std::string source() const override { return "renderer"; }
    std::vector<std::pair<std::string, Value>> render(const Value& v) const override {
        lang::Exec* ex = lang::running_exec();
        if (!ex) return {};
        try {
            Value r = lang::apply(*ex, f_, nullptr, v);
            std::vector<std::pair<std::string, Value>> out = fields_of(r, "a renderer's result");
            for (auto& [type, content] : out) text_of(content, "a renderer's content"); // checked now
            return out;
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Interrupt) throw;
            return {}; // a failing renderer falls back to text
        }
    }

  private:
    Value f_;
};

} // namespace

Value with_renderer(const Value& v, value::Function* renderer) {
    Value r = v.read();
    if (r.is_function() || !r.is_stored_array())
        throw Error(ErrorKind::Domain, "•mime: a renderer attaches to an array, not a scalar or function");
    return value::with_layout(r, value::Layout::with_renderer(value::layout_of(r), r.rank(), function_value(renderer)));
}

Value as_picture(const Value& v, const ImageOptions& o) { return with_renderer(v, new ImageRenderer(o)); }
Value as_element(const Value& v) { return with_renderer(v, new ElementRenderer()); }
Value as_plot(const Value& v) { return with_renderer(v, new PlotRenderer()); }

bool is_plot(const Value& v) {
    const value::Layout* l = v.is_function() ? nullptr : value::layout_of(v);
    return l && l->renderer().is_function() && dynamic_cast<const PlotRenderer*>(&l->renderer().function_obj());
}

Value mime_monad(const Value& omega) {
    std::vector<std::pair<std::string, Value>> bundle = {{"text/plain", text(lang::display(omega))}};
    const value::Layout* l = omega.is_function() ? nullptr : value::layout_of(omega);
    if (l && l->renderer().is_function()) {
        auto* r = dynamic_cast<const Renderer*>(&l->renderer().function_obj());
        for (auto& [type, content] : r->render(omega)) {
            auto same = std::find_if(bundle.begin(), bundle.end(), [&t = type](const auto& b) { return b.first == t; });
            if (same != bundle.end()) same->second = content;
            else bundle.emplace_back(type, content);
        }
    }
    return value::record(std::move(bundle));
}

Value mime_dyad(const Value& alpha, const Value& omega) {
    if (is_text(alpha)) {
        std::string type = text_of(alpha, "•mime's type");
        if (type.find('/') == std::string::npos) throw Error(ErrorKind::Domain, "•mime: a MIME type is type/subtype");
        return with_renderer(omega, new TypeRenderer(type));
    }
    Value f = alpha;
    if (!f.is_function()) {
        Value r = alpha.read();
        if (r.rank() == 0 && r.is_stored_array()) f = lang::items_of(r)[0];
    }
    if (!f.is_function()) throw Error(ErrorKind::Domain, "•mime: the left argument is a MIME type or a function Fᵘ");
    return with_renderer(omega, new UserRenderer(f));
}

std::vector<std::pair<std::string, std::string>> mime_bundle(const Value& v) {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& [type, content] : fields_of(mime_monad(v), "a MIME bundle"))
        out.emplace_back(type, bytes_of(content, "a MIME bundle's content"));
    return out;
}

std::string save_rendering(const Value& v, const std::string& path) {
    static const std::pair<const char*, const char*> TYPES[] = {
        {".svg", "image/svg+xml"}, {".png", "image/png"}, {".html", "text/html"}, {".txt", "text/plain"}, {".md", "text/markdown"}};
    size_t dot = path.rfind('.');
    std::string ext = dot == std::string::npos ? "" : path.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& [e, type] : TYPES) {
        if (ext != e) continue;
        std::optional<Value> entry = value::field(mime_monad(v), type);
        if (!entry) throw Error(ErrorKind::Domain, "]save: the value has no " + std::string(type) + " rendering");
        nput(text(path), *entry);
        return type;
    }
    throw Error(ErrorKind::Domain, "]save: the file's extension is .svg, .png, .html, .txt or .md");
}

Value canvas(const Value& omega) {
    std::string source = text_of(omega, "•canvas's source");
    struct Drawing final : lang::Fn {
        explicit Drawing(std::string s) : src(std::move(s)) {}
        std::string src;
        std::string source() const override { return "(•canvas …)"; }
        bool same(const value::Function& o) const override { return &o == this; }
        Value call(lang::Exec&, const Value* alpha, const Value& omega) const override {
            Value options = alpha ? *alpha : value::record({});
            fields_of(options, "•canvas's options");
            Value r = value::record({{"source", text(src)}, {"options", options}, {"data", omega}});
            return with_renderer(r, new CanvasRenderer());
        }
    };
    return function_value(new Drawing(source));
}

} // namespace bpl::session
