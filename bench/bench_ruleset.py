"""Any ruleset's speed, each figure beside a floor measured in the same run: full games per second (per
step) beside the state copy apply() makes, and a move through the game manager with the picture beside
PNG-encoding a blank image. The per-ruleset benches (bench_campaign_trail.py,
bench_presidential_election.py) are thin wrappers that name the ruleset, its player counts and its
state copy; this module names no ruleset.

Engine: whole games from setup() to outcome(), every seat played by the same mover — "random" (uniform
over decisions(), the Electioneer bench's games, bench_engine.full_games) or "bot" (the ruleset's own
bot_action()). Each step is owing_seats() + the mover's choice + play(). Floor: the very same states
replayed doing only the copy of the state that the ruleset's apply() makes — no engine can apply a move
faster than it copies the state it returns.

Manager: Games.submit() with the RecordingTable and the render on, over whole games (a new game
starts when one ends), split into the steps that post the board (commit + render + post) and those
that post nothing (commit only). The mover's choice is made outside the timed call. Floor: Pillow
PNG-encoding a blank 1600×1000 RGB image (bench_render.py's floor), since every post renders and
encodes a picture; the manager's own commit floor is in bench_manager.py.

A ruleset still under construction (engine/registry.py UNDER_CONSTRUCTION) is benched too: while the
manager bench runs it is put in this process's registry.RULESETS, as the manager finds games there
(the tests do the same with monkeypatch).
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_engine import full_games as random_games, per_step  # noqa: E402
from bench.bench_render import blank_encode, median_ms  # noqa: E402
from bot.tables.local_seats import table_seats  # noqa: E402
from bot.service import GameManager  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import Ruleset, owing_seats, play  # noqa: E402

MOVERS = ("random", "bot")
GAMES_WORD = {"random": "random-legal-move", "bot": "bot-played"}
CHOICE_WORD = {"random": "decisions", "bot": "bot_action"}


@dataclass(frozen=True)
class Bench:
    """What a per-ruleset bench names; everything else is generic."""
    ruleset: str  # the stable name in engine/registry.py
    title: str  # printed: "Campaign Trail"
    players: tuple[int, ...]  # the player counts benched
    # the state copy the ruleset's apply() makes (the engine floor); most copy with a deep model_copy
    copy: Callable[[Any], Any] = lambda s: s.model_copy(deep=True)
    copy_label: str = "the state copy apply() makes (deep model_copy)"
    mover: str = "random"  # "random" or "bot"
    posting: str = "a step that posts the board (commit + render + post)"
    silent: str = "a step that posts nothing (commit, no post)"
    high: float = 0.99  # the upper percentile printed beside the median


def ruleset_named(name: str) -> Ruleset:
    """The registry's ruleset, or one still under construction."""
    found = registry.RULESETS.get(name) or registry.under_construction(name)
    if found is None:
        known = [*registry.RULESETS, *registry.UNDER_CONSTRUCTION]
        raise KeyError(f"no ruleset {name!r}; known: {', '.join(known)}")
    return found


@contextmanager
def offered(ruleset: Ruleset) -> Iterator[None]:
    """The ruleset in registry.RULESETS for the duration (the manager looks games' rulesets up there)."""
    if registry.RULESETS.get(ruleset.name) is ruleset:
        yield
        return
    registry.RULESETS[ruleset.name] = ruleset
    try:
        yield
    finally:
        registry.RULESETS.pop(ruleset.name, None)


def choose(ruleset: Ruleset, state: Any, seat: str, rng: Rng, mover: str) -> Any:
    if mover == "bot":
        return ruleset.bot_action(state, seat, rng)
    return rng.choice(ruleset.decisions(state, seat).all_options()).action


def full_games(ruleset: Ruleset, players: int, games: int, options: dict,
               mover: str = "random") -> tuple[float, list[list]]:
    """(seconds, each game's states before each step), every seat played by `mover`. The seats are the local
    table's for that many players (options may decide them: Campaign Trail's Solo Play seats one)."""
    seats = table_seats(ruleset, players, options)
    if mover == "random":
        return random_games(games, ruleset, seats, options)  # the very games the other engine benches play
    trajectories: list[list] = []
    start = time.perf_counter()
    for seed in range(games):
        rng = Rng(seed)
        state = ruleset.setup(options, seats, seed)
        states = []
        while ruleset.outcome(state) is None:
            states.append(state)
            seat = rng.choice(owing_seats(ruleset, state))
            state = play(ruleset, state, seat, [choose(ruleset, state, seat, rng, mover)]).state
        trajectories.append(states)
    return time.perf_counter() - start, trajectories


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine_report(b: Bench, ruleset: Ruleset, players: int, games: int, options: dict) -> None:
    """One player count's engine figures, printed beside the state-copy floor and the ratio."""
    seconds, traj = full_games(ruleset, players, games, options, b.mover)
    steps = sum(len(t) for t in traj)
    copy = per_step(traj, b.copy)
    decide = per_step(traj, lambda s: [ruleset.decisions(s, x) for x in s.seats])
    view = per_step(traj, lambda s: ruleset.view(s, None))
    full_label = f"full game loop (owing + {CHOICE_WORD[b.mover]} + play)"
    floor_label = f"floor: {b.copy_label}"
    width = max(43, len(full_label) + 2, len(floor_label) + 2)
    print(f"  {players} players: {steps / games:.0f} steps per game")
    print(f"    {full_label:<{width}}{games / seconds:7.2f} games/s  {seconds / steps * 1e6:7.1f} µs/step")
    print(f"    {floor_label:<{width}}{games / copy:7.2f} games/s  {copy / steps * 1e6:7.1f} µs/step")
    print(f"    {'ratio full / floor':<{width + 1}}{seconds / copy:7.2f}×")
    print(f"    parts: decisions() of every seat {decide / steps * 1e6:.1f} µs/step, public view {view / steps * 1e6:.1f} µs/step")


async def manager_latency(ruleset: Ruleset, players: int, moves: int, options: dict,
                          mover: str = "random") -> tuple[list[float], list[float]]:
    """submit() latency (ms) over whole games, render on: (steps that post the board, steps that post nothing)."""
    posting: list[float] = []
    silent: list[float] = []
    with offered(ruleset), tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        table = RecordingTable()
        manager = GameManager(store, table, render=True)
        rng = Rng(7)
        seed = 0
        while len(posting) + len(silent) < moves:
            seed += 1
            seats = table_seats(ruleset, players, options)
            rec = await manager.games.create(ruleset.name, "u0", "P0", seat=seats[0], seed=seed, options=options)
            for i, seat in enumerate(seats[1:], start=1):
                await manager.games.join(rec.id, f"u{i}", f"P{i}", seat=seat)
            await manager.games.start(rec.id, "u0")
            users = {s.seat: s.user_id for s in await store.list_seats(rec.id)}
            while len(posting) + len(silent) < moves:
                owing = await manager.views.owing(rec.id)
                if not owing:
                    break
                seat = owing[rng.below(len(owing))]
                if mover == "bot":
                    state = ruleset.load_state((await store.load_snapshot(rec.id)).state)
                    move: Any = [ruleset.bot_action(state, seat, rng)]
                else:
                    _, _, decision = await manager.views.decision(rec.id, users[seat])
                    options_ = decision.all_options()
                    move = options_[rng.below(len(options_))].action.notation()
                posts = len(table.posts)
                t0 = time.perf_counter()
                await manager.games.submit(rec.id, users[seat], move)
                ms = (time.perf_counter() - t0) * 1000
                (posting if len(table.posts) > posts else silent).append(ms)
        await store.close()
    return posting, silent


def png_floor_ms() -> float:
    floor = blank_encode()
    floor()
    return median_ms(floor, 30)


def manager_report(b: Bench, ruleset: Ruleset, players: int, moves: int, options: dict, floor_ms: float) -> None:
    """One player count's manager figures, printed beside the PNG-encode floor and the ratio."""
    posting, silent = asyncio.run(manager_latency(ruleset, players, moves, options, b.mover))
    hi = f"p{round(b.high * 100)}"
    if posting:
        p50, phi = statistics.median(posting), pct(posting, b.high)
        print(f"  manager.games.submit, {players} players, {b.posting}, {len(posting)} moves: "
              f"p50 {p50:.2f} ms, {hi} {phi:.2f} ms — ratio to floor p50 {p50 / floor_ms:.2f}×, {hi} {phi / floor_ms:.2f}×")
    if silent:
        s50, shi = statistics.median(silent), pct(silent, b.high)
        print(f"  manager.games.submit, {players} players, {b.silent}, {len(silent)} moves: "
              f"p50 {s50:.2f} ms, {hi} {shi:.2f} ms — ratio to floor p50 {s50 / floor_ms:.2f}×")


def run(b: Bench, games: int, moves: int, options: dict, note: str = "") -> int:
    """The whole bench: the engine block per player count, then the PNG floor and the manager block."""
    ruleset = ruleset_named(b.ruleset)
    full_games(ruleset, b.players[0], 2, options, b.mover)  # warm caches (content, pydantic validators)
    print(f"{b.title} engine{note}: {games} {GAMES_WORD[b.mover]} games per player count")
    for players in b.players:
        engine_report(b, ruleset, players, games, options)
    floor_ms = png_floor_ms()
    print(f"floor: PNG-encode a blank 1600×1000 RGB image: {floor_ms:.2f} ms")
    for players in b.players:
        manager_report(b, ruleset, players, moves, options, floor_ms)
    return 0


def parse_option(text: str) -> tuple[str, Any]:
    """`K=V` from the command line: V as an int, a bool (true/false) or else a string."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"--option wants K=V, not {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def cli(bench: Bench, argv: list[str] | None = None, doc: str = "") -> int:
    """The command line every ruleset's bench shares: --games, --moves, --option K=V (repeatable), --mover."""
    import argparse

    ap = argparse.ArgumentParser(description=(doc or bench.title).splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option, e.g. era=1960")
    ap.add_argument("--mover", choices=MOVERS, default=bench.mover, help="who plays every seat")
    args = ap.parse_args(argv)
    try:
        options = dict(parse_option(o) for o in args.option)
        ruleset_named(bench.ruleset).parse_options(options)  # a bad option stops here, not mid-run
    except ValueError as exc:  # pydantic's ValidationError is one
        ap.error(str(exc).replace("\n", " "))
    chosen = Bench(**{**bench.__dict__, "mover": args.mover})
    note = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
    return run(chosen, args.games, args.moves, options, note)
