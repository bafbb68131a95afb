"""1960's refusals say which rule refused a step and the facts behind it, for every verb — those the
verb walk never meets too (stop, first, side, place, media, trigger, order, swap) — and they say nothing the
refused player could not know: a card the rival holds reads exactly like a card nobody holds."""
from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import refusal_walk as walk

from engine.core.errors import IllegalAction
from engine.core.ruleset import play
from engine.nineteen_sixty import notation
from engine.nineteen_sixty.primitives import c, side_of, strategy_ok
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.state import NSState


def reach(want: Callable[[NSState, str], bool], options: dict | None = None) -> tuple[NSState, str]:
    return walk.reach(R, want, options, seeds=range(8))


def offers(verb: str) -> Callable[[NSState, str], bool]:
    return walk.offers(R, verb)


def refuse(state: NSState, seat: str, text: str) -> IllegalAction:
    return walk.refuse(R, state, seat, text)


def campaigning(cp: int, region: str) -> tuple[NSState, str]:
    state, seat = reach(lambda s, x: offers("travel")(s, x) or (offers("add")(s, x) and s.play.stage == "campaign"))
    state = state.model_copy(deep=True)
    assert state.play is not None
    state.play.cp_left, state.play.region = cp, region
    return state, seat


def test_travel_names_the_borders_crossed_and_the_cp_left() -> None:
    state, seat = campaigning(1, "E")
    exc = refuse(state, seat, "travel HI")
    assert exc.rule == ("from the East to Hawaii crosses 3 regional borders (Alaska and Hawaii are reached only "
                        "through the West), 1 CP each, and you have 1 CP left")
    assert "travel MW" in exc.message  # one border: what would work
    assert "is in the East" not in refuse(state, seat, "travel E").rule
    assert refuse(state, seat, "travel E").rule == "your token is already in the East"


def test_campaigning_adds_only_in_the_token_region() -> None:
    state, seat = campaigning(3, "W")
    rule = refuse(state, seat, "add NY").rule
    assert rule == ("campaigning adds support only in the region of your token (the West), and NY is in the East: "
                    "`travel` there first")
    state.play.cp_left = 1  # two borders away: no hint to travel there
    assert refuse(state, seat, "add NY").rule.endswith("and NY is in the East")


def test_spend_says_the_cp_left() -> None:
    state, seat = reach(offers("spend"))
    state = state.model_copy(deep=True)
    state.play.cp_left = 2
    assert refuse(state, seat, "spend 4").rule == "you have 2 CP left to spend"


def test_a_travelling_token_stops_in_the_region_it_reached() -> None:
    state, seat = campaigning(3, "W")
    state = play(R, state, seat, R.parse("travel MW; done")).state
    assert offers("stop")(state, seat)
    assert refuse(state, seat, "stop NY").rule == ("your token travelled to the Midwest and stops in one of its "
                                                  "states; NY is in the East")


def test_wrong_moment_names_the_decision_that_comes_first() -> None:
    state, seat = campaigning(3, "W")
    assert refuse(state, seat, "media E").rule == ("`media` places a media cube won by advertising, and first comes "
                                                   "your campaign: 3 CP left, your token in the West")
    assert refuse(state, seat, "issue defense").rule.startswith("`issue` buys a cube on an issue while positioning")
    assert refuse(state, seat, "trigger").rule.startswith("you trigger a rival's event right after they play")
    # another phase's verb: its moment is not "after this", so the rule says what the decision now is
    for text, start in (("first KEN", "`first` is the initiative holder's call"),
                        ("side NIX", "`side` places a revealed debate card"), ("place CA", "`place` puts the support"),
                        ("order 12", "`order` chooses which Election Day event"),
                        ("swap defense economy", "in the momentum phase the candidate with more media support"),
                        ("take momentum", "`take` is the second issue's leader's reward"),
                        ("start KEN", "`start` is the initiative holder's choice")):
        rule = refuse(state, seat, text).rule
        assert rule.startswith(start) and "; the decision now is your campaign: 3 CP left" in rule, rule


def test_every_verb_is_explained_at_an_activity_play() -> None:
    state, seat = reach(offers("play"))
    examples = {"pass": "pass", "trigger": "trigger", "done": "done", "keep": "keep", "vp": "vp 12",
                "strategy": "strategy 12", "debate": "debate 12", "order": "order 12", "travel": "travel MW",
                "stop": "stop OH", "spend": "spend 2", "place": "place CA", "media": "media E",
                "issue": "issue defense", "start": "start KEN", "first": "first KEN", "side": "side KEN",
                "take": "take momentum", "pick": "pick OH", "add": "add NY", "swap": "swap defense economy",
                "play": "play candidate event"}
    assert set(examples) == set(notation.VERBS) - set(notation.USES)
    for verb, text in examples.items():
        assert f"`{text}`" in refuse(state, seat, text).message


def test_pass_and_the_vice_president_off() -> None:
    state, seat = reach(offers("play"))
    assert refuse(state, seat, "pass").rule == ("you may pass an activity play only when no card can be played, "
                                                "and you have one to play")
    assert refuse(state, seat, "vp 12").rule.startswith("Vice President cards are not in this game")


def test_the_candidate_card() -> None:
    state, seat = reach(lambda s, x: offers("play")(s, x) and s.sides[side_of(x)].candidate == "active")
    assert refuse(state, seat, "play candidate event").rule == ("the candidate card has no event: use its 5 CP to "
                                                                "campaign, advertise or position")
    state = state.model_copy(deep=True)
    state.sides[side_of(seat)].candidate = "exhausted"
    assert refuse(state, seat, "play candidate campaign").rule.startswith("your candidate card is exhausted")


def test_preempting_costs_momentum() -> None:
    state, seat = reach(offers("play"))
    state = state.model_copy(deep=True)
    me = state.sides[side_of(seat)]
    me.momentum = 1
    x = next(o.action.args[0] for o in R.decisions(state, seat).options if o.action.verb == "play"
             and o.action.args[0] != "candidate")
    assert refuse(state, seat, f"play {x} preempt").rule == "preempting costs 2 momentum and you have 1"


def test_an_event_before_its_turn() -> None:
    state, seat = reach(lambda s, x: offers("play")(s, x) and s.turn < 7 and 90 in s.deck)
    state = state.model_copy(deep=True)
    state.deck.remove(90)
    state.sides[side_of(seat)].hand.append(90)
    rule = refuse(state, seat, "play 90 event").rule
    assert rule.endswith(f"may be played only from turn 7 on (this is turn {state.turn})"), rule


def test_keep_a_card_fit_for_campaign_strategy() -> None:
    state, seat = reach(lambda s, x: offers("play")(s, x) and s.turn < 6 and 15 in s.deck)
    state = state.model_copy(deep=True)
    me = state.sides[side_of(seat)]
    keep = next(x for x in me.hand if strategy_ok(x))
    state.deck += [x for x in me.hand if x != keep]
    state.deck.remove(15)
    me.hand = [keep, 15]
    name = c().cards[keep].name
    assert refuse(state, seat, f"play {keep} campaign").rule == (
        f"you must keep 1 card fit for Campaign Strategy for the end of the turn, and #{keep} {name} is your only one")


def test_restricted_positioning_and_position_costs() -> None:
    state, seat = reach(lambda s, x: offers("issue")(s, x) and s.play.card is not None, {"restricted": True})
    own = c().cards[state.play.card].debate_issue
    assert "Restricted Positioning" in refuse(state, seat, f"issue {own}").rule
    state = state.model_copy(deep=True)
    other = next(i for i in state.track if i != own)
    state.play.cp_left, state.play.bought = 1, {other: 1}
    assert refuse(state, seat, f"issue {other}").rule.startswith("another cube on")


def test_swap_names_adjacent_issues_in_track_order() -> None:
    state, seat = reach(offers("swap"))
    t = state.track
    assert "are not side by side on the Issues Track" in refuse(state, seat, f"swap {t[0]} {t[2]}").rule
    assert refuse(state, seat, f"swap {t[1]} {t[0]}").rule.endswith(f"`swap {t[0]} {t[1]}`")


def test_strategy_refuses_gathering_momentum() -> None:
    state, seat = reach(offers("strategy"))
    state = state.model_copy(deep=True)
    gm = next(x for x in (15, 16, 17, 18) if x not in state.sides["K"].hand + state.sides["N"].hand)
    state.sides[side_of(seat)].hand.append(gm)
    assert "Gathering Momentum card" in refuse(state, seat, f"strategy {gm}").rule


def test_an_event_asking_for_a_state_refuses_a_region() -> None:
    state, seat = reach(lambda s, x: s.wait is not None and s.wait["seat"] == x and s.wait["kind"] == "state")
    assert refuse(state, seat, "pick E").rule == "the event asks for a state, not a region"


def test_order_lists_the_waiting_election_day_events() -> None:
    state, seat = reach(offers("order"))
    waiting = {e.card for e in state.election_events}
    other = next(x for x in c().cards if x not in waiting)
    assert "is not among the Election Day events still to resolve" in refuse(state, seat, f"order {other}").rule


@pytest.mark.parametrize("verb", ["play {} event", "play {} campaign", "vp {}"])
def test_a_card_the_rival_holds_reads_like_one_nobody_holds(verb: str) -> None:
    state, seat = reach(lambda s, x: offers("play")(s, x) and s.deck and s.sides[side_of(s.other(x))].hand,
                        {"vp": True})
    held = state.sides[side_of(state.other(seat))].hand[0]
    nobody = state.deck[0]
    messages = []
    for x in (held, nobody):
        exc = refuse(state, seat, verb.format(x))
        assert exc.rule == f"#{x} is not in your hand"
        messages.append(re.sub(rf"\b{x}\b", "N", exc.message))
    assert messages[0] == messages[1]


def test_a_debate_or_strategy_card_the_rival_holds_reads_like_one_nobody_holds() -> None:
    for verb in ("strategy", "debate"):
        state, seat = reach(lambda s, x, v=verb: offers(v)(s, x) and s.sides[side_of(s.other(x))].hand and s.deck)
        held = state.sides[side_of(state.other(seat))].hand[0]
        nobody = state.deck[0]
        a, b = (re.sub(rf"\b{x}\b", "N", refuse(state, seat, f"{verb} {x}").message) for x in (held, nobody))
        assert a == b


def test_the_trigger_window_comes_first() -> None:
    state, seat = reach(offers("trigger"))
    played = state.play.card
    rule = refuse(state, seat, "play candidate campaign").rule
    assert rule.endswith(f"first comes your answer to {state.other(seat)}'s CP play of #{played} "
                         f"{c().cards[played].name}: `trigger` its event or `pass`"), rule
