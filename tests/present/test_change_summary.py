"""The one-line caption of what a turn changed, for every ruleset, from real public views: each
ruleset's own bot plays a seeded game, and every post's caption is checked against the public views around it."""
from __future__ import annotations

import re

import pytest

from bot.present import PRESENTERS, for_ruleset
from bot.present.changes import MapTally, StateTally, changed_codes, summarise
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play

RULESETS = sorted(PRESENTERS)
GAIN = re.compile(r"^(\S+) \+(\d+) in ([A-Z]{2})\b")


def _posts(name: str, seed: int = 5, limit: int = 40):  # noqa: ANN202
    """(seat, public view before, public view after, caption) of each of a bot-played game's first `limit` posts
    that changed the board; "before" is the board of the post before, as the channel saw it."""
    ruleset = registry.get(name)
    seats = ruleset.seat_names(2)
    state = ruleset.setup({}, seats, seed)
    presenter = for_ruleset(name)
    rng = Rng(seed)
    shown = ruleset.view(state, None)
    out = []
    for _ in range(4000):
        if ruleset.outcome(state) is not None or len(out) >= limit:
            break
        seat = owing_seats(ruleset, state)[0]
        result = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)])
        state = result.state
        if any(e.public for e in result.events):
            now = ruleset.view(state, None)
            caption = presenter.change_summary(shown, now, seat)
            if caption:
                out.append((seat, shown, now, caption))
            shown = now
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_captions_its_turns_from_the_public_views(name: str) -> None:
    posts = _posts(name)
    assert len(posts) >= 3, f"{name}: a game's posts change the board and get a caption"
    presenter = for_ruleset(name)
    gains = 0
    for seat, before, after, caption in posts:
        assert "\n" not in caption and len(caption) <= 300, caption
        b, a = presenter.tally(before), presenter.tally(after)
        for code in changed_codes(b, a):
            assert code in caption or "more" in caption, (code, caption)
        match = GAIN.match(caption)
        if match:  # "DEM +4 in OH": the public count of that side in that state went up by exactly 4
            side, n, code = match.group(1), int(match.group(2)), match.group(3)
            was = b.states.get(code) or StateTally(code=code)  # a state may come into play with cubes on it
            assert a.states[code].counts.get(side, 0) - was.counts.get(side, 0) == n, caption
            gains += 1
    assert gains >= 1, f"{name}: no caption of a side's gain in a state: {[p[3] for p in posts][:5]}"


@pytest.mark.parametrize("name", RULESETS)
def test_a_seat_sees_the_same_tally_as_the_public(name: str) -> None:
    """The tally reads only the public part of a view: a seat's own view (its hand, its sealed picks) gives the
    same, so no caption can carry what only one seat may see."""
    ruleset = registry.get(name)
    seats = ruleset.seat_names(2)
    state = ruleset.setup({}, seats, 9)
    rng = Rng(9)
    presenter = for_ruleset(name)
    for step in range(60):
        if ruleset.outcome(state) is not None:
            break
        seat = owing_seats(ruleset, state)[0]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
        if step % 10 == 9:
            public = presenter.tally(ruleset.view(state, None))
            for s in state.seats:
                assert presenter.tally(ruleset.view(state, s)) == public


def _tally(**states: tuple[dict[str, int], str | None]) -> MapTally:
    return MapTally(sides=["DEM", "REP"],
                    states={c: StateTally(code=c, ev=18 if c == "OH" else 20, counts=n, leader=lead)
                            for c, (n, lead) in states.items()})


def test_a_campaign_that_takes_a_state() -> None:
    before = _tally(OH=({"REP": 2}, "REP"), PA=({}, None))
    after = _tally(OH=({"DEM": 4, "REP": 2}, "DEM"), PA=({}, None))
    assert summarise(before, after, "DEM") == "DEM +4 in OH, takes OH (18)"


def test_the_mover_comes_first_and_losses_and_ties_are_said() -> None:
    before = _tally(OH=({"DEM": 3, "REP": 1}, "DEM"), PA=({"DEM": 2}, "DEM"))
    after = _tally(OH=({"DEM": 1, "REP": 1}, None), PA=({"DEM": 2, "REP": 3}, "REP"))
    assert summarise(before, after, "REP") == "REP +3 in PA, takes PA (20); DEM −2 in OH; OH is up for grabs"


def test_nothing_changed_says_nothing_and_long_lists_stay_short() -> None:
    same = _tally(OH=({"DEM": 1}, "DEM"))
    assert summarise(same, same, "DEM") is None
    codes = ["AL", "AK", "AZ", "AR", "CA", "CO"]
    before = MapTally(sides=["DEM", "REP"], states={c: StateTally(code=c) for c in codes})
    after = MapTally(sides=["DEM", "REP"], states={c: StateTally(code=c, counts={"DEM": 1}) for c in codes})
    assert summarise(before, after, "DEM") == "DEM +1 in AK, AL, AR, AZ and 2 more"


def test_a_state_won_and_taken_off_the_board_is_said_as_won() -> None:
    """Campaign Manager 2008: a won state leaves the table, its cubes with it: not "−5", but "wins"."""
    before = MapTally(sides=["OBA", "MCC"], verb="wins", states={"OH": StateTally(code="OH", ev=20, counts={"OBA": 5, "MCC": 2})})
    after = MapTally(sides=["OBA", "MCC"], verb="wins", states={"OH": StateTally(code="OH", ev=20, leader="OBA")})
    assert summarise(before, after, "OBA") == "OBA wins OH (20)"


def test_a_solo_candidate_choice_shows_its_difficulty_note() -> None:
    """Appendix A's candidate notes reach the player choosing: in the brief and the hand text of a game
    against AI parties, and not in the competitive game."""
    from bot.present import for_ruleset
    from engine.core.ruleset import seats_for
    from engine.registry import get

    ct, presenter = get("campaign_trail"), for_ruleset("campaign_trail")
    for options, shown in (({"ai": "REP"}, True), ({}, False)):
        state = ct.setup(options, seats_for(ct, ct.seat_range(options)[0], options), 1)
        state.players["DEM"].offer = ["orator", "populist"]
        view = ct.view(state, "DEM")
        sections = "\n".join(line for _, lines in presenter.brief_sections(view, "DEM") for line in lines)
        text = presenter.hand_text(view)
        for words in ("🎯 Harder in Basic Solo Play", "🎯 Easier in Basic Solo Play"):
            assert (words in sections and words in text) == shown, (options, sections)
