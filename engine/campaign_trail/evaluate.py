"""Campaign Trail's own evaluation of an unfinished position: each party's chance of winning, given to each of its
seats (running mates share it), as a search scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole
state, hidden facts included, so a search hands it only a determinized one.

The projection: each state goes to a party with a chance that grows with that party's lead in committed voters
there (a tie counting for the party holding the tiebreaker star), less sharply the more cards are still to be played
from the month decks (SPREAD + SPREAD_PER_CARD × those cards). That gives each party's expected electoral votes
and, from the states still in doubt, how far the final count may stray from it; the win chance is a softmax of
the expected votes over that uncertainty (for two parties, a normal approximation of the chance to come out ahead).
At the end of the game it is the result itself.

The two constants were fitted by log loss on positions of heuristic games against their results
(bench/fit_eval_campaign_trail.py).
"""
from __future__ import annotations

import math
from functools import lru_cache

from engine.campaign_trail.content import load as content
from engine.campaign_trail.state import CampaignTrailState

SPREAD = 0.5
SPREAD_PER_CARD = 0.05
# a logistic curve of slope 1.7 stays within 0.01 of the standard normal distribution
NORMAL_SLOPE = 1.7


def evaluate(state: CampaignTrailState) -> dict[str, float]:
    """Each seat's chance that its party wins from `state`, in [0, 1]; over the parties they sum to 1 (AI parties
    of Solo Play take their share but hold no seat)."""
    if state.phase == "over":
        won = 1.0 if len(state.winners) == 1 else 0.5  # a shared win counts half, as the search scores it
        return {seat: won if state.players[seat].party in state.winners else 0.0 for seat in state.seats}
    chances = party_chances(state)
    return {seat: chances[state.players[seat].party] for seat in state.seats}


def party_chances(state: CampaignTrailState) -> dict[str, float]:
    """Each party's chance of winning, the softmax of its expected electoral votes over their uncertainty."""
    parties = tuple(state.parties)
    left = sum(len(deck) for deck in state.decks)
    spread = SPREAD + SPREAD_PER_CARD * left
    expected = dict.fromkeys(parties, 0.0)
    doubt = 0.0
    bonuses = _tie_bonuses(parties)
    evs = _votes()
    for code, row in state.voters.items():
        bonus = bonuses[code]
        weights = [math.exp((row[p] + bonus[i]) / spread) for i, p in enumerate(parties)]
        total = sum(weights)
        ev = evs[code]
        concentration = 0.0
        for p, w in zip(parties, weights):
            share = w / total
            expected[p] += ev * share
            concentration += share * share
        doubt += ev * ev * (1.0 - concentration)
    temperature = math.sqrt(2.0 * doubt) / NORMAL_SLOPE
    if temperature < 1e-9:
        top = max(expected.values())
        leaders = [p for p in parties if expected[p] == top]
        return {p: 1.0 / len(leaders) if p in leaders else 0.0 for p in parties}
    top = max(expected.values())
    weights = {p: math.exp((expected[p] - top) / temperature) for p in parties}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def voter_gains(state: CampaignTrailState, party: str) -> dict[str, float]:
    """How much one more voter of `party` in each state would raise its chance of winning (party_chances's
    projection, each state's term recomputed alone rather than the whole map once per state)."""
    parties = tuple(state.parties)
    spread = SPREAD + SPREAD_PER_CARD * sum(len(deck) for deck in state.decks)
    bonuses, evs = _tie_bonuses(parties), _votes()
    mine = parties.index(party)
    terms: dict[str, tuple[tuple[float, ...], float, tuple[float, ...], float]] = {}
    expected = [0.0] * len(parties)
    doubt = 0.0
    for code, row in state.voters.items():
        counts = [row[p] + bonuses[code][i] for i, p in enumerate(parties)]
        now = _term(counts, spread, evs[code])
        counts[mine] += 1
        terms[code] = (*now, *_term(counts, spread, evs[code]))
        expected = [e + x for e, x in zip(expected, now[0])]
        doubt += now[1]
    base = _softmax(expected, doubt)[mine]
    gains = {}
    for code, (shares, var, more, more_var) in terms.items():
        moved = [e - a + b for e, a, b in zip(expected, shares, more)]
        gains[code] = _softmax(moved, doubt - var + more_var)[mine] - base
    return gains


def _term(counts: list[float], spread: float, ev: int) -> tuple[tuple[float, ...], float]:
    """One state's expected electoral votes for each party and its share of the doubt."""
    weights = [math.exp(x / spread) for x in counts]
    total = sum(weights)
    shares = tuple(ev * w / total for w in weights)
    return shares, ev * ev * (1.0 - sum((w / total) ** 2 for w in weights))


def _softmax(expected: list[float], doubt: float) -> list[float]:
    temperature = math.sqrt(2.0 * max(doubt, 0.0)) / NORMAL_SLOPE
    top = max(expected)
    if temperature < 1e-9:
        leaders = [e == top for e in expected]
        return [1.0 / sum(leaders) if x else 0.0 for x in leaders]
    weights = [math.exp((e - top) / temperature) for e in expected]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=1)
def _votes() -> dict[str, int]:
    return {code: st.ev for code, st in content().states.items()}


@lru_cache(maxsize=8)
def _tie_bonuses(parties: tuple[str, ...]) -> dict[str, tuple[float, ...]]:
    """Half a voter for the party in play that wins a tie in each state (the first of its tiebreaker stars in
    play), a quarter for the next one when three parties run."""
    out: dict[str, tuple[float, ...]] = {}
    for code, st in content().states.items():
        stars = [p for p in st.tiebreak if p in parties]
        bonus = {p: 0.0 for p in parties}
        for p, value in zip(stars, (0.5, 0.25)):
            bonus[p] = value
        out[code] = tuple(bonus[p] for p in parties)
    return out
