"""Offsets (KIP-875: GET/PATCH/DELETE /connectors/{c}/offsets) of a source connector (offsets
topic) and of a sink connector (its consumer group), and active topics (KIP-558: GET
/connectors/{c}/topics, PUT /connectors/{c}/topics/reset)."""

from contract_cluster import create_running, wait_connector_state, wait_tasks
from contract_http import assert_error, assert_no_body, assert_status, wait_for

ALTERED = "The offsets for this connector have been altered successfully"
RESET = "The offsets for this connector have been reset successfully"


def not_stopped(name):
    return ("Connectors must be in the STOPPED state before their offsets can be modified. This can be done for "
            f"the specified connector by issuing a 'PUT' request to the '/connectors/{name}/stop' endpoint")


def wait_offsets(client, name, expected, what):
    def check():
        r = client.get(f"/connectors/{name}/offsets")
        return r.status == 200 and r.json == {"offsets": expected}, r

    return wait_for(f"{what} of {name} on {client.name}", check)


def stop(via, other, name):
    assert_status(via.put(f"/connectors/{name}/stop"), 204)
    for c in (via, other):
        wait_connector_state(c, name, "STOPPED", tasks=0)
        wait_tasks(c, name, 0)


def test_source_offsets(via, other, connectors):
    name = connectors.name()
    config = connectors.source(lines=3)  # "line 0\n" .. "line 2\n": 21 bytes
    create_running(via, name, config, tasks=1)
    partition = {"filename": config["file"]}
    # Offsets are readable in any state; the file task commits its position every second.
    wait_offsets(other, name, [{"partition": partition, "offset": {"position": 21}}], "committed source offsets")

    patch = {"offsets": [{"partition": partition, "offset": {"position": 7}}]}
    assert_error(via.patch(f"/connectors/{name}/offsets", patch), 400, not_stopped(name))
    assert_error(via.delete(f"/connectors/{name}/offsets"), 400, not_stopped(name))

    stop(via, other, name)
    r = assert_status(via.patch(f"/connectors/{name}/offsets", patch), 200)
    assert r.json == {"message": ALTERED}
    wait_offsets(other, name, [{"partition": partition, "offset": {"position": 7}}], "altered offsets")

    # The file connector checks the partition keys (Kafka answers the ConnectException with 500).
    bad = {"offsets": [{"partition": {"file": "x"}, "offset": {"position": 1}}]}
    assert_error(via.patch(f"/connectors/{name}/offsets", bad), 500,
                 "Partition objects should contain the key 'filename'")
    assert_error(via.patch(f"/connectors/{name}/offsets", {"offsets": []}), 400,
                 "Partitions / offsets need to be provided for an alter offsets request")
    assert_error(via.patch(f"/connectors/{name}/offsets", {}), 400,
                 "Partitions / offsets need to be provided for an alter offsets request")

    r = assert_status(via.delete(f"/connectors/{name}/offsets"), 200)
    assert r.json == {"message": RESET}
    wait_offsets(other, name, [], "reset offsets")


def test_sink_offsets(via, other, connectors, cluster):
    topic = connectors.topic("sinkdata")
    source = connectors.name("feed")
    create_running(via, source, connectors.source(lines=5, topic=topic), tasks=1)
    name = connectors.name("sink")
    sink = connectors.sink(topic)
    create_running(via, name, sink, tasks=1)
    partition = {"kafka_topic": topic, "kafka_partition": 0}
    wait_offsets(other, name, [{"partition": partition, "offset": {"kafka_offset": 5}}], "committed sink offsets")

    assert_error(via.delete(f"/connectors/{name}/offsets"), 400, not_stopped(name))
    stop(via, other, name)
    wait_offsets(via, name, [{"partition": partition, "offset": {"kafka_offset": 5}}], "sink offsets when stopped")

    patch = {"offsets": [{"partition": partition, "offset": {"kafka_offset": 2}}]}
    r = assert_status(other.patch(f"/connectors/{name}/offsets", patch), 200)
    assert r.json == {"message": ALTERED}
    wait_offsets(via, name, [{"partition": partition, "offset": {"kafka_offset": 2}}], "altered sink offsets")

    # "offset": null resets one partition.
    r = assert_status(other.patch(f"/connectors/{name}/offsets", {"offsets": [{"partition": partition,
                                                                                "offset": None}]}), 200)
    assert r.json == {"message": ALTERED}
    wait_offsets(via, name, [], "a reset sink partition")

    assert_status(via.patch(f"/connectors/{name}/offsets", patch), 200)
    r = assert_status(other.delete(f"/connectors/{name}/offsets"), 200)
    assert r.json == {"message": RESET}
    wait_offsets(via, name, [], "reset sink offsets")


def test_stopped_sink_without_offsets(w1, w0, connectors):
    name = connectors.name("sink")
    create_running(w1, name, connectors.sink(connectors.topic("empty")), tasks=1)
    stop(w1, w0, name)
    r = assert_status(w1.get(f"/connectors/{name}/offsets"), 200)
    assert r.json == {"offsets": []}


def test_active_topics_and_reset(via, other, connectors):
    name = connectors.name()
    topic = connectors.topic("active")
    create_running(via, name, connectors.source(lines=2, topic=topic), tasks=1)

    def active():
        r = other.get(f"/connectors/{name}/topics")
        return r.status == 200 and r.json == {name: {"topics": [topic]}}, r

    wait_for(f"{topic} to be an active topic of {name}", active)
    # Kafka resets the topics of a running connector too; a running task records its topic again
    # only when it produces to it for the first time after that, so the answer is not checked.
    stop(via, other, name)
    r = assert_status(via.put(f"/connectors/{name}/topics/reset"), 202)
    assert_no_body(r)

    def reset():
        r = other.get(f"/connectors/{name}/topics")
        return r.status == 200 and r.json == {name: {"topics": []}}, r

    wait_for(f"the active topics of {name} to be reset", reset)
