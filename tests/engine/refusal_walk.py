"""The verb walk: play games of a ruleset with its built-in bot and, along the way, send every verb
it ever offers once more with a deliberately wrong argument (an argument the same verb took elsewhere, not
legal here) and once at a moment it is not offered at all. Each refusal must name the verb, the rule that
refused it (the ruleset's `refusal_reason`), and at least one thing that would work.

The harness knows no ruleset by name: the vocabulary is what the rulesets offer in play."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import EngineError, IllegalAction
from engine.core.rng import Rng
from engine.core.ruleset import check_legal, owing_seats, play, seat_range, seats_for
from engine.core.types import Action

PER_VERB = 3  # refusals checked per verb and kind: enough to meet a verb in different situations


@dataclass
class Walk:
    ruleset: str
    checked: dict[tuple[str, str], int] = field(default_factory=dict)  # (verb, kind) -> refusals checked
    offered: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    examples: dict[tuple[str, str], str] = field(default_factory=dict)


def _legal_words(legal: list[Any]) -> set[str]:
    return {o.action.notation() for o in legal} | {o.action.verb for o in legal}


def _check(walk: Walk, ruleset: Any, state: Any, seat: str, action: Action, kind: str, legal: list[Any]) -> None:
    key = (action.verb, kind)
    if walk.checked.get(key, 0) >= PER_VERB:
        return
    try:  # the walk sends only what a player could type: the notation must read back as the same action
        if ruleset.parse(ruleset.format([action])) != [action]:
            return
    except EngineError:
        return
    try:
        check_legal(ruleset, state, seat, action)
    except IllegalAction as exc:
        walk.checked[key] = walk.checked.get(key, 0) + 1
        message = exc.message
        walk.examples.setdefault(key, message)
        where = f"{walk.ruleset} `{action.notation()}` ({kind}) → {message!r}"
        if action.verb.lower() not in message.lower():
            walk.problems.append(f"does not name the verb: {where}")
        if not exc.rule:
            walk.problems.append(f"names no rule: {where}")
        elif exc.rule.lower()[:40] not in message.lower():
            walk.problems.append(f"rule not in the message: {where}")
        if not any(word in message for word in _legal_words(legal)):
            walk.problems.append(f"offers no legal alternative: {where}")
        return
    except EngineError:
        return  # another kind of refusal (not this seat's decision): not what the walk checks
    # legal after all (the pool's argument happens to be legal via another option shape): nothing to check


def walk_ruleset(name: str, ruleset: Any, seeds: range, *, max_steps: int = 600,
                 options: dict[str, Any] | None = None, seats: int | None = None) -> Walk:
    walk = Walk(ruleset=name)
    pool: dict[str, list[Action]] = {}  # verb -> actions with arguments seen offered, in the order first seen
    pooled: set[Action] = set()  # the same actions, to ask "seen yet?" without comparing models one by one
    bare: dict[str, Action] = {}  # verb -> one action of it seen offered
    for seed in seeds:
        count = seats or seat_range(ruleset, options)[0]  # options may set the table's size (Solo Play: one)
        state = ruleset.setup(options or {}, seats_for(ruleset, count, options), seed)
        rng = Rng(seed * 7919 + 1)
        for _ in range(max_steps):
            if ruleset.outcome(state) is not None:
                break
            decisions = {seat: ruleset.decisions(state, seat) for seat in state.seats}
            owing = [seat for seat in state.seats if decisions[seat].owes_move]  # as owing_seats says
            if not owing:
                break
            for seat in state.seats:
                legal = decisions[seat].all_options()
                if not legal:
                    continue
                offered = {o.action for o in legal}
                for option in legal:
                    verb = option.action.verb
                    walk.offered.add(verb)
                    bare.setdefault(verb, option.action)
                    if option.action.args and option.action not in pooled:
                        pooled.add(option.action)
                        pool.setdefault(verb, []).append(option.action)
                for verb in {o.action.verb for o in legal}:
                    wrong = next((a for a in reversed(pool.get(verb, [])) if a not in offered), None)
                    if wrong is not None:
                        _check(walk, ruleset, state, seat, wrong, "wrong argument", legal)
                verbs_now = {o.action.verb for o in legal}
                for verb, action in bare.items():
                    if verb not in verbs_now:
                        _check(walk, ruleset, state, seat, action, "not now", legal)
            seat = owing[rng.below(len(owing))]
            action = ruleset.bot_action(state, seat, rng)
            state = play(ruleset, state, seat, [action]).state
    return walk


# ---------------------------------------------------------------- for a ruleset's own refusal tests


def reach(ruleset: Any, want: Any, options: dict[str, Any] | None = None, seeds: range = range(10),
          steps: int = 900) -> tuple[Any, str]:
    """Play the ruleset's bot games until some seat faces the wanted decision: `want(state, seat)`."""
    for seed in seeds:
        state = ruleset.setup(options or {}, ruleset.seat_names(ruleset.min_seats), seed)
        rng = Rng(seed * 31 + 7)
        for _ in range(steps):
            if ruleset.outcome(state) is not None:
                break
            for seat in state.seats:
                if want(state, seat):
                    return state, seat
            owing = owing_seats(ruleset, state)
            seat = owing[rng.below(len(owing))]
            state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    raise AssertionError("no game reached the wanted decision")


def offers(ruleset: Any, verb: str) -> Any:
    """`want` for `reach`: the seat is offered `verb` now."""
    return lambda state, seat: any(o.action.verb == verb for o in ruleset.decisions(state, seat).options)


def refuse(ruleset: Any, state: Any, seat: str, text: str) -> IllegalAction:
    """The refusal of the one step `text`, which must name the rule that refused it."""
    (action,) = ruleset.parse(text)
    try:
        check_legal(ruleset, state, seat, action)
    except IllegalAction as exc:
        assert exc.rule, exc.message
        assert exc.rule in exc.message
        return exc
    raise AssertionError(f"`{text}` was not refused")
