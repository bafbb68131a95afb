"""A hint on request: the search's top three moves for the seat asking, each with its share of the search and one
line on why, shown to that player only.

Hints are a game option, `hints=on`, off by default and taken out of the options before the ruleset reads them
(`split_options`): the game keeps it as its setting `hints`. Any game may have them: by DM, on the local table, a
game against the bot (on by default there: bot/service/learn.py) and a game in a server, which is then not rated
(bot/policy/ratings.py rates server games, but never one with hints on).

The search is the hard bot's (engine/ai/ismcts.py), with its honesty: it reads the position only through
determinizations for the seat asking, never the hidden state. It runs in the thinker's pool, off the event loop,
for a budget of CPU seconds (HINT_SECONDS unless the table sets another; a fixed number of iterations where the
thinker has one). A move's line says what sets it apart from the others shown (`whys`): where the title has its own
evaluation and it tells the moves apart, how each moves the seat's projected chance of winning, estimated on
determinized positions before and just after it; where it cannot (a move whose effect shows only later, such as a
discard, leaves every projection where it was) or the title has no evaluation, what the search found after each
move: in how many of its playouts it tried the move and the seat's chance of winning on average at their ends.

A hint taken is part of the game's record: the game setting `hints:taken` lists each (bot/policy/record.py), which
the record's export and `/game log` show. Nothing of a hint's content is kept or posted.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from bot.policy import record as records
from bot.present import echo
from bot.service.context import ManagerError, Service
from bot.service.thinking import Thinker
from bot.service.views import Views
from bot.store import game_scope
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats
from engine.core.types import Action

OPTION = "hints"  # the game option, and the game setting it becomes
HINT_SECONDS = 1.5  # CPU seconds a hint's search thinks by default
TOP = 3
WORLDS = 8  # determinized positions a move's projection is averaged over
MOST_KEPT = 400  # hints a game's record keeps (a longer game keeps its first ones)


@dataclass(frozen=True)
class Suggestion:
    label: str  # the move as the game's menu names it ("" where it names none)
    notation: str  # as the bot shows a move back (echo.notation)
    share: float  # of the search's visits, 0 to 1
    why: str


@dataclass(frozen=True)
class Hint:
    game_id: int
    seat: str
    suggestions: list[Suggestion]

    def text(self, *, private: bool = True) -> str:
        """The reply, in words: `private` where it goes to the asker alone (on Discord), not where it is written to
        whoever is at the keyboard (the local table)."""
        seen = "only you see this; " if private else ""
        lines = [f"💡 Hint for **{self.seat}** in game #{self.game_id} ({seen}the game's record notes that you asked):"]
        for n, s in enumerate(self.suggestions, 1):
            name = f"{s.label} (`{s.notation}`)" if s.label else f"`{s.notation}`"
            lines.append(f"{n}. {name}: {s.share:.0%} of the search." + (f" {s.why}" if s.why else ""))
        return "\n".join(lines)


def hints_on(value: Any) -> bool:
    """Whether an option's value (typed `on`/`off`, or stored) turns hints on; anything else is refused in words."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in ("on", "true", "yes", "1"):
        return True
    if text in ("off", "false", "no", "0", ""):
        return False
    raise ManagerError(f"`hints` takes on or off, not `{str(value)[:20]}`.", code="bad_option")


def split_options(options: dict[str, Any] | None) -> tuple[dict[str, Any], bool]:
    """The game's options without `hints`, and whether hints are on."""
    rest = dict(options or {})
    return rest, hints_on(rest.pop(OPTION, False))


@dataclass(frozen=True)
class Found:
    """A move the search likes, as a worker process hands it back: its share of the search, in how many playouts
    the search tried it and `seat`'s mean chance of winning at their ends (None where it tried it in none), and `seat`'s projected
    chance of winning before and just after it (None without the title's evaluation)."""
    action: Action
    share: float
    playouts: int = 0
    result: float | None = None
    before: float | None = None
    after: float | None = None


def search(ruleset_name: str, state_json: str, seat: str, seed: int, seconds: float,
           iterations: int | None) -> list[Found]:
    """The top moves for `seat` from plain inputs (what a worker process runs), as the search and the title's
    evaluation see them."""
    from engine import registry
    from engine.ai.ismcts import ismcts
    from engine.ai.players import hard_settings
    from engine.core.search import SearchGame

    ruleset = registry.get(ruleset_name)
    state = ruleset.load_state(state_json)
    rng = Rng(seed)
    game = SearchGame(ruleset)
    world = game.determinize(state, seat, rng)
    evaluates = ruleset.evaluate(world) is not None
    timed = iterations is None
    settings = hard_settings(ruleset, world, seconds, clock=time.thread_time if timed else None, iterations=iterations)
    result = ismcts(ruleset, state, seat, settings, rng)
    moves = result.moves()
    if len(moves) == 1 and not result.iterations:
        moves = [replace(moves[0], share=1.0)]
    top = [Found(m.action, m.share, m.visits, m.mean) for m in moves[:TOP]]
    if not evaluates:
        return top
    worlds = [game.determinize(state, seat, rng) for _ in range(WORLDS)]
    before = sum(_chance(game, w, seat) for w in worlds) / len(worlds)
    return [replace(f, before=before, after=sum(_chance(game, game.step(w, seat, f.action), seat)
                                                for w in worlds) / len(worlds)) for f in top]


def _chance(game: Any, world: Any, seat: str) -> float:
    """`seat`'s chance of winning in a determinized position: its result once the game is over, else the title's
    estimate."""
    done = game.returns(world)
    return (done if done is not None else game.ruleset.evaluate(world) or {}).get(seat, 0.5)


def whys(found: list[Found]) -> list[str]:
    """Each move's line, saying what sets it apart: the projection where it tells every move shown from the others
    (in whole points), else what the search found after each."""
    projected = [round(100 * f.after) for f in found if f.before is not None and f.after is not None]
    tells = len(projected) == len(found) and len(set(projected)) == len(projected)
    return [why(f, projected=tells) for f in found]


def why(move: Found, *, projected: bool = True) -> str:
    """One line on a move: how it moves the projected chance of winning (where the title can say and `projected`),
    else what the search found in its playouts after it; nothing where neither can be said."""
    if projected and move.before is not None and move.after is not None:
        now, then = round(100 * move.before), round(100 * move.after)
        points = then - now
        unit = "point" if abs(points) == 1 else "points"
        change = "no change to" if points == 0 else f"{'+' if points > 0 else '−'}{abs(points)} {unit} to"
        return f"Projected: {change} your chance of winning ({now}% now, {then}% after it)."
    if move.result is None or not move.playouts:
        return "The search did not try it." if move.share == 0 else ""  # else a lone move, never searched
    chance = f"{round(100 * move.result)}%"
    if move.playouts == 1:
        return f"The search tried it in 1 playout, where your chance of winning came to {chance}."
    return f"The search tried it in {move.playouts} playouts, where your chance of winning averaged {chance}."


class Hints(Service):
    """A hint for the seat asking (see the module's docstring)."""

    def __init__(self, ctx: Any, views: Views, thinker: Thinker, seconds: float = HINT_SECONDS) -> None:
        super().__init__(ctx)
        self.views = views
        self.thinker = thinker
        self.seconds = seconds

    async def on(self, game_id: int) -> bool:
        """Whether the game gives hints (a server game that does is not rated)."""
        return await self.store.get_setting(game_scope(game_id), OPTION) == "on"

    async def hint(self, game_id: int, user_id: str) -> Hint:
        """The top three moves for the seat `user_id` holds in the game, recorded as a hint taken. Refused, in
        words: a game without hints, a game not under way, a member not seated, not their turn."""
        record = await self.views.game(game_id)
        settings = await self.store.settings(game_scope(game_id))
        if settings.get(OPTION) != "on":
            raise ManagerError(f"Hints are off in game #{game_id}: a game gives hints only when it is opened with the "
                               "option `hints=on`.", code="hints_off")
        if record.status != "active":
            said = "has not started yet" if record.status == "lobby" else "is over"
            raise ManagerError(f"Game #{game_id} {said}: no hints.", code="not_active")
        seat = next((s for s in await self.store.list_seats(game_id) if s.user_id == user_id), None)
        if seat is None:
            raise ManagerError(f"You are not seated in game #{game_id}: hints are for its players.", code="not_seated")
        ruleset, state, seq = await self.views.state(record)
        if seat.seat not in owing_seats(ruleset, state):
            raise ManagerError(f"It is not your turn in game #{game_id}: a hint is for a move you owe.",
                               code="not_your_turn")
        seed = self.ctx.new_seed()  # fresh: a hint's guesses owe nothing to the game's secret seed
        found = await self.thinker.run(search, ruleset.name, state.model_dump_json(), seat.seat, seed, self.seconds,
                                       self.thinker.settings.iterations)
        await self._note(game_id, seat.seat, seq)
        labels = {o.action: o.label for o in ruleset.decisions(state, seat.seat).all_options()}
        return Hint(game_id, seat.seat, [Suggestion(labels.get(f.action, ""), echo.notation(f.action.notation()),
                                                    f.share, line) for f, line in zip(found, whys(found))])

    async def _note(self, game_id: int, seat: str, seq: int) -> None:
        """The hint taken, added to the game's record: read and written under the game's lock, so two hints asked
        for at once are both kept."""
        async with self._lock(game_id):
            settings = await self.store.settings(game_scope(game_id))
            entries = [f"{h['seat']}@{h['after_move']}" for h in records.hints_taken(settings)]
            if len(entries) < MOST_KEPT:
                entries.append(f"{seat}@{seq}")
                await self.store.set_setting(game_scope(game_id), records.HINTS_KEY, ",".join(entries))
