#include "rest/error_mapping.hpp"

#include "common/errc.hpp"

namespace copycat::rest {

int http_status_for(std::error_code code) {
    if (code.category() != copycat_category()) return 500;
    switch (static_cast<errc>(code.value())) {
        case errc::invalid_argument:
            return 400;
        case errc::not_found:
            return 404;
        case errc::already_exists:
            return 409;
        case errc::conflict:
        case errc::request_target:  // only when it cannot be forwarded
            return 409;
        case errc::unavailable:
            return 503;
        case errc::timeout:
        case errc::io_error:
        case errc::protocol_error:
        case errc::unsupported:
        case errc::internal:
            return 500;
    }
    return 500;
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
