// The system-name table through lang: lookup before and after install, calls and valence errors.
#include "eval.h"
#include "lang/system.h"
#include "session/session.h"

#include <gtest/gtest.h>

namespace bpl::session {
namespace {

using test::eval;

TEST(System, UnknownBeforeAndAfterInstall) {
    // Without a registered table every name is UNSUPPORTED; install() registers the table.
    lang::register_system_names(nullptr);
    EXPECT_EQ(eval("•ucs 65").substr(0, 11), "UNSUPPORTED");
    install();
    EXPECT_EQ(eval("•ucs 65"), "'A'");
    EXPECT_EQ(eval("•nosuch 1").substr(0, 11), "UNSUPPORTED");
}

TEST(System, Storage) {
    install();
    EXPECT_EQ(eval("•storage 1.5"), "float64");
    EXPECT_EQ(eval("•storage 2ₓ"), "integer");
    EXPECT_EQ(eval("•storage \"ab\""), "character");
    EXPECT_EQ(eval("•storage 1 'a'"), "mixed");
    EXPECT_EQ(eval("•storage 32 •float 1 2"), "float32");
}

TEST(System, ValenceAndCase) {
    install();
    EXPECT_EQ(eval("1 •storage 2").substr(0, 12), "SYNTAX ERROR");
    EXPECT_EQ(eval("•UCS \"a\""), "[97]ₓ");
    EXPECT_EQ(eval("•Ucs 'a'"), "97ₓ");
}

} // namespace
} // namespace bpl::session
