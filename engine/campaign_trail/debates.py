"""The two debates (rulebook: Debate — Prepare for Debate, Debate Rounds, Voter Reaction).

After the round in which August's deck runs out, then September's: the turn order is reset by
electoral votes (turn._month_end), the debaters move to the debate city for free, and three rounds
follow in which each debater, in turn order, plays a card showing an issue already in the arena or
passes. Each icon on the card moves that issue's marker one space toward the player's party (from
the centre onto its track, up its own track to the fourth space at most, or down a rival's track
toward the centre); an icon not yet in the arena starts a rabbit trail at the centre first. Then each
debater's party places 1/2/3/5 undecided voters in every state showing each issue on its track,
and the debaters refresh their hands.

Who debates: the Presidents — except the first debate of a 4–6 player game, which is the running
mates'; a party's single player (2–3 players, the 5th player) debates in both.

Unprepared then Debate Prep (resolved as the debate is set up), the Strategist's top-row rule and the
Orator's voters after each debate are here too.
"""
from __future__ import annotations

from typing import Iterable

from engine.campaign_trail import abilities, advanced_solo, primitives
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import facts_debates as fd
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.facts_ask import DebateAsk, OratorAsk
from engine.campaign_trail.posting import Private, by, game_line
from engine.campaign_trail.state import CampaignTrailState, DebateState, Marker
from engine.core.errors import IllegalAction
from engine.core.types import Action, Decision, Option, PendingKind

ROUNDS = 3
TOP_SPACE = 4
VOTERS_BY_SPACE = {1: 1, 2: 2, 3: 3, 4: 5}


def debaters(s: CampaignTrailState, number: int) -> list[str]:
    out = []
    for party in s.order:
        seats = s.parties[party].seats
        if not seats:  # an AI party (Advanced Solo Deck) debates under its party code
            out.append(party)
        elif len(seats) == 1:  # one player for the party (SOLO, or the 5th player's BOTH)
            out.append(seats[0])
        else:
            role = "VP" if number == 1 else "P"
            out.append(next(x for x in seats if s.players[x].role == role))
    return out


def start(s: CampaignTrailState, log: list[str]) -> None:
    """Prepare for the debate that follows the month just ended (s.month already points at the next)."""
    c = _c()
    number = s.month  # September starting: debate 1; October starting: debate 2
    topic = c.debate_topics[s.debate_topics[number - 1]]
    city = c.debate_cities[s.debate_cities[number - 1]]
    seats = debaters(s, number)
    for seat in seats:
        if seat in s.players:
            s.players[seat].pawn = city.state
    # A fresh arena for each debate: its topic card's six issues in the centre (ruling).
    markers = {issue: Marker() for issue in (*topic.top, *topic.bottom)}
    s.debate = DebateState(number=number, seats=seats, markers=markers)
    s.phase = "debate"
    game_line(log, fd.DebateOpened(number=number, city=s.debate_cities[number - 1], topic=s.debate_topics[number - 1],
                                   seats=tuple(seats)))
    _unprepared(s, log)
    _debate_prep(s, log)
    _ai_debaters(s, log, {})


def party_of(s: CampaignTrailState, debater: str) -> str:
    """A human debater's party, or the AI party debating under its own code (Advanced Solo Deck)."""
    return s.players[debater].party if debater in s.players else debater


def _ai_debaters(s: CampaignTrailState, log: list[str], private: Private) -> None:
    """The AI parties' debate turns, whenever it is theirs (they always go first, in turn order)."""
    c = _c()
    while s.phase == "debate" and s.debate is not None and not s.debate.orator \
            and advanced_solo.is_ai(s, s.debate.seats[s.debate.index]):
        d = s.debate
        party = d.seats[d.index]
        topic = c.debate_topics[s.debate_topics[d.number - 1]]
        moved = []
        with by(log, party):  # the AI party's own debate turn, inside a human's step
            for issue in advanced_solo.debate_moves(s, party, list(topic.top), list(topic.bottom), log):
                if issue not in d.markers:  # a rabbit trail starts at the centre, then comes to the AI's track
                    d.markers[issue] = Marker()
                move_marker(d.markers[issue], party)
                moved.append(issue)
            if moved:
                log.append(fd.AiDebateMoved(party=party, markers=_markers(d, dict.fromkeys(moved))))
        _advance(s, log, private)

def leading_rival(s: CampaignTrailState, party: str) -> str:
    """The rival party with the most electoral votes (ties: the first in turn order)."""
    ev = primitives.electoral_votes(s)
    rivals = [p for p in s.order if p != party]
    return max(rivals, key=lambda p: (ev[p], -rivals.index(p)))


def _unprepared(s: CampaignTrailState, log: list[str]) -> None:
    """Every Unprepared in play, in turn order: the leading rival's debater throws away 2 random cards
    (face up to the discard pile), then the card is discarded. Before any Debate Prep (Appendix B)."""
    for party in s.order:
        for seat in s.parties[party].seats:
            me = s.players[seat]
            for tab in [t for t in me.table if t.politick == "unprepared"]:
                target = leading_rival(s, party)
                if advanced_solo.is_ai(s, target):  # a random card of its debate pile goes in the box
                    advanced_solo.unprepared(s, target, log, seat)
                    me.table.remove(tab)
                    abilities.forget(s)
                    s.discard.append(tab.card)
                    continue
                victim = next(x for x in s.debate.seats if party_of(s, x) == target)
                hand = s.players[victim].hand
                lost = [hand.pop(s.randomness.below(len(hand))) for _ in range(min(2, len(hand)))]
                s.discard.extend(lost)
                me.table.remove(tab)
                abilities.forget(s)
                s.discard.append(tab.card)
                log.append(fd.UnpreparedHit(seat=seat, victim=victim, target=target, cards=tuple(lost)))


def _debate_prep(s: CampaignTrailState, log: list[str]) -> None:
    """Every Debate Prep in play, in turn order: its owner draws 2 cards, then it is discarded (Appendix B:
    after any Unprepared; the refresh after the debate still stops at the hand size)."""
    for party in s.order:
        for seat in s.parties[party].seats:
            me = s.players[seat]
            for tab in [t for t in me.table if t.politick == "debate_prep"]:
                drawn = primitives.draw(s, seat, 2)
                me.table.remove(tab)
                abilities.forget(s)
                s.discard.append(tab.card)
                log.append(fd.DebatePrepped(seat=seat, count=len(drawn)))


def _unmovable(s: CampaignTrailState, seat: str) -> frozenset[str] | tuple[()]:
    """The arena's issues this debater's cards may not move: the Strategist's cards do not move the topic card's
    top-row issues (Appendix C)."""
    if not abilities.forbidden(s, seat, "debate", "top_row"):
        return ()
    return frozenset(_c().debate_topics[s.debate_topics[s.debate.number - 1]].top)


def current(s: CampaignTrailState) -> str | None:
    d = s.debate
    if d is None or s.phase != "debate":
        return None
    return d.orator[0][0] if d.orator else d.seats[d.index]


def playable(s: CampaignTrailState, seat: str) -> list[int]:
    """Cards in hand showing at least one issue already in the arena (that this debater may move)."""
    c = _c()
    fixed = _unmovable(s, seat)
    arena = {i for i in s.debate.markers if i not in fixed}
    return [n for n in s.players[seat].hand if not arena.isdisjoint(c.card(n).debate)]


def choices(s: CampaignTrailState, seat: str) -> list[Action]:
    """The seat's answers, without a word (decision() words them): the Orator's states, or a card showing an
    issue in the arena and `pass`."""
    d = s.debate
    if d.orator:
        return [primitives.act("pick", code) for code in primitives.issue_states(d.orator[0][1])]
    return [*(primitives.act("debate", str(n)) for n in playable(s, seat)), primitives.act("pass")]


def decision(s: CampaignTrailState, seat: str) -> Decision:
    """The seat's debate choice with its question's facts (words_ask.py words it): the Orator's pick, with which
    of the party's track markers it is, or a debate round's card."""
    d = s.debate
    options = [Option(action=a) for a in choices(s, seat)]
    if d.orator:
        party = s.players[seat].party
        total = sum(1 for m in d.markers.values() if m.party == party)
        left = sum(1 for x, _ in d.orator if x == seat)
        return Decision(seat=seat, kind=PendingKind.CHOICE, options=options,
                        facts=OratorAsk(issue=d.orator[0][1], at=total - left + 1, total=total))
    return Decision(seat=seat, kind=PendingKind.CHOICE, options=options,
                    facts=DebateAsk(number=d.number, round=d.round, rounds=ROUNDS))


def move_marker(marker: Marker, party: str) -> None:
    """One space toward `party`'s side: centre → its track; up its track (never past the fourth space);
    down a rival's track toward the centre."""
    if marker.party is None:
        marker.party, marker.space = party, 1
    elif marker.party == party:
        marker.space = min(TOP_SPACE, marker.space + 1)
    else:
        marker.space -= 1
        if marker.space == 0:
            marker.party = None


def apply(s: CampaignTrailState, seat: str, action: Action, log: list[str], private: Private) -> None:
    c = _c()
    d = s.debate
    party = s.players[seat].party
    if d.orator:
        issue = d.orator[0][1]
        code = action.args[0] if action.verb == "pick" and action.args else ""
        if code not in primitives.issue_states(issue):
            raise IllegalAction(f"Pick a state showing {c.debate_issues[issue].name}.", code="illegal_argument")
        primitives.add_voters(s, code, party, 1)
        s.parties[party].out_of_supply += 1
        d.orator.pop(0)
        log.append(fd.OratorVoter(seat=seat, state=code, issue=issue))
        if not d.orator:
            _finish(s, log, private)
        return
    if action.verb == "pass":
        if log.keeps:
            log.append(fd.DebatePassed(seat=seat, round=d.round))
    elif action.verb == "debate":
        n = int(action.args[0])
        primitives.discard_from_hand(s, seat, n, playable(s, seat), f"#{n} is not a card in your hand showing an issue in the arena.")
        trails = []
        fixed = _unmovable(s, seat)
        for issue in c.card(n).debate:
            if issue not in d.markers:
                d.markers[issue] = Marker()
                trails.append(issue)
            if issue not in fixed:
                move_marker(d.markers[issue], party)
        if log.keeps:  # a silent step's log keeps no line: the markers' places are not gathered for it
            moved = sorted(set(c.card(n).debate), key=list(d.markers).index)
            log.append(fd.Debated(seat=seat, card=n, markers=_markers(d, moved), trails=tuple(trails)))
    else:
        raise IllegalAction(f"During a debate you play a card (`debate 55`) or `pass`, not `{action.verb}`.",
                            code="illegal_verb")
    _advance(s, log, private)
    _ai_debaters(s, log, private)


def _advance(s: CampaignTrailState, log: list[str], private: Private) -> None:
    d = s.debate
    d.index += 1
    if d.index == len(d.seats):
        d.index = 0
        d.round += 1
        if d.round > ROUNDS:
            _reaction(s, log, private)


def _markers(d: DebateState, issues: Iterable[str]) -> tuple[fd.MarkerAt, ...]:
    """Where the markers of `issues` stand now."""
    return tuple(fd.MarkerAt(issue=i, party=d.markers[i].party, space=d.markers[i].space) for i in issues)


def _reaction(s: CampaignTrailState, log: list[str], private: Private) -> None:
    """Voter reaction in turn order, then every debater refreshes their hand."""
    d = s.debate
    for seat in d.seats:
        party = party_of(s, seat)
        placed = []
        for issue, m in d.markers.items():
            if m.party != party:
                continue
            n = VOTERS_BY_SPACE[m.space]
            for code in primitives.issue_states(issue):
                primitives.add_voters(s, code, party, n)
                s.parties[party].out_of_supply += n
            placed.append((n, issue))
        game_line(log, fd.VoterReaction(party=party, placed=tuple(placed)))
    # The Orator, debating or not: a voter for each issue on the party's track, placed one pick at a time.
    for seat in s.seats:
        me = s.players[seat]
        if me.candidate == "orator":
            d.orator += [[seat, issue] for issue, m in d.markers.items() if m.party == me.party]
    if not d.orator:
        _finish(s, log, private)


def _finish(s: CampaignTrailState, log: list[str], private: Private) -> None:
    """Debaters refresh their hands; play resumes in the new month."""
    d = s.debate
    for seat in [x for x in d.seats if x in s.players]:  # AI parties hold no hand
        drawn = primitives.draw_up(s, seat)
        if drawn:
            private[seat] = [ft.Drawn(cards=tuple(drawn), after_debate=True)]
    game_line(log, fd.DebateOver(month=s.month, order=tuple(s.order)))
    s.debate = None
    s.phase = "play"


def problems(s: CampaignTrailState) -> list[str]:
    d = s.debate
    if (d is None) != (s.phase != "debate"):
        return [f"phase {s.phase} with debate {d!r}"]
    if d is None:
        return []
    out = []
    for issue, m in d.markers.items():
        if (m.party is None) != (m.space == 0):
            out.append(f"debate marker {issue} at {m}")
    last = ROUNDS + 1 if d.orator else ROUNDS  # the Orator's picks come after the third round
    if not 1 <= d.round <= last or not 0 <= d.index < len(d.seats):
        out.append(f"debate round {d.round}, index {d.index}")
    return out
