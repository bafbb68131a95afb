"""The built-in bot player: a greedy, slightly noisy campaigner. It only ever picks from
decisions(), so it can never make an illegal move."""
from __future__ import annotations

from functools import lru_cache

from engine.core.rng import Rng
from engine.core.types import Action
from engine.electioneer import content as content_mod
from engine.electioneer import moves, rules
from engine.electioneer.state import ElectioneerState


@lru_cache(maxsize=64)
def _expected_issue_effect(pid: str) -> float:
    c = content_mod.load()
    pool = c.issue_pool()
    effects = c.policies[pid].effects
    return sum(effects.get(i, 0) for i in pool) / len(pool)


def policy_value(state: ElectioneerState, seat: str, pid: str) -> float:
    """Electors-weighted expected score of a policy over every state, using what this seat can see."""
    c = content_mod.load()
    known = state.players[seat].known
    total = 0.0
    for code in state.order:
        b = state.boards[code]
        issues = b.issues if b.revealed else known.get(code)
        score = rules._score(pid, issues) if issues else 2 * _expected_issue_effect(pid)
        total += c.states[code].electors * score
    return total / 93


def _margin_value(state: ElectioneerState, seat: str, issues: dict[str, list[str]] | None = None,
                  markers: dict[str, list[tuple[str, int]]] | None = None, reveal: str | None = None,
                  platforms: dict[str, dict[str, int]] | None = None) -> float:
    """How good the visible board looks for `seat`: electors won, with closeness as a tiebreak. `issues` and
    `markers` replace a state's issues or its markers' (seat, delta) pairs, and `reveal` counts one more state as
    revealed: the board a move would leave, read without making it. `platforms` (`rules.platform_effects` of
    each side) spares counting them again for every option of one decision."""
    c = content_mod.load()
    rival = rules.other(seat)
    if platforms is None:
        platforms = _platforms(state)
    mine, theirs = platforms[seat], platforms[rival]
    value = 0.0
    for code in state.order:
        b = state.boards[code]
        if not b.revealed and code != reveal:
            continue
        on = issues.get(code, b.issues) if issues else b.issues
        margin = sum(mine.get(i, 0) for i in on if i) - sum(theirs.get(i, 0) for i in on if i)
        placed = markers.get(code) if markers and code in markers else [(m.seat, m.delta) for m in b.markers]
        for who, delta in placed:
            margin += delta if who == seat else -delta
        colour_bonus = 0.5 if c.states[code].colour == seat else -0.5
        lead = margin + colour_bonus
        value += c.states[code].electors * (1.0 if lead > 0 else -1.0) + 0.1 * max(-3, min(3, margin))
    return value


def _platforms(state: ElectioneerState) -> dict[str, dict[str, int]]:
    return {x: rules.platform_effects(state, x) for x in rules.SEATS}


def _best_by(actions: list[Action], score, rng: Rng) -> Action:
    scored = [(score(a) + rng.below(1000) / 4000.0, i) for i, a in enumerate(actions)]
    return actions[max(scored)[1]]


def bot_action(state: ElectioneerState, seat: str, rng: Rng) -> Action:
    """The heuristic's move, from the very actions decisions() offers (moves.py), without their words."""
    if seat not in state.players or state.phase == "over":
        raise ValueError(f"{seat} has nothing to do")
    answers = moves.answers(state, seat)
    c = content_mod.load()
    # Theatrics: sometimes mid-game, always spend them on election day before declaring ready.
    useful_extras = [a for a in moves.plays(state, seat) if _theatric_worth(state, seat, a)]
    want_theatric = state.phase == "election" or rng.below(100) < 25
    if useful_extras and (want_theatric or not answers):
        platforms = _platforms(state)
        return _best_by(useful_extras, lambda a: _after(state, seat, a, platforms), rng)
    if not answers:
        raise ValueError(f"{seat} has nothing to do")
    verb = answers[0].verb
    if verb == "discard":
        return _best_by(answers, lambda a: -policy_value(state, seat, a.args[0]), rng)
    if verb == "campaign":
        issues = state.boards[state.current].issues
        electors = c.states[state.current].electors

        def campaign_score(a: Action) -> float:
            pid = a.args[0]
            return rules._score(pid, issues) * electors / 10 + policy_value(state, seat, pid)

        return _best_by(answers, campaign_score, rng)
    if verb in ("keep", "swap"):
        platforms = _platforms(state)
        base = _margin_value(state, seat, platforms=platforms)
        return _best_by(answers, lambda a: 0.0 if a.verb == "keep" else
                        _after(state, seat, a, platforms) - base - 0.01, rng)
    return answers[0]


def _after(state: ElectioneerState, seat: str, action: Action,
           platforms: dict[str, dict[str, int]] | None = None) -> float:
    """`_margin_value` of the position after `seat` plays `action` (a swap, keep or theatric), found without
    playing it: a swap or reframe changes one state's issues, an endorsement or scandal adds a marker, a fact check
    removes one, and the month's swap step ends the month, revealing the next state."""
    args = action.args
    if action.verb in ("swap", "keep"):
        nxt = state.order[state.month] if state.month < rules.MONTHS else None
        if action.verb == "keep":
            return _margin_value(state, seat, reveal=nxt, platforms=platforms)
        return _margin_value(state, seat, issues=_swapped(state, *args), reveal=nxt, platforms=platforms)
    kind = content_mod.load().theatrics[args[0]].kind
    if kind == "reframe":
        return _margin_value(state, seat, issues=_swapped(state, *args[1:]), platforms=platforms)
    if kind in ("endorse", "scandal"):
        t = content_mod.load().theatrics[args[0]]
        who, delta = (seat, t.amount) if kind == "endorse" else (rules.other(seat), -t.amount)
        placed = [(m.seat, m.delta) for m in state.boards[args[1]].markers] + [(who, delta)]
        return _margin_value(state, seat, markers={args[1]: placed}, platforms=platforms)
    if kind == "factcheck":
        placed = [(m.seat, m.delta) for m in state.boards[args[1]].markers]
        del placed[int(args[2]) - 1]
        return _margin_value(state, seat, markers={args[1]: placed}, platforms=platforms)
    return _margin_value(state, seat, platforms=platforms)  # momentum and research leave every state's totals as they are


def _swapped(state: ElectioneerState, code: str, slot: str, new: str) -> dict[str, list[str]]:
    issues = list(state.boards[code].issues)
    issues[int(slot) - 1] = new
    return {code: issues}


def _theatric_worth(state: ElectioneerState, seat: str, action: Action) -> bool:
    c = content_mod.load()
    tid = action.args[0]
    kind = c.theatrics[tid].kind
    if kind == "momentum":
        return state.phase == "campaign"
    if kind == "factcheck":
        code, index = action.args[1], int(action.args[2])
        m = state.boards[code].markers[index - 1]
        return (m.seat == seat) != (m.delta > 0)  # remove what helps the opponent
    if kind in ("endorse", "scandal"):
        return state.boards[action.args[1]].revealed or state.phase == "election"
    return True


# Theatrics whose effect lasts to election day and is best aimed once the platforms are known.
HELD_FOR_ELECTION_DAY = ("reframe", "endorse", "scandal", "factcheck")
ISSUE_CANDIDATES = 8


def patient_action(state: ElectioneerState, seat: str, rng: Rng) -> Action:
    """The heuristic's move, keeping the theatrics that last to election day until then: a marker or a swap aimed
    once both platforms are complete lands where it counts, and the other side cannot answer it a month later."""
    player = state.players[seat]
    held = player.theatrics
    if state.phase == "election" or not held:
        return bot_action(state, seat, rng)
    theatrics = content_mod.load().theatrics
    player.theatrics = [t for t in held if theatrics[t].kind not in HELD_FOR_ELECTION_DAY]
    try:
        return bot_action(state, seat, rng)
    finally:
        player.theatrics = held


def search_candidates(state: ElectioneerState, seat: str, actions: list[Action]) -> list[Action]:
    """The actions worth a search's time among `actions`, read from what `seat` sees: a theatric's play only with
    the first held card of its kind and strength (its twin plays alike), the lasting theatrics only on election
    day, no research (a search's sampled worlds already know every issue), and of the issue swaps and reframes
    the ISSUE_CANDIDATES that best help the visible board."""
    theatrics = content_mod.load().theatrics
    first: dict[tuple[str, int], str] = {}
    for tid in state.players[seat].theatrics:
        first.setdefault((theatrics[tid].kind, theatrics[tid].amount), tid)
    kept: list[Action] = []
    issues: list[Action] = []
    for action in actions:
        if action.verb == "play":
            t = theatrics[action.args[0]]
            if first.get((t.kind, t.amount)) != action.args[0]:
                continue
            if t.kind in HELD_FOR_ELECTION_DAY and state.phase != "election" or t.kind == "research":
                continue
            if t.kind == "reframe":
                issues.append(action)
                continue
        elif action.verb == "swap":
            issues.append(action)
            continue
        kept.append(action)
    if len(issues) > ISSUE_CANDIDATES:
        platforms = _platforms(state)
        issues = sorted(issues, key=lambda a: -_after(state, seat, a, platforms))[:ISSUE_CANDIDATES]
    return kept + issues
