// `bpl --worker` (operators-and-system.md §25.2): a JSON-lines protocol for programs that drive
// BPL. One request per line, one flushed reply per request in order; names persist; EOF ends.
#pragma once

#include <iosfwd>

namespace bpl::cli {

// Serves requests from `in`, replies on `out` until `in` ends; returns the exit status (0).
// A request: {"id":…, "code":"…" | "call":"f" with "args":[a] or [a,b], "bindings":{name:v},
// "timeout_ms":n, "echo":bool}; {"interrupt":id} stops that request while it runs. A reply:
// {"id":…, "result":{"value":v|null, "output":[{"kind":"display"|"explicit","data":{MIME}}],
// "error":null|{"kind","message","span","report"}}}; a request it cannot take has error kind
// "REQUEST ERROR", one past its timeout "TIMEOUT", one interrupted "INTERRUPT".
int run_worker(std::istream& in, std::ostream& out);

} // namespace bpl::cli
