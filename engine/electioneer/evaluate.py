"""Electioneer US's own evaluation of an unfinished position: each side's chance of winning the election, as a
search scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole state, hidden facts included, so a
search hands it only a determinized one.

The projection: each side's platform as it will stand on election day — the policies already campaigned on, plus
one policy's worth of its remaining hand and deck, on average, for each month still to come (scaled by
FUTURE_WEIGHT: a side campaigns on its better policies, not the average) — scored on every state's issues as they
lie now, markers included, a tie to the state's colour. Each state is carried with a chance that grows with that
lead, less sharply the more months remain (SPREAD + SPREAD_PER_MONTH × months left); the electors each side may
collect are then counted exactly over every combination of states, and the side with a majority of the electors
wins (the electors are odd in number, so there is no tie).

The three constants were fitted by log loss on about 13,000 positions of heuristic games against their results
(0.58 against 0.69 for a coin flip; the projection of the platform alone, without the months to come, scored 0.76).
"""
from __future__ import annotations

import math

from engine.electioneer import content as content_mod
from engine.electioneer.rules import MONTHS, SEATS, platform_effects
from engine.electioneer.state import ElectioneerState

FUTURE_WEIGHT = 1.6
SPREAD = 1.0
SPREAD_PER_MONTH = 1.0
HELD_REFRAME = 1.0  # a reframe in hand, as a shift of one state's total: about one issue's worth


def evaluate(state: ElectioneerState) -> dict[str, float]:
    """Each seat's chance of winning from `state`, in [0, 1], the two summing to 1."""
    if state.phase == "over" and state.winner is not None:
        return {x: 1.0 if x == state.winner else 0.0 for x in SEATS}
    c = content_mod.load()
    left = 0 if state.phase == "election" else MONTHS - len(state.players["DEM"].platform)
    platforms = {x: _projected(state, x, left) for x in SEATS}
    spread = SPREAD + SPREAD_PER_MONTH * left
    leads: dict[str, float] = {}
    for code in state.order:
        board = state.boards[code]
        lead = sum(platforms["DEM"].get(i, 0.0) - platforms["REP"].get(i, 0.0) for i in board.issues)
        for marker in board.markers:
            lead += marker.delta if marker.seat == "DEM" else -marker.delta
        leads[code] = lead + (0.5 if c.states[code].colour == "DEM" else -0.5)
    _aim_held(state, leads, spread)
    electors: dict[int, float] = {0: 1.0}  # DEM's electors so far → chance
    for code in state.order:
        dem = 1.0 / (1.0 + math.exp(-leads[code] / spread))
        votes = c.states[code].electors
        step: dict[int, float] = {}
        for held, chance in electors.items():
            step[held + votes] = step.get(held + votes, 0.0) + chance * dem
            step[held] = step.get(held, 0.0) + chance * (1.0 - dem)
        electors = step
    majority = sum(s.electors for s in c.states.values()) // 2 + 1
    dem_wins = min(1.0, max(0.0, sum(chance for held, chance in electors.items() if held >= majority)))
    return {"DEM": dem_wins, "REP": 1.0 - dem_wins}


def _projected(state: ElectioneerState, seat: str, left: int) -> dict[str, float]:
    """`seat`'s platform on election day as the projection sees it: what it campaigned on, plus `left` months of
    its remaining policies' average effects, weighted by FUTURE_WEIGHT."""
    summed: dict[str, float] = {i: float(v) for i, v in platform_effects(state, seat).items()}
    player = state.players[seat]
    pool = player.hand + player.deck
    if left and pool:
        policies = content_mod.load().policies
        share = FUTURE_WEIGHT * left / len(pool)
        for pid in pool:
            for issue, value in policies[pid].effects.items():
                summed[issue] = summed.get(issue, 0.0) + share * value
    return summed


def _aim_held(state: ElectioneerState, leads: dict[str, float], spread: float) -> None:
    """Each side's theatrics still in hand that shift a state's total on election day (an endorsement or scandal
    by its amount, a reframe by HELD_REFRAME), added to `leads` (DEM's lead per state) where each helps its side
    most: a held card is worth about what it will do once aimed, and playing it early gives that up."""
    c = content_mod.load()
    for seat, sign in (("DEM", 1.0), ("REP", -1.0)):
        for tid in state.players[seat].theatrics:
            t = c.theatrics[tid]
            shift = t.amount if t.kind in ("endorse", "scandal") else HELD_REFRAME if t.kind == "reframe" else 0.0
            if not shift:
                continue
            best, gain = None, 0.0
            for code, lead in leads.items():
                before = 1.0 / (1.0 + math.exp(-sign * lead / spread))
                after = 1.0 / (1.0 + math.exp(-(sign * lead + shift) / spread))
                if (after - before) * c.states[code].electors > gain:
                    best, gain = code, (after - before) * c.states[code].electors
            if best is not None:
                leads[best] += sign * shift


def cut(state: ElectioneerState) -> bool:
    """Whether a search's rollout stops here (the ruleset's `search_cut`): at the start of a month, before either
    side has put a policy back, where the projection above reads the whole of the month just played."""
    return state.phase == "discard" and not state.discards.sealed and state.month > 1
