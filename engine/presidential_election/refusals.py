"""Why a well-formed move is refused: the rule behind each of menus.py's lists, in this game's words.

Reasons come from the same primitives the menus use (prices, the cap, ballots, shared ballots), so a reason
can't disagree with what is legal. They go only to the player refused, and say nothing that player can't
see: their own money and offer, the public map."""
from __future__ import annotations

from engine.core.types import Action
from engine.presidential_election.cards import chosen_now
from engine.presidential_election.cardtext import card_name
from engine.presidential_election.debates import debate_partners
from engine.presidential_election.menus import legal
from engine.presidential_election.primitives import c, cap, common_ballots, off_ballot, price
from engine.presidential_election.setup import advantage_chooser, home_chooser
from engine.presidential_election.state import PEState, Task
from engine.presidential_election.words import ITEM_NAMES
from engine.presidential_election.words_tell import why
from engine.core.words import with_article

# When each verb has its place, for a verb sent at the wrong moment.
WHEN = {
    "roll": "`roll` starts your turn on the Campaign Trail (or settles the playing order at the start)",
    "first": "`first` or `last` is the first player's choice at the start of the game",
    "last": "`first` or `last` is the first player's choice at the start of the game",
    "home": "home states are picked at the start of the game",
    "advantage": "each candidate keeps one Advantage card at the start of the game",
    "ballot": "`ballot` takes ballots at a Party Convention",
    "stake": "`stake` puts votes into a National Debate's pot",
    "place": "`place` places the votes a space or card gives you",
    "debate": "`debate` starts a debate that a space, a card or a flight offers",
    "decline": "`decline` turns down a debate you were offered",
    "state": "`state` names the state of a purchase, a debate, a running mate or a card",
    "buy": "`buy` is for the campaign part of your own turn, after your roll",
    "fly": "`fly` (Airfare) is for the campaign part of your own turn, after your roll",
    "cancel": "`cancel` backs out of a purchase whose state you are naming",
    "done": "`done` ends your campaign or a Party Convention",
}


def refusal_reason(state: PEState, seat: str, action: Action) -> str | None:
    if seat not in state.players:
        return None
    actions = legal(state, seat)
    if not actions:
        return None
    if action.verb in {a.verb for a in actions}:
        return _wrong_argument(state, seat, action)
    when = WHEN.get(action.verb)
    return f"{when}; {_now(state, seat)}" if when else None


def _now(state: PEState, seat: str) -> str:
    """What the seat must settle first, in words."""
    if state.phase == "order":
        return "now the playing order is being rolled"
    if state.phase == "first_choice":
        return "now you choose to play first or last"
    if state.phase == "home":
        return "now you pick your home state"
    if state.phase == "advantage":
        return "now you keep one of your Advantage cards"
    if state.tasks:
        return _task_now(state.tasks[0])
    if state.turn.stage == "roll":
        return "your turn begins with its roll"
    if state.turn.buying is not None:
        return f"you are buying {with_article(ITEM_NAMES[state.turn.buying])}: name its state or `cancel` first"
    return "this is the campaign part of your turn: buy, fly or `done`"


def _task_now(task: Task) -> str:
    return {
        "stake": "a National Debate's stakes come first",
        "vp": "your running mate's votes are placed first",
        "convention": "the Party Convention's ballots come first (`done` ends them)",
        "free_tv": "the Convention's free Television Campaign comes first",
        "place": f"the votes from {why(task.cause) if task.cause else 'this space'} are placed first",
        "effect": f"the state for {card_name(task.cause)} is chosen first",
        "debate": "the debate is started or declined first",
    }[task.kind]


def _wrong_argument(state: PEState, seat: str, action: Action) -> str | None:
    player = state.players[seat]
    arg = action.args[0] if action.args else ""
    verb = action.verb
    if verb == "home":
        owner = next((s for s, p in state.players.items() if p.home == arg), None)
        if owner is not None:
            return f"{arg} is already {owner}'s home state"
        return None if home_chooser(state) == seat else "it is not your pick"
    if verb == "advantage":
        if advantage_chooser(state) != seat:
            return "it is not your pick"
        return f"{arg} is not one of the Advantage cards you were dealt ({', '.join(player.offer)})"
    if verb in ("ballot", "place", "stake", "state"):
        return _state_reason(state, seat, verb, arg)
    if verb == "buy":
        if arg == "ballot" and not off_ballot(player):
            return "you are on every ballot already"
        return _cost_reason(state, seat, arg)
    if verb == "fly":
        if state.turn.flown:
            return "Airfare is bought at most once a turn, and you have flown this turn"
        return _cost_reason(state, seat, "fly")
    if verb == "debate":
        if arg == seat:
            return "you can't debate yourself"
        if arg not in state.players:
            return f"{arg} is not a candidate in this game"
        task = state.tasks[0] if state.tasks else None
        if task is not None and task.target and task.target != arg:
            return f"this debate is with {task.target}"
        if arg not in debate_partners(state, seat):
            return f"a debate needs a ballot state you and {arg} share, and you share none"
    return None


def _state_reason(state: PEState, seat: str, verb: str, code: str) -> str | None:
    player = state.players[seat]
    name = c().states[code].name if code in c().states else code
    task = state.tasks[0] if state.tasks else None
    on_ballot = code in player.votes
    if verb == "ballot" or (verb == "state" and not task and state.turn.buying == "ballot"):
        return f"you are already on the {name} ballot" if on_ballot else None
    if verb == "stake":
        if not on_ballot:
            return f"you are not on the {name} ballot"
        return (f"your last vote in a ballot state never goes into the pot, "
                f"and you have {player.votes[code]} in {name}")
    if verb == "state" and task is None and state.turn.buying == "fly":
        return f"your map token is already in {name}"
    if verb == "state" and task is not None and task.kind == "effect":
        if code in chosen_now(state):  # a card's choices are different states (ruling)
            return (f"{name} was already chosen for {card_name(task.cause)}, whose states must all be different; "
                    f"choose among {', '.join(task.among)}")
        return f"{card_name(task.cause)} offers only {', '.join(task.among)}"
    if verb == "state" and task is not None and task.kind == "debate" and task.target:
        if code in common_ballots(state, seat, task.target):
            return None
        return f"a debate with {task.target} is held in a state where you are both on the ballot, and {name} is not one"
    if verb == "state" and task is not None and task.kind == "vp" and code == player.home:
        return "your running mate's votes can't go in your home state"
    if not on_ballot:
        return f"votes go only where you are on the ballot, and you are not on the {name} ballot"
    return None


def _cost_reason(state: PEState, seat: str, item: str) -> str | None:
    player = state.players[seat]
    cost = price(state, seat, item)
    name = ITEM_NAMES.get(item, item)
    if cost > player.money:
        return f"{with_article(name)} costs ${cost}k and you have ${player.money}k (never into debt)"
    left = cap(state, seat) - state.turn.spent
    if cost > left:
        return f"{with_article(name)} costs ${cost}k and only ${left}k of this turn's ${cap(state, seat)}k limit is left"
    return None
