"""Electioneer US rules: setup, decisions in words (the legal actions themselves: moves.py), apply, scoring.

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
from typing import Any, Sequence

from engine.core.errors import IllegalAction, UnknownAction
from engine.core.rng import Rng
from engine.core.windows import Simultaneous
from engine.core.types import Action, ApplyResult, Decision, Event, Option, Outcome, PendingKind, copy_state, stamp
from engine.electioneer.content import load as _c  # the game's content, loaded once
from engine.electioneer import moves
from engine.electioneer.moves import owes as owes  # whether a seat owes a decision: the views and checks ask rules
from engine.electioneer.cards import effects_text
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
    rng = Rng(seed)
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
        rng=rng.state,
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
        events.append(Event(public=f"Month {state.month} of {MONTHS}: {_c().states[code].name} is revealed — its "
                                    f"issues are {_issue_names(board.issues)}.", seat=None))
    _reopen(state.discards)
    _reopen(state.campaigns)
    for seat in SEATS:
        p = state.players[seat]
        drawn = p.deck[:DRAW]
        p.deck = p.deck[DRAW:]
        p.hand.extend(drawn)
        p.known.pop(code, None)
        if drawn and events is not None:
            events.append(Event(private={seat: "You drew " + ", ".join(_policy_label(x) for x in drawn) + "."}))


def _reopen(choice: Simultaneous) -> None:
    """A simultaneous choice opened afresh for both seats, in place (a new one costs more than the whole step)."""
    choice.seats[:] = SEATS
    choice.sealed.clear()


# ---------------------------------------------------------------- legality


def decisions(state: ElectioneerState, seat: str) -> Decision:
    """The seat's decision in words: the legal actions (moves.py, the one source) each with its label."""
    if seat not in state.players or state.phase == "over":
        return Decision(seat=seat)
    extras = theatric_options(state, seat)
    answers = moves.answers(state, seat)
    if not answers:
        return Decision(seat=seat, extras=extras)
    c = _c()
    kind = PendingKind.SIMULTANEOUS
    if state.phase == "discard":
        prompt = "Choose a policy to put on the bottom of your deck."
        options = [Option(action=a, label=f"Discard {c.policies[a.args[0]].name}", detail=effects_text(a.args[0]))
                   for a in answers]
        default = "the policy with the lowest total effect is put on the bottom"
    elif state.phase == "campaign":
        code = state.current or ""
        board = state.boards[code]
        prompt = f"Choose a policy to campaign on in {c.states[code].name} ({_issue_names(board.issues)})."
        options = [Option(action=a, label=c.policies[a.args[0]].name,
                          detail=f"{_score(a.args[0], board.issues):+d} here · {effects_text(a.args[0])}")
                   for a in answers]
        default = "the policy scoring best in this month's state is played"
    elif state.phase == "swap":
        kind = PendingKind.CHOICE
        prompt = "You won the month: swap one issue in a revealed state for one from the issue deck, or keep them."
        options = [Option(action=answers[0], label="Keep the issues as they are")]
        options += [Option(action=a, label=_swap_label(state, *a.args)) for a in answers[1:]]
        default = "the issues are kept"
    else:
        kind, prompt = PendingKind.CHOICE, "Election day: play any theatrics you want, then declare ready."
        options = [Option(action=answers[0], label="Ready — count the votes")]
        default = "ready for the count"
    return Decision(seat=seat, kind=kind, prompt=prompt, options=options, extras=extras, deadline_default=default)


def _swap_label(state: ElectioneerState, code: str, slot: str, new: str) -> str:
    c = _c()
    old = state.boards[code].issues[int(slot) - 1]
    return f"{c.states[code].name}: {c.issues[old].name} → {c.issues[new].name}"


def theatric_options(state: ElectioneerState, seat: str) -> list[Option]:
    """The theatrics `seat` may play now (moves.plays), in words."""
    return [Option(action=a, label=_play_label(state, seat, a.args)) for a in moves.plays(state, seat)]


def _play_label(state: ElectioneerState, seat: str, args: tuple[str, ...]) -> str:
    c = _c()
    t = c.theatrics[args[0]]
    if t.kind == "momentum":
        return f"{t.name}: +{t.amount} this month"
    if t.kind == "reframe":
        return f"{t.name}: {_swap_label(state, *args[1:])}"
    if t.kind in ("endorse", "scandal"):
        sign = "+" if t.kind == "endorse" else "−"
        who = seat if t.kind == "endorse" else other(seat)
        return f"{t.name}: {sign}{t.amount} {who} in {c.states[args[1]].name}"
    if t.kind == "research":
        return f"{t.name}: look at {c.states[args[1]].name}'s issues"
    m = state.boards[args[1]].markers[int(args[2]) - 1]
    return f"{t.name}: remove {m.source} ({m.delta:+d} {m.seat}) in {args[1]}"


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
                events.append(Event(public=f"{seat} swaps an issue in {_c().states[code].name}: "
                                           + _swap_text(old, new)))
            changed.append(code)
        elif events is not None:
            events.append(Event(public=f"{seat} keeps the issues as they are."))
        _end_month(s, events)
    elif verb == "ready":
        s.players[seat].ready = True
        if events is not None:
            events.append(Event(public=f"{seat} is ready for the count."))
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
        events.append(Event(public=f"{seat} has put a policy on the bottom of their deck.",
                            private={seat: f"You put {_policy_label(pid)} on the bottom of your deck."}))
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
        events.append(Event(public=f"{seat} has chosen a policy.", proof=f"{seat} seal {digest}",
                            private={seat: f"You will campaign on {_policy_label(pid)}; it is revealed when both have chosen."}))
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
    parts = [f"{x} reveals {c.policies[revealed[x].choice].name}: "
             f"{_month_score_text(s, x, revealed[x].choice, board.issues)}" for x in SEATS]
    proofs = [f"{x} reveals {revealed[x].choice} [seal {revealed[x].digest}, salt {revealed[x].salt}]" for x in SEATS]
    tie = " — a tie, decided by the state's colour" if dem == rep else ""
    events.append(Event(public="; ".join(parts) + f". {winner} wins {c.states[board.code].name}'s month{tie}.",
                        proof="; ".join(proofs), seat=None))  # both sealed picks at once: the game's own step


def _month_score_text(s: ElectioneerState, seat: str, pid: str, issues: list[str]) -> str:
    """A side's month total, each part credited to its cause: the policy's own score on the state's issues,
    then each momentum theatric's bonus ("Climate Accord +0, Rally in the Rain +2, total +2")."""
    c = _c()
    own = _score(pid, issues)
    plays = [(c.theatrics[t].name, c.theatrics[t].amount) for t in s.momentum.get(seat, [])]
    unnamed = s.month_bonus[seat] - sum(n for _, n in plays)  # a game saved before the plays were kept
    if unnamed:
        plays.append(("theatrics", unnamed))
    if not plays:
        return f"{own:+d}"
    parts = [f"{c.policies[pid].name} {own:+d}"] + [f"{name} {n:+d}" for name, n in plays]
    return ", ".join(parts) + f", total {own + s.month_bonus[seat]:+d}"


def _do_swap(s: ElectioneerState, code: str, slot: int, new: str) -> str:
    """Swap an issue of `code` for `new` from the issue deck; the issue it replaced (now at the deck's bottom)."""
    board = s.boards[code]
    old = board.issues[slot - 1]
    s.issue_deck.remove(new)
    s.issue_deck.append(old)
    board.issues[slot - 1] = new
    return old


def _swap_text(old: str, new: str) -> str:
    c = _c()
    return f"{c.issues[old].name} → {c.issues[new].name}."


def _end_month(s: ElectioneerState, events: list[Event] | None) -> None:
    if s.month >= MONTHS:
        s.phase = "election"
        s.month_winner = None
        if events is not None:
            events.append(Event(public="All seven months are done. Election day: play any last theatrics, then "
                                       "declare ready.", seat=None))
    else:
        _start_month(s, events)


def _play_theatric(s: ElectioneerState, seat: str, args: tuple[str, ...], events: list[Event] | None) -> list[str]:
    t = _c().theatrics[args[0]]
    s.players[seat].theatrics.remove(args[0])
    changed: list[str] = []
    words = events is not None
    line: Event | None = None  # the line of a play whose words need what the play removed
    if t.kind == "momentum":
        s.month_bonus[seat] += t.amount
        s.momentum.setdefault(seat, []).append(args[0])
    elif t.kind == "reframe":
        old = _do_swap(s, args[1], int(args[2]), args[3])
        changed.append(args[1])
        if words:
            line = Event(public=f"{seat} plays {t.name} in {_c().states[args[1]].name}: {_swap_text(old, args[3])}")
    elif t.kind in ("endorse", "scandal"):
        who, delta = (seat, t.amount) if t.kind == "endorse" else (other(seat), -t.amount)
        s.boards[args[1]].markers.append(MarkerState(seat=who, delta=delta, source=t.name))
        changed.append(args[1])
    elif t.kind == "research":
        s.players[seat].known[args[1]] = list(s.boards[args[1]].issues)
    elif t.kind == "factcheck":
        marker = s.boards[args[1]].markers.pop(int(args[2]) - 1)
        changed.append(args[1])
        if words:
            line = Event(public=f"{seat} plays {t.name}: {marker.source} ({marker.delta:+d} {marker.seat}) is "
                                f"removed from {_c().states[args[1]].name}.")
    if s.phase == "election":  # a stunt on election day gives the other side a chance to answer
        for x in SEATS:
            s.players[x].ready = False
    if events is not None:
        events.append(line or _theatric_line(s, seat, args))
    return changed


def _theatric_line(s: ElectioneerState, seat: str, args: tuple[str, ...]) -> Event:
    """The line of a momentum, endorse, scandal or research theatric just played (their words read only facts
    the play leaves in place)."""
    c = _c()
    t = c.theatrics[args[0]]
    head = f"{seat} plays {t.name}"
    if t.kind == "momentum":
        return Event(public=f"{head}: +{t.amount} to {seat}'s total this month.")
    name = c.states[args[1]].name
    if t.kind == "research":
        return Event(public=f"{head} to look at {name}'s face-down issues.",
                     private={seat: f"{name}'s face-down issues: {_issue_names(s.players[seat].known[args[1]])}."})
    who, delta = (seat, t.amount) if t.kind == "endorse" else (other(seat), -t.amount)
    return Event(public=f"{head} in {name}: {delta:+d} to {who} there on election day.")


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
    lines = []
    for code in s.order:
        totals, win = s.boards[code].election_totals, s.boards[code].carried_by
        tie = " (tie: state colour)" if totals["DEM"] == totals["REP"] else ""
        lines.append(f"{code} {c.states[code].electors}: DEM {totals['DEM']:+d}, REP {totals['REP']:+d} → {win}{tie}")
    tie = " — tied electors go to the DEM incumbent" if electors["DEM"] == electors["REP"] else ""
    loser = "REP" if s.winner == "DEM" else "DEM"
    events.append(Event(public="Election day results: " + "; ".join(lines) + ".", seat=None))
    events.append(Event(public=f"{s.winner} wins the presidency, {electors[s.winner]}–{electors[loser]}{tie}.",
                        seat=None))


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
    loser = "REP" if state.winner == "DEM" else "DEM"
    reason = f"{state.winner} wins the Electoral College {state.final[state.winner]}–{state.final[loser]}."
    if state.final["DEM"] == state.final["REP"]:
        reason += " Tied electors go to the DEM incumbent."
    return Outcome(winners=[state.winner], scores=dict(state.final), reason=reason)


# ---------------------------------------------------------------- salts and words


def _salt(s: ElectioneerState, seat: str, what: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{s.rng}|{seat}|{s.month}|{what}".encode()).hexdigest()[:32]


def _issue_names(issues: list[str]) -> str:
    c = _c()
    return " + ".join(c.issues[i].name for i in issues)


def _policy_label(pid: str) -> str:
    return f"{_c().policies[pid].name} ({pid}: {effects_text(pid)})"


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
