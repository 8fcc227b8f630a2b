"""The 2-worker Copycat cluster the dashboard tests run against: the REST contract suite's
cluster (integration-tests/rest-contract/contract_cluster.py: fresh group and internal topics on
the test broker, formed before the tests start) with basic authentication on. Its RestClients
send the credentials. A context manager, owned by the session fixture in conftest.py.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "rest-contract"))

from contract_cluster import FILE_SINK, START_DEADLINE_S, ContractCluster, source_config  # noqa: E402
from contract_http import RestClient, wait_for  # noqa: E402

USER, PASSWORD = "ops", "dashboard-secret"


class DashboardCluster(ContractCluster):
    def __init__(self, build_dir, bootstrap, workdir):
        super().__init__("copycat", build_dir, None, bootstrap, workdir)
        credentials = self.path("credentials.properties")
        with open(credentials, "w") as f:
            f.write(f"{USER}={PASSWORD}\n")
        self.props["rest.basic.auth.credentials.file"] = credentials

    def start(self):
        """As ContractCluster.start, with credentials: GET /health needs them too."""
        self.workers = [self.system.start("distributed", self.props, self.workdir, f"worker{i}") for i in range(2)]
        for n, worker in enumerate(self.workers):
            worker.wait_port(START_DEADLINE_S)
            client = RestClient(worker.url, f"worker{n}")
            client.session.auth = (USER, PASSWORD)
            wait_for(f"{client.name} healthy", lambda c=client: c.get("/health").status == 200, START_DEADLINE_S, 0.1)
            self.clients.append(client)
        self._wait_formed()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *_):
        self.stop()

    def source_config(self, name, lines=3):
        """A FileStreamSource reading a new file of `lines` lines into a topic of its own."""
        path = self.path(f"{name}.txt")
        with open(path, "w") as f:
            f.writelines(f"line {i}\n" for i in range(lines))
        return source_config(path, self.unique(f"ui-{name}"))

    def failing_sink_config(self, name):
        """A file sink whose file cannot be created: its task FAILS with a trace."""
        return {"connector.class": FILE_SINK, "tasks.max": "1", "topics": self.unique(f"ui-{name}"),
                "file": self.path(f"no-such-dir/{name}.txt")}
