#include "rest/handlers/openapi_document.hpp"

#include <cctype>

#include "common/strings.hpp"
#include "rest/handlers/openapi_schemas.hpp"

namespace copycat::rest::handlers {
namespace {

json::value ref(const char* component) {
    json::value v = json::value::make_object();
    v.set("$ref", std::string("#/components/schemas/") + component);
    return v;
}

json::value string_schema(const char* type) {
    json::value v = json::value::make_object();
    v.set("type", type);
    return v;
}

// The path parameters of a template, in order.
std::vector<std::string> path_params(std::string_view path) {
    std::vector<std::string> out;
    for (auto open = path.find('{'); open != std::string_view::npos; open = path.find('{', open + 1)) {
        const auto close = path.find('}', open);
        out.emplace_back(path.substr(open + 1, close - open - 1));
    }
    return out;
}

std::string operation_id(const endpoint& op) {
    std::string id = to_lower(op.method);
    bool upper_next = true;
    for (const char c : op.path) {
        if (c == '/' || c == '-' || c == '.' || c == '{' || c == '}') {
            upper_next = true;
            continue;
        }
        id += upper_next ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper_next = false;
    }
    return id == "get" ? "getRoot" : id;
}

json::value parameters_of(const endpoint& op) {
    json::value params = json::value::make_array();
    for (const auto& name : path_params(op.path)) {
        json::value p = json::value::make_object();
        p.set("name", name);
        p.set("in", "path");
        p.set("required", true);
        p.set("schema", string_schema(name == "task" ? "integer" : "string"));
        params.push_back(std::move(p));
    }
    for (const auto& q : op.doc->query) {
        json::value p = json::value::make_object();
        p.set("name", q.name);
        p.set("in", "query");
        p.set("required", false);
        p.set("description", q.description);
        json::value schema = string_schema(q.type);
        if (!q.values.empty()) {
            json::value values = json::value::make_array();
            for (const char* v : q.values) values.push_back(v);
            schema.set("enum", std::move(values));
        }
        if (q.default_value != nullptr) {
            if (auto d = json::parse(q.default_value)) schema.set("default", std::move(*d));
        }
        if (q.repeated) {
            json::value array = string_schema("array");
            array.set("items", std::move(schema));
            p.set("schema", std::move(array));
            p.set("style", "form");
            p.set("explode", true);
        } else {
            p.set("schema", std::move(schema));
        }
        params.push_back(std::move(p));
    }
    return params;
}

json::value content(const char* media, json::value schema) {
    json::value type = json::value::make_object();
    type.set("schema", std::move(schema));
    json::value out = json::value::make_object();
    out.set(media, std::move(type));
    return out;
}

json::value responses_of(const api_doc& op) {
    json::value out = json::value::make_object();
    for (const auto& r : op.replies) {
        json::value resp = json::value::make_object();
        resp.set("description", r.description);
        if (r.schema != nullptr) {
            json::value schema = ref(r.schema);
            if (r.array) {
                json::value array = string_schema("array");
                array.set("items", std::move(schema));
                schema = std::move(array);
            }
            resp.set("content", content(r.media, std::move(schema)));
        } else if (std::string_view(r.media) != "application/json" || r.status == 200) {
            json::value schema = string_schema(std::string_view(r.media) == "application/json" ? "object" : "string");
            resp.set("content", content(r.media, std::move(schema)));
        }
        out.set(std::to_string(r.status), std::move(resp));
    }
    // What the server answers before any handler runs (docs/security.md): every operation refuses
    // a malformed request target, and one with a body a body that is not JSON or does not fit.
    const auto add_refusal = [&](int status, const char* description) {
        const std::string code = std::to_string(status);
        if (out.find(code) != nullptr) return;
        json::value resp = json::value::make_object();
        resp.set("description", description);
        resp.set("content", content("application/json", ref("ErrorMessage")));
        out.set(code, std::move(resp));
    };
    add_refusal(400, "Malformed request target (a fragment, dot segments, //, an encoded / or \\)");
    if (op.body != nullptr) {
        add_refusal(413, "The body is larger than rest.max.request.bytes");
        add_refusal(415, "The body is not application/json");
        add_refusal(503, "Too many request bytes in flight on this listener; retry after Retry-After");
    }
    json::value fallback = json::value::make_object();
    fallback.set("description", "Any other error (500: an internal error or a request timeout)");
    fallback.set("content", content("application/json", ref("ErrorMessage")));
    out.set("default", std::move(fallback));
    return out;
}

json::value operation_json(const endpoint& op) {
    const api_doc& doc = *op.doc;
    json::value o = json::value::make_object();
    json::value tags = json::value::make_array();
    tags.push_back(doc.tag);
    o.set("tags", std::move(tags));
    o.set("summary", doc.summary);
    o.set("operationId", operation_id(op));
    if (doc.deprecated) o.set("deprecated", true);
    if (auto params = parameters_of(op); !params.as_array().empty()) o.set("parameters", std::move(params));
    if (doc.body != nullptr) {
        json::value body = json::value::make_object();
        body.set("required", true);
        body.set("content", content("application/json", ref(doc.body)));
        o.set("requestBody", std::move(body));
    }
    o.set("responses", responses_of(doc));
    return o;
}

}  // namespace

json::value openapi_document(std::string_view version, const std::vector<endpoint>& endpoints) {
    json::value doc = json::value::make_object();
    doc.set("openapi", "3.0.3");
    json::value info = json::value::make_object();
    info.set("title", "Copycat REST API");
    info.set("version", version);
    info.set("description",
             "Kafka Connect's REST API as Copycat serves it (same paths, JSON and status codes), plus /metrics and "
             "/openapi.json. Errors are {\"error_code\": <status>, \"message\": <text>}. With basic authentication "
             "on (rest.basic.auth.credentials.file), requests need an Authorization: Basic header.");
    doc.set("info", std::move(info));

    json::value paths = json::value::make_object();
    for (const auto& op : endpoints) {
        if (!op.doc) continue;  // internal
        json::value* item = paths.find(op.path);
        if (item == nullptr) item = &paths.set(op.path, json::value::make_object());
        item->set(to_lower(op.method), operation_json(op));
    }
    doc.set("paths", std::move(paths));

    json::value components = json::value::make_object();
    components.set("schemas", openapi_schemas());
    json::value basic = json::value::make_object();
    basic.set("type", "http");
    basic.set("scheme", "basic");
    json::value schemes = json::value::make_object();
    schemes.set("basicAuth", std::move(basic));
    components.set("securitySchemes", std::move(schemes));
    doc.set("components", std::move(components));
    return doc;
}

}  // namespace copycat::rest::handlers
