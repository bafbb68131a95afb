"""The Dirty Politics module as a game option: the deck, debates, views and notation (the rules themselves
are pinned by tests/scenarios/campaign_trail/dirty.yaml)."""
from __future__ import annotations

import pytest

from engine.campaign_trail import content as ct_content
from engine.campaign_trail import vocabulary
from engine.campaign_trail import debates, rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.errors import UnknownAction

DIRTY = set(range(106, 130))


def _all_cards(state) -> list[int]:
    return [n for p in state.players.values() for n in p.hand] + [n for d in state.decks for n in d] + state.removed


@pytest.mark.parametrize("count, standard", [(2, 90), (3, 105), (6, 105)])
def test_the_option_shuffles_the_24_dirty_cards_in(count, standard) -> None:
    seats = rules.seat_names(count)
    plain = R.setup({}, seats, 5)
    dirty = R.setup({"dirty": True}, seats, 5)
    in_play = lambda s: [n for n in _all_cards(s) if n not in s.removed]  # noqa: E731
    assert not DIRTY & set(_all_cards(plain))
    assert len(in_play(plain)) == standard
    assert DIRTY <= set(in_play(dirty)) and len(in_play(dirty)) == standard + 24
    assert dirty.removed == plain.removed  # the 2-player removal touches only action cards
    assert not rules.problems(dirty)


def test_option_values_players_type() -> None:
    assert R.parse_options({"dirty": True}).dirty is True
    assert R.parse_options({}).dirty is False
    with pytest.raises(ValueError):
        R.parse_options({"dirty": "sometimes"})


def test_a_dirty_card_is_never_a_debate_card() -> None:
    state = R.setup({"dirty": True}, rules.seat_names(3), 2)
    data = state.model_dump()
    data["phase"] = "debate"
    data["debate"] = {"number": 1, "seats": ["DEM", "REP", "LIB"],
                      "markers": {i: {} for i in ("jobs", "national_debt", "taxes", "health_care", "energy_costs", "social_security")}}
    data["players"]["DEM"]["hand"] = [106, 107, 108, 109, 110]
    data["decks"][0] = [n for n in data["decks"][0] if n not in range(106, 111)]
    for p in ("REP", "LIB"):
        data["players"][p]["hand"] = [n for n in data["players"][p]["hand"] if n not in range(106, 111)]
    state = type(state).model_validate(data)
    assert debates.playable(state, "DEM") == []
    assert [o.action.verb for o in R.decisions(state, "DEM").options] == ["pass"]


def test_views_show_ethics_only_with_the_module() -> None:
    seats = rules.seat_names(3)
    assert R.view(R.setup({}, seats, 1), None).ethics == {}
    view = R.view(R.setup({"dirty": True}, seats, 1), None)
    assert view.ethics["DEM"] == ["MD", "MA", "NJ", "CT", "WA"]
    assert set(view.ethics) == {"DEM", "REP", "LIB"}


def test_card_views_describe_dirty_actions() -> None:
    from engine.campaign_trail.views import card_view

    card = card_view(111)
    assert card.dirty and card.debate == [] and card.reference == "FL"
    assert card.summary["smear_campaign"].startswith("CA HI AZ NV: pay 4 ethics voters, remove up to 8")
    assert card.summary["voter_suppression"] == "move up to 1 state, then remove 3 rival voters there"
    assert "take $" in card_view(110).summary["flip_contributors"]


@pytest.mark.parametrize("text, steps", [
    ("112 suppress NY done", "play 112; voter_suppression; to NY; done"),
    ("106 suppress fly CA CA:LIB2", "play 106; voter_suppression; fly CA; done; remove CA LIB; remove CA LIB"),
    ("110 flip lib", "play 110; flip_contributors; target LIB"),
    ("116 sway REP", "play 116; sway_minds; target REP"),
    ("107 trick", "play 107; dirty_tricks"),
    ("111 smear NC2 CA:DEM1 done", "play 111; smear_campaign; pay NC; pay NC; remove CA DEM; done"),
    ("124 mudsling gun_control KY2 done", "play 124; mudslinging; issue gun_control; pay KY; pay KY; done"),
])
def test_dirty_short_forms(text, steps) -> None:
    assert R.parse(text) == R.parse(steps)
    assert R.parse(R.format(R.parse(text))) == R.parse(text)


@pytest.mark.parametrize("text, code", [
    ("130 smear", "unknown_card"),
    ("111 smear CA:XYZ2", "malformed"),
    ("111 smear NC2 banana", "malformed"),
    ("remove CA", "malformed"),
    ("remove ZZ DEM", "unknown_state"),
    ("target GREEN", "malformed"),
    ("99999999999999 smear", "unknown_card"),
])
def test_bad_dirty_notation_is_refused(text, code) -> None:
    with pytest.raises(UnknownAction) as info:
        R.parse(text)
    assert info.value.code == code


def test_scandal_asks_a_teams_president() -> None:
    """In a team game the President answers a Scandal for the party; nobody else owes a move meanwhile."""
    seats = ["DEM-P", "DEM-VP", "REP-P", "REP-VP"]
    state = R.setup({"dirty": True}, seats, 3)
    data = state.model_dump()
    data.update(phase="play", order=["DEM", "REP"], autopass=list(seats))
    for seat, (cand, home) in zip(seats, [("orator", "VA"), ("orator", "NJ"), ("orator", "KY"), ("orator", "TX")]):
        data["players"][seat].update(candidate=cand, home=home, pawn=home, offer=[])
    pool = [n for n in data["decks"][0] if n not in (119,)]
    hands = {seat: [n for n in data["players"][seat]["hand"] if n != 119] for seat in seats}
    hands["DEM-P"] = [119] + hands["DEM-P"][:4]
    for seat in seats:
        data["players"][seat]["hand"] = hands[seat]
    data["decks"][0] = [n for n in pool if all(n not in h for h in hands.values())]
    data["decks"][1] = [n for n in data["decks"][1] if n != 119]
    data["decks"][2] = [n for n in data["decks"][2] if n != 119]
    data["parties"]["REP"].update(money=100, registered=6)
    state = type(state).model_validate(data)
    fixed = rules.problems(state)
    state = R.apply(state, "DEM-P", R.parse("play 119")[0]).state
    state = R.apply(state, "DEM-P", R.parse("dirty_tricks")[0]).state
    assert [s for s in seats if R.decisions(state, s).owes_move] == ["REP-P"]
    assert [o.action.notation() for o in R.decisions(state, "REP-P").options] == ["option 1", "option 2"]
    assert "Scandal" in R.decisions(state, "REP-P").prompt
    assert [p for p in rules.problems(state) if p not in fixed] == []


def test_content_has_24_dirty_cards_each_action_on_16() -> None:
    c = ct_content.load()
    assert sorted(c.dirty_cards) == list(range(106, 130))
    for action in vocabulary.DIRTY_ACTIONS:
        assert sum(1 for card in c.dirty_cards.values() if card.actions.get(action) is not None) == 16, action
