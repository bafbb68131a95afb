"""Lines that must say what happened in full: a run of the same line is one counted line; a Presidential Election
debate that moves fewer votes than its margin says why; a Campaign Manager 2008 Going Negative result names the
seats and, arriving in a later post, the roll it follows from; Electioneer's result puts the winner's figure first.
Seeded bot games played through the engine (fast: no table)."""
from __future__ import annotations

import re
from typing import Any

from bot.present.posts import LINES, board_posts
from engine import registry
from engine.core.rng import Rng
from engine.core.posting import EMPTY
from engine.core.ruleset import owing_seats, play_posted, seats_for
from engine.core.types import Event


def _games(name: str, seeds: range, players: int = 2, options: dict[str, Any] | None = None) -> list[list[Event]]:
    """Each seeded bot game's steps at a table, as the public events each step posts."""
    ruleset = registry.get(name)
    options = options or {}
    out = []
    for seed in seeds:
        state = ruleset.setup(ruleset.parse_options(options).model_dump(), seats_for(ruleset, players, options), seed)
        posting, rng = EMPTY, Rng(seed)
        steps: list[list[Event]] = []
        for _ in range(3000):
            owing = owing_seats(ruleset, state)
            if ruleset.outcome(state) is not None or not owing:
                break
            played = play_posted(ruleset, state, posting, owing[0], [ruleset.bot_action(state, owing[0], rng)])
            steps.append([e for e in played.result.events if e.public])
            state, posting = played.result.state, played.posting
        out.append(steps)
    return out


def test_the_same_line_of_the_same_seat_in_a_row_is_one_counted_line() -> None:
    events = [Event(public="DEM puts a voter in FL.", seat="DEM") for _ in range(4)]
    events.insert(0, Event(public="DEM travels.", seat="DEM"))
    events.append(Event(public="DEM puts a voter in FL.", seat="REP"))  # another seat's: a line of its own
    [post] = board_posts(events)
    assert post["text"].split("\n") == ["DEM travels.", "DEM puts a voter in FL (4 times).", "DEM puts a voter in FL."]
    assert [line["seat"] for line in post[LINES]] == ["DEM", "DEM", "REP"]


DEBATE = re.compile(r"^Debate \S+ v \S+ in \S+: \S+ wins by (\d+)(.*)[,:] (\d+) votes? (?:changes|change) hands\.$")


def test_a_presidential_election_debate_says_why_fewer_votes_than_its_margin_move() -> None:
    capped = 0
    for steps in _games("presidential_election", range(1, 3), players=4):
        for line in (e.public for step in steps for e in step):
            m = DEBATE.match(line or "")
            if m and int(m.group(3)) < int(m.group(1)):
                capped += 1
                assert ", but " in m.group(2) and "has only" in m.group(2), line
    assert capped > 0


def test_a_going_negative_result_names_the_seats_and_the_roll_it_follows_from() -> None:
    rolls = later = 0
    for steps in _games("campaign_manager_2008", range(1, 6), options={"deck": "draft"}):
        for k, step in enumerate(steps):
            for e in step:
                if " goes negative and rolls " in (e.public or ""):
                    rolls += 1
                    assert not re.search(r"\b(?:you|your)\b", e.public, re.I), e.public
            results = [e for e in step if (e.cause or "").startswith("GN")]
            if results and not any(" goes negative and rolls " in (e.public or "") for e in results):
                later += 1  # the result waited for its applier's choice: its first line names the roll
                assert re.match(r"^After (OBA|MCC)'s Going Negative roll of \d \(“[^”]+”\): ", results[0].public), \
                    results[0].public
    assert rolls > 0 and later > 0


def test_electioneer_says_the_winners_figure_first() -> None:
    finals = [e.public for steps in _games("electioneer", range(1, 9)) for step in steps for e in step
              if " wins the presidency, " in (e.public or "")]
    assert len(finals) == 8
    for line in finals:
        a, b = map(int, re.search(r"(\d+)–(\d+)", line).groups())
        assert a >= b and "(DEM–REP)" not in line, line
