"""The default move of the `hard` level (the ruleset's `search_favourite`): the rule-of-thumb player's move
(bot.py), except in two kinds of decision where the title's fitted evaluation (evaluate.py) reads the board better.

- Campaign Points spent on state support: of every state the token may reach with the CP left, and every number
  of cubes it could put there, the one that raises the chance of winning the most for each CP spent (the border
  crossings to get there counted; where support checks are needed, averaged over what the bag may give). The rule
  of thumb weighs a state by its electoral votes and the cubes it takes; the evaluation weighs it by how much it
  moves the whole electoral college, an empty state's lean (its endorsement, else its edge) included.
- An event's question (a state, a region): the answer whose outcome the evaluation scores best, one step ahead on a
  copy; the rule of thumb's where the evaluation cannot tell the answers apart (a card, an issue).

It is always handed a determinized state (a sample of what the seat knows) and reads nothing but that state.
"""
from __future__ import annotations

import math

from engine.core.rng import Rng
from engine.core.types import Action, copy_state
from engine.nineteen_sixty import evaluate
from engine.nineteen_sixty.bot import bot_action
from engine.nineteen_sixty.legal import act, moves
from engine.nineteen_sixty.primitives import (TRAVEL_REGIONS, c, holder, needs_checks, region_crossings, side_of,
                                              states_travel)
from engine.nineteen_sixty.silent import NineteenSixtySilent
from engine.nineteen_sixty.state import SIGN, NSState

# the spread, in cubes, of a state's chance by its support as the campaign weighs it: twice the evaluation's
# (SPREAD, fitted to the board as it stands), so a lead of a cube or two counts as the rival may still take it back
# and a cube that makes a lead safer is worth more (measured against the rule of thumb: 1.5 won more games than
# 0.75, 1.0 or 2.0)
CAMPAIGN_SPREAD = 1.5
# below this gain in the chance of winning per CP, or between an event's answers, the evaluation cannot tell
# (the rule of thumb decides instead)
MIN_GAIN = 1e-6
PICK_TIE = 1e-9
_SILENT = NineteenSixtySilent()


class Projection:
    """The evaluation's projection of the electoral college (evaluate.kennedy_chance) kept by its parts, so the
    chance after a change of support in one state costs a few operations rather than a pass over every state."""

    __slots__ = ("state", "mean", "variance", "extra", "need", "parts")

    def __init__(self, state: NSState) -> None:
        self.state = state
        self.parts: dict[str, tuple[int, float, float]] = {}  # code -> (votes, empty lead, Kennedy's chance)
        self.mean = 0.0
        self.variance = 0.0
        endorsements = state.endorsements
        for code, region, votes, edge in evaluate.state_terms():
            by = holder(endorsements.get(region, 0))
            empty = evaluate.SIGNED[by] * evaluate.EMPTY_LEAD if by else edge
            p = _chance(state.support.get(code, 0), empty)
            self.parts[code] = (votes, empty, p)
            self.mean += votes * p
            self.variance += votes * votes * p * (1.0 - p)
        swing = evaluate.SWING_PER_TURN * evaluate.turns_left(state)
        self.extra = swing * swing + 1.0
        self.need = c().rules.ev_to_win - 0.5

    def kennedy(self, code: str | None = None, support: int = 0) -> float:
        """Kennedy's chance with `code`'s signed support set to `support` (none changed when `code` is None)."""
        mean, variance = self.mean, self.variance
        if code is not None:
            votes, empty, p = self.parts[code]
            q = _chance(support, empty)
            mean += votes * (q - p)
            variance += votes * votes * (q * (1.0 - q) - p * (1.0 - p))
        return 0.5 * (1.0 + math.erf((mean - self.need) / math.sqrt(2.0 * (max(variance, 0.0) + self.extra))))

    def gain(self, side: str, code: str, n: int, odds: float) -> float:
        """How much `side`'s chance of winning grows with `n` support checks in `code`, each a success with
        `odds` (1: cubes placed without checks), against now."""
        sign = SIGN[side]
        now = self.state.support.get(code, 0)
        before = self.kennedy()
        if odds >= 1.0:
            return sign * (self.kennedy(code, now + sign * n) - before)
        after = 0.0
        for k in range(n + 1):
            after += math.comb(n, k) * odds ** k * (1.0 - odds) ** (n - k) * self.kennedy(code, now + sign * k)
        return sign * (after - before)


def _chance(support: int, empty: float) -> float:
    x = (support or empty) / CAMPAIGN_SPREAD
    return 1.0 / (1.0 + math.exp(-x)) if x > -40.0 else 0.0


def _odds(state: NSState, side: str) -> float:
    """A support check's chance of success: the share of `side`'s cubes in the bag (an even bag when empty)."""
    size = state.bag.size
    return state.bag.counts.get(side, 0) / size if size else 0.5


def best_spend(state: NSState, side: str, projection: Projection, code: str, cp: int,
               cost: int = 0) -> tuple[float, int]:
    """The best gain per CP in `code` with `cp` CP, `cost` of them spent getting there, and the cubes it takes."""
    odds = _odds(state, side) if needs_checks(state, side, code, campaigning=True) else 1.0
    best, cubes = -1.0, 0
    for n in range(1, cp - cost + 1):
        rate = projection.gain(side, code, n, odds) / (n + cost)
        if rate > best:
            best, cubes = rate, n
    return best, cubes


def campaign_move(state: NSState, seat: str, rng: Rng) -> Action:
    """Where the token campaigns next: the state in reach with the CP left whose support raises the chance of
    winning most per CP (travelling first if it lies in another region)."""
    play = state.play
    assert play is not None
    side = side_of(seat)
    cp = play.cp_left
    projection = Projection(state)
    declared = set(play.declared)
    best, choice = MIN_GAIN, None
    for region in TRAVEL_REGIONS:
        cost = region_crossings(play.region, region)
        if cost >= cp:
            continue
        for code in states_travel(region):
            if code in declared:
                continue
            rate, _ = best_spend(state, side, projection, code, cp, cost)
            if rate > best:
                best, choice = rate, (act("add", code) if region == play.region else act("travel", region))
    return choice if choice is not None else bot_action(state, seat, rng)


def amount_move(state: NSState, seat: str, rng: Rng) -> Action:
    """How many CP go to the state chosen: as many as give the best gain per CP."""
    play = state.play
    assert play is not None
    rate, cubes = best_spend(state, side_of(seat), Projection(state), play.target, play.cp_left)
    return act("spend", str(cubes)) if rate > MIN_GAIN else bot_action(state, seat, rng)


def pick_move(state: NSState, seat: str, rng: Rng) -> Action:
    """An event's question to `seat`: the answer whose outcome, one step ahead on a copy, the evaluation scores
    best; the rule of thumb's where the evaluation cannot tell the answers apart."""
    options = moves(state, seat)[1]
    if len(options) < 2:
        return options[0]
    scored = []
    for i, action in enumerate(options):
        after = copy_state(state)
        _SILENT.advance(after, seat, action)
        scored.append((evaluate.evaluate(after)[seat], -i))
    if max(scored)[0] - min(scored)[0] < PICK_TIE:
        return bot_action(state, seat, rng)
    return options[-max(scored)[1]]


def favourite(state: NSState, seat: str, rng: Rng) -> Action:
    """The default move of `hard` (see the module's docstring)."""
    if state.wait is not None:
        return pick_move(state, seat, rng) if state.wait.get("seat") == seat else bot_action(state, seat, rng)
    play = state.play
    if state.phase == "activity" and play is not None and play.seat == seat:
        if play.stage == "campaign":
            return campaign_move(state, seat, rng)
        if play.stage == "amount":
            return amount_move(state, seat, rng)
    return bot_action(state, seat, rng)
