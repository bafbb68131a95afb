"""The animated replay written to a file: `stumpbot replay FILE --animate OUT` from a game record,
`stumpbot demo RULESET --replay OUT` from the demo's database. No Discord import."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.policy import record as records
from bot.policy import replay as replays
from bot.store import Store


def _suffixed(out: Path, animation: Any) -> Path:
    """OUT with the format's own suffix: a `.webp` asked of a Pillow without WebP is written as `.gif`."""
    return out if out.suffix.lower() == f".{animation.format}" else out.with_suffix(f".{animation.format}")


def write_animation(animation: Any, out: Path) -> str:
    """Write it; the line that says what was written."""
    path = _suffixed(out, animation)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(animation.data)
    return (f"Replay written to {path}: {animation.n_frames} frames, {animation.width}×{animation.height}, "
            f"{len(animation.data) / 1024:.0f} KB.")


def write_game_replay(db_path: Path, game_id: int, out: Path) -> str:
    async def build() -> Any:
        store = await Store.open(db_path)
        try:
            return await replays.for_game(store, game_id)
        finally:
            await store.close()

    animation = asyncio.run(build())
    if animation is None:
        return "This ruleset has no pictures, so no replay was written."
    return write_animation(animation, out)


def copy_replay(folder: Path, db_path: Path, game_id: int, out: Path) -> str:
    """`demo --replay OUT`: the replay the demo's table wrote in `folder` at the game's end, else drawn from its
    database (a ruleset whose replay was not posted)."""
    written = sorted(folder.glob("replay.*"))
    if not written:
        return write_game_replay(db_path, game_id, out)
    path = out if out.suffix.lower() == written[-1].suffix else out.with_suffix(written[-1].suffix)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(written[-1].read_bytes())
    return f"Replay written to {path} ({path.stat().st_size / 1024:.0f} KB)."


def animate_record_command(path: Path, out: Path) -> int:
    """0 when written, 2 when the record can't be read or holds no seed."""
    try:
        animation = replays.from_record(records.load(path))
    except records.RecordError as exc:
        print(f"Can't draw the replay: {exc}")
        return 2
    if animation is None:
        print("This ruleset has no pictures, so no replay was written.")
        return 2
    print(write_animation(animation, out))
    return 0
