"""How Campaign Manager 2008's views read as text: the console board and hand, and a side's private brief.

The private part of a side's view (`view.me`) is its hand, its draft offer and the cards kept so far, and
its starting-state picks before they are revealed. Only the side's own `me` is ever read for those, so a
side's words cannot name the other side's cards or picks (tests/render/test_campaign_manager_2008.py
checks it); the board text reads the public view only.
"""
from __future__ import annotations

from bot.present.base import Presenter, Section
from bot.present.changes import MapTally, StateTally
from engine.campaign_manager_2008.content import load
from bot.present.tallies import campaign_manager_2008 as tallies_campaign_manager_2008
from bot.present.tally import ElectoralTally
from engine.campaign_manager_2008.views import CardView, CMView, RowView, SideView, TileView

LETTER = {"OBA": "O", "MCC": "M"}
DECK = 15  # cards in a drafted deck
WAITING = {"play": "to play", "draft": "drafting", "states": "picking starting states", "cost": "paying a cost",
           "discard": "discarding", "state": "choosing a state", "issue": "choosing an issue",
           "toward": "choosing which way to shift", "enter": "picking the next state",
           "target": "naming the state the news hits", "order": "ordering the states won"}


def side_name(view: CMView, seat: str | None) -> str:
    side = view.sides.get(seat or "")
    return side.name if side else (seat or "")


def headline(view: CMView) -> str:
    if view.phase == "over":
        if view.draw:
            return "Draw: " + "–".join(str(s.score) for s in view.sides.values()) + (f" — {view.reason}" if view.reason else "")
        return f"{side_name(view, view.winner)} wins" + (f" — {view.reason}" if view.reason else "")
    waiting = [f"{side_name(view, p.seat)} {WAITING.get(p.kind, p.kind.replace('_', ' '))}" for p in view.pending]
    if view.phase == "draft":
        return "Draft in progress" + (f" — waiting on {', '.join(side_name(view, p.seat) for p in view.pending)}"
                                      if view.pending else "")
    if view.phase == "states":
        return "Picking starting states" + (f" — waiting on {', '.join(side_name(view, p.seat) for p in view.pending)}"
                                            if view.pending else "")
    line = f"{side_name(view, view.active)}'s turn" if view.active else "In play"
    extra = [w for w in waiting if w != f"{side_name(view, view.active)} to play"]
    return line + (" — " + ", ".join(extra) if extra else "")


def row_text(row: RowView) -> str:
    return f"O{row.obama} M{row.mccain} U{row.undecided}"


def tile_line(t: TileView) -> str:
    """`OH 20 EV · Defense (MAJOR) O1 M4 U2 · Economy O3 M2 U2 · key Clinton Democrats (other Union Households)`."""
    rows = " · ".join(f"{issue.capitalize()}{' (MAJOR)' if t.major == issue else ''} {row_text(row)}"
                      for issue, row in (("defense", t.defense), ("economy", t.economy)))
    return f"{t.code} {t.name} {t.ev} EV · {rows} · key {t.key} (other {t.other_group})"


def side_line(view: CMView, s: SideView) -> str:
    won = ", ".join(s.won) or "none yet"
    line = f"{s.name} {s.score} EV ({LETTER.get(s.seat, s.seat)}) · won {won}"
    if view.phase == "draft":
        return line + f" · {s.drafted} of {DECK} cards drafted"
    line += f" · hand {s.hand_size}, deck {s.deck_size}, discard {len(s.discard)}"
    if view.phase == "states":
        line += " · starting states sealed" if s.sealed else " · picking starting states"
    return line


def cost_text(card: CardView) -> str:
    return f" [cost: {card.cost}]" if card.cost else ""


def card_line(card: CardView, code: bool = False) -> str:
    ref = f"`{card.id}`" if code else card.id
    return f"{ref} {card.title}{cost_text(card)} — {card.text}"


def now_resolving(view: CMView) -> list[str]:
    """The card being played, unless a news card or a Going Negative result is what resolves now: then that,
    and the card it interrupts or follows (a choice asked now is for the news, not the card)."""
    played = f"{view.played.id} {view.played.title} ({side_name(view, view.played.side)})" if view.played else ""
    r = view.resolving
    if r is None:
        return [f"Playing: {played}"] if played else []
    if r.side == "news":
        during = f", in the middle of {played}" if played else ""
        return [f"Resolving: Breaking News {r.id} {r.title} (drawn as a new state entered play{during})"]
    after = f", after {played}" if played else ""
    return [f"Resolving: Going Negative result {r.id} {r.title}{after}"]


class CampaignManager2008Presenter(Presenter):
    move_example = "play O05"
    brief_shows_cards = True

    def board_text(self, view: CMView) -> str:
        """Most useful first; whole (/game status splits it over fields)."""
        lines = [headline(view)]
        lines += [side_line(view, view.sides[s]) for s in view.sides]
        lines += [tile_line(t) for t in view.in_play]
        lines += now_resolving(view)
        if view.media is not None:
            lines.append(f"Media Support: {view.media.id} {view.media.title} ({side_name(view, view.media_owner)} picks where news hits)")
        if view.last_news is not None:
            lines.append(f"Last Breaking News: {view.last_news.id} {view.last_news.title} ({view.news_left} left)")
        if view.last_negative:
            lines.append(f"Last Going Negative roll: {view.last_negative.split(' — ')[0]}")
        if view.pool:
            lines.append("Pool: " + " · ".join(
                f"{side_name(view, seat)} back " + (" ".join(f"{p.code} {p.ev}" for p in view.pool if p.back == seat) or "—")
                for seat in view.sides))
        return "\n".join(lines)

    def hand_text(self, view: CMView) -> str:
        me = view.me
        if me is None or me.seat not in view.sides:
            return ""
        lines = [self._now(view, me.seat)]
        if me.offer:
            lines.append("Draft offer (keep one: keep <id>):")
            lines += [f"  {card_line(c)}" for c in me.offer]
        if view.phase == "draft" and me.kept:
            lines.append(f"Kept so far ({len(me.kept)} of {DECK}): " + ", ".join(f"{c.id} {c.title}" for c in me.kept))
        if view.phase == "states":
            lines.append(self._picks(me.picks))
        if view.phase != "draft" or me.hand:
            lines.append(f"Your hand ({len(me.hand)}):")
            lines += [f"  {card_line(c)}" for c in me.hand] or ["  —"]
        return "\n".join(lines)

    def brief_sections(self, view: CMView, seat: str) -> list[Section]:
        me = view.me
        if me is None or me.seat != seat or seat not in view.sides:
            return []  # only a side's own view has its private part
        sections: list[Section] = [("Now", [self._now(view, seat)])]
        if me.offer:
            sections.append(("Draft offer — keep one", [card_line(c, code=True) for c in me.offer]))
        if view.phase == "draft" and me.kept:
            sections.append((f"Kept so far ({len(me.kept)} of {DECK})", [f"{c.id} {c.title}" for c in me.kept]))
        if view.phase == "states":
            sections.append(("Starting states (secret until both have picked)", [self._picks(me.picks)]))
        if view.phase != "draft" or me.hand:
            sections.append((f"Your hand ({len(me.hand)})", [card_line(c, code=True) for c in me.hand] or ["—"]))
        return sections

    @staticmethod
    def _now(view: CMView, seat: str) -> str:
        s = view.sides[seat]
        parts = [f"You are {s.name} ({LETTER.get(seat, seat)})", f"{s.score} of {view.target} EV"]
        if view.phase == "draft":
            parts.append(f"{s.drafted} of {DECK} cards drafted")
        else:
            parts.append(f"deck {s.deck_size}, discard {len(s.discard)}")
        parts.append(headline(view))
        return " · ".join(parts)

    @staticmethod
    def _picks(picks: list[str]) -> str:
        if not picks:
            return "Starting states: none picked yet (pick two of your back colour: pick <code>)"
        return "Starting states picked: " + ", ".join(picks)

    # ---- what a turn changed

    def tally(self, view: CMView) -> MapTally:
        """Each side's cubes on a state in play (both issue rows); a won state counts for its winner alone."""
        states = {t.code: StateTally(code=t.code, ev=t.ev,
                                     counts={s: n for s, n in (("OBA", t.defense.obama + t.economy.obama),
                                                               ("MCC", t.defense.mccain + t.economy.mccain)) if n})
                  for t in view.in_play}
        evs = {code: st.ev for code, st in load().states.items()}
        for seat, side in view.sides.items():
            for code in side.won:
                states[code] = StateTally(code=code, ev=evs.get(code, 0), leader=seat)
        return MapTally(sides=list(view.sides), states=states, verb="wins")
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: CMView) -> ElectoralTally:
        return tallies_campaign_manager_2008.tally(view)
