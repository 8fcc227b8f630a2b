#include "rest/error_mapping.hpp"

#include "common/errc.hpp"

namespace copycat::rest {

int http_status_for(std::error_code code) {
    const errc_info* row = find_errc_info(code);  // nullptr for other categories
    return row ? row->http_status : 500;
}

response error_response(int status, std::string_view message) {
    json::value body = json::value::make_object();
    body.set("error_code", status);
    body.set("message", message);
    return json_response(status, body);
}

response error_response(const error& e) {
    if (e.code == make_error_code(errc::request_target)) {
        response r = error_response(409,
                                    "Cannot complete request because of a conflicting operation (e.g. worker rebalance)");
        r.forward_to = e.message;
        return r;
    }
    return error_response(http_status_for(e.code), e.describe());
}

}  // namespace copycat::rest
