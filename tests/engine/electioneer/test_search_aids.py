"""What Electioneer offers a search beside its evaluation (engine/electioneer/evaluate.py, bot.py): the short list
of root actions worth weighing, rollouts cut where a month starts, and theatrics in hand valued as what they will do
once aimed."""
from __future__ import annotations

from engine import registry
from engine.ai.ismcts import Searcher, Settings, ismcts
from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.electioneer import bot, evaluate

RULESET = registry.get("electioneer")
GAME = SearchGame(RULESET)


def _first(seed: int, phase: str, *, theatrics: list[str] | None = None, skip: int = 0):
    """A seeded heuristic game without theatrics, at its first position in `phase` (after `skip` moves) where the
    seat to move has a choice; that seat is then handed `theatrics`. The position and that seat."""
    state, rng = RULESET.setup({"theatrics": 0}, ["DEM", "REP"], seed), Rng(seed)
    for step in range(400):
        seat = GAME.to_move(state)[0]
        if step >= skip and state.phase == phase and len(GAME.legal(state, seat)) > 1:
            state.players[seat].theatrics = list(theatrics or [])
            return state, seat
        GAME.advance(state, seat, RULESET.bot_action(state, seat, rng))
    raise AssertionError(f"no {phase} position")


def _plays(actions) -> set[str]:
    return {a.args[0] for a in actions if a.verb == "play"}


def test_a_twin_theatric_and_lasting_theatrics_before_election_day_are_left_out() -> None:
    state, seat = _first(4, "discard", theatrics=["T01", "T02", "T05", "T06", "T07", "T09"])
    legal = GAME.legal(state, seat)
    assert {"T01", "T02", "T05", "T06", "T07", "T09"} <= _plays(legal)
    kept = bot.search_candidates(state, seat, legal)
    assert _plays(kept) == {"T01"}  # T02 plays as T01 does; endorsements and scandals wait; research tells a
    assert [a for a in kept if a.verb != "play"] == [a for a in legal if a.verb != "play"]  # sampled world nothing
    state.phase = "election"
    state.players[seat].ready = False
    kept = bot.search_candidates(state, seat, GAME.legal(state, seat))
    assert _plays(kept) == {"T05", "T07"}


def test_of_many_issue_swaps_only_the_best_few_are_weighed() -> None:
    state, seat = _first(2, "swap", skip=20)
    legal = GAME.legal(state, seat)
    swaps = [a for a in legal if a.verb == "swap"]
    assert len(swaps) > bot.ISSUE_CANDIDATES
    kept = [a for a in bot.search_candidates(state, seat, legal) if a.verb == "swap"]
    assert len(kept) == bot.ISSUE_CANDIDATES
    best = max(swaps, key=lambda a: bot._after(state, seat, a))
    assert best in kept


def test_the_search_weighs_only_the_short_list_and_the_heuristics_pick() -> None:
    state, seat = _first(2, "swap", skip=20)
    legal = GAME.legal(state, seat)
    result = ismcts(RULESET, state, seat, Settings(iterations=60, horizon=6), Rng(1))
    searched = {a for a, n in result.visits.items() if n}
    world = RULESET.determinize(state, seat, Rng(1))
    allowed = set(bot.search_candidates(world, seat, legal)) | {RULESET.search_favourite(world, seat, Rng(1))}
    assert len(searched) > 1 and searched <= allowed < set(legal)


def test_the_search_keeps_lasting_theatrics_for_election_day_where_the_heuristic_spends_them() -> None:
    state, seat = _first(1, "discard", theatrics=["T05", "T07"])
    spent = {RULESET.bot_action(state, seat, Rng(k)).verb for k in range(40)}
    kept = {bot.patient_action(state, seat, Rng(k)).verb for k in range(40)}
    assert spent == {"discard", "play"} and kept == {"discard"}
    assert state.players[seat].theatrics == ["T05", "T07"]
    result = ismcts(RULESET, state, seat, Settings(iterations=1, horizon=2), Rng(3))
    assert result.action.verb == "discard"
    state.phase, state.players[seat].ready = "election", False
    assert {bot.patient_action(state, seat, Rng(k)).verb for k in range(10)} == {"play"}


def test_a_rollout_stops_where_the_next_month_starts() -> None:
    state, seat = _first(3, "swap", skip=8)
    month = state.month
    searcher = Searcher(RULESET, Settings(horizon=20), Rng(1))
    searcher.rollout(state)
    assert (state.phase, state.month, state.discards.sealed) == ("discard", month + 1, {})


def test_a_theatric_in_hand_is_worth_about_what_it_does_once_aimed() -> None:
    for seed, phase in ((1, "discard"), (5, "campaign"), (6, "swap")):
        state, seat = _first(seed, phase, skip=6)
        bare = evaluate.evaluate(state)[seat]
        state.players[seat].theatrics = ["T05"]
        holding = evaluate.evaluate(state)[seat]
        aimed = max(evaluate.evaluate(GAME.step(state, seat, a))[seat] for a in GAME.legal(state, seat)
                    if a.verb == "play")
        assert bare < holding
        assert abs(holding - aimed) < 0.05, (holding, aimed)
