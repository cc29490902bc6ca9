// Fuzz target: the case-record parser (cli/cases.h) over arbitrary bytes: never a crash, and
// every problem it reports says why. (An empty id is a record, as cases.py has it: `⍝ — text`.)
#include "cli/cases.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    bpl::cli::ParsedFile f = bpl::cli::parse_cases(text);
    for (const bpl::cli::Problem& p : f.problems)
        if (p.reason.empty()) std::abort();
    return 0;
}
