"""The Presidential Election board picture, drawn from a public `PEView` only (never the full state).

One 1600 px wide PNG, laid out for a phone showing it 400 px wide (every number a player reads the position by
is at least 14 px tall there, tests/render/test_presidential_election.py):
- the status line (round, whose turn, the money spent of the turn's cap, a LAST ROUND tag, or the winner) in
  76-px type, on two lines when it needs them (render/presidential_election_panels.py);
- the electoral-vote bar against the votes needed to win, its key, and the state board: the 51 ballots as
  boxes in code order with each count above 1 on its seat's chip (render/presidential_election_states.py);
- a panel per player: money, electoral votes, ballots and trail space in 76-px digits, the Advantage's name
  small (the alt text names it);
- the last dice with their faces and the Campaign Trail as four rows of ten spaces, each space with its kind's
  code (never colour alone) and every player's token on it; the keys to the trail's codes and panels' labels.

Everything is drawn in the usmap Layout and colours, so the picture stays one flat-colour palette PNG (small),
encoded once.
Only `engine.presidential_election.views` is imported from the engine (the render layering rule).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from PIL import Image

from engine.presidential_election.views import PEView, PlayerView, SpaceView
from render import colours as C
from render.alttext import Part, fit, sentence
from render.canvas import Canvas, Sprite, advance, encode_p_within, fit_font, font, truncate
from render.closeup import render_turn_closeup
from render import presidential_election_panels as panels
from render import presidential_election_states as states
from render.mapview import LegendEntry, MapView, MarkerView, PartyView, StateView
from render.types import Rendered
from render.usmap import LAYOUT, board_colours, map_alt
from render.widgets import marker, pill, public_view, win_tag

W = 1600
MAP_H = 1000
PAD = 12
COLOURS = ("blue", "red", "gold", "purple", "green", "teal")  # by seat number: P1 blue … P6 teal
SOLID_LEAD = 3  # a lead of this many votes or more is drawn solid; 1–2 is a lean (as Campaign Trail)
# Kind codes: the space's kind must read without colour, and a code fits a 155 px cell.
KIND_CODE = {"election_day": "ED", "draw_card": "C", "fundraising": "$", "convention": "PC", "debate": "D",
             "national_debate": "ND", "vice_president": "VP", "plain": "–"}
KIND_NAME = {"election_day": "Election Day", "draw_card": "card", "fundraising": "fundraising",
             "convention": "convention", "debate": "debate", "national_debate": "national debate",
             "vice_president": "pick a VP", "plain": "no effect"}
KIND_BG = {"election_day": "tie_base", "convention": "bar_empty", "national_debate": "bar_empty"}
DICE_SHOWN = 5  # the last rolls drawn (each needs ~300 px to say why); the alt text has them all
_ROLL = re.compile(r"^(?P<seat>\S+) rolled (?P<face>[0-9]+) \((?P<die>d[0-9]+)(?:, (?P<why>.+))?\)$")

F_STATUS = font(34)
F_SMALL = font(22, False)
F_CODE = font(30)
F_INDEX = font(20, False)
F_DIE = font(32)
F_BAR = font(44)
F_KEY = font(26, False)
F_SMALL_BOLD = font(34)
BAR_H, KEY_H = 64, 46

DICE_H, TRAIL_ROW_H, LEGEND_H = 64, 62, 34


@dataclass(frozen=True)
class Roll:
    seat: str
    face: str
    die: str
    why: str


def letter(seat: str) -> str:
    """The seat's number ("P3" -> "3"): the letter on its pills and markers."""
    digits = seat.lstrip("P")
    return digits[-1:] if digits else seat[:1].upper()


def party_slot(view: PEView, seat: str) -> int:
    return sorted(view.players).index(seat)




def money(k: int) -> str:
    """$1k units as a short amount: 1160 -> "$1,160k"."""
    return f"${k:,}k"


def parse_roll(line: str) -> Roll:
    m = _ROLL.match(line)
    if m is None:
        return Roll("", "?", "", line)
    return Roll(m["seat"], m["face"], m["die"], m["why"] or "")


# ------------------------------------------------------------------ view -> MapView


def _parties(view: PEView) -> list[PartyView]:
    return [PartyView(code=s, name=s, colour=COLOURS[k % len(COLOURS)], letter=letter(s))
            for k, s in enumerate(sorted(view.players))]


def _strength(votes: dict[str, int]) -> str:
    ranked = sorted(votes.values(), reverse=True) + [0]
    if ranked[0] == 0:
        return "empty"
    lead = ranked[0] - ranked[1]
    return "tied" if lead == 0 else "solid" if lead >= SOLID_LEAD else "lean"


def _markers(view: PEView, code: str) -> list[MarkerView]:
    """Map tokens, then home states, then (at the end) a star for who carried a tied state."""
    out = [MarkerView(kind="pawn", party=s) for s in sorted(view.players) if view.players[s].map_at == code]
    out += [MarkerView(kind="home", party=s) for s in sorted(view.players) if view.players[s].home == code]
    st = view.states[code]
    if st.carried_by and st.leader is None and any(st.votes.values()):
        out.append(MarkerView(kind="star", party=st.carried_by))
    return out


def ev_totals(view: PEView) -> dict[str, int]:
    """The final scores once counted, else each player's projected EV (states led alone)."""
    if view.phase == "over" and view.scores:
        return {s: view.scores.get(s, 0) for s in view.players}
    return {s: p.projected_ev for s, p in view.players.items()}


def headline(view: PEView) -> tuple[str, str]:
    """(turn, to_move) for the map title and the status line."""
    if view.phase == "over":
        who = f"{view.winner} wins with {ev_totals(view).get(view.winner, 0)} EV" if view.winner else "game over"
        return f"Election Day — round {view.round}", who
    turn = f"Round {view.round}" + (" — LAST ROUND" if view.last_round else "")
    if view.current:
        return turn, f"{view.current} to move"
    waiting = ", ".join(sorted({p.seat for p in view.pending}))
    return turn, f"setup ({view.phase.replace('_', ' ')})" + (f" — waiting on {waiting}" if waiting else "")


def map_view(view: PEView, highlight: Iterable[str] = ()) -> MapView:
    marked = set(highlight)
    states = {}
    for code, st in view.states.items():
        votes = {s: n for s, n in st.votes.items() if n}
        markers = _markers(view, code)
        if not votes and not markers and code not in marked:
            continue
        strength = _strength(votes)
        states[code] = StateView(fill=st.leader if strength not in ("empty", "tied") else None, strength=strength,
                                 ev=st.ev, counts=votes, markers=markers, highlight=code in marked)
    turn, to_move = headline(view)
    legend = [LegendEntry(marker="pawn", text="map token"), LegendEntry(marker="home", text="home state")]
    if view.phase == "over":
        legend.append(LegendEntry(marker="star", text="carried after a recount"))
    return MapView(game="Presidential Election", turn=turn, to_move=to_move, parties=_parties(view), states=states,
                   ev_era=str(view.era), ev_totals=ev_totals(view), count_style="leader", legend=legend)


# ------------------------------------------------------------------ the band below the map


def _fg(mv: MapView, k: int) -> str:
    return C.text_on(C.party_tones(mv.parties[k].colour)[0])


def _seat_pill(cv: Canvas, mv: MapView, seat: str, x: float, y: float, size: int = 24, height: int = 34):
    k = mv.slot(seat)
    sp = pill(LAYOUT, mv.parties[k].letter, f"p{k}", _fg(mv, k), ring="ink", size=size, height=height)
    return cv.paste(sp, x, y)


def _status_pieces(view: PEView) -> list[panels.Piece]:
    """Round, whose turn (with the money spent of the turn's cap) or the result; a black LAST ROUND tag once the
    end is triggered, so it reads without reading the line."""
    if view.phase == "over":
        who = f"{view.winner} wins with {ev_totals(view).get(view.winner, 0)} EV" if view.winner else "game over"
        return [panels.Piece("Election Day"), panels.Piece(who)]
    turn, to_move = headline(view)
    out = [panels.Piece(turn.replace(" — LAST ROUND", "")), panels.Piece(to_move)]
    if view.current and view.phase == "play":
        out.append(panels.Piece(f"{money(view.spent)} of {money(view.cap)} spent"))
    if view.last_round:
        out.append(panels.Piece("LAST ROUND", tag=True))
    return out


def _panel_rows(view: PEView, p: PlayerView, ev: int) -> tuple[tuple[str, str], ...]:
    """Short labels (the key below explains "$k" and "EV") and the numbers of up to four digits, a row each."""
    return (("$k", str(p.money)), ("EV", str(ev)))


def _panel_pair(p: PlayerView) -> tuple[tuple[str, str], ...]:
    """Ballots (at most 51) and the trail space (0–39) share a row: two digits each."""
    return (("Ballots", str(p.ballots)), ("Trail", str(p.trail)))


def _panel(view: PEView, mv: MapView, seat: str) -> panels.Panel:
    p = view.players[seat]
    k = mv.slot(seat)
    suffix = "wins" if seat == view.winner else "to move" if seat == view.current else ""
    if p.finished and view.phase != "over" and seat != view.current:
        suffix = "done"  # back on Election Day: plays no more turns
    return panels.Panel(seat=seat, face=f"p{k}", fg=_fg(mv, k), title=seat, suffix=suffix,
                        rows=_panel_rows(view, p, ev_totals(view).get(seat, 0)), pair=_panel_pair(p),
                        foot=p.advantage.title if p.advantage else "no Advantage yet",
                        now=seat == view.current or seat == view.winner)


def _die(cv: Canvas, roll: Roll, x: float, y: float) -> None:
    """A white die with its face in digits (d3 and d6 alike: pips would not say which die it was)."""
    s = 50
    cv.rect((x, y, x + s, y + s), fill="white", outline="ink", width=3, radius=9)
    cv.text(x + s / 2, y + s / 2, roll.face, F_DIE, "ink", "white", "mm")


def _dice(cv: Canvas, view: PEView, mv: MapView, y: int) -> None:
    rolls = [parse_roll(line) for line in view.last_dice]
    x = PAD
    label = "Last dice:" if rolls else "No dice rolled yet"
    cv.text(x, y + DICE_H / 2 - 4, label, F_STATUS, "ink", "paper", "lm")
    x += advance(label, F_STATUS) + 16
    earlier = len(rolls) - DICE_SHOWN
    if earlier > 0:
        more = f"+{earlier} earlier"
        cv.text(x, y + DICE_H / 2 - 4, more, F_SMALL, "muted", "paper", "lm")
        x += advance(more, F_SMALL) + 16
    shown = rolls[-DICE_SHOWN:]
    room = (W - PAD - x) / max(1, len(shown))
    for r in shown:
        _die(cv, r, x, y + 6)
        tx = x + 60
        if r.seat in view.players:  # who rolled (their numbered pill) above the die's type and why
            _seat_pill(cv, mv, r.seat, tx, y + 2, size=20, height=28)
        note = r.why or r.die  # "recount in OH" says enough; the face is on the die
        cv.text(tx, y + 48, truncate(note, F_SMALL, x + room - tx - 10), F_SMALL, "ink", "paper", "lm")
        x += room


def _trail(cv: Canvas, view: PEView, mv: MapView, y: int) -> int:
    """Four rows of ten spaces, clockwise from Election Day (0); returns the bottom."""
    per_row = 10
    cw = (W - 2 * PAD) / per_row
    for sp in view.track:
        r, c = divmod(sp.index, per_row)
        x0, y0 = PAD + c * cw, y + r * TRAIL_ROW_H
        _space(cv, mv, sp, (x0 + 3, y0 + 3, x0 + cw - 3, y0 + TRAIL_ROW_H - 3))
    return y + ((len(view.track) + per_row - 1) // per_row) * TRAIL_ROW_H


def _space(cv: Canvas, mv: MapView, sp: SpaceView, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    bg = KIND_BG.get(sp.kind, "white")
    cv.rect(box, fill=bg, outline="ink", width=2, radius=6)
    cv.text(x0 + 6, y0 + 4, str(sp.index), F_INDEX, "muted" if bg == "white" else "ink", bg, "lt")
    cv.text(x0 + 8, y1 - 6, KIND_CODE.get(sp.kind, "?"), F_CODE, "ink", bg, "lb")
    # tokens: up to three a row, right-aligned, two rows (six players); the panels say each trail space in big digits
    tokens = sp.tokens
    pw, ph = 26, 25  # two rows of three fit a 56-px space
    for i, seat in enumerate(tokens):
        row, col = divmod(i, 3)
        n_in_row = min(3, len(tokens) - row * 3)
        tx = x1 - 4 - (n_in_row - col) * (pw + 2)
        ty = y0 + 3 + row * (ph + 2) if len(tokens) > 3 else (y0 + y1 - ph) / 2
        _seat_pill(cv, mv, seat, tx, ty, size=21, height=ph)


def _kind_legend(cv: Canvas, view: PEView, y: int) -> None:
    """The trail's space codes, then what the panels' labels mean."""
    text = "  ".join(f"{code} {KIND_NAME[k]}" for k, code in KIND_CODE.items())
    f = fit_font(text, W - 2 * PAD, 24, False, 16)
    cv.text(PAD, y + LEGEND_H / 2, text, f, "ink", "paper", "lm")
    ev = "electoral votes won" if view.phase == "over" else "projected electoral votes (states led alone)"
    key = f"Panels: $k money in $1,000s · Ballots states on · EV {ev} · Trail the space its token is on"
    f = fit_font(key, W - 2 * PAD, 24, False, 16)
    cv.text(PAD, y + LEGEND_H * 3 / 2, key, f, "ink", "paper", "lm")


# ------------------------------------------------------------------ alt text


def _player_words(view: PEView, seat: str, detail: bool) -> str:
    p = view.players[seat]
    if not detail:
        return f"{seat} {money(p.money)}, {p.ballots} ballot{'s' * (p.ballots != 1)}, trail space {p.trail}"
    adv = f"Advantage: {p.advantage.title}" if p.advantage else "no Advantage yet"
    return (f"{seat}: {money(p.money)}, {p.ballots} ballot{'s' * (p.ballots != 1)}, trail space {p.trail} "
            f"({p.trail_label}), {adv}" + (f", map token in {p.map_at}" if p.map_at else "")
            + (f", home {p.home}" if p.home else "") + ".")


def _alt_extra(view: PEView) -> dict[str, Part]:
    """What the shared map's alt text leaves out, by topic: the turn's spending and the last round, the players'
    panels (all of each, or money, ballots and trail space), the result, the recounts and the last dice."""
    parts: dict[str, Part] = {}
    turn = []
    if view.current and view.phase == "play":
        turn.append(f"{view.current} has spent {money(view.spent)} of {money(view.cap)} this turn.")
    if view.last_round and view.phase != "over":
        turn.append(f"Last round: {view.ended_by or 'a player'} is back on Election Day.")
    parts["turn"] = " ".join(turn)
    seats = sorted(view.players)
    parts["players"] = (" ".join(_player_words(view, s, True) for s in seats),
                        "Players: " + "; ".join(_player_words(view, s, False) for s in seats) + ".")
    if view.phase == "over" and view.reason:
        parts["result"] = sentence(f"Result: {view.reason.split(' (')[0]}")  # its tally is the totals above
    recounts = sorted(f"{c} to {st.carried_by}" for c, st in view.states.items()
                      if st.carried_by and st.leader is None and any(st.votes.values()))
    if view.phase == "over" and recounts:
        parts["recounts"] = "Tied states carried after recounts (starred): " + ", ".join(recounts) + "."
    if view.last_dice:
        parts["dice"] = ("Last dice: " + "; ".join(view.last_dice) + ".", "")
    return parts


def board_alt(view: PEView, mv: MapView) -> str:
    """The board in words, at most 1,024 characters (render/alttext.py): the headline, the electoral votes and who
    is ahead, the result, the turn's spending, what the last move changed and the players first; then the states
    each player leads (with margins, or their codes, or how many) and the last dice as far as they fit."""
    m = map_alt(mv, "State board")
    extra = _alt_extra(view)
    return fit([m.head, m.totals, extra.get("result", ""), extra.get("recounts", ""), extra["turn"], m.changed,
                extra["players"], m.states, extra.get("dice", "")])


# ------------------------------------------------------------------ compose





def _ev_bar(cv: Canvas, view: PEView, mv: MapView, y: int) -> tuple[float, float]:
    """Each seat's electoral votes as a share of the era's total, its number and EV on it; the votes to win
    marked on an ink tag."""
    x0, x1, y1 = PAD, W - PAD, y + BAR_H
    total = sum(st.ev for st in view.states.values()) or 1
    ev = ev_totals(view)
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    x = float(x0)
    for k, p in enumerate(mv.parties):
        w = (x1 - x0) * ev.get(p.code, 0) / total
        if w >= 1:
            cv.rect((x, y, x + w - 1, y1), fill=f"p{k}")
            label = f"{p.letter} {ev.get(p.code, 0)}"
            f = fit_font(label, int(w) - 12, F_BAR.size, True, 28)
            if advance(label, f) + 12 <= w:
                cv.text(x + w / 2, y + BAR_H / 2, label, f, _fg(mv, k), f"p{k}", "mm")
        x += w
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    return win_tag(cv, x0, x1, y, y1, total // 2 + 1, total, F_SMALL)


def _marker_sprite(mv: MapView, m: MarkerView) -> Sprite:
    k = mv.slot(m.party)
    return marker(LAYOUT, m.kind, f"p{k}", _fg(mv, k), mv.parties[k].letter, size=states.MARK)


def _key(cv: Canvas, mv: MapView, y: int, gap: tuple[float, float]) -> None:
    """What a box says, either side of the "to win" tag (`gap`: its left and right): a chip is a seat's votes
    above the ballot's 1; the tag, fill, stripes and markers."""
    left = "chip: seat, votes (rest: 1) · grey: no ballots"
    cv.text(PAD, y + KEY_H / 2, truncate(left, F_KEY, int(gap[0]) - PAD - 12), F_KEY, "ink", "paper", "lm")
    x = gap[1] + 12
    items = [("light: by 1–2 · striped: tie ·", None), ("token", "pawn"), ("home", "home")]
    if any(m.kind == "star" for s in mv.states.values() for m in s.markers):
        items.append(("recount", "star"))
    for word, kind in items:
        if kind:
            cv.paste(marker(LAYOUT, kind, "white", "ink", "", size=30), x, y + KEY_H / 2 - 15)
            x += 32
        cv.text(x, y + KEY_H / 2, word, F_KEY, "ink", "paper", "lm")
        x += advance(word, F_KEY) + 10


def render_presidential_election(view: PEView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public Presidential Election view. `highlight`: state codes to outline (the last move's);
    default the view's own `changed` states if it carries any.

    Raises TypeError for anything but a PEView and ValueError for a seat's (private) view."""
    view = public_view(view, PEView, view.me.seat if getattr(view, 'me', None) is not None else None)
    if highlight is None:
        highlight = view.changed
    mv = map_view(view, highlight)
    book = states.entries(mv, {c: st.votes for c, st in view.states.items()},
                          {c: st.ev for c, st in view.states.items()})
    book_h = states.height(book, W - 2 * PAD)
    usual = states.usual_off(mv, {c: st.votes for c, st in view.states.items()})
    pieces = _status_pieces(view)
    status_h = panels.status_height(pieces, W - 2 * PAD)
    top_h = status_h + 6 + BAR_H + KEY_H + (KEY_H if usual else 0)
    height = top_h + book_h + 18 + panels.PANEL_H + 8 + DICE_H + 4 + 4 * TRAIL_ROW_H + 2 * LEGEND_H
    colours = board_colours(mv)
    im = Image.new("P", (W, height), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, colours, None)
    labels = panels.draw_status(cv, pieces, PAD, 2, W - 2 * PAD)
    y = status_h + 6
    gap = _ev_bar(cv, view, mv, y)
    y += BAR_H
    _key(cv, mv, y + 2, gap)
    y += KEY_H
    if usual:
        note = "Not on the ballot of any untagged box: " + ", ".join(usual)
        cv.text(PAD, y + KEY_H / 2 - 2, note, F_SMALL_BOLD, "ink", "paper", "lm")
        y += KEY_H
    labels += states.draw(cv, book, PAD, y, W - 2 * PAD, lambda m: _marker_sprite(mv, m))
    y += book_h + 12
    cv.rect((0, y, W, y + 3), fill="ink")  # the state board's edge: the players and the trail below
    y += 6
    labels += panels.draw_panels(cv, [_panel(view, mv, s) for s in sorted(view.players)], PAD, y, W - 2 * PAD)
    y += panels.PANEL_H + 8
    _dice(cv, view, mv, y)
    y += DICE_H + 4
    y = _trail(cv, view, mv, y)
    _kind_legend(cv, view, y)
    alt = board_alt(view, mv)
    return Rendered(encode_p_within(im, LAYOUT.palette(colours, None)), alt, W, height, tuple(labels))


def closeup_presidential_election(view: PEView, states: list[str], caption: str = "") -> Rendered:
    """A turn's close-up (render/closeup.py): the states it changed, enlarged for a phone, under its caption."""
    view = public_view(view, PEView, view.me.seat if getattr(view, 'me', None) is not None else None)
    return render_turn_closeup(map_view(view, states), states, caption)
