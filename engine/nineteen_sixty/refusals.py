"""Why a well-formed 1960 step is refused: one sentence naming the rule and the facts.

Every reason is worked out from the pieces legality itself uses (legal.stage, playable_cards,
event_playable, region_crossings, the position costs, strategy_ok…), so a reason cannot contradict the menu.
A reason goes only to the refused player, yet says nothing that player could not know: a card that is not in
their own hand is just "not in your hand" (never where it is), and no sealed choice or deck order enters it.
"""
from __future__ import annotations

from engine.core.notation import is_number
from engine.core.types import Action
from engine.nineteen_sixty.content_models import ISSUE_NAMES, NAMES, REGIONS
from engine.nineteen_sixty.primitives import (c, card, card_label, event_playable, icons_text, issue_leader,
                                              issue_name, prevented, region_crossings, region_name, side_of,
                                              strategy_need, strategy_ok, travel_region)
from engine.nineteen_sixty.legal import CANDIDATE, knee, playable_cards, position_cost, restricted
from engine.nineteen_sixty.legal import stage as legal_stage
from engine.nineteen_sixty.phrases import travel_name
from engine.nineteen_sixty.state import NSState, Play

# When each verb is the answer, in the game's terms: said when it is sent at another moment.
WHEN = {
    "play": "a card is played on your own activity play, one card per activity phase",
    "vp": "the Vice President card is played instead of a card on your own activity play",
    "pass": "`pass` lets a rival's event go, or skips an activity play when no card can be played",
    "add": "`add` picks a state to put support in while campaigning with a card's CP",
    "spend": "`spend` says how many CP go into the state just chosen with `add`",
    "travel": "`travel` moves your candidate token across regional borders while campaigning with a card's CP",
    "stop": "`stop` names the state where a token that travelled comes to rest",
    "done": "`done` ends a campaign or a positioning action",
    "media": "`media` places a media cube won by advertising",
    "issue": "`issue` buys a cube on an issue while positioning with a card's CP",
    "trigger": "you trigger a rival's event right after they play the card for its CP",
    "start": "`start` is the initiative holder's choice of who plays first, made as a turn begins",
    "swap": "in the momentum phase the candidate with more media support may `swap` two adjacent issues",
    "keep": "in the momentum phase the candidate with more media support may `keep` the Issues Track as it is",
    "take": "`take` is the second issue's leader's reward in the momentum phase",
    "strategy": "cards are set aside for Campaign Strategy at the end of a turn",
    "debate": "`debate` reveals a card in a round of the Debates (turn 6)",
    "first": "`first` is the initiative holder's call when both revealed debate cards show both candidates",
    "side": "`side` places a revealed debate card that shows both candidates",
    "place": "`place` puts the support cubes won on a debate issue",
    "order": "`order` chooses which Election Day event resolves next",
    "pick": "`pick` answers a choice an event asks for",
}

STAGE_VERBS = {
    "window": {"trigger", "pass"}, "initiative": {"start"}, "activity": {"play", "vp", "pass"}, "how": {"play"},
    "campaign": {"add", "travel", "done"}, "amount": {"spend"}, "stop": {"stop"}, "advertise": {"media"},
    "position": {"issue", "done"}, "swap": {"swap", "keep"}, "reward": {"take"}, "strategy": {"strategy"},
    "debate": {"debate"}, "first": {"first"}, "side": {"side"}, "place": {"place"}, "order": {"order"},
}

# The phase each verb belongs to: sent in another phase, its moment is not merely "after this decision".
PHASE_OF = {"start": "initiative", "swap": "momentum", "keep": "momentum", "take": "momentum",
            "strategy": "strategy", "debate": "debate", "first": "debate", "side": "debate", "place": "debate",
            "order": "election", **{v: "activity" for v in ("play", "vp", "add", "spend", "travel", "stop", "done",
                                                          "media", "issue", "trigger")}}

# (decision, verb): the verb's moment in this phase is already behind that decision (the swap precedes the
# second issue's reward).
PASSED = {("reward", "swap"), ("reward", "keep")}

# legality's names of two decisions, as the reasons name them
RENAMED = {"reward2": "reward", "round": "debate"}

KIND_WORDS = {"state": "a state", "region": "a region", "issue": "an issue", "card": "a card from your hand"}


def stage(state: NSState, seat: str) -> str | None:
    """The decision the seat faces now, as legality finds it (legal.stage; None: it owes nothing), an event's
    choice named with its kind."""
    where = legal_stage(state, seat)
    if where == "wait":
        assert state.wait is not None
        return f"wait:{state.wait['kind']}"
    return RENAMED.get(where, where) or None


def now_text(state: NSState, seat: str, where: str) -> str:
    """The decision in front of the seat, as a phrase."""
    play = state.play
    if where.startswith("wait:"):
        return f"the choice the event in progress asks of you ({KIND_WORDS.get(where[5:], 'a choice')})"
    if where == "window":
        x = play.card if play else None
        return (f"your answer to {state.other(seat)}'s CP play of {card_label(x) if x else 'a card'}: "
                "`trigger` its event or `pass`")
    if where == "initiative":
        return f"your initiative call: who plays first in every activity phase of turn {state.turn}"
    if where == "activity":
        return (f"your play in activity phase {state.activity} of turn {state.turn}: a card (or your candidate "
                "card) for its event or its CP")
    assert where not in ("how", "campaign", "amount", "stop", "advertise", "position") or play is not None
    if where == "how":
        return ("the use of the card you preempted: its CP" if play.preempted  # type: ignore[union-attr]
                else "the use of your Vice President card: its event or its CP")
    if where == "campaign":
        return (f"your campaign: {play.cp_left} CP left, your token in "  # type: ignore[union-attr]
                f"{travel_name(play.region)}")  # type: ignore[union-attr]
    if where == "amount":
        return f"saying how many CP go into {play.target}"  # type: ignore[union-attr]
    if where == "stop":
        return f"where in {travel_name(play.region)} your travelling token stops"  # type: ignore[union-attr]
    if where == "advertise":
        n = play.to_place  # type: ignore[union-attr]
        return f"placing the {n} media cube{'s' if n != 1 else ''} your advertising won"
    if where == "position":
        return f"positioning on issues with {play.cp_left} CP left"  # type: ignore[union-attr]
    if where == "swap":
        return "your call as media leader: swap two adjacent issues or keep the Issues Track"
    if where == "reward":
        return f"your reward for leading {issue_name(state.track[1])}, the second issue: momentum or an endorsement"
    if where == "strategy":
        return "setting cards aside face down for Campaign Strategy"
    if where == "debate":
        return f"your card for debate round {state.debate.round if state.debate else 1}"
    if where == "first":
        return "deciding who places a two-candidate debate card first"
    if where == "side":
        return "placing your two-candidate debate card on one candidate's side"
    if where == "place":
        left = state.debate.placing["left"] if state.debate and state.debate.placing else 0
        return f"placing the {left} support cube{'s' if left != 1 else ''} you won in the Debates"
    return "ordering the Election Day events"


def refusal_reason(state: NSState, seat: str, action: Action) -> str | None:
    where = stage(state, seat)
    if where is None:
        return None
    verbs = {"pick"} if where.startswith("wait:") else STAGE_VERBS.get(where, set())
    if action.verb in verbs:
        return _refused_here(state, seat, action, where)
    now = now_text(state, seat, where)
    if action.verb == "vp" and not state.options.vp:
        return f"Vice President cards are not in this game (they come with the option vp=on); the decision now is {now}"
    when = WHEN.get(action.verb, f"`{action.verb}` answers another moment")
    if PHASE_OF.get(action.verb, state.phase) != state.phase or (where, action.verb) in PASSED:
        return f"{when}; the decision now is {now}"
    return f"{when}, and first comes {now}"


# --------------------------------------------------------------------------- the verb fits, its argument does not

def _refused_here(state: NSState, seat: str, action: Action, where: str) -> str:
    verb, args = action.verb, action.args
    side = side_of(seat)
    me = state.sides[side]
    play = state.play
    if verb == "pick":
        return _pick(state, where[5:], args[0])
    if verb == "play":
        return _play(state, seat, play, args[0], args[1])
    if verb == "vp":
        if not state.options.vp:
            return "Vice President cards are not in this game (they come with the option vp=on)"
        if me.vp_card is None:
            return "your Vice President card is not beside you to be played"
        x = int(args[0])
        if x not in me.hand:
            return f"#{x} is not in your hand"
        if card(x).icons != [side]:
            return (f"the Vice President card is played by discarding a card that shows only {NAMES[side]}'s icon, "
                    f"and {card_label(x)} shows {icons_text(card(x))}")
        return _keep_for_strategy(state, side, x)
    if verb == "pass":
        if where == "activity":
            return "you may pass an activity play only when no card can be played, and you have one to play"
        return "this `pass` cannot be taken now"
    if verb == "add":
        return _add(state, play, args[0])
    if verb == "travel":
        return _travel(play, args[0])
    if verb == "spend":
        left = play.cp_left if play else 0
        return f"you have {left} CP left to spend"
    if verb == "stop":
        here = play.region if play else ""
        code = args[0]
        return (f"your token travelled to {travel_name(here)} and stops in one of its states; {code} is in "
                f"{travel_name(travel_region(code))}")
    if verb == "issue":
        return _position(state, play, args[0])
    if verb == "swap":
        return _swap(state, args[0], args[1])
    if verb == "strategy":
        x = int(args[0])
        if x not in me.hand:
            return f"#{x} is not in your hand"
        if x in me.picking:
            return f"you have already set {card_label(x)} aside"
        if not strategy_ok(x):
            return f"{card_label(x)} is a Gathering Momentum card, and those may not be set aside for Campaign Strategy"
        return f"{card_label(x)} cannot be set aside now"
    if verb == "debate":
        return f"#{int(args[0])} is not in your hand"
    if verb == "order":
        waiting = ", ".join(card_label(e.card) for e in state.election_events) or "none"
        return f"#{int(args[0])} is not among the Election Day events still to resolve ({waiting})"
    return f"`{verb}` cannot take {' '.join(args)} here"


def _pick(state: NSState, kind: str, value: str) -> str:
    among = list(state.wait["among"]) if state.wait else []
    if kind == "card":
        return f"#{int(value)} is not in your hand" if is_number(value) else "the event asks for a card from your hand"
    given = "card" if is_number(value) else "region" if value in REGIONS else "issue" if value in ISSUE_NAMES else "state"
    if given != kind:
        return f"the event asks for {KIND_WORDS.get(kind, 'a choice')}, not {KIND_WORDS[given].replace(' from your hand', '')}"
    words = {"region": region_name, "issue": issue_name}.get(kind, str)
    shown = ", ".join(words(x) for x in among)
    return f"{words(value)} is not one of the {kind}s the event lets you pick ({shown})"


def _keep_for_strategy(state: NSState, side: str, x: int) -> str:
    """The rule behind playable_cards: keep enough cards fit for Campaign Strategy for the phase at turn end."""
    if x in playable_cards(state, side):
        return f"{card_label(x)} may be played, but not this way now"
    hand = state.sides[side].hand
    keep = sum(1 for y in hand if strategy_ok(y))
    need = strategy_need(state)
    return (f"you must keep {need} card{'s' if need != 1 else ''} fit for Campaign Strategy for the end of the turn, "
            f"and {card_label(x)} is {'your only one' if keep == 1 else f'one of only {keep}'}")


def _play(state: NSState, seat: str, play: Play | None, arg: str, use: str) -> str:
    side = side_of(seat)
    me = state.sides[side]
    rules = c().rules
    if play is not None:  # the card is already on the table: preempted, or the VP card
        on_table = CANDIDATE if play.card is None else str(play.card)
        name = "your candidate card" if play.card is None else card_label(play.card)
        if arg != on_table:
            return f"{name} is on the table: its use comes now, not another card"
        if use == "preempt":
            return f"{name} is already preempted" if play.preempted else "the Vice President card cannot be preempted"
        if use == "event" and play.preempted:
            return "a preempted card is used for its CP, not its event"
    elif arg == CANDIDATE:
        if me.candidate != "active":
            return "your candidate card is exhausted; only an event can turn it back to its active face"
    else:
        x = int(arg)
        if x not in me.hand:
            return f"#{x} is not in your hand"
        if x not in playable_cards(state, side):
            return _keep_for_strategy(state, side, x)
    cp = rules.candidate_cp if arg == CANDIDATE else card(int(arg)).cp
    if use == "event":
        if arg == CANDIDATE:
            return f"the candidate card has no event: use its {cp} CP to campaign, advertise or position"
        return _event_blocked(state, int(arg))
    if use == "preempt":
        if arg == CANDIDATE:
            return "the candidate card has no event to preempt"
        return f"preempting costs {rules.preempt_cost} momentum and you have {me.momentum}"
    if use == "campaign" and knee(state, side):
        why = next((e.card for e in state.turn_effects if e.who == side and e.hook == "campaign_costs_momentum"), None)
        by = f" ({card_label(why)})" if why is not None else ""
        return f"campaigning costs you 1 momentum this turn{by}, and you have {me.momentum}"
    return f"this card cannot be used to {use} now"


def _event_blocked(state: NSState, x: int) -> str:
    if event_playable(state, x):
        return f"the event of {card_label(x)} may be played, but not at this point"
    if prevented(state, x):
        by = next(s for s in state.prevention if x in card(s.card).prevents)
        return f"the event of {card_label(x)} is prevented by {card_label(by.card)} ({NAMES[by.owner]}'s)"
    r = card(x).requires
    assert r is not None
    if r.turn_from is not None:
        return f"the event of {card_label(x)} may be played only from turn {r.turn_from} on (this is turn {state.turn})"
    leader = issue_leader(state, r.leads)
    now = f"{NAMES[leader]} leads it" if leader else "nobody leads it"
    return (f"the event of {card_label(x)} may be played only while {NAMES[r.who]} leads "
            f"{issue_name(r.leads)}, and {now}")


def _add(state: NSState, play: Play | None, code: str) -> str:
    here = play.region if play else ""
    there = travel_region(code)
    if there != here:
        reach = play is not None and region_crossings(here, there) <= play.cp_left
        return (f"campaigning adds support only in the region of your token ({travel_name(here)}), and {code} is in "
                f"{travel_name(there)}" + (": `travel` there first" if reach else ""))
    if play is not None and code in play.declared:
        return f"you already declared support checks in {code} this action; a state needing checks takes one declaration"
    return f"{code} cannot take campaign support now"


def _travel(play: Play | None, region: str) -> str:
    here = play.region if play else ""
    if region == here:
        return f"your token is already in {travel_name(here)}"
    cost = region_crossings(here, region)
    left = play.cp_left if play else 0
    via = " (Alaska and Hawaii are reached only through the West)" if {here, region} & {"AK", "HI"} else ""
    return (f"from {travel_name(here)} to {travel_name(region)} crosses {cost} regional border"
            f"{'s' if cost != 1 else ''}{via}, 1 CP each, and you have {left} CP left")


def _position(state: NSState, play: Play | None, issue: str) -> str:
    assert play is not None
    if restricted(state, play, issue):
        return (f"Restricted Positioning: {card_label(play.card)} shows {issue_name(issue)} as its debate issue, "  # type: ignore[arg-type]
                "so its CP cannot buy cubes there")
    cost = position_cost(play, issue)
    which = "another" if play.bought.get(issue) else "the first"
    return (f"{which} cube on {issue_name(issue)} in this action costs {cost} CP, and you have {play.cp_left} CP left")


def _swap(state: NSState, a: str, b: str) -> str:
    track = state.track
    order = ", ".join(issue_name(i) for i in track)
    if a == b:
        return "`swap` names two different issues"
    i, j = track.index(a), track.index(b)
    if abs(i - j) != 1:
        return f"{issue_name(a)} and {issue_name(b)} are not side by side on the Issues Track ({order})"
    lo, hi = (a, b) if i < j else (b, a)
    return f"write the two issues in track order ({order}): `swap {lo} {hi}`"
