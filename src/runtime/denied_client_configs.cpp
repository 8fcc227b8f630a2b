#include "runtime/denied_client_configs.hpp"

#include <algorithm>
#include <array>

#include "common/strings.hpp"

namespace copycat::runtime {
namespace {

// librdkafka's configuration properties reference (v2.x). The "*_cb" and pointer properties
// cannot be set from a string at all (librdkafka answers "must be set through dedicated
// .._set_..() function"); they are in the table so that such a config is refused by name, before
// any client is built.
constexpr std::array table = {
    // dlopen(3) of every library listed: its constructor runs in the worker process.
    denied_client_config{"plugin.library.paths", "it loads shared libraries (librdkafka plugins) into the worker"},
    // Set by the plugins plugin.library.paths loads; what they do with it is theirs.
    denied_client_config{"interceptors", "it names interceptors, which are code in the worker"},
    // ENGINE_load of the library at that path (OpenSSL's dynamic engine).
    denied_client_config{"ssl.engine.location", "it loads an OpenSSL engine library into the worker"},
    // The engine the library above registers, or one OpenSSL finds in its engines directory.
    denied_client_config{"ssl.engine.id", "it names the OpenSSL engine to load into the worker"},
    denied_client_config{"ssl_engine_callback_data", "it is a pointer handed to OpenSSL engine code"},
    // OSSL_PROVIDER_load of each name: a name with a slash is the path of a shared library.
    denied_client_config{"ssl.providers", "it loads OpenSSL 3 provider modules (shared libraries) into the worker"},
    // Run with system(3) at client creation and every sasl.kerberos.min.time.before.relogin.
    denied_client_config{"sasl.kerberos.kinit.cmd", "it is a shell command the worker runs"},
    // The deprecated file offset store writes offset files at that path.
    denied_client_config{"offset.store.path", "it makes the worker write files at any path"},
    // Callbacks: function pointers into the worker (error_cb, log_cb, dr_msg_cb, rebalance_cb,
    // ssl.certificate.verify_cb, oauthbearer_token_refresh_cb, ...).
    denied_client_config{"*_cb", "it is a callback, a function pointer into the worker"},
    denied_client_config{"msg_order_cmp", "it is a function pointer into the worker"},
    // Pointers the application sets through librdkafka's C API.
    denied_client_config{"opaque", "it is a pointer the worker hands to its callbacks"},
    denied_client_config{"default_topic_conf", "it is a pointer to a configuration object of the worker"},
    denied_client_config{"ssl_key", "it is a key object set through librdkafka's C API"},
    denied_client_config{"ssl_certificate", "it is a certificate object set through librdkafka's C API"},
    denied_client_config{"ssl_ca", "it is a certificate object set through librdkafka's C API"},
    // librdkafka's own test hooks (ut_handle_ProduceResponse): function pointers.
    denied_client_config{"ut_*", "it is a librdkafka test hook, a function pointer into the worker"},
};

// Substituted into librdkafka's default sasl.kerberos.kinit.cmd ("kinit -R -t
// \"%{sasl.kerberos.keytab}\" -k %{sasl.kerberos.principal} || ..."), which a shell runs.
constexpr std::array kinit_arguments = {std::string_view("sasl.kerberos.principal"),
                                        std::string_view("sasl.kerberos.keytab")};
constexpr std::string_view kinit_argument_reason =
    "it goes into the shell command sasl.kerberos.kinit.cmd, and may hold only letters, digits and . _ - / @ + "
    "(not first: -)";

// A principal ("connect/host.example.com@EXAMPLE.COM") or a path: nothing a shell or kinit's
// option parser would read as anything but one argument.
bool plain_kinit_argument(std::string_view value) {
    if (value.empty()) return true;
    if (value.front() == '-') return false;
    return std::all_of(value.begin(), value.end(), [](char c) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        return alnum || c == '.' || c == '_' || c == '-' || c == '/' || c == '@' || c == '+';
    });
}

bool matches(std::string_view pattern, std::string_view key) {
    if (pattern.starts_with('*')) return key.ends_with(pattern.substr(1));
    if (pattern.ends_with('*')) return key.starts_with(pattern.substr(0, pattern.size() - 1));
    return key == pattern;
}

std::string normalized(std::string_view key) {
    std::string out = to_lower(trim_whitespace(key));
    constexpr std::string_view topic = "topic.";
    while (out.starts_with(topic)) out.erase(0, topic.size());
    return out;
}

}  // namespace

std::span<const denied_client_config> denied_client_configs() { return table; }

std::optional<std::string_view> denied_client_config_reason(std::string_view key, std::string_view value) {
    const std::string name = normalized(key);
    for (const denied_client_config& entry : table) {
        if (matches(entry.key, name)) return entry.reason;
    }
    const bool kinit_argument = std::find(kinit_arguments.begin(), kinit_arguments.end(), name) != kinit_arguments.end();
    if (kinit_argument && !plain_kinit_argument(value)) return kinit_argument_reason;
    return std::nullopt;
}

std::string denied_client_config_message(std::string_view connector_key, std::string_view reason) {
    return "Client property '" + std::string(connector_key) +
           "' cannot be set in a connector configuration under any override policy: " + std::string(reason);
}

}  // namespace copycat::runtime
