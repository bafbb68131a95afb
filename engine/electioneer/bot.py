"""The built-in bot player: a greedy, slightly noisy campaigner. It only ever picks from
decisions()'s options and any-time plays (read unworded, from moves.py), so it can never make an illegal move."""
from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.rng import Rng
from engine.core.types import Action, copy_state
from engine.electioneer import content as content_mod
from engine.electioneer import moves, rules
from engine.electioneer.state import ElectioneerState


class Choice(NamedTuple):
    """One of decisions()'s options (or any-time plays) as the bot reads it: its action, without its words."""
    action: Action


# each policy's average over the issue pool, worked out once for the content in force (a scenario case may install
# its own for a while): the content and its averages are swapped together, so no average outlives its content
_EXPECTED: tuple[Any, dict[str, float]] = (None, {})


def _expected_issue_effect(pid: str) -> float:
    global _EXPECTED
    c = content_mod.load()
    content, averages = _EXPECTED
    if content is not c:
        averages = {}
        _EXPECTED = (c, averages)
    found = averages.get(pid)
    if found is None:
        pool = c.issue_pool()
        effects = c.policies[pid].effects
        found = averages[pid] = sum(effects.get(i, 0) for i in pool) / len(pool)
    return found


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


def _margin_value(state: ElectioneerState, seat: str) -> float:
    """How good the visible board looks for `seat`: electors won, with closeness as a tiebreak."""
    c = content_mod.load()
    value = 0.0
    platforms = {x: rules.platform_effects(state, x) for x in rules.SEATS}  # summed once, not once a state
    for code in state.order:
        b = state.boards[code]
        if not b.revealed:
            continue
        t = rules.state_totals(state, code, b.issues, platforms)
        margin = t[seat] - t[rules.other(seat)]
        colour_bonus = 0.5 if c.states[code].colour == seat else -0.5
        lead = margin + colour_bonus
        value += c.states[code].electors * (1.0 if lead > 0 else -1.0) + 0.1 * max(-3, min(3, margin))
    return value


def _best_by(options: list[Choice], score, rng: Rng) -> Action:
    scored = [(score(o) + rng.below(1000) / 4000.0, i) for i, o in enumerate(options)]
    return options[max(scored)[1]].action


def bot_action(state: ElectioneerState, seat: str, rng: Rng) -> Action:
    options = [Choice(a) for a in moves.answers(state, seat)]
    extras = [Choice(a) for a in moves.plays(state, seat)]
    c = content_mod.load()
    # Theatrics: sometimes mid-game, always spend them on election day before declaring ready.
    useful_extras = [o for o in extras if _theatric_worth(state, seat, o)]
    want_theatric = state.phase == "election" or rng.below(100) < 25
    if useful_extras and want_theatric:
        return _best_by(useful_extras, lambda o: _after(state, seat, o.action), rng)
    if not options:
        if useful_extras:
            return _best_by(useful_extras, lambda o: _after(state, seat, o.action), rng)
        raise ValueError(f"{seat} has nothing to do")
    verb = options[0].action.verb
    if verb == "discard":
        return _best_by(options, lambda o: -policy_value(state, seat, o.action.args[0]), rng)
    if verb == "campaign":
        issues = state.boards[state.current].issues
        electors = c.states[state.current].electors

        def campaign_score(o: Choice) -> float:
            pid = o.action.args[0]
            return rules._score(pid, issues) * electors / 10 + policy_value(state, seat, pid)

        return _best_by(options, campaign_score, rng)
    if verb in ("keep", "swap"):
        base = _margin_value(state, seat)
        return _best_by(options, lambda o: 0.0 if o.action.verb == "keep" else _after(state, seat, o.action) - base - 0.01, rng)
    return options[0].action


def _after(state: ElectioneerState, seat: str, action: Action) -> float:
    after = copy_state(state)
    rules.step(after, seat, action, None)  # apply's body on a copy, its lines unworded: only the board is scored
    return _margin_value(after, seat)


def _theatric_worth(state: ElectioneerState, seat: str, option: Choice) -> bool:
    c = content_mod.load()
    tid = option.action.args[0]
    kind = c.theatrics[tid].kind
    if kind == "momentum":
        return state.phase == "campaign"
    if kind == "factcheck":
        code, index = option.action.args[1], int(option.action.args[2])
        m = state.boards[code].markers[index - 1]
        return (m.seat == seat) != (m.delta > 0)  # remove what helps the opponent
    if kind in ("endorse", "scandal"):
        return state.boards[option.action.args[1]].revealed or state.phase == "election"
    return True
