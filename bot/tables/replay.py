"""`stumpbot replay FILE`: a game record stepped through in the terminal."""
from __future__ import annotations

import itertools
from pathlib import Path
from typing import Callable

from bot.policy import record as records
from bot.policy import record_log
from bot.present import text
from engine import registry


def replay_record(path: Path, out_dir: Path, *, ask: Callable[[str], str] = input,
                  write: Callable[[str], None] = print, render: bool = True) -> int:
    """`stumpbot replay FILE`: step through a game record, one move per Enter (`q` stops), printing each
    move's public lines and, when the record holds the seed, writing each position's picture as the demo does.
    Returns the number of moves shown."""
    from bot.present import pictures

    say = write
    write = lambda line: say(text.terminal_text(line))  # noqa: E731 — the terminal's words
    data = records.load(path)
    steps = records.record_steps(data)
    setup = next(steps)  # replayed before the header is shown: a record that cannot be replayed fails first
    game = data["game"]
    ruleset = registry.get(game["ruleset"])
    folder = out_dir / f"replay-{game['id']}"
    write(f"{game['title']} — {game['ruleset_title']}, game #{game['id']}. Seats: "
          + ", ".join(f"{s['seat']}: {s['player']}" for s in data["seats"]) + ".")
    if data.get("seed") is None:
        write("This record was exported mid-game: it holds the public lines only, so there are no pictures "
              "(export the game again after the end for every position).")
    shown = 0
    for move, step in itertools.chain([setup], steps):
        if move is not None:
            try:
                reply = ask("(Enter: next move, q: stop) ")
            except EOFError:
                reply = "q"
            if reply.strip().lower() in ("q", "quit", "exit"):
                break
            write("\n".join(record_log.move_lines(move)))
            shown += 1
            if step is not None and not records.hash_matches(ruleset, step.state, step.posting, move.get("state_hash")):
                write(f"⚠ the replayed state differs from the record's hash at move {move['seq']}: "
                      f"run `stumpbot verify {path}`.")
        if step is not None and render:
            picture = pictures.picture_for(records.public_view(data, step))
            if picture is not None:
                folder.mkdir(parents=True, exist_ok=True)
                image = folder / f"{(move or {}).get('seq', 0):03d}-{picture.filename}"
                image.write_bytes(picture.png)
                write(f"[board image: {image}]")
    else:
        if data.get("result_text"):
            write(data["result_text"])
    return shown
