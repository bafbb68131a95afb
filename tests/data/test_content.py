"""Every data file validates against its strict model; all problems are reported at once."""
from __future__ import annotations

import importlib
import pkgutil

import engine
from bot.present import coach
from engine.core.ruleset import seat_range, seats_for
from engine import registry
from engine.electioneer import content as electioneer


def _content_modules() -> list[str]:
    """Every ruleset package's content loader (engine/<ruleset>/content.py with collect_problems), found
    without naming a ruleset, so a ruleset added later is checked by this test too."""
    found = []
    for package in pkgutil.iter_modules(engine.__path__):
        if not package.ispkg or package.name == "core":
            continue
        try:
            module = importlib.import_module(f"engine.{package.name}.content")
        except ModuleNotFoundError:
            continue
        if hasattr(module, "collect_problems"):
            found.append(module.__name__)
    return found


def test_all_content_valid() -> None:
    """Every data file of every ruleset, every problem reported at once."""
    modules = _content_modules()
    assert {"engine.electioneer.content", "engine.campaign_trail.content"} <= set(modules)
    problems: list[str] = []
    for name in modules:
        _, found = importlib.import_module(name).collect_problems()
        problems += found
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)


def test_bad_content_reports_every_problem(broken_data) -> None:
    """A broken copy of the data reports each broken card, not just the first."""
    problems = broken_data("electioneer", [
        ("policies.yaml", "effects: {healthcare: 2, immigration: -1}", "effects: {healthcare: 2, weather: -1}"),
        ("policies.yaml", "party: REP, name: Tax Cut Extension", "party: REP, nmae: Tax Cut Extension"),
    ], electioneer.collect_problems)
    text = "\n".join(problems)
    assert "nmae" in text, text
    assert "policies[15]" in text, text
    assert "weather" in text, text


def test_every_lesson_is_valid() -> None:
    """Every guided first game's file (data/learn/<ruleset>.yaml), each for a registered game, every problem at once."""
    assert "electioneer" in coach.titles()
    problems: list[str] = []
    for name in registry.RULESETS:
        lesson, found = coach.collect_problems(name)
        problems += found
        if lesson is not None:
            ruleset = registry.get(name)
            ruleset.parse_options(lesson.options)
            seats = seats_for(ruleset, seat_range(ruleset, lesson.options)[0], lesson.options)  # the lesson's game
            assert lesson.seat in seats, (name, lesson.seat, seats)
    assert not problems, "\n".join(problems)


def test_a_broken_lesson_reports_every_problem(broken_data) -> None:
    problems = broken_data("learn", [
        ("electioneer.yaml", "suggest: {move: ready}", "suggest: {}"),
        ("electioneer.yaml", "options: {theatrics: 1}", "options: {theatrics: 1}\nend: {view: month}"),
        ("electioneer.yaml", "rule: \"Theatrics\"", "rule: \"Theatrics\"\n    colour: red"),
        ("electioneer.yaml", "That was a whole game", "That was a whole game" + " and more" * 80),
    ], lambda: coach.collect_problems("electioneer"))
    text = "\n".join(problems)
    assert "give a `move`, a `rule` or both" in text and "colour" in text and "summary" in text, text
    assert "give `moves`, or `view` with one of `at_least` and `at_most`" in text, text


def test_a_lesson_whose_steps_do_not_hold_together_says_how(broken_data) -> None:
    problems = broken_data("learn", [
        ("electioneer.yaml", "ticks: swap", "ticks: swapping"),
        ("electioneer.yaml", "after: [platform]", "after: [election]"),
    ], lambda: coach.collect_problems("electioneer"))
    text = "\n".join(problems)
    assert "step `swap` ticks `swapping`, which is not on the checklist" in text, text
    assert "checklist item `swap` is ticked by no step" in text and "comes after `election`" in text, text
