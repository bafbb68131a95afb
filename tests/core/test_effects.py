"""The core effect language with a toy op set: no ruleset involved.

The toy game has a score, a purse and a list of numbered spots; its ops are `add` (score), `pay` (purse) and
`note` (remembers a bound value). Each control op is compiled, run on the resumable interpreter and, where it
asks, resumed with answers, as a ruleset's content would be.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.effects import Choice, Domain, EffectLanguage, OneOf
from engine.core.frames import Frame, FrameStack, Wait


class Game:
    def __init__(self) -> None:
        self.score = 0
        self.purse = 10
        self.spots = ["a", "b", "c", "d"]
        self.rivals = ["R1"]
        self.notes: list[Any] = []


def _value(frame: Frame, v: Any) -> Any:
    return frame.locals[v[1:]] if isinstance(v, str) and v.startswith("$") else v


def toy() -> EffectLanguage:
    lang = EffectLanguage()
    lang.op("add", handler=lambda g, f, a: setattr(g, "score", g.score + a[0]["n"]))
    lang.op("pay", handler=lambda g, f, a: setattr(g, "purse", g.purse - a[0]["n"]))
    lang.op("note", handler=lambda g, f, a: g.notes.append(_value(f, a[0]["of"])))
    # an op with an optional form: `take` a spot (asked), or decline
    lang.op("take", handler=lambda g, f, a: g.notes.append(f.locals.pop("answer")))
    lang.optional("take", lambda p, stop, c: [["ask_take", {"stop": stop}], ["take_or_stop", {"stop": stop}]])
    lang.handler("ask_take", lambda g, f, a: Wait({"kind": "spot", "among": g.spots, "optional": True}))

    def take_or_stop(g: Game, f: Frame, a: list[Any]) -> None:
        answer = f.locals.pop("answer")
        if answer == "done":
            if a[0]["stop"] is not None:
                f.locals[a[0]["stop"]] = True
            return
        g.notes.append(answer)

    lang.handler("take_or_stop", take_or_stop)
    lang.domain("colours", Domain(values=lambda: ["red", "blue"]))
    lang.domain("rivals", Domain(at_run=lambda g, f: g.rivals, bound=2))
    lang.choice("choose_spot", Choice(lambda g, f, p: [s for s in g.spots if s not in p.get("not", [])], kind="spot"))
    lang.one_of(OneOf(ask=lambda g, f, p: Wait({"kind": "option", "among": [str(i + 1) for i in range(len(p["options"]))]})
                      if g.purse >= 5 else len(p["options"]) - 1))
    lang.repeat_guard(lambda rest: {"cost": sum(p["n"] for op, p in rest if op == "pay")},
                      lambda g, f, p: g.purse >= p["cost"])
    lang.condition("rich", lambda g, f, p: g.purse >= p["at_least"])
    return lang


def run(ops: list[Any], answers: list[Any] = (), game: Game | None = None) -> tuple[Game, list[Wait]]:
    """Compile and run an effect, answering each wait in turn; returns the game and the waits seen."""
    lang = toy()
    game = game or Game()
    interp = lang.interpreter({"e": lang.compile(ops)})
    stack = FrameStack()
    waits = []
    wait = interp.start(stack, "e", game)
    answers = list(answers)
    while wait is not None:
        waits.append(wait)
        wait = interp.resume(stack, game, answers.pop(0))
    assert not stack.frames and not answers
    return game, waits


def test_plain_ops_compile_to_themselves_and_unknown_ops_are_refused() -> None:
    game, _ = run([["add", {"n": 2}], ["pay", {"n": 3}]])
    assert (game.score, game.purse) == (2, 7)
    with pytest.raises(NotImplementedError, match="op fly"):
        toy().compile([["fly", {}]])


def test_for_each_over_a_fixed_domain_is_unrolled_with_the_item_bound() -> None:
    game, _ = run([["for_each", {"over": "colours", "as": "c", "do": [["note", {"of": "$c"}]]}]])
    assert game.notes == ["red", "blue"]


def test_for_each_over_a_run_time_domain_skips_missing_items() -> None:
    game, _ = run([["for_each", {"over": "rivals", "as": "r", "do": [["note", {"of": "$r"}], ["add", {"n": 1}]]}]])
    assert game.notes == ["R1"] and game.score == 1  # bound 2, one rival: the second round is skipped
    two = Game()
    two.rivals = ["R1", "R2"]
    game, _ = run([["for_each", {"over": "rivals", "as": "r", "do": [["note", {"of": "$r"}]]}]], game=two)
    assert game.notes == ["R1", "R2"]


def test_a_choice_asks_once_and_binds_the_answer() -> None:
    game, waits = run([["choose_spot", {"as": "s"}], ["note", {"of": "$s"}]], answers=["c"])
    assert waits[0].decision == {"kind": "spot", "among": ["a", "b", "c", "d"], "optional": False}
    assert game.notes == ["c"]


def test_a_choice_of_several_asks_for_different_ones_and_stops_when_none_qualify() -> None:
    game, waits = run([["choose_spot", {"as": "s", "count": 2}], ["note", {"of": "$s"}]], answers=["b", "d"])
    assert [w.decision["among"] for w in waits] == [["a", "b", "c", "d"], ["a", "c", "d"]]
    assert game.notes == [["b", "d"]]
    few = Game()
    few.spots = ["a"]
    game, waits = run([["choose_spot", {"as": "s", "count": 3}], ["note", {"of": "$s"}]], answers=["a"], game=few)
    assert len(waits) == 1 and game.notes == [["a"]]  # fewer qualify: as many as there are


def test_choose_one_runs_the_picked_option_only_or_takes_the_only_one_without_asking() -> None:
    effect = [["choose_one", {"options": [{"label": "score", "do": [["add", {"n": 5}]]},
                                          {"label": "pay", "do": [["pay", {"n": 1}]]}]}]]
    game, waits = run(effect, answers=["2"])
    assert len(waits) == 1 and (game.score, game.purse) == (0, 9)
    poor = Game()
    poor.purse = 1
    game, waits = run(effect, game=poor)
    assert not waits and (game.score, game.purse) == (0, 0)  # the hook took the last option without asking


def test_repeat_up_to_ends_on_done_on_times_or_when_the_guard_fails() -> None:
    effect = [["repeat", {"times": 3, "up_to": True, "do": [["take", {}], ["pay", {"n": 4}]]}]]
    game, waits = run(effect, answers=["a", "done"])
    assert game.notes == ["a"] and game.purse == 6 and len(waits) == 2
    game, waits = run(effect, answers=["a", "b"])
    assert game.notes == ["a", "b"] and game.purse == 2  # a third round would cost 4: the guard stops it
    rich = Game()
    rich.purse = 100
    game, waits = run(effect, answers=["a", "b", "c"], game=rich)
    assert game.notes == ["a", "b", "c"] and len(waits) == 3  # `times` ends it


def test_repeat_without_up_to_is_unrolled() -> None:
    game, _ = run([["repeat", {"times": 3, "do": [["add", {"n": 2}]]}]])
    assert game.score == 6


def test_optional_lets_the_player_decline() -> None:
    game, _ = run([["optional", {"do": [["take", {}]]}]], answers=["done"])
    assert game.notes == []
    game, _ = run([["optional", {"do": [["take", {}]]}]], answers=["b"])
    assert game.notes == ["b"]


def test_when_runs_do_or_else_by_a_registered_condition() -> None:
    effect = [["when", {"test": "rich", "at_least": 8, "do": [["add", {"n": 1}]], "else": [["pay", {"n": 1}]]}]]
    game, _ = run(effect)
    assert (game.score, game.purse) == (1, 10)
    poor = Game()
    poor.purse = 3
    game, _ = run(effect, game=poor)
    assert (game.score, game.purse) == (0, 2)


def test_the_same_content_always_compiles_to_the_same_procedure() -> None:
    effect = [["choose_spot", {"as": "s", "count": 2}],
              ["for_each", {"over": "rivals", "as": "r", "do": [["choose_one", {"options": [
                  {"label": "x", "do": [["add", {"n": 1}]]}, {"label": "y", "do": []}]}]]}]]
    assert toy().compile(effect) == toy().compile(effect)
    keys = [op[1]["key"] for op in toy().compile(effect) if op[0] in ("choose_init", "for_each_item", "choose_one_ask")]
    assert keys == ["cs1", "fo2", "co3", "fo4", "co5"]


def test_a_paused_effect_resumes_from_its_stored_frame() -> None:
    """The frame stack is data: a copy made while waiting resumes to the same end."""
    lang = toy()
    interp = lang.interpreter({"e": lang.compile([["choose_spot", {"as": "s"}], ["note", {"of": "$s"}]])})
    stack = FrameStack()
    game = Game()
    assert interp.start(stack, "e", game) is not None
    restored = FrameStack.model_validate_json(stack.model_dump_json())
    assert interp.resume(restored, game, "d") is None and game.notes == ["d"]
