#pragma once
// shared_string_body: a Beast body whose value is a shared, immutable string. A response built
// from a cached page (GET /connectors?expand=..., docs/scale.md "REST under load") points at the
// page's bytes instead of copying them; the message keeps the page alive until it is written.
// Serialising only (the server never parses into it). Internal to src/rest.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/optional.hpp>

namespace copycat::rest {

struct shared_string_body {
    using value_type = std::shared_ptr<const std::string>;  // null: no body

    static std::uint64_t size(const value_type& body) { return body ? body->size() : 0; }

    class writer {
    public:
        using const_buffers_type = boost::asio::const_buffer;

        template <bool is_request, class Fields>
        writer(const boost::beast::http::header<is_request, Fields>&, const value_type& body) : body_(body) {}

        void init(boost::beast::error_code& ec) { ec = {}; }

        // The whole body in one buffer, then nothing more.
        boost::optional<std::pair<const_buffers_type, bool>> get(boost::beast::error_code& ec) {
            ec = {};
            if (!body_ || body_->empty()) return boost::none;
            return std::make_pair(const_buffers_type(body_->data(), body_->size()), false);
        }

    private:
        const value_type& body_;
    };
};

}  // namespace copycat::rest
