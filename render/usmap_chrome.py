"""The US map's chrome around the states: the title line, the electoral-vote bar, the legend and the panels."""
from __future__ import annotations

from render.canvas import Canvas, Sprite, advance, fit_font, font, truncate
from render.mapview import MAX_CHIPS, MapView
from render.usmap_geometry import LAYOUT
from render.usmap_palette import Style
from render.usmap_pills import F_PILL, PillSpec, count_pill, standing_text
from render.widgets import marker, pill, swatch, tie_swatches

F_TITLE = 30
F_LEGEND = font(20)
F_LEGEND_SMALL = font(18, False)
F_PANEL_TITLE = font(20)
F_PANEL = font(18, False)
F_PANEL_VALUE = font(18)
F_BAR = font(24)


def draw_title(cv: Canvas, text: str, width: int, y: int = 8, size: int = F_TITLE):
    f = fit_font(text, width - 24, size, True, 18)
    return cv.text(12, y, truncate(text, f, width - 24), f, "ink", "paper")


def draw_ev_bar(cv: Canvas, view: MapView, st: Style, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    total = max(1, view.total_ev())
    span = x1 - x0
    cv.rect(box, fill="bar_empty")
    ev = {p.code: view.ev_totals.get(p.code, 0) for p in view.parties}
    segs = []
    x = x0
    for k, p in enumerate(view.parties):
        if k == 1:
            continue
        w = span * ev[p.code] / total
        segs.append((k, p, x, x + w, "l"))
        x += w
    if len(view.parties) > 1:  # the second party fills from the right, as on election night
        p = view.parties[1]
        w = span * ev[p.code] / total
        segs.append((1, p, x1 - w, x1, "r"))
    for k, p, a, b, side in segs:
        if b - a < 0.5:
            continue
        cv.rect((a, y0, b - 1, y1), fill=f"p{k}")
        label = f"{p.letter} {ev[p.code]}"
        if advance(label, F_BAR) + 14 <= b - a:
            if side == "r":
                cv.text(b - 8, (y0 + y1) / 2, label, F_BAR, st.fg[f"p{k}"], f"p{k}", "rm")
            else:
                cv.text(a + 8, (y0 + y1) / 2, label, F_BAR, st.fg[f"p{k}"], f"p{k}", "lm")
    cv.rect(box, outline="ink", width=2)
    need = view.needed()
    xs = sorted({round(x0 + span * need / total), round(x1 - span * need / total)})
    for xm in xs:
        cv.rect((xm - 2, y0 - 6, xm + 1, y1 + 6), fill="ink")
    xm = sum(xs) / len(xs)
    tag = f"{need} to win"
    f = font(18)
    tw = advance(tag, f) + 14
    cv.rect((xm - tw / 2, y1 + 7, xm + tw / 2, y1 + 31), fill="ink", radius=6)
    cv.text(xm, y1 + 19, tag, f, "white", None, "mm")


MARKER_NAMES = {"pawn": "candidate", "home": "home state", "city": "city", "star": "star", "flag": "flag",
                "cross": "blocked"}


def _legend_items(view: MapView, st: Style) -> list[tuple[Sprite | None, str, bool]]:
    items: list[tuple[Sprite | None, str, bool]] = []
    for k, p in enumerate(view.parties):
        sp = pill(LAYOUT, p.letter, f"p{k}", st.fg[f"p{k}"], ring="ink", size=F_PILL)
        items.append((sp, f"{p.name} {view.ev_totals.get(p.code, 0)}", True))
    leading = any(view.shows_leader(a) for a in view.states)
    if leading:  # how to read "D+3" and "D=R"
        p0, p1 = view.parties[0], view.parties[min(1, len(view.parties) - 1)]
        items.append((count_pill(PillSpec(standing_text([p0.letter], 2), "p0", st.fg["p0"], True)), "leads by 2",
                      False))
        if p1 is not p0:
            items.append((count_pill(PillSpec(standing_text([p0.letter, p1.letter], 0), "white", "ink", True)), "tied",
                          False))
    items.append((swatch(LAYOUT, "p0", None), "solid", False))
    items.append((swatch(LAYOUT, "p0l", None), "lean", False))
    if not leading or view.count_style == "chips":  # in leader style "D=R" above says what a tie looks like
        stripes = [f"p{k}" for k in range(len(view.parties))][:MAX_CHIPS]  # a tie is striped in its holder's colour
        items.append((tie_swatches(LAYOUT, "tie_base", stripes), "tied", False))
    items.append((swatch(LAYOUT, "neutral", None), "nobody", False))
    used: list[str] = []
    for s in view.states.values():
        for m in s.markers:
            if m.kind not in used:
                used.append(m.kind)
    texts = {e.marker: e.text for e in view.legend if e.marker}
    for e in view.legend:
        if e.marker and e.marker not in used:
            used.append(e.marker)
    for kind in used:
        items.append((marker(LAYOUT, kind, "white", "ink", "", size=24), texts.get(kind, MARKER_NAMES[kind]), False))
    for e in view.legend:
        if not e.marker:
            items.append((None, e.text, False))
    return items


def draw_legend(cv: Canvas, view: MapView, st: Style, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    x, y, row_h = x0, y0, 34
    used_x, used_y = x0, y0
    for sp, text, bold in _legend_items(view, st):
        f = F_LEGEND if bold else F_LEGEND_SMALL
        w = (sp.w + 6 if sp else 0) + advance(text, f)
        if x + w > x1 and x > x0:
            x, y = x0, y + row_h
        if y + row_h > y1 + 2:
            break
        if sp:
            cv.paste(sp, x, y + (row_h - sp.h) / 2)
            x += sp.w + 6
        cv.text(x, y + row_h / 2, text, f, "ink", "paper", "lm")
        x += advance(text, f)
        used_x, used_y = max(used_x, x), y + row_h
        x += 18
    return x0, y0, used_x, used_y


def _panel_height(p) -> int:
    return 32 + 23 * len(p.rows) + 6


def draw_panel(cv: Canvas, view: MapView, st: Style, p, box) -> None:
    x0, y0, x1, y1 = box
    cv.rect(box, fill="white", outline="ink", width=2, radius=8)
    tx = x0 + 10
    if p.party is not None:
        k = view.slot(p.party)
        sp = pill(LAYOUT, view.parties[k].letter, f"p{k}", st.fg[f"p{k}"], ring="ink", size=F_PILL)
        cv.paste(sp, tx, y0 + 5)
        tx += sp.w + 6
    ft = fit_font(p.title, x1 - tx - 8, F_PANEL_TITLE.size, True, 15)
    cv.text(tx, y0 + 18, truncate(p.title, ft, x1 - tx - 8), ft, "ink", "white", "lm")
    y = y0 + 32
    for label, value in p.rows:
        value = truncate(value, F_PANEL_VALUE, x1 - x0 - 20 - min(60, advance(label, F_PANEL)))
        vw = advance(value, F_PANEL_VALUE)
        cv.text(x1 - 10, y + 11, value, F_PANEL_VALUE, "ink", "white", "rm")
        cv.text(x0 + 10, y + 11, truncate(label, F_PANEL, x1 - x0 - 26 - vw), F_PANEL, "muted", "white", "lm")
        y += 23


def layout_panels(view: MapView, slots: list[tuple[int, int, int, int]]) -> list[tuple[object, tuple]]:
    """Stack the panels into the slots in order: each goes below the previous one or into the next slot; one
    too tall for every slot from there on takes room left in an earlier slot; a panel that fits nowhere is
    left out (the alt text still has it)."""
    out = []
    tops = [sy0 for _, sy0, _, _ in slots]  # where each slot's free room starts
    current = 0
    for p in view.panels:
        h = _panel_height(p)
        for si in [*range(current, len(slots)), *range(current)]:
            x0, _, x1, sy1 = slots[si]
            if tops[si] + h <= sy1:
                out.append((p, (x0, tops[si], x1, tops[si] + h)))
                tops[si] += h + 8
                current = max(current, si)
                break
    return out
