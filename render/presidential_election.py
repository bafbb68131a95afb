"""The Presidential Election board picture, drawn from a public `PEView` only (never the full state).

One 1200 px wide PNG, laid out for a phone showing it 400 px wide: every word is at least 42 px, capitals 10 px
there, and the numbers 46 px (tests/render/test_legibility.py, tests/render/test_presidential_election.py):
- the status line (round, whose turn, the money spent of the turn's cap, a LAST ROUND tag, or the winner), on two
  lines when it needs them (render/presidential_election_panels.py);
- the electoral-vote bar against the votes needed to win, and the state board: the 51 ballots as boxes in code
  order with each count above 1 on its seat's chip (render/presidential_election_states.py);
- the players' table: money, electoral votes, ballots, the trail space and its kind's code, the Advantage;
- the last dice and the key to the boxes, the trail codes and the table (render/presidential_election_key.py).

Everything is drawn in the usmap Layout and colours, so the picture stays one flat-colour palette PNG (small),
encoded once.
Only `engine.presidential_election.views` is imported from the engine (the render layering rule).
"""
from __future__ import annotations

from typing import Iterable

from PIL import Image

from engine.presidential_election.views import PEView
from render import colours as C
from render.alttext import Part, fit, sentence
from render.canvas import Canvas, Sprite, advance, as_rgb, encode_p_within, font
from render.closeup import render_turn_closeup
from render import presidential_election_key as foot
from render import presidential_election_panels as panels
from render import presidential_election_states as states
from render.mapview import LegendEntry, MapView, MarkerView, PartyView, StateView
from render.types import LabelBox, Rendered
from render.usmap_alt import map_alt
from render.usmap_geometry import LAYOUT
from render.usmap_palette import board_colours
from render.widgets import clear_of, marker, public_view, swatch, win_x

W = 1200
PAD = 12
COLOURS = ("blue", "red", "gold", "purple", "green", "teal")  # by seat number: P1 blue … P6 teal
SOLID_LEAD = 3  # a lead of this many votes or more is drawn solid; 1–2 is a lean (as Campaign Trail)
# Kind codes: the space's kind must read without colour, and a code fits the table's trail column.
KIND_CODE = {"election_day": "ED", "draw_card": "C", "fundraising": "$", "convention": "PC", "debate": "D",
             "national_debate": "ND", "vice_president": "VP", "plain": "–"}
KIND_NAME = {"election_day": "Election Day", "draw_card": "card", "fundraising": "money",
             "convention": "convention", "debate": "debate", "national_debate": "national debate",
             "vice_president": "pick a VP", "plain": "nothing"}
F_BAR = font(44)
F_TAG = font(42)
F_NOTE = font(42)
BAR_H = 56


def letter(seat: str) -> str:
    """The seat's number ("P3" -> "3"): the letter on its pills and markers."""
    digits = seat.lstrip("P")
    return digits[-1:] if digits else seat[:1].upper()


def party_slot(view: PEView, seat: str) -> int:
    return sorted(view.players).index(seat)




def money(k: int) -> str:
    """$1k units as a short amount: 1160 -> "$1,160k"."""
    return f"${k:,}k"


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


def _row(view: PEView, mv: MapView, seat: str) -> panels.Row:
    p = view.players[seat]
    k = mv.slot(seat)
    state = "wins" if seat == view.winner else "to move" if seat == view.current else ""
    if p.finished and view.phase != "over" and seat != view.current:
        state = "done"  # back on Election Day: plays no more turns
    adv = p.advantage.title if p.advantage else ""
    note = " · ".join(w for w in (state, adv) if w)
    space = view.track[p.trail] if 0 <= p.trail < len(view.track) else None
    numbers = (("$k", str(p.money)), ("EV", str(ev_totals(view).get(seat, 0))), ("Ballots", str(p.ballots)),
               ("Trail", str(p.trail)))
    return panels.Row(seat=seat, face=f"p{k}", fg=_fg(mv, k), title=seat, numbers=numbers,
                      code=KIND_CODE.get(space.kind, "") if space else "", note=note,
                      now=seat == view.current or seat == view.winner)


def _seat_pill(mv: MapView, seat: str) -> Sprite | None:
    if seat not in {p.code for p in mv.parties}:
        return None
    k = mv.slot(seat)
    return foot.seat_pill_sprite(LAYOUT, mv.parties[k].letter, f"p{k}", _fg(mv, k))


def _pill_w(mv: MapView, seat: str) -> int:
    sp = _seat_pill(mv, seat)
    return sp.w if sp else 0


def _key_items(view: PEView, mv: MapView) -> list[foot.Item]:
    """What a box says (a chip is a seat's votes, every other seat on the ballot has 1; fill, stripes, grey and the
    markers), the codes of the trail spaces the players are on, and the table's "$k" and "EV"."""
    def mark(kind: str) -> Sprite:
        return marker(LAYOUT, kind, "white", "ink", "", size=states.MARK)

    items = [foot.Item("chip: seat, votes (others 1)"), foot.Item("light: by 1–2"),
             foot.Item("tie", swatch(LAYOUT, "tie_base", "p0", 30)), foot.Item("grey: empty"),
             foot.Item("token", mark("pawn")), foot.Item("home", mark("home"))]
    if any(m.kind == "star" for s in mv.states.values() for m in s.markers):
        items.append(foot.Item("recount", mark("star")))
    kinds = sorted({view.track[p.trail].kind for p in view.players.values() if 0 <= p.trail < len(view.track)},
                   key=list(KIND_CODE).index)
    items += [foot.Item(f"{KIND_CODE[k]} {KIND_NAME[k]}") for k in kinds]
    ev = "won" if view.phase == "over" else "of states led alone"
    items += [foot.Item("$k: $1,000s"), foot.Item(f"EV: votes {ev}")]
    return items


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





def _tag_w(need: int) -> int:
    return advance(f"{need} to win", F_TAG) + 24


def _ev_bar(cv: Canvas, view: PEView, mv: MapView, y: int) -> None:
    """Each seat's electoral votes as a share of the era's total, its number and EV on it (where they fit clear of
    the "to win" line: the table has them all); an ink line at the votes needed to win, said on an ink tag at the
    bar's right end (the tag beside the bar, not under it: a row less)."""
    total = sum(st.ev for st in view.states.values()) or 1
    need = total // 2 + 1
    x0, x1, y1 = PAD, W - PAD - _tag_w(need) - 10, y + BAR_H
    mark = win_x(x0, x1, need, total)
    ev = ev_totals(view)
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    x = float(x0)
    for k, p in enumerate(mv.parties):
        w = (x1 - x0) * ev.get(p.code, 0) / total
        if w >= 1:
            cv.rect((x, y, x + w - 1, y1), fill=f"p{k}")
            label = f"{p.letter} {ev.get(p.code, 0)}"
            cx = clear_of(x, x + w, mark, advance(label, F_BAR))  # never under the "to win" line
            if cx is not None:
                cv.text(cx, y + BAR_H / 2, label, F_BAR, _fg(mv, k), f"p{k}", "mm")
        x += w
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    cv.rect((mark - 3, y - 4, mark + 2, y1 + 4), fill="ink")
    cv.rect((W - PAD - _tag_w(need), y, W - PAD, y1), fill="ink", radius=8)
    cv.text(W - PAD - _tag_w(need) / 2, y + BAR_H / 2, f"{need} to win", F_TAG, "white", None, "mm")


def _marker_sprite(mv: MapView, m: MarkerView) -> Sprite:
    """A map token, home or star in its seat's colour; its seat's number is drawn beside it (the states module)."""
    k = mv.slot(m.party)
    return marker(LAYOUT, m.kind, f"p{k}", _fg(mv, k), "", size=states.MARK)


def render_presidential_election(view: PEView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public Presidential Election view. `highlight`: state codes to outline (the last move's);
    default the view's own `changed` states if it carries any.

    Raises TypeError for anything but a PEView and ValueError for a seat's (private) view."""
    view = public_view(view, PEView, view.me.seat if getattr(view, 'me', None) is not None else None)
    mv = map_view(view, view.changed if highlight is None else highlight)
    im, palette, labels = _board(view, mv)
    return Rendered(encode_p_within(im, palette), board_alt(view, mv), W, im.height, tuple(labels))


def frame_presidential_election(view: PEView, highlight: Iterable[str] | None = None) -> Image.Image:
    """The board render_presidential_election draws, in RGB and never encoded: a replay's frame."""
    view = public_view(view, PEView, view.me.seat if getattr(view, 'me', None) is not None else None)
    im, palette, _ = _board(view, map_view(view, view.changed if highlight is None else highlight))
    return as_rgb(im, palette)


def _board(view: PEView, mv: MapView) -> tuple[Image.Image, list[int], list[LabelBox]]:
    """The public board before it is encoded: the P image, its palette and where the labels went."""
    ballots = {c: st.votes for c, st in view.states.items()}
    book = states.entries(mv, ballots, {c: st.ev for c, st in view.states.items()})
    inner = W - 2 * PAD
    book_h = states.height(book, inner)
    usual = states.usual_off(mv, ballots)
    note = ("Off every untagged box: " + " ".join(letter(s) for s in usual)) if usual else ""
    pieces = _status_pieces(view)
    status_h = panels.status_height(pieces, inner)
    rows = [_row(view, mv, s) for s in sorted(view.players)]
    items = _key_items(view, mv)
    note_h = foot.LINE_H if note else 0
    dice_w = foot.dice_layout(list(view.last_dice), inner, lambda seat: _pill_w(mv, seat))[1]
    height = (status_h + BAR_H + 6 + note_h + book_h + 12 + panels.table_height(rows) + 6
              + foot.key_height(items, inner, dice_w) + 6)
    colours = board_colours(mv)
    im = Image.new("P", (W, height), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, colours, None)
    labels = panels.draw_status(cv, pieces, PAD, 0, inner)
    y = status_h
    _ev_bar(cv, view, mv, y)
    y += BAR_H + 6
    if note:
        cv.text(PAD, y + note_h / 2, note, F_NOTE, "ink", "paper", "lm")
    y += note_h
    labels += states.draw(cv, book, PAD, y, inner, lambda m: _marker_sprite(mv, m))
    y += book_h + 6
    cv.rect((0, y, W, y + 3), fill="ink")  # the state board's edge: the players below
    y += 6
    labels += panels.draw_table(cv, rows, PAD, y, inner)
    y += panels.table_height(rows) + 6
    foot.draw_dice(cv, list(view.last_dice), PAD, y, inner, lambda s: _seat_pill(mv, s))
    foot.draw_key(cv, items, PAD, y, inner, dice_w)
    return im, LAYOUT.palette(colours, None), labels


def closeup_presidential_election(view: PEView, states: list[str], caption: str = "") -> Rendered:
    """A turn's close-up (render/closeup.py): the states it changed, enlarged for a phone, under its caption."""
    view = public_view(view, PEView, view.me.seat if getattr(view, 'me', None) is not None else None)
    return render_turn_closeup(map_view(view, states), states, caption)
