"""Menus a phone can use: over seeded games of every title, every menu as the local table prints it (its entries, each
group opened), as a transcript shows a prompt, and as Discord's selects show it (each step of the prefix walk) has no
line too long to read on a phone and no two entries reading the same; a state menu says what decides the choice.
Random legal moves drive the games (a seeded `Rng`), so every kind of menu comes up in a few hundred steps."""
from __future__ import annotations

from typing import Any

import pytest

from bot.discord import limits, walk
from bot.tables import console
from bot.tables.transcripts import _any_time, _choices
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from engine.core.types import Option

CONSOLE_LINE = 200  # a console line: about two lines of a phone held sideways
SELECT_LABEL = 100  # Discord's own limit on a select option's label and description
STEPS = 250
GAMES = [("electioneer", 2, {}, 3), ("electioneer", 2, {}, 8), ("presidential_election", 3, {}, 5),
         ("presidential_election", 2, {}, 11), ("campaign_trail", 2, {}, 4), ("campaign_manager_2008", 2, {}, 6),
         ("nineteen_sixty", 2, {}, 7)]


def _console_menus(options: list[Option]) -> list[list[str]]:
    """Each menu the local table may print for these options: all of them, and each group opened (and so on)."""
    out, todo = [], [(console.menu(options), "")]
    while todo:
        entries, within = todo.pop()
        out.append(console.menu_lines(entries, within=within))
        todo += [(console.opened(e), e.title) for e in entries if isinstance(e, console.Group)]
    return out


def _select_steps(options: list[Option]) -> list[walk.Step]:
    out, todo = [], [()]
    while todo:
        step = walk.step(options, todo.pop())
        out.append(step)
        todo += [c.path for c in step.choices if not c.final]
    return out


def _problems(where: str, options: list[Option], extras: list[Option]) -> list[str]:
    problems = []
    for pool in (options, extras):
        if not pool:
            continue
        for lines in _console_menus(pool):
            problems += [f"{where}: console line of {len(line)}: {line[:90]}…" for line in lines if len(line) > CONSOLE_LINE]
        for step in _select_steps(pool):
            shown = [(limits.clip(c.label, SELECT_LABEL), limits.clip(c.description, SELECT_LABEL)) for c in step.choices]
            problems += [f"{where}: select label over {SELECT_LABEL}: {c.label[:90]}…" for c in step.choices
                         if len(c.label) > SELECT_LABEL]
            problems += [f"{where}: select entries read the same: {s}" for s in {s for s in shown if shown.count(s) > 1}]
        labels = [(o.label, o.detail) for o in pool]
        problems += [f"{where}: entries read the same: {s}" for s in {s for s in labels if labels.count(s) > 1}]
    lines = [*(_choices(options) if options else []), *(_any_time(extras) if extras else [])]
    problems += [f"{where}: transcript line of {len(line)}: {line[:90]}…" for line in lines if len(line) > CONSOLE_LINE]
    return problems


def _game_problems(name: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    ruleset = registry.get(name)
    seats = seats_for(ruleset, players, options)
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed)
    problems: list[str] = []
    for n in range(STEPS):
        if ruleset.outcome(state) is not None:
            break
        owing = owing_seats(ruleset, state)
        if not owing:
            break
        for seat in owing:
            d = ruleset.decisions(state, seat)
            problems += _problems(f"{name} seed {seed} step {n} {seat}", d.options, d.extras)
        seat = rng.choice(owing)
        state = play(ruleset, state, seat, [rng.choice(ruleset.decisions(state, seat).all_options()).action]).state
    return problems


@pytest.mark.parametrize(("name", "players", "options", "seed"), GAMES)
def test_every_menu_reads_on_a_phone(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    problems = _game_problems(name, players, options, seed)
    kinds = {p.split(": ", 1)[1].split(":")[0]: p for p in problems}  # one example of each kind
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(kinds.values())


def test_presidential_election_state_menus_give_ev_and_votes_in_name_order() -> None:
    ruleset = registry.get("presidential_election")
    seats = seats_for(ruleset, 3, {})
    state = ruleset.setup({}, seats, 5)
    rng = Rng(5)
    seen = 0
    for _ in range(STEPS):
        if ruleset.outcome(state) is not None:
            break
        owing = owing_seats(ruleset, state)
        for seat in owing:
            opts = [o for o in ruleset.decisions(state, seat).options if o.action.args[-1:] and
                    o.action.args[-1] in ruleset_states()]
            if len(opts) < 2:
                continue
            seen += 1
            assert all(" EV" in o.detail for o in opts), [(o.label, o.detail) for o in opts[:3]]
            labels = [o.label for o in opts]
            assert labels == sorted(labels), labels[:6]
        seat = rng.choice(owing)
        state = play(ruleset, state, seat, [rng.choice(ruleset.decisions(state, seat).all_options()).action]).state
    assert seen > 3


def ruleset_states() -> set[str]:
    from engine.presidential_election.content import load
    return set(load().states)


@pytest.mark.parametrize("typed", ["home Texas", "home texas", "home TX", "home tx", "HOME TEXAS"])
def test_presidential_election_reads_a_home_state_by_name_or_code(typed: str) -> None:
    assert registry.get("presidential_election").parse(typed)[0].args == ("TX",)


@pytest.mark.parametrize(("name", "typed", "code"), [
    ("presidential_election", "home New York", "NY"), ("presidential_election", "state new_york", "NY"),
    ("presidential_election", "ballot north carolina", "NC"), ("presidential_election", "fly District of Columbia", "DC"),
    ("campaign_trail", "home Virginia", "VA"), ("campaign_trail", "to west virginia", "WV"),
    ("campaign_manager_2008", "pick Michigan", "MI"), ("campaign_manager_2008", "state New Jersey", "NJ"),
    ("nineteen_sixty", "place new-york", "NY"), ("electioneer", "swap Wisconsin 1 crime", "WI"),
])
def test_every_title_reads_a_state_by_its_name(name: str, typed: str, code: str) -> None:
    assert code in registry.get(name).parse(typed)[-1].args


@pytest.mark.parametrize("typed", ["home Narnia", "home New", "home York", "home Texass"])
def test_a_name_no_state_has_is_refused_in_words(typed: str) -> None:
    from engine.core.errors import UnknownAction
    with pytest.raises(UnknownAction, match="is not a state"):
        registry.get("presidential_election").parse(typed)


def test_a_state_whose_two_issues_match_offers_each_swap_once_and_says_why_slot_2_is_refused() -> None:
    from engine.core.errors import IllegalAction
    from engine.core.ruleset import check_legal
    ruleset = registry.get("electioneer")
    state = ruleset.setup({}, ["DEM", "REP"], 3)  # Wisconsin's issues are Economy and Economy
    state.boards["WI"].revealed = True
    state.phase, state.month_winner = "swap", "DEM"
    swaps = [o for o in ruleset.decisions(state, "DEM").options if o.action.args[:1] == ("WI",)]
    assert swaps and len({o.label for o in swaps}) == len(swaps)
    assert {o.action.args[1] for o in swaps} == {"1"} and swaps[0].label.startswith("Wisconsin: Economy → ")
    with pytest.raises(IllegalAction, match="both Economy, so swapping one is a single choice: name slot 1"):
        check_legal(ruleset, state, "DEM", ruleset.parse("swap Wisconsin 2 crime")[0])
