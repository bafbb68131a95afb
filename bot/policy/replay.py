"""The animated replay of a finished game: replay its journal, draw the board at each public post.

No Discord import. The positions are those the channel saw a board for (the start and every move with
public lines, as `posts_and_deadlines` (bot/service/move_posts.py) posts them, and each board a move's posts
ended on within it, such as Solo Play's AI turns) plus the final one; each is drawn from the ruleset's
public view (seat None), so nothing hidden reaches a frame. The drawing and encoding are render/replay.py's:
the boards are drawn one at a time and only their downscaled frames kept.
Builds run in one worker thread of their own (BUILDS), one at a time: a long game draws up to
render.replay.MAX_FRAMES boards, and games that end together queue rather than each holding a build's memory.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Iterable, Iterator

from bot.policy import record as records
from engine import registry
from engine.core.posting import outlined
from engine.core.errors import EngineError

Animation = Any  # render.replay.Animation: render is imported on first use (it loads Pillow and the map)
# every replay build of the process, one after another: a build holds a game's steps and its frames (tens of MB, a
# few seconds of CPU), and a bot whose games end together must not hold them all at once
BUILDS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")


def posted_positions(steps: Iterable[records.Step]) -> list[records.Step]:
    """The setup, each step that posted to the channel, and the final position."""
    return list(_posted(steps))


def _posted(steps: Iterable[records.Step]) -> Iterator[records.Step]:
    """`posted_positions` as the steps come: the others are not kept (nor their states)."""
    last = None
    for i, step in enumerate(steps):
        posted = i == 0 or step.public or step.note
        if posted:
            yield step
        last = None if posted else step
    if last is not None:
        yield last


def build(ruleset_name: str, options: dict[str, Any], seats: list[str], seed: int,
          moves: list[tuple[str, str, str]], **animate_options: Any) -> Animation | None:
    """The replay of a game from its setup and moves (seat, notation, actor); None for a ruleset without pictures.
    Only the positions the channel saw are kept; each chosen board is drawn as the encoder's frames are made, so
    one full-size board at a time is alive."""
    from render import registry as pictures
    from render import replay

    if pictures.get(ruleset_name) is None:
        return None
    ruleset = registry.get(ruleset_name)
    boards = shown_boards(records.replay_steps(ruleset, options, seats, seed, moves))
    wanted = replay.frame_indices(len(boards), animate_options.pop("max_frames", replay.MAX_FRAMES))
    view_type = type(ruleset.view(boards[0][0].state, None))
    views = (view_type.model_validate(board) if board is not None else outlined(ruleset.view(step.state, None), step.posting)
             for step, board in (boards[i] for i in wanted))
    return replay.replay_views(views, **animate_options)


def shown_boards(steps: Iterable[records.Step]) -> list[tuple[records.Step, dict[str, Any] | None]]:
    """Every board the channel was shown, in order: for each posted position, the boards where its posts ended
    within the step (public views), then the position's own (None: draw the step's state)."""
    return [(step, board) for step in _posted(steps) for board in [*step.boards, None]]


def from_record(data: dict[str, Any], **animate_options: Any) -> Animation | None:
    """The replay of a finished game's record (docs/record-format.md); needs its revealed seed."""
    if data.get("seed") is None:
        raise records.RecordError("the record has no seed (exported before the game ended): no replay can be drawn")
    try:
        return build(data["game"]["ruleset"], dict(data.get("options") or {}), [s["seat"] for s in data["seats"]],
                     int(data["seed"]), [(m["seat"], m["notation"], m.get("by", "user")) for m in data["moves"]],
                     **animate_options)
    except EngineError as exc:
        raise records.RecordError(f"a move of the record is not legal where it stands ({exc.message}): "
                                  "`stumpbot verify` says which") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise records.RecordError(f"the record is malformed ({exc})") from None


Journal = tuple[str, dict[str, Any], list[str], int, list[tuple[str, str, str]]]


async def journal(store: Any, game_id: int) -> Journal | None:
    """(ruleset, options, seats, seed, moves) of a game in the store — what `build` replays; None if no such game."""
    game = await store.get_game(game_id)
    if game is None:
        return None
    seats = [s.seat for s in await store.list_seats(game_id)]
    moves = [(e.seat, e.notation, e.actor) for e in await store.load_journal(game_id)]
    return game.ruleset, game.options, seats, game.seed, moves


async def for_game(store: Any, game_id: int, **animate_options: Any) -> Animation | None:
    """The replay of a game in the store, from its seed and journal; drawn by BUILDS' thread, after the builds
    already asked for."""
    game = await journal(store, game_id)
    if game is None:
        return None
    return await asyncio.get_running_loop().run_in_executor(BUILDS, partial(build, *game, **animate_options))
