"""Campaign Trail's plain-text renderings (the local table, /game status, DMs) with Dirty Politics on."""
from __future__ import annotations

from bot.present import text as plain
from bot.present import campaign_trail as ct_present
from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.campaign_trail.state import Tabled


def _dirty_game():
    state = R.setup({"dirty": True}, rules.seat_names(3), 9)
    data = state.model_dump()
    data.update(phase="play")
    for seat, home in (("DEM", "VA"), ("REP", "KY"), ("LIB", "PA")):
        data["players"][seat].update(candidate="orator", home=home, pawn=home, offer=[])
    hand = data["players"]["DEM"]["hand"]
    if 111 not in hand:  # a Dirty Politics card in DEM's hand, wherever it was dealt
        for zone in [*(p["hand"] for p in data["players"].values()), *data["decks"]]:
            if 111 in zone:
                zone[zone.index(111)] = hand[0]
        hand[0] = 111
    state = type(state).model_validate(data)
    state.players["REP"].table.append(Tabled(card=state.decks[2].pop(), politick="false_news_story", active=True))
    return state


def test_hand_text_marks_dirty_cards_and_lists_your_ethically_minded_voters() -> None:
    state = _dirty_game()
    text = plain.hand_text(R.view(state, "DEM"))
    line = next(x for x in text.splitlines() if "#111" in x)
    assert "smear campaign CA HI AZ NV" in line and "Dirty Politics (no debate icons)" in line and "debate:" not in line
    assert "DEM ethically minded states" in text and "MD " in text and "WA " in text
    assert "REP ethically minded" not in text


def test_board_text_lists_the_module_and_politicks_in_play() -> None:
    state = _dirty_game()
    view = R.view(state, None)
    board = plain.board_text(view)
    assert "Dirty Politics is on. Ethically minded states: DEM MD MA NJ CT WA; REP GA KY MO AZ AL; LIB NC VA CO MN OR" in board
    assert "in play: False News Story" in board
    assert ct_present.in_play(view) == "DEM — · REP False News Story · LIB —"
