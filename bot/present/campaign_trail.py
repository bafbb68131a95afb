"""How Campaign Trail's views read as text: the console board and hand, and a seat's private brief."""
from __future__ import annotations

import functools
import re
from typing import Any

from bot.present.base import Presenter, Section
from bot.present.changes import MapTally, StateTally
from bot.present.tallies import campaign_trail as tallies_campaign_trail
from bot.present.tally import ElectoralTally
from engine.campaign_trail.content import load
from engine.campaign_trail.views import CampaignTrailView, CandidateView, CardView, DebatePlanView


def issue_name(issue: str) -> str:
    """A debate issue as players read it ("Affordable Housing"), from the content's display names."""
    found = load().debate_issues.get(issue)
    return found.name if found is not None else issue.replace("_", " ").title()


def card_line(card: CardView) -> str:
    """`#5 Phone Bank Night — travel up to 4 states · fundraise +$100M · …; debate: Jobs, …; ref IN`."""
    actions = " · ".join(f"{action.replace('_', ' ')} {text}" for action, text in card.summary.items())
    debate = "Dirty Politics (no debate icons)" if card.dirty else f"debate: {', '.join(map(issue_name, card.debate))}"
    return f"#{card.number} {card.name} — {actions}; {debate}; ref {card.reference}"


_TERSE = [(re.compile(r"register \+([0-9]+) registered voters?"), r"register +\1"),
          (re.compile(r"campaign up to [0-9]+ registered voters among (.*) \(\$[0-9]+M\)"), r"campaign \1"),
          (re.compile(r"travel up to ([0-9]+) states?"), r"travel \1"),
          (re.compile(r" \(\$[0-9]+M an issue\)"), ""),
          (re.compile(r"take \$([0-9]+)M from a rival"), r"$\1M"),
          (re.compile(r"move up to 1 state, then remove ([0-9]+) rival voters? there"), r"1 state, remove \1"),
          (re.compile(r"move up to ([0-9]+) states, then remove ([0-9]+) rival voters? there"), r"\1 states, remove \2"),
          (re.compile(r"fly to a city, then remove ([0-9]+) rival voters? there"), r"fly, remove \1"),
          (re.compile(r"a rival loses ([0-9]+) registered voters?, you gain [0-9]+"), r"take \1 registered"),
          (re.compile(r": pay [0-9]+ ethics voters, remove up to [0-9]+"), ""),
          (re.compile(r": [0-9]+ ethics voters an issue, remove [0-9]+ where it shows"), "")]


def _counted(names: str) -> str:
    """"Jobs, Jobs, Taxes" → "Jobs ×2, Taxes": an issue named once however often it shows."""
    seen: dict[str, int] = {}
    for name in names.split(", "):
        seen[name] = seen.get(name, 0) + 1
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in seen.items())


def _brief_card_line(card: CardView) -> str:
    """The card line for a DM, number as code (the thing to type) and its actions in few words, leaving out the
    costs every card shares ($60M to campaign, $20M an issue): a phone shows a whole hand at once (`/card` shows
    the card whole, the menu each action's cost)."""
    actions = [_terse_action(action, text) for action, text in card.summary.items()]
    debate = "no debate icons" if card.dirty else f"debate {_counted(', '.join(map(issue_name, card.debate)))}"
    return f"`#{card.number}` {card.name} — {' · '.join(actions)}; {debate}; ref {card.reference}"


@functools.lru_cache(maxsize=4096)
def _terse_action(action: str, text: str) -> str:
    """One action of a card in few words (a hand's lines are made again for every DM: the same few hundred
    actions, so each is shortened once)."""
    line = f"{action.replace('_', ' ')} {text}"
    for pattern, short in _TERSE:
        line = pattern.sub(short, line)
    if action == "advertise":
        line = f"advertise {_counted(line[len('advertise '):])}"
    return line


def _card_names(cards: list[CardView]) -> list[str]:
    """A hand by name only, where its cards are not to be played now (`/card` shows any card whole)."""
    return [" · ".join(f"`#{c.number}` {c.name}" for c in cards)]


def in_play(view: CampaignTrailView) -> str:
    """Every party's politicks on the table: `DEM Super PAC, Intimidation (from next turn) · REP —`."""
    parts = []
    for party in view.parties:
        names = [t.name + ("" if t.active else " (from next turn)") for s in view.seats.values() if s.party == party
                 for t in s.table]
        parts.append(f"{party} {', '.join(names) or '—'}")
    return " · ".join(parts)


def ethics_line(view: CampaignTrailView, party: str, short: bool = False) -> str:
    """A party's ethically minded states with its voters there: what smear campaigns and mudslinging cost."""
    voters = {st.code: st.voters.get(party, 0) for st in view.states}
    spots = " · ".join(f"{code} {voters[code]}" for code in view.ethics.get(party, []))
    if short:
        return f"Your ethics voters (smears and mudslinging cost them): {spots}"
    return f"{party} ethically minded states (your voters there pay for smears and mudslinging): {spots}"


def candidate_line(cand: CandidateView) -> str:
    return (f"{cand.archetype} ({cand.name}, `candidate {cand.id}`): {cand.registered} registered voters, "
            f"${cand.war_chest}M. + {cand.advantage} − {cand.disadvantage}" + (f" 🎯 {cand.solo_note}" if cand.solo_note else ""))


def debate_ahead(view: CampaignTrailView, plan: DebatePlanView) -> bool:
    """Debate 1 follows August, debate 2 September: show those still to come."""
    months = ["August", "September", "October"]
    return view.phase not in ("final", "over") and months.index(view.month) < plan.nth


def debate_plan(plan: DebatePlanView) -> str:
    return f"Debate {plan.nth} (after {['August', 'September'][plan.nth - 1]}) in {plan.city}, {plan.state}: {', '.join(plan.issues)}"


class CampaignTrailPresenter(Presenter):
    move_example = "97 campaign VA4 WV1 KY1"
    brief_shows_cards = True
    extras_placeholder = "Response windows…"  # the extras: `responses ask`, to be asked in response windows again

    def extras_note(self, count: int, view: Any = None) -> str:
        return "You pass every response window for now: type `t` to be asked in them again."

    def board_text(self, view: CampaignTrailView) -> str:
        """Most useful first, the state grid last (/game status splits it over fields; the console shows it whole)."""
        lines = [f"{view.month}, round {view.round} — turn order {' → '.join(view.order)}"
                 + (f" — {view.current_party} to move" if view.current_party else "")]
        if view.reason:
            lines.append(view.reason)
        for party, p in view.parties.items():
            lines.append(f"{party}: {p.ev} EV in {p.states} states · ${p.money}M · {p.registered} registered")
        for seat, sv in view.seats.items():
            table = ", ".join(t.name + ("" if t.active else " (from next turn)") for t in sv.table)
            lines.append(f"  {seat}: {sv.candidate or '?'} · home {sv.home or '?'} · pawn {sv.pawn or '—'} · "
                         f"{sv.hand_count} cards" + (f" · in play: {table}" if table else ""))
        lines.append("Cards left: " + ", ".join(f"{m} {n}" for m, n in view.deck_counts.items()))
        if view.ethics:
            lines.append("Dirty Politics is on. Ethically minded states: "
                         + "; ".join(f"{p} {' '.join(codes)}" for p, codes in view.ethics.items()))
        if view.debate is not None:
            d = view.debate
            arena = ", ".join(f"{m.name} {m.party + ' ' + str(m.space) if m.party else 'centre'}" for m in d.markers)
            lines.append(f"Debate {d.nth} in {d.city}, round {d.round}/3, {d.to_play} to play: {arena}")
        else:
            lines += [debate_plan(p) for p in view.debates if debate_ahead(view, p)]
        cells = []
        for st in view.states:  # a list to join, not a generator: every board of every step makes fifty of these
            counts = " ".join([f"{p[0]}{n}" for p, n in st.voters.items() if n])
            cells.append(f"{st.code} {st.ev:>2} {st.majority[0]} {counts or '—'}".ljust(22))
        for i in range(0, len(cells), 4):
            lines.append(("  " + " | ".join(cells[i:i + 4])).rstrip())
        return "\n".join(lines)

    def hand_text(self, view: CampaignTrailView) -> str:
        if view.hand is None:
            return ""
        lines = []
        for cand in view.offer_cards or []:
            lines.append(candidate_line(cand))
        lines.append(f"Your hand ({len(view.hand)}):")
        lines += [f"  {card_line(c)}" for c in view.hand]
        if view.partner_hand is not None:
            lines.append(f"Your running mate's hand ({len(view.partner_hand)}):")
            lines += [f"  {card_line(c)}" for c in view.partner_hand]
        me = view.seats.get(view.viewer) if view.viewer else None
        if view.ethics and me is not None:
            lines.append(ethics_line(view, me.party))
        return "\n".join(lines)

    def brief_sections(self, view: CampaignTrailView, seat: str) -> list[Section]:
        if view.hand is None:
            return []
        sections: list[Section] = []
        me = view.seats.get(seat)
        party = view.parties.get(me.party) if me else None
        ethics = [ethics_line(view, me.party, short=True)] if view.ethics and me is not None else []
        ahead = [debate_plan(p) for p in view.debates if debate_ahead(view, p)]
        ahead = ahead if view.debate is None else []
        if me is not None and party is not None and view.phase not in ("candidate", "over"):
            sections.append(("Now", [f"{view.month}, round {view.round} · pawn in {me.pawn or '—'} · "
                                     f"{me.party}: ${party.money}M, {party.registered} registered, {party.ev} EV",
                                     f"In play: {in_play(view)}", *ethics, *ahead]))
        else:
            sections += [("Dirty Politics", ethics)] if ethics else []
            sections += [("Debates ahead", ahead)] if ahead else []
        for cand in view.offer_cards or []:
            sections.append((f"{cand.archetype} ({cand.name}) — {cand.registered} voters, ${cand.war_chest}M",
                             [f"➕ {cand.advantage}", f"➖ {cand.disadvantage}",
                              *([f"🎯 {cand.solo_note}"] if cand.solo_note else [])]))
        choosing = view.phase == "candidate"  # the hand is not played while a candidate is chosen
        sections.append((f"Your hand ({len(view.hand)})",
                         _card_names(view.hand) if choosing else [_brief_card_line(c) for c in view.hand]))
        if view.partner_hand is not None:  # the running mate plays these: by name, `/card` shows one whole
            sections.append((f"Your running mate's hand ({len(view.partner_hand)})", _card_names(view.partner_hand)))
        return sections

    # ---- what a turn changed

    def tally(self, view: CampaignTrailView) -> MapTally:
        """Each party's committed voters per state; the leader is the majority holder (ties go by the stars)."""
        return MapTally(sides=list(view.parties), side_of={seat: sv.party for seat, sv in view.seats.items()},
                        states={st.code: StateTally(code=st.code, ev=st.ev, counts={p: n for p, n in st.voters.items() if n},
                                                    leader=st.majority if any(st.voters.values()) else None)
                                for st in view.states})
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: CampaignTrailView) -> ElectoralTally:
        return tallies_campaign_trail.tally(view)
