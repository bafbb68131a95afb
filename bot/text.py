"""Plain-text renderings of views, for the console table and text fallbacks."""
from __future__ import annotations

from pydantic import BaseModel


def _effects(card) -> str:
    return ", ".join(f"{issue} {value:+d}" for issue, value in card.effects.items())


def pending_note(pending: str) -> str:
    """What a player reads when a compound move stopped because others decide first."""
    return (f"The rest of your move waits: others decide first (a response window or a rival's choice). "
            f"When it is your move again, send `{pending[:300]}`.")


def board_text(view: BaseModel) -> str:
    if getattr(view, "ruleset", None) == "campaign_trail":
        return _ct_board(view)
    if getattr(view, "ruleset", None) != "electioneer":
        return ""
    lines = [f"Month {min(view.month, 7)} of 7 — {view.phase_label}"]
    for s in view.states:
        issues = " + ".join(i if i else "?" for i in s.issues)
        mark = "▶ " if s.code == view.current_state else "  "
        won = f" won by {s.winner}" if s.winner else ""
        markers = "".join(f" [{m.delta:+d} {m.seat}]" for m in s.markers)
        lines.append(f"{mark}{s.code} {s.name:<15} {s.electors:>2} EV  tie:{s.colour}  {issues}{won}{markers}")
    for seat, cards in view.platforms.items():
        lines.append(f"{seat} platform: " + ("; ".join(c.name for c in cards) or "—"))
    lines.append("Projection: " + ", ".join(f"{k} {v}" for k, v in view.projection.items()) + " of 93 electors")
    if view.winner:
        lines.append(f"WINNER: {view.winner} ({view.final_electors.get('DEM', 0)}–{view.final_electors.get('REP', 0)})")
    return "\n".join(lines)


def hand_text(view: BaseModel) -> str:
    if getattr(view, "ruleset", None) == "campaign_trail":
        return _ct_hand(view)
    if getattr(view, "ruleset", None) != "electioneer" or view.hand is None:
        return ""
    lines = ["Your policies:"]
    lines += [f"  {c.id} {c.name}: {_effects(c)}" for c in view.hand]
    if view.theatrics:
        lines.append("Your theatrics:")
        lines += [f"  {t.id} {t.name}: {t.text}" for t in view.theatrics]
    for code, issues in view.known_issues.items():
        lines.append(f"You know {code}'s hidden issues: {' + '.join(issues)}")
    return "\n".join(lines)


# ---------------------------------------------------------------- Campaign Trail


def ct_card_line(card) -> str:
    """`#5 Phone Bank Night — travel up to 4 states · fundraise +$100M · …; debate: jobs, …; ref IN`."""
    actions = " · ".join(f"{action.replace('_', ' ')} {text}" for action, text in card.summary.items())
    debate = "Dirty Politics (no debate icons)" if card.dirty else f"debate: {', '.join(card.debate)}"
    return f"#{card.number} {card.name} — {actions}; {debate}; ref {card.reference}"


def ct_in_play(view) -> str:
    """Every party's politicks on the table: `DEM Super PAC, Intimidation (from next turn) · REP —`."""
    parts = []
    for party in view.parties:
        names = [t.name + ("" if t.active else " (from next turn)") for s in view.seats.values() if s.party == party
                 for t in s.table]
        parts.append(f"{party} {', '.join(names) or '—'}")
    return " · ".join(parts)


def ct_ethics_line(view, party: str) -> str:
    """A party's ethically minded states with its voters there: what smear campaigns and mudslinging cost."""
    voters = {st.code: st.voters.get(party, 0) for st in view.states}
    spots = " · ".join(f"{code} {voters[code]}" for code in view.ethics.get(party, []))
    return f"{party} ethically minded states (your voters there pay for smears and mudslinging): {spots}"


def ct_candidate_line(cand) -> str:
    return (f"{cand.archetype} ({cand.name}, `candidate {cand.id}`): {cand.registered} registered voters, "
            f"${cand.war_chest}M. + {cand.advantage} − {cand.disadvantage}")


def ct_debate_ahead(view, plan) -> bool:
    """Debate 1 follows August, debate 2 September: show those still to come."""
    months = ["August", "September", "October"]
    return view.phase not in ("final", "over") and months.index(view.month) < plan.nth


def ct_debate_plan(plan) -> str:
    return f"Debate {plan.nth} (after {['August', 'September'][plan.nth - 1]}) in {plan.city}, {plan.state}: {', '.join(plan.issues)}"


def _ct_board(view) -> str:
    """Most useful first: /game status shows only the first 1,000 characters (the state grid comes last)."""
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
        lines += [ct_debate_plan(p) for p in view.debates if ct_debate_ahead(view, p)]
    cells = []
    for st in view.states:
        counts = " ".join(f"{p[0]}{n}" for p, n in st.voters.items() if n)
        cells.append(f"{st.code} {st.ev:>2} {st.majority[0]} {counts or '—'}")
    for i in range(0, len(cells), 4):
        lines.append("  " + " | ".join(f"{c:<22}" for c in cells[i:i + 4]).rstrip())
    return "\n".join(lines)


def _ct_hand(view) -> str:
    if view.hand is None:
        return ""
    lines = []
    for cand in view.offer_cards or []:
        lines.append(ct_candidate_line(cand))
    lines.append(f"Your hand ({len(view.hand)}):")
    lines += [f"  {ct_card_line(c)}" for c in view.hand]
    if view.partner_hand is not None:
        lines.append(f"Your running mate's hand ({len(view.partner_hand)}):")
        lines += [f"  {ct_card_line(c)}" for c in view.partner_hand]
    me = view.seats.get(view.viewer) if view.viewer else None
    if view.ethics and me is not None:
        lines.append(ct_ethics_line(view, me.party))
    return "\n".join(lines)
