// XML trees: the writer behind •xml⁻, •svg and the plot renderer, and the reader behind •xml.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpl::graphics {

// An element (tag non-empty) or a text node (tag empty, its characters in text). Names keep
// their case and prefixes (`x:root`); attributes keep their order.
struct Xml {
    std::string tag;
    std::string text;
    std::vector<std::pair<std::string, std::string>> attrs;
    std::vector<Xml> children;

    static Xml element(std::string tag, std::vector<std::pair<std::string, std::string>> attrs = {},
                       std::vector<Xml> children = {});
    static Xml text_node(std::string text);
};

// The escaped form of text or an attribute value: & < > " as entities.
std::string escape_xml(std::string_view s);
// The element as text; an element without children closes itself (`<path d="…"/>`).
std::string write_xml(const Xml& x);
void write_xml(const Xml& x, std::string& out);
// The one root element of a document (a prolog, comments, a doctype and whitespace around it are
// skipped; entities and CDATA decoded; text kept as written). Malformed text is DOMAIN.
Xml parse_xml(std::string_view text);

} // namespace bpl::graphics
