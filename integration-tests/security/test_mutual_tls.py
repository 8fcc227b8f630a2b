"""The https listeners require a client certificate (listeners.https.ssl.client.auth=required, as
Kafka Connect's): a client without one gets no HTTP exchange at all; with one, basic
authentication still applies, and the request-target rules hold as on every listener
(test_request_targets.py runs its corpus over these listeners with the certificate). docs/security.md."""

import json

import pytest

from secure_cluster import raw_exchange, request_bytes


@pytest.mark.parametrize("auth", [False, True])
def test_without_a_client_certificate_no_request_reaches_an_https_listener(cluster, auth):
    for worker in (0, 1):
        listener = cluster.listener(worker, "https")
        try:
            reply = raw_exchange(listener, request_bytes("GET", "/connectors", auth=auth), client_certificate=False)
        except (ConnectionError, OSError):  # the handshake refused (ssl.SSLError is an OSError)
            reply = None
        assert reply is None, f"{listener}: {reply}"


def test_with_a_client_certificate_basic_authentication_still_applies(cluster):
    for worker in (0, 1):
        listener = cluster.listener(worker, "https")
        anonymous = raw_exchange(listener, request_bytes("GET", "/connectors"))
        assert anonymous is not None and anonymous.status == 401, f"{listener}: {anonymous}"
        reply = raw_exchange(listener, request_bytes("GET", "/connectors", auth=True))
        assert reply is not None and reply.status == 200, f"{listener}: {reply}"
        assert isinstance(json.loads(reply.body), list)
