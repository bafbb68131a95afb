"""Seats and teams by player count, the game's setup, and the two opening choices (candidate, home state)."""
from __future__ import annotations

import json
import re
from typing import Any

from engine.campaign_trail import abilities, advanced_solo, effects, solo
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.posting import by
from engine.campaign_trail.primitives import HAND, add_voters, draw_up
from engine.campaign_trail.state import CampaignTrailState, Options, PartyState, SeatState
from engine.core.errors import IllegalAction
from engine.core.rng import Randomness


ALL_PARTIES = ("DEM", "REP", "LIB")


def layout(count: int, opts: Options) -> list[tuple[str, str, str]]:
    """(seat, party, role) by player count (Setup, "Candidates and Parties"; ruling: team table)."""
    if opts.ai and advanced_solo.on(opts):  # the Advanced Solo Deck: the human seats, maybe several parties
        return advanced_solo.layout(count, opts)
    if opts.ai:  # Solo Play: only the human seats (Appendix A)
        return solo.layout(count, opts)
    if count == 2:
        return [(p, p, "SOLO") for p in opts.parties]
    if count == 3:
        return [(p, p, "SOLO") for p in ALL_PARTIES]
    if count == 4:
        return [(f"{p}-{r}", p, r) for p in opts.parties for r in ("P", "VP")]
    if count == 5:
        out: list[tuple[str, str, str]] = []
        for p in ALL_PARTIES:
            out += [(p, p, "BOTH")] if p == opts.solo else [(f"{p}-{r}", p, r) for r in ("P", "VP")]
        return out
    if count == 6:
        return [(f"{p}-{r}", p, r) for p in ALL_PARTIES for r in ("P", "VP")]
    raise IllegalAction("Campaign Trail is played by 2 to 6 players.", code="bad_seats")


def seat_names(count: int, options: dict[str, Any] | None = None) -> list[str]:
    return [s for s, _, _ in layout(count, Options.model_validate(options or {}))]


def assign_seats(joined: list[str], options: dict[str, Any] | None = None) -> list[str]:
    """Map a lobby's seat picks onto the seats of the player count that started (ruling: lobby seats).

    A pick that is a seat at this count stays; otherwise the player keeps their party if one of its
    seats is free, else takes the first free seat in table order. Deterministic, so a restart agrees.
    """
    targets = seat_names(len(joined), options)
    out: list[str | None] = [name if name in targets else None for name in joined]
    free = [t for t in targets if t not in out]
    for i, name in enumerate(joined):
        if out[i] is None:
            party = name.split("-")[0]
            pick = next((t for t in free if t.split("-")[0] == party), free[0])
            free.remove(pick)
            out[i] = pick
    return [name for name in out if name is not None]


def month_sizes(n: int) -> list[int]:
    """The remaining deck in three stacks; an uneven remainder goes to the earlier months (ruling)."""
    base, extra = divmod(n, 3)
    return [base + (1 if i < extra else 0) for i in range(3)]


def setup(options: dict[str, Any], seats: list[str], seed: int) -> CampaignTrailState:
    opts = Options.model_validate(options or {})
    if advanced_solo.on(opts):
        advanced_solo.check_options(opts)
    elif opts.coop and not opts.ai:
        raise IllegalAction("Co-op (coop=on) is Solo Play against the AI: name the AI parties too (ai=REP).", code="bad_options")
    if len(set(opts.parties)) != 2:
        raise IllegalAction("A two-party game needs two different parties.", code="bad_options")
    lay = layout(len(seats), opts)
    if sorted(seats) != sorted(s for s, _, _ in lay):
        raise IllegalAction(f"With {len(seats)} players the seats are {', '.join(s for s, _, _ in lay)}.", code="bad_seats")
    seats = [s for s, _, _ in lay]  # table order, whatever order the players joined in
    c = _c()
    rng = Randomness.seeded(seed)
    in_play = [p for p in ALL_PARTIES if any(party == p for _, party, _ in lay) or p in opts.ai]
    parties = {}
    for p in in_play:
        mine = [s for s, party, _ in lay if party == p]
        solo_both = any(r == "BOTH" for s, party, r in lay if party == p)
        parties[p] = PartyState(id=p, seats=mine, roles=2 if (len(mine) == 2 or solo_both) else 1)
    voters: dict[str, dict[str, int]] = {}
    for code, st in c.states.items():
        row = {p: 0 for p in in_play}
        primary, secondary = st.tiebreak
        if primary in row:
            row[primary] += 2
        elif secondary in row:
            row[secondary] += 1
        voters[code] = row
    for row in voters.values():
        for p, n in row.items():
            parties[p].out_of_supply += n
    # Solo Play uses the entire action deck (Appendix A, Setup 7)
    deck = rng.shuffle(c.deck(players=3 if opts.ai else len(seats), dirty=opts.dirty))
    removed = sorted(set(c.cards) - set(deck))
    candidates = rng.shuffle(sorted(c.candidates))
    players = {}
    for i, (seat, party, role) in enumerate(lay):
        players[seat] = SeatState(party=party, role=role, hand=deck[:HAND], offer=candidates[2 * i:2 * i + 2])
        deck = deck[HAND:]
    sizes = month_sizes(len(deck))
    decks = [deck[:sizes[0]], deck[sizes[0]:sizes[0] + sizes[1]], deck[sizes[0] + sizes[1]:]]
    if opts.ai and advanced_solo.on(opts):
        return _advanced_state(opts, seats, rng, parties, players, voters, deck, removed, in_play)
    if opts.ai:
        return _solo_state(opts, seats, rng, parties, players, voters, deck, removed)
    order = rng.shuffle(in_play)
    # Setup steps 14–15: two debate topic cards and two debate cities, face up from the start.
    topics = rng.shuffle(sorted(c.debate_topics))[:2]
    debate_cities = rng.shuffle(sorted(c.debate_cities))[:2]
    return CampaignTrailState(
        seats=list(seats), options=opts, randomness=_kept(rng), phase="candidate", parties=parties,
        players=players, voters=voters, decks=decks, removed=removed, order=order, debate_topics=topics,
        debate_cities=debate_cities,
    )


def _solo_state(opts: Options, seats: list[str], rng: Randomness, parties: dict[str, PartyState],
                players: dict[str, SeatState], voters: dict[str, dict[str, int]], deck: list[int],
                removed: list[int]) -> CampaignTrailState:
    """Appendix A, Setup: the AI parties' tracks and decks, the whole action deck on October, no debates,
    the AI parties first (in the order given), then the human party."""
    for p in opts.ai:
        parties[p].registered = solo.START_TRACK
        parties[p].out_of_supply += solo.START_TRACK
    state = solo.new_solo(opts, rng.shuffle(sorted(solo.solo_content.load().cards)))
    human = solo.human_party(opts)
    return CampaignTrailState(
        seats=list(seats), options=opts, randomness=_kept(rng), phase="candidate", parties=parties,
        players=players, voters=voters, decks=[[], [], deck], month=2, removed=removed, order=[*opts.ai, human],
        solo=state,
    )


def _advanced_state(opts: Options, seats: list[str], rng: Randomness, parties: dict[str, PartyState],
                    players: dict[str, SeatState], voters: dict[str, dict[str, int]], deck: list[int], removed: list[int],
                    in_play: list[str]) -> CampaignTrailState:
    """The Advanced Solo Deck's set-up: the AI tracks and decks (by month and for the debates), the whole action
    deck beside the board, debates as normal, the AI parties first in set-up order, the humans last."""
    c = _c()
    for p in opts.ai:
        parties[p].registered = solo.START_TRACK
        parties[p].out_of_supply += solo.START_TRACK
    state = advanced_solo.new_state(opts, rng)
    humans = rng.shuffle([p for p in in_play if p not in opts.ai])  # two human parties: a random order (ruling)
    topics = rng.shuffle(sorted(c.debate_topics))[:2]
    debate_cities = rng.shuffle(sorted(c.debate_cities))[:2]
    return CampaignTrailState(
        seats=list(seats), options=opts, randomness=_kept(rng), phase="candidate", parties=parties,
        players=players, voters=voters, decks=[[], [], deck], removed=removed, order=[*opts.ai, *humans],
        advanced=state,
        debate_topics=topics, debate_cities=debate_cities,
    )


def _kept(rng: Randomness) -> Randomness:
    """The game's randomness where the setup's shuffles left it, its count of draws from 0 as a stored state's
    (the count is not stored: state.py), so a state set up and the same state loaded are equal."""
    return Randomness(prng=rng.prng)


# the words a politick's wait held in states stored by earlier code (its prompt, its options' labels): the words
# make both from the paused effect, so such a state loads without them
WORDED_WAIT_KEYS = ("labels", "prompt")


# what decided the election, as a state stored by earlier code named it in its result's reason (the text between
# its parentheses): most electoral votes, a tie broken by most states, or a runoff with the named party's voters off
_DECIDED_THEN = re.compile(r"\((?:(most) electoral votes|(tied) electoral votes; most states|(runoff): (\w+)'s voters removed)\)")


def load_state(data: str) -> CampaignTrailState:
    """A stored state; one stored while the state kept its result's reason in words loads with what decided the
    election read from it, and one stored while a politick's wait kept its words loads without them."""
    if '"result_reason":' in data:
        data = json.dumps(_decided_from_words(json.loads(data)))
    state = CampaignTrailState.model_validate_json(data)
    if state.wait is not None and state.wait.get("kind") in ("strike", "option"):
        state.wait = {k: v for k, v in state.wait.items() if k not in WORDED_WAIT_KEYS}
    return state


def _decided_from_words(stored: dict[str, Any]) -> dict[str, Any]:
    """A stored state's dump with its result's reason in words made what decided the election, in its place."""
    found = _DECIDED_THEN.search(stored.get("result_reason", ""))
    most, tied, runoff, removed = found.groups() if found else ("", None, None, None)
    out: dict[str, Any] = {}
    for key, value in stored.items():
        if key == "result_reason":
            out["decided"], out["runoff_removed"] = most or tied or runoff or "", removed
        else:
            out[key] = value
    return out


def start_home(s: CampaignTrailState, log: list[str]) -> None:
    c = _c()
    for p in s.parties.values():
        if not p.seats:  # an AI party: its voters are on the register track already
            continue
        reg = money = 0
        for seat in p.seats:
            cd = c.candidates[s.players[seat].candidate]
            reg += cd.registered
            money += cd.war_chest
        factor = 2 if len(p.seats) == 1 else 1
        p.registered, p.money = reg * factor, money * factor
        p.out_of_supply += p.registered
    for seat, p in s.players.items():
        p.offer = []
        log.append(ft.CandidateShown(seat=seat, candidate=p.candidate))
    for seat in s.seats:  # a larger hand (the Experienced Candidate) starts full too
        if draw_up(s, seat):
            with by(log, seat):  # the seat's own hand, in the game's own step
                log.append(ft.HandFilled(seat=seat, size=abilities.hand_size(s, seat)))
    s.phase = "home"


def start_play(s: CampaignTrailState, log: list[str]) -> None:
    for seat, p in s.players.items():
        add_voters(s, p.home, p.party, 2)
        s.parties[p.party].out_of_supply += 2
        p.pawn = p.home
        log.append(ft.HomeShown(seat=seat, state=p.home))
    for seat in s.seats:  # candidates' setup abilities (Incumbent, Newcomer)
        for proc in effects.ability_procs(s, seat, "setup"):
            wait = effects.interpreter().start(s.frames, proc, effects.Ctx(s, seat, log))
            assert wait is None, "setup abilities never ask"
    s.phase = "play"
    table = "advanced" if s.advanced is not None else "solo" if s.solo is not None else "plain"
    log.append(ft.PlayBegins(order=tuple(s.order), table=table))
