"""Games played while states held the table's posting among their own fields (the fixture was made by that code:
tests/service/fixtures/games_before_posting_apart.json): their records still verify move by move, and a snapshot of
then loads into the state and the posting the game has now; and so do Campaign Manager 2008 games played while a
choice an effect waits on kept its prompt's words in the state (tests/service/fixtures/games_before_waits_kept_facts.json,
made by that code), 1960 games played while an event's waiting choice did
(tests/service/fixtures/nineteen_sixty_games_before_waits_kept_facts.json) and Campaign Trail games played while a
politick's wait kept its labels and prompt (tests/service/fixtures/campaign_trail_games_before_waits_kept_facts.json),
each made by the code of then; and games of every title played while the rules kept the outcome's reason (and the
last rolls) in words (the fixtures named in each block below)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from bot.policy import record as records
from bot.service.views import load_position
from bot.store import Snapshot
from engine import registry
from engine.core.posting import EMPTY
from engine.core.ruleset import state_hash

GAMES = json.loads((Path(__file__).parent / "fixtures" / "games_before_posting_apart.json").read_text())


def _label(game: dict[str, Any]) -> str:
    return f"{game['ruleset']}-{game['seed']}"


def _steps(game: dict[str, Any]) -> list[records.Step]:
    ruleset = registry.get(game["ruleset"])
    return list(records.replay_steps(ruleset, game["options"], game["seats"], game["seed"],
                                     [(m["seat"], m["notation"], "user") for m in game["moves"]]))


@pytest.mark.parametrize("game", GAMES, ids=_label)
def test_every_hash_a_record_of_then_names_still_matches_its_replayed_move(game: dict[str, Any]) -> None:
    ruleset = registry.get(game["ruleset"])
    steps = _steps(game)
    assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
    differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
              if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
    assert differ == []
    # the hashes of then are not today's wherever lines were held: the earlier layout is what verifies them
    assert any(step.posting.held and state_hash(step.state) != move["state_hash"]
               for step, move in zip(steps[1:], game["moves"]))
    assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)


@pytest.mark.parametrize("game", GAMES, ids=_label)
def test_a_snapshot_of_then_loads_into_the_state_and_posting_of_now(game: dict[str, Any]) -> None:
    ruleset = registry.get(game["ruleset"])
    snapshot = game["snapshot"]
    assert '"unposted":' in snapshot["state"]
    state, posting = load_position(ruleset, Snapshot(game_id=1, seq=snapshot["after_move"], state=snapshot["state"],
                                                     state_hash=""))
    replayed = _steps(game)[snapshot["after_move"]]
    assert state.model_dump() == replayed.state.model_dump()
    assert len(posting.held) >= 2 and posting.last_changed
    assert posting == replayed.posting  # the held lines' words, seats and causes, and what they changed
    assert [h.text for h in posting.held] == [h.text for h in replayed.posting.held]


def test_a_snapshot_written_since_keeps_its_posting_beside_its_state() -> None:
    game = GAMES[0]
    ruleset = registry.get(game["ruleset"])
    step = _steps(game)[game["snapshot"]["after_move"]]
    stored = Snapshot(game_id=1, seq=step.seq, state=step.state.model_dump_json(), state_hash=state_hash(step.state),
                      posting=step.posting.stored())
    assert '"unposted"' not in stored.state and stored.posting is not None
    state, posting = load_position(ruleset, stored)
    assert state.model_dump() == step.state.model_dump() and posting == step.posting
    assert load_position(ruleset, Snapshot(game_id=1, seq=0, state=stored.state, state_hash=""))[1] == EMPTY


# Campaign Manager 2008 games played while a choice an effect waits on kept its prompt's words in the state (the
# fixture was made by that code, its states stored apart from the posting): their records verify move by move, the
# earlier layout putting the prompt the words make from the wait's facts back in its place, and a state stored then
# loads with the facts of its question.
WAITS_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" / "games_before_waits_kept_facts.json").read_text())
WAIT_KINDS = {"state", "issue", "toward", "discard", "order", "enter", "target"}


@pytest.fixture(scope="module")
def waits_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in WAITS_IN_WORDS]


def test_a_record_made_while_waits_kept_their_words_verifies_move_by_move(waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_manager_2008")
    kinds: set[str] = set()
    for game, steps in waits_replayed:
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
                  if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
        assert differ == [], game["seed"]
        waited = [(step, move) for step, move in zip(steps[1:], game["moves"]) if step.state.wait is not None]
        kinds |= {step.state.wait["kind"] for step, _ in waited}
        # today's hash is not then's wherever a wait is kept: the restored prompt is what verifies them
        assert waited and all(state_hash(step.state) != move["state_hash"] for step, move in waited)
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
    assert kinds == WAIT_KINDS


def test_a_state_stored_while_its_wait_kept_words_loads_with_the_facts_of_its_question(waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_manager_2008")
    assert ruleset.earlier_layout is not None and ruleset.earlier_layout.restore is not None
    loaded = 0
    for game, steps in waits_replayed:
        for step, move in zip(steps[1:], game["moves"]):
            if step.state.wait is None:
                continue
            data = json.loads(step.state.model_dump_json())
            ruleset.earlier_layout.restore(data)
            stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            assert hashlib.sha256(stored.encode()).hexdigest() == move["state_hash"]  # the very state stored then
            assert list(data["wait"]) == ["kind", "seat", "among", "prompt"]
            state = ruleset.load_state(stored)
            assert state.model_dump() == step.state.model_dump()
            assert ruleset.decisions(state, state.wait["seat"]).prompt == data["wait"]["prompt"]
            loaded += 1
    assert loaded > 50


# 1960 games played while a choice an event waits on kept its question's words in the state (the fixture was made by
# that code, its states stored apart from the posting, with the prompt the waiting seat was shown at each wait): their
# records verify move by move, the earlier layout putting the effect's question the words make from the wait's facts
# back in its place, and a state stored then loads with the facts of its question and shows the same prompt.
NS_WAITS_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" /
                                "nineteen_sixty_games_before_waits_kept_facts.json").read_text())


@pytest.fixture(scope="module")
def ns_waits_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in NS_WAITS_IN_WORDS]


def _ns_asked(wait: dict[str, Any]) -> str:
    """What a 1960 wait asks: a loss of support, an endorsement, or just its kind."""
    return "loss" if "loser" in wait else "endorsement" if "endorsement" in wait else wait["kind"]


def test_a_1960_record_made_while_waits_kept_their_words_verifies_move_by_move(ns_waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("nineteen_sixty")
    asked: set[str] = set()
    for game, steps in ns_waits_replayed:
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
                  if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
        assert differ == [], game["seed"]
        waited = [(step, move) for step, move in zip(steps[1:], game["moves"]) if step.state.wait is not None]
        asked |= {_ns_asked(step.state.wait) for step, _ in waited}
        # today's hash is not then's wherever a wait is kept: the restored question is what verifies them
        assert waited and all(state_hash(step.state) != move["state_hash"] for step, move in waited)
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
    # every question the cards of the game ask (none asks for an issue, nor for a card of one's own choice)
    assert asked == {"state", "region", "loss", "endorsement"}


def test_a_1960_state_stored_while_its_wait_kept_words_loads_with_the_same_prompt(ns_waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("nineteen_sixty")
    assert ruleset.earlier_layout is not None and ruleset.earlier_layout.restore is not None
    loaded = 0
    for game, steps in ns_waits_replayed:
        for step, move in zip(steps[1:], game["moves"]):
            if step.state.wait is None:
                continue
            seat = step.state.wait["seat"]
            assert ruleset.decisions(step.state, seat).prompt == move["prompt"]  # the prompt shown then, word for word
            data = json.loads(step.state.model_dump_json())
            ruleset.earlier_layout.restore(data)
            stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            assert hashlib.sha256(stored.encode()).hexdigest() == move["state_hash"]  # the very state stored then
            assert list(data["wait"]) == ["kind", "seat", "among", "prompt"] and data["wait"]["prompt"] in move["prompt"]
            state = ruleset.load_state(stored)
            assert state.model_dump() == step.state.model_dump()
            assert ruleset.decisions(state, seat).prompt == move["prompt"]
            loaded += 1
    assert loaded > 20


# Campaign Trail games (Dirty Politics, 3 and 4 players) played while a politick's wait kept its prompt and its
# options' labels in the state (tests/service/fixtures/campaign_trail_games_before_waits_kept_facts.json, made by that
# code: at each such wait, the wait as stored and the prompt the waiting seat was shown): their records verify move
# by move, the earlier layout putting those words back at their places, and a state stored then mid-wait loads
# without them and shows the same prompt.
CT_WAITS_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" /
                                "campaign_trail_games_before_waits_kept_facts.json").read_text())


@pytest.fixture(scope="module")
def ct_waits_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in CT_WAITS_IN_WORDS]


def _ct_asked(wait: dict[str, Any]) -> str:
    """Which politick wait: a strike, a choice of a rival's or of one's own, with its prompt or without."""
    return wait["kind"] + (" by another" if "seat" in wait else "") + (" worded" if "prompt" in wait else "")


def test_a_campaign_trail_record_made_while_politick_waits_kept_words_verifies_move_by_move(
        ct_waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_trail")
    asked: set[str] = set()
    for game, steps in ct_waits_replayed:
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
                  if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
        assert differ == [], game["seed"]
        waited = [(step, move) for step, move in zip(steps[1:], game["moves"]) if "wait" in move]
        asked |= {_ct_asked(move["wait"]) for _, move in waited}
        # today's hash is not then's at such a wait: the restored words are what verify them
        assert waited and all(state_hash(step.state) != move["state_hash"] for step, move in waited)
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
    # Bribes' strike, Scandal's and Intimidation's choice by a rival, the Populist's own (no politick: no prompt)
    assert asked == {"strike worded", "option by another worded", "option"}


def test_a_campaign_trail_state_stored_mid_politick_wait_loads_without_its_words(ct_waits_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_trail")
    assert ruleset.earlier_layout is not None and ruleset.earlier_layout.restore is not None
    loaded = 0
    for game, steps in ct_waits_replayed:
        for step, move in zip(steps[1:], game["moves"]):
            if "wait" not in move:
                continue
            seat = move["asked"]  # the seat the wait asked
            assert ruleset.decisions(step.state, seat).prompt == move["prompt"]  # the prompt shown then, word for word
            data = json.loads(step.state.model_dump_json())
            ruleset.earlier_layout.restore(data)
            assert data["wait"] == move["wait"] and list(data["wait"]) == list(move["wait"])  # keys in their places
            stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            assert hashlib.sha256(stored.encode()).hexdigest() == move["state_hash"]  # the very state stored then
            state = ruleset.load_state(stored)
            assert "prompt" not in state.wait and "labels" not in state.wait
            assert state.model_dump() == step.state.model_dump()
            assert ruleset.decisions(state, seat).prompt == move["prompt"]
            loaded += 1
    assert loaded >= 15


# Campaign Manager 2008 starter games played while the state kept its outcome's reason and its last Going Negative
# roll as text (tests/service/fixtures/campaign_manager_2008_games_before_outcomes_kept_facts.json, made by that code:
# a draw, a McCain win and an Obama win, rolling every face, by both sides; at each roll the dice line stored, and
# each finished state as stored with the outcome's reason): their records verify move by move, the earlier layout's
# restore for that time (its `later`) putting the reason and the roll's line back at their places, and a state stored then loads with the roll as who
# rolled which face and gives the same reason.
CM_OUTCOMES_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" /
                                   "campaign_manager_2008_games_before_outcomes_kept_facts.json").read_text())


@pytest.fixture(scope="module")
def cm_outcomes_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in CM_OUTCOMES_IN_WORDS]


def test_a_campaign_manager_record_made_while_reasons_and_rolls_were_words_verifies_move_by_move(
        cm_outcomes_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_manager_2008")
    ends, faces = set(), set()
    for game, steps in cm_outcomes_replayed:
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
                  if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
        assert differ == [], game["seed"]
        rolled = [(step, move) for step, move in zip(steps[1:], game["moves"]) if step.state.last_roll is not None]
        faces |= {(step.state.last_roll.seat, step.state.last_roll.faces[0]) for step, _ in rolled}
        # today's hash is not then's once a roll is kept: the restored line is what verifies them
        assert rolled and all(state_hash(step.state) != move["state_hash"] for step, move in rolled)
        outcome = ruleset.outcome(steps[-1].state)
        assert outcome is not None and outcome.reason == game["outcome"]["reason"]
        ends.add("draw" if outcome.draw else outcome.winners[0])
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
    assert ends == {"draw", "OBA", "MCC"}
    assert faces == {(seat, face) for seat in ("OBA", "MCC") for face in range(1, 7)}


def test_a_campaign_manager_state_stored_with_its_reason_and_roll_in_words_loads_with_their_facts(
        cm_outcomes_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("campaign_manager_2008")
    assert ruleset.earlier_layout is not None and len(ruleset.earlier_layout.later) == 1
    restore = ruleset.earlier_layout.later[0]  # the layout of then: waits kept their facts, the reason its words
    for game, steps in cm_outcomes_replayed:
        for step, move in zip(steps[1:], game["moves"]):
            data = json.loads(step.state.model_dump_json())
            restore(data)
            if "dice" in move:
                assert data["last_dice"] == move["dice"] == ruleset.view(step.state, None).last_dice
                stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
                assert hashlib.sha256(stored.encode()).hexdigest() == move["state_hash"]  # the very state stored then
                assert ruleset.load_state(stored).model_dump() == step.state.model_dump()
        final = game["final_state"]  # stored at the game's end, with its reason
        assert '"reason":' in final and '"last_dice":' in final
        assert hashlib.sha256(final.encode()).hexdigest() == game["moves"][-1]["state_hash"]
        state = ruleset.load_state(final)
        assert state.model_dump() == steps[-1].state.model_dump()
        outcome = ruleset.outcome(state)
        assert outcome is not None and outcome.reason == game["outcome"]["reason"]
        assert (outcome.winners, outcome.draw) == (game["outcome"]["winners"], game["outcome"]["draw"])
        assert ruleset.view(state, None).reason == game["outcome"]["reason"]
# 1960 and Campaign Trail games played to their end while the state kept the outcome's reason in words
# (tests/service/fixtures/games_before_outcome_reasons_made_by_words.json, made by that code: each game's moves, its
# finished state as stored and its reason; and the finished states the scenario cases of every other kind of ending
# reach, as stored): their records verify move by move, the earlier layout putting the reason back at its place (empty
# until the game is over), and a finished state stored then loads with the same outcome and the same reason.
REASONS_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" /
                               "games_before_outcome_reasons_made_by_words.json").read_text(encoding="utf-8"))


def _ending(reason: str) -> str:
    """Which kind of ending a reason of then tells."""
    for words, kind in (("a draw", "draw"), ("House", "house"), ("state support", "cubes"), ("electoral college", "votes"),
                        ("(most electoral", "most"), ("(tied", "tied"), ("(runoff", "runoff")):
        if words in reason:
            return kind
    raise AssertionError(reason)


@pytest.fixture(scope="module")
def reasons_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in REASONS_IN_WORDS["games"]]


def _unverified(game: dict[str, Any], steps: list[records.Step]) -> list[int]:
    ruleset = registry.get(game["ruleset"])
    return [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
            if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]


def test_a_record_made_while_the_outcome_reason_was_kept_in_words_verifies_move_by_move(
        reasons_replayed) -> None:  # noqa: ANN001
    endings: set[tuple[str, str]] = set()
    for game, steps in reasons_replayed:
        ruleset = registry.get(game["ruleset"])
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        # every move but where an effect waits on a question (see the next test)
        waiting = {step.seq for step in steps[1:] if step.state.wait is not None}
        assert set(_unverified(game, steps)) <= waiting, (game["ruleset"], game["seed"])
        # today's hash is never then's: the reason (empty until the end) the state kept is what verifies them
        assert all(state_hash(step.state) != move["state_hash"] for step, move in zip(steps[1:], game["moves"]))
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
        outcome = ruleset.outcome(steps[-1].state)
        assert outcome is not None and outcome.reason == game["reason"]
        endings.add((game["ruleset"], _ending(game["reason"])))
    assert endings >= {("nineteen_sixty", "votes"), ("campaign_trail", "most"), ("campaign_trail", "tied")}


def test_a_record_made_while_the_outcome_reason_was_kept_in_words_verifies_at_its_waits_too(
        reasons_replayed) -> None:  # noqa: ANN001
    assert [(game["seed"], _unverified(game, steps)) for game, steps in reasons_replayed
            if _unverified(game, steps)] == []


def test_a_finished_state_stored_with_its_reason_in_words_loads_with_the_same_outcome() -> None:
    stored = [(g["ruleset"], g["final_state"], g["reason"]) for g in REASONS_IN_WORDS["games"]]
    stored += [(e["ruleset"], e["state"], e["reason"]) for e in REASONS_IN_WORDS["ended"]]
    endings: set[tuple[str, str]] = set()
    for name, text, reason in stored:
        ruleset = registry.get(name)
        assert ruleset.earlier_layout is not None and ruleset.earlier_layout.restore is not None
        state = ruleset.load_state(text)
        outcome = ruleset.outcome(state)
        assert outcome is not None and outcome.reason == reason
        assert ruleset.view(state, None).reason == reason
        data = json.loads(state.model_dump_json())
        ruleset.earlier_layout.restore(data)
        assert json.dumps(data, separators=(",", ":"), ensure_ascii=False) == text  # the very state stored then
        endings.add((name, _ending(reason)))
    assert endings == {("nineteen_sixty", kind) for kind in ("votes", "house", "cubes", "draw")} | {
        ("campaign_trail", kind) for kind in ("most", "tied", "runoff")}


# Presidential Election games (2 and 3 players, a House roll among them) and Electioneer US games played while the
# rules kept the last dice and the outcome's reason as text (tests/service/fixtures/
# presidential_election_games_before_rolls_kept_facts.json, made by that code: each move's hash, the outcome's reason
# and the finished state as stored): their records verify move by move, the earlier layout putting the dice's lines and
# the reason back at their places, a state stored then loads with its rolls read back, and a finished one with the
# same outcome reason.
ROLLS_IN_WORDS = json.loads((Path(__file__).parent / "fixtures" /
                             "presidential_election_games_before_rolls_kept_facts.json").read_text())


@pytest.fixture(scope="module")
def rolls_replayed() -> list[tuple[dict[str, Any], list[records.Step]]]:
    return [(game, _steps(game)) for game in ROLLS_IN_WORDS]


def test_a_record_made_while_rolls_and_reasons_were_text_verifies_move_by_move(rolls_replayed) -> None:  # noqa: ANN001
    rolled: set[tuple[str, bool]] = set()
    for game, steps in rolls_replayed:
        ruleset = registry.get(game["ruleset"])
        assert records.hash_matches(ruleset, steps[0].state, steps[0].posting, game["initial_state_hash"])
        differ = [step.seq for step, move in zip(steps[1:], game["moves"], strict=True)
                  if not records.hash_matches(ruleset, step.state, step.posting, move["state_hash"])]
        assert differ == [], game["seed"]
        assert not records.hash_matches(ruleset, steps[-1].state, steps[-1].posting, "0" * 64)
        if game["ruleset"] == "presidential_election":
            rolled |= {(x.what, x.bonus > 0) for step in steps for x in step.state.rolls}
            # today's hash is never then's: the restored lines and reason are what verify them
            assert all(state_hash(step.state) != move["state_hash"] for step, move in zip(steps[1:], game["moves"]))
    # every kind of roll the game makes, and each that an Advantage adds to with its bonus
    assert {what for what, _ in rolled} == {"opening_roll", "trail", "debate", "fundraising_space", "fundraising",
                                           "sign", "tv", "recount", "house", "national_debate"}
    assert {what for what, bonus in rolled if bonus} == {"debate", "sign", "tv", "recount", "national_debate"}


def test_a_presidential_election_state_stored_with_its_dice_as_text_loads_with_its_rolls(rolls_replayed) -> None:  # noqa: ANN001
    ruleset = registry.get("presidential_election")
    assert ruleset.earlier_layout is not None and ruleset.earlier_layout.restore is not None
    loaded = 0
    for game, steps in rolls_replayed:
        if game["ruleset"] != "presidential_election":
            continue
        for step, move in zip(steps[1:], game["moves"]):
            data = json.loads(step.state.model_dump_json())
            ruleset.earlier_layout.restore(data)
            stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            assert hashlib.sha256(stored.encode()).hexdigest() == move["state_hash"]  # the very state stored then
            assert list(data)[-2:] == ["winner", "reason"] and "rolls" not in data
            state = ruleset.load_state(stored)
            assert state.model_dump() == step.state.model_dump()
            assert ruleset.view(state, None).last_dice == data["last_dice"]  # the board's dice, word for word
            loaded += 1
    assert loaded > 2000


def test_a_finished_state_stored_with_its_reason_loads_with_the_same_outcome_reason(rolls_replayed) -> None:  # noqa: ANN001
    reasons = []
    for game, steps in rolls_replayed:
        ruleset = registry.get(game["ruleset"])
        state = ruleset.load_state(game["final_state"])
        assert state.model_dump() == steps[-1].state.model_dump()
        outcome = ruleset.outcome(state)
        assert outcome is not None and outcome.reason == game["reason"] == ruleset.outcome(steps[-1].state).reason
        reasons.append(game["reason"])
    # a win outright, one by the House roll, and Electioneer's count
    assert [any(said in reason for reason in reasons)
            for said in ("most electoral votes", "chosen by the House roll", "wins the Electoral College")] == [True] * 3


def test_a_presidential_election_state_naming_its_national_debate_in_words_verifies_and_loads(rolls_replayed) -> None:  # noqa: ANN001
    """The National Debate's votes to place: a state of then named the debate as their task's cause, in words (with
    its dice as lines, above, or, later, with its dice already kept as rolls); both verify and load as the id."""
    ruleset = registry.get("presidential_election")
    placing = [step for game, steps in rolls_replayed if game["ruleset"] == "presidential_election" for step in steps
               if any(task.kind == "place" and task.cause == "national_debate" for task in step.state.tasks)]
    assert len(placing) > 2  # the fixture's records hash these states with the name: the test above verifies them
    _each_layout_of_then_verifies_and_loads(ruleset, placing, '"cause":"National Debate"')


def _each_layout_of_then_verifies_and_loads(ruleset: Any, steps: list[records.Step], said_then: str) -> None:
    """Each step's state, laid out as each time before stored it, says `said_then`, and its hash verifies and it
    loads as the state of now."""
    for step in steps:
        for restore in (ruleset.earlier_layout.restore, *ruleset.earlier_layout.later):
            data = json.loads(step.state.model_dump_json())
            restore(data)
            stored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            assert said_then in stored
            assert records.hash_matches(ruleset, step.state, step.posting, hashlib.sha256(stored.encode()).hexdigest())
            assert ruleset.load_state(stored).model_dump() == step.state.model_dump()


def test_a_1960_state_naming_its_election_day_reason_in_words_verifies_and_loads(reasons_replayed) -> None:  # noqa: ANN001
    """An Election Day event paused on its question: a state of then kept the effect's reason in words (with its
    last draws as lines, or later as draws); each layout of then verifies and loads as the id."""
    ruleset = registry.get("nineteen_sixty")
    paused = [step for game, steps in reasons_replayed if game["ruleset"] == "nineteen_sixty" for step in steps
              if any(frame.locals.get("why") == "election_day" for frame in step.state.effect.frames)]
    assert paused  # the fixture's records hash these states with the words: the test above verifies them
    _each_layout_of_then_verifies_and_loads(ruleset, paused, '"why":"Election Day"')
