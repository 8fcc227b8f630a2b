#include "runtime/allowed_paths.hpp"

#include <algorithm>
#include <system_error>

#include "common/strings.hpp"

namespace copycat::runtime {
namespace {

namespace fs = std::filesystem;

// Java's Path.normalize(): lexically normal, without a trailing separator.
fs::path normalized(const fs::path& p) {
    fs::path n = p.lexically_normal();
    if (!n.has_filename() && n.has_relative_path()) n = n.parent_path();
    return n;
}

// Java's Path.startsWith(Path): `prefix`'s components begin `p`'s.
bool starts_with(const fs::path& p, const fs::path& prefix) {
    auto it = p.begin();
    for (const fs::path& component : prefix) {
        if (it == p.end() || *it != component) return false;
        ++it;
    }
    return true;
}

}  // namespace

result<allowed_paths> allowed_paths::parse(const std::optional<std::string>& config_value) {
    allowed_paths out;
    if (!config_value || config_value->empty()) return out;
    out.allowed_.emplace();
    for (const std::string& item : split_list(*config_value)) {
        const fs::path p = normalized(item);
        if (!p.is_absolute())
            return make_error(errc::invalid_argument, "Path " + p.string() + " is not absolute");
        std::error_code ec;
        if (!fs::exists(p, ec)) return make_error(errc::invalid_argument, "Path " + p.string() + " does not exist");
        out.allowed_->push_back(p);
    }
    return out;
}

result<allowed_paths> allowed_paths::from_params(const std::map<std::string, std::string, std::less<>>& params) {
    auto it = params.find("allowed.paths");
    return parse(it == params.end() ? std::nullopt : std::optional(it->second));
}

std::optional<fs::path> allowed_paths::check(const std::string& path) const {
    if (!allowed_) return fs::path(path);
    const fs::path p = normalized(path);
    if (std::none_of(allowed_->begin(), allowed_->end(), [&](const fs::path& a) { return starts_with(p, a); }))
        return std::nullopt;
    return p;
}

}  // namespace copycat::runtime
