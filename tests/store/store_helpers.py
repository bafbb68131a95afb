"""Helpers shared by the store tests (imported by name; pytest puts this folder on sys.path)."""
from __future__ import annotations

import hashlib
import json
import random
import subprocess

from bot.store import NewJob, NewMessage, Store

T0 = 1_800_000_000


def state(seq: int, pad: int = 0) -> tuple[str, str]:
    """A fake engine state for move `seq` and its hash."""
    text = json.dumps({"seq": seq, "pad": "x" * pad})
    return text, hashlib.sha256(text.encode()).hexdigest()


async def make_lobby(store: Store, *, seats=(("DEM", "u-dem"), ("REP", "u-rep")), **kw):
    game = await store.create_game("electioneer", {"theatrics": 3}, 42, "u-dem", "Test game", T0,
                                   guild_id=kw.get("guild_id", "g1"), channel_id=kw.get("channel_id", "c1"))
    for i, (seat, user) in enumerate(seats):
        game = await store.add_seat(game.id, game.version, seat, user, user.upper(), T0 + i)
    return game


async def make_active(store: Store, **kw):
    game = await make_lobby(store, **kw)
    text, digest = state(0)
    return await store.start_game(
        game.id, game.version, text, digest, T0 + 10,
        jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 + 3600, payload={"seq": 0})],
        outbox=[NewMessage(audience="public", kind="board", payload={"text": "begins"})])


async def move(store: Store, game, seq: int, *, seat="DEM", idem_key=None, now=None, jobs=None, outbox=None, **kw):
    """Commit move `seq` on `game` (a GameRecord or (id, version)); returns the MoveCommit."""
    gid, version = (game.id, game.version) if hasattr(game, "id") else game
    text, digest = state(seq)
    return await store.commit_move(
        gid, version, seat=seat, notation=f"play {seq}", actor=kw.pop("actor", "u-" + seat.lower()),
        idem_key=idem_key, undoable=kw.pop("undoable", True), state_json=text, state_hash=digest,
        now=now if now is not None else T0 + 100 + seq, jobs=jobs,
        outbox=outbox if outbox is not None else [NewMessage(audience="public", kind="board", payload={"seq": seq})],
        **kw)


def read_to_mid_stream(proc: subprocess.Popen, rng: random.Random) -> str:
    """A crash writer's output up to a random moment among its commits: its READY, then one to four ACK lines (so
    the kill falls after real progress however slowly a loaded machine starts the writer). The caller sleeps a
    random moment more and kills; the text read is returned, since the file's buffer holds it now."""
    text, acks = proc.stdout.readline(), rng.randint(1, 4)
    while acks and (line := proc.stdout.readline()):
        text += line
        acks -= line.startswith("ACK ")
    return text
