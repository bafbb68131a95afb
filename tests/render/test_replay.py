"""The animated replay with the real Pillow: a whole Electioneer game played by the built-in bot through the game
manager, replayed from its journal as the bot does at a game's end, drawn from public views and encoded; the file is read back and checked frame by frame."""
from __future__ import annotations

import asyncio
import dataclasses
import gc
import io
from pathlib import Path
from typing import Any, Iterator

import pytest
from PIL import Image, ImageChops

from bot.policy import record as records
from bot.policy import replay as replays
from bot.store import Store
from bot.tables.demo import run_demo
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import play
from render import registry as picture_registry
from render import replay
from render.types import Rendered
from tests.render.test_replay_every_ruleset import finished_game_replay, holds_every_board, quick_folder

RULESET = "electioneer"
GAME_SEED = 3  # the full table: the shortest game of the first 25 seeds (tests/render/test_replay_every_ruleset.py)
SEED = 5


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[replays.Journal, replay.Animation, int]]:
    """(the journal, the replay as the bot builds it at a game's end, how many boards its channel was shown) of one
    whole game played by the built-in bot through the game manager (`stumpbot demo`, pictures off)."""
    with quick_folder(tmp_path_factory.mktemp("game")) as folder:
        yield asyncio.run(finished_game_replay(folder, RULESET, None, {}, GAME_SEED))


@pytest.fixture(scope="module")
def game(played) -> tuple[list[tuple[str, str, str]], list[records.Step]]:
    """(moves, the public positions) of the game."""
    (name, options, seats, seed, moves), _, _ = played
    steps = list(records.replay_steps(registry.get(name), options, seats, seed, moves))
    return moves, replays.posted_positions(steps)


@pytest.fixture(scope="module")
def animation(played) -> replay.Animation:
    return played[1]


def test_the_replay_of_a_whole_game_holds_every_board_it_showed(played) -> None:
    """tests/render/test_replay_every_ruleset.py's check, on this file's game."""
    _, animation, shown = played
    holds_every_board(animation, shown)


def frames(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    out = []
    for i in range(image.n_frames):
        image.seek(i)
        out.append(image.convert("RGB"))
    return out


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_the_replay_is_one_animated_image_of_every_public_post(game, animation) -> None:
    _, positions = game
    assert animation.format == replay.image_format() == "webp"  # this Pillow has WebP
    image = Image.open(io.BytesIO(animation.data))
    assert image.format == "WEBP" and image.is_animated
    assert len(positions) > 10 and image.n_frames == animation.n_frames == len(positions)
    assert image.size == (animation.width, animation.height) and animation.width == replay.WIDTH
    assert len(animation.data) <= replay.SIZE_LIMIT
    assert animation.filename == "replay.webp"


def test_first_and_last_frames_are_the_first_and_last_public_boards(game, animation) -> None:
    _, positions = game
    ruleset = registry.get(RULESET)
    shown = frames(animation.data)
    first = replay.scaled(replay.draw_public(ruleset.view(positions[0].state, None)), replay.WIDTH)
    last = replay.scaled(replay.draw_public(ruleset.view(positions[-1].state, None)), replay.WIDTH)
    assert same(shown[0], first) and same(shown[-1], last)
    assert not same(first, last)  # the game moved: the check above could fail
    assert ruleset.outcome(positions[-1].state) is not None  # the last frame is the final board


def test_the_last_frame_is_held_longest() -> None:
    pictures = [Image.new("RGB", (100, 50), colour) for colour in ("red", "green", "blue", "white")]
    image = Image.open(io.BytesIO(replay.animate(pictures).data))
    durations = []
    for i in range(image.n_frames):
        image.seek(i)
        image.load()  # the WebP reader sets a frame's duration when it decodes it
        durations.append(image.info["duration"])
    assert durations == [replay.FIRST_MS, replay.FRAME_MS, replay.FRAME_MS, replay.LAST_MS]


def test_a_long_game_is_sampled_to_the_frame_cap() -> None:
    assert replay.frame_indices(5, 120) == [0, 1, 2, 3, 4]
    picked = replay.frame_indices(1000, 120)
    assert len(picked) == 120 and picked[0] == 0 and picked[-1] == 999 and picked == sorted(set(picked))
    assert replay.frame_indices(0) == [] and replay.frame_indices(7, 1) == [6]


def test_over_the_size_limit_it_drops_frames_and_narrows_until_it_fits(game) -> None:
    _, positions = game
    ruleset = registry.get(RULESET)
    spread = [positions[i] for i in replay.frame_indices(len(positions), 12)]
    boards = [replay.draw_public(ruleset.view(p.state, None)) for p in spread]
    full = replay.animate(boards)
    limit = len(full.data) // 2
    small = replay.animate(boards, size_limit=limit)
    assert len(small.data) <= limit < len(full.data)
    assert 2 <= small.n_frames < full.n_frames == 12
    shown = frames(small.data)
    assert len(shown) == small.n_frames and shown[0].size == (small.width, small.height)
    # still the game from its start to its end
    assert same(shown[0], frames(full.data)[0]) and same(shown[-1], frames(full.data)[-1])
    noise = [Image.effect_noise((600, 400), 90).convert("RGB") for _ in range(3)]
    with pytest.raises(replay.ReplayTooLarge):
        replay.animate(noise, size_limit=1000)


def test_gif_when_there_is_no_webp() -> None:
    pictures = [Image.new("RGB", (300, 200), colour) for colour in ("red", "green", "navy")]
    made = replay.animate(pictures, fmt="gif")
    image = Image.open(io.BytesIO(made.data))
    assert made.filename == "replay.gif" and image.format == "GIF" and image.is_animated and image.n_frames == 3


def test_only_public_views_are_drawn(game) -> None:
    _, positions = game
    private = registry.get(RULESET).view(positions[0].state, "DEM")
    with pytest.raises(ValueError, match="public views only"):
        replay.draw_public(private)
    with pytest.raises(ValueError, match="public views only"):
        replay.replay_views([private])


def test_a_solo_replay_shows_each_ai_turn_as_its_channel_post_did() -> None:
    """Solo Play posts each AI turn on its own, with the board as that turn left it: the replay has those boards
    too, one per AI card (a deck of 40), each a public view between the boards before and after it."""
    ruleset = registry.get("campaign_trail")
    options = {"ai": "REP"}
    state = ruleset.setup(options, ["DEM"], SEED)
    rng = Rng(SEED)
    moves = []
    while ruleset.outcome(state) is None:
        action = ruleset.bot_action(state, "DEM", rng)
        moves.append(("DEM", ruleset.format([action]), "bot"))
        state = play(ruleset, state, "DEM", [action]).state
    steps = list(records.replay_steps(ruleset, options, ["DEM"], SEED, moves))
    shots = replays.shown_boards(steps)
    ai_boards = [board for _, board in shots if board is not None]
    assert len(shots) == len(replays.posted_positions(steps)) + len(ai_boards) and len(ai_boards) == 40
    view_type = type(ruleset.view(state, None))
    decks = [view_type.model_validate(board).solo.deck["REP"] for board in ai_boards]
    assert decks == list(range(40, 0, -1)), "each board is the one before its AI turn drew"
    animation = replays.build("campaign_trail", options, ["DEM"], SEED, moves, max_frames=8)
    assert animation.n_frames == 8


class Png(bytes):
    """A drawn board's picture that tells its counter when the last reference to it goes."""

    def __del__(self) -> None:
        self.counter.alive -= 1


class CountingRenderer:
    """A ruleset's real renderer, drawn through: counts the boards drawn, the most of their pictures alive at once
    and the most decoded boards (images of a board's size, beyond those alive at the first draw) alive at any draw,
    and logs each draw's ruleset in a shared list."""

    def __init__(self, ruleset: str, log: list[str]) -> None:
        self.real = picture_registry.RENDERERS[ruleset]
        self.ruleset, self.log = ruleset, log
        self.drawn = self.alive = self.most_alive = self.most_images = self.cached = 0

    def draw(self, view: Any) -> Rendered:
        rendered = self.real.draw(view)
        gc.collect()
        size = (rendered.width, rendered.height)
        boards = sum(1 for o in gc.get_objects() if isinstance(o, Image.Image) and o.size == size)
        if self.drawn == 0:
            self.cached = boards  # before the replay holds any board: the drawing code's own caches
        self.most_images = max(self.most_images, boards - self.cached)
        self.log.append(self.ruleset)
        png = Png(rendered.png)
        png.counter = self
        self.drawn += 1
        self.alive += 1
        self.most_alive = max(self.most_alive, self.alive)
        return dataclasses.replace(rendered, png=png)


@pytest.fixture
def census() -> Iterator[None]:
    """The objects alive before the test set aside from the collector (gc.freeze): CountingRenderer's collection
    and census at each draw then walk what the test made since, not the whole session's heap. Boards drawn before
    it are not counted, and none is alive: the counts start at the test's first draw."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


def counting(monkeypatch: pytest.MonkeyPatch, ruleset: str, log: list[str]) -> CountingRenderer:
    wrapper = CountingRenderer(ruleset, log)
    monkeypatch.setitem(picture_registry.RENDERERS, ruleset, wrapper)
    return wrapper


def test_a_replay_holds_one_full_size_board_at_a_time_even_when_it_must_shrink(played, monkeypatch, census) -> None:
    """Each board is drawn once, downscaled and let go before the next is drawn; the size-limit loop drops frames
    and narrows from the frames it kept, never drawing or holding the full-size boards again."""
    journal, _, _ = played
    renderer = counting(monkeypatch, RULESET, [])
    whole = replays.build(*journal, max_frames=16)
    assert renderer.drawn == whole.n_frames == 16
    assert renderer.most_alive <= 2 and renderer.most_images <= 1
    renderer.drawn = renderer.most_alive = renderer.most_images = 0
    small = replays.build(*journal, max_frames=16, size_limit=len(whole.data) // 3)
    assert len(small.data) <= len(whole.data) // 3 and small.n_frames < 16
    assert renderer.drawn == 16 and renderer.most_alive <= 2 and renderer.most_images <= 1


def test_replays_are_built_one_at_a_time(tmp_path: Path, monkeypatch, census) -> None:
    """Two games' replays asked for together (two games ending at once): the second's boards are drawn only after
    the first's, so a bot holds one build's memory at a time."""
    log: list[str] = []
    games = [("electioneer", None), ("presidential_election", 2)]
    for ruleset, _ in games:
        counting(monkeypatch, ruleset, log)

    async def both() -> list[Any]:
        db = tmp_path / "games.sqlite3"
        ids = [(await run_demo(db, tmp_path, ruleset, seed=SEED, write=lambda _: None, players=players,
                               render=False, moves=30))[0] for ruleset, players in games]
        store = await Store.open(db)
        try:
            return await asyncio.gather(*(replays.for_game(store, game_id, max_frames=10) for game_id in ids))
        finally:
            await store.close()

    made = asyncio.run(both())
    assert [a.n_frames for a in made] == [10, 10] and len(log) == 20
    assert len(set(log[:10])) == 1, f"the builds interleaved: {log}"
