"""A typed move decides no more than it states: for every game, the typed (compound) form of a run of one seat's
steps reaches the same state, and leaves the same decisions pending, as the steps sent one by one. Campaign
Trail's short form (`97 advertise education`) ends with a `done` it only implies: it is played where nothing
is left to choose, and where the steps would still ask (the Populist's free issue, a state further, another
voter) the move stops there and the seat is asked.

The seeded sample here is kept small; `python3 bench/typed_equals_steps.py --games N` plays more of the same."""
from __future__ import annotations

import pytest

from engine.campaign_trail import rules as ct_rules
from engine.core.rng import Rng
from engine.core.notation import Implied
from engine.core.ruleset import journal_steps, play, play_until_handoff, state_hash
from engine.core.types import Action
from engine.registry import get
from tests.property import typed_steps

CT = get("campaign_trail")


def _populist_at_a_turn(card: int):
    """A three-party game at DEM's turn, DEM playing the Populist with `card` in hand, money and voters to spare,
    and every rival passing response windows (so nothing but DEM's own choices is asked)."""
    state = CT.setup({}, ["DEM", "REP", "LIB"], 5)
    rng = Rng(3)
    while state.phase in ("candidate", "home"):
        seat = next(s for s in state.seats if CT.decisions(state, s).owes_move)
        state = play(CT, state, seat, [CT.bot_action(state, seat, rng)]).state
    state = state.model_copy(deep=True)
    state.order, state.order_index, state.turn = ["DEM", "REP", "LIB"], 0, None
    me = state.players["DEM"]
    me.candidate = "populist"
    if card not in me.hand:  # swap the card in from wherever it lies, so every card is still counted once
        holder = next(z for z in [*(p.hand for p in state.players.values()), *state.decks, state.discard] if card in z)
        holder[holder.index(card)] = me.hand[0]
        me.hand[0] = card
    party = state.parties["DEM"]
    party.money, party.registered, party.out_of_supply = 200, 30, party.out_of_supply + 30 - party.registered
    state.autopass = list(state.seats)
    assert ct_rules.problems(state) == []
    return state


def _free_issue_choices(state) -> list[str]:
    return [o.label for o in CT.decisions(state, "DEM").options if ": free" in o.label]


@pytest.mark.parametrize("typed, steps", [
    ("97 advertise education", "play 97; advertise; issue education"),
    ("76 advertise criminal_justice criminal_justice jobs",
     "play 76; advertise; issue criminal_justice; issue criminal_justice; issue jobs"),
])
def test_the_populist_is_asked_for_the_free_issue_after_a_typed_advertise(typed, steps) -> None:
    state = _populist_at_a_turn(int(typed.split()[0]))
    by_steps = state
    for step in CT.parse(steps):
        by_steps = play(CT, by_steps, "DEM", [step]).state
    assert _free_issue_choices(by_steps), "the steps one by one offer the Populist a free issue"

    handed_off = play_until_handoff(CT, state, "DEM", CT.parse(typed))
    typed_result, rest = handed_off.result, handed_off.rest
    assert rest == []
    assert state_hash(typed_result.state) == state_hash(by_steps)
    assert CT.decisions(typed_result.state, "DEM") == CT.decisions(by_steps, "DEM")
    assert _free_issue_choices(typed_result.state)  # the typed move stops there: the seat is asked

    # the free issue can still be taken, and a `done` written in the short form ends the action at once
    free = next(o.action for o in CT.decisions(typed_result.state, "DEM").options if ": free" in o.label)
    assert play(CT, typed_result.state, "DEM", [free]).state.players["DEM"].pawn == state.players["DEM"].pawn
    finished = play(CT, state, "DEM", CT.parse(typed + " done")).state
    assert finished.turn is None or finished.turn.seat != "DEM"


def test_the_implied_done_is_played_where_it_is_all_that_is_left() -> None:
    """Without the Populist, `76 advertise …` with all three of the card's issues leaves nothing to choose: the
    action ends, as `done` (the one option left) would end it."""
    state = _populist_at_a_turn(76)
    state.players["DEM"].candidate = "orator"
    typed = play(CT, state, "DEM", CT.parse("76 advertise criminal_justice criminal_justice jobs")).state
    stated = play(CT, state, "DEM", CT.parse("play 76; advertise; issue criminal_justice; issue criminal_justice; "
                                             "issue jobs; done")).state
    assert state_hash(typed) == state_hash(stated)


def test_an_implied_step_never_equals_the_stated_one_and_keeps_its_words() -> None:
    from engine.core.notation import Implied

    implied = CT.parse("97 advertise education")
    stated = CT.parse("97 advertise education done")
    assert isinstance(implied[-1], Implied) and implied[-1] != Action(verb="done") == stated[-1]
    assert CT.format(implied) == "97 advertise education"
    assert CT.format(stated) == "97 advertise education done"
    assert CT.parse("97 advertise education; done") == stated  # the written `done` is the implied one
    assert CT.format(implied[3:]) == ""  # alone, an implied step has no words: the seat is asked there


@pytest.mark.parametrize("title, variant", typed_steps.VARIANTS)
def test_typed_form_equals_the_steps_one_by_one(title, variant) -> None:
    problems, checked = [], 0
    for n in range(typed_steps.SAMPLE_GAMES):
        found, runs = typed_steps.check_game(title, variant, n)
        problems += found
        checked += runs
    assert checked >= typed_steps.SAMPLE_GAMES  # the games had runs of steps to type
    assert not problems, "\n".join(problems[:10])


def test_the_check_can_fail() -> None:
    """A typed form that forgets its last step is caught (the harness can fail)."""
    game = typed_steps.play_game("campaign_trail", "3 players", 0)
    run = next(r for r in typed_steps.runs(game) if len(r.steps) > 1)
    assert typed_steps.run_problems(game.ruleset, run, typed=game.ruleset.format(run.steps[:-1]))


@pytest.mark.parametrize("typed", ["97 advertise education", "97 advertise education done"])
def test_the_journal_names_the_steps_a_typed_move_applied(typed) -> None:
    """What the manager journals (`Played.applied`, formatted) replays to the state the move left, whether the
    short form's `done` was passed over (the Populist still has a free issue) or written."""
    state = _populist_at_a_turn(97)
    played = play_until_handoff(CT, state, "DEM", CT.parse(typed))
    notation = CT.format(played.applied)
    assert not any(isinstance(a, Implied) for a in CT.parse(notation)), notation
    replayed = play(CT, state, "DEM", journal_steps(CT, notation)).state
    assert state_hash(replayed) == state_hash(played.result.state)


def test_a_short_form_journalled_before_implied_steps_replays_with_its_done() -> None:
    """A journal entry in the short form was written when its `done` was always played: replays read it so."""
    state = _populist_at_a_turn(97)
    old_meaning = play(CT, state, "DEM", CT.parse("play 97; advertise; issue education; done")).state
    replayed = play(CT, state, "DEM", journal_steps(CT, "97 advertise education")).state
    assert state_hash(replayed) == state_hash(old_meaning)
    assert not _free_issue_choices(replayed)
