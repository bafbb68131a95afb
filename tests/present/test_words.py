"""Counting and grammar in every line read (tests/linewords.py, check 6 of tests/linecheck.py): a seeded whole game of
every title passes it, and each of its rules fires on a bad line and not on a good one."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.words import article, plural, times
from tests import linecheck, linewords

# (ruleset, players, options, seed): one whole game of each title at a small table, to stay within half a minute
GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("electioneer", 2, {}, 102),
    ("campaign_trail", 1, {"ai": ["REP"]}, 104),
    ("presidential_election", 2, {}, 103),
    ("campaign_manager_2008", 2, {"deck": "draft"}, 101),
    ("nineteen_sixty", 2, {}, 101),
]


@pytest.mark.parametrize("ruleset,players,options,seed", GAMES,
                         ids=[linecheck.game_label(*g[:1], g[1], g[2], g[3]) for g in GAMES])
async def test_every_line_of_a_whole_game_counts_and_reads_right(ruleset: str, players: int, options: dict[str, Any],
                                                                 seed: int) -> None:
    played = await linecheck.play_game(ruleset, options, players, seed)
    found, seen = linewords.check_words(played.texts)
    assert seen > 200
    assert not found, "\n".join(f"[{kind}] {t.audience}: {why}" for t, kind, why in found[:10])


@pytest.mark.parametrize("line,kind", [
    ("DEM puts 2 voter(s) in MI.", "words/plural-mark"),
    ("KEN makes 1 support checks in OH.", "words/one-plural"),
    ("1 CP in OH (1 checks)", "words/one-plural"),
    ("+1 more states on the map", "words/one-plural"),
    ("… 1 earlier lines", "words/one-plural"),
    ("`econmy` is not a issue: write defense.", "words/a-an"),
    ("you are buying a Airfare", "words/a-an"),
    ("an card", "words/a-an"),
    ("REP wins the presidency, 15–78.", "words/score-order"),
])
def test_each_slip_is_found(line: str, kind: str) -> None:
    assert [k for k, _ in linewords.line_problems(line)] == [kind]


@pytest.mark.parametrize("line", [
    "DEM puts 2 voters in MI.", "KEN makes 1 support check in OH.", "1 of your cubes", "an issue", "a union",
    "an hour", "a one-time bonus", "an NC ballot", "REP wins the presidency, 78–15.", "P3 wins by 4, 1 vote changes hands.",
    "1 CP in OH (1 check)", "a US state", "Player 1 news",
])
def test_good_lines_pass(line: str) -> None:
    assert linewords.line_problems(line) == []


def test_a_line_twice_in_a_row_and_you_in_public_are_found() -> None:
    post = "REP +1 in FL\nREP puts a voter in FL.\nREP puts a voter in FL."
    assert [k for k, _ in linewords.text_problems(post, public=True, post=True)] == ["words/repeated"]
    said = "MCC goes negative and rolls 6: “Ad Pulled in Disgrace” — Your opponent gains 2 support. You discard 1 card."
    assert [k for k, _ in linewords.text_problems(said, public=True, post=True)] == ["words/you"]
    # a card's own words after its name and a colon speak to its holder, as the printed card does; a prompt is private
    card = "OBA plays O05 “Message of the Week”: Shift a state of your choice 1 space."
    assert linewords.text_problems(card, public=True, post=True) == []
    assert linewords.text_problems("Your move: play a card.", public=False, post=True) == []


def test_the_shared_words() -> None:
    assert [plural(n, "voter") for n in (0, 1, 2, -1)] == ["0 voters", "1 voter", "2 voters", "-1 voter"]
    assert plural(1, "support check") == "1 support check" and plural(3, "support check") == "3 support checks"
    assert plural(2, "die") == "2 dice" and plural(2, "city") == "2 cities"
    assert [article(w) for w in ("issue", "union", "hour", "card", "Airfare", "FL", "TX")] == \
        ["an", "a", "an", "a", "an", "an", "a"]
    assert times("DEM passes.", 3) == "DEM passes (3 times)." and times("DEM passes.", 1) == "DEM passes."


def test_a_finished_1960_headline_puts_the_winners_figure_first() -> None:
    from bot.present.nineteen_sixty import headline
    from engine import registry
    from engine.core.ruleset import seats_for
    r = registry.get("nineteen_sixty")
    options = r.parse_options({}).model_dump()
    view = r.view(r.setup(options, seats_for(r, 2, options), 1), None)
    over = view.model_copy(update={"phase": "over", "winner": "NIX", "votes": {"KEN": 169, "NIX": 368}, "reason": ""})
    assert headline(over).startswith("Nixon wins 368–169"), headline(over)
    assert linewords.line_problems(headline(over)) == []


def test_what_a_deadline_plays_is_told_without_you() -> None:
    """The channel's "⏰ X's deadline passed: …" line repeats the seat's deadline default: it names no "you"."""
    from engine import registry
    from engine.core.rng import Rng
    from engine.core.ruleset import owing_seats, play, seats_for
    said = set()
    for name, players, options in (("electioneer", 2, {}), ("campaign_trail", 3, {"dirty": True})):
        r = registry.get(name)
        options = r.parse_options(options).model_dump()
        state, rng = r.setup(options, seats_for(r, players, options), 1), Rng(1)
        for _ in range(400):
            owing = owing_seats(r, state)
            if r.outcome(state) is not None or not owing:
                break
            said.add(r.decisions(state, owing[0]).deadline_default or "")
            state = play(r, state, owing[0], [r.bot_action(state, owing[0], rng)]).state
    assert len(said) > 3
    assert not [d for d in said if linewords.YOU.search(d)]
