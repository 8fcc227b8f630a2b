#pragma once
// allowed_paths: the `allowed.paths` parameter of the file and directory config providers
// (Kafka: org.apache.kafka.common.config.internals.AllowedPaths, KIP-993;
// docs/security.md#config-providers).
//
// A comma-separated list of absolute paths that exist. A path a placeholder names is allowed when,
// made normal (".", ".." and repeated '/' resolved lexically, as Java's Path.normalize()), it
// lies in one of them component by component: with allowed.paths=/etc/secrets, "/etc/secrets/pw"
// is allowed; "/etc/secrets/../passwd" (that is, /etc/passwd), "/etc/secrets2/pw" and a relative
// path are not. Without the parameter every path is allowed. As in Kafka, symbolic links are not
// followed for the check.

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::runtime {

class allowed_paths {
public:
    // nullopt or empty: every path is allowed. invalid_argument "Path <p> is not absolute" or
    // "Path <p> does not exist" otherwise.
    static result<allowed_paths> parse(const std::optional<std::string>& config_value);
    // parse() of a provider's "allowed.paths" parameter.
    static result<allowed_paths> from_params(const std::map<std::string, std::string, std::less<>>& params);

    // The path to read, or nullopt when `path` lies outside the allowed paths.
    std::optional<std::filesystem::path> check(const std::string& path) const;

private:
    std::optional<std::vector<std::filesystem::path>> allowed_;
};

}  // namespace copycat::runtime
