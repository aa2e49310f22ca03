"""A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` package (initdb and pg_ctl from
/usr/lib/postgresql/*/bin), a temporary directory, a free port on 127.0.0.1, trust authentication.
PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (or `nobody`)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile

from .servers import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: apt-get install -y postgresql")
    return found[-1]


class Cluster:
    def __init__(self):
        self.port = free_port()
        self.base = tempfile.mkdtemp(prefix="caylus-pg-")
        self.data = os.path.join(self.base, "data")
        self.user = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    pwd.getpwnam(name)
                    self.user = name
                    break
                except KeyError:
                    continue
            os.chmod(self.base, 0o755)
            entry = pwd.getpwnam(self.user)
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self.url = f"postgresql://caylus@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        if self.user is not None:
            command = ("runuser", "-u", self.user, "--", *command)
        subprocess.run(command, check=True, capture_output=True, timeout=120, cwd=self.base)

    def start(self) -> "Cluster":
        self._run(_bin("initdb"), "-D", self.data, "-U", "caylus", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(_bin("pg_ctl"), "-D", self.data, "-o", options, "-l", os.path.join(self.base, "log"), "-w",
                  "-t", "60", "start")
        return self

    def stop(self) -> None:
        try:
            self._run(_bin("pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop")
        except (subprocess.SubprocessError, OSError):
            pass
        shutil.rmtree(self.base, ignore_errors=True)
