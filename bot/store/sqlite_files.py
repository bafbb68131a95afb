"""The SQLite store's dealings with its file as a file, outside any connection the store keeps: the start-up
check that refuses a damaged file before anything writes to it, and the durable, never-overwriting name of a
migration backup."""
from __future__ import annotations

import glob
import os
import sqlite3
from pathlib import Path

from bot.store.records import StoreDamaged


def _backup_path(path: str, version: int, stamp: str) -> str:
    base = f"{path}.bak-v{version}-{stamp}"
    candidate, n = base, 1
    while os.path.exists(candidate):
        candidate = f"{base}-{n}"
        n += 1
    return candidate


def _fsync_file(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    try:  # make the new directory entry durable too (POSIX)
        dfd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_FINDINGS_SHOWN = 3  # quick_check stops after this many problems: enough to say what is wrong


def _check_uri(path: str) -> str:
    """A URI for the start-up check, which must never write the database file. Read-only when a WAL is
    already there: it is read as it is, never checkpointed into the file. Without one, a read-only connection
    would leave an empty -wal and -shm behind; a read-write one creates them and, as the last connection
    out, deletes them on close with nothing to copy back (it wrote no frame). ``mode=rw`` never creates
    the database itself."""
    mode = "ro" if os.path.exists(path + "-wal") else "rw"
    return f"{Path(path).absolute().as_uri()}?mode={mode}"


def _decoded(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _printable(text: str) -> str:
    """Text from a damaged file (any characters at all), fit for one line of a message."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def _quick_check(path: str, busy_timeout_ms: int) -> list[str]:
    """The first problems ``PRAGMA quick_check`` finds in the file at ``path``, one a line ([] when intact)."""
    c = sqlite3.connect(_check_uri(path), uri=True, timeout=busy_timeout_ms / 1000)
    c.text_factory = _decoded  # a damaged page can hold any bytes where text should be
    try:
        rows = c.execute(f"PRAGMA quick_check({_FINDINGS_SHOWN})").fetchall()
    except sqlite3.DatabaseError as exc:  # damage bad enough that the check itself cannot read on
        if not (getattr(exc, "sqlite_errorname", "") or "").startswith(_DAMAGED):
            raise
        lines = [str(exc)]
    except UnicodeDecodeError as exc:  # SQLite's own error message quoted damaged schema text, undecodable
        lines = [_decoded(exc.object)]
    else:  # the problems come as one text per table, under a "*** in database main ***" heading
        lines = [line for (text,) in rows for line in str(text).splitlines() if not line.startswith("*** ")]
    finally:
        c.close()
    return [] if lines == ["ok"] else [_printable(line) for line in lines[:_FINDINGS_SHOWN]]


def _refuse_if_damaged(path: str, busy_timeout_ms: int) -> None:
    """Check an existing file before anything writes to it (the WAL switch, migrations, the start-up probe):
    a damaged one opens as if healthy, takes writes, and fails only moves later with SQLITE_CORRUPT."""
    try:
        if os.path.getsize(path) == 0:
            return  # a new file (perhaps being created by another process): nothing to check yet
    except FileNotFoundError:
        return
    findings = _quick_check(path, busy_timeout_ms)
    if findings:
        backups = sorted(glob.glob(glob.escape(path) + ".bak-v*"), key=os.path.getmtime)
        raise StoreDamaged(path, findings, backups)
