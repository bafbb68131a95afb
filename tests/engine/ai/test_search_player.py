"""The search player (engine/ai) on every title: honest by construction (two states that give the seat the same
view, searched with the same random stream, give the same decision: the true state and one of its determinizations
for that seat), only legal actions chosen, a lone legal action returned without a search, the same decision for the
same seed and iteration count, a time budget kept on the caller's clock; and the three levels of `choose`."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import registry
from engine.ai.ensemble import ensemble
from engine.ai.ismcts import Node, Searcher, Settings, best_action, ismcts
from engine.ai.players import LEVELS, choose
from engine.core.rng import Rng
from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action

TABLES = [("electioneer", 2), ("campaign_trail", 2), ("presidential_election", 3), ("campaign_manager_2008", 2),
          ("nineteen_sixty", 2)]
SEARCHES = [ismcts, ensemble]
# A few short iterations: the tests are about what a search reads and returns, not how well it plays.
QUICK = Settings(iterations=4, horizon=6, worlds=2)


def _position(name: str, players: int, *, choices: int = 2, skip: int = 7, seed: int = 3) -> tuple[Any, str]:
    """A state of a seeded heuristic game, at least `skip` steps in, where the seat to move has at least
    `choices` legal actions (exactly one when `choices` is 1), and that seat."""
    ruleset = registry.get(name)
    game = SearchGame(ruleset)
    state = ruleset.setup({}, seats_for(ruleset, players, {}), seed)
    rng = Rng(seed)
    for step in range(3000):
        seat = game.to_move(state)[0]
        count = len(game.legal(state, seat))
        if step >= skip and (count == 1 if choices == 1 else count >= choices):
            return state, seat
        game.advance(state, seat, ruleset.bot_action(state, seat, rng))
        assert game.to_move(state), f"{name}: the game ended before a position with {choices} choices"
    raise AssertionError("no such position")


@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("name", "players"), TABLES, ids=[n for n, _ in TABLES])
def test_a_search_reads_only_what_its_seat_knows(name: str, players: int, search: Any) -> None:
    ruleset = registry.get(name)
    state, seat = _position(name, players)
    for k in (1, 2):
        twin = ruleset.determinize(state, seat, Rng(k))
        assert twin != state, "the twin should differ in what the seat cannot see"
        mine, theirs = search(ruleset, state, seat, QUICK, Rng(42)), search(ruleset, twin, seat, QUICK, Rng(42))
        assert mine.action == theirs.action and mine.visits == theirs.visits and mine.moves() == theirs.moves()


@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("name", "players"), TABLES, ids=[n for n, _ in TABLES])
def test_a_search_chooses_a_legal_action_the_same_way_each_time(name: str, players: int, search: Any) -> None:
    ruleset = registry.get(name)
    state, seat = _position(name, players, skip=20)
    legal = SearchGame(ruleset).legal(state, seat)
    first = search(ruleset, state, seat, QUICK, Rng(9))
    assert first.action in legal and set(first.visits) <= set(legal)
    assert first.iterations == QUICK.iterations and sum(first.visits.values()) == QUICK.iterations
    again = search(ruleset, state, seat, QUICK, Rng(9))
    assert (again.action, again.visits) == (first.action, first.visits)
    moves = first.moves()  # each root action's share, visits and the seat's mean return over them
    assert [m.visits for m in moves] == sorted(first.visits.values(), reverse=True)
    assert all((m.mean is None) == (m.visits == 0) and 0.0 <= (m.mean or 0.0) <= 1.0 for m in moves)
    assert any(m.mean is not None for m in moves) and abs(sum(m.share for m in moves) - 1.0) < 1e-9


@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
def test_a_lone_legal_action_is_returned_without_a_search(search: Any) -> None:
    ruleset = registry.get("electioneer")
    state, seat = _position("electioneer", 2, choices=1)
    (only,) = SearchGame(ruleset).legal(state, seat)
    result = search(ruleset, state, seat, Settings(iterations=50), Rng(1))
    assert (result.action, result.iterations) == (only, 0)


def test_a_time_budget_stops_the_search_on_the_callers_clock() -> None:
    ticks = iter(range(1000))
    settings = Settings(iterations=None, seconds=3, clock=lambda: float(next(ticks)), horizon=4)
    state, seat = _position("electioneer", 2)
    result = ismcts(registry.get("electioneer"), state, seat, settings, Rng(1))
    # the clock reads 0 at the start, then 1 and 2 after the first two iterations, a second each: a third would end
    # at 3, on the budget, a fourth past it
    assert result.iterations == 3


def test_no_iteration_is_begun_that_would_end_past_the_budget() -> None:
    now = [0.0]

    def slow_estimate(state: Any) -> None:
        now[0] += 0.3  # every iteration ends in one estimate, and each costs 0.3 s of the clock
        return None

    settings = Settings(iterations=None, seconds=1.0, clock=lambda: now[0], horizon=4, evaluate=slow_estimate)
    state, seat = _position("electioneer", 2)
    result = ismcts(registry.get("electioneer"), state, seat, settings, Rng(1))
    assert result.iterations == 3 and now[0] <= 1.0  # a fourth would have ended at 1.2 s


@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
def test_the_default_moves_own_thinking_counts_against_the_budget(search: Any) -> None:
    now = [0.0]
    ruleset = registry.get("electioneer")

    class SlowToAim(type(ruleset)):  # type: ignore[misc]
        def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action:
            now[0] += 5.0  # the default move takes longer than the whole budget
            return super().search_favourite(state, seat, rng)

    slow = copy.copy(ruleset)
    slow.__class__ = SlowToAim
    state, seat = _position("electioneer", 2, choices=3)
    settings = Settings(iterations=50, seconds=1.0, clock=lambda: now[0], horizon=4)
    assert search(slow, state, seat, settings, Rng(1)).iterations == 1  # the one iteration every search makes


def test_settings_refuse_a_budget_without_a_clock_or_any_limit() -> None:
    with pytest.raises(ValueError, match="needs a clock"):
        Settings(seconds=1.0)
    with pytest.raises(ValueError, match="iteration count or a time budget"):
        Settings(iterations=None)


def test_a_search_for_a_seat_that_owes_nothing_is_refused() -> None:
    ruleset = registry.get("nineteen_sixty")
    game = SearchGame(ruleset)
    state, seat = _position("nineteen_sixty", 2)
    idle = next(s for s in state.seats if s not in game.to_move(state))
    with pytest.raises(ValueError, match="has nothing to do"):
        ismcts(ruleset, state, idle, QUICK, Rng(1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_legal_action_the_same_way_each_time(level: str) -> None:
    ruleset = registry.get("electioneer")
    state, seat = _position("electioneer", 2, skip=12)
    legal = SearchGame(ruleset).legal(state, seat)
    picks = [choose(ruleset, state, seat, level, Rng(s), settings=QUICK) for s in range(6)]
    assert all(p in legal for p in picks)
    assert picks == [choose(ruleset, state, seat, level, Rng(s), settings=QUICK) for s in range(6)]


def test_an_unknown_level_or_search_is_refused() -> None:
    ruleset = registry.get("electioneer")
    state, seat = _position("electioneer", 2)
    with pytest.raises(ValueError, match="no level called"):
        choose(ruleset, state, seat, "expert", Rng(1))
    with pytest.raises(ValueError, match="no search called"):
        choose(ruleset, state, seat, "hard", Rng(1), method="minimax")


@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
def test_a_search_too_short_to_tell_actions_apart_plays_the_heuristics_pick(search: Any) -> None:
    ruleset = registry.get("electioneer")
    state, seat = _position("electioneer", 2, choices=3)
    for k in range(3):
        rng = Rng(k)
        favourite = ruleset.search_favourite(ruleset.determinize(state, seat, rng), seat, rng)
        result = search(ruleset, state, seat, Settings(iterations=1, horizon=2), Rng(k))
        assert result.action == favourite
        assert result.favourite == favourite  # the answer names the default move it weighed the others against


def test_a_rival_picks_blind_to_a_sealed_pick_made_at_the_same_time() -> None:
    ruleset = registry.get("electioneer")
    state = ruleset.setup({"theatrics": 0}, ["DEM", "REP"], 2)  # month 1: both owe a sealed discard
    game = SearchGame(ruleset)
    assert game.to_move(state) == ["DEM", "REP"]
    searcher, root, rng = Searcher(ruleset, Settings(horizon=4), Rng(3)), Node(None, None), Rng(4)
    for _ in range(30):
        searcher.iterate(root, game.determinize(state, "DEM", rng), "DEM")
    dem = [child for (seat, _), child in root.children.items() if seat == "DEM"]
    rep = [child for (seat, _), child in root.children.items() if seat == "REP"]
    assert dem and rep, "the rival's discard is scored where both came to owe it, not under each of DEM's"
    assert 0 < sum(c.visits for c in rep) < sum(c.visits for c in dem) == 30
    for child in dem:
        assert all(below.seat is None for (seat, _), below in child.children.items() if seat == "REP")


def test_with_confidence_the_search_overrules_the_heuristic_only_by_a_clear_margin() -> None:
    fav, other = Action(verb="keep"), Action(verb="ready")
    close = ({fav: 20, other: 24}, {fav: 10.0, other: 13.0})  # means 0.50 and 0.54: within one error
    clear = ({fav: 20, other: 60}, {fav: 6.0, other: 45.0})  # means 0.30 and 0.75
    assert best_action(*close, fav) == other  # the plain rule: the most visited
    assert best_action(*close, fav, confidence=1.0) == fav
    assert best_action(*clear, fav, confidence=2.0) == other
