"""The shared engine core: PRNG, frame stack, response windows, simultaneous commit-reveal."""
from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.frames import Frame, FrameStack, Interpreter, Wait
from engine.core.rng import Bag, Randomness, Rng, splitmix64
from engine.core.ruleset import commitment
from engine.core.types import Strict
from engine.core.windows import ResponseWindow, Simultaneous, eligible


def test_splitmix64_known_values_and_determinism() -> None:
    # Reference values of splitmix64 seeded with 0 (the published test vector).
    out, state = splitmix64(0)
    assert out == 0xE220A8397B1DCDAF
    out2, _ = splitmix64(state)
    assert out2 == 0x6E789E6AA1B965F4
    a, b = Rng(123), Rng(123)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    assert sorted(Rng(5).shuffle(range(20))) == list(range(20))
    rolls = [Rng(i).roll(6) for i in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_draws_and_shuffles_give_the_same_values_as_ever() -> None:
    # Stored games replay only if every seed gives the very values it always gave: these are pinned. A bound near
    # 2^63 sends about half of the generator's outputs back to be drawn again.
    rng = Rng(12345)
    assert [rng.below(n) for n in (1, 2, 3, 7, 10, 1000, 2**40 + 3, 2**63 + 5)] == \
        [0, 1, 0, 4, 3, 646, 773301033948, 7959005890829367068]
    assert rng.shuffle(range(20)) == [11, 9, 7, 6, 0, 5, 19, 14, 12, 13, 16, 15, 10, 2, 8, 4, 18, 17, 1, 3]
    assert rng.salt() == "1c402042b2a54fab"
    randomness = Randomness.seeded(99)
    bag = Bag(counts={"a": 3, "b": 5, "c": 0, "d": 2})
    assert randomness.draw(bag, 6) == ["b", "a", "b", "d", "b", "d"]
    assert bag.counts == {"a": 2, "b": 2, "c": 0, "d": 0}
    assert randomness.shuffle(list("abcdefg")) == list("edcagbf")
    assert randomness.roll(3).faces == (4, 3, 1)
    assert (randomness.draws, randomness.prng) == (10, 4990025626462012830)
    assert randomness.model_fields_set == {"prng", "draws"}
    with pytest.raises(ValueError, match="cannot draw 3 from a bag of 2"):
        randomness.draw(Bag(counts={"a": 1, "b": 1}), 3)


def test_a_state_model_sets_its_fields_as_pydantic_does_and_a_frozen_one_refuses() -> None:
    class Part(Strict):
        n: int = 0

    class Frozen(Strict):
        model_config = ConfigDict(frozen=True)
        n: int = 0

    class Checked(Strict):
        model_config = ConfigDict(validate_assignment=True)
        n: int = 0

    class FrozenField(Part):
        m: int = Field(default=0, frozen=True)

    part = Part()
    part.n = 3
    assert (part.n, part.model_fields_set) == (3, {"n"})
    with pytest.raises(ValueError, match="no field"):
        part.other = 1
    for model, name in ((Frozen(), "n"), (Checked(), "n"), (FrozenField(), "m")):
        with pytest.raises(ValidationError):
            setattr(model, name, "three")
        assert getattr(model, name) == 0


class Toy(BaseModel):
    """A tiny game for exercising the interpreter: a pile, a hand, a score, the effect stack."""

    pile: list[int] = Field(default_factory=lambda: [5, 3, 8, 1])
    hand: list[int] = Field(default_factory=list)
    score: int = 0
    stack: FrameStack = Field(default_factory=FrameStack)


def _draw(game: Toy, frame: Frame, args: list) -> None:
    for _ in range(args[0]):
        game.hand.append(game.pile.pop(0))


def _choose(game: Toy, frame: Frame, args: list) -> Wait:
    return Wait({"kind": "choose", "from": list(game.hand)})


def _keep(game: Toy, frame: Frame, args: list) -> None:
    game.score += frame.locals["answer"]
    frame.locals["big"] = frame.locals["answer"] >= 5


def _bonus(game: Toy, frame: Frame, args: list) -> None:
    game.score += args[0]


PROCS = {
    "card": [["draw", 2], ["choose"], ["keep"], ["if", "big", "big"], ["call", "small_bonus"], ["end"],
             ["label", "big"], ["bonus", 10]],
    "small_bonus": [["bonus", 1]],
}
VM = Interpreter(PROCS, {"draw": _draw, "choose": _choose, "keep": _keep, "bonus": _bonus})


def test_effect_pauses_survives_serialisation_and_resumes() -> None:
    game = Toy()
    wait = VM.start(game.stack, "card", game)
    assert wait == Wait({"kind": "choose", "from": [5, 3]})
    # A restart: the state goes to JSON and back while the effect is waiting.
    game = Toy.model_validate_json(game.model_dump_json())
    assert game.stack.waiting
    assert VM.resume(game.stack, game, 5) is None
    assert game.score == 15 and not game.stack.waiting
    small = Toy()
    VM.start(small.stack, "card", small)
    VM.resume(small.stack, small, 3)
    assert small.score == 4  # 3 kept + the small bonus through a nested call


def test_runaway_effect_is_stopped() -> None:
    vm = Interpreter({"loop": [["label", "a"], ["goto", "a"]]}, {}, max_steps=100)
    with pytest.raises(RuntimeError, match="more than 100 steps"):
        vm.start(FrameStack(), "loop", None)
    with pytest.raises(KeyError, match="no handler"):
        Interpreter({"p": [["mystery"]]}, {}).start(FrameStack(), "p", None)


def test_response_window_public_eligibility_prefs_and_deadline() -> None:
    seats = ["A", "B", "C", "D"]
    # Eligibility from public counts only: D has no cards, A is the actor.
    window = ResponseWindow(trigger="campaign:VA", seats=eligible(seats, {"A": 3, "B": 5, "C": 1, "D": 0}, "A"))
    assert window.seats == ["B", "C"]
    prefs = {"B": "ask", "C": "pass"}
    window.auto_pass(prefs)
    assert window.open_for(prefs) == ["B"] and not window.closed
    window.expire()
    assert window.closed and window.answers == {"B": "pass", "C": "pass"}
    with pytest.raises(ValueError):
        window.answer("D", "pass")


def test_simultaneous_commit_reveal() -> None:
    sim = Simultaneous(seats=["DEM", "REP"])
    d = sim.commit("DEM", "D07", "s1")
    assert sim.committed() == {"DEM": True, "REP": False}
    assert sim.digests() == {"DEM": d} and "D07" not in d
    with pytest.raises(ValueError):
        sim.reveal()
    sim.commit("REP", "R03", "s2")
    revealed = sim.reveal()
    assert commitment("DEM", revealed["DEM"].choice, revealed["DEM"].salt) == d
    with pytest.raises(ValueError):
        sim.commit("LIB", "x", "y")


def test_an_outcome_is_winners_or_a_draw_and_says_so_in_one_line() -> None:
    import pytest
    from pydantic import ValidationError

    from engine.core.types import Outcome, result_headline

    draw = Outcome(winners=[], draw=True, reason="269–269 with every state won")
    assert draw.headline == "Draw — 269–269 with every state won"
    assert Outcome(winners=["DEM"], reason="270 electoral votes").headline == "Winner: DEM — 270 electoral votes"
    assert Outcome(winners=["DEM", "REP"], reason="a shared win").headline.startswith("Winners: DEM, REP")
    with pytest.raises(ValidationError):
        Outcome(winners=["DEM"], draw=True, reason="x")
    with pytest.raises(ValidationError):
        Outcome(winners=[], reason="nobody, yet not a draw")
    # results stored before `draw` existed, and an empty one, still read
    assert result_headline({"winners": ["REP"], "scores": {}, "reason": "REP conceded."}) == "Winner: REP — REP conceded."
    assert result_headline({"winners": [], "reason": "tie"}) == "Draw — tie"
    assert result_headline(None) == "No result."
