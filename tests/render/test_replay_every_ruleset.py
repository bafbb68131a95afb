"""The animated replay of a whole game of every ruleset, built as the bot builds it at a game's end.

Each game is played by the built-in bot through the game manager (`stumpbot demo`'s `run_demo`, pictures off:
the replay is drawn afresh from the journal, not from the posted pictures), then drawn by `bot.policy.replay.for_game`,
the very function `Memory.replay_picture` calls, and read back with Pillow. 1960's and Campaign Manager
2008's boards are cropped to what was drawn, so their heights change from post to post — the case the other
rulesets, drawn at one size, never met.

Seeds: among the first 25 of each, the game that shows the fewest boards (or one board more in far fewer moves):
drawing, downscaling and encoding the boards is most of the time, and no seed makes a much shorter game (the fewest
boards: 1960 85, Campaign Manager 2008 91, Campaign Trail 90, Solo Play 84, Electioneer 42, Presidential Election 26;
some games show more than render.replay.MAX_FRAMES, Campaign Manager 2008's seed 13 190). These stay under it, so no
board is sampled away and the frame count is checked board for board. The file takes about 45 s of CPU (boards 1000–1200 px
wide, each drawn, scaled and let go before the next; the WebP encoding is half of it), over the 40 s aimed at: whole games are the point, as the
tallest boards come at a game's end.
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest
from PIL import Image

from bot.policy import record as records
from bot.policy import replay as replays
from bot.discord import limits
from bot.tables.demo import run_demo
from bot.store import Store
from engine import registry
from render import replay
from render.colours import PAPER

# (ruleset, players (None: the full table), options, seed); Electioneer's, seed 3 with the full table, is
# tests/render/test_replay.py's game, whose other tests share it
GAMES = [
    pytest.param("campaign_trail", 2, {}, 8, id="campaign_trail"),
    pytest.param("campaign_trail", 1, {"ai": "REP"}, 14, id="campaign_trail-solo"),
    pytest.param("presidential_election", 2, {}, 1, id="presidential_election"),
    pytest.param("campaign_manager_2008", None, {}, 17, id="campaign_manager_2008"),
    pytest.param("nineteen_sixty", None, {}, 5, id="nineteen_sixty"),
]


@contextlib.contextmanager
def quick_folder(fallback: Path) -> Iterator[Path]:
    """Where a game's database goes: in memory (/dev/shm) where there is one, else `fallback`. The store syncs each
    move to disk (synchronous=FULL), half a whole game's wall time on a busy disk, and no part of what is tested."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield fallback
        return
    with tempfile.TemporaryDirectory(dir=shm) as name:
        yield Path(name)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    with quick_folder(tmp_path) as path:
        yield path


async def finished_game_replay(folder: Path, ruleset: str, players: int | None, options: dict[str, Any],
                               seed: int) -> tuple[replays.Journal, replay.Animation, int]:
    """(the journal, the replay of a whole bot-played game, how many boards its channel was shown)."""
    db = folder / "demo.sqlite3"
    game_id, _ = await run_demo(db, folder, ruleset, seed=seed, write=lambda _: None, players=players,
                                options=options, render=False)
    store = await Store.open(db)
    try:
        animation = await replays.for_game(store, game_id)
        journal = await replays.journal(store, game_id)
    finally:
        await store.close()
    assert animation is not None and journal is not None
    name, stored_options, seats, game_seed, moves = journal
    steps = list(records.replay_steps(registry.get(name), stored_options, seats, game_seed, moves))
    assert registry.get(name).outcome(steps[-1].state) is not None  # played to its end
    return journal, animation, len(replays.shown_boards(steps))


@pytest.mark.parametrize(("ruleset", "players", "options", "seed"), GAMES)
def test_the_replay_of_a_whole_game_holds_every_board_it_showed(folder: Path, ruleset: str, players: int | None,
                                                                 options: dict[str, Any], seed: int) -> None:
    _, animation, shown = asyncio.run(finished_game_replay(folder, ruleset, players, options, seed))
    holds_every_board(animation, shown)


def holds_every_board(animation: replay.Animation, shown: int) -> None:
    """The replay has a frame for each of the `shown` boards (none sampled away), fits Discord, and decodes."""
    assert 2 < shown <= replay.MAX_FRAMES  # a real game, and none of its boards sampled away
    assert len(animation.data) <= min(replay.SIZE_LIMIT, limits.ATTACHMENT)  # what Discord takes
    image = Image.open(io.BytesIO(animation.data))
    assert image.format == animation.format.upper() and image.n_frames == animation.n_frames == shown
    assert image.size == (animation.width, animation.height) and animation.width == replay.WIDTH
    for frame in range(image.n_frames):
        image.seek(frame)
        image.load()  # every frame decodes


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_boards_of_different_sizes_share_the_largest_canvas(fmt: str) -> None:
    red = (200, 0, 0)
    pictures = [Image.new("RGB", (100, height), red) for height in (40, 70, 55)]
    animation = replay.animate(pictures, fmt=fmt)
    image = Image.open(io.BytesIO(animation.data))
    assert image.n_frames == 3 and image.size == (animation.width, animation.height) == (100, 70)
    first = image.convert("RGB")
    assert first.getpixel((50, 39)) == red and first.getpixel((50, 40)) == PAPER  # kept top-left, paper below
