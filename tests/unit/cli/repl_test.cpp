// The REPL's evaluation side (cli/repl.h): continuation while a delimiter is open, results and
// errors on their streams, names kept between inputs, `]` commands. Expected texts follow the
// display rules of language.md §12 and the error report of §13.
#include "cli/repl.h"
#include "session/session.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using bpl::cli::needs_more;
using bpl::cli::Repl;

class NoIo : public bpl::lang::Io {
  public:
    void print(const std::string& text) override { printed += text + "\n"; }
    std::optional<std::string> read_line() override { return std::nullopt; }
    std::string printed;
};

struct Fixture : ::testing::Test {
    void SetUp() override { bpl::session::install(); }
    NoIo io;
    std::ostringstream out, err;
    Repl repl{io, out, err};
};

TEST(NeedsMore, OpenDelimiters) {
    EXPECT_TRUE(needs_more("f←{"));
    EXPECT_TRUE(needs_more("[1 2"));
    EXPECT_TRUE(needs_more("(1+{⍵}"));
    EXPECT_FALSE(needs_more("f←{⍵}"));
    EXPECT_FALSE(needs_more("'{'"));       // a character, not a brace
    EXPECT_FALSE(needs_more("1 ⍝ { (")); // a comment
    EXPECT_FALSE(needs_more("\"abc"));     // an unclosed string is an error to report, not more
}

using ReplTest = Fixture;

TEST_F(ReplTest, GathersLinesUntilTheDelimiterCloses) {
    EXPECT_FALSE(repl.feed("f←{"));
    EXPECT_TRUE(repl.pending());
    EXPECT_FALSE(repl.feed("⍵×2"));
    EXPECT_TRUE(repl.feed("}"));
    EXPECT_TRUE(repl.feed("f 21"));
    EXPECT_EQ(out.str(), "42\n");
    EXPECT_EQ(err.str(), "");
    EXPECT_FALSE(repl.failed());
}

TEST_F(ReplTest, AnErrorReportsAndTheNextLineRuns) {
    repl.feed("x←5");
    repl.feed("1 2+1 2 3");
    repl.feed("x+1");
    EXPECT_EQ(out.str(), "6\n");
    EXPECT_EQ(err.str(), "LENGTH ERROR: arguments' shapes do not agree\n --> <repl>:1:4\n1 2+1 2 3\n   ^\n");
    EXPECT_TRUE(repl.failed());
}

TEST_F(ReplTest, CancelAndFinish) {
    repl.feed("g←{");
    repl.cancel();
    EXPECT_FALSE(repl.pending());
    repl.feed("[1 2");
    repl.finish(); // the end of input inside a bracket: its error is reported
    EXPECT_NE(err.str(), "");
}

TEST_F(ReplTest, Commands) {
    repl.feed("alpha←1");
    repl.feed("beta←2");
    EXPECT_EQ(repl.names(), (std::vector<std::string>{"alpha", "beta"}));
    repl.feed("]help ⍳");
    EXPECT_EQ(out.str(), "⍳  iota (`i): index generator; index of\n");
    repl.feed("]CLEAR");
    EXPECT_TRUE(repl.names().empty());
    out.str("");
    repl.feed("]display ⍳1200"); // the whole value boxed: 1200 numbers
    EXPECT_EQ(out.str().find("…"), std::string::npos);
    EXPECT_EQ(out.str().rfind("┌→", 0), 0u);
    out.str("");
    repl.feed("]display 2 2⍴⍳4"); // drawn by hand from language.md §12.4
    EXPECT_EQ(out.str(), "┌→──┐\n↓0 1│\n│2 3│\n└ₓ──┘\n");
    out.str("");
    repl.feed("]box ?");
    EXPECT_EQ(out.str(), "OFF -style=max -trains=def -fns=off\n"); // outside a terminal: plain
    repl.feed("]nosuch");
    EXPECT_NE(err.str().find("unknown command ]nosuch"), std::string::npos);
}

TEST_F(ReplTest, ResultsAreElided) {
    repl.feed("⍳2000");
    EXPECT_EQ(out.str(), "[0 1 2 … 1997 1998 1999]ₓ\n");
}

} // namespace
