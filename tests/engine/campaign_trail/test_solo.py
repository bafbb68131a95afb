"""Solo Play (Appendix A): the register track, the AI party's turn step by step, the options and seats, and
that games without the AI keep their stored JSON."""
from __future__ import annotations

import json

from typing import Any

import pytest

from engine.campaign_trail import rules, solo, solo_content, words_solo, words_tell
from engine.campaign_trail.facts_solo import TrackCompared
from engine.campaign_trail.ruleset import RULESET as R
from engine.campaign_trail.state import CampaignTrailState, Options
from engine.core.errors import IllegalAction
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action


def _state(options: dict | None = None, seats: list[str] | None = None) -> CampaignTrailState:
    options = options or {"ai": ["REP"]}
    return R.setup(options, seats or rules.seat_names(1, options), 3)


def test_track_spaces_fill_from_the_left() -> None:
    assert solo.spaces(0) == [0] * 10
    assert solo.spaces(12) == [3, 3, 3, 3, 0, 0, 0, 0, 0, 0]
    assert solo.spaces(14) == [3, 3, 3, 3, 2, 0, 0, 0, 0, 0]
    assert solo.spaces(30) == [3] * 10
    assert [solo.full_spaces(n) for n in (0, 2, 3, 14, 15, 30)] == [0, 0, 1, 4, 5, 10]


def test_register_or_direct_compares_the_highest_full_space() -> None:
    s = _state()
    cards = solo_content.load().cards
    five = next(n for n, c in cards.items() if c.register_ is not None and c.register_.highest == 5)
    s.parties["REP"].registered = 14  # 4 full spaces, 2 in the fifth
    assert solo.takes_register(s, "REP", five)
    s.parties["REP"].registered = 15  # the fifth is full: direct
    assert not solo.takes_register(s, "REP", five)
    auto = next(n for n, c in cards.items() if c.automatic)
    s.parties["REP"].registered = 0
    assert not solo.takes_register(s, "REP", auto)  # automatic cards never compare


def test_register_loses_the_surplus() -> None:
    s = _state()
    s.parties["REP"].registered = 28
    before = s.parties["REP"].out_of_supply
    log: list[str] = []
    solo.register(s, "REP", 6, log)
    assert s.parties["REP"].registered == 30 and s.parties["REP"].out_of_supply == before + 2
    assert "4 lost" in words_tell.line(log[0])


def test_direct_action_respects_each_threshold() -> None:
    s = _state()
    card = solo_content.load().cards[7]  # CA 5, WA 4, AZ 4; 3 voters each
    s.voters["CA"] = {"DEM": 4, "REP": 8}  # leads by 4 < 5: places
    s.voters["WA"] = {"DEM": 0, "REP": 4}  # leads by 4 = 4: nothing
    s.voters["AZ"] = {"DEM": 2, "REP": 0}  # behind: places
    s.parties["REP"].registered = 12
    log: list[str] = []
    changed = solo.direct(s, "REP", card.number, log, {})
    assert changed == ["CA", "AZ"]
    assert s.voters["CA"]["REP"] == 11 and s.voters["WA"]["REP"] == 4 and s.voters["AZ"]["REP"] == 3
    assert s.parties["REP"].registered == 6


def test_no_seat_owes_during_the_ai_turn_and_the_ai_plays_first() -> None:
    s = _state({"ai": ["REP", "LIB"]})
    s.autopass = ["DEM"]
    for _ in range(2):  # candidate, home: then the AI parties take their turns at once
        s = play(R, s, "DEM", [R.deadline_action(s, "DEM")]).state
    assert s.phase == "play" and rules.current_party(s) == "DEM"
    assert [len(d) for d in s.solo.decks] == [29, 29]
    assert owing_seats(R, s) == ["DEM"]


def test_every_human_with_cards_is_asked_whatever_their_hand() -> None:
    """Being asked about Change of Plans reveals nothing: the window asks on public facts (cards in hand)."""
    s = _state()
    s.autopass = []
    for _ in range(2):
        s = play(R, s, "DEM", [R.deadline_action(s, "DEM")]).state
    # play until a window opens; the human is asked with or without a Change of Plans in hand
    for _ in range(400):
        if s.solo.window is not None or s.phase != "play":
            break
        s = play(R, s, "DEM", [R.deadline_action(s, "DEM")]).state
    assert s.solo.window is not None and s.solo.window.seats == ["DEM"]
    hand = s.players["DEM"].hand
    moves = [o.action.verb for o in R.decisions(s, "DEM").options]
    assert moves[-2:] == ["pass", "autopass"]
    assert ("respond" in moves) == bool(solo.responses_in_hand(s, "DEM"))
    # now with a Change of Plans surely in hand (swapped in from wherever it is)
    cop = next(n for n in (44, 67, 70) if n not in hand)
    for pile in [*s.decks, s.discard]:
        if cop in pile:
            pile[pile.index(cop)] = hand[0]
            hand[0] = cop
            break
    assert rules.problems(s) == [] and solo.responses_in_hand(s, "DEM")
    assert [o.action.notation() for o in R.decisions(s, "DEM").options][0] == f"respond {cop}"
    assert R.deadline_action(s, "DEM") == Action(verb="pass")  # silence passes, even holding Change of Plans
    # the window is for the human; the view says which AI card waits, never the human's hand
    assert R.view(s, None).solo.waiting == solo_content.load().cards[s.solo.card].name
    with pytest.raises(IllegalAction):
        play(R, s, "DEM", [Action(verb="respond", args=("999",))])


def test_the_box_stays_secret() -> None:
    s = _state()
    text = R.view(s, None).model_dump_json() + R.view(s, "DEM").model_dump_json()
    cards = solo_content.load().cards
    assert s.solo.boxed and not any(cards[n].name in text for n in s.solo.boxed)
    assert '"deck":{"REP":40}' in text


def test_options_and_seats() -> None:
    assert Options.model_validate({"ai": "rep,lib"}).ai == ["REP", "LIB"]
    assert rules.seat_names(1, {"ai": "REP"}) == ["DEM"]
    assert rules.seat_names(1, {"ai": "DEM"}) == ["REP"]
    assert rules.seat_names(1, {"ai": "REP,LIB"}) == ["DEM"]
    assert rules.seat_names(2, {"ai": "LIB", "coop": True}) == ["DEM-P", "DEM-VP"]
    assert R.assign_seats(["REP"], {"ai": "REP"}) == ["DEM"]  # a lobby pick is fitted to the human seat
    assert R.assign_seats(["DEM", "LIB"], {"ai": "REP", "coop": True}) == ["DEM-P", "DEM-VP"]
    s = _state({"ai": ["REP"]})
    assert s.parties["REP"].seats == [] and set(s.players) == {"DEM"}
    assert s.decks[0] == s.decks[1] == [] and not s.debate_topics and s.month == 2


@pytest.mark.parametrize("options,seats,code", [
    ({"coop": True}, ["DEM", "REP"], "bad_options"),
    ({"ai": ["REP"]}, ["DEM-P", "DEM-VP"], "bad_seats"),
])
def test_bad_solo_setups_are_refused(options: dict, seats: list[str], code: str) -> None:
    with pytest.raises(IllegalAction) as err:
        R.setup(options, seats, 1)
    assert err.value.code == code


def test_a_game_stored_before_solo_play_loads_as_a_competitive_game() -> None:
    """A competitive game's JSON as stored before Solo Play (no Solo Play keys) loads to the same state; a record of
    then still verifies by its earlier layout (tests/service/test_earlier_layouts.py)."""
    s = R.setup({}, rules.seat_names(3), 1)
    data = json.loads(s.model_dump_json())
    for key in ("solo", "advanced"):
        del data[key]
    for key in ("ai", "coop", "ai_deck"):
        del data["options"][key]
    assert CampaignTrailState.model_validate_json(json.dumps(data)) == s
    solo_game = _state()
    assert CampaignTrailState.model_validate_json(solo_game.model_dump_json()) == solo_game


# ------------------------------------------------------------------ the AI turn in words


def _choice(s: CampaignTrailState, number: int) -> str:
    """The AI's choice on `number` (register or direct action) as its line says it."""
    return words_solo.choice_line(TrackCompared(party="REP", card=number, registered=s.parties["REP"].registered,
                                                registers=solo.takes_register(s, "REP", number)))


def test_the_ai_turn_says_its_card_its_choice_and_why_state_by_state() -> None:
    s = _state()
    card = solo_content.load().cards[7]  # CA 5, WA 4, AZ 4; 3 voters each
    line = words_solo.card_line("REP", 7)
    assert line.startswith(f"**REP (AI) turn** — draws Solo Play card 7, *{card.name}*: register ")
    assert solo.card_diagram(7) == "■" * card.register_.highest + "□" * (10 - card.register_.highest)
    assert "3 voters in each state where REP leads by less than CA 5, WA 4, AZ 4." in line
    s.parties["REP"].registered = 3 * card.register_.highest - 1  # one voter short of the diagram
    assert solo.track_diagram(s.parties["REP"].registered).endswith("◩" + "□" * (10 - card.register_.highest))
    assert _choice(s, 7).endswith(f"fewer than the card's {card.register_.highest} → register action.")
    s.parties["REP"].registered = 12 if card.register_.highest <= 4 else 3 * card.register_.highest
    assert _choice(s, 7).endswith("→ direct action.")
    s.voters["CA"] = {"DEM": 4, "REP": 8}  # leads by 4 < 5: places
    s.voters["WA"] = {"DEM": 0, "REP": 4}  # leads by 4 = 4: nothing
    s.voters["AZ"] = {"DEM": 2, "REP": 0}  # behind: places
    log: list[Any] = []
    solo.direct(s, "REP", 7, log, {})
    line = words_tell.line(log[0])
    assert line.startswith("REP (AI) direct action (")
    assert "CA leads by 4 < 5: +3 · WA leads by 4 ≥ 4: no voters · AZ trails by 2: +3." in line


def test_an_automatic_card_has_no_diagram_and_draws_on_the_supply() -> None:
    s = _state()
    auto = next(n for n, c in solo_content.load().cards.items() if c.automatic)
    assert "no register diagram (the direct action happens automatically)" in words_solo.card_line("REP", auto)
    log: list[Any] = []
    solo.direct(s, "REP", auto, log, {})
    line = words_tell.line(log[0])
    assert "from the undecided supply" in line and "Track now" not in line
