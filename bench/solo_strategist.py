"""A stronger Campaign Trail Solo Play player, for benchmarking only: greedy, with a model of the board.

Every move is one of the engine's legal options (`ruleset.decisions(state, seat)`); the player only ranks them.
It values a position by

- projected electoral votes: every state's EV weighted by how safely the party leads it (a logistic of its
  voters minus the best rival's, the tiebreaker star counting as half a voter), so flipping a close state and
  shoring up a contested one pay most, and piling voters on a safe state little;
- registered voters and money, with diminishing worth (the first ones count most: a campaign places at most six
  voters for $60M), fading out over the last rounds (an unplaced voter scores nothing at the election);
- the swing value of the region its pawn stands in (where a home-region campaign or a pawn ability acts).

How it chooses:

- which card and which action (the turn's plan): for every card in hand and every action on it, the action's
  worth on the board model: register and fundraise by the resources gained; campaign by placing the voters one
  at a time where each is worth most (among the states the engine allows, `moves.campaign_states`, with the
  candidate's own campaign size, per-state cap, price and free voters), less its price; advertise by buying
  the card's issues while an issue's voters (one in each state showing it) are worth more than its price and
  the voters it costs; travel by the best pawn region within reach; a politick by trying
  it on a copy of the state with the engine (`ruleset.apply`) and scoring the result;
- each step of the action (a voter's state, an issue, a move of the pawn, `done`) by the same marginal worths;
- anything else (a politick's choices, a response window such as Change of Plans, a home state) by trying every
  option on a copy with the engine and scoring the result; when they all score the same (a debate card, whose
  worth the model does not see) it plays as the built-in bot does (`ruleset.bot_action`).

What it sees: the board's voters, the parties' registers and money, the pawns, its own hand and the cards'
printed faces: what the seat's own view shows. It peeks in one place: an option tried on a copy with the engine
(a politick, a response window) is resolved by the real engine, so when it ends the turn, the AI parties' next
turns (drawn from their face-down decks) are resolved in the copy before the score reads the board. Every such
option meets the same AI cards, so this ranks them much as a player guessing the AI's play would; it is a bench
opponent's advantage, not a player-facing feature.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from engine.campaign_trail import abilities, content, moves, primitives
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.types import Action

REGISTERED = 1.0  # EV-units for the first registered voter (a bit under a placed voter in a contested state)
REGISTERED_SCALE = 12.0  # voters over which the register's worth saturates (a campaign places at most 6)
MONEY = 0.05  # EV-units for the first $M
MONEY_SCALE = 120.0  # $M over which money's worth saturates (a $60M campaign, $20M issues)
PAWN = 0.1  # weight of the pawn region's swing value
SOFTNESS = 2.0  # voters of margin over which a lead turns safe
FADE_ROUNDS = 4.0  # the last rounds over which unplaced voters and money lose their worth
WIN = 10_000.0


@lru_cache(maxsize=1)
def _board() -> tuple[dict[str, int], dict[str, tuple[str, ...]], dict[str, list[str]]]:
    """Each state's EV, its tiebreaker order, and the states of its region."""
    c = content.load()
    evs = {code: st.ev for code, st in c.states.items()}
    ties = {code: tuple(st.tiebreak) for code, st in c.states.items()}
    regions: dict[str, list[str]] = {}
    for code, st in c.states.items():
        regions.setdefault(st.region, []).append(code)
    return evs, ties, {code: regions[st.region] for code, st in c.states.items()}


def _lead(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / SOFTNESS))


def _rounds_left(state: Any) -> float:
    """Rounds until the AI decks run out (the game's clock in Solo Play): cards left in the fullest AI deck,
    halved in co-op (two AI turns a round)."""
    if state.advanced is not None:
        left = max(sum(len(m) for m in d.months) for d in state.advanced.decks.values())
    elif state.solo is not None:
        left = max(len(d) for d in state.solo.decks)
    else:
        left = sum(len(d) for d in state.decks)
    return left / (2 if state.options.coop else 1)


class Board:
    """The party's margins in every state and the worth of its resources, for marginal values."""

    def __init__(self, state: Any, party: str) -> None:
        evs, ties, _ = _board()
        self.state, self.party = state, party
        self.margins: dict[str, float] = {}
        for code, row in state.voters.items():
            mine, rival, rival_party = row[party], -1, ""
            for p, n in row.items():
                if p != party and n > rival:
                    rival, rival_party = n, p
            if mine != rival:
                self.margins[code] = float(mine - rival)
            else:  # a tie goes to the first tiebreaker star of the tied parties
                self.margins[code] = 0.5 if next(p for p in ties[code] if p in (party, rival_party)) == party else -0.5
        ps = state.parties[party]
        self.registered, self.money = ps.registered, ps.money
        self.fade = min(1.0, _rounds_left(state) / FADE_ROUNDS)

    def projected(self) -> float:
        evs = _board()[0]
        return sum(evs[c] * _lead(m) for c, m in self.margins.items())

    def voter(self, code: str, n: int = 1) -> float:
        """What n more of the party's voters in `code` are worth (a tie broken in its favour by the first)."""
        m = self.margins[code]
        after = m + n if m != -0.5 else 0.5 + (n - 1)
        return _board()[0][code] * (_lead(after) - _lead(m))

    def swing(self, code: str) -> float:
        lead = _lead(self.margins[code])
        return _board()[0][code] * lead * (1.0 - lead)

    def reg_worth(self, n: float) -> float:
        return self.fade * REGISTERED * REGISTERED_SCALE * (1.0 - math.exp(-max(0.0, n) / REGISTERED_SCALE))

    def money_worth(self, n: float) -> float:
        return self.fade * MONEY * MONEY_SCALE * (1.0 - math.exp(-max(0.0, n) / MONEY_SCALE))

    def spend(self, voters: int = 0, money: int = 0) -> float:
        """What giving up `voters` registered and $`money`M costs."""
        return (self.reg_worth(self.registered) - self.reg_worth(self.registered - voters)
                + self.money_worth(self.money) - self.money_worth(self.money - money))

    def gain(self, voters: int = 0, money: int = 0) -> float:
        return (self.reg_worth(self.registered + voters) - self.reg_worth(self.registered)
                + self.money_worth(self.money + money) - self.money_worth(self.money))

    def pawn_worth(self, code: str | None) -> float:
        return PAWN * sum(self.swing(c) for c in _board()[2][code]) if code else 0.0


def score(state: Any, party: str) -> float:
    """The party's prospects in `state` (public facts only): projected EV, resources, pawns; the result at the end."""
    out = R.outcome(state)
    if out is not None:
        ev = dict(out.scores)
        mine = ev.get(party, 0)
        best_other = max((n for p, n in ev.items() if p != party), default=0)
        won = any(R.party_of(w) == party for w in out.winners)
        return (WIN if won else -WIN) + mine - best_other
    b = Board(state, party)
    total = b.projected() + b.reg_worth(b.registered) + b.money_worth(b.money)
    return total + sum(b.pawn_worth(p.pawn) for p in state.players.values() if p.party == party)


# ---------------------------------------------------------------- the worth of a card's actions on the board model


def _campaign_worth(b: Board, states: list[str], voters: int, price: int, cap: int, free: int) -> float:
    """Voters placed one at a time where each is worth most (at most `cap` a state; the first `free` cost no
    registered voter), while one is worth more than the registered voter it uses; less the price."""
    if b.money < price or voters <= 0 or not states:
        return -math.inf
    placed: dict[str, int] = {}
    total = -b.spend(money=price)
    for i in range(voters):
        worth = {c: b.voter(c, placed.get(c, 0) + 1) - b.voter(c, placed.get(c, 0)) for c in states
                 if placed.get(c, 0) < cap}
        if not worth:
            break
        code = max(worth, key=worth.__getitem__)
        used = max(0, i + 1 - free)
        cost = b.spend(voters=used) - b.spend(voters=max(0, i - free))
        if worth[code] <= cost:
            break
        total += worth[code] - cost
        placed[code] = placed.get(code, 0) + 1
    return total


def _issue_worth(b: Board, issue: str, bought: dict[str, int]) -> float:
    """One issue's voters (one in each state showing it), given the voters already added this action."""
    return sum(b.voter(c, bought.get(c, 0) + 1) - b.voter(c, bought.get(c, 0)) for c in primitives.issue_states(issue))


def _advertise_worth(b: Board, issues: list[str], price: int) -> float:
    """The card's issues bought best first while an issue's voters are worth more than its price and voters."""
    if b.money < price:
        return -math.inf
    added: dict[str, int] = {}
    total, voters, money = 0.0, 0, 0
    left = list(issues)
    while left:
        best = max(left, key=lambda i: _issue_worth(b, i, added))
        n = len(primitives.issue_states(best))
        if b.registered < voters + n or b.money < money + price:
            break
        cost = b.spend(voters=voters + n, money=money + price) - b.spend(voters=voters, money=money)
        worth = _issue_worth(b, best, added)
        if worth <= cost:
            break
        total += worth - cost
        voters, money = voters + n, money + price
        for c in primitives.issue_states(best):
            added[c] = added.get(c, 0) + 1
        left.remove(best)
    return total if voters else -math.inf


def _travel_worth(b: Board, seat: str, steps: int) -> float:
    pawn = b.state.players[seat].pawn
    reach, frontier = {pawn}, {pawn}
    for _ in range(min(steps, 4)):
        frontier = {n for c in frontier for n in primitives.neighbours()[c]} - reach
        reach |= frontier
    return max(b.pawn_worth(c) for c in reach) - b.pawn_worth(pawn)


def action_worth(state: Any, seat: str, b: Board, card: int, action: str) -> float:
    """The worth of taking `action` of `card` on the board model (a politick: -inf, tried with the engine)."""
    acts = content.load().card(card).actions
    if action == "register":
        return b.gain(voters=acts.register_)
    if action == "fundraise":
        return b.gain(money=acts.fundraise)
    if action == "campaign":  # the candidate's own numbers: voters, per-state cap, price, free voters
        free = abilities.free_voters(state, seat)
        most = abilities.stat(state, seat, "campaign", "max_voters", moves.CAMPAIGN_MAX)
        cap = abilities.stat(state, seat, "campaign", "max_per_state", 99)
        return _campaign_worth(b, moves.campaign_states(state, seat, card), min(most, b.registered + free),
                               moves.campaign_cost(state, seat), cap, free)
    if action == "advertise":
        return _advertise_worth(b, list(acts.advertise or []), moves.advertise_cost(state, seat))
    if action == "travel":
        return _travel_worth(b, seat, acts.travel.states if acts.travel else 0)
    return -math.inf


# ---------------------------------------------------------------- the player


def _after(state: Any, seat: str, action: Action) -> Any:
    """The state after a legal option (taken from decisions(), so the legality check is skipped)."""
    return R.apply(state, seat, action).state


class Strategist:
    """One human seat's player for one game; `choose` is called whenever the seat owes a move."""

    def __init__(self) -> None:
        self.intent: tuple[int, str] | None = None  # the card chosen and the action meant for it

    def choose(self, state: Any, seat: str, rng: Rng) -> Action:
        options = R.decisions(state, seat).all_options()
        if len(options) == 1:
            return options[0].action
        if state.phase not in ("play", "home"):
            return R.bot_action(state, seat, rng)
        party = R.party_of(seat)
        verbs = {o.action.verb for o in options}
        turn = state.turn
        if verbs <= {"play", "responses"} and turn is None and state.window is None:
            return self._card(state, seat, party, options)
        if turn is not None and turn.seat == seat and turn.action is None and self.intent \
                and self.intent[0] == turn.card and any(o.action.verb == self.intent[1] for o in options):
            return next(o.action for o in options if o.action.verb == self.intent[1])
        if turn is not None and turn.seat == seat and turn.action in ("campaign", "advertise", "travel") \
                and verbs <= {"vote", "issue", "to", "fly", "done"}:
            return self._step(state, seat, party, options)
        return self._tried(state, seat, party, options, rng)

    def _card(self, state: Any, seat: str, party: str, options: list[Any]) -> Action:
        """The card whose best action is worth most; the action is remembered for the next decision."""
        b = Board(state, party)
        base = score(state, party)
        best, pick, intent = -math.inf, options[0].action, None
        for o in options:
            if o.action.verb != "play":
                continue
            card = int(o.action.args[0])
            for action in content.load().card(card).actions.present():
                if action == "politick":
                    worth = self._politick_worth(state, seat, party, o.action, base)
                else:
                    worth = action_worth(state, seat, b, card, action)
                if worth > best:
                    best, pick, intent = worth, o.action, (card, action)
        self.intent = intent
        return pick

    def _politick_worth(self, state: Any, seat: str, party: str, play: Action, base: float) -> float:
        """A politick tried with the engine: the score after the card's politick and its first choices."""
        try:
            after = _after(state, seat, play)
            options = R.decisions(after, seat).all_options()
            politick = next((o.action for o in options if o.action.verb == "politick"), None)
            if politick is None:
                return -math.inf
            after = _after(after, seat, politick)
            for _ in range(6):  # its choices, greedily, while the seat is still choosing in its own turn
                if after.turn is None or after.turn.seat != seat or R.outcome(after) is not None:
                    break
                options = R.decisions(after, seat).all_options()
                if not options or not R.decisions(after, seat).owes_move:
                    break
                after = max((_after(after, seat, o.action) for o in options[:12]), key=lambda s: score(s, party))
            return score(after, party) - base
        except Exception:  # noqa: BLE001 - a politick this model cannot try is simply not chosen
            return -math.inf

    def _step(self, state: Any, seat: str, party: str, options: list[Any]) -> Action:
        """A campaign voter, an issue or a pawn move by its marginal worth; `done` when nothing is worth it."""
        b = Board(state, party)
        turn = state.turn
        worths: list[float] = []
        for o in options:
            verb, args = o.action.verb, o.action.args
            if verb == "vote":
                cost = 0.0 if turn.free_left > 0 else b.spend(voters=1)
                worths.append(b.voter(str(args[0])) - cost)
            elif verb == "issue":
                issue = str(args[0])
                n = len(primitives.issue_states(issue))
                worths.append(_issue_worth(b, issue, {}) - b.spend(voters=max(0, n - turn.free_left),
                                                                     money=moves.advertise_cost(state, seat)))
            elif verb in ("to", "fly"):
                worths.append(b.pawn_worth(str(args[0])) - b.pawn_worth(state.players[seat].pawn) - 0.05)
            else:  # done
                worths.append(0.0)
        return options[worths.index(max(worths))].action

    def _tried(self, state: Any, seat: str, party: str, options: list[Any], rng: Rng) -> Action:
        """Every option tried with the engine and scored; the bot's choice when they all score the same."""
        values = [score(_after(state, seat, o.action), party) for o in options]
        top = max(values)
        if top - min(values) < 1e-9:
            return R.bot_action(state, seat, rng)
        return options[values.index(top)].action


def choose(state: Any, seat: str, rng: Rng) -> Action:
    """A one-off move (no plan kept between calls)."""
    return Strategist().choose(state, seat, rng)
