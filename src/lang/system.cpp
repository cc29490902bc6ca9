// The registered system-name lookup (system.h).
#include "lang/system.h"

#include "base/error.h"

#include <atomic>

namespace bpl::lang {

namespace {
std::atomic<SystemLookup> registered{nullptr};
}

void register_system_names(SystemLookup lookup) { registered.store(lookup); }

bool system_names_registered() { return registered.load() != nullptr; }

value::Value system_function(const std::string& name) {
    SystemLookup lookup = registered.load();
    if (!lookup) throw base::Error(base::ErrorKind::Unsupported, "•" + name + " is not supported yet");
    return lookup(name);
}

} // namespace bpl::lang
