"""Campaign Manager 2008's refusals say which rule refused a step and the facts behind it, for every
verb — those the verb walk rarely meets too (order, issue, toward, pass, done) — and they say nothing the refused
player could not know: a card the rival holds reads exactly like a card nobody holds."""
from __future__ import annotations

from collections.abc import Callable

import refusal_walk as walk

from engine.campaign_manager_2008 import notation
from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.campaign_manager_2008.state import SEATS, CMState
from engine.core.errors import IllegalAction
from engine.core.ruleset import check_legal


def reach(want: Callable[[CMState, str], bool], options: dict | None = None) -> tuple[CMState, str]:
    return walk.reach(R, want, options, seeds=range(10))


def offers(verb: str) -> Callable[[CMState, str], bool]:
    return walk.offers(R, verb)


def refuse(state: CMState, seat: str, text: str) -> IllegalAction:
    return walk.refuse(R, state, seat, text)


STARTER = {"deck": "starter"}


def test_discard_at_the_wrong_moment_says_the_turn_action_comes_first() -> None:
    state, seat = reach(offers("play"), STARTER)
    card = state.sides[seat].hand[0]
    exc = refuse(state, seat, f"discard {card}")
    assert exc.rule == ("you discard from your hand to pay a card's cost, or when a card makes you, and first comes "
                        "your turn's action: play a card or draw")
    assert "Legal now:" in exc.message and "play" in exc.message


def test_every_verb_is_explained_on_a_turn() -> None:
    state, seat = reach(offers("play"), STARTER)
    examples = {"keep": "keep O01", "pick": "pick OH", "play": "play O99", "discard": "discard M45", "done": "done",
                "draw": "draw", "pass": "pass", "state": "state OH", "issue": "issue economy",
                "toward": "toward defense", "order": "order OH", "enter": "enter NV", "target": "target OH"}
    examples["play"] = f"play {next(x for x in c().cards if x not in state.sides[seat].hand)}"
    assert set(examples) == set(notation.VERBS)
    for verb, text in examples.items():
        try:
            check_legal(R, state, seat, R.parse(text)[0])
        except IllegalAction as exc:
            assert exc.rule and f"`{text}`" in exc.message, exc.message
        else:  # only the turn's own options pass
            assert verb in ("draw",)
    assert refuse(state, seat, "keep O01").rule.startswith("the draft is over")
    assert refuse(state, seat, "pick OH").rule.startswith("the starting states were chosen when the campaign opened")
    assert refuse(state, seat, "order OH").rule.startswith("`order` settles first one of several states won")


def test_draw_only_with_fewer_than_five_in_hand() -> None:
    state, seat = reach(offers("play"), STARTER)
    state = state.model_copy(deep=True)
    side = state.sides[seat]
    while len(side.hand) < 5:
        side.hand.append(side.deck.pop(0))
    assert refuse(state, seat, "draw").rule == "you hold 5 cards, and drawing is only allowed with fewer than 5 in hand"
    assert refuse(state, seat, "pass").rule == "you may pass only when you can neither play a card nor draw, and you can"


def test_a_cost_that_cannot_be_paid() -> None:
    costly = sorted(x for x, card in c().cards.items() if card.discard_cost and card.discard_cost.n)
    state, seat = reach(lambda s, x: offers("play")(s, x) and any(y in s.sides[x].deck for y in costly), STARTER)
    state = state.model_copy(deep=True)
    side = state.sides[seat]
    x = next(y for y in costly if y in side.deck)
    need = c().cards[x].discard_cost.n
    side.deck.remove(x)
    side.deck += side.hand
    side.hand = [x]
    rule = refuse(state, seat, f"play {x}").rule
    assert rule.endswith(f"costs {need} other card{'s' if need != 1 else ''} from your hand to play, and you hold "
                         "only 0 others"), rule


def test_paying_a_cost() -> None:
    state, seat = reach(lambda s, x: offers("discard")(s, x) and s.turn and s.turn.stage == "cost")
    turn = state.turn
    assert refuse(state, seat, f"discard {turn.card}").rule.startswith(f"{turn.card} is the card you are paying for")
    if not turn.cost_any:
        assert "`done` only ends a cost of any number of cards" in refuse(state, seat, "done").rule
    assert refuse(state, seat, "draw").rule.startswith("drawing a card is a turn's whole action, instead of playing "
                                                       f"one, and first comes paying for {turn.card}")


def test_enter_a_state_in_play_or_won() -> None:
    state, seat = reach(offers("enter"))
    in_play = state.in_play[0].code
    assert refuse(state, seat, f"enter {in_play}").rule == (f"{in_play} is in play already; the replacement comes "
                                                            "from the states not yet in play")
    won = next(code for s in SEATS for code in state.sides[s].won)
    assert refuse(state, seat, f"enter {won}").rule.startswith(f"{won} has been won already (by ")


def test_a_state_or_target_not_in_play() -> None:
    state, seat = reach(offers("state"))
    gone = next(code for code in c().states if state.tile(code) is None)
    rule = refuse(state, seat, f"state {gone}").rule
    assert rule.startswith(f"{gone} is not in play; the card acts on one of the states in play (")
    assert refuse(state, seat, "toward economy").rule.endswith("first comes choosing the state in play the effect in "
                                                               "progress acts on")


def test_draft_and_starting_states() -> None:
    state, seat = reach(offers("keep"))
    rival = next(x for x, card in c().cards.items() if card.side != seat)
    assert refuse(state, seat, f"keep {rival}").rule.endswith(f"you draft only from your own "
                                                              f"{'Obama' if seat == 'OBA' else 'McCain'} cards")
    own = next(x for x, card in c().cards.items() if card.side == seat and x not in state.sides[seat].offer)
    assert refuse(state, seat, f"keep {own}").rule == f"{own} is not among the 3 cards you are looking at: you keep one of them"
    state, seat = reach(offers("pick"))
    theirs = next(code for code, t in c().states.items() if t.back != seat)
    assert "on its back; you choose your starting states among the tiles of your own colour" in \
        refuse(state, seat, f"pick {theirs}").rule


def test_a_card_the_rival_holds_reads_like_one_nobody_holds() -> None:
    state, seat = reach(lambda s, x: offers("play")(s, x) and s.sides[s.other(x)].hand and s.sides[s.other(x)].deck)
    rival = state.sides[state.other(seat)]
    held, nobody = rival.hand[0], rival.deck[0]
    removed = rival.removed[0]  # put out of the game face down in the draft: still "not in your hand"
    texts = []
    for x in (held, nobody, removed):
        exc = refuse(state, seat, f"play {x}")
        assert exc.rule == f"{x} is not in your hand"
        texts.append(exc.message.replace(x, "X"))
    assert texts[0] == texts[1] == texts[2]


def test_a_discard_the_rival_holds_reads_like_one_nobody_holds() -> None:
    state, seat = reach(lambda s, x: offers("discard")(s, x) and s.sides[s.other(x)].hand and s.sides[s.other(x)].deck)
    rival = state.sides[state.other(seat)]
    a, b = (refuse(state, seat, f"discard {x}").message.replace(x, "X") for x in (rival.hand[0], rival.deck[0]))
    assert a == b


def test_order_and_the_media_target_name_their_choices() -> None:
    state, seat = reach(offers("play"), STARTER)
    state = state.model_copy(deep=True)
    a, b = (t.code for t in state.in_play[:2])
    state.wait = {"kind": "order", "seat": seat, "among": [a, b]}
    gone = next(code for code in c().states if state.tile(code) is None)
    assert refuse(state, seat, f"order {gone}").rule == (f"{gone} is not one of the states just won ({a}, {b}): "
                                                         "`order` picks which of those is settled first")
    assert refuse(state, seat, "play O01").rule.endswith("first comes ordering the states won at once (which is "
                                                         "settled first)")
    state.wait = {"kind": "target", "seat": seat, "among": [t.code for t in state.in_play], "cause": "N05", "state": a}
    assert refuse(state, seat, f"target {gone}").rule.startswith(f"{gone} is not in play; the news can hit one of")
