"""The bot's three levels, the budget of its hard decisions, and one decision from plain values (what a worker
process of bot/service/thinking.py runs: nothing of the bot's services is imported).

A bot seat plays at one level, a game setting (`bot_level:<SEAT>` in the game's settings; none means `normal`):

- `easy`: the title's heuristic, now and then a random legal move instead;
- `normal`: the title's heuristic, as the bot has always played;
- `hard`: a search over what the seat may know (engine/ai/players.py), for a budget of CPU time per decision.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.types import Action



class LevelError(EngineError):
    """A level of the bot that does not exist."""

    code = "bad_level"


LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
LEVEL_WORDS = {
    "easy": "easy (the usual play, with a random move now and then)",
    "normal": "normal (the usual play)",
    "hard": "hard (it thinks ahead, up to a few seconds a move)",
}
LEVEL_KEY = "bot_level:"  # + the seat: a game setting


def level_key(seat: str) -> str:
    return LEVEL_KEY + seat


def parse_level(text: str | None) -> str:
    """A level as a player typed it; an unknown one is refused in words, naming the three."""
    if text is None or not text.strip():
        return DEFAULT_LEVEL
    level = text.strip().casefold()
    if level not in LEVELS:
        shown = text.strip()[:20]
        raise LevelError(f"`{shown}` is not a level of the bot. The bot plays at easy, normal or hard.")
    return level


def level_of(game_settings: dict[str, str], seat: str) -> str:
    """The level the bot plays `seat` at, from the game's settings."""
    level = game_settings.get(level_key(seat)) or DEFAULT_LEVEL
    return level if level in LEVELS else DEFAULT_LEVEL


def bot_label(seat: str, level: str) -> str:
    """"REP (bot)" at the usual level, "REP (bot, hard)" at another."""
    return f"{seat} (bot)" if level == DEFAULT_LEVEL else f"{seat} (bot, {level})"


@dataclass(frozen=True)
class ThinkSettings:
    """How long a hard decision thinks and where. `seconds`: CPU seconds per decision; `iterations`, when given,
    a fixed number of search iterations instead (the same decision every time: tests, reproducible games);
    `workers`: the processes hard decisions share (each thinks about one decision at a time)."""

    seconds: float = 2.0
    iterations: int | None = None
    workers: int = 1

    def __post_init__(self) -> None:
        if not self.seconds > 0:
            raise ValueError("a hard decision's time budget is a number of seconds above 0")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a hard decision's iteration budget is a whole number from 1 up")
        if self.workers < 1:
            raise ValueError("hard decisions need at least 1 worker process")


def decide(ruleset_name: str, state_json: str, seat: str, level: str, seed: int, seconds: float,
           iterations: int | None) -> Action:
    """One decision from plain inputs: what a worker process runs. The time budget is counted on this thread's
    CPU clock, so a decision in a thread is not charged for the event loop's work beside it. (The engine is
    imported here, not above: reading the configuration does not load every game.)"""
    from engine import registry
    from engine.ai.players import choose

    ruleset = registry.get(ruleset_name)
    state = ruleset.load_state(state_json)
    if iterations is not None:
        return choose(ruleset, state, seat, level, Rng(seed), None, iterations=iterations)
    return choose(ruleset, state, seat, level, Rng(seed), seconds, clock=time.thread_time)


def settings_from_env(env: dict[str, str] | None = None) -> ThinkSettings:
    """STUMPBOT_HARD_SECONDS, STUMPBOT_HARD_ITERATIONS, STUMPBOT_HARD_WORKERS (README: Configuration). A malformed
    value raises ValueError naming the variable."""
    env = dict(os.environ) if env is None else env
    values: dict[str, Any] = {}
    for name, key, kind in (("STUMPBOT_HARD_SECONDS", "seconds", float), ("STUMPBOT_HARD_ITERATIONS", "iterations", int),
                            ("STUMPBOT_HARD_WORKERS", "workers", int)):
        text = env.get(name, "").strip()
        if text:
            try:
                values[key] = kind(text)
            except ValueError:
                raise ValueError(f"{name} must be a {'number' if kind is float else 'whole number'}, not `{text[:20]}`") \
                    from None
    try:
        return ThinkSettings(**values)
    except ValueError as exc:
        raise ValueError(f"{exc} (STUMPBOT_HARD_SECONDS, STUMPBOT_HARD_ITERATIONS, STUMPBOT_HARD_WORKERS)") from None
