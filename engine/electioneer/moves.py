"""Electioneer US's legal actions without their words: the one source of legality. decisions() (rules.py) gives
each of these actions its label for a player; the silent path (silent.py) hands them to a search as they are.

Order matters and is the menu's: a decision's answers in the order a player sees them, then the theatrics
playable at any time. No action repeats: each answer names a distinct policy, issue slot or theatric.
"""
from __future__ import annotations

from functools import lru_cache

from engine.core.types import Action
from engine.electioneer import content as content_mod
from engine.electioneer.state import ElectioneerState


@lru_cache(maxsize=8192)
def act(verb: str, args: tuple[str, ...] = ()) -> Action:
    """The one Action for `verb` and `args`: Actions are frozen, so every menu may share it, and building one
    costs far more than finding it here."""
    return Action(verb=verb, args=args)


def over(state: ElectioneerState) -> bool:
    """Whether the game has ended — outcome() is not None, without building the outcome."""
    return state.phase == "over" and state.winner is not None


def owes(state: ElectioneerState, seat: str) -> bool:
    """Whether `seat` has a pending decision: whether `answers(state, seat)` lists anything."""
    if state.phase == "discard":
        return seat not in state.discards.sealed
    if state.phase == "campaign":
        return seat not in state.campaigns.sealed
    if state.phase == "swap":
        return state.month_winner == seat
    if state.phase == "election":
        return not state.players[seat].ready
    return False


def owing(state: ElectioneerState) -> list[str]:
    """The seats `owes` is true of, in seat order."""
    phase = state.phase
    if phase == "discard" or phase == "campaign":
        sealed = (state.discards if phase == "discard" else state.campaigns).sealed
        return [seat for seat in state.seats if seat not in sealed]
    if phase == "swap":
        return [seat for seat in state.seats if seat == state.month_winner]
    if phase == "election":
        return [seat for seat in state.seats if not state.players[seat].ready]
    return []


def answers(state: ElectioneerState, seat: str) -> list[Action]:
    """The actions that settle `seat`'s pending decision, in menu order; none when it owes none."""
    if seat not in state.players or not owes(state, seat):
        return []
    phase = state.phase
    if phase == "discard" or phase == "campaign":
        known = _PICKS[phase]
        return [known.get(pid) or _pick(known, phase, pid) for pid in state.players[seat].hand]
    if phase == "swap":
        return [act("keep"), *swaps(state, ())]
    return [act("ready")]


_PICKS: dict[str, dict[str, Action]] = {"discard": {}, "campaign": {}}  # each policy's discard and campaign action


def _pick(known: dict[str, Action], verb: str, pid: str) -> Action:
    found = known[pid] = act(verb, (pid,))
    return found


def swaps(state: ElectioneerState, theatric: tuple[str, ...]) -> list[Action]:
    """Every issue swap open now: a slot of a revealed state for a different issue from the issue deck, in the
    states' reveal order, then slot, then the issues' content order — as the month winner's `swap` (code, slot,
    issue), or with `theatric` (a reframe's id) as its `play` (id, code, slot, issue)."""
    issues = content_mod.load().issues
    in_deck = set(state.issue_deck)
    deck_issues = tuple([i for i in issues if i in in_deck])
    out: list[Action] = []
    boards = state.boards
    for code in state.order:
        board = boards[code]
        if board.revealed:
            out += _board_swaps(theatric, code, tuple(board.issues), deck_issues)
    return out


@lru_cache(maxsize=8192)
def _board_swaps(theatric: tuple[str, ...], code: str, issues: tuple[str, ...],
                 deck_issues: tuple[str, ...]) -> tuple[Action, ...]:
    """One state's swaps, as `swaps` gives them: the same few recur all game, so each list is built once."""
    out: list[Action] = []
    for slot, old in enumerate(issues, start=1):
        if old in issues[:slot - 1]:
            continue  # a state's second issue the same as its first: swapping either reads and plays the same
        to = _slot_swaps(theatric, code, slot)
        out += [to[new] for new in deck_issues if new != old]
    return tuple(out)


@lru_cache(maxsize=4096)
def _slot_swaps(theatric: tuple[str, ...], code: str, slot: int) -> dict[str, Action]:
    """One slot's swap to each issue, by the issue: built once, whatever the issue deck holds."""
    verb = "play" if theatric else "swap"
    return {new: act(verb, (*theatric, code, str(slot), new)) for new in content_mod.load().issues}


def plays(state: ElectioneerState, seat: str) -> list[Action]:
    """The theatrics `seat` may play now, each with its target: the decision's any-time plays, in hand order."""
    theatrics = content_mod.load().theatrics
    out: list[Action] = []
    for tid in state.players[seat].theatrics:
        kind = theatrics[tid].kind
        if kind == "momentum":
            if state.phase in ("discard", "campaign"):
                out.append(act("play", (tid,)))
        elif kind == "reframe":
            out += swaps(state, (tid,))
        elif kind in ("endorse", "scandal"):
            out += _every_state(tid, tuple(state.order))
        elif kind == "research":
            known = state.players[seat].known
            out += [act("play", (tid, code)) for code in state.order
                    if not state.boards[code].revealed and code not in known]
        elif kind == "factcheck":
            for code in state.order:
                out += [act("play", (tid, code, str(i))) for i in range(1, len(state.boards[code].markers) + 1)]
    return out


@lru_cache(maxsize=1024)
def _every_state(tid: str, order: tuple[str, ...]) -> tuple[Action, ...]:
    """An endorsement's or scandal's plays, one per state in reveal order: the same all game, so built once."""
    return tuple(act("play", (tid, code)) for code in order)
