"""The built-in bot: always one of decisions()'s options (read unworded, from rules.choices), chosen the same way for
both sides.

Every choice inside a card, a news or a state won (which state, which issue, which way to shift, the
replacement state, the Media Support's news target, the order of simultaneous wins) is made by looking
ahead: the option is applied to a private copy of the game, the bot's own further choices in the same
effect are made the same way (a few steps deep), and the board that results is scored by `value` —
electoral votes won, plus each state in play weighted by its EV and by how near each side is to
winning it (its major row first; the minor row by how few shifts would make it major). So gains go
where a state is nearest won or where they block the rival, shifts turn a state toward the row the bot
leads, a replacement is a state it can win, and a Media Support aims the news where it helps most.
The copy never sees a hidden card: its Breaking News deck is emptied and its dice are reseeded.

Which card to play is chosen by the same lookahead over the free cards (a card with a cost is weighed
by its printed strength less the cards it spends); the draft keeps the strongest cards.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.campaign_manager_2008.primitives import COLOUR, c, major, minor, new_tile, row_of
from engine.campaign_manager_2008.dispatch import dispatch
from engine.campaign_manager_2008.rules import act, choices
from engine.campaign_manager_2008.state import CMState, Row, Tile
from engine.core.rng import Randomness, Rng
from engine.core.types import Action, copy_state

DEPTH = 3  # own further choices looked at inside one effect
NEAR = 0.6  # a state's worth to a side falls by this factor per block it still lacks in the row


def _strength(card_id: str) -> int:
    card = c().cards[card_id]
    return sum(int(p["n"]) if isinstance(p.get("n"), int) else 2 for _, p in card.effect) + (1 if card.kind == "media" else 0)


def _row_hold(row: Row, seat: str) -> float:
    """How near `seat` is to owning the whole row: NEAR ** (blocks not yet its own)."""
    return NEAR ** (row.R + row.B + row.W - getattr(row, COLOUR[seat]))


def _tile_value(tile: Tile, seat: str, other: str) -> float:
    flip = 0.35 if tile.issue in (1, 2) else 0.15  # one shift or two from the other row being major
    big, small = row_of(tile, major(tile)), row_of(tile, minor(tile))
    edge = (1 - flip) * (_row_hold(big, seat) - _row_hold(big, other)) + flip * (_row_hold(small, seat) - _row_hold(small, other))
    return c().states[tile.code].ev * edge


def value(state: CMState, seat: str) -> float:
    """The board from `seat`'s side: EV lead, plus the states in play by how near each side is to them."""
    other = state.other(seat)
    if state.phase == "over":
        return 0.0 if state.draw else (1000.0 if state.winner == seat else -1000.0)
    v = float(state.sides[seat].score - state.sides[other].score)
    return v + sum(_tile_value(t, seat, other) for t in state.in_play)


def sim_copy(state: CMState) -> CMState:
    """A copy that cannot peek: no Breaking News to turn over, dice that are not the game's."""
    sim = _clone(state)
    sim.news = []
    sim.randomness = Randomness.seeded(1)  # one stream of its own: the same position always looks ahead the same
    for s in sim.sides.values():  # the draw pile's order stays unknown: cards drawn in the copy are not looked at
        s.deck = sorted(s.deck)
        s.kept, s.removed, s.won = [], [], []  # what the look-ahead never reads: lighter copies
    return sim


class Choice(NamedTuple):
    """One of decisions()'s options as the bot reads it: its action, without the words a player is shown."""
    action: Action


def _options(state: CMState, seat: str) -> list[Choice]:
    return [Choice(act(verb, arg)) for verb, arg in choices(state, seat)[1]]


def _clone(state: CMState) -> CMState:
    return copy_state(state)


def _owes_choice(state: CMState, seat: str) -> bool:
    return state.wait is not None and state.wait.get("seat") == seat


def _look(state: CMState, seat: str, action: Action, depth: int) -> float:
    after = _clone(state)
    try:
        dispatch(after, seat, action, [], [])
    except Exception:  # noqa: BLE001 — an option the copy cannot take is never preferred
        return float("-inf")
    if depth > 0 and after.phase == "play" and _owes_choice(after, seat):
        return max(_look(after, seat, o.action, depth - 1) for o in _options(after, seat))
    return value(after, seat)


def _best(state: CMState, seat: str, options: list[Choice], rng: Rng, depth: int = DEPTH) -> Action:
    sim = sim_copy(state)
    scored = [(_look(sim, seat, o.action, depth), o) for o in options]
    top = max(v for v, _ in scored)
    return rng.choice([o for v, o in scored if v >= top - 1e-9]).action


def _play_choice(state: CMState, seat: str, options: list[Choice], rng: Rng) -> Action:
    side = state.sides[seat]
    plays = [o for o in options if o.action.verb == "play"]
    can_draw = any(o.action.verb == "draw" for o in options)
    if can_draw and (len(side.hand) <= 2 or not plays):
        return Action(verb="draw")
    if not plays:
        return options[0].action
    sim = sim_copy(state)
    base = value(sim, seat)
    best: tuple[float, Choice] | None = None
    for o in plays:
        card = c().cards[o.action.args[0]]
        cost = card.discard_cost
        if cost is None:
            gain = _look(sim, seat, o.action, DEPTH) - base + (0.5 if card.kind == "media" else 0.0)
        else:  # a costed card: its printed strength against the cards it spends
            gain = 1.5 * _strength(card.id) - 2.0 * (cost.n or 1)
        if card.going_negative:
            gain -= 0.8
        if best is None or gain > best[0] + 1e-9 or (abs(gain - best[0]) <= 1e-9 and rng.below(2) == 0):
            best = (gain, o)
    assert best is not None
    if can_draw and best[0] < 0.3:  # nothing worth a turn: fill the hand instead
        return Action(verb="draw")
    return best[1].action


def bot_action(state: CMState, seat: str, rng: Rng) -> Action:
    options = _options(state, seat)
    if not options:
        raise ValueError(f"{seat} owes no move")
    verbs = {o.action.verb for o in options}
    if "keep" in verbs:
        best = max(_strength(o.action.args[0]) for o in options)
        return rng.choice([o for o in options if _strength(o.action.args[0]) >= best - 1]).action
    if "play" in verbs or "draw" in verbs:
        return _play_choice(state, seat, options, rng)
    if "done" in verbs and "discard" in verbs:  # an any-number cost: pay one or two at most
        paid = len(state.turn.discarded) if state.turn else 0
        return Action(verb="done") if paid >= 1 + rng.below(2) else _weakest(options)
    if verbs == {"discard"}:
        return _weakest(options)
    if verbs == {"pick"}:  # starting states: the ones of its colour worth most to it as printed
        other = state.other(seat)
        ranked = sorted(options, key=lambda o: (-_tile_value(new_tile(o.action.args[0]), seat, other), o.action.args[0]))
        return ranked[0].action if rng.below(3) else rng.choice(ranked[:3]).action
    if state.phase == "play" and state.wait is not None:
        return _best(state, seat, options, rng)
    return rng.choice(options).action


def _weakest(options: list[Choice]) -> Action:
    discards = [o for o in options if o.action.verb == "discard"]
    return min(discards, key=lambda o: (_strength(o.action.args[0]), o.action.args[0])).action
