// The XML writer and a small non-validating reader (elements, attributes, text, CDATA,
// character and the five predefined entities).
#include "graphics/xml.h"

#include "base/error.h"
#include "base/utf8.h"

#include <cctype>
#include <cstdlib>

namespace bpl::graphics {

using base::Error;
using base::ErrorKind;

Xml Xml::element(std::string tag, std::vector<std::pair<std::string, std::string>> attrs, std::vector<Xml> children) {
    Xml x;
    x.tag = std::move(tag);
    x.attrs = std::move(attrs);
    x.children = std::move(children);
    return x;
}

Xml Xml::text_node(std::string text) {
    Xml x;
    x.text = std::move(text);
    return x;
}

std::string escape_xml(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out.push_back(c);
        }
    }
    return out;
}

void write_xml(const Xml& x, std::string& out) {
    if (x.tag.empty()) {
        out += escape_xml(x.text);
        return;
    }
    out += '<';
    out += x.tag;
    for (const auto& [name, value] : x.attrs) {
        out += ' ';
        out += name;
        out += "=\"";
        out += escape_xml(value);
        out += '"';
    }
    if (x.children.empty()) {
        out += "/>";
        return;
    }
    out += '>';
    for (const Xml& c : x.children) write_xml(c, out);
    out += "</";
    out += x.tag;
    out += '>';
}

std::string write_xml(const Xml& x) {
    std::string out;
    write_xml(x, out);
    return out;
}

namespace {

class Reader {
  public:
    explicit Reader(std::string_view s) : s_(s) {}

    Xml document() {
        skip_misc();
        if (!at("<")) fail("a document needs a root element");
        Xml root = element(0);
        skip_misc();
        if (i_ != s_.size()) fail("text after the root element");
        return root;
    }

  private:
    std::string_view s_;
    size_t i_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw Error(ErrorKind::Domain, "•xml: " + what + " at byte " + std::to_string(i_));
    }
    bool at(std::string_view p) const { return s_.substr(i_, p.size()) == p; }
    void skip_space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) i_++;
    }
    void skip_past(std::string_view end) {
        size_t j = s_.find(end, i_);
        if (j == std::string_view::npos) fail("unterminated markup");
        i_ = j + end.size();
    }
    // Whitespace, comments, processing instructions and a doctype outside the root.
    void skip_misc() {
        for (;;) {
            skip_space();
            if (at("<?")) skip_past("?>");
            else if (at("<!--")) skip_past("-->");
            else if (at("<!DOCTYPE")) skip_past(">");
            else return;
        }
    }
    static bool name_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-' || c == '.' ||
               static_cast<unsigned char>(c) >= 0x80;
    }
    std::string name() {
        size_t j = i_;
        while (i_ < s_.size() && name_char(s_[i_])) i_++;
        if (j == i_) fail("a name was expected");
        return std::string(s_.substr(j, i_ - j));
    }
    // Text up to `stop`, entities decoded.
    std::string chars(char stop) {
        std::string out;
        while (i_ < s_.size() && s_[i_] != stop) {
            if (stop != '<' && s_[i_] == '<') fail("'<' inside an attribute value");
            if (s_[i_] != '&') {
                out.push_back(s_[i_++]);
                continue;
            }
            size_t semi = s_.find(';', i_);
            if (semi == std::string_view::npos) fail("unterminated entity");
            std::string_view e = s_.substr(i_ + 1, semi - i_ - 1);
            if (e == "amp") out += '&';
            else if (e == "lt") out += '<';
            else if (e == "gt") out += '>';
            else if (e == "quot") out += '"';
            else if (e == "apos") out += '\'';
            else if (e.size() > 1 && e[0] == '#') {
                bool hex = e[1] == 'x';
                std::string digits(e.substr(hex ? 2 : 1));
                char* end = nullptr;
                unsigned long cp = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
                if (digits.empty() || *end || cp == 0 || cp > 0x10FFFF) fail("bad character reference");
                base::append_utf8(out, static_cast<char32_t>(cp));
            } else {
                fail("unknown entity &" + std::string(e) + ";");
            }
            i_ = semi + 1;
        }
        return out;
    }
    Xml element(int depth) {
        if (depth > 512) fail("elements nested too deeply");
        i_++; // '<'
        Xml x = Xml::element(name());
        for (;;) {
            skip_space();
            if (at("/>")) {
                i_ += 2;
                return x;
            }
            if (at(">")) {
                i_++;
                break;
            }
            std::string attr = name();
            skip_space();
            if (!at("=")) fail("'=' expected after attribute " + attr);
            i_++;
            skip_space();
            if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) fail("a quoted attribute value was expected");
            char q = s_[i_++];
            std::string v = chars(q);
            if (i_ >= s_.size()) fail("unterminated attribute value");
            i_++;
            x.attrs.emplace_back(std::move(attr), std::move(v));
        }
        for (;;) {
            if (i_ >= s_.size()) fail("element <" + x.tag + "> is not closed");
            if (at("</")) {
                i_ += 2;
                if (name() != x.tag) fail("closing tag does not match <" + x.tag + ">");
                skip_space();
                if (!at(">")) fail("'>' expected");
                i_++;
                return x;
            }
            if (at("<!--")) {
                skip_past("-->");
            } else if (at("<![CDATA[")) {
                size_t j = s_.find("]]>", i_ + 9);
                if (j == std::string_view::npos) fail("unterminated CDATA");
                add_text(x, std::string(s_.substr(i_ + 9, j - i_ - 9)));
                i_ = j + 3;
            } else if (at("<?")) {
                skip_past("?>");
            } else if (at("<")) {
                x.children.push_back(element(depth + 1));
            } else {
                add_text(x, chars('<'));
            }
        }
    }
    static void add_text(Xml& x, std::string t) {
        if (!x.children.empty() && x.children.back().tag.empty()) x.children.back().text += t;
        else x.children.push_back(Xml::text_node(std::move(t)));
    }
};

} // namespace

Xml parse_xml(std::string_view text) { return Reader(text).document(); }

} // namespace bpl::graphics
