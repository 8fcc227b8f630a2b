#include "rest/test_certificates.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace copycat::rest::testing {
namespace fs = std::filesystem;

namespace {

// Runs an openssl command quietly; its files are checked afterwards.
void run(const std::string& command) {
    if (std::system((command + " >/dev/null 2>&1").c_str()) != 0) std::cerr << "failed: " << command << "\n";
}

}  // namespace

test_certificates::test_certificates() {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("copycat-tls-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1)));
    fs::create_directories(dir_);
    ok_ = make("server", "DNS:localhost,IP:127.0.0.1", server_) && make("client", "DNS:copycat-client", client_);
}

test_certificates::~test_certificates() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::string test_certificates::read(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool test_certificates::make(const std::string& name, const std::string& subject_alt_names, pem_identity& out) {
    const fs::path base = dir_ / name;
    out.certificate = base.string() + "-cert.pem";
    out.key = base.string() + "-key.pem";
    out.keystore = base.string() + "-keystore.pem";
    out.encrypted_key = base.string() + "-key-encrypted.pem";
    run("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=" + name +
        " -addext subjectAltName=" + subject_alt_names + " -keyout " + out.key + " -out " + out.certificate);
    run("openssl pkey -in " + out.key + " -aes256 -passout pass:" + key_password + " -out " + out.encrypted_key);
    const std::string key = read(out.key);
    const std::string cert = read(out.certificate);
    std::ofstream(out.keystore, std::ios::binary) << key << cert;
    const bool made = key.find("PRIVATE KEY") != std::string::npos && cert.find("CERTIFICATE") != std::string::npos &&
                      read(out.encrypted_key).find("ENCRYPTED PRIVATE KEY") != std::string::npos;
    if (!made) std::cerr << "openssl could not make the " << name << " certificate in " << dir_ << "\n";
    return made;
}

}  // namespace copycat::rest::testing
