#include "herder_api/request_signature.hpp"

#include "copycat/data/base64.hpp"
#include "net/hmac.hpp"

namespace copycat::herder {

result<std::optional<request_signature>> read_request_signature(std::optional<std::string_view> algorithm,
                                                                std::optional<std::string_view> encoded_mac,
                                                                std::string body) {
    if (!algorithm || !encoded_mac) return std::optional<request_signature>{};
    if (!net::hmac_supported(*algorithm))
        return make_error(errc::invalid_argument, "Algorithm " + std::string(*algorithm) + " not available");
    auto mac = base64_decode_string(*encoded_mac);
    if (!mac) return make_error(errc::invalid_argument, "The request signature is not base64");
    return std::optional<request_signature>{
        request_signature{std::string(*algorithm), std::move(*mac), std::move(body)}};
}

}  // namespace copycat::herder
