#include "app/version.hpp"

#ifndef COPYCAT_VERSION
#define COPYCAT_VERSION "unknown"
#endif
#ifndef COPYCAT_COMMIT
#define COPYCAT_COMMIT "unknown"
#endif

namespace copycat::app {

std::string_view version() { return COPYCAT_VERSION; }
std::string_view commit() { return COPYCAT_COMMIT; }

}  // namespace copycat::app
