"""Presidential Election's own evaluation of an unfinished position: each seat's chance of winning, as a search
scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole state, hidden facts included, so a search
hands it only a determinized one.

The projection follows the count at the end (turn.count): each state's electors go to its most votes, a tie
shared (the recount is a die roll). To those electoral votes each seat adds, weighted by SWING_WEIGHT, the ones it
could still swing: the votes it can still buy (its money and the fundraising of the turns it has left, nothing once
it has no turn left, spent within each turn's limit on Television Campaigns at their average roll) placed one vote
past its strongest rival in the states that give the most electoral votes per vote needed. Money is thus worth what
it can take, so spending it well on a close big state scores as well as keeping it, and spending it where it takes
nothing scores worse. The lead this gives over each rival is turned into a chance of finishing ahead of it, less
sharply the more rounds remain (SPREAD + SPREAD_PER_ROUND × the rounds left, read off the leading token's distance
to Election Day: a d6 moves about 3.5 spaces a round). A seat's chance of winning is the product of its chances
against each rival, normalized so the seats' chances sum to 1 (for two seats it is the logistic curve itself).

The constants were fitted by log loss on positions of heuristic games against their results
(bench/fit_eval_presidential_election.py; the figures are in its docstring).
"""
from __future__ import annotations

import math

from engine.presidential_election.primitives import c, cap, state_codes
from engine.presidential_election.state import PEState

SWING_WEIGHT = 1.0
SPREAD = 20.0
SPREAD_PER_ROUND = 20.0
MEAN_ROLL = 3.5  # a d6's average: the spaces a token moves in a round
MEAN_D3 = 2.0


def evaluate(state: PEState) -> dict[str, float]:
    """Each seat's chance of winning from `state`, in [0, 1], summing to 1 over the seats."""
    seats = list(state.seats)
    if state.phase == "over" and state.winner is not None:
        return {s: 1.0 if s == state.winner else 0.0 for s in seats}
    left = rounds_left(state)
    table = board(state, seats)
    held = electoral_votes(table, len(seats))
    lead = [held[i] + SWING_WEIGHT * swing(table, i, votes_to_buy(state, s, left)) for i, s in enumerate(seats)]
    spread = SPREAD + SPREAD_PER_ROUND * left
    ahead = [1.0] * len(seats)
    for a in range(len(seats)):
        for b in range(a + 1, len(seats)):
            beats = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (lead[b] - lead[a]) / spread))))
            ahead[a] *= beats
            ahead[b] *= 1.0 - beats
    total = sum(ahead)
    return {s: ahead[i] / total for i, s in enumerate(seats)}


def board(state: PEState, seats: list[str]) -> list[tuple[int, list[int]]]:
    """Every state's electoral votes with each seat's votes there, in seat order."""
    ballots = [state.players[s].votes for s in seats]
    era = state.options.era
    return [(votes, [b.get(code, 0) for b in ballots]) for code, votes in _electors(era)]


def electoral_votes(table: list[tuple[int, list[int]]], count: int) -> list[float]:
    """Each seat's electoral votes were the votes counted now, a tied state's shared among its leaders (its
    recount is a die roll), a state nobody is on the ballot of going to no one."""
    held = [0.0] * count
    for votes, counts in table:
        top = max(counts)
        if top == 0:
            continue
        leaders = [i for i, n in enumerate(counts) if n == top]
        for i in leaders:
            held[i] += votes / len(leaders)
    return held


def swing(table: list[tuple[int, list[int]]], seat: int, budget: float) -> float:
    """The electoral votes seat number `seat` could add with `budget` more votes, each state taken by one vote more
    than its strongest rival there, the states giving the most electoral votes per vote needed first (the last one
    taken in part, so every vote of the budget counts)."""
    if budget <= 0:
        return 0.0
    offers = []
    for votes, counts in table:
        mine = counts[seat]
        best = max(n for i, n in enumerate(counts) if i != seat)
        if mine > best:
            continue
        gain = votes - votes / counts.count(best) if mine == best and best else float(votes)
        need = best - mine + 1
        offers.append((gain / need, need, gain))
    offers.sort(reverse=True)
    got = 0.0
    for _, need, gain in offers:
        got += gain * min(1.0, budget / need)
        budget -= need
        if budget <= 0:
            break
    return got


def votes_to_buy(state: PEState, seat: str, left: float) -> float:
    """The votes `seat` can still buy as Television Campaigns in the turns it has left: its money and the
    fundraising that ends each of those turns but the last, within the spending limit of each turn."""
    r = c().rules
    turns = turns_left(state, seat, left)
    if turns <= 0 or not r.tv_cost:
        return 0.0
    money = state.players[seat].money + r.fundraise_unit * MEAN_D3 * (turns - 1)
    return min(money, cap(state, seat) * turns) / r.tv_cost * r.tv_dice * MEAN_D3


def turns_left(state: PEState, seat: str, left: float) -> float:
    """The turns `seat` still starts or finishes: the whole rounds to come, and this round's if it is not past."""
    if state.phase != "play":
        return left
    past = state.order.index(seat) < state.turn_index
    return math.floor(left) + (0.0 if past else 1.0)


def rounds_left(state: PEState) -> float:
    """About how many rounds remain after this one: the leading token's spaces to Election Day over a d6's average
    (none once someone is back on Election Day, since that round is the last)."""
    if state.last_round:
        return 0.0
    track = len(c().track)
    lead = max(track if p.finished else p.trail for p in state.players.values())
    return max(0, track - lead) / MEAN_ROLL


def _electors(era: int) -> list[tuple[str, int]]:
    """Every state's code and electoral votes in `era`, alphabetically (read once per loaded content)."""
    content = c()
    if _electors_of[0] is not content or era not in _electors_of[1]:
        if _electors_of[0] is not content:
            _electors_of[:] = [content, {}]
        _electors_of[1][era] = [(code, content.ev(code, era)) for code in state_codes()]
    return _electors_of[1][era]


_electors_of: list = [None, {}]  # [the content, era -> its (code, electoral votes) in order]
