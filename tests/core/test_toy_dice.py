"""The core Randomness (dice, bags, forcing, undo) and the scenario runner's `force:`, on a toy ruleset."""
from __future__ import annotations

from pathlib import Path

import pytest
import toy_dice  # tests/core/toy_dice.py (tests/core is on sys.path for its own tests)

from engine import registry, scenario
from engine.core.rng import Bag, DiceRoll, ForcedValueError, Randomness, forced_copy, randomness_of, randomness_path
from engine.core.ruleset import play, replay, state_hash
from engine.core.types import Action

HERE = Path(__file__).resolve().parent


@pytest.fixture
def toy_registered(monkeypatch):
    """The runner finds the toy as a ruleset under construction; engine/ never names it."""
    monkeypatch.setitem(registry.UNDER_CONSTRUCTION, "toy_dice", "toy_dice")


# ---------------------------------------------------------------- dice


def test_roll_is_deterministic_and_counts_every_die() -> None:
    a, b = Randomness.seeded(7), Randomness.seeded(7)
    rolls = [a.roll(2) for _ in range(100)]
    assert rolls == [b.roll(2) for _ in range(100)] and a == b
    assert a.draws == 200
    assert {f for r in rolls for f in r.faces} == {1, 2, 3, 4, 5, 6}
    assert all(r.total == sum(r.faces) and r.sides == 6 for r in rolls)
    assert {f for f in Randomness.seeded(1).roll(300, sides=3).faces} == {1, 2, 3}


def test_roll_text_is_ascii() -> None:
    assert DiceRoll(sides=6, faces=(5, 3)).text == "rolled 5+3 = 8"
    assert DiceRoll(sides=6, faces=(4,)).text == "rolled 4"
    assert DiceRoll(sides=6, faces=(1, 2, 3)).text.isascii()


def test_forced_faces_come_first_then_the_prng() -> None:
    plain = Randomness.seeded(3)
    forced = Randomness.seeded(3)
    forced.forced_dice = [6, 6]
    assert forced.roll(2).faces == (6, 6)
    assert forced.roll(2) == plain.roll(2)  # the forced faces did not advance the PRNG
    assert forced.draws == 4 and forced.forced_dice == []


def test_an_impossible_forced_face_is_refused() -> None:
    r = Randomness(prng=1, forced_dice=[7])
    with pytest.raises(ForcedValueError, match="7 cannot come up on a 6-sided die"):
        r.roll()


# ---------------------------------------------------------------- bags


def test_draw_without_replacement_empties_the_bag_exactly() -> None:
    bag, r = Bag(counts={"red": 3, "blue": 2, "gold": 1}), Randomness.seeded(11)
    drawn = r.draw(bag, 6)
    assert sorted(drawn) == ["blue", "blue", "gold", "red", "red", "red"]
    assert bag.size == 0 and bag.counts == {"red": 0, "blue": 0, "gold": 0} and r.draws == 6
    with pytest.raises(ValueError, match="cannot draw 1 from a bag of 0"):
        r.draw(bag)


def test_draws_do_not_depend_on_the_order_kinds_were_listed() -> None:
    one, two = Bag(counts={"red": 3, "blue": 2}), Bag(counts={"blue": 2, "red": 3})
    assert Randomness.seeded(5).draw(one, 5) == Randomness.seeded(5).draw(two, 5)


def test_put_refill_and_reseed() -> None:
    bag, r = Bag(counts={"red": 2, "blue": 1}), Randomness.seeded(2)
    drawn = r.draw(bag, 2)
    bag.put(drawn)
    assert bag.counts == {"red": 2, "blue": 1}
    bag.refill({"gold": 2})
    assert bag.counts == {"red": 0, "blue": 0, "gold": 2} and bag.describe() == "gold 2"
    with pytest.raises(ValueError):
        bag.refill({"red": -1})
    r.reseed(2)
    assert r.prng == Randomness.seeded(2).prng and r.draws == 2  # the counter survives a reseed


def test_a_forced_draw_the_bag_cannot_give_is_refused() -> None:
    bag, r = Bag(counts={"red": 1, "blue": 0}), Randomness(prng=1, forced_draws=["blue"])
    with pytest.raises(ForcedValueError, match="bag holds none \\(it holds red 1\\)"):
        r.draw(bag)
    r = Randomness(prng=1, forced_draws=["red"])
    assert r.draw(bag) == ["red"] and bag.counts["red"] == 0


def test_shuffle_counts_as_one_draw() -> None:
    r = Randomness.seeded(9)
    assert sorted(r.shuffle(range(10))) == list(range(10)) and r.draws == 1


# ---------------------------------------------------------------- finding and forcing the Randomness


def test_the_randomness_is_found_from_the_state_types() -> None:
    assert randomness_path(toy_dice.ToyState) == ("randomness",)
    from engine.electioneer.state import ElectioneerState

    assert randomness_path(ElectioneerState) == ("randomness",)  # stored as its bare integer, found all the same


def test_forced_copy_leaves_the_original_alone() -> None:
    state = toy_dice.RULESET.setup({}, ["A", "B"], 1)
    before = state_hash(state)
    forced = forced_copy(state, [6, 6], ["red"])
    assert state_hash(state) == before
    assert randomness_of(forced).forced_dice == [6, 6] and randomness_of(forced).forced_draws == ["red"]
    with pytest.raises(ForcedValueError, match="whole number"):
        forced_copy(state, [0], [])


# ---------------------------------------------------------------- randomness drawn ends undo (core play)


def test_a_roll_ends_undo_and_a_pass_does_not() -> None:
    toy = toy_dice.RULESET
    state = toy.setup({}, ["A", "B"], 1)
    rolled = play(toy, state, "A", [Action(verb="roll")])
    assert rolled.undoable is False  # the toy never says so: core play saw the draw counter move
    passed = play(toy, state, "A", [Action(verb="pass")])
    assert passed.undoable is True


def test_the_toy_replays_identically() -> None:
    toy = toy_dice.RULESET
    moves = [("A", "roll"), ("B", "draw"), ("A", "draw"), ("B", "roll")]
    assert state_hash(replay(toy, {}, ["A", "B"], 42, moves)) == state_hash(replay(toy, {}, ["A", "B"], 42, moves))


# ---------------------------------------------------------------- the scenario runner's `force:`


def test_toy_scenarios_pass(toy_registered) -> None:
    results = scenario.run_file(HERE / "scenarios" / "toy_dice.yaml")
    assert results and all(r.passed for r in results), "\n".join(r.line for r in results if not r.passed)


def _case(tmp_path: Path, ruleset: str, body: str) -> scenario.CaseResult:
    path = tmp_path / "c.yaml"
    path.write_text(f"ruleset: {ruleset}\ncases:\n  - name: c\n    rule: r\n{body}", encoding="utf-8")
    [result] = scenario.run_file(path)
    return result


@pytest.mark.parametrize("body, reason", [
    ("    force: {dice: [7, 1]}\n    steps: [{seat: A, move: roll}]",
     "step 1 (A: roll): impossible force: forced die face 7 cannot come up on a 6-sided die"),
    ("    steps: [{seat: A, move: draw, force: {draws: [green]}}]",
     "impossible force: forced draw 'green' but the bag holds none (it holds blue 2, gold 1, red 3)"),
    ("    force: {dice: [0]}", "force: a forced die face is a whole number from 1 up, not 0"),
    ("    force: {dice: 6}", "`dice:` is a list"),
    ("    force: [6, 6]", "`force:` is a mapping"),
    ("    force: {die: [6]}", "`force:` is a mapping"),
    ("    force: {dice: [6, 6, 6]}\n    steps: [{seat: A, move: roll}]", "forced dice [6] never came up"),
    ("    force: {draws: [red]}", "forced draws ['red'] never came up"),
])
def test_impossible_or_malformed_forcing_fails_the_case_clearly(tmp_path, toy_registered, body, reason) -> None:
    r = _case(tmp_path, "toy_dice", body)
    assert not r.passed and reason in r.reason, r.reason


def test_forcing_a_state_without_randomness_fails_and_dice_a_game_never_rolls_fail_the_case(tmp_path) -> None:
    from pydantic import BaseModel

    from engine.core.scenario import DefaultScenarioAdapter, ScenarioFailure

    class Plain(BaseModel):
        seed: int = 1

    with pytest.raises(ScenarioFailure, match="`force:` needs a state that holds the core Randomness"):
        DefaultScenarioAdapter().force(Plain(), [6], [])
    r = _case(tmp_path, "electioneer", "    steps: [{seat: DEM, move: discard D01, force: {dice: [6]}}]")
    assert not r.passed and "forced dice [6] never came up" in r.reason, r.reason


def test_randomness_is_found_nested_and_optional_but_not_inside_collections() -> None:
    from pydantic import BaseModel

    class Inner(BaseModel):
        dice: Randomness | None = None

    class Outer(BaseModel):
        many: dict[str, Randomness] = {}
        table: Inner

    class Loop(BaseModel):
        again: "Loop | None" = None

    assert randomness_path(Outer) == ("table", "dice")
    assert randomness_of(Outer(table=Inner())) is None  # an empty optional holds nothing to force
    assert randomness_of(Outer(table=Inner(dice=Randomness(prng=1)))) == Randomness(prng=1)
    assert randomness_path(Loop) is None


async def test_a_draw_is_stored_and_told_as_a_draw(tmp_path, monkeypatch) -> None:
    """The manager stores it (status finished, no winner) and the log says "Draw" (Discord: tests/discord)."""
    from bot.service import GameManager
    from bot.store import Store
    from bot.tables.recording import RecordingTable
    from engine import registry

    monkeypatch.setitem(registry.RULESETS, "toy_dice", toy_dice.RULESET)
    store = await Store.open(tmp_path / "draw.sqlite3")
    manager = GameManager(store, RecordingTable(), render=False)
    try:
        record = await manager.games.create("toy_dice", "ua", "Ann", seat="A", seed=1)
        await manager.games.join(record.id, "ub", "Bo", seat="B")
        await manager.games.start(record.id, "ua")
        await manager.games.submit(record.id, "ua", "pass")
        result = await manager.games.submit(record.id, "ub", "pass")
        assert result.finished
        record = await manager.views.game(record.id)
        assert record.status == "finished"
        assert record.result["draw"] is True and record.result["winners"] == []
        assert (await manager.memory.log_lines(record.id))[-1] == "Draw — both players passed"
    finally:
        await store.close()
