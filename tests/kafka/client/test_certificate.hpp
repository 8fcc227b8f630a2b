#pragma once
// test_certificate: a throw-away self-signed certificate (EC P-256, CA:TRUE so it can be its
// own trust anchor) and its key, written as PEM files into a fresh directory under the system's
// temp directory, for the TLS tests.

#include <string>
#include <vector>

namespace copycat::kafka_client::testing {

struct test_certificate {
    std::string cert_file;
    std::string key_file;
};

// `subject_alt_names` in OpenSSL's syntax, e.g. {"DNS:localhost", "IP:127.0.0.1"}.
test_certificate make_test_certificate(const std::string& common_name,
                                       const std::vector<std::string>& subject_alt_names);

}  // namespace copycat::kafka_client::testing
