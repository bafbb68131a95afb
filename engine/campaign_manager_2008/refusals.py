"""Why a well-formed Campaign Manager 2008 step is refused: one sentence naming the rule and the facts.

Every reason is worked out from the same pieces legality uses (rules.menu, rules.can_pay, the draw limit, the
tiles in play, the pending question), so a reason cannot contradict what the menu offers. A reason goes only to
the refused player, yet it says nothing that player could not know: a card that is not in their own hand is
just "not in your hand" (never where it is), and the rival's draft and sealed picks never enter a sentence.
"""
from __future__ import annotations

from typing import Callable

from engine.campaign_manager_2008.primitives import NAMES, c, card_line
from engine.campaign_manager_2008.rules import VERB_OF_KIND, can_pay
from engine.campaign_manager_2008.state import CMState
from engine.core.types import Action

# When each verb is the answer, in the game's terms: said when it is asked for at another moment.
WHEN = {
    "keep": "`keep` takes a card while drafting your deck",
    "pick": "`pick` chooses a starting state, secretly, before the campaign opens",
    "play": "you play a card from your hand as your turn's action",
    "draw": "drawing a card is a turn's whole action, instead of playing one",
    "pass": "passing is only for a turn where you can neither play a card nor draw",
    "discard": "you discard from your hand to pay a card's cost, or when a card makes you",
    "done": "`done` stops paying a cost of any number of cards",
    "state": "`state` answers a card that asks for a state in play",
    "issue": "`issue` answers a card that asks which issue row it changes",
    "toward": "`toward` answers a card that shifts a state's issue marker, naming the issue it moves toward",
    "order": "`order` settles first one of several states won at the same moment",
    "enter": "`enter` brings into play the state that replaces one you have just won",
    "target": "`target` is your Media Support naming the state a Breaking News hits",
}

# The question a pending effect asks, as the decision the player faces now.
ASKED = {
    "state": "choosing the state in play the effect in progress acts on",
    "issue": "choosing the issue row the effect in progress changes",
    "toward": "choosing which issue the state's marker shifts toward",
    "discard": "choosing a card from your hand to discard",
    "order": "ordering the states won at once (which is settled first)",
    "enter": "picking the state that replaces the one you won",
    "target": "your Media Support's choice of the state the Breaking News hits",
}


def stage(state: CMState, seat: str) -> str | None:
    """The decision the seat faces now, as the menu finds it (None: it owes nothing)."""
    if state.phase == "draft":
        return "draft" if state.sides[seat].offer else None
    if state.phase == "states":
        return None if seat in state.sealed.sealed else "states"
    if state.wait is not None:
        return f"wait:{state.wait['kind']}" if state.wait["seat"] == seat else None
    turn = state.turn
    if state.phase != "play" or turn is None or turn.seat != seat:
        return None
    return turn.stage if turn.stage in ("action", "cost") else None


def stage_verbs(state: CMState, seat: str, where: str) -> set[str]:
    """The verbs that answer this decision, whether or not any of them is open right now."""
    if where.startswith("wait:"):
        return {VERB_OF_KIND[where[5:]]}
    return {"draft": {"keep"}, "states": {"pick"}, "cost": {"discard", "done"},
            "action": {"play", "draw", "pass"}}.get(where, set())


def now_text(state: CMState, seat: str, where: str) -> str:
    """The decision in front of the seat, as a phrase."""
    if where == "draft":
        return "your draft pick: keep one of the three cards you are looking at"
    if where == "states":
        return "your secret choice of starting states"
    if where.startswith("wait:"):
        return ASKED.get(where[5:], "the choice the effect in progress asks of you")
    turn = state.turn
    assert turn is not None
    if where == "cost":
        if turn.cost_any:
            return f"paying for {card_line(turn.card)}: discard any number of other cards, then `done`"
        return f"paying for {card_line(turn.card)}: {turn.cost_left} more card{'s' if turn.cost_left != 1 else ''} to discard"
    return "your turn's action: play a card or draw"


def refusal_reason(state: CMState, seat: str, action: Action) -> str | None:
    where = stage(state, seat)
    if where is None:
        return None
    if action.verb in stage_verbs(state, seat, where):
        return _refused_here(state, seat, action, where)
    now = now_text(state, seat, where)
    if action.verb == "keep" and state.phase != "draft":
        return f"the draft is over (`keep` took cards while drafting your deck); the decision now is {now}"
    if action.verb == "pick" and state.phase == "play":
        return f"the starting states were chosen when the campaign opened; the decision now is {now}"
    return f"{WHEN.get(action.verb, f'`{action.verb}` answers another moment')}, and first comes {now}"


def _refused_here(state: CMState, seat: str, action: Action, where: str) -> str:
    """The verb answers this decision, but not with this argument (or not at this point of it)."""
    verb = action.verb
    arg = action.args[0] if action.args else ""
    why = _WHY_REFUSED.get(verb)
    return f"`{verb}` cannot take {arg} here" if why is None else why(state, seat, verb, arg, where)


def _keep_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A draft pick of a card not in the seat's offer: the rival's card, or one it is not looking at."""
    card = c().cards.get(arg)
    if card is not None and card.side != seat:
        return f"{arg} is one of {NAMES[card.side]}'s cards; you draft only from your own {NAMES[seat]} cards"
    return f"{arg} is not among the {c().rules.draft_look} cards you are looking at: you keep one of them"


def _pick_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A starting pick already made, of the rival's colour, or of no starting tile."""
    tile = c().states.get(arg)
    if arg in state.sides[seat].picks:
        return f"you have already picked {arg}; the second starting state must be another"
    if tile is not None and tile.back != seat:
        return (f"{tile.name} ({arg}) has {NAMES[tile.back]}'s colour on its back; you choose your starting "
                f"states among the tiles of your own colour")
    return f"{arg} is not one of your starting-state tiles"


def _play_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A card not in the hand, or one whose discard cost the rest of the hand cannot pay."""
    side = state.sides[seat]
    if arg not in side.hand:
        return f"{arg} is not in your hand"
    if not can_pay(state, seat, arg):
        cost = c().cards[arg].discard_cost
        need = cost.n if cost is not None and cost.n else 0
        others = len(side.hand) - 1
        return (f"{card_line(arg)} costs {need} other card{'s' if need != 1 else ''} from your hand to play, "
                f"and you hold only {others} other{'s' if others != 1 else ''}")
    return f"{arg} cannot be played now"


def _draw_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A draw with a full hand, or with no card left to draw."""
    side, rules = state.sides[seat], c().rules
    if len(side.hand) >= rules.draw_limit:
        return (f"you hold {len(side.hand)} cards, and drawing is only allowed with fewer than "
                f"{rules.draw_limit} in hand")
    return "your deck and your discard pile are both empty; there is no card to draw"


def _pass_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    return "you may pass only when you can neither play a card nor draw, and you can"


def _discard_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A discard of the card being paid for, or of a card not in the hand."""
    turn = state.turn
    if turn is not None and where == "cost" and arg == turn.card:
        return f"{arg} is the card you are paying for; its cost is paid with other cards from your hand"
    return f"{arg} is not in your hand"


def _done_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """`done` on a cost of an exact number of cards."""
    turn = state.turn
    assert turn is not None
    return (f"{card_line(turn.card)} costs exactly {turn.cost_left + len(turn.discarded)} discards, "
            f"{turn.cost_left} still to pay; `done` only ends a cost of any number of cards")


def _among(state: CMState) -> str:
    """The choices the pending question offers, listed."""
    return ", ".join(list(state.wait["among"]) if state.wait else [])


def _state_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A state (or a Breaking News target) not in play, or in play but not among the choices."""
    if state.tile(arg) is None:
        whom = "the card acts on" if verb == "state" else "the news can hit"
        return f"{arg} is not in play; {whom} one of the states in play ({_among(state)})"
    return f"{arg} is not one of the choices ({_among(state)})"


def _enter_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    """A replacement state already in play, already won, or unknown."""
    if state.tile(arg) is not None:
        return f"{arg} is in play already; the replacement comes from the states not yet in play"
    winner = next((s for s in state.seats if arg in state.sides[s].won), None)
    if winner is not None:
        return f"{arg} has been won already (by {NAMES[winner]}); the replacement comes from the states not yet in play"
    return f"{arg} is not among the states not yet in play"


def _order_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    return f"{arg} is not one of the states just won ({_among(state)}): `order` picks which of those is settled first"


def _issue_refused(state: CMState, seat: str, verb: str, arg: str, where: str) -> str:
    return f"the card's choice is between {_among(state)}"


_WHY_REFUSED: dict[str, Callable[[CMState, str, str, str, str], str]] = {
    "keep": _keep_refused, "pick": _pick_refused, "play": _play_refused, "draw": _draw_refused,
    "pass": _pass_refused, "discard": _discard_refused, "done": _done_refused, "state": _state_refused,
    "target": _state_refused, "enter": _enter_refused, "order": _order_refused, "issue": _issue_refused,
    "toward": _issue_refused,
}
"""Each verb's reason for refusing its argument at this decision: (state, seat, verb, argument, decision)."""
