"""The demo: every seat of a game played by the built-in bot player, its pictures and replay in a folder of the run."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from bot.policy import record as records
from bot.service import GameManager
from bot.store import Store
from bot.tables.console import ConsoleTable
from bot.tables.local_seats import table_seats
from engine import registry
from engine.core.notation import is_number
from engine.core.rng import Rng
from engine.core.types import result_headline


async def run_demo(db_path: Path, out_dir: Path, ruleset_name: str, seed: int = 1,
                   write: Callable[[str], None] = print, *, players: int | None = None,
                   options: dict[str, Any] | None = None, export: Path | None = None,
                   render: bool = True, moves: int | None = None) -> tuple[int, list[Path]]:
    """Every seat played by the built-in bot player, from setup to the declared winner (or only its first `moves`
    moves: a look at the opening, left unfinished); its images and replay go straight into `out_dir` (a folder for
    this run: demo_folder); `export` writes the game's record there (docs/record-format.md)."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db_path)
    table = ConsoleTable(out_dir=out_dir, write=write, one_game=True)
    write = table.say  # the terminal's words
    manager = GameManager(store, table, render=render)
    try:
        ruleset = registry.get(ruleset_name)
        seats = table_seats(ruleset, players, options)
        record = await manager.games.create(ruleset_name, "demo:" + seats[0], f"Bot {seats[0]}", seat=seats[0],
                                      title=f"Demo {ruleset.title}", seed=seed, options=options)
        for seat in seats[1:]:
            await manager.games.join(record.id, "demo:" + seat, f"Bot {seat}", seat=seat)
        await manager.games.start(record.id, "demo:" + seats[0])
        rng = Rng(seed)
        for _ in range(10_000 if moves is None else max(moves, 0)):
            owing = await manager.views.owing(record.id)
            if not owing:
                break
            await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
        await manager.memory.post_replays()  # the animated replay, beside the images
        final = await manager.views.game(record.id)
        if final.status == "active":
            write(f"\nDemo stopped after {moves} moves; the game was not finished.")
        else:
            write(f"\nDemo finished. {result_headline(final.result) if final.result else final.status}")
        if export is not None:
            export.parent.mkdir(parents=True, exist_ok=True)
            export.write_text(records.dumps(await records.build_record(store, record.id)), encoding="utf-8")
            write(f"Game record written to {export} (check it with `stumpbot verify {export}`).")
        write(f"{len(table.images)} images written to {table.folder(record.id)}")  # last: where to look
        return record.id, table.images
    finally:
        await store.close()


def demo_folder(root: Path, ruleset_name: str, seed: int) -> Path:
    """The folder under `root` for a new demo run, `<ruleset>-seed<N>-<run>`: the run number follows the highest
    there, so the folders list in the order they were made and no run writes over another's images or replay. Not
    created here: a demo refused at setup (a bad player count) leaves no empty folder."""
    stem = f"{registry.canonical(ruleset_name)}-seed{seed}-"
    runs = [int(p.name[len(stem):]) for p in root.glob(f"{stem}*") if is_number(p.name[len(stem):])]
    return root / f"{stem}{max(runs, default=0) + 1}"
