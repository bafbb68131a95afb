"""The built-in bot: always one of decisions()'s options, with a little sense — keep and play the cards
that gain the most, aim gains where a state is closest to won, draw when the hand is thin."""
from __future__ import annotations

from engine.campaign_manager_2008.primitives import COLOUR, c, major, row_of
from engine.campaign_manager_2008.rules import menu
from engine.campaign_manager_2008.state import CMState
from engine.core.rng import Rng
from engine.core.types import Action, Option


def _strength(card_id: str) -> int:
    card = c().cards[card_id]
    return sum(int(p["n"]) if isinstance(p.get("n"), int) else 2 for _, p in card.effect) + (1 if card.kind == "media" else 0)


def _closeness(state: CMState, seat: str, code: str) -> int:
    """How near `seat` is to winning the state: the major row's blocks not yet its own (fewer is nearer)."""
    tile = state.tile(code)
    if tile is None:
        return 99
    row = row_of(tile, major(tile))
    return row.R + row.B + row.W - getattr(row, COLOUR[seat])


def bot_action(state: CMState, seat: str, rng: Rng) -> Action:
    options = menu(state, seat)[1]
    if not options:
        raise ValueError(f"{seat} owes no move")
    verbs = {o.action.verb for o in options}
    if "keep" in verbs or "play" in verbs:
        cards = [o for o in options if o.action.verb in ("keep", "play")]
        hand = len(state.sides[seat].hand)
        if "draw" in verbs and (hand <= 2 or rng.below(4) == 0):
            return Action(verb="draw")
        best = max(_strength(o.action.args[0]) for o in cards)
        return rng.choice([o for o in cards if _strength(o.action.args[0]) >= best - 1]).action
    if "done" in verbs and "discard" in verbs:  # an any-number cost: pay one or two at most
        paid = len(state.turn.discarded) if state.turn else 0
        return Action(verb="done") if paid >= 1 + rng.below(2) else _weakest(options)
    if verbs == {"discard"}:
        return _weakest(options)
    if verbs <= {"state", "target", "order"}:
        mine = state.wait is not None and state.wait.get("kind") == "target"
        ranked = sorted(options, key=lambda o: (_closeness(state, seat, o.action.args[0]), o.action.args[0]))
        if mine:  # aim the news away from where the rival is closest — at random, news may help either side
            return rng.choice(options).action
        return ranked[0].action
    if verbs == {"enter"}:
        return max(options, key=lambda o: (c().states[o.action.args[0]].ev, o.action.args[0])).action
    return rng.choice(options).action


def _weakest(options: list[Option]) -> Action:
    discards = [o for o in options if o.action.verb == "discard"]
    return min(discards, key=lambda o: (_strength(o.action.args[0]), o.action.args[0])).action
