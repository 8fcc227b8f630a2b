#include "rest/response.hpp"

#include <utility>

namespace copycat::rest {

response& response::with_header(std::string name, std::string value) & {
    headers.emplace_back(std::move(name), std::move(value));
    return *this;
}

response&& response::with_header(std::string name, std::string value) && {
    headers.emplace_back(std::move(name), std::move(value));
    return std::move(*this);
}

response json_response(int status, const json::value& body) {
    response r;
    r.status = status;
    r.body = json::dump(body);
    r.content_type = std::string(json_content_type);
    return r;
}

response empty_response(int status) {
    response r;
    r.status = status;
    return r;
}

}  // namespace copycat::rest
