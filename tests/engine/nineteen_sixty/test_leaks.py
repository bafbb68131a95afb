"""Hidden information of 1960 stays hidden, at every step of whole random games (with and without the options):

- hands, the deck, the Campaign Strategy stacks and the cards being picked for them: no card of a hidden pile is
  in the public view (`view(state, None)`) or in the other seat's view, and no view holds the deck or the
  endorsement deck as a list; no endorsement card still in its deck is named anywhere;
- the commitments' secrets (the PRNG state, the salts and choices of sealed Campaign Strategy cards and of a
  committed debate card) are in no view and no event;
- events: a public line names no card that is hidden after the step, and a private line names none of the
  rival's hidden cards;
- public facts only: a twin of a real state with one side's hidden cards swapped for others from the deck has
  the same public view, the same view for the other seat, the same owing seats and the same options for the
  other seat; taking the same CP step in both (the one that closes a campaign, advertise or position action)
  opens the same trigger window for the same seat;
- sealed choices: committing a different debate card or Campaign Strategy card leaves the other seat's view,
  the public view, the other seat's options and the public events exactly the same.
"""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.core.notation import is_number
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action, Event
from engine.nineteen_sixty.primitives import c, strategy_ok
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.state import SEATS, SIDE_OF, NSState

CARD = re.compile(r"#([0-9]+)\b")
OTHER = {"K": "N", "N": "K"}
CP_TARGETS = {"add", "travel", "media", "issue", "done"}


def _random_action(state: NSState, seat: str, rng: Rng) -> Action:
    options = R.decisions(state, seat).options
    return options[rng.below(len(options))].action


def _hidden(state: NSState, side: str) -> set[int]:
    """The cards only `side` may see: its hand, its Campaign Strategy stack and its picks."""
    me = state.sides[side]
    return set(me.hand) | set(me.strategy) | set(me.picking)


def _hidden_from(state: NSState, seat: str | None) -> set[int]:
    """The cards `seat` (None: the public) must not see: the deck and every other side's hidden cards."""
    out = set(state.deck)
    for side in ("K", "N"):
        if seat is None or SIDE_OF[seat] != side:
            out |= _hidden(state, side)
    return out


def _card_ids(node: Any) -> set[int]:
    """The ids of every card shown in a dumped view (a card view carries its id, CP and icons)."""
    if isinstance(node, dict):
        found = {node["id"]} if {"id", "cp", "icons"} <= node.keys() else set()
        return found.union(*(_card_ids(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_card_ids(v) for v in node))
    return set()


def _lists(node: Any) -> list[list[Any]]:
    if isinstance(node, dict):
        return [x for v in node.values() for x in _lists(v)]
    if isinstance(node, list):
        return [node] + [x for v in node for x in _lists(v)]
    return []


def _secrets(state: NSState) -> list[str]:
    """Strings that must never be shown: the PRNG state and the commitments' salts."""
    out = [str(state.randomness.prng)] if len(str(state.randomness.prng)) >= 6 else []
    out += [s.salt for s in state.sealed.sealed.values()]
    out += [s.salt for seals in state.strategy_seals.values() for s in seals]
    return out


def _endorsements_in_deck(state: NSState) -> list[str]:
    return [c().endorsements[x].name for x in state.endorsement_deck]


def _view_problems(state: NSState, seat: str | None, text: str) -> list[str]:
    who = seat or "the public"
    problems = []
    dumped = json.loads(text)
    leaked = _card_ids(dumped) & _hidden_from(state, seat)
    if leaked:
        problems.append(f"{who} sees hidden cards {sorted(leaked)} (phase {state.phase}, step {state.step})")
    for name, deck in (("deck", state.deck), ("endorsement deck", state.endorsement_deck)):
        if len(deck) > 1 and any(lst == deck or lst == deck[:len(lst)] and len(lst) > 1 for lst in _lists(dumped)):
            problems.append(f"{who} sees the {name} order")
    named = [n for n in _endorsements_in_deck(state) if n in text]
    if named:
        problems.append(f"{who} sees endorsement cards still in their deck: {named}")
    shown = [s for s in _secrets(state) if s in text]
    if shown or "salt" in text or "prng" in text:
        problems.append(f"{who} sees the randomness or a salt")
    return problems


def _check_views(state: NSState) -> list[str]:
    return [p for seat in (None, *SEATS) for p in _view_problems(state, seat, R.view(state, seat).model_dump_json())]


def _check_events(before: NSState, after: NSState, events: list[Event]) -> list[str]:
    """A public line names no card hidden after the step (from both seats); a private line none of the rival's.
    Lines before a reshuffle in the same step may name the discards that went into the new deck."""
    problems = []
    hidden = _hidden_from(after, None)
    reshuffled = [i for i, e in enumerate(events) if e.public and "the discards are shuffled" in e.public]
    first_checked = reshuffled[-1] + 1 if reshuffled else 0
    secrets = _secrets(after) + _secrets(before)
    for i, e in enumerate(events):
        if e.public:
            named = {int(x) for x in CARD.findall(e.public)} & hidden
            if named and i >= first_checked:
                problems.append(f"a public line names hidden cards {sorted(named)}: {e.public[:160]}")
            decks = [n for n in _endorsements_in_deck(after) if n in e.public]
            if decks:
                problems.append(f"a public line names endorsement cards still in their deck {decks}")
        for seat, text in e.private.items():
            rival = OTHER[SIDE_OF[seat]]
            named = {int(x) for x in CARD.findall(text)} & (_hidden(after, rival) & _hidden(before, rival))
            if named:
                problems.append(f"{seat}'s private line names the rival's hidden cards {sorted(named)}")
        for line in [e.public or "", *e.private.values()]:
            if any(s in line for s in secrets):
                problems.append(f"an event shows a salt or the randomness: {line[:120]}")
    return problems


def _twin(state: NSState, side: str, rng: Rng) -> NSState | None:
    """The same state with some of `side`'s hidden cards (hand and Campaign Strategy stack) swapped for cards
    from the deck: each swap keeps whether the card may go to Campaign Strategy (as the hand-keeping rule and the
    phase's picks rely on it). Cards being picked, a committed debate card and any card an effect is waiting on
    stay. None when nothing could be swapped."""
    twin = state.model_copy(deep=True)
    me = twin.sides[side]
    keep = set(me.picking)
    keep |= {int(s.choice) for s in twin.sealed.sealed.values() if is_number(s.choice)}
    if twin.wait is not None and twin.wait["kind"] == "card":
        keep |= {int(x) for x in twin.wait["among"]}
    swapped = 0
    for pile in (me.hand, me.strategy):
        for i, x in enumerate(pile):
            if x in keep or rng.below(3) == 0:
                continue
            pool = [j for j, y in enumerate(twin.deck) if strategy_ok(y) == strategy_ok(x)]
            if not pool:
                continue
            j = pool[rng.below(len(pool))]
            pile[i], twin.deck[j] = twin.deck[j], pile[i]
            swapped += 1
    return twin if swapped else None


def _public_facts(state: NSState, side: str) -> tuple[Any, ...]:
    """What a twin must share: the public view, the other seat's view, who owes, the other seat's options and
    deadline default, and the trigger window."""
    other = "NIX" if side == "K" else "KEN"
    decision = R.decisions(state, other)
    return (R.view(state, None).model_dump_json(), R.view(state, other).model_dump_json(), owing_seats(R, state),
            [o.action for o in decision.options], decision.deadline_default,
            state.window.model_dump_json() if state.window else "")


def _twin_problems(state: NSState, seat: str, action: Action, rng: Rng, step: int) -> tuple[list[str], bool]:
    """The problems a twin shows, and whether the step closing a CP action was compared."""
    side = "K" if rng.below(2) else "N"
    twin = _twin(state, side, rng)
    if twin is None:
        return [], False
    problems = []
    compared = False
    if _public_facts(twin, side) != _public_facts(state, side):
        problems.append(f"step {step}: {side}'s hidden cards change public facts (phase {state.phase})")
    play_ = state.play
    if play_ is not None and play_.seat == seat and play_.stage in ("campaign", "advertise", "position") \
            and action.verb in CP_TARGETS:
        a = play(R, state, seat, [action])
        b = play(R, twin, seat, [action])
        compared = True
        if _public_facts(a.state, side) != _public_facts(b.state, side):
            problems.append(f"step {step}: after `{action}`, {side}'s hidden cards change who is asked to "
                            f"trigger: {a.state.window} / {b.state.window}")
        if [e.public for e in a.events] != [e.public for e in b.events] or a.changed != b.changed:
            problems.append(f"step {step}: after `{action}`, {side}'s hidden cards change the public events")
    return problems, compared


@pytest.mark.parametrize("options,seed", [({}, 21), ({"vp": "on", "restricted": "on"}, 22), ({"vp": "on"}, 23)])
def test_no_hidden_information_in_any_view_or_event(options: dict[str, str], seed: int) -> None:
    state = R.setup(options, list(SEATS), seed)
    rng = Rng(seed)
    problems = _check_views(state)
    steps = windows = compared = 0
    while R.outcome(state) is None and not problems:
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        action = _random_action(state, seat, rng)
        found, cp_step = _twin_problems(state, seat, action, rng, steps)
        problems += found
        compared += cp_step
        result = play(R, state, seat, [action])
        problems += _check_events(state, result.state, result.events) + _check_views(result.state)
        windows += result.state.window is not None
        state = result.state
        steps += 1
        assert steps < 3000, "runaway game"
    assert not problems, f"step {steps}: " + "\n".join(problems[:20])
    assert windows and compared > 10, f"{windows} trigger windows, {compared} CP steps compared in twins: too few"


def test_the_checks_catch_a_leak() -> None:
    """The checkers themselves: a seat's own view shown to the public, a public line naming a hand card, a
    private line naming the rival's hand, and a twin whose public facts differ are all caught."""
    state = R.setup({}, list(SEATS), 5)
    assert not _check_views(state)
    own = R.view(state, "KEN").model_dump_json()
    assert any("the public sees hidden cards" in p for p in _view_problems(state, None, own))
    assert any("NIX sees hidden cards" in p for p in _view_problems(state, "NIX", own))
    secret = state.sides["N"].hand[0]
    assert _check_events(state, state, [Event(public=f"Nixon holds #{secret} in his hand")])
    assert _check_events(state, state, [Event(private={"KEN": f"Nixon holds #{secret}"})])
    assert not _check_events(state, state, [Event(private={"NIX": f"You hold #{secret}"})])
    twin = _twin(state, "N", Rng(1))
    assert twin is not None and twin.sides["N"].hand != state.sides["N"].hand
    assert _public_facts(twin, "N") == _public_facts(state, "N")
    assert R.view(twin, "NIX").model_dump_json() != R.view(state, "NIX").model_dump_json()


def _reach(options: dict[str, str], seed: int, done: Any, limit: int = 3000) -> tuple[NSState, Rng]:
    state = R.setup(options, list(SEATS), seed)
    rng = Rng(seed)
    for _ in range(limit):
        if done(state) or R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        state = play(R, state, seat, [_random_action(state, seat, rng)]).state
    assert done(state), "the game never reached the moment under test"
    return state, rng


def _no_trace(state: NSState, seat: str, verb: str) -> list[Action]:
    """Commit each of two different cards for `seat`: the rival's view, the public view, the rival's options and
    the public events are the same either way. Returns the two commitments tried."""
    rival = state.other(seat)
    choices = [o.action for o in R.decisions(state, seat).options if o.action.verb == verb]
    assert len(choices) >= 2, f"{seat} has only {choices} to choose from"
    picks = [choices[0], choices[-1]]
    results = [play(R, state, seat, [a]) for a in picks]
    for r, a in zip(results, picks):
        assert not _check_views(r.state) and not _check_events(state, r.state, r.events), a
    seen = [(R.view(r.state, rival).model_dump_json(), R.view(r.state, None).model_dump_json(),
             [o.action for o in R.decisions(r.state, rival).options], [e.public for e in r.events],
             {k: v for e in r.events for k, v in e.private.items() if k == rival}, r.changed) for r in results]
    assert seen[0] == seen[1], f"{rival} can tell {picks[0]} from {picks[1]}"
    mine = [R.view(r.state, seat).model_dump_json() for r in results]
    assert all(str(a.args[0]) in m for a, m in zip(picks, mine))  # the seat itself still holds its card
    return picks


@pytest.mark.parametrize("options,seed", [({}, 31), ({"vp": "on", "restricted": "on"}, 32)])
def test_a_committed_debate_card_leaves_no_trace_until_both_reveal(options: dict[str, str], seed: int) -> None:
    def round_open(s: NSState) -> bool:
        return (s.phase == "debate" and s.step == "round" and not s.sealed.sealed and len(s.sealed.seats) == 2
                and all(len(s.sides[x].hand) >= 2 for x in ("K", "N")))
    state, _ = _reach(options, seed, round_open)
    seat = "NIX"
    first, _ = _no_trace(state, seat, "debate")
    committed = play(R, state, seat, [first]).state
    assert "NIX" in committed.sealed.sealed and committed.debate is not None and not committed.debate.revealed
    # the other seat commits: both cards are revealed together, and now everyone sees them
    answer = R.decisions(committed, "KEN").options[0].action
    both = play(R, committed, "KEN", [answer])
    revealed = both.state.debate.revealed if both.state.debate else {}
    shown = " ".join(e.public or "" for e in both.events)
    assert f"#{first.args[0]}" in shown and f"#{answer.args[0]}" in shown
    if revealed:
        assert _card_ids(json.loads(R.view(both.state, None).model_dump_json())) >= set(revealed.values())


@pytest.mark.parametrize("options,seed", [({}, 40), ({"vp": "on"}, 46)])
def test_a_campaign_strategy_pick_leaves_no_trace(options: dict[str, str], seed: int) -> None:
    def picking(s: NSState) -> bool:
        return (s.phase == "strategy" and not s.sealed.sealed
                and sum(1 for o in R.decisions(s, "KEN").options if o.action.verb == "strategy") >= 2)
    state, _ = _reach(options, seed, picking)
    _no_trace(state, "KEN", "strategy")
