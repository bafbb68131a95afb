"""Two-player debates (three ways to start one, only the initiator may refuse) and the National Debate."""
from __future__ import annotations

from engine.core.types import Event
from engine.presidential_election import facts_tell as f
from engine.presidential_election.primitives import (add_votes, c, common_ballots, hook, remove_votes, roll,
                                                      roll_off, spare_votes)
from engine.presidential_election.state import PEState, Task


def debate_partners(state: PEState, seat: str) -> list[str]:
    """Who `seat` could debate on a Debate space: anyone sharing at least one ballot state."""
    return [s for s in state.order if s != seat and common_ballots(state, seat, s)]


def offer_debate(state: PEState, seat: str, cause: str, events: list[Event],
                 target: str | None = None, where: str | None = None) -> None:
    """Queue a debate the initiator may start or decline; say so when none can happen."""
    if target is None:
        if not debate_partners(state, seat):
            events.append(Event(facts=f.NoDebate()))
            return
    elif where is not None:
        if not (where in state.players[seat].votes and where in state.players[target].votes):
            events.append(Event(facts=f.NoDebate(target=target, state=where)))
            return
    elif not common_ballots(state, seat, target):
        events.append(Event(facts=f.NoDebate(target=target)))
        return
    state.tasks.append(Task(kind="debate", seat=seat, target=target, state=where, cause=cause))


def hold_debate(state: PEState, task: Task, events: list[Event]) -> None:
    """Both roll a d6; the higher takes the difference from the lower in that state, never leaving
    either below 1 vote there (so the transfer is capped by both debaters' spare votes)."""
    a, b, where = task.seat, task.target, task.state
    assert b is not None and where is not None
    ra = roll(state, 1, 6, a, "debate", events, hook(state.players[a], "debate_bonus"), where)
    rb = roll(state, 1, 6, b, "debate", events, hook(state.players[b], "debate_bonus"), where)
    if ra == rb:
        events.append(Event(facts=f.DebateTied(a=a, b=b, state=where)))
        return
    winner, loser = (a, b) if ra > rb else (b, a)
    # each debater keeps at least 1 vote there: no more move than the side with fewer votes could lose
    floor = min(state.players[a].votes[where], state.players[b].votes[where]) - 1
    n = min(abs(ra - rb), floor)
    events.append(Event(facts=f.DebateWon(a=a, b=b, state=where, winner=winner, margin=abs(ra - rb), moved=n,
                                          winner_had=state.players[winner].votes[where],
                                          loser_had=state.players[loser].votes[where])))
    if n:
        remove_votes(state, loser, where, n, events, "debate_lost")
        add_votes(state, winner, where, n, events, "debate_won")


def start_national_debate(state: PEState, seat: str, events: list[Event], cause: str = "") -> None:
    """Everyone with enough spare votes must stake; nobody may put in a state's last vote. `cause` is the
    Campaign card that called it, if one did."""
    stake = c().rules.national_stake
    stakers = [s for s in state.order if spare_votes(state.players[s]) >= stake]
    out = [s for s in state.order if s not in stakers]
    events.append(Event(facts=f.NationalDebate(stake=stake, stakers=tuple(stakers), out=tuple(out)),
                        cause=cause or None))
    if stakers:
        state.tasks.append(Task(kind="stake", seat=seat, stakes={s: stake for s in stakers},
                                staked={s: 0 for s in stakers}, cause=cause))


def stake(state: PEState, task: Task, seat: str, code: str, events: list[Event]) -> None:
    remove_votes(state, seat, code, 1, events, "stake")
    task.stakes[seat] -= 1
    task.staked[seat] += 1
    if any(task.stakes.values()):
        return
    pot = sum(task.staked.values())
    winner = roll_off(state, list(task.staked), "national_debate", events, "national_debate_bonus")
    events.append(Event(facts=f.PotWon(winner=winner, pot=pot), seat=None))
    state.tasks.pop(0)
    state.tasks.insert(0, Task(kind="place", seat=winner, n=pot, cause="national_debate"))
