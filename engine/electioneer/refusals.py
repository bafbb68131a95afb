"""Why Electioneer US refuses a well-formed move: the rule, in one sentence with the facts behind it.

check_legal asks only when the move is not among the seat's options. The reasons read the same state and the
same helpers decisions() builds its options from (the phase, the hand, the revealed states, the issue deck,
the legal actions of moves.py), so a reason can never contradict what is offered. A reason speaks only
of what the seat may know: its own hand, theatrics and platform, and the public board.
"""
from __future__ import annotations

from engine.core.types import Action
from engine.electioneer import content as content_mod
from engine.electioneer import rules
from engine.electioneer.state import ElectioneerState

SLOT_WORDS = {"1": "first", "2": "second"}


def refusal_reason(state: ElectioneerState, seat: str, action: Action) -> str | None:
    if seat not in state.players or state.phase == "over":
        return None
    offered = {o.action.verb for o in rules.decisions(state, seat).all_options()}
    verb = action.verb
    if verb == "play":
        return _theatric(state, seat, action.args)
    if verb in offered:
        return _wrong_argument(state, seat, action)
    return f"{_when(state, verb)}; {_now(state, seat)}"


# ---------------------------------------------------------------- the verb is offered, the argument is not


def _wrong_argument(s: ElectioneerState, seat: str, action: Action) -> str | None:
    if action.verb in ("discard", "campaign"):
        return _not_in_hand(s, seat, action.args[0])
    if action.verb == "swap":
        return _swap(s, *action.args)
    return None


def _not_in_hand(s: ElectioneerState, seat: str, pid: str) -> str:
    c = content_mod.load()
    p = s.players[seat]
    hand = ", ".join(p.hand)
    if pid not in c.policies:
        return f"{pid} is a theatric, not a policy: play it with `play {pid}`; your hand holds {hand}"
    policy = c.policies[pid]
    if policy.party != seat:
        return f"{pid} is a {policy.party} policy and you play {seat}: your hand holds {hand}"
    if pid in p.platform:
        month = next((b.month for b in s.boards.values() if b.played.get(seat) == pid), None)
        when = f" in month {month}" if month else ""
        return f"{pid} {policy.name} is already in your platform (you campaigned on it{when}): your hand holds {hand}"
    return f"{pid} {policy.name} is not in your hand, which holds {hand}"


def _swap(s: ElectioneerState, code: str, slot: str, new: str) -> str:
    """What stops swapping `code`'s issue in `slot` for `new` (a month winner's swap, a reframe theatric)."""
    c = content_mod.load()
    board = s.boards[code]
    name = c.states[code].name
    if not board.revealed:
        shown = ", ".join(x for x in s.order if s.boards[x].revealed)
        return f"{name}'s issues are still face down: an issue is swapped only in a revealed state ({shown})"
    old = board.issues[int(slot) - 1]
    if old == new:
        return f"{name}'s {SLOT_WORDS[slot]} issue is already {c.issues[new].name}: the new issue must differ"
    if new not in s.issue_deck:
        left = ", ".join(c.issues[i].name for i in sorted(set(s.issue_deck), key=list(c.issues).index))
        return f"the issue deck holds no {c.issues[new].name} tile (it holds {left or 'none'})"
    if slot == "2" and board.issues[0] == old:
        return f"{name}'s two issues are both {c.issues[old].name}, so swapping one is a single choice: name slot 1"
    return f"{name}'s {SLOT_WORDS[slot]} issue can't be swapped for {c.issues[new].name} now"


# ---------------------------------------------------------------- theatrics (playable at any time)


def _theatric(s: ElectioneerState, seat: str, args: tuple[str, ...]) -> str | None:
    c = content_mod.load()
    tid = args[0]
    mine = s.players[seat].theatrics
    if tid not in c.theatrics:
        return f"{tid} is a policy, not a theatric: `play` is for theatrics ({', '.join(mine) or 'you hold none'})"
    t = c.theatrics[tid]
    if tid not in mine:
        held = f"you hold {', '.join(mine)}" if mine else "you hold no theatrics"
        return f"{tid} {t.name} is not among your theatrics: {held}"
    rest = args[1:]
    if t.kind == "momentum":
        if s.phase not in ("discard", "campaign"):
            return (f"{t.name} adds to a month's contest, so it is played before both policies are revealed "
                    f"(while the month's policies are being chosen), and {_moment(s)}")
        return f"{t.name} takes nothing after it: `play {tid}`" if rest else None
    if t.kind == "reframe":
        if len(rest) != 3:
            return f"{t.name} swaps an issue: name a revealed state, the slot (1 or 2) and the new issue, e.g. `play {tid} {_a_revealed(s)} 1 crime`"
        return _swap(s, *rest)
    if t.kind in ("endorse", "scandal"):
        if len(rest) != 1:
            return f"{t.name} names one state and nothing more, e.g. `play {tid} {s.order[0]}`"
        return None
    if t.kind == "research":
        if len(rest) != 1:
            return f"{t.name} names one face-down state, e.g. `play {tid} {_a_hidden(s, seat) or s.order[-1]}`"
        code = rest[0]
        if s.boards[code].revealed:
            return f"{c.states[code].name} is already revealed: {t.name} looks only at a state still face down" \
                + _hidden_list(s, seat)
        if code in s.players[seat].known:
            return f"you have already looked at {c.states[code].name}'s face-down issues" + _hidden_list(s, seat)
        return None
    if t.kind == "factcheck":
        marked = [x for x in s.order if s.boards[x].markers]
        if not marked:
            return f"{t.name} removes an endorsement or scandal marker, and no state has one"
        if len(rest) != 2:
            return f"{t.name} names a state and the marker's number there, e.g. `play {tid} {marked[0]} 1`"
        code, index = rest[0], int(rest[1])
        count = len(s.boards[code].markers)
        if count == 0:
            return f"{c.states[code].name} has no endorsement or scandal marker (states with one: {', '.join(marked)})"
        if not 1 <= index <= count:
            return f"{c.states[code].name} has {count} marker{'s' if count > 1 else ''}: number {index} is not one of them"
    return None


def _a_revealed(s: ElectioneerState) -> str:
    return next((x for x in s.order if s.boards[x].revealed), s.order[0])


def _a_hidden(s: ElectioneerState, seat: str) -> str | None:
    return next((x for x in s.order if not s.boards[x].revealed and x not in s.players[seat].known), None)


def _hidden_list(s: ElectioneerState, seat: str) -> str:
    left = [x for x in s.order if not s.boards[x].revealed and x not in s.players[seat].known]
    return f" (still to look at: {', '.join(left)})" if left else " (none is left for you to look at)"


# ---------------------------------------------------------------- the verb belongs to another moment


def _when(s: ElectioneerState, verb: str) -> str:
    """When the verb's step comes in a month, said against where the game is."""
    if verb == "discard":
        if s.phase == "election":
            return "the seven months are over, so no policy goes on the bottom of a deck any more"
        return "a policy goes on the bottom of your deck only at the start of a month, right after the draw, " \
            + ("and you have done it this month" if s.phase == "campaign" else "and this month's is done")
    if verb == "campaign":
        if s.phase == "discard":
            return "you choose the policy to campaign on once both players have put a policy on the bottom of their deck"
        if s.phase == "election":
            return "the seven months are over, so there is no month left to campaign in"
        return "this month's policies are already revealed"
    if verb in ("swap", "keep"):
        if s.phase == "election":
            return f"`{verb}` follows a month's reveal, and the seven months are over"
        return f"only the winner of a month may `{verb}`, right after both policies are revealed"
    if verb == "ready":
        return f"`ready` is for election day, after month {rules.MONTHS}"
    return f"`{verb}` is not a step of this moment"


def _now(s: ElectioneerState, seat: str) -> str:
    c = content_mod.load()
    here = c.states[s.current].name if s.current else ""
    if s.phase == "discard":
        return f"now put one policy from your hand on the bottom of your deck first (month {s.month}, {here})"
    if s.phase == "campaign":
        return f"now choose the policy you campaign on in {here} first"
    if s.phase == "swap":
        return f"you won {here}'s month: swap one issue of a revealed state or keep them first"
    if s.phase == "election":
        return "it is election day: play any last theatrics, then declare `ready`"
    return _moment(s)


def _moment(s: ElectioneerState) -> str:
    if s.phase == "swap":
        return f"{s.month_winner} is deciding whether to swap an issue after the month's reveal"
    if s.phase == "election":
        return "it is election day"
    return "the month's policies are being chosen"
