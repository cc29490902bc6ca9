// Fuzz target: the lexer, parser and binder over arbitrary bytes. Every statement of text that
// parses is bound in a fresh top-level frame; nothing is evaluated. Only base::Error may leave.
#include "lang/binder.h"
#include "lang/scope.h"
#include "lang/syntax.h"
#include "session/session.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const bool installed = (bpl::session::install(), true);
    (void)installed;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        bpl::lang::Scope globals;
        bpl::lang::Frame top;
        top.scope = &globals;
        for (const bpl::lang::Statement& st : bpl::lang::parse(text)) {
            try {
                bpl::lang::Instr i = bpl::lang::bind_statement(st.expr, top);
                (void)i;
            } catch (const bpl::base::Error&) { // a statement that does not bind: the next one
            }
        }
    } catch (const bpl::base::Error&) {
    }
    return 0;
}
