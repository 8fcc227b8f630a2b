#include "rest/request.hpp"

#include <malloc.h>

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "common/strings.hpp"

namespace copycat::rest {

std::string_view request::path_param(std::string_view name) const {
    const auto it = path_params.find(std::string(name));
    return it == path_params.end() ? std::string_view{} : std::string_view{it->second};
}

std::optional<std::string_view> request::query_param(std::string_view name) const {
    for (const auto& [key, value] : query) {
        if (key == name) return std::string_view{value};
    }
    return std::nullopt;
}

std::vector<std::string_view> request::query_values(std::string_view name) const {
    std::vector<std::string_view> out;
    for (const auto& [key, value] : query) {
        if (key == name) out.emplace_back(value);
    }
    return out;
}

request_body::request_body(std::string bytes) {
    if (bytes.size() < large) {
        bytes_ = std::make_shared<const std::string>(std::move(bytes));
        return;
    }
    bytes_ = std::shared_ptr<const std::string>(new std::string(std::move(bytes)), [](const std::string* b) {
        delete b;
        malloc_trim(0);
    });
}

const std::string& request_body::empty_text() {
    static const std::string empty;
    return empty;
}

std::optional<std::string_view> request::header(std::string_view name) const {
    for (const auto& [key, value] : headers) {
        if (iequals(key, name)) return std::string_view{value};
    }
    return std::nullopt;
}

result<json::value> parse_json_body(const request& req) {
    if (req.body.empty())
        return make_error(errc::invalid_argument, "Request body is empty; a JSON document is required");
    auto parsed = json::parse(req.body);
    if (!parsed)
        return make_error(errc::invalid_argument,
                          fmt::format("Invalid JSON in request body: {}", parsed.err().message));
    return std::move(parsed).value();
}

}  // namespace copycat::rest
