"""A turn: the trail roll and move with the space's effect, campaigning, the end of the turn, and the
end of the game (the round in which someone comes back to Election Day is the last)."""
from __future__ import annotations

from engine.core.types import Event
from engine.presidential_election import facts_tell as f
from engine.presidential_election.cards import draw_card
from engine.presidential_election.debates import offer_debate, start_national_debate
from engine.presidential_election.primitives import (ITEM_OF, add_votes, c, campaign_votes, ev, gain, hook,
                                                      off_ballot, place_on_ballot, price, quiet_roll, roll, roll_off,
                                                      state_codes, worded)
from engine.presidential_election.state import PEState, Task, TurnState


# ---------------------------------------------------------------- part 1: the Campaign Trail


def trail_roll(state: PEState, seat: str, events: list[Event]) -> None:
    steps = roll(state, 1, 6, seat, "trail", events)
    state.turn.stage = "campaign"
    move(state, seat, steps, events)


def move(state: PEState, seat: str, steps: int, events: list[Event]) -> None:
    """Move on `steps` spaces: Pick a VP spaces strictly passed give their votes; coming back round
    to Election Day stops the token there and makes this round the last."""
    track = c().track
    player = state.players[seat]
    for step in range(1, steps + 1):
        player.trail = (player.trail + 1) % len(track)
        if player.trail == 0:
            player.finished = True
            if not state.last_round:
                state.last_round, state.ended_by = True, seat
                events.append(Event(facts=f.ElectionDayReached(also=False)))
            else:
                events.append(Event(facts=f.ElectionDayReached(also=True)))
            return
        if step < steps and track[player.trail].kind == "vice_president":
            _vp(state, seat, c().rules.vp_pass_votes, "pass", events)
    _land(state, seat, events)


def _vp(state: PEState, seat: str, n: int, cause: str, events: list[Event]) -> None:
    player = state.players[seat]
    n += hook(player, "vp_bonus")
    if not [code for code in player.votes if code != player.home]:
        events.append(Event(facts=f.RunningMateLost(n=n)))
        return
    state.tasks.append(Task(kind="vp", seat=seat, n=n, cause=cause))


def _land(state: PEState, seat: str, events: list[Event]) -> None:
    player = state.players[seat]
    space = c().track[player.trail]
    if worded(events):
        events.append(Event(facts=f.SpaceLanded(space=player.trail)))
    r = c().rules
    if space.kind == "convention":
        player.conventions += 1
        n = (r.convention_first if player.conventions == 1 else r.convention_later) + hook(player, "convention_plus")
        free = off_ballot(player)
        if free:
            state.tasks.append(Task(kind="convention", seat=seat, n=min(n, len(free)), cause="convention"))
        else:
            state.tasks.append(Task(kind="free_tv", seat=seat, cause="convention"))
    elif space.kind == "fundraising":
        got, _ = quiet_roll(state, 1, 3, seat, "fundraising_space")
        gain(state, seat, got * r.fundraise_unit + hook(player, "trail_fundraise_plus"), events, "fundraising_space",
             got)
    elif space.kind == "draw_card":
        draw_card(state, seat, events)
    elif space.kind == "debate":
        offer_debate(state, seat, "space", events)
    elif space.kind == "national_debate":
        start_national_debate(state, seat, events)
    elif space.kind == "vice_president":
        _vp(state, seat, r.vp_land_votes, "land", events)
    for other in state.order:  # a token already standing here: a debate the lander may start
        if other != seat and state.players[other].trail == player.trail:
            offer_debate(state, seat, "token", events, target=other)
    after_card(state, seat, events)


def after_card(state: PEState, seat: str, events: list[Event]) -> None:
    """A finished card's move is made now that nothing of the card is still running."""
    if state.turn.pending_move and not state.effect.waiting:
        steps, state.turn.pending_move = state.turn.pending_move, 0
        move(state, seat, steps, events)


# ---------------------------------------------------------------- part 2: campaigning


def buy(state: PEState, seat: str, item: str, code: str, events: list[Event]) -> None:
    cost = price(state, seat, item)
    player = state.players[seat]
    player.money -= cost
    state.turn.spent += cost
    state.turn.buying = None
    if item == "fly":
        state.turn.flown = True
        origin = player.map_at
        player.map_at = code
        if worded(events):
            events.append(Event(facts=f.Flew(origin=origin, code=code, cost=cost)))
        for other in state.order:
            # a rival who stands here and did not begin the turn in the flyer's own starting state
            if other != seat and state.players[other].map_at == code \
                    and state.turn.start_map.get(other) != state.turn.start_map.get(seat, origin):
                offer_debate(state, seat, "flight", events, target=other, where=code)
        return
    lost: list[Event] = [] if worded(events) else events
    if item == "ballot":
        place_on_ballot(state, seat, code)
        result = None
    else:
        result = campaign_votes(state, seat, item, code, lost)
    if worded(events):
        events.append(Event(facts=f.Bought(item=ITEM_OF[item], cost=cost, spent=state.turn.spent,
                                           buys=((code, result),))))
        events.extend(lost)


# ---------------------------------------------------------------- part 3: the end of the turn


def end_turn(state: PEState, seat: str, events: list[Event]) -> None:
    player = state.players[seat]
    if player.map_at in player.votes:
        add_votes(state, seat, player.map_at, 1, events, "handshakes")
    elif worded(events):
        events.append(Event(facts=f.NoHandshake(code=player.map_at)))
    if hook(player, "home_vote") and player.home:
        add_votes(state, seat, player.home, hook(player, "home_vote"), events, "hometown")
    got, _ = quiet_roll(state, 1, 3, seat, "fundraising")
    gain(state, seat, got * c().rules.fundraise_unit + hook(player, "fundraise_plus"), events, "fundraising", got)
    player.turns += 1
    state.turn_index += 1
    if state.turn_index >= len(state.order):
        if state.last_round:
            count(state, events)
            return
        state.round += 1
        state.turn_index = 0
    begin_turn(state)


def begin_turn(state: PEState) -> None:
    state.turn = TurnState(start_map={s: p.map_at for s, p in state.players.items() if p.map_at})


def count(state: PEState, events: list[Event]) -> None:
    """Each state's electors to its most votes (recounts for ties), then the House for an EV tie."""
    state.phase = "over"
    scores = {s: 0 for s in state.order}
    for code in state_codes():
        votes = {s: state.players[s].votes.get(code, 0) for s in state.order}
        best = max(votes.values())
        if best == 0:
            continue
        leaders = [s for s in state.order if votes[s] == best]
        taker = leaders[0] if len(leaders) == 1 else roll_off(state, leaders, "recount", events, "recount_bonus", code)
        state.carried[code] = taker
        scores[taker] += ev(state, code)
    state.scores = scores
    top = max(scores.values())
    leaders = [s for s in state.order if scores[s] == top]
    if len(leaders) == 1:
        state.winner = leaders[0]
    else:
        events.append(Event(facts=f.HouseDecides(top=top, seats=tuple(leaders)), seat=None))
        state.winner = roll_off(state, leaders, "house", events, "recount_bonus")
    if worded(events):
        events.append(Event(facts=decided(state.winner, state.order, scores), seat=None))


def election_over(state: PEState) -> f.ElectionOver | None:
    """What decided the finished game: its winner, by most electoral votes or by the House roll when tied at the top,
    and each seat's electoral votes in play order (None while the game goes on)."""
    if state.phase != "over" or state.winner is None:
        return None
    return decided(state.winner, state.order, state.scores)


def decided(winner: str, order: list[str], scores: dict[str, int]) -> f.ElectionOver:
    """The facts of an election won by `winner` with `scores` (each seat's electoral votes), said in `order`."""
    top = max(scores.values())
    tied = sum(1 for n in scores.values() if n == top) > 1
    return f.ElectionOver(winner=winner, tied=tied, top=top, scores=tuple((s, scores[s]) for s in order))
