#include "rest/http_server.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ip/v6_only.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <fmt/format.h>

#include "common/logging.hpp"
#include "net/timer_service.hpp"
#include "net/tls_context.hpp"
#include "rest/http_session.hpp"
#include "rest/listener_address.hpp"

namespace copycat::rest {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

// One configured listener: its acceptor (used on its strand once running) and what it bound.
struct listener_state {
    explicit listener_state(asio::io_context& ioc)
        : acceptor(asio::make_strand(ioc)), accept_retry(acceptor.get_executor()) {}

    std::string text;  // as configured
    listener_address address;
    tcp::acceptor acceptor;
    asio::steady_timer accept_retry;
    bound_listener bound;  // written by start() before the threads exist
    std::shared_ptr<listener_budget> budget;
    std::size_t refused_connections = 0;  // on the acceptor's strand
};

// Members are declared so that the io_context outlives everything that uses it.
struct http_server::impl {
    impl(router r, http_server_options o)
        : options(std::move(o)),
          routes(std::move(r)),
          cors(options.cors),
          ioc(static_cast<int>(options.threads == 0 ? 1 : options.threads)) {
        services.routes = &routes;
        services.cors = &cors;
        services.auth = options.auth.get();
        services.limits = {options.body_limit, options.read_timeout};
        services.gate = gate;
    }
    ~impl() { timers->shutdown(); }  // while the io_context still exists

    result<void> open_all();
    result<void> open(listener_state& l);
    void accept(listener_state& l);
    void on_accept(listener_state& l, error_code ec, tcp::socket socket);
    bool remember(const std::shared_ptr<http_session>& s);
    void forget(http_session* s);
    void stop();
    bool on_pool_thread() const;

    enum class state { created, running, stopped };

    const http_server_options options;
    const router routes;
    const cors_policy cors;
    asio::io_context ioc;
    const std::shared_ptr<net::timer_service> timers = std::make_shared<net::timer_service>(ioc.get_executor());
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
    std::vector<std::unique_ptr<listener_state>> listeners;
    net::tls_context_ptr tls;  // for https listeners
    const std::shared_ptr<delivery_gate> gate = std::make_shared<delivery_gate>();
    session_services services;
    std::vector<std::thread> threads;

    mutable std::mutex mutex;  // guards sessions, current
    std::condition_variable sessions_changed;
    std::unordered_map<http_session*, std::shared_ptr<http_session>> sessions;
    state current = state::created;
};

namespace {

result<tcp::endpoint> resolve(const listener_address& address, asio::io_context& ioc) {
    if (address.host.empty()) return tcp::endpoint(tcp::v6(), address.port);
    error_code ec;
    tcp::resolver resolver(ioc);
    const auto results = resolver.resolve(address.host, std::to_string(address.port), tcp::resolver::passive, ec);
    if (ec || results.empty())
        return make_error(errc::invalid_argument,
                          fmt::format("Cannot resolve listener host '{}': {}", address.host, ec.message()));
    return results.begin()->endpoint();
}

std::string format_endpoint(const tcp::endpoint& ep) {
    const auto addr = ep.address();
    return addr.is_v6() ? fmt::format("[{}]:{}", addr.to_string(), ep.port())
                        : fmt::format("{}:{}", addr.to_string(), ep.port());
}

}  // namespace

result<void> http_server::impl::open_all() {
    const std::vector<std::string> wanted =
        options.listeners.empty() ? std::vector<std::string>{options.listener} : options.listeners;
    for (const auto& text : wanted) {
        COPYCAT_TRY(auto address, parse_listener(text));
        auto l = std::make_unique<listener_state>(ioc);
        l->text = text;
        l->address = std::move(address);
        l->budget = std::make_shared<listener_budget>(options.max_connections, options.max_pending_body_bytes);
        if (l->address.protocol == "https" && !tls) {
            auto built = net::make_server_tls_context(options.tls.value_or(net::tls_settings{}));
            if (!built)
                return error(built.err().code, "Cannot start the https listener " + text + ": " + built.err().message);
            tls = std::move(*built);
        }
        listeners.push_back(std::move(l));
    }
    for (auto& l : listeners) {
        if (auto opened = open(*l); !opened) {
            for (auto& other : listeners) {
                error_code ignored;
                other->acceptor.close(ignored);
            }
            return opened;
        }
    }
    return {};
}

result<void> http_server::impl::open(listener_state& l) {
    const listener_address& address = l.address;
    COPYCAT_TRY(auto endpoint, resolve(address, ioc));

    auto& acceptor = l.acceptor;
    error_code ec;
    auto bind_to = [&](const tcp::endpoint& ep) {
        ec = {};
        if (acceptor.is_open()) acceptor.close(ec);
        acceptor.open(ep.protocol(), ec);
        if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
        if (!ec && ep.address().is_v6() && address.host.empty()) acceptor.set_option(asio::ip::v6_only(false), ec);
        if (!ec) acceptor.bind(ep, ec);
        if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
    };
    bind_to(endpoint);
    if (ec && address.host.empty()) bind_to(tcp::endpoint(tcp::v4(), address.port));  // no IPv6 here
    if (ec) {
        error_code ignored;
        acceptor.close(ignored);
        return make_error(errc::io_error, fmt::format("Cannot listen on {}: {}", l.text, ec.message()));
    }
    const auto local = acceptor.local_endpoint(ec);
    l.bound = {address.protocol, address.host, local.port(), format_endpoint(local)};
    return {};
}

void http_server::impl::accept(listener_state& l) {
    l.acceptor.async_accept(asio::make_strand(ioc),
                            [this, &l](error_code ec, tcp::socket socket) { on_accept(l, ec, std::move(socket)); });
}

void http_server::impl::on_accept(listener_state& l, error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !l.acceptor.is_open()) return;
    if (ec) {  // e.g. out of file descriptors: retry shortly instead of spinning
        log::warn("REST listener {} failed to accept a connection: {}", l.text, ec.message());
        l.accept_retry.expires_after(std::chrono::milliseconds(100));
        l.accept_retry.async_wait([this, &l](error_code wec) {
            if (!wec) accept(l);
        });
        return;
    }
    if (!l.budget->open_connection()) {
        if (l.refused_connections++ % 1024 == 0) {
            log::warn("REST listener {} has {} connections open (rest.max.connections); closing new ones ({} so far)",
                      l.text, l.budget->max_connections(), l.refused_connections);
        }
        error_code ignored;
        socket.close(ignored);
        return accept(l);
    }
    auto closed = [this, budget = l.budget](http_session* s) {
        budget->close_connection();
        forget(s);
    };
    std::shared_ptr<http_session> session;
    if (l.address.protocol == "https") {
        session =
            std::make_shared<basic_http_session<tls_stream>>(std::move(socket), services, l.budget, tls.get(), closed);
    } else {
        session =
            std::make_shared<basic_http_session<plain_stream>>(std::move(socket), services, l.budget, nullptr, closed);
    }
    if (remember(session)) {
        session->start();
    } else {
        session->shutdown();
    }
    accept(l);
}

bool http_server::impl::remember(const std::shared_ptr<http_session>& s) {
    std::lock_guard lock(mutex);
    if (current != state::running) return false;
    sessions.emplace(s.get(), s);
    return true;
}

void http_server::impl::forget(http_session* s) {
    std::lock_guard lock(mutex);
    sessions.erase(s);
    if (sessions.empty()) sessions_changed.notify_all();
}

bool http_server::impl::on_pool_thread() const {
    const auto me = std::this_thread::get_id();
    for (const auto& t : threads) {
        if (t.get_id() == me) return true;
    }
    return false;
}

void http_server::impl::stop() {
    std::vector<std::shared_ptr<http_session>> open_sessions;
    {
        std::lock_guard lock(mutex);
        if (current != state::running) {
            current = state::stopped;
            return;
        }
        current = state::stopped;  // from here on, new connections are refused
        for (const auto& [ptr, s] : sessions) open_sessions.push_back(s);
    }
    if (on_pool_thread()) {
        log::error("http_server::stop() called from one of its own threads; this would deadlock");
        std::abort();
    }
    log::info("Stopping REST server");
    for (auto& l : listeners) {
        asio::post(l->acceptor.get_executor(), [&l = *l] {
            error_code ignored;
            l.acceptor.close(ignored);
            l.accept_retry.cancel();
        });
    }
    for (const auto& s : open_sessions) s->shutdown();
    open_sessions.clear();
    {
        std::unique_lock lock(mutex);
        if (!sessions_changed.wait_for(lock, options.shutdown_timeout, [this] { return sessions.empty(); })) {
            log::warn("{} REST request(s) still in progress after {} ms; closing their connections", sessions.size(),
                      options.shutdown_timeout.count());
        }
    }
    gate->close();  // late answers are dropped from now on
    work.reset();
    ioc.stop();
    for (auto& t : threads) t.join();
    threads.clear();
    timers->shutdown();  // pending request deadlines are dropped
    {
        std::lock_guard lock(mutex);
        sessions.clear();  // closes what is left while the io_context still exists
    }
    log::info("REST server stopped");
}

http_server::http_server(router routes, http_server_options options)
    : impl_(std::make_unique<impl>(std::move(routes), std::move(options))) {}

http_server::~http_server() { stop(); }

result<void> http_server::start() {
    auto& s = *impl_;
    {
        std::lock_guard lock(s.mutex);
        if (s.current != impl::state::created)
            return make_error(errc::invalid_argument, "REST server was already started");
    }
    COPYCAT_TRY_VOID(s.open_all());
    {
        std::lock_guard lock(s.mutex);
        s.current = impl::state::running;
    }
    s.work.emplace(s.ioc.get_executor());
    for (auto& l : s.listeners) asio::post(l->acceptor.get_executor(), [&s, &l = *l] { s.accept(l); });
    const std::size_t count = s.options.threads == 0 ? 1 : s.options.threads;
    for (std::size_t i = 0; i < count; ++i) {
        s.threads.emplace_back([&s] {
            for (;;) {
                try {
                    s.ioc.run();
                    return;
                } catch (const std::exception& e) {
                    log::error("REST server thread caught an exception: {}", e.what());
                }
            }
        });
    }
    for (const auto& l : s.listeners) log::debug("HTTP listener bound to {} ({})", l->bound.local_address, l->text);
    return {};
}

void http_server::stop() { impl_->stop(); }

std::uint16_t http_server::port() const {
    const auto bound = listeners();
    return bound.empty() ? 0 : bound.front().port;
}

std::string http_server::local_address() const {
    const auto bound = listeners();
    return bound.empty() ? std::string{} : bound.front().local_address;
}

std::vector<bound_listener> http_server::listeners() const {
    std::lock_guard lock(impl_->mutex);
    std::vector<bound_listener> out;
    if (impl_->current == impl::state::created) return out;
    for (const auto& l : impl_->listeners) out.push_back(l->bound);
    return out;
}

const router& http_server::routes() const { return impl_->routes; }

std::shared_ptr<scheduler> http_server::timers() const { return impl_->timers; }

}  // namespace copycat::rest
