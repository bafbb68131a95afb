"""The default move of the `hard` level (the ruleset's `search_favourite`): the rule-of-thumb player's move (bot.py),
except in the draft and in the choice of a turn's action.

- The draft keeps the card that does the most (`card_worth`), not the one with the biggest printed numbers: a gain in
  every state in play counts for the states it reaches, a gain on a fixed issue for less than one on the major issue
  (it may land on the minor row), a draw or a discard of the rival's cards for less than a support, and a cost, a Going
  Negative roll and a Media Support for what they take or give.
- A turn's action: every card that can be paid for and the draw are looked at one step ahead on a copy (the card's
  own choices made the same way, a few steps deep; a cost paid with the weakest cards), and the one whose board is
  best is played. The board is bot.value's reading plus CARD for each card one side holds more than the other, so a
  cost, a draw and a discard of the rival's cards weigh in the same units as the support they buy; a Going Negative
  roll still to come costs NEG. The rule of thumb instead draws with two cards or fewer, weighs a card with a cost by
  its printed numbers (so never plays one that gains in every state for two discards) and ignores what its card
  draws or makes the rival discard.

Measured against `normal` (bench/arena.py --a default): the draft alone won 62.2% of 200 games (seeds 1-100); both
together 83.4% of 400 (seeds 1-200) and 89.5% of 400 (seeds 1001-1200).

It is always handed a determinized state (a sample of what the seat knows) and reads nothing but that state; the
copy it looks ahead on is bot.py's, which turns over no Breaking News and rolls dice of its own.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008 import bot
from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.rules import act, advance, choices
from engine.campaign_manager_2008.state import CMState
from engine.core.rng import Rng
from engine.core.types import Action, copy_state

CARD = 1.0  # a card in hand, in bot.value's units (a support in a state of 10 electoral votes is worth 1–3)
NEG = 1.5  # a Going Negative roll still to come: the rival gains about one support on average
MEDIA = 0.5  # a Media Support on the table: the owner aims the Breaking News
DEPTH = 3  # the card's own further choices looked at

# a card's worth in the draft, in supports: what each op does, and what a cost or a roll takes
ALL_STATES = 2.5  # a gain or a shift in every state in play reaches this many states' worth
ISSUE = {"major": 1.0, "choose": 1.0, "minor": 0.6}  # a fixed issue (economy, defense) counts FIXED_ISSUE
FIXED_ISSUE = 0.8
DEMOGRAPHIC = 2.0  # the undecided blocks of the states whose key group it names
FLIP_KEY = 0.5
PER_CARD = 0.7  # a card drawn, or discarded by the rival
COST = 1.0  # a card discarded to pay
ROLL = 0.8  # a Going Negative roll
COUNT = 1.5  # a count of "as many as discarded"


def op_worth(op: str, p: dict[str, Any]) -> float:
    """One op's worth in supports."""
    n = p.get("n")
    count = n if isinstance(n, int) else COUNT
    if op == "gain":
        where = ALL_STATES if p.get("state") == "all" else 1.0
        return count * where * ISSUE.get(str(p.get("issue")), FIXED_ISSUE)
    if op == "shift":
        where = ALL_STATES * 0.8 if p.get("state") == "all" else 1.0
        return count * where * (1.0 if p.get("toward") == "choose" else FIXED_ISSUE)
    if op == "flip_key":
        return FLIP_KEY
    if op == "demo_support":
        return DEMOGRAPHIC
    if op in ("draw", "discard"):
        return PER_CARD * count
    return 0.0


def card_worth(card_id: str) -> float:
    """A card's worth in the draft, in supports: its ops, less its cost and Going Negative roll, plus a Media
    Support's hold on the news."""
    card = c().cards[card_id]
    worth = sum(op_worth(op, p) for op, p in card.effect)
    if card.kind == "media":
        worth += MEDIA
    if card.going_negative:
        worth -= ROLL
    cost = card.discard_cost
    if cost is not None and cost.n:
        worth -= COST * cost.n
    return worth


def draft_move(state: CMState, seat: str) -> Action:
    """The card of the three offered worth most (`card_worth`; the lowest id on a tie)."""
    offer = [arg for verb, arg in choices(state, seat)[1] if verb == "keep"]
    return act("keep", max(offer, key=lambda x: (card_worth(x), x)))


def score(state: CMState, seat: str) -> float:
    """The board from `seat`'s side as bot.value reads it, plus CARD for each card it holds more than its rival."""
    v = bot.value(state, seat)
    if state.phase == "over":
        return v
    return v + CARD * (len(state.sides[seat].hand) - len(state.sides[state.other(seat)].hand))


def _owes(state: CMState, seat: str) -> bool:
    """Whether `seat` has a choice to make inside its own step: a card's question, or a cost to pay."""
    if state.phase != "play":
        return False
    if state.wait is not None:
        return state.wait.get("seat") == seat
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.stage == "cost"


def _cost_options(options: list[Action]) -> list[Action]:
    """A cost's steps worth looking at: discarding the weakest card (by `card_worth`), or stopping (any number)."""
    discards = [o for o in options if o.verb == "discard"]
    found = [o for o in options if o.verb != "discard"]
    if discards:
        found.append(min(discards, key=lambda o: (card_worth(o.args[0]), o.args[0])))
    return found


def look(state: CMState, seat: str, action: Action, depth: int) -> float:
    """The `score` after `action` on a copy, `seat`'s further choices in the same step made the same way (a card's
    questions `depth` deep; a cost paid in full)."""
    after = copy_state(state)
    try:
        advance(after, seat, action)
    except Exception:  # noqa: BLE001 — a step the copy cannot take is never preferred
        return float("-inf")
    if depth > 0 and _owes(after, seat):
        options = [act(verb, arg) for verb, arg in choices(after, seat)[1]]
        if after.wait is None:
            return max(look(after, seat, o, depth) for o in _cost_options(options))
        return max(look(after, seat, o, depth - 1) for o in options)
    v = score(after, seat)
    if after.phase == "play" and after.turn is not None and after.turn.stage == "negative":
        v -= NEG
    return v


def action_move(state: CMState, seat: str, rng: Rng) -> Action:
    """A turn's action: the card (or the draw) whose board one step ahead `look` scores best."""
    options = [act(verb, arg) for verb, arg in choices(state, seat)[1]]
    sim = bot.sim_copy(state)
    best, pick = float("-inf"), None
    for o in options:
        v = look(sim, seat, o, DEPTH)
        if o.verb == "play" and c().cards[o.args[0]].kind == "media":
            v += MEDIA
        if v > best + 1e-9:
            best, pick = v, o
    return pick if pick is not None else bot.bot_action(state, seat, rng)


def favourite(state: CMState, seat: str, rng: Rng) -> Action:
    """The default move of `hard` (see the module's docstring): always one of `seat`'s legal actions, the same for
    the same state and stream."""
    if state.phase == "draft":
        return draft_move(state, seat)
    turn = state.turn
    if state.phase == "play" and state.wait is None and turn is not None and turn.seat == seat \
            and turn.stage == "action":
        return action_move(state, seat, rng)
    return bot.bot_action(state, seat, rng)
