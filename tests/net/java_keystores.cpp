#include "net/java_keystores.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace copycat::testing {
namespace fs = std::filesystem;

namespace {

// Runs a command quietly; false (and the command on stderr) when it fails.
bool run(const std::string& command) {
    if (std::system((command + " >/dev/null 2>&1").c_str()) == 0) return true;
    std::cerr << "failed: " << command << "\n";
    return false;
}

std::string passwords(const std::string& storepass, const std::string& keypass) {
    return " -storepass " + storepass + " -keypass " + keypass;
}

}  // namespace

java_keystores::java_keystores() {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("copycat-keystores-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1)));
    fs::create_directories(dir_);
}

java_keystores::~java_keystores() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::string java_keystores::generate(const std::string& name, const std::string& type, const std::string& keyalg) {
    const std::string file = path(name + (type == "JKS" ? ".jks" : ".p12"));
    const std::string keypass = type == "JKS" ? key_password : store_password;
    const bool made = run("keytool -genkeypair -noprompt -storetype " + type + " -keystore " + file + " -alias " +
                          name + " -keyalg " + keyalg + " -dname CN=" + name + " -validity 2" +
                          passwords(store_password, keypass));
    return made ? file : std::string();
}

java_store_pair java_keystores::key_stores(const std::string& name, const std::string& key_pem_file,
                                           const std::string& certificate_pem_file) {
    const std::string exported = path(name + "-openssl.p12");
    java_store_pair out{path(name + ".jks"), path(name + ".p12")};
    const std::string import = "keytool -importkeystore -noprompt -srcstoretype PKCS12 -srckeystore " + exported +
                               " -srcstorepass " + store_password + " -srcalias " + name + " -deststorepass " +
                               store_password + " -destkeystore ";
    const bool made = run("openssl pkcs12 -export -name " + name + " -inkey " + key_pem_file + " -in " +
                          certificate_pem_file + " -passout pass:" + store_password + " -out " + exported) &&
                      run(import + out.jks + " -deststoretype JKS -destkeypass " + key_password) &&
                      run(import + out.pkcs12 + " -deststoretype PKCS12");
    return made ? out : java_store_pair{};
}

java_store_pair java_keystores::trust_stores(const std::string& name, const std::string& ca_pem_file) {
    java_store_pair out{path(name + "-trust.jks"), path(name + "-trust.p12")};
    const std::string import = "keytool -importcert -noprompt -alias " + name + " -file " + ca_pem_file +
                               " -storepass " + store_password + " -keystore ";
    const bool made = run(import + out.jks + " -storetype JKS") && run(import + out.pkcs12 + " -storetype PKCS12");
    return made ? out : java_store_pair{};
}

std::string java_keystores::exported_certificate(const std::string& store, const std::string& alias) {
    const std::string file = path(alias + "-exported.pem");
    if (!run("keytool -exportcert -rfc -keystore " + store + " -storepass " + store_password + " -alias " + alias +
             " -file " + file))
        return {};
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::string pem = text.str();
    std::erase(pem, '\r');  // keytool ends base64 lines with CR LF
    return pem;
}

}  // namespace copycat::testing
