"""How 1960: The Making of the President's views read as text: the console board and hand, and a side's
private brief.

The private part of a side's view (`view.me`) is its hand, its Campaign Strategy stack (face down to the
rival) and the cards it is choosing for that stack. Only the side's own `me` is ever read for those, so a
side's words cannot name the other side's cards (tests/render/test_nineteen_sixty.py checks it); the board
text reads the public view only. Constants the view does not carry (the candidate card's CP, what
triggering and preempting cost) and the candidate cards' words come from the ruleset's content, which is
public: the rulebook's numbers, not anyone's cards.
"""
from __future__ import annotations

from bot.present.base import Presenter, Section
from bot.present.changes import MapTally, StateTally
from bot.present.tallies import nineteen_sixty as tallies_nineteen_sixty
from bot.present.tally import ElectoralTally
from engine.nineteen_sixty.content import load
from engine.nineteen_sixty.words import effect
from engine.nineteen_sixty.views import CardView, NSView, SideView, StackedView
from engine.core.words import plural

LETTER = {"KEN": "K", "NIX": "N"}
SEAT_OF = {"K": "KEN", "N": "NIX"}
NAMES = {"K": "Kennedy", "N": "Nixon"}
ISSUES = {"defense": "Defense", "economy": "Economy", "civil_rights": "Civil Rights", "all": "every issue"}
PHASES = {"initiative": "Initiative", "activity": "Activity", "momentum": "Momentum", "strategy": "Campaign Strategy",
          "debate": "The Debates", "election": "Election Day", "over": "Game over"}
PERSISTENT = {"debate": "Debate event", "election_day": "Election Day event", "prevention": "prevention event"}
# a persistent event's lead as the card's text says it, and as a DM's hand says it (the rest of the words follow)
LEADS = {"Debate event, applied in the Debates:": "Debate event:",
         "Election Day event, resolved on Election Day:": "Election Day event:"}
STACKS = (("debate_events", "Debate"), ("election_events", "Election Day"), ("prevention", "Prevention"),
          ("turn_effects", "This turn"))


def side_name(seat: str | None) -> str:
    return NAMES.get(LETTER.get(seat or "", ""), seat or "")


def waiting(view: NSView) -> list[str]:
    return [f"{side_name(p.seat)} {p.what}" for p in view.pending]


def headline(view: NSView) -> str:
    if view.phase == "over":
        order = ("KEN", "NIX") if view.winner != "NIX" else ("NIX", "KEN")  # the winner's figure first
        score = "–".join(str(view.votes.get(s, 0)) for s in order)
        who = "Draw" if view.draw else f"{side_name(view.winner)} wins" if view.winner else "Game over"
        return f"{who} {score}" + (f" — {view.reason}" if view.reason else "")
    phase = PHASES.get(view.phase, view.phase)
    if view.phase == "activity":
        phase += f" {view.activity} of {view.activity_phases}"
    elif view.phase == "debate" and view.debate is not None:
        phase += f", round {view.debate.round}"
    line = f"Turn {view.turn} of {view.turns} · {phase}"
    words = waiting(view)
    return line + (" — " + ", ".join(words) if words else "")


def icons_text(card: CardView) -> str:
    return "/".join(card.icons)


def card_line(card: CardView, code: bool = False) -> str:
    """`12` Name — what its event does — 3 CP · icons K · rest 1 · debate Defense · Election Day OH: the effect
    first, the card's opening sentence of flavour left out (`/card 12` shows it)."""
    ref = f"`{card.id}`" if code else str(card.id)
    facts = [f"{card.cp} CP", f"icons {icons_text(card)}", *([f"rest {card.rest}"] if card.rest else []),
             f"debate {ISSUES.get(card.debate_issue, card.debate_issue)}", f"Election Day {card.state}"]
    said = effect(card.id)
    if card.persistent in PERSISTENT and not said.lower().startswith(PERSISTENT[card.persistent].lower()):
        facts.append(PERSISTENT[card.persistent])
    if not card.strategy_ok and "Campaign Strategy" not in said:
        facts.append("not for Campaign Strategy")
    return f"{ref} {card.name} — {said} — " + " · ".join(facts)


def brief_line(card: CardView, phase: str, turn: int) -> str:
    """A card as a side's DM lists it: what decides it now, effect first. Before the Debates a card set aside goes to
    the Debates, so its Election Day state is left out; in the Debates only its CP, icon and issue count; after them,
    everything. The icons read as the side letters the brief's first line explains (K, N, K/N)."""
    debate_turn = load().rules.debate_turn
    issue = ISSUES.get(card.debate_issue, card.debate_issue)
    if phase == "debate":
        return f"`{card.id}` {card.name} — {card.cp} CP · {icons_text(card)} · {issue}"
    facts = [f"{card.cp} CP", icons_text(card), *([f"rest {card.rest}"] if card.rest else []), f"debate {issue}"]
    if turn >= debate_turn:
        facts.append(f"Election Day {card.state}")
    said = effect(card.id)
    for lead, short in LEADS.items():
        said = short + said[len(lead):] if said.startswith(lead) else said
    if card.persistent in PERSISTENT and not said.lower().startswith(PERSISTENT[card.persistent].lower()):
        facts.append(PERSISTENT[card.persistent])
    if not card.strategy_ok and "Campaign Strategy" not in said:
        facts.append("not for Campaign Strategy")
    return f"`{card.id}` {card.name} — {said} — " + " · ".join(facts)


def stacked_line(e: StackedView) -> str:
    return f"{e.card.id} {e.card.name} ({NAMES.get(e.owner, e.owner)})"


def side_line(view: NSView, s: SideView) -> str:
    ev = view.votes.get(s.seat, 0) if view.phase == "over" and view.votes else s.ev_led
    starts = view.starter == s.seat and view.phase == "activity"
    tags = [t for t, on in (("initiative", view.initiative == s.seat), ("starts", starts)) if on]
    led = "" if view.phase == "over" else "led "
    return (f"{s.name} ({s.side}) {ev} EV {led}· {plural(s.states_led, 'state')} · momentum {s.momentum} · "
            f"bag {s.bag} · rest {s.rest} · hand {s.hand_size} · strategy {s.strategy_size} · "
            f"candidate {'ready' if s.candidate == 'active' else 'exhausted'} · token {s.token}"
            + (f" · VP {s.vp_card.name}" if s.vp_card is not None else "")
            + (f" · {', '.join(tags)}" if tags else ""))


def _pill(side: str | None, n: int) -> str:
    return f"{side}{n}" if side and n else "—"


def states_lines(view: NSView) -> list[str]:
    """Every state with cubes: `NY K2`, carried ones starred (`MS K5*`), a line per region."""
    lines = ["States (* carried):"]
    for r in view.regions:
        held = [f"{s.code} {s.leader}{s.cubes}{'*' if s.carried else ''}" for s in view.states
                if s.region == r.id and s.leader]
        lines.append(f"  {r.id}: " + (" ".join(held) or "—"))
    return lines


class NineteenSixtyPresenter(Presenter):
    move_example = "play 23 campaign"
    group_words = {"play": "Play a card", "vp": "VP card"}
    brief_shows_cards = True

    def board_text(self, view: NSView) -> str:
        """Most useful first, the states by region last; whole (/game status splits it over fields)."""
        lines = [headline(view)]
        lines += [side_line(view, view.sides[s]) for s in view.sides]
        if view.phase == "over":
            lines.append("Final tally: " + ", ".join(f"{side_name(s)} {n}" for s, n in view.votes.items())
                         + (f"; unawarded {', '.join(view.unawarded)}" if view.unawarded else ""))
        if view.play is not None:
            p = view.play
            what = f"{p.card.id} {p.card.name}" if p.card is not None else "the candidate card"
            lines.append(f"Playing: {side_name(p.seat)} — {what}, {p.action or 'deciding'}"
                         + (f", {p.cp_left} CP left" if p.cp_left else ""))
        if view.debate is not None:
            d = view.debate
            for i in d.issues:
                won = f" — won by {NAMES.get(i.won_by or '', '')}" if i.won_by else ""
                lines.append(f"Debate {i.name}: K {i.totals.get('K', 0)} – N {i.totals.get('N', 0)}{won}")
            if d.placing:
                lines.append(f"Debates: {d.placing}")
        if view.track:
            lines.append("Issues: " + " · ".join(f"{i.slot}. {i.name} {_pill(i.leader, i.cubes)}" for i in view.track))
        lines.append("Regions: " + " · ".join(f"{r.id} media {_pill(r.media_leader, r.media)}, endorse "
                                              f"{_pill(r.endorsement_leader, r.endorsements)}" for r in view.regions))
        for attr, label in STACKS:
            entries = getattr(view, attr)
            if entries:
                lines.append(f"{label}: " + ", ".join(stacked_line(e) for e in entries))
        lines.append(f"Bag: {view.bag.get('K', 0)} blue (K), {view.bag.get('N', 0)} red (N) · deck {view.deck_size}, "
                     f"discard {view.discard_size}")
        lines += states_lines(view)
        return "\n".join(lines)

    def hand_text(self, view: NSView) -> str:
        me = view.me
        if me is None or me.seat not in view.sides:
            return ""
        lines = [self._now(view, me.seat), self._candidate(view, me.seat), self._momentum(view, me.seat)]
        lines.append(f"{self._hand_heading(view)} ({len(me.hand)}):")
        lines += [f"  {card_line(c)}" for c in me.hand] or ["  —"]
        if me.picking:
            lines.append(f"Chosen for Campaign Strategy this phase ({len(me.picking)}):")
            lines += [f"  {card_line(c)}" for c in me.picking]
        if me.strategy:
            lines.append(f"Your Campaign Strategy stack ({len(me.strategy)}, face down to {self._rival(me.seat)}):")
            lines += [f"  {card_line(c)}" for c in me.strategy]
        return "\n".join(lines)

    def brief_sections(self, view: NSView, seat: str) -> list[Section]:
        me = view.me
        if me is None or me.seat != seat or seat not in view.sides:
            return []  # only a side's own view has its private part
        sections: list[Section] = [("Now", [self._now(view, seat, brief=True), self._momentum(view, seat, brief=True)]),
                                   ("Candidate card", [self._candidate(view, seat, brief=True)])]

        def line(c: CardView) -> str:
            return brief_line(c, view.phase, view.turn)

        playing = view.play is not None and bool(view.play.action)  # a card under way: the hand waits, by name
        hand = ([" · ".join(f"`{c.id}` {c.name}" for c in me.hand)] if playing and me.hand
                else [line(c) for c in me.hand])
        sections.append((f"{self._hand_heading(view)} ({len(me.hand)})", hand or ["—"]))
        if me.picking:
            sections.append((f"Chosen for Campaign Strategy ({len(me.picking)})", [line(c) for c in me.picking]))
        if me.strategy or view.phase == "strategy":
            when = "the Debates" if view.turn < load().rules.debate_turn else "Election Day"
            whole = view.phase in ("strategy", "election")  # elsewhere the stack waits: by name (`/card` shows one)
            lines = ([line(c) for c in me.strategy] if whole
                     else [" · ".join(f"`{c.id}` {c.name}" for c in me.strategy)] if me.strategy else [])
            sections.append((f"Campaign Strategy stack ({len(me.strategy)}, face down, for {when})", lines or ["—"]))
        return sections

    @staticmethod
    def _hand_heading(view: NSView) -> str:
        """On turn 6 the hand is the Campaign Strategy stack brought to the Debates: one card revealed a round."""
        if view.phase == "debate":
            return "Your debate cards — reveal one a round (`debate <card>`)"
        return "Your hand"

    @staticmethod
    def _rival(seat: str) -> str:
        return side_name("NIX" if seat == "KEN" else "KEN")

    @staticmethod
    def _now(view: NSView, seat: str, brief: bool = False) -> str:
        """Where the side stands; in its DM (`brief`) the headline without the waiting side when that is this side
        (its prompt says so)."""
        s = view.sides[seat]
        line = headline(view)
        if brief and [p.seat for p in view.pending] == [seat]:
            line = line.split(" — ")[0]
        return " · ".join([f"You are {s.name} ({s.side})", f"{s.ev_led} of {view.ev_to_win} EV led",
                           f"{s.bag} of your cubes in the bag", line])

    @staticmethod
    def _candidate(view: NSView, seat: str, brief: bool = False) -> str:
        s = view.sides[seat]
        cand = load().candidates[s.side]
        if s.candidate == "active" and brief:
            line = f"{cand.name}: ready — play him instead of a card for {cand.cp} CP; he is then exhausted."
        elif s.candidate == "active":
            line = (f"{cand.name}: ready — `play candidate campaign` (or advertise / position) for {cand.cp} CP. "
                    f"{cand.text}")
        else:
            line = f"{cand.name}: exhausted (an event can make him fresh)."
        if s.vp_card is not None:
            vp = s.vp_card
            line += f" VP card waiting: {vp.id} {vp.name} — {effect(vp.id)} (discard a card to play it)"
        return line

    @staticmethod
    def _momentum(view: NSView, seat: str, brief: bool = False) -> str:
        rules = load().rules
        s = view.sides[seat]
        if brief:
            return (f"{plural(s.momentum, 'momentum marker')} (trigger a rival's event: {rules.trigger_cost} · "
                    f"preempt one on your card: {rules.preempt_cost})")
        return (f"{plural(s.momentum, 'momentum marker')} — trigger a rival's event: {rules.trigger_cost}; "
                f"preempt an event and use its CP: {rules.preempt_cost}")

    # ---- what a turn changed

    def tally(self, view: NSView) -> MapTally:
        """A state holds one side's cubes at a time: moving it from NIX 2 to KEN 1 reads "NIX −2, KEN +1"."""
        seat_of = {sv.side: seat for seat, sv in view.sides.items()}
        states = {}
        for st in view.states:
            seat = seat_of.get(st.leader) if st.leader else None
            states[st.code] = StateTally(code=st.code, ev=st.ev, counts={seat: st.cubes} if seat and st.cubes else {},
                                         leader=seat)
        return MapTally(sides=list(view.sides), states=states, side_of={s: s for s in view.sides})
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: NSView) -> ElectoralTally:
        return tallies_nineteen_sixty.tally(view)
