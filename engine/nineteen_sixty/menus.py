"""The words of each decision: its prompt and a label (and detail) on every legal action `legal.moves` finds, in
the order it finds them. Nothing here decides what is legal."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.types import Action, Option, PendingKind
from engine.core.words import plural
from engine.nineteen_sixty.content import NAMES
from engine.nineteen_sixty.legal import CANDIDATE, knee, moves, position_cost
from engine.nineteen_sixty.primitives import (c, card, card_label, event_spent, holder, issue_name, needs_checks,
                                              region_crossings, region_name, region_of, side_of, strategy_need,
                                              support_text)
from engine.nineteen_sixty.state import NSState
from engine.nineteen_sixty.words import card_detail, effect, event_words, rest_words

Words = tuple[str, list[Option]]


def menu(state: NSState, seat: str) -> tuple[str, list[Option], PendingKind]:
    """The seat's decision as a player reads it: the prompt, the labelled options, and its kind."""
    stage, actions = moves(state, seat)
    if not actions:
        return "", [], PendingKind.CHOICE
    prompt, options = WORDS[stage](state, seat, actions)
    return prompt, options, KINDS.get(stage, PendingKind.CHOICE)


def _opt(action: Action, label: str, detail: str = "", group: str = "") -> Option:
    return Option(action=action, label=label, detail=detail, group=group)


def _state_opt(action: Action, label: str, detail: str = "") -> Option:
    """A choice of one state, headed by its region as the board names it (East, South, Midwest, West), which a
    long menu of states groups by."""
    return _opt(action, label, detail, region_name(region_of(action.args[0])))


def _card_opt(action: Action) -> Option:
    """A card to choose: its id and name as the label, its numbers and whole effect as the detail."""
    card_id = int(action.args[0])
    return _opt(action, card_label(card_id), card_detail(card_id, rest=False))


def signed(value: int) -> str:
    who = holder(value)
    return "none" if who is None else f"{NAMES[who]} {abs(value)}"


def travel_name(region: str) -> str:
    return c().states[region].name if region in c().states else f"the {region_name(region)}"


def event_ask(state: NSState, prompt: str) -> str:
    """An event's choice as asked: the card whose event it is (where a card started the effect) and its whole
    effect around the effect's own question (kept apart in the state: the bot reads it)."""
    card_id = next((f.locals["card"] for f in reversed(state.effect.frames) if f.locals.get("card")), None)
    if card_id is None:
        return prompt
    return f"{card_label(int(card_id))} — {prompt} The event: {effect(int(card_id))}"


def _use_option(state: NSState, side: str, action: Action, *, preempted: bool) -> Option:
    """One way to use a card (or the candidate card): a short label (the card, then the use: the options read
    card by card), the whole effect in the detail. Every use names the card first (`play 23 campaign`), so menus
    go card → use — also once the card is on the table (after a preemption, or the VP card)."""
    arg, verb = action.args
    is_candidate = arg == CANDIDATE
    cp = c().rules.candidate_cp if is_candidate else card(int(arg)).cp
    name = "Candidate card" if is_candidate else card_label(int(arg))
    rest = card(int(arg)).rest if not is_candidate and not preempted and state.play is None else 0
    gets = f" · {rest_words(rest, explain=False)}" if rest else ""
    if verb == "event":
        if event_spent(state, int(arg)):
            words, detail = ("event (no effect: the Debates are over)",
                             f"Played now, the card only leaves the game. {effect(int(arg))}")
        else:
            words, detail = "event", effect(int(arg))
    elif verb == "campaign":
        words = f"campaign, {cp} CP"
        detail = "add support in your token's region, travel" + (" (costs 1 momentum)" if knee(state, side) else "")
    elif verb == "advertise":
        words, detail = f"advertise, {cp} CP", f"{plural(cp, 'support check')} for media cubes"
    elif verb == "position":
        words, detail = f"position, {cp} CP", "issue support: 1 CP for the first cube, 2 for more"
    else:
        words, detail = "preempt, then its CP", "pay 2 momentum so your rival cannot trigger its event"
    return _opt(action, f"{name} — {words}", detail + gets)


def _wait(state: NSState, seat: str, actions: list[Action]) -> Words:
    assert state.wait is not None
    kind = state.wait["kind"]
    options = []
    for a in actions:
        value = a.args[0]
        if kind == "state":
            options.append(_state_opt(a, f"{c().states[value].name} ({value})"))
        elif kind == "region":
            options.append(_opt(a, region_name(value)))
        elif kind == "issue":
            options.append(_opt(a, issue_name(value)))
        else:
            options.append(_card_opt(a))
    return event_ask(state, state.wait["prompt"]), options


def _window(state: NSState, seat: str, actions: list[Action]) -> Words:
    x = state.play.card if state.play else None
    me = state.sides[side_of(seat)]
    return (f"{state.other(seat)} played {card_label(x)} for its campaign points. Trigger its event for "
            f"{c().rules.trigger_cost} momentum (you have {me.momentum})? The event: {effect(x)}",
            [_opt(actions[0], f"Trigger {card_label(x)}", effect(x)), _opt(actions[1], "Pass")])


def _initiative(state: NSState, seat: str, actions: list[Action]) -> Words:
    return ("You have the initiative: who plays first in every activity phase this turn?",
            [_opt(a, f"{a.args[0]} ({NAMES[side_of(a.args[0])]}) starts" + (" (you)" if a.args[0] == seat else ""))
             for a in actions])


def _activity(state: NSState, seat: str, actions: list[Action]) -> Words:
    side = side_of(seat)
    me = state.sides[side]
    options = []
    for a in actions:
        if a.verb == "play":
            options.append(_use_option(state, side, a, preempted=False))
        elif a.verb == "vp":
            options.append(_opt(a, f"VP card: discard {card_label(int(a.args[0]))}",
                                f"play {card_label(me.vp_card)} instead"))
        else:
            options.append(_opt(a, "Pass", "no card may be played"))
    return ("Play a card for its event, or for its CP to campaign, advertise or position."
            + (" A card's rest moves that many of your cubes into the bag, however it is played."
               if any(card(x).rest for x in me.hand) else ""), options)


def _how(state: NSState, seat: str, actions: list[Action]) -> Words:
    play = state.play
    assert play is not None and play.card is not None  # only a card is preempted, or the VP card played
    x = play.card
    return (f"Preempted: now use the CP of {card_label(x)}." if play.preempted
            else f"Play the VP card — its event or its CP. {event_words(x)}",
            [_use_option(state, side_of(seat), a, preempted=play.preempted) for a in actions])


def _amount(state: NSState, seat: str, actions: list[Action]) -> Words:
    assert state.play is not None
    code = state.play.target
    checks = needs_checks(state, side_of(seat), code, campaigning=True)
    return (f"How many CP in {code}? " + ("It needs support checks: they are declared now and drawn at once."
                                           if checks else "Each adds one cube."),
            [_opt(a, f"{a.args[0]} CP in {code}" + (f" ({plural(int(a.args[0]), 'check')})" if checks else ""),
                  support_text(state, code)) for a in actions])


def _stop(state: NSState, seat: str, actions: list[Action]) -> Words:
    return ("Your token travelled: in which state of the region does it stop?",
            [_state_opt(a, f"{c().states[a.args[0]].name} ({a.args[0]})", support_text(state, a.args[0]))
             for a in actions])


def _campaign(state: NSState, seat: str, actions: list[Action]) -> Words:
    play = state.play
    assert play is not None
    side, here = side_of(seat), play.region
    options = []
    for a in actions:
        if a.verb == "add":
            code = a.args[0]
            checks = needs_checks(state, side, code, campaigning=True)
            options.append(_state_opt(a, f"{code}" + (" (checks)" if checks else ""), support_text(state, code)))
        elif a.verb == "travel":
            region = a.args[0]
            options.append(_opt(a, f"Travel to {travel_name(region)} ({region_crossings(here, region)} CP)"))
        else:
            options.append(_opt(a, "Done", f"{play.cp_left} CP left unspent"))
    return (f"Campaign: {play.cp_left} CP left, your token in {travel_name(here)}. `add ST` then the CP to spend "
            "there (checks where your rival carries it or his token stands, unless you have media in the region), "
            "`travel R` to cross into another region, `done`.", options)


def _advertise(state: NSState, seat: str, actions: list[Action]) -> Words:
    assert state.play is not None
    n = state.play.to_place
    return (f"Place {n} media cube{'s' if n != 1 else ''} won by advertising.",
            [_opt(a, f"{region_name(a.args[0])} ({signed(state.media.get(a.args[0], 0))})") for a in actions])


def _position(state: NSState, seat: str, actions: list[Action]) -> Words:
    play = state.play
    assert play is not None
    options = [_opt(a, f"{issue_name(a.args[0])} +1 ({position_cost(play, a.args[0])} CP)",
                    f"now {signed(state.issues.get(a.args[0], 0))}") if a.verb == "issue"
               else _opt(a, "Done", f"{play.cp_left} CP left unspent") for a in actions]
    return f"Position on issues: {play.cp_left} CP left.", options


def _swap(state: NSState, seat: str, actions: list[Action]) -> Words:
    return ("You have more media support: swap two adjacent issues on the Issues Track, or keep it.",
            [_opt(a, f"Swap {issue_name(a.args[0])} and {issue_name(a.args[1])}") if a.verb == "swap"
             else _opt(a, "Keep the track") for a in actions])


def _reward2(state: NSState, seat: str, actions: list[Action]) -> Words:
    return (f"You lead {issue_name(state.track[1])}, the second issue: take 1 momentum or 1 endorsement.",
            [_opt(actions[0], "1 momentum"), _opt(actions[1], "1 endorsement card")])


def _strategy(state: NSState, seat: str, actions: list[Action]) -> Words:
    left = strategy_need(state) - len(state.sides[side_of(seat)].picking)
    options = [_card_opt(a) if a.verb == "strategy" else
               _opt(a, "Set aside nothing", "no card in your hand may be set aside") for a in actions]
    return (f"Campaign Strategy: set aside {left} more card{'s' if left > 1 else ''} face down (for the "
            f"{'Debates' if state.turn < c().rules.debate_turn else 'Election Day'}); the rest are discarded.",
            options)


def _place(state: NSState, seat: str, actions: list[Action]) -> Words:
    assert state.debate is not None and state.debate.placing is not None
    placing = state.debate.placing
    return (f"You won {issue_name(placing['issue'])}: place {placing['left']} state support cube"
            f"{'s' if placing['left'] != 1 else ''} anywhere (no checks).",
            [_state_opt(a, f"{a.args[0]} ({support_text(state, a.args[0])})") for a in actions])


def _first(state: NSState, seat: str, actions: list[Action]) -> Words:
    return ("Both revealed cards show both candidates: who places a card first?",
            [_opt(a, f"{a.args[0]} places first") for a in actions])


def _side(state: NSState, seat: str, actions: list[Action]) -> Words:
    assert state.debate is not None
    x = state.debate.revealed[side_of(seat)]
    return (f"{card_label(x)} shows both candidates: place it on whose side of {issue_name(card(x).debate_issue)}?",
            [_opt(a, f"{a.args[0]}'s side ({NAMES[side_of(a.args[0])]})") for a in actions])


def _round(state: NSState, seat: str, actions: list[Action]) -> Words:
    d = state.debate
    assert d is not None
    open_issues = [i.issue for i in d.issues if i.won_by is None]
    return (f"Debate round {d.round}: pick a card to reveal (open issues: "
            f"{', '.join(issue_name(i) for i in open_issues)}).", [_card_opt(a) for a in actions])


def _order(state: NSState, seat: str, actions: list[Action]) -> Words:
    owner = {str(e.card): e.owner for e in state.election_events}
    return ("You have the initiative: which Election Day event resolves next?",
            [_opt(a, f"{card_label(int(a.args[0]))} ({NAMES[owner[a.args[0]]]}'s)") for a in actions])


WORDS: dict[str, Callable[[NSState, str, list[Action]], Words]] = {
    "wait": _wait, "window": _window, "initiative": _initiative, "activity": _activity, "how": _how,
    "amount": _amount, "stop": _stop, "campaign": _campaign, "advertise": _advertise, "position": _position,
    "swap": _swap, "reward2": _reward2, "strategy": _strategy, "place": _place, "first": _first, "side": _side,
    "round": _round, "order": _order,
}
KINDS: dict[str, Any] = {"window": PendingKind.RESPONSE, "strategy": PendingKind.SIMULTANEOUS,
                         "round": PendingKind.SIMULTANEOUS}
