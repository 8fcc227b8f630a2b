#include "kafka/protocol/frame.hpp"

#include <limits>

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::size_t kSizeBytes = 4;

// Prefixes `frame` (which starts with kSizeBytes placeholder bytes) with its size.
result<bytes> seal(writer&& w, std::string_view what) {
    if (!w.ok()) {
        return make_error(errc::invalid_argument, std::string(what) + ": " + w.error_message());
    }
    COPYCAT_TRY(bytes frame, std::move(w).finish(what, 0));
    const std::size_t size = frame.size() - kSizeBytes;
    if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
        return make_error(errc::invalid_argument, std::string(what) + ": frame too large");
    }
    for (std::size_t i = 0; i < kSizeBytes; ++i) {
        frame[i] = static_cast<std::byte>((size >> (8 * (kSizeBytes - 1 - i))) & 0xff);
    }
    return frame;
}

}  // namespace

void frame_decoder::feed(bytes_view data) {
    if (failure_) return;
    if (start_ > 0 && start_ == buffer_.size()) {
        buffer_.clear();
        start_ = 0;
    }
    buffer_.insert(buffer_.end(), data.begin(), data.end());
}

result<std::optional<bytes>> frame_decoder::next() {
    if (failure_) return *failure_;
    if (buffered() < kSizeBytes) return std::optional<bytes>();
    reader size_reader(bytes_view(buffer_).subspan(start_, kSizeBytes));
    const std::int32_t size = size_reader.read_int32("frame size");
    if (size < 0 || static_cast<std::size_t>(size) > max_frame_size_) {
        failure_ = make_error(errc::protocol_error, "frame size " + std::to_string(size) + " is outside 0.." +
                                                        std::to_string(max_frame_size_));
        return *failure_;
    }
    const auto n = static_cast<std::size_t>(size);
    if (buffered() - kSizeBytes < n) return std::optional<bytes>();
    const auto first = buffer_.begin() + static_cast<std::ptrdiff_t>(start_ + kSizeBytes);
    bytes payload(first, first + static_cast<std::ptrdiff_t>(n));
    start_ += kSizeBytes + n;
    // Drop consumed bytes once they dominate the buffer, so it does not grow without bound.
    if (start_ == buffer_.size() || start_ > buffer_.size() / 2) {
        buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(start_));
        start_ = 0;
    }
    return std::optional<bytes>(std::move(payload));
}

result<bytes> encode_request_frame(const request_header& header, bytes_view body) {
    writer w;
    w.write_int32(0);  // size, filled in by seal()
    header.write(w);
    w.write_raw(body);
    return seal(std::move(w), "request frame");
}

result<bytes> encode_response_frame(api_key key, std::int16_t version, std::int32_t correlation_id, bytes_view body) {
    writer w;
    w.write_int32(0);
    response_header{correlation_id}.write(w, response_header_version(key, version));
    w.write_raw(body);
    return seal(std::move(w), "response frame");
}

result<request_frame> parse_request(bytes_view payload) {
    reader r(payload);
    request_header header = request_header::read(r);
    if (!r.ok()) return make_error(errc::protocol_error, "request header: " + r.error_message());
    return request_frame{std::move(header), payload.subspan(r.offset())};
}

result<std::int32_t> peek_correlation_id(bytes_view payload) {
    reader r(payload);
    const std::int32_t id = r.read_int32("ResponseHeader.CorrelationId");
    if (!r.ok()) return make_error(errc::protocol_error, "response header: " + r.error_message());
    return id;
}

result<response_frame> parse_response(bytes_view payload, api_key key, std::int16_t version) {
    reader r(payload);
    const response_header header = response_header::read(r, response_header_version(key, version));
    if (!r.ok()) return make_error(errc::protocol_error, "response header: " + r.error_message());
    return response_frame{header.correlation_id, payload.subspan(r.offset())};
}

}  // namespace copycat::kafka_protocol
