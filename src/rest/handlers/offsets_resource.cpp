#include "rest/handlers/offsets_resource.hpp"

#include <utility>

namespace copycat::rest::handlers {
namespace {

namespace hd = copycat::herder;

json::value message_json(const std::string& message) {
    json::value out = json::value::make_object();
    out.set("message", message);
    return out;
}

// A stored JSON text; text that does not parse (it always does: the runtime wrote it) is shown as
// a string rather than dropped.
json::value embedded(const std::string& text) {
    auto parsed = json::parse(text);
    return parsed ? std::move(*parsed) : json::value(text);
}

}  // namespace

json::value offsets_to_json(const std::vector<hd::connector_offset>& offsets) {
    json::value list = json::value::make_array();
    for (const hd::connector_offset& o : offsets) {
        json::value entry = json::value::make_object();
        entry.set("partition", embedded(o.partition));
        entry.set("offset", o.offset ? embedded(*o.offset) : json::value(nullptr));
        list.push_back(std::move(entry));
    }
    json::value out = json::value::make_object();
    out.set("offsets", std::move(list));
    return out;
}

result<std::vector<hd::connector_offset>> offsets_from_json(const json::value& body) {
    const auto invalid = [](const std::string& what) {
        return make_error(errc::invalid_argument, "Cannot deserialize the connector offsets: " + what);
    };
    if (!body.is_object())
        return invalid("expected a JSON object, got a JSON " + std::string(json::kind_name(body.type())));
    std::vector<hd::connector_offset> out;
    const json::value* list = body.find("offsets");
    if (list == nullptr || list->is_null()) return out;
    if (!list->is_array()) return invalid("\"offsets\" must be an array");
    for (const json::value& item : list->as_array()) {
        if (!item.is_object()) return invalid("every element of \"offsets\" must be an object");
        const json::value* partition = item.find("partition");
        const json::value* offset = item.find("offset");
        if (partition != nullptr && !partition->is_null() && !partition->is_object())
            return invalid("\"partition\" must be an object");
        if (offset != nullptr && !offset->is_null() && !offset->is_object())
            return invalid("\"offset\" must be an object or null");
        hd::connector_offset o;
        o.partition = partition != nullptr ? json::dump(*partition) : "null";
        if (offset != nullptr && !offset->is_null()) o.offset = json::dump(*offset);
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<endpoint> offsets_resource::endpoints() {
    return {
        {"GET", "/connectors/{connector}/offsets",
         requests_.on_connector(&hd::herder::connector_offsets,
                                [](const std::vector<hd::connector_offset>& offsets) {
                                    return json_response(200, offsets_to_json(offsets));
                                }),
         api_doc{"Offsets",
                 "A connector's committed offsets",
                 {},
                 nullptr,
                 {{200, "The offsets", "ConnectorOffsets"}, replies::not_found}}},
        {"PATCH", "/connectors/{connector}/offsets", [this](request req, responder respond) { alter(req, respond); },
         api_doc{"Offsets",
                 "Alter a stopped connector's offsets",
                 {},
                 "ConnectorOffsets",
                 {{200, "Altered", "Message"},
                  {400, "Not STOPPED, or no offsets given", "ErrorMessage"},
                  replies::not_found,
                  replies::conflict,
                  {500,
                   "The connector or the broker rejected the offsets (e.g. a nested value, an unknown topic); Kafka "
                   "answers these with 500 too",
                   "ErrorMessage"}}}},
        {"DELETE", "/connectors/{connector}/offsets",
         requests_.on_connector(
             &hd::herder::reset_connector_offsets,
             [](const std::string& message) { return json_response(200, message_json(message)); }),
         api_doc{"Offsets",
                 "Reset a stopped connector's offsets",
                 {},
                 nullptr,
                 {{200, "Reset", "Message"},
                  {400, "The connector is not STOPPED", "ErrorMessage"},
                  replies::not_found,
                  replies::conflict}}},
    };
}

void offsets_resource::alter(const request& req, const responder& respond) {
    auto body = parse_json_body(req);
    if (!body) return respond(error_response(body.err())), void();
    auto offsets = offsets_from_json(*body);
    if (!offsets) return respond(error_response(offsets.err())), void();
    if (offsets->empty())
        return respond(error_response(400, "Partitions / offsets need to be provided for an alter offsets request")),
               void();
    requests_.run<std::string>(
        respond,
        [name = std::string(req.path_param("connector")), offsets = std::move(*offsets)](
            hd::herder& h, auto cb) mutable { h.alter_connector_offsets(name, std::move(offsets), cb); },
        [](const std::string& message) { return json_response(200, message_json(message)); });
}

}  // namespace copycat::rest::handlers
