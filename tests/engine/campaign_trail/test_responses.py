"""Response windows ask by public facts only: who is asked never depends on what a hand holds."""
from __future__ import annotations

from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.ruleset import owing_seats, play


def _declared(rep_hand: list[int]):
    state = R.setup({}, rules.seat_names(3), 4)
    state.phase = "play"
    state.order = ["DEM", "REP", "LIB"]
    for seat, home in (("DEM", "VA"), ("REP", "KY"), ("LIB", "PA")):
        p = state.players[seat]
        p.candidate, p.home, p.pawn, p.offer = "strategist", home, home, []
    # move the chosen cards into REP's hand, trading places with whatever held them
    for n in rep_hand:
        for zone in [state.players[x].hand for x in state.seats] + state.decks:
            if n in zone:
                zone.remove(n)
    displaced = state.players["REP"].hand
    state.players["REP"].hand = list(rep_hand)
    state.decks[0] = displaced + state.decks[0]
    state.players["DEM"].hand = [38] + [n for n in state.players["DEM"].hand if n != 38][:4]
    state.decks = [[n for n in d if n != 38] for d in state.decks]
    state.parties["DEM"].money = 200
    return play(R, state, "DEM", R.parse("play 38; campaign")).state


def test_who_is_asked_does_not_depend_on_the_hand() -> None:
    holding = _declared([44, 40, 37, 17, 85])      # Change of Plans and Local Funds Dry Up
    without = _declared([9, 48, 31, 78, 33])       # no response card
    assert owing_seats(R, holding) == owing_seats(R, without) == ["REP", "LIB"]
    # the public view of the window is the same either way
    pub_h, pub_w = R.view(holding, None), R.view(without, None)
    assert pub_h.waiting_on == pub_w.waiting_on == ["REP", "LIB"]
    # only the holder's own decision offers the card
    assert [o.action.notation() for o in R.decisions(holding, "REP").options][:2] == ["respond 44", "respond 40"]
    assert [o.action.notation() for o in R.decisions(without, "REP").options] == ["pass", "autopass"]


def test_the_window_is_the_cores_and_keeps_its_stored_shape() -> None:
    """Campaign Trail's window is the core ResponseWindow; it is stored as games under way have it (the same
    JSON, so their journals replay to the same state hashes)."""
    from engine.core.windows import ResponseWindow

    state = play(R, _declared([9, 48, 31, 78, 33]), "REP", R.parse("pass")).state
    assert isinstance(state.window, ResponseWindow) and state.window.passed == ["REP"]
    stored = state.window.model_dump_json()
    assert stored == '{"actor":"DEM","action":"campaign","fits":["change_of_plans","local_funds_dry_up"],' \
                     '"seats":["REP","LIB"],"answered":["REP"]}'
    assert R.load_state(state.model_dump_json()) == state
