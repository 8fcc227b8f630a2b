#pragma once
// own_broker: a Kafka broker that belongs to one test (deploy/kafka/kafka.sh in a temporary run
// dir), for tests that stop and restart it and so cannot use the broker with-kafka.sh shares.
// restart() brings it back on the same data dir, node id, cluster id and ports, so clients find
// it again at the addresses they knew.
//
// kafka.sh's path comes from the COPYCAT_KAFKA_SH compile definition. Each call runs kafka.sh
// to completion (its progress goes to the test's stderr); the child gets no descriptor of this
// process beyond stdin/stdout/stderr, so client sockets never outlive their close in a broker.
//
// Ownership and threading: owned by the test, used from the test's thread only. The destructor
// stops the broker and removes the run dir (kept when COPYCAT_KEEP_KAFKA_RUN_DIR=1).

#include <string>

namespace copycat::itest {

class own_broker {
public:
    // Starts the broker (kafka.sh start); the test FAILS when it does not start.
    own_broker();
    ~own_broker();
    own_broker(const own_broker&) = delete;
    own_broker& operator=(const own_broker&) = delete;

    // The PLAINTEXT listener, 127.0.0.1:PORT; the same after restart().
    const std::string& bootstrap_servers() const { return bootstrap_; }
    const std::string& run_dir() const { return run_dir_; }
    // Its SASL_SSL listener (TLS + SCRAM-SHA-256/512), the test CA's PEM file, and the SCRAM
    // user, from the run dir's bootstrap.sasl_ssl, ca.pem and scram.credentials.
    std::string sasl_ssl_bootstrap_servers() const;
    std::string ca_file() const;
    std::string scram_username() const;
    std::string scram_password() const;
    // What kafka.sh measured for the last start or restart: JVM launch to ready, in seconds.
    std::string startup_seconds() const;

    // kafka.sh stop: SIGTERM (controlled shutdown), waits until the process is gone.
    void stop();
    // kafka.sh restart: same storage and ports; returns once the broker is ready. The test
    // FAILS when it does not come back.
    void restart();

private:
    std::string run_dir_;
    std::string bootstrap_;
};

}  // namespace copycat::itest
