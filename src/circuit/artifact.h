// Artifact format v1 (spec §20): strict validation on load and canonical writing. The only place
// that knows the artifact's field names and key order.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "circuit/circuit.h"
#include "circuit/json.h"

namespace bpl::circuit {

// Raised for any artifact or snapshot that fails validation; the message names the offending
// path (for example "nodes[3].args[1]: ...").
class ArtifactError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

inline constexpr int64_t DEFAULT_MAX_NODES = 100000;

// Validates an artifact object and returns its circuit. Throws ArtifactError.
Circuit load_artifact(const Json& root, int64_t max_nodes = DEFAULT_MAX_NODES);
// Parses JSON text, then load_artifact. Throws ArtifactError (JSON syntax errors included).
Circuit load_artifact(std::string_view text, int64_t max_nodes = DEFAULT_MAX_NODES);

// The artifact object in canonical key order; node overrides only where they differ from the root.
Json save_artifact(const Circuit& c);
// write_json(save_artifact(c), indent).
std::string artifact_text(const Circuit& c, int indent = 0);

// Checks the shared structural invariants of a circuit built in memory (the same rules as
// load_artifact, through a round trip). Throws ArtifactError.
void validate(const Circuit& c, int64_t max_nodes = DEFAULT_MAX_NODES);

} // namespace bpl::circuit
