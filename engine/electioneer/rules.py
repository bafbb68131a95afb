"""Electioneer US rules: setup, decisions, apply, scoring — as facts, never words (facts.py states them, words.py
phrases them, and this module never imports words.py). The legal actions themselves: moves.py.

Flow of a month (guide: "Campaign Months"): the month's state is revealed, both draw two
policies, both secretly put one on the bottom of their deck (a simultaneous choice that is
never revealed), both commit a policy to campaign on (commit-reveal), the higher total on
the state's issues wins (tie: the state's colour), and the winner may swap one issue of any
revealed state for one of their choice from the issue deck. After seven months, election
day: both may still play theatrics, then declare themselves ready; every state is scored
with each side's whole platform, and the most electors wins (tie: DEM).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any, Sequence

from engine.core.errors import IllegalAction, UnknownAction
from engine.core.rng import Randomness
from engine.core.windows import Simultaneous
from engine.core.types import (Action, ApplyResult, Decision, Event, Facts, Option, Outcome, PendingKind, copy_state,
                               stamp)
from engine.electioneer.content import load as _c  # the game's content, loaded once
from engine.electioneer import facts as f
from engine.electioneer import moves
from engine.electioneer.moves import owes as owes  # whether a seat owes a decision: the views and checks ask rules
from engine.electioneer.state import Board, ElectioneerState, MarkerState, Options, Player

SEATS = ["DEM", "REP"]
MONTHS = 7
HAND_SIZE = 3
DRAW = 2


def other(seat: str) -> str:
    return "REP" if seat == "DEM" else "DEM"


# ---------------------------------------------------------------- setup


def setup(options: dict[str, Any], seats: list[str], seed: int) -> ElectioneerState:
    opts = Options.model_validate(options or {})
    if sorted(seats) != sorted(SEATS):
        raise IllegalAction("Electioneer US is played by exactly two seats: DEM and REP.", code="bad_seats")
    c = _c()
    rng = Randomness.seeded(seed)
    order = rng.shuffle(list(c.states))
    pool = rng.shuffle(c.issue_pool())
    boards = {code: Board(code=code, issues=[pool[2 * i], pool[2 * i + 1]]) for i, code in enumerate(order)}
    issue_deck = pool[2 * len(order):]
    theatric_deck = rng.shuffle(list(c.theatrics))
    players: dict[str, Player] = {}
    for seat in SEATS:
        deck = rng.shuffle([p.id for p in c.policies.values() if p.party == seat])
        dealt = theatric_deck[: opts.theatrics]
        theatric_deck = theatric_deck[opts.theatrics:]
        players[seat] = Player(hand=deck[:HAND_SIZE], deck=deck[HAND_SIZE:], theatrics=dealt)
    state = ElectioneerState(
        seats=list(SEATS),
        options=opts,
        randomness=Randomness(prng=rng.prng),  # the deal's shuffles are not the game's draws: counted from 0
        month=0,
        phase="discard",
        order=order,
        boards=boards,
        issue_deck=issue_deck,
        players=players,
        month_bonus={s: 0 for s in SEATS},
    )
    _start_month(state, None)  # setup keeps no lines
    return state


def load_state(data: str) -> ElectioneerState:
    return ElectioneerState.model_validate_json(data)


def _start_month(state: ElectioneerState, events: list[Event] | None) -> None:
    """Steps 1 and 2: reveal the next state; both players draw two policies."""
    state.month += 1
    state.phase = "discard"
    state.month_winner = None
    state.month_bonus = {s: 0 for s in SEATS}
    state.momentum = {}
    code = state.order[state.month - 1]
    board = state.boards[code]
    board.revealed = True
    board.month = state.month
    if events is not None:
        events.append(Event(facts=f.MonthOpened(month=state.month, months=MONTHS, state=code,
                                                issues=tuple(board.issues)), seat=None))
    _reopen(state.discards)
    _reopen(state.campaigns)
    for seat in SEATS:
        p = state.players[seat]
        drawn = p.deck[:DRAW]
        p.deck = p.deck[DRAW:]
        p.hand.extend(drawn)
        p.known.pop(code, None)
        if drawn and events is not None:
            events.append(Event(facts=f.PoliciesDrawn(seat=seat, policies=tuple(drawn))))


def _reopen(choice: Simultaneous) -> None:
    """A simultaneous choice opened afresh for both seats, in place (a new one costs more than the whole step)."""
    choice.seats[:] = SEATS
    choice.sealed.clear()


# ---------------------------------------------------------------- legality


def decisions(state: ElectioneerState, seat: str) -> Decision:
    """The seat's decision as facts: the question, and the legal actions (moves.py, the one source) each with the
    facts its label needs. words.py words them."""
    if seat not in state.players or state.phase == "over":
        return Decision(seat=seat)
    extras = theatric_options(state, seat)
    answers = moves.answers(state, seat)
    if not answers:
        return Decision(seat=seat, extras=extras)
    kind = PendingKind.SIMULTANEOUS
    question: Facts
    if state.phase == "discard":
        question, options = f.DiscardAsk(), [Option(action=a) for a in answers]
    elif state.phase == "campaign":
        code = state.current or ""
        issues = state.boards[code].issues
        question = f.CampaignAsk(state=code, issues=tuple(issues))
        options = [Option(action=a, facts=_scoring(_score(a.args[0], issues))) for a in answers]
    elif state.phase == "swap":
        kind, question = PendingKind.CHOICE, f.SwapAsk()
        options = [Option(action=answers[0])]
        options += [Option(action=a, facts=_replaces(state, a.args[0], a.args[1])) for a in answers[1:]]
    else:
        kind, question = PendingKind.CHOICE, f.ReadyAsk()
        options = [Option(action=answers[0])]
    return Decision(seat=seat, kind=kind, options=options, extras=extras, facts=question)


def _replaces(state: ElectioneerState, code: str, slot: str) -> f.Replaces:
    return _replacing(state.boards[code].issues[int(slot) - 1])


@lru_cache(maxsize=256)
def _replacing(old: str) -> f.Replaces:
    """Facts are frozen, so every option replacing the same issue may share one (a menu holds many)."""
    return f.Replaces(old=old)


@lru_cache(maxsize=256)
def _scoring(score: int) -> f.Scores:
    return f.Scores(score=score)


def theatric_options(state: ElectioneerState, seat: str) -> list[Option]:
    """The theatrics `seat` may play now (moves.plays), each with the facts its label needs."""
    return [Option(action=a, facts=_play_facts(state, seat, a.args)) for a in moves.plays(state, seat)]


def _play_facts(state: ElectioneerState, seat: str, args: tuple[str, ...]) -> Facts | None:
    """What a theatric's play changes beyond what its action names: the issue a reframe replaces, the total an
    endorsement or scandal shifts, the marker a fact-check removes."""
    t = _c().theatrics[args[0]]
    if t.kind == "reframe":
        return _replaces(state, args[1], args[2])
    if t.kind in ("endorse", "scandal"):
        return f.Shifts(seat=seat, delta=t.amount) if t.kind == "endorse" else f.Shifts(seat=other(seat), delta=-t.amount)
    if t.kind == "factcheck":
        m = state.boards[args[1]].markers[int(args[2]) - 1]
        return f.Removes(seat=m.seat, delta=m.delta, source=m.source)
    return None


# ---------------------------------------------------------------- apply


def apply(state: ElectioneerState, seat: str, action: Action) -> ApplyResult:
    """Apply one legal action (the caller has checked it against decisions())."""
    s = copy_state(state)
    events: list[Event] = []
    undoable, changed = step(s, seat, action, events)
    return ApplyResult(state=s, events=stamp(events, seat), undoable=undoable, changed=[x for x in changed if x])


def step(s: ElectioneerState, seat: str, action: Action, events: list[Event] | None) -> tuple[bool, list[str]]:
    """The change one legal action makes, made on `s` itself: apply's body, and the silent path's whole step
    (silent.py). Returns whether the step may be taken back and the states it changed (some maybe empty). Its
    lines go to `events`; with None, no line is worded — the state changes all the same."""
    undoable = False
    changed: list[str] = []
    verb = action.verb
    if verb == "discard":
        undoable = _discard(s, seat, action.args[0], events)
    elif verb == "campaign":
        # Publishing the digest is revealing information: taking it back would let the reveal's
        # salt expose the retracted choice, so a sealed campaign choice is final.
        if _campaign(s, seat, action.args[0], events):
            changed.append(s.current or "")
    elif verb in ("keep", "swap"):
        if verb == "swap":
            code, slot, new = action.args
            old = _do_swap(s, code, int(slot), new)
            if events is not None:
                events.append(Event(facts=f.IssueSwapped(state=code, old=old, new=new)))
            changed.append(code)
        elif events is not None:
            events.append(Event(facts=f.IssuesKept()))
        _end_month(s, events)
    elif verb == "ready":
        s.players[seat].ready = True
        if events is not None:
            events.append(Event(facts=f.SeatReady()))
        undoable = True
        if all(s.players[x].ready for x in SEATS):
            _election(s, events)
            undoable = False
    elif verb == "play":
        played: list[Event] | None = [] if events is not None else None
        changed.extend(_play_theatric(s, seat, action.args, played))
        if events is not None and played is not None:
            events.extend(stamp(played, seat, cause=action.args[0]))  # a theatric is played face up
    else:  # decisions() never offers anything else
        raise UnknownAction(f"Unknown action `{verb}`.")
    return undoable, changed


def _discard(s: ElectioneerState, seat: str, pid: str, events: list[Event] | None) -> bool:
    """Seal `seat`'s discard; once both are in, bury them. Whether the step may be taken back."""
    s.discards.commit(seat, pid, _salt(s, seat, "discard"))
    if events is not None:
        events += [Event(facts=f.PolicyBuried()), Event(facts=f.BuriedPolicy(seat=seat, policy=pid))]
    if not s.discards.complete:
        return True
    for x, sealed in s.discards.reveal().items():  # revealed to the engine only, never published
        s.players[x].hand.remove(sealed.choice)
        s.players[x].deck.append(sealed.choice)
        s.players[x].buried.append(sealed.choice)
    _reopen(s.discards)
    s.phase = "campaign"
    return False


def _campaign(s: ElectioneerState, seat: str, pid: str, events: list[Event] | None) -> bool:
    """Seal `seat`'s campaign policy; once both are in, resolve the month. Whether the month was resolved."""
    digest = s.campaigns.commit(seat, pid, _salt(s, seat, "campaign"))
    if events is not None:
        events += [Event(facts=f.PolicySealed(digest=digest)), Event(facts=f.SealedPolicy(seat=seat, policy=pid))]
    if not s.campaigns.complete:
        return False
    _resolve_month(s, events)
    return True


def _resolve_month(s: ElectioneerState, events: list[Event] | None) -> None:
    """Steps 4–5: reveal both sealed policies together, score the month, find the winner."""
    c = _c()
    board = s.boards[s.current or ""]
    revealed = s.campaigns.reveal()
    for x in SEATS:
        px = s.players[x]
        pid = revealed[x].choice
        px.hand.remove(pid)
        px.platform.append(pid)
        board.played[x] = pid
        board.totals[x] = _score(pid, board.issues) + s.month_bonus[x]
    _reopen(s.campaigns)
    dem, rep = board.totals["DEM"], board.totals["REP"]
    winner = "DEM" if dem > rep else "REP" if rep > dem else c.states[board.code].colour
    board.winner = winner
    s.month_winner = winner
    s.phase = "swap"
    if events is None:
        return
    sides = {x: f.Side(policy=revealed[x].choice, score=_score(revealed[x].choice, board.issues),
                       bonuses=_bonuses(s, x), total=board.totals[x], digest=revealed[x].digest,
                       salt=revealed[x].salt) for x in SEATS}
    events.append(Event(facts=f.MonthWon(state=board.code, sides=sides, winner=winner, tie=dem == rep),
                        seat=None))  # both sealed picks at once: the game's own step


def _bonuses(s: ElectioneerState, seat: str) -> tuple[f.Bonus, ...]:
    """A side's month bonus, each part credited to the momentum theatric behind it, in play order."""
    theatrics = _c().theatrics
    plays = [f.Bonus(theatric=t, amount=theatrics[t].amount) for t in s.momentum.get(seat, [])]
    unnamed = s.month_bonus[seat] - sum(b.amount for b in plays)  # a game saved before the plays were kept
    if unnamed:
        plays.append(f.Bonus(theatric="", amount=unnamed))
    return tuple(plays)


def _do_swap(s: ElectioneerState, code: str, slot: int, new: str) -> str:
    """Swap an issue of `code` for `new` from the issue deck; the issue it replaced (now at the deck's bottom)."""
    board = s.boards[code]
    old = board.issues[slot - 1]
    s.issue_deck.remove(new)
    s.issue_deck.append(old)
    board.issues[slot - 1] = new
    return old


def _end_month(s: ElectioneerState, events: list[Event] | None) -> None:
    if s.month >= MONTHS:
        s.phase = "election"
        s.month_winner = None
        if events is not None:
            events.append(Event(facts=f.ElectionDay(), seat=None))
    else:
        _start_month(s, events)


def _play_theatric(s: ElectioneerState, seat: str, args: tuple[str, ...], events: list[Event] | None) -> list[str]:
    t = _c().theatrics[args[0]]
    s.players[seat].theatrics.remove(args[0])
    changed: list[str] = []
    told: Facts | None = None
    seen: Facts | None = None  # what the player alone learns, told in a line of its own
    if t.kind == "momentum":
        s.month_bonus[seat] += t.amount
        s.momentum.setdefault(seat, []).append(args[0])
        if events is not None:
            told = f.MomentumGained(theatric=args[0], seat=seat, amount=t.amount)
    elif t.kind == "reframe":
        old = _do_swap(s, args[1], int(args[2]), args[3])
        changed.append(args[1])
        if events is not None:
            told = f.Reframed(theatric=args[0], state=args[1], old=old, new=args[3])
    elif t.kind in ("endorse", "scandal"):
        who, delta = (seat, t.amount) if t.kind == "endorse" else (other(seat), -t.amount)
        s.boards[args[1]].markers.append(MarkerState(seat=who, delta=delta, source=t.name))
        changed.append(args[1])
        if events is not None:
            told = f.MarkerPlaced(theatric=args[0], state=args[1], seat=who, delta=delta)
    elif t.kind == "research":
        s.players[seat].known[args[1]] = list(s.boards[args[1]].issues)
        if events is not None:
            told = f.StateResearched(theatric=args[0], state=args[1])
            seen = f.IssuesSeen(seat=seat, state=args[1], issues=tuple(s.boards[args[1]].issues))
    elif t.kind == "factcheck":
        marker = s.boards[args[1]].markers.pop(int(args[2]) - 1)
        changed.append(args[1])
        if events is not None:
            told = f.MarkerRemoved(theatric=args[0], state=args[1], seat=marker.seat, delta=marker.delta,
                                   source=marker.source)
    if s.phase == "election":  # a stunt on election day gives the other side a chance to answer
        for x in SEATS:
            s.players[x].ready = False
    if events is not None and told is not None:
        events.append(Event(facts=told))
    if events is not None and seen is not None:
        events.append(Event(facts=seen))
    return changed


def _election(s: ElectioneerState, events: list[Event] | None) -> None:
    c = _c()
    electors = {x: 0 for x in SEATS}
    platforms = {x: platform_effects(s, x) for x in SEATS}
    for code in s.order:
        board = s.boards[code]
        totals = state_totals(s, code, board.issues, platforms)
        colour = c.states[code].colour
        win = "DEM" if totals["DEM"] > totals["REP"] else "REP" if totals["REP"] > totals["DEM"] else colour
        board.election_totals = totals
        board.carried_by = win
        electors[win] += c.states[code].electors
    s.final = electors
    s.winner = "DEM" if electors["DEM"] >= electors["REP"] else "REP"
    s.phase = "over"
    if events is None:
        return
    counts = tuple(_count(s, code) for code in s.order)
    events.append(Event(facts=f.StatesCounted(counts=counts), seat=None))
    events.append(Event(facts=f.PresidencyWon(winner=s.winner, electors=dict(electors),
                                              tie=electors["DEM"] == electors["REP"]), seat=None))


def _count(s: ElectioneerState, code: str) -> f.StateCount:
    board = s.boards[code]
    totals = dict(board.election_totals)
    return f.StateCount(state=code, electors=_c().states[code].electors, totals=totals, winner=board.carried_by or "",
                        tie=totals["DEM"] == totals["REP"])


# ---------------------------------------------------------------- scoring helpers


def _score(pid: str, issues: Sequence[str | None]) -> int:
    effects = _c().policies[pid].effects
    return sum(effects.get(i, 0) for i in issues if i)


def platform_effects(s: ElectioneerState, seat: str) -> dict[str, int]:
    """A side's whole platform as one policy: each issue's effects summed over its policies."""
    policies = _c().policies
    summed: dict[str, int] = {}
    for pid in s.players[seat].platform:
        for issue, value in policies[pid].effects.items():
            summed[issue] = summed.get(issue, 0) + value
    return summed


def state_totals(s: ElectioneerState, code: str, issues: Sequence[str | None],
                 platforms: dict[str, dict[str, int]] | None = None) -> dict[str, int]:
    """Each side's election-day total in one state: whole platform on `issues`, plus markers. `platforms`, each
    side's platform_effects, spares counting the platforms again state after state."""
    if platforms is None:
        platforms = {x: platform_effects(s, x) for x in SEATS}
    board = s.boards[code]
    totals = {x: sum(platforms[x].get(i, 0) for i in issues if i) for x in SEATS}
    for m in board.markers:
        totals[m.seat] += m.delta
    return totals


def outcome(state: ElectioneerState) -> Outcome | None:
    if state.phase != "over" or state.winner is None:
        return None
    decided = f.PresidencyWon(winner=state.winner, electors=dict(state.final),
                              tie=state.final["DEM"] == state.final["REP"])
    return Outcome(winners=[state.winner], scores=dict(state.final), facts=decided)  # the words make its reason


# ---------------------------------------------------------------- salts


def _salt(s: ElectioneerState, seat: str, what: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{s.randomness.prng}|{seat}|{s.month}|{what}".encode()).hexdigest()[:32]


# ---------------------------------------------------------------- deadlines


def deadline_action(state: ElectioneerState, seat: str) -> Action:
    """The documented default taken when a seat's deadline passes (see decisions().deadline_default)."""
    p = state.players[seat]
    if state.phase == "discard":
        weakest = min(p.hand, key=lambda pid: (sum(_c().policies[pid].effects.values()), pid))
        return Action(verb="discard", args=(weakest,))
    if state.phase == "campaign":
        issues = state.boards[state.current].issues
        best = max(p.hand, key=lambda pid: (_score(pid, issues), sum(_c().policies[pid].effects.values()), pid))
        return Action(verb="campaign", args=(best,))
    if state.phase == "swap":
        return Action(verb="keep")
    return Action(verb="ready")
