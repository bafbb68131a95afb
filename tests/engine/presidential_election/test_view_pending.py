"""Presidential Election's view says who owes a choice and what each is asked without building the choices, and
its state menus read the content once: over seeded whole games the view is the one the plain construction below
gives (each seat's whole menu built, every model checked on its own), and each state option is the one its own
state's name, electoral votes, region and ballots make."""
from __future__ import annotations

import pytest

from engine.content import us_regions
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Option
from engine.presidential_election.menus import owed_question
from engine.presidential_election.primitives import c, cap, ev, state_codes
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState
from engine.presidential_election.words import prompt as say
from engine.presidential_election.words_tell import roll_line
from engine.presidential_election.views import (CardView, PendingView, PEView, PlayerView, PrivateView, SpaceView,
                                                StateView, view)


def _card(card_id: str) -> CardView:
    a = c().advantages[card_id]
    return CardView(id=a.id, title=a.title, text=a.text)


def plain_view(state: PEState, seat: str | None, menus: dict[str, tuple[str, list[Option]]]) -> PEView:
    """The view built the plain way from every seat's whole menu (`menus`), each part a model checked on its own."""
    states: dict[str, StateView] = {}
    for code in state_codes():
        votes = {s: state.players[s].votes[code] for s in state.seats if code in state.players[s].votes}
        best = max(votes.values(), default=0)
        leaders = [s for s, n in votes.items() if n == best]
        states[code] = StateView(code=code, name=c().states[code].name, ev=ev(state, code), votes=votes,
                                 leader=leaders[0] if len(leaders) == 1 else None, carried_by=state.carried.get(code))
    track = c().track
    players = {s: PlayerView(seat=s, home=p.home, money=p.money, ballots=len(p.votes), trail=p.trail,
                             trail_label=track[p.trail].label, map_at=p.map_at,
                             advantage=_card(p.advantage) if p.advantage else None, conventions=p.conventions,
                             turns=p.turns, finished=p.finished,
                             projected_ev=sum(v.ev for v in states.values() if v.leader == s))
               for s, p in state.players.items()}
    pending = [PendingView(seat=s, prompt=prompt) for s in state.seats for prompt, options in [menus[s]] if options]
    me = None
    if seat in state.players:
        p = state.players[seat]
        me = PrivateView(seat=seat, offer=[_card(x) for x in p.offer], returned=[_card(x) for x in p.returned])
    current = state.current
    outcome = R.outcome(state)
    return PEView(
        phase=state.phase, era=state.options.era, round=state.round, order=list(state.order), current=current,
        spent=state.turn.spent, cap=cap(state, current) if current else c().rules.spend_cap,
        buying=state.turn.buying, flown=state.turn.flown, players=players, states=states,
        track=[SpaceView(index=sp.index, kind=sp.kind, label=sp.label,
                         tokens=[s for s in state.seats if state.players[s].trail == sp.index]) for sp in track],
        pending=pending, last_dice=[roll_line(x) for x in state.rolls], last_round=state.last_round, ended_by=state.ended_by,
        deck_size=len(state.deck), discard=list(state.discard), winner=state.winner, scores=dict(state.scores),
        reason=outcome.reason if outcome else "", me=me)


def state_option_problems(state: PEState, options: list[Option]) -> list[str]:
    """Each run of state options: alphabetical by name, each labelled with its name, detailed with its electoral
    votes and every ballot's votes there, grouped by its region."""
    problems = []
    codes = [o.action.args[0] for o in options if len(o.action.args) == 1 and o.action.args[0] in c().states]
    if codes != sorted(codes, key=lambda code: c().states[code].name):
        problems.append(f"states out of alphabetical order: {codes}")
    for o in options:
        if len(o.action.args) != 1 or o.action.args[0] not in c().states:
            continue
        code = o.action.args[0]
        votes = [f"{s} {p.votes[code]}" for s, p in state.players.items() if p.votes.get(code)]
        detail = f"{ev(state, code)} EV" + (f" · votes: {', '.join(votes)}" if votes else "")
        if (o.label, o.detail, o.group) != (c().states[code].name, detail, us_regions()[code]):
            problems.append(f"{code}: {(o.label, o.detail, o.group)}")
    return problems


@pytest.mark.parametrize(("count", "seed"), [(2, 21), (5, 24)])
def test_the_view_and_the_menus_over_whole_games(count: int, seed: int) -> None:
    state = R.setup({}, R.seat_names(count), seed)
    rng = Rng(seed)
    steps = 0
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        steps += 1
        menus = {s: (d.prompt, d.options) for s in state.seats for d in (R.decisions(state, s),)}
        for s, (prompt, options) in menus.items():
            question = owed_question(state, s)
            assert (say(question) if question is not None else None) == (prompt if options else None), (steps, s)
            assert not state_option_problems(state, options), (steps, s)
        who = [None, *state.seats][steps % (count + 1)]  # the public view and each seat's own, in turn
        assert view(state, who).model_dump_json() == plain_view(state, who, menus).model_dump_json(), (steps, who)
    assert steps > 100
