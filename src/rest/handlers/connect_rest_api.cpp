#include "rest/handlers/connect_rest_api.hpp"

#include <iterator>
#include <string_view>
#include <utility>

namespace copycat::rest::handlers {
namespace {

bool is_admin(const endpoint& e) { return std::string_view(e.path).starts_with("/admin/"); }

void add_if(router& routes, std::vector<endpoint> endpoints, bool admin) {
    for (endpoint& e : endpoints) {
        if (is_admin(e) != admin) continue;
        // A row the OpenAPI document leaves out is called between workers only.
        routes.add(e.method, e.path, std::move(e.handle), e.doc ? router::access::client : router::access::internal);
    }
}

}  // namespace

connect_rest_api::connect_rest_api(rest_api_options options)
    : requests_(options.request_timeout),
      metrics_(options.metrics),
      root_(requests_, options.info, options.health_check_timeout),
      connectors_(requests_),
      offsets_(requests_),
      topics_(requests_, options.topics),
      plugins_(requests_),
      loggers_(requests_) {
    openapi_.describe(options.info.version, endpoints());
}

std::vector<endpoint> connect_rest_api::endpoints() {
    std::vector<endpoint> all;
    for (std::vector<endpoint> part : {root_.endpoints(), connectors_.endpoints(), offsets_.endpoints(),
                                       topics_.endpoints(), plugins_.endpoints(), loggers_.endpoints(),
                                       metrics_.endpoints(), openapi_.endpoints()})
        all.insert(all.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    return all;
}

void connect_rest_api::add_routes(router& routes) { add_if(routes, endpoints(), false); }

void connect_rest_api::add_admin_routes(router& routes) { add_if(routes, endpoints(), true); }

}  // namespace copycat::rest::handlers
