"""Undo takes back only a step that showed nobody anything hidden, in every title.

Whole seeded games of each title (random legal steps, through `engine.core.ruleset.play`): for every step marked
undoable, each other seat's view and the public view are compared before and after the step. A hidden fact —
a card that lay in a rival's hand, in a deck or under a face-down pile, a candidate or home state chosen in
secret, a face-down issue — that the view did not show before and shows after fails the test: the rival or a
spectator would keep what undo takes back. Team-mates (Campaign Trail's running mates) see each other's hands,
so they are not rivals here.

The facts are read from the full state (what the observer may not see) and from the dumped views (what it does
see), title by title, independently of the engine's own bookkeeping (engine/core/hidden.py). Two pinned cases:
1960's card played for its CP and Campaign Manager 2008's card played from the hand.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for

Fact = tuple[Any, ...]
MAX_STEPS = 1_500  # per game: enough for a whole random game of every title


def _nodes(node: Any) -> list[dict[str, Any]]:
    """Every object of a dumped view, nested ones included (breadth first)."""
    out: list[dict[str, Any]] = []
    queue = [node]
    for n in queue:  # the loop reaches what it appends
        if type(n) is dict:
            out.append(n)
            queue.extend(n.values())
        elif type(n) is list:
            queue.extend(n)
    return out


# --------------------------------------------------------------------------- 1960


def _ns_hidden(state: Any, seat: str | None) -> set[Fact]:
    mine = {"KEN": "K", "NIX": "N"}.get(seat or "")
    out = {("card", x) for x in state.deck}
    for side, me in state.sides.items():
        if side != mine:
            out |= {("card", x) for x in (*me.hand, *me.strategy, *me.picking)}
    return out


def _ns_shown(view: dict[str, Any]) -> set[Fact]:
    return {("card", n["id"]) for n in _nodes(view) if {"id", "cp", "icons"} <= n.keys()}


# --------------------------------------------------------------------------- Campaign Manager 2008


def _cm_hidden(state: Any, seat: str | None) -> set[Fact]:
    out = {("news", x) for x in state.news}
    for s, side in state.sides.items():
        out |= {("card", x) for x in (*side.deck, *side.pool)}
        if s != seat:  # the draft's piles are kept as a record once it is over: secret only while it lasts
            drafting = (*side.offer, *side.kept, *side.removed) if state.phase == "draft" else ()
            out |= {("card", x) for x in (*side.hand, *drafting)}
    return out


def _cm_shown(view: dict[str, Any]) -> set[Fact]:
    return {("news" if n["side"] == "news" else "card", n["id"]) for n in _nodes(view)
            if {"id", "side", "title", "text"} <= n.keys()}


# --------------------------------------------------------------------------- Campaign Trail


def _ct_party(state: Any, seat: str | None) -> str | None:
    return state.players[seat].party if seat in state.players else None


def _ct_hidden(state: Any, seat: str | None) -> set[Fact]:
    mine = _ct_party(state, seat)
    out = {("card", n) for d in state.decks for n in d} | {("card", n) for n in state.reshuffled}
    for x, p in state.players.items():
        if p.party == mine:
            continue
        out |= {("card", n) for n in p.hand} | {("card", t.tucked) for t in p.table if t.tucked is not None}
        if state.phase == "candidate" and p.candidate:
            out.add(("candidate", x, p.candidate))
        if state.phase in ("candidate", "home") and p.home:
            out.add(("home", x, p.home))
    return out


def _ct_shown(view: dict[str, Any]) -> set[Fact]:
    out = {("card", n["number"]) for n in _nodes(view) if {"number", "name", "actions"} <= n.keys()}
    turn = view.get("turn") or {}
    out |= {("card", n) for n in (turn.get("card"), view.get("discard_top")) if n is not None}
    for x, s in view["seats"].items():
        out |= {("card", t["card"]) for t in s["table"]}
        out |= {("candidate", x, s["candidate"])} if s["candidate"] else set()
        out |= {("home", x, s["home"])} if s["home"] else set()
    return out


# --------------------------------------------------------------------------- Electioneer


def _el_hidden(state: Any, seat: str | None) -> set[Fact]:
    out: set[Fact] = set()
    for x, p in state.players.items():
        out |= {("policy", c) for c in p.deck if not (x == seat and c in p.buried)}
        if x != seat:
            out |= {("policy", c) for c in p.hand} | {("theatric", t) for t in p.theatrics}
    known = state.players[seat].known if seat in state.players else {}
    for code, board in state.boards.items():
        if not board.revealed and code not in known:
            out |= {("issue", code, i, issue) for i, issue in enumerate(board.issues)}
    return out


def _el_shown(view: dict[str, Any]) -> set[Fact]:
    out: set[Fact] = set()
    for n in _nodes(view):
        if {"id", "party", "effects"} <= n.keys():
            out.add(("policy", n["id"]))
        elif {"id", "kind", "text"} <= n.keys():
            out.add(("theatric", n["id"]))
        elif {"code", "issues", "revealed"} <= n.keys():
            out |= {("issue", n["code"], i, issue) for i, issue in enumerate(n["issues"]) if issue}
    return out


# --------------------------------------------------------------------------- Presidential Election


def _pe_hidden(state: Any, seat: str | None) -> set[Fact]:
    out = {("card", x) for x in state.deck} | {("advantage", x) for x in state.adv_deck}
    for x, p in state.players.items():
        if x != seat:
            out |= {("advantage", a) for a in (*p.offer, *p.returned)}
    return out


def _pe_shown(view: dict[str, Any]) -> set[Fact]:
    out = {("advantage", n["id"]) for n in _nodes(view) if {"id", "title", "text"} <= n.keys()}
    return out | {("card", x) for x in view["discard"]}


# --------------------------------------------------------------------------- the games


@dataclass(frozen=True)
class Title:
    name: str
    hidden: Callable[[Any, str | None], set[Fact]]  # what an observer (None: the public) may not see
    shown: Callable[[dict[str, Any]], set[Fact]]  # what a dumped view shows
    rivals: Callable[[Any, str], list[str]]  # the seats that may not see what `seat` holds


def _others(state: Any, seat: str) -> list[str]:
    return [s for s in state.seats if s != seat]


def _other_parties(state: Any, seat: str) -> list[str]:
    return [s for s in state.seats if _ct_party(state, s) != _ct_party(state, seat)]


TITLES = {
    "nineteen_sixty": Title("nineteen_sixty", _ns_hidden, _ns_shown, _others),
    "campaign_manager_2008": Title("campaign_manager_2008", _cm_hidden, _cm_shown, _others),
    "campaign_trail": Title("campaign_trail", _ct_hidden, _ct_shown, _other_parties),
    "electioneer": Title("electioneer", _el_hidden, _el_shown, _others),
    "presidential_election": Title("presidential_election", _pe_hidden, _pe_shown, _others),
}

GAMES = [  # (title, options, players, seed)
    ("nineteen_sixty", {}, 2, 3),
    ("nineteen_sixty", {"vp": "on"}, 2, 8),
    ("campaign_manager_2008", {}, 2, 5),
    ("campaign_manager_2008", {"deck": "starter"}, 2, 6),
    ("campaign_trail", {}, 2, 4),
    ("campaign_trail", {"dirty": "on"}, 4, 7),
    ("campaign_trail", {"ai": "REP"}, 1, 9),
    ("electioneer", {}, 2, 2),
    ("presidential_election", {}, 3, 1),
]


def _shown(title: Title, ruleset: Any, state: Any, observer: str | None,
           known: dict[str | None, set[Fact]]) -> set[Fact]:
    """What `observer`'s view of `state` shows, kept in `known` (that state's views, by observer)."""
    if observer not in known:
        known[observer] = title.shown(ruleset.view(state, observer).model_dump(mode="json"))
    return known[observer]


def _learned(title: Title, ruleset: Any, before: Any, after: Any, seat: str,
             known_before: dict[str | None, set[Fact]], known_after: dict[str | None, set[Fact]]) -> list[str]:
    """What each rival of `seat` and the public see after the step that was hidden from them before it. The
    views read are kept in `known_before` / `known_after`: the game passes one step's after as the next one's
    before, so each view is read once."""
    problems = []
    for observer in (None, *title.rivals(before, seat)):
        was = _shown(title, ruleset, before, observer, known_before)
        now = _shown(title, ruleset, after, observer, known_after)
        learned = (now - was) & title.hidden(before, observer)
        if learned:
            problems.append(f"{observer or 'the public'} learned {sorted(map(str, learned))}")
    return problems


def _game(name: str, options: dict[str, Any], players: int, seed: int) -> tuple[int, int, list[str]]:
    """Play one random game; returns its steps, the undoable ones, and every undoable step that showed something."""
    ruleset, title = registry.get(name), TITLES[name]
    state = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    rng = Rng(seed * 7_919 + players)
    steps = undoable = 0
    problems: list[str] = []
    known: dict[str | None, set[Fact]] = {}  # what the views of `state` show, as far as read
    while ruleset.outcome(state) is None and steps < MAX_STEPS:
        owing = owing_seats(ruleset, state)
        assert owing, f"{name}: nobody owes a move at step {steps}"
        seat = owing[rng.below(len(owing))]
        options_ = ruleset.decisions(state, seat).options
        action = options_[rng.below(len(options_))].action
        result = play(ruleset, state, seat, [action])
        known_after: dict[str | None, set[Fact]] = {}
        if result.undoable:
            undoable += 1
            problems += [f"step {steps} {seat} `{action.notation()}`: {p}"
                         for p in _learned(title, ruleset, state, result.state, seat, known, known_after)]
        state, steps, known = result.state, steps + 1, known_after
    return steps, undoable, problems


@pytest.mark.parametrize(("name", "options", "players", "seed"), GAMES,
                         ids=[f"{g[0]}-{'-'.join(f'{k}={v}' for k, v in g[1].items()) or 'base'}" for g in GAMES])
def test_an_undoable_step_shows_no_rival_anything_hidden(name: str, options: dict[str, Any], players: int,
                                                         seed: int) -> None:
    steps, undoable, problems = _game(name, options, players, seed)
    assert undoable, f"{name}: no step of the game was undoable, so nothing was checked"
    assert not problems, f"{name} ({steps} steps, {undoable} undoable):\n" + "\n".join(problems[:20])


def test_every_title_is_checked() -> None:
    assert set(TITLES) == set(registry.RULESETS) == {g[0] for g in GAMES}


# --------------------------------------------------------------------------- pinned cases


def _nineteen_sixty_at_first_play() -> tuple[Any, Any, str]:
    ruleset = registry.get("nineteen_sixty")
    state = ruleset.setup({}, ["KEN", "NIX"], 3)
    while True:
        seat = owing_seats(ruleset, state)[0]
        verbs = {o.action.verb for o in ruleset.decisions(state, seat).options}
        if "play" in verbs:
            return ruleset, state, seat
        state = play(ruleset, state, seat, [ruleset.decisions(state, seat).options[0].action]).state


@pytest.mark.parametrize("how", ["campaign", "position", "preempt"])
def test_nineteen_sixty_a_card_played_from_the_hand_cannot_be_taken_back(how: str) -> None:
    """Played for its CP, the card lies face up (the public view names it): the rival has seen it."""
    ruleset, state, seat = _nineteen_sixty_at_first_play()
    side = {"KEN": "K", "NIX": "N"}[seat]
    options = [o.action for o in ruleset.decisions(state, seat).options
               if o.action.verb == "play" and o.action.args[1] == how and o.action.args[0].isdigit()]
    assert options, f"no `play N {how}` to try"
    action = options[0]
    result = play(ruleset, state, seat, [action])
    card = int(action.args[0])
    assert card in state.sides[side].hand and card not in result.state.sides[side].hand
    shown = _ns_shown(ruleset.view(result.state, None).model_dump(mode="json"))
    assert ("card", card) in shown  # the spectator's /game status names it
    assert not result.undoable, f"`{action.notation()}` may be taken back after the table saw the card"


def test_nineteen_sixty_the_candidate_card_can_still_be_taken_back() -> None:
    """The candidate card was never hidden: playing it shows nothing, so the step stays undoable."""
    ruleset, state, seat = _nineteen_sixty_at_first_play()
    action = next(o.action for o in ruleset.decisions(state, seat).options
                  if o.action.verb == "play" and not o.action.args[0].isdigit() and o.action.args[1] == "campaign")
    assert play(ruleset, state, seat, [action]).undoable


def test_campaign_manager_2008_a_card_played_from_the_hand_cannot_be_taken_back() -> None:
    ruleset = registry.get("campaign_manager_2008")
    state = ruleset.setup({"deck": "starter"}, ["OBA", "MCC"], 6)
    seat = owing_seats(ruleset, state)[0]
    while True:
        seat = owing_seats(ruleset, state)[0]
        plays = [o.action for o in ruleset.decisions(state, seat).options if o.action.verb == "play"]
        if plays:
            break
        state = play(ruleset, state, seat, [ruleset.decisions(state, seat).options[0].action]).state
    result = play(ruleset, state, seat, [plays[0]])
    assert ("card", plays[0].args[0]) in _cm_shown(ruleset.view(result.state, None).model_dump(mode="json"))
    assert not result.undoable, f"`{plays[0].notation()}` may be taken back after the table saw the card"


def test_campaign_trail_a_secret_choice_stays_undoable_until_everyone_has_chosen() -> None:
    """A candidate or home state chosen in secret shows nobody anything until the last seat's choice reveals all."""
    ruleset = registry.get("campaign_trail")
    state = ruleset.setup({}, ["DEM", "REP"], 4)
    marks = []
    for _ in range(4):
        seat = owing_seats(ruleset, state)[0]
        result = play(ruleset, state, seat, [ruleset.decisions(state, seat).options[0].action])
        marks.append((seat, result.state.phase, result.undoable))
        state = result.state
    assert marks == [("DEM", "candidate", True), ("REP", "home", False), ("DEM", "home", True), ("REP", "play", False)]
