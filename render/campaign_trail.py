"""The Campaign Trail board picture, drawn from a public `CampaignTrailView`.

The full board (kind "map", the one posted after each move) is a state board sized for a phone, which shows the
1,200-px picture 400 px wide: every number a player reads the position by is 14 px tall there, every word 10 px
(canvas.readable). Top to bottom: the title line (month and round, whose turn) either side of the "270 to win" tag
over the Electoral College bar; a box per state, grouped by the game's nine regions (render/campaign_trail_states.py:
code and EV, each party's committed voters on a chip in its colour, the fill by the majority holder — solid when the
lead is 3+ voters, light when 1–2, stripes in the holder's colour when the top parties are tied and the tiebreaker
star decides, grey when nobody has voters — candidates, home states and the ten plane cities as markers, the last
move's states framed) and the key after the last box; then the parties' table (render/campaign_trail_panels.py: EV,
war chest in $M, registered voters, cards in hand, politicks in play) and a row with the cards left in each month's
deck, or during a debate where each issue's marker stands. A crowded board leaves out the key, then the region tags
(render_board's FALLBACKS), to stay at most 1.45 times as tall as wide.

Solo Play (the view's `solo` section): an AI party's row shows its EV, Solo Play deck and its ten register-track
spaces (three voters each, filled from the left); the last row is the action deck and the AI card waiting to act.

The tile-grid cartogram ("tiles") and the close-ups ("closeup", closeup_campaign_trail) are still the shared US
map's (render.usmap), from `map_view`; the state board uses the same MapView, so both say the same things.

Only `engine.campaign_trail.views` and `engine.content` are imported from the engine (the render layering
rule); the city list and the region names are read once through `engine.content.read_data`.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Iterable, Literal

from PIL import Image

from engine.campaign_trail.views import CampaignTrailView, SoloView
from engine.content import read_data
from render import campaign_trail_panels as panels
from render import campaign_trail_states as board
from render.campaign_trail_panels import PAD, Row
from render.campaign_trail_states import W
from render.canvas import Canvas, as_rgb, encode_p_within
from render.alttext import Part, fit
from render.closeup import render_turn_closeup
from render.mapview import LegendEntry, MapView, MarkerView, PanelView, PartyView, StateView
from render.types import LabelBox, Rendered
from render.usmap import panels_fit, render_closeup, render_tiles
from render.usmap_alt import map_alt
from render.usmap_geometry import LAYOUT
from render.usmap_palette import board_colours
from render.widgets import public_view

Kind = Literal["map", "tiles", "closeup"]

PARTY_ORDER = ("DEM", "REP", "LIB")
NAMES = {"DEM": "Democrats", "REP": "Republicans", "LIB": "Libertarians"}
COLOURS = {"DEM": "blue", "REP": "red", "LIB": "gold"}
LETTERS = {"DEM": "D", "REP": "R", "LIB": "L"}
SOLID_LEAD = 3  # a lead of this many voters or more is drawn solid; 1–2 is a lean
SETUP_PHASES = {"candidate": "choosing candidates", "home": "choosing home states"}
MAX_MARKERS = 6  # Campaign Trail shows at most six a state (render.mapview.StateView allows MAX_MARKERS = 12)

LEGEND = (
    LegendEntry(marker="pawn", text="candidate"),
    LegendEntry(marker="home", text="home state"),
    LegendEntry(marker="city", text="city"),
)


@lru_cache(maxsize=1)
def cities() -> dict[str, str]:
    """State code -> name of the plane city in it (the ten cities of the board), read once."""
    raw = read_data("campaign_trail/cities.yaml")
    return {c["state"]: c["name"] for c in raw["cities"]}


@lru_cache(maxsize=8)
def _party_views(codes: tuple[str, ...]) -> tuple[PartyView, ...]:
    return tuple(PartyView(code=c, name=NAMES.get(c, c), colour=COLOURS.get(c, "grey"), letter=LETTERS.get(c, c[0]))
                 for c in codes)


def _ordered(codes) -> tuple[str, ...]:
    known = [c for c in PARTY_ORDER if c in codes]
    return tuple(known + sorted(c for c in codes if c not in PARTY_ORDER))


def party_name(code: str) -> str:
    return NAMES.get(code, code)




# ------------------------------------------------------------------ view -> MapView


def strength(voters: dict[str, int]) -> str:
    """'solid', 'lean', 'tied' or 'empty' from the committed voters of the parties in play."""
    ranked = sorted(voters.values(), reverse=True)
    if not ranked or ranked[0] == 0:
        return "empty"
    lead = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
    if lead == 0:
        return "tied"
    return "solid" if lead >= SOLID_LEAD else "lean"


def _markers(pawns: list[str], homes: list[str], city: bool) -> list[MarkerView]:
    """Pawns, then home states, then the city: one marker each. A state can hold at most six
    markers, so past six the markers of one party and kind are merged ("D2": two pawns) and, if
    that is still too many, the city (printed on the board anyway) is the first to go."""

    def build(merge: bool) -> list[MarkerView]:
        out: list[MarkerView] = []
        for kind, parties in (("pawn", pawns), ("home", homes)):
            for p in _ordered(set(parties)):
                n = parties.count(p)
                if merge and n > 1:
                    out.append(MarkerView(kind=kind, party=p, text=f"{LETTERS.get(p, p[0])}{n}"))
                else:
                    out.extend(MarkerView(kind=kind, party=p) for _ in range(n))
        if city:
            out.append(MarkerView(kind="city"))
        return out

    out = build(False)
    if len(out) > MAX_MARKERS:
        out = build(True)
    return out[:MAX_MARKERS]


def _headline(view: CampaignTrailView) -> tuple[str, str]:
    """(turn, to_move) parts of the title."""
    if view.phase == "over" or view.winners:
        ev = view.final_ev or view.ev
        if len(view.winners) == 1:
            w = view.winners[0]
            return "Election Day", f"{party_name(w)} win with {ev.get(w, 0)} EV"
        if view.winners:
            return "Election Day", "tie: " + " and ".join(party_name(w) for w in view.winners)
        return "Election Day", "game over"
    turn = f"{view.month} — round {view.round}"
    if view.debate is not None:
        return f"Debate {view.debate.nth} in {view.debate.city}", f"{view.debate.to_play} to play"
    if view.phase in SETUP_PHASES:
        waiting = ", ".join(view.waiting_on)
        return turn, f"setup: {SETUP_PHASES[view.phase]}" + (f" — waiting on {waiting}" if waiting else "")
    if view.current_party:
        to_move = f"{party_name(view.current_party)} to move"
        others = [s for s in view.waiting_on
                  if s in view.seats and view.seats[s].party != view.current_party]
        if others:
            to_move += f" — waiting on {', '.join(others)}"
        return turn, to_move
    return turn, ""


def in_play(view: CampaignTrailView, party: str) -> int:
    """How many politicks the party has on the table (a narrow panel has no room for names: the alt text,
    /game status and the DMs name them)."""
    return sum(len(s.table) for s in view.seats.values() if s.party == party)


def _panels(view: CampaignTrailView, codes: tuple[str, ...], tabled: bool = True) -> list[PanelView]:
    panels = []
    for code in codes:
        p = view.parties[code]
        if view.solo is not None and code in view.solo.ai:  # an AI party has no money or hand: its track and deck
            track = view.solo.track[code]
            panels.append(PanelView(title=party_name(code), party=code,
                                    rows=[("AI track", f"{sum(track)}/{3 * len(track)}"),
                                          ("AI deck", str(view.solo.deck[code]))]))
            continue
        hands = [view.seats[s].hand_count for s in p.seats if s in view.seats]
        hand = " + ".join(str(h) for h in hands) if hands else "0"
        rows = [("Money", f"${p.money}M"), ("Registered", str(p.registered)),
                ("Cards in hand" if len(hands) < 2 else "Hands", hand)]
        if tabled and in_play(view, code):
            rows.append(("In play", str(in_play(view, code))))
        panels.append(PanelView(title=party_name(code), party=code, rows=rows))
    if view.debate is not None:
        panels.append(_debate_panel(view))
        return panels
    if view.solo is not None:  # Solo Play has one action deck, October's (Appendix A)
        panels.append(PanelView(title="Action deck", rows=[("Cards left", str(sum(view.deck_counts.values()))),
                                                           ("Discards", str(view.discard_count))]))
        return panels
    now = view.month if view.phase != "over" else None
    rows = [(f"{m} (now)" if m == now else m, str(n)) for m, n in view.deck_counts.items()]
    panels.append(PanelView(title="Cards left in the decks", rows=rows))
    return panels


def _debate_panel(view: CampaignTrailView) -> PanelView:
    """The arena as rows: each issue and where its marker stands (party letter and space, or centre);
    the furthest-advanced first, five at most (the map's free corner holds six rows; the alt text has all)."""
    d = view.debate
    ranked = sorted(d.markers, key=lambda m: -m.space)[:5]
    rows = [(m.name, f"{m.party[0]} {m.space}" if m.party else "centre") for m in ranked]
    rows.append(("To play", d.to_play))
    return PanelView(title=f"Debate {d.nth}, round {d.round}/3 ({d.state})"[:40], rows=rows)


def map_view(view: CampaignTrailView, highlight: Iterable[str] = (), kind: Kind = "map") -> MapView:
    """The shared-map view of a public Campaign Trail view (no checks: see render_campaign_trail). The party
    panels show politicks in play when every panel still finds room on that kind of picture."""
    codes = _ordered(view.parties)
    pawns: dict[str, list[str]] = {}
    homes: dict[str, list[str]] = {}
    for seat in view.seats.values():
        if seat.pawn:
            pawns.setdefault(seat.pawn, []).append(seat.party)
        if seat.home:
            homes.setdefault(seat.home, []).append(seat.party)
    city_states = cities()
    marked = set(highlight)
    states = {}
    for st in view.states:
        voters = {p: st.voters.get(p, 0) for p in codes}
        sv = strength(voters)
        fill = st.majority if sv != "empty" and st.majority in view.parties else None
        states[st.code] = StateView(
            fill=fill, strength=sv, ev=st.ev, counts={p: n for p, n in voters.items() if n},
            markers=_markers(pawns.get(st.code, []), homes.get(st.code, []), st.code in city_states),
            highlight=st.code in marked)
    ev = view.final_ev if (view.phase == "over" and view.final_ev) else view.ev
    turn, to_move = _headline(view)
    mv = MapView(
        game="Campaign Trail", turn=turn, to_move=to_move, parties=list(_party_views(codes)), states=states,
        ev_era="2012", ev_totals={p: ev.get(p, 0) for p in codes}, panels=_panels(view, codes), legend=list(LEGEND))
    if not panels_fit(mv, kind):
        mv = mv.model_copy(update={"panels": _panels(view, codes, tabled=False)})
    return mv


def _extra_alt(view: CampaignTrailView, codes: tuple[str, ...]) -> dict[str, Part]:
    """What the shared map's alt text leaves out, by topic: the debate arena, who wins each tie, the politicks in
    play, the ethically minded states, the voters, the city names; each with the forms it may take."""
    parts: dict[str, Part] = {}
    if view.debate is not None:  # the whole arena (the panel shows the five furthest markers)
        d = view.debate
        arena = ", ".join(f"{m.name} {m.party + ' ' + str(m.space) if m.party else 'centre'}" for m in d.markers)
        parts["debate"] = (f"Debate {d.nth} arena, round {d.round} of 3: {arena}.",
                           f"Debate {d.nth} in {d.city}, round {d.round} of 3; {d.to_play} to play.")
    ties = [f"{st.code} to {LETTERS.get(st.majority, st.majority)}" for st in view.states
            if strength({p: st.voters.get(p, 0) for p in codes}) == "tied"]
    if ties:
        parts["ties"] = ("Ties go to the tiebreaker: " + ", ".join(ties) + ".", "")
    voters = []
    for st in view.states:
        row = [f"{LETTERS.get(p, p)}{st.voters.get(p, 0)}" for p in codes if st.voters.get(p, 0)]
        if row:
            voters.append(f"{st.code} {' '.join(row)}")
    if voters:
        parts["voters"] = ("Committed voters: " + "; ".join(voters) + ".", "")
    tabled = [f"{party_name(p)}: " + ", ".join(t.name for s in view.seats.values() if s.party == p for t in s.table)
              for p in codes if any(s.party == p and s.table for s in view.seats.values())]
    if tabled:
        parts["tabled"] = ("Politicks in play — " + "; ".join(tabled) + ".", "")
    if view.ethics:
        parts["ethics"] = ("Ethically minded states: " + "; ".join(f"{party_name(p)} {' '.join(view.ethics[p])}"
                                                                   for p in codes if p in view.ethics) + ".", "")
    city = cities()
    parts["cities"] = ("Plane cities: " + ", ".join(f"{city[a]} ({a})" for a in sorted(city)) + ".", "")
    return parts


KIND_WORDS = {"map": "Board",  # state boxes; the word fits the alt text budget as "Map" did
               "tiles": "Tile-grid cartogram", "closeup": "Close-up map"}


def board_alt(view: CampaignTrailView, mv: MapView, kind: Kind = "map") -> str:
    """The picture in words, at most 1,024 characters (render/alttext.py): the headline, the electoral votes and who
    is ahead, Solo Play's tracks, the debate, what the last move changed, each party's panel and where the candidates
    and home states, the politicks in play and the ethically minded states first; then the states each party holds,
    the ties, the cities and the voters state by state as far as they fit."""
    m = map_alt(mv, KIND_WORDS[kind])
    extra = _extra_alt(view, _ordered(view.parties))
    solo = solo_alt(view.solo) if view.solo is not None else ""
    markers = m.markers[1] if isinstance(m.markers, tuple) else m.markers  # the cities are named below
    return fit([m.head, m.totals, solo, extra.get("debate", ""), m.changed, m.panels, (markers, ""),
                extra.get("tabled", ""), extra.get("ethics", ""), m.states, extra.get("ties", ""),
                extra.get("cities", ""), extra.get("voters", "")])


def render_campaign_trail(view: CampaignTrailView, kind: Kind = "map", states: list[str] | None = None,
                          highlight: Iterable[str] = ()) -> Rendered:
    """Draw a public Campaign Trail view: kind "map" (the full map), "tiles" (the tile-grid
    cartogram) or "closeup" (zoomed to `states`; default the highlighted states, else the whole
    country). `highlight`: state codes to outline, e.g. those changed by the last move.

    Raises TypeError for anything but a CampaignTrailView and ValueError for a seat's (private)
    view or an unknown kind."""
    view = public_view(view, CampaignTrailView, getattr(view, 'viewer', None))
    if kind not in ("map", "tiles", "closeup"):
        raise ValueError(f"unknown kind {kind!r}: use 'map', 'tiles' or 'closeup'")
    mv = map_view(view, highlight, kind)
    if kind == "map":
        r = render_board(view, mv)
    elif kind == "tiles":
        r = render_tiles(mv)
    else:
        r = render_closeup(mv, states)
    return dataclasses.replace(r, alt=board_alt(view, mv, kind))


def closeup_campaign_trail(view: CampaignTrailView, states: list[str], caption: str = "") -> Rendered:
    """A turn's close-up (render/closeup.py): the states it changed, enlarged for a phone, under its caption."""
    view = public_view(view, CampaignTrailView, getattr(view, 'viewer', None))
    return render_turn_closeup(map_view(view, states, "closeup"), states, caption)


# ------------------------------------------------------------------ Solo Play in words


def solo_alt(solo: SoloView) -> str:
    parts = []
    for code in solo.ai:
        track = solo.track[code]
        full = sum(1 for n in track if n == 3)
        voters, cards = sum(track), solo.deck[code]
        parts.append(f"{party_name(code)} (AI): register track {voters} voter{'s' if voters != 1 else ''} ({full} of "
                     f"{len(track)} spaces full), {cards} Solo Play card{'s' if cards != 1 else ''} left")
    text = "Solo Play — " + "; ".join(parts)
    if solo.last:
        text += f"; last AI card: {solo.last}"
    if solo.waiting:
        text += f"; waiting to act: {solo.waiting}"
    return text + "."


# ------------------------------------------------------------------ the full board: state boxes and panel rows


@lru_cache(maxsize=1)
def region_names() -> tuple[tuple[str, str], ...]:
    """(region id, name) in the order of regions.yaml (roughly west to east), read once."""
    return tuple((r["id"], r["name"]) for r in read_data("campaign_trail/regions.yaml")["regions"])


def regions(view: CampaignTrailView) -> list[tuple[str, list[str]]]:
    by: dict[str, list[str]] = {}
    for st in view.states:
        by.setdefault(st.region, []).append(st.code)
    known = [(name, by.pop(rid)) for rid, name in region_names() if rid in by]
    return known + [(rid, codes) for rid, codes in sorted(by.items())]


def panel_rows(view: CampaignTrailView, mv: MapView, debate_lines: int = 2) -> list[Row]:
    """A row per party (its EV and panel numbers, or an AI party's deck and register track), then the decks' row
    (or, during a debate, where each issue's marker stands, on up to `debate_lines` lines; in Solo Play, the action
    deck and the AI card)."""
    codes = [p.code for p in mv.parties]
    rows = []
    for code in codes:
        p = view.parties[code]
        ev = str(mv.ev_totals.get(code, 0))
        now = code == view.current_party or code in view.winners
        if view.solo is not None and code in view.solo.ai:
            rows.append(Row(code, party_name(code), (("EV", ev), ("AI deck", str(view.solo.deck[code]))), now,
                            track=tuple(view.solo.track[code])))
            continue
        hands = [view.seats[s].hand_count for s in p.seats if s in view.seats]
        rows.append(Row(code, party_name(code), (
            ("EV", ev), ("Money", f"${p.money}M"), ("Registered", str(p.registered)),
            ("Hand" if len(hands) < 2 else "Hands", "+".join(str(h) for h in hands) or "0"),
            ("In play", str(in_play(view, code)))), now))
    if view.debate is not None:  # every issue's marker, the furthest-advanced first (debate_fields)
        d = view.debate
        ranked = sorted(d.markers, key=lambda m: -m.space)
        title = f"Debate {d.nth}"
        markers = [(m.name, f"{m.party[0]}{m.space}" if m.party else "–") for m in ranked]
        note = f"round {d.round}/3"  # the debate's round where every marker still fits beside it
        if not panels.fits(markers, title, debate_lines, note):
            note = ""
        rows.append(Row(None, title, debate_fields(markers, title, debate_lines, note), note=note))
    elif view.solo is not None:
        # the AI card waiting on a Change of Plans answer is the one about to act: it goes first, for one AI party or
        # two; else, with one AI party, the last card it resolved (whose it was goes without saying)
        tail = (("waiting to act", view.solo.waiting) if view.solo.waiting
                else ("last AI card", view.solo.last) if view.solo.last and len(view.solo.ai) == 1 else ("", ""))
        rows.append(Row(None, "Action deck", (("Cards left", str(sum(view.deck_counts.values()))),
                                              ("Discards", str(view.discard_count))), tail=tail))
    else:
        now = view.month if view.phase != "over" else None
        rows.append(Row(None, DECKS, tuple((f"{m} (now)" if m == now else m, str(n))
                                                  for m, n in view.deck_counts.items())))
    return rows


def debate_fields(fields: list[tuple[str, str]], title: str, most: int = 2,
                  note: str = "") -> tuple[tuple[str, str], ...]:
    """The debate row's (issue, marker) fields: all that fit `most` lines of the row after its `title` and `note`,
    else as many as fit beside a last "more" field counting the rest ("+3"; the alt text has every marker)."""
    if panels.fits(fields, title, most, note):
        return tuple(fields)
    keep = len(fields) - 1
    while keep > 0 and not panels.fits([*fields[:keep], ("more", f"+{len(fields) - keep}")], title, most, note):
        keep -= 1
    return (*fields[:keep], ("more", f"+{len(fields) - keep}"))


MAX_H = W * 29 // 20  # a phone shows a taller picture too small (the board's height budget: 1.45 × its width)


DECKS = "Decks"  # the last row's title in a game without a debate or Solo Play: the cards left in each deck
LAST = (DECKS, "Action deck")  # last rows a crowded board may leave out
FALLBACKS = ((True, True, True, 2), (True, False, True, 2), (False, True, True, 2), (False, False, True, 2),
             (False, False, False, 2), (False, False, False, 1))
# (region tags, key, last row, the debate's lines): a crowded board drops the key, then the tags


def layout(view: CampaignTrailView, mv: MapView) -> tuple[list[board.Entry], list[Row]]:
    """The boxes (with the region tags and the key while they fit) and the rows the board draws: the first of
    FALLBACKS within MAX_H. Only the busiest board (nearly every state held by three parties) gives up its last row,
    the cards left in the decks (which the alt text has too), but never an AI card's name; or has a debate's markers
    on one line (as many as fit, and how many more)."""
    for tags, key, last, debate in FALLBACKS:
        rows = panel_rows(view, mv, debate)
        kept = rows if last else [r for r in rows if r.party is not None or not (r.title in LAST and not r.tail[1])]
        items = board.entries(mv, regions(view), tags=tags, key=key)
        if board_height(mv, items, kept) <= MAX_H:
            break
    return items, kept


def board_height(mv: MapView, items: list[board.Entry], rows: list[Row]) -> int:
    return panels.top_height(mv) + 8 + board.height(items, W - 2 * PAD) + 6 + 3 + 10 + panels.height(rows) + 4


def render_board(view: CampaignTrailView, mv: MapView) -> Rendered:
    """The full board, 1,200 px wide: the title line and the "270 to win" tag over the EV bar; the state boxes by
    region and the key; a row per party (in Solo Play an AI party's with its register track) and the decks' row."""
    im, palette, labels = board_image(view, mv)
    return Rendered(encode_p_within(im, palette), "", W, im.height, tuple(labels))


def frame_campaign_trail(view: CampaignTrailView, highlight: Iterable[str] = ()) -> Image.Image:
    """The full board render_campaign_trail draws, in RGB and never encoded: a replay's frame."""
    view = public_view(view, CampaignTrailView, getattr(view, 'viewer', None))
    im, palette, _ = board_image(view, map_view(view, highlight, "map"))
    return as_rgb(im, palette)


def board_image(view: CampaignTrailView, mv: MapView) -> tuple[Image.Image, list[int], list[LabelBox]]:
    """render_board's picture before it is encoded: the P image, its palette and where the labels went."""
    items, rows = layout(view, mv)
    height = board_height(mv, items, rows)
    book_h = board.height(items, W - 2 * PAD)
    colours = board_colours(mv)
    im = Image.new("P", (W, height), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, colours, None)
    y = panels.top(cv, mv, 0) + 8
    labels = board.draw(cv, items, PAD, y, W - 2 * PAD)
    y += book_h + 6
    cv.rect((0, y, W, y + 3), fill="ink")  # the state boxes' edge: the parties' rows below
    y += 10
    labels += panels.draw_rows(cv, mv, rows, y)
    return im, LAYOUT.palette(colours, None), labels
