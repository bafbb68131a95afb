"""How Presidential Election's views read as text: the console board and hand, and a seat's private brief.

The private part of a seat's view (`view.me`) is its Advantage draw: the three cards offered while it
chooses and the two it put back. Only the seat's own `me` is ever read here, so a seat's text cannot name
another seat's offer (tests/render/test_presidential_election.py checks it).
"""
from __future__ import annotations

from bot.present.base import Presenter, Section
from bot.present.changes import MapTally, StateTally
from bot.present.tallies import presidential_election as tallies_presidential_election
from bot.present.tally import ElectoralTally
from engine.presidential_election.views import CardView, PEView, PlayerView
from engine.core.words import plural

DICE_SHOWN = 6  # the board text's last rolls (the end's recounts can run to a hundred)


def money(k: int) -> str:
    """$1k units: 1160 -> "$1,160k"."""
    return f"${k:,}k"


def ev_of(view: PEView, seat: str) -> int:
    """The final score once counted, else the projected EV (states led alone)."""
    if view.phase == "over" and view.scores:
        return view.scores.get(seat, 0)
    return view.players[seat].projected_ev


def headline(view: PEView) -> str:
    if view.phase == "over":
        who = f"{view.winner} wins with {ev_of(view, view.winner)} EV" if view.winner else "game over"
        return f"Election Day, round {view.round} — {who}"
    line = f"Round {view.round}"
    if view.order:
        line += f" — turn order {' → '.join(view.order)}"
    if view.current:
        line += f" — {view.current} to move (spent {money(view.spent)} of {money(view.cap)})"
    elif view.phase != "play":
        line += f" — setup: {view.phase.replace('_', ' ')}"
    if view.last_round:
        line += f" — LAST ROUND ({view.ended_by or 'a player'} is back on Election Day)"
    return line


def player_line(view: PEView, p: PlayerView) -> str:
    adv = p.advantage.title if p.advantage else "no Advantage yet"
    return (f"{p.seat}: {money(p.money)} · {plural(p.ballots, 'ballot')} · {ev_of(view, p.seat)} EV · trail {p.trail} "
            f"({p.trail_label}) · map {p.map_at or '—'} · home {p.home or '—'} · {adv}"
            + (" · home on Election Day" if p.finished and view.phase != "over" else ""))


def card_line(card: CardView, code: bool = False) -> str:
    ref = f"`{card.id}`" if code else card.id
    return f"{ref} {card.title} — {card.text}"


def now_line(view: PEView, seat: str) -> str:
    """The seat's money, this turn's spending against its cap (on its turn), ballots and EV."""
    p = view.players[seat]
    parts = [f"Round {view.round}", money(p.money)]
    if view.current == seat:
        parts.append(f"spent {money(view.spent)} of {money(view.cap)} this turn")
    parts += [plural(p.ballots, "ballot"), f"{ev_of(view, seat)} EV" + ("" if view.phase == "over" else " projected"),
              f"trail {p.trail} ({p.trail_label})", f"map token {p.map_at or '—'}"]
    if view.last_round and view.phase != "over":
        parts.append("LAST ROUND")
    return " · ".join(parts)


def ballots_line(view: PEView, seat: str) -> str:
    """Every state whose ballot the seat is on, with its votes and standing there: `OH 5 (leads)`."""
    cells = []
    for code, st in sorted(view.states.items()):
        if seat not in st.votes:
            continue
        mark = " (leads)" if st.leader == seat else " (tied)" if st.leader is None and st.votes[seat] and \
            st.votes[seat] == max(st.votes.values()) else ""
        cells.append(f"{code} {st.votes[seat]}{mark}")
    return " · ".join(cells) or "—"


class PresidentialElectionPresenter(Presenter):
    move_example = "buy sign OH"
    group_words = {"state": "A state", "ballot": "A ballot"}

    def board_text(self, view: PEView) -> str:
        """Most useful first: /game status shows only the first 1,000 characters (the state grid comes last)."""
        lines = [headline(view)]
        if view.reason:
            lines.append(view.reason)
        lines += [player_line(view, view.players[s]) for s in sorted(view.players)]
        if view.last_dice:
            earlier = len(view.last_dice) - DICE_SHOWN
            lines.append("Last dice: " + ("… " if earlier > 0 else "") + "; ".join(view.last_dice[-DICE_SHOWN:]))
        lines.append(f"Campaign deck {view.deck_size} cards, {len(view.discard)} discarded")
        cells = []
        for code, st in sorted(view.states.items()):
            votes = " ".join(f"{s}:{n}" for s, n in st.votes.items() if n)
            if not votes:
                continue
            lead = st.carried_by or st.leader or "tie"
            cells.append(f"{code} {st.ev:>2} {lead} {votes}")
        for i in range(0, len(cells), 3):
            lines.append("  " + " | ".join(f"{c:<30}" for c in cells[i:i + 3]).rstrip())
        return "\n".join(lines)

    def hand_text(self, view: PEView) -> str:
        me = view.me
        if me is None or me.seat not in view.players:
            return ""
        lines = [now_line(view, me.seat)]
        if me.offer:
            lines.append("Advantage offer (keep one: advantage <id>):")
            lines += [f"  {card_line(c)}" for c in me.offer]
        kept = view.players[me.seat].advantage
        if kept is not None:
            lines.append(f"Your Advantage: {card_line(kept)}")
        if me.returned:
            lines.append("Put back (only you know): " + ", ".join(f"{c.id} {c.title}" for c in me.returned))
        lines.append(f"Your ballots: {ballots_line(view, me.seat)}")
        return "\n".join(lines)

    def brief_sections(self, view: PEView, seat: str) -> list[Section]:
        me = view.me
        if me is None or me.seat != seat or seat not in view.players:
            return []  # only a seat's own view has its private part
        sections: list[Section] = [("Now", [now_line(view, seat)])]
        if me.offer:
            sections.append(("Advantage offer — keep one", [card_line(c, code=True) for c in me.offer]))
        kept = view.players[seat].advantage
        if kept is not None:
            sections.append((f"Your Advantage: {kept.title}", [kept.text]))
        if me.returned:
            sections.append(("Put back (only you know)", [f"{c.title} — {c.text}" for c in me.returned]))
        sections.append((f"Your ballots ({view.players[seat].ballots})", [ballots_line(view, seat)]))
        return sections

    # ---- what a turn changed

    def tally(self, view: PEView) -> MapTally:
        """Each player's ballots per state; the leader is the one player ahead alone (the carrier at the end)."""
        return MapTally(sides=list(view.order or view.players),
                        states={code: StateTally(code=code, ev=st.ev, counts={s: n for s, n in st.votes.items() if n},
                                                 leader=st.carried_by or st.leader)
                                for code, st in view.states.items()})
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: PEView) -> ElectoralTally:
        return tallies_presidential_election.tally(view)
