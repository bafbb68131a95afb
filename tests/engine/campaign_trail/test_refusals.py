"""Campaign Trail's refusals name the rule and its facts, on states built for each rule."""
from __future__ import annotations

import pytest

from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.errors import IllegalAction, UnknownAction
from engine.core.ruleset import check_legal, play


def _turn(hand: list[int], pawn: str = "OH", money: int = 200):
    """A 2-player game in play, DEM to start its turn with `hand` and its pawn in `pawn`; REP passes every window."""
    state = R.setup({}, rules.seat_names(2), 4)
    state.phase = "play"
    state.order = ["DEM", "REP"]
    state.order_index = 0
    for seat, home in (("DEM", "VA"), ("REP", "KY")):
        p = state.players[seat]
        p.candidate, p.home, p.pawn, p.offer = "strategist", home, home, []
    for n in hand:
        for zone in [state.players[x].hand for x in state.seats] + state.decks:
            if n in zone:
                zone.remove(n)
    state.decks[0] = state.players["DEM"].hand + state.decks[0]
    state.players["DEM"].hand = list(hand)
    state.players["DEM"].pawn = pawn
    state.parties["DEM"].money = money
    state.parties["DEM"].registered = 10
    state.autopass = ["REP"]
    return state


def _refusal(state, seat: str, text: str) -> IllegalAction:
    """Play every step of `text` but the last, then return the last one's refusal."""
    *before, last = R.parse(text)
    if before:
        state = play(R, state, seat, before).state
    with pytest.raises(IllegalAction) as refused:
        check_legal(R, state, seat, last)
    assert refused.value.rule and refused.value.rule in refused.value.message
    return refused.value


def test_campaign_needs_the_pawn_in_one_of_the_cards_states() -> None:
    refused = _refusal(_turn([42, 40], pawn="OH"), "DEM", "play 42; campaign")
    assert refused.rule == "campaign needs your pawn in one of the card's states (KY, VA, WV); it is in OH"


def test_campaign_costs_more_than_the_party_has() -> None:
    refused = _refusal(_turn([42, 40], pawn="VA", money=40), "DEM", "play 42; campaign")
    assert refused.rule == "a campaign costs $60M and DEM has $40M"


def test_a_campaign_voter_outside_the_cards_states() -> None:
    refused = _refusal(_turn([42, 40], pawn="VA"), "DEM", "play 42; campaign; vote OH")
    assert refused.rule.startswith("OH is not one of #42 ")
    assert refused.rule.endswith("'s campaign states (KY, VA, WV)")


def test_fly_to_a_state_without_a_city_names_the_cities() -> None:
    refused = _refusal(_turn([3, 40]), "DEM", "play 3; travel; fly LA")
    assert refused.rule.startswith("LA is not a city: fly to one of the cities (Los Angeles (CA), ")
    assert "New York (NY)" in refused.rule


def test_a_move_to_a_state_that_does_not_border_the_pawn() -> None:
    refused = _refusal(_turn([12, 40], pawn="VA"), "DEM", "play 12; travel; to PA")
    assert refused.rule.startswith("PA does not border VA, where your pawn is (neighbours: ")
    assert "You may: to " in refused.message


def test_a_card_not_in_hand() -> None:
    refused = _refusal(_turn([42, 40]), "DEM", "play 55")
    from engine.campaign_trail.refusal_actions import card_name
    # the cards held are named, not only numbered: the player decides what to play from this line
    assert refused.rule == f"#55 is not in your hand (you hold {card_name(42)}, {card_name(40)})"
    assert card_name(42).startswith("#42 ") and len(card_name(42)) > 5


def test_pass_with_cards_in_hand() -> None:
    refused = _refusal(_turn([42, 40]), "DEM", "pass")
    assert refused.rule == "you pass your turn only with no cards in hand, and you hold 2: play one of them"


def test_a_verb_at_the_wrong_moment_says_what_must_be_answered_first() -> None:
    state = _turn([42, 40], pawn="VA")
    state.autopass = []
    state = play(R, state, "DEM", R.parse("play 42; campaign")).state  # REP may respond to the declaration
    assert state.window is not None
    refused = _refusal(state, "REP", "travel")
    assert "a response window is open on DEM's campaign: respond with a response card or pass first" in refused.rule
    assert refused.message.endswith("Legal now: autopass, pass.") or "respond" in refused.message


def test_an_action_the_card_does_not_have() -> None:
    refused = _refusal(_turn([42, 40], pawn="VA"), "DEM", "play 42; travel")
    assert refused.rule == "#42 Email Appeal Blast has no travel action: its actions are fundraise, register, campaign, advertise"


def test_setup_verbs_after_setup() -> None:
    refused = _refusal(_turn([42, 40]), "DEM", "home VA")
    assert refused.rule == ("home states are chosen during setup, after the candidates, and setup is over; "
                            "it is your turn: play a card from your hand first")


def test_an_unknown_verb_is_named_before_its_words_are_counted() -> None:
    for text in ("banana", "banana ZZ 9", "banana 3"):
        with pytest.raises(UnknownAction) as refused:
            R.parse(text)
        assert refused.value.code == "unknown_verb"
        assert refused.value.message.startswith("`banana` is not a Campaign Trail move. Moves: play, debate, respond")
    with pytest.raises(UnknownAction, match=r"`to` takes one word after it, e.g. `to WV`"):
        R.parse("to")
    with pytest.raises(UnknownAction, match=r"`responses` is followed by `ask`"):
        R.parse("responses please")
