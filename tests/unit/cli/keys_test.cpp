// The glyph key table (cli/keys.h): one glyph per key and per row, lookups by key, glyph and
// name, and every glyph a token of the language (the lexer accepts it).
#include "cli/keys.h"
#include "lang/lexer.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

using namespace bpl::cli;

TEST(Keys, OneGlyphPerKeyAndPerRow) {
    std::set<char> keys;
    std::set<std::string> glyphs, names;
    for (const GlyphKey& row : glyph_keys()) {
        EXPECT_TRUE(keys.insert(row.key).second) << row.key;
        EXPECT_TRUE(glyphs.insert(row.glyph).second) << row.glyph;
        EXPECT_TRUE(names.insert(row.name).second) << row.name;
        EXPECT_EQ(glyph_for_key(row.key), &row);
        EXPECT_EQ(glyph_row(row.glyph), &row);
    }
}

TEST(Keys, ReferenceLayout) {
    EXPECT_STREQ(glyph_for_key('i')->glyph, "⍳");
    EXPECT_STREQ(glyph_for_key('r')->glyph, "⍴");
    EXPECT_STREQ(glyph_for_key('`')->glyph, "⋄");
    EXPECT_STREQ(glyph_for_key(')')->glyph, "⊼"); // the reference's ⍲ key, newest spelling (D7)
    EXPECT_EQ(glyph_for_key('{'), nullptr);
}

TEST(Keys, Names) {
    auto glyphs = [](const std::string& prefix) {
        std::string out;
        for (const GlyphKey* row : glyphs_named(prefix)) out += row->glyph;
        return out;
    };
    EXPECT_EQ(glyphs("iota"), "⍳");
    EXPECT_EQ(glyphs("ran"), "¿⍤↦"); // random, rank, range
    EXPECT_EQ(glyphs("range"), "↦"); // an exact name wins over longer ones
    EXPECT_EQ(glyphs("shape"), "⍴");  // an alias
    EXPECT_EQ(glyphs("zzz"), "");
}

// Every glyph the table types is one the lexer knows, alone or (for ¯, a number's sign) in a
// literal, and (for ⁻, a superscript) after a function.
TEST(Keys, GlyphsLex) {
    for (const GlyphKey& row : glyph_keys()) {
        std::string g = row.glyph;
        std::string text = g == "¯" ? "¯1" : g == "⁻" ? "-⁻" : g == "•" ? "•ucs" : "x" + g + "y";
        if (g == "∆" || g == "⍙") text = "a" + g;
        EXPECT_NO_THROW(bpl::lang::lex(text)) << text;
    }
}

} // namespace
