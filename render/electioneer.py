"""The Electioneer US table: seven battleground cards, platforms, projection, months won.

Drawn from an `ElectioneerView` only (the public one is what the channel sees). 1600 px wide and
laid out for a phone showing it 400 px wide: the things a glance needs (states, electors, issues,
who won, the projection) are 24–44 px; policy names are the small print.
"""
from __future__ import annotations

from PIL import Image

from engine.electioneer.views import ElectioneerView, PolicyCard, StateCard
from render import colours as C
from render.alttext import Part, and_list, fit, sentence
from render.canvas import Canvas, Layout, advance, fit_font, font, truncate, wrap
from render.types import Rendered
from render.widgets import pill

W, H = 1600, 1000
MONTHS = 7
SEATS = ("DEM", "REP")
NAMES = {"DEM": "Democrats", "REP": "Republicans"}
LETTER = {"DEM": "D", "REP": "R"}
SLOT = {"DEM": "D", "REP": "R"}

_NAMES = ["paper", "ink", "white", "muted", "card", "now", "D", "Dl", "R", "Rl", "back", "back2", "tile",
          "bar_empty", "rule"]
_LIGHT = ["paper", "white", "card", "now", "Dl", "Rl", "tile", "bar_empty"]
_PAIRS = ([("ink", b) for b in _LIGHT] + [("white", b) for b in ("D", "R", "back", "ink", "muted")]
          + [("ink", b) for b in ("D", "R")]
          + [("muted", b) for b in ("paper", "white", "card", "now", "tile")])
LAYOUT = Layout("electioneer", _NAMES, _PAIRS)

_D, _Dl = C.PARTY_COLOURS["blue"]
_R, _Rl = C.PARTY_COLOURS["red"]
COLOURS: dict[str, C.RGB] = {
    "paper": C.PAPER, "ink": C.INK, "white": C.WHITE, "muted": C.MUTED, "card": (255, 255, 255),
    "now": (255, 244, 206), "D": _D, "Dl": _Dl, "R": _R, "Rl": _Rl, "back": (58, 66, 82), "back2": (84, 94, 114),
    "tile": (241, 239, 233), "bar_empty": (225, 223, 217), "rule": (200, 198, 192),
}
FG = {n: C.text_on(rgb) for n, rgb in COLOURS.items()}

CARD_W, CARD_GAP, CARD_X0, CARD_Y0, CARD_H = 216, 10, 14, 206, 446


def issue_name(issue: str) -> str:
    return issue.replace("_", " ").capitalize()


def issue_short(issue: str) -> str:
    return issue[:3].upper()


def effects_text(card: PolicyCard) -> str:
    return ", ".join(f"{issue_name(i)} {'+' if v > 0 else '−' if v < 0 else '±'}{abs(v)}"
                     for i, v in card.effects.items())


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def _party_pill(text: str, seat: str, size: int = 20, height: int = 30):
    s = SLOT[seat]
    return pill(LAYOUT, text, s, FG[s], size=size, height=height)


def _title(view: ElectioneerView) -> str:
    by_code = {s.code: s for s in view.states}
    if view.phase == "over" or view.winner:
        head = "Electioneer US — Election day: the result"
    elif view.month > MONTHS or view.phase == "election":
        head = "Electioneer US — Election day"
    else:
        head = f"Electioneer US — Month {view.month} of {MONTHS}"
        if view.current_state and view.current_state in by_code:
            head += f" — Campaign in {by_code[view.current_state].name}"
    return head


def _subtitle(view: ElectioneerView) -> str:
    parts = [view.phase_label]
    if view.waiting_on and not view.winner:
        parts.append("waiting on " + " and ".join(NAMES.get(s, s) for s in view.waiting_on))
    return " · ".join(p for p in parts if p)


def _majority(view: ElectioneerView) -> tuple[int, int]:
    total = sum(s.electors for s in view.states)
    return total, total // 2 + 1


# ------------------------------------------------------------------ pieces


def _side_box(cv: Canvas, view: ElectioneerView, seat: str, box) -> None:
    x0, y0, x1, y1 = box
    cv.rect(box, fill="white", outline="ink", width=2, radius=10)
    sp = _party_pill(LETTER[seat], seat, 24, 34)
    cv.paste(sp, x0 + 12, y0 + 8)
    name = NAMES[seat]
    cv.text(x0 + 20 + sp.w, y0 + 25, name, font(26), "ink", "white", "lm")
    if view.viewer == seat:
        cv.text(x1 - 12, y0 + 25, "(you)", font(18, False), "muted", "white", "rm")
    f = font(20, False)
    line1 = (f"Hand {view.hand_counts.get(seat, 0)} · Theatrics {view.theatric_counts.get(seat, 0)} · "
             f"Deck {view.deck_counts.get(seat, 0)}")
    cv.text(x0 + 14, y0 + 57, truncate(line1, f, x1 - x0 - 28), f, "ink", "white", "lm")
    bonus = view.month_bonus.get(seat, 0)
    line2 = f"Month bonus {_signed(bonus)}"
    cv.text(x0 + 14, y0 + 86, line2, font(20), "ink", "white", "lm")
    if view.committed and not view.winner:
        done = view.committed.get(seat, False)
        verb = "ready" if view.phase == "election" else "chosen"
        mark = f"✓ {verb}" if done else "… choosing"
        fm = font(20)
        tw = advance(mark, fm) + 16
        bx = x1 - 12 - tw
        if done:
            cv.rect((bx, y0 + 72, x1 - 12, y0 + 100), fill="ink", radius=6)
            cv.text(bx + tw / 2, y0 + 86, mark, fm, "white", "ink", "mm")
        else:
            cv.rect((bx, y0 + 72, x1 - 12, y0 + 100), fill="white", outline="ink", width=2, radius=6)
            cv.text(bx + tw / 2, y0 + 86, mark, fm, "ink", "white", "mm")


def _projection(cv: Canvas, view: ElectioneerView, box) -> None:
    x0, y0, x1, y1 = box
    total, need = _majority(view)
    final = bool(view.winner and view.final_electors)
    values = view.final_electors if final else view.projection
    label = "Final electors" if final else "Projected electors (issues visible now)"
    cv.text((x0 + x1) / 2, y0 + 14, label, font(20), "muted", "paper", "mm")
    by, bh = y0 + 32, 44
    span = x1 - x0
    cv.rect((x0, by, x1, by + bh), fill="bar_empty")
    d, r = values.get("DEM", 0), values.get("REP", 0)
    wd, wr = span * d / max(1, total), span * r / max(1, total)
    fb = font(28)
    if wd >= 1:
        cv.rect((x0, by, x0 + wd - 1, by + bh), fill="D")
    if wr >= 1:
        cv.rect((x1 - wr + 1, by, x1, by + bh), fill="R")
    for seat, v, w, side in (("DEM", d, wd, "l"), ("REP", r, wr, "r")):
        text = f"{LETTER[seat]} {v}"
        inside = advance(text, fb) + 16 <= w
        s = SLOT[seat]
        if side == "l":
            cv.text(x0 + 8 if inside else x0 + w + 8, by + bh / 2, text, fb, FG[s] if inside else "ink",
                    s if inside else "bar_empty", "lm")
        else:
            cv.text(x1 - 8 if inside else x1 - w - 8, by + bh / 2, text, fb, FG[s] if inside else "ink",
                    s if inside else "bar_empty", "rm")
    cv.rect((x0, by, x1, by + bh), outline="ink", width=2)
    xs = sorted({round(x0 + span * need / total), round(x1 - span * need / total)})
    for xm in xs:
        cv.rect((xm - 2, by - 5, xm + 1, by + bh + 5), fill="ink")
    xm = sum(xs) / len(xs)
    tag = f"{need} of {total} to win"
    f = font(18)
    tw = advance(tag, f) + 14
    cv.rect((xm - tw / 2, by + bh + 6, xm + tw / 2, by + bh + 30), fill="ink", radius=6)
    cv.text(xm, by + bh + 18, tag, f, "white", "ink", "mm")


def _banner(cv: Canvas, view: ElectioneerView, box) -> None:
    x0, y0, x1, y1 = box
    seat = view.winner or "DEM"
    s = SLOT.get(seat, "D")
    cv.rect(box, fill=s, outline="ink", width=3, radius=12)
    d, r = view.final_electors.get("DEM", 0), view.final_electors.get("REP", 0)
    won, lost = (d, r) if seat == "DEM" else (r, d)
    text = f"{NAMES.get(seat, seat).upper()} WIN — {won} to {lost} electors"
    sp = pill(LAYOUT, LETTER.get(seat, "?"), "white", "ink", size=44, height=64)
    cv.paste(sp, x0 + 20, (y0 + y1) / 2 - sp.h / 2)
    f = fit_font(text, x1 - x0 - sp.w - 60, 42, True, 22)
    cv.text(x0 + 40 + sp.w, y0 + 34, text, f, FG[s], s, "lm")
    total, need = _majority(view)
    more = f"Final electors: D {d} · R {r} of {total} ({need} to win)"
    cv.text(x0 + 40 + sp.w, y1 - 24, more, font(22, False), FG[s], s, "lm")


def _issue_tile(cv: Canvas, issue: str | None, box, bg: str) -> None:
    x0, y0, x1, y1 = box
    if issue is None:  # a face-down issue: the back of a card
        cv.rect(box, fill="back", outline="ink", width=2, radius=8)
        cv.rect((x0 + 6, y0 + 6, x1 - 6, y1 - 6), outline="back2", width=3, radius=5)
        cv.text((x0 + x1) / 2, (y0 + y1) / 2, "?", font(40), "white", "back", "mm")
        return
    cv.rect(box, fill="tile", outline="ink", width=2, radius=8)
    cv.text((x0 + x1) / 2, y0 + 28, issue_short(issue), font(30), "ink", "tile", "mm")
    name = issue_name(issue)
    fn = fit_font(name, x1 - x0 - 8, 17, False, 12)
    cv.text((x0 + x1) / 2, y1 - 16, name, fn, "muted", "tile", "mm")


def _card(cv: Canvas, view: ElectioneerView, s: StateCard, x0: int) -> None:
    y0 = CARD_Y0
    x1, y1 = x0 + CARD_W, y0 + CARD_H
    current = s.code == view.current_state
    bg = "now" if current else "card"
    cv.rect((x0, y0, x1, y1), fill=bg, outline="ink", width=5 if current else 2, radius=10)
    if current:
        tag = "NOW"
        f = font(18)
        tw = advance(tag, f) + 14
        cv.rect((x1 - tw - 8, y0 - 12, x1 - 8, y0 + 12), fill="ink", radius=6)
        cv.text(x1 - 8 - tw / 2, y0, tag, f, "white", "ink", "mm")
    # name and electors
    cv.text(x0 + 12, y0 + 34, s.code, font(44), "ink", bg, "lm")
    cv.text(x1 - 12, y0 + 28, str(s.electors), font(38), "ink", bg, "rm")
    cv.text(x1 - 12, y0 + 56, "electors", font(15, False), "muted", bg, "rm")
    fn = fit_font(s.name, CARD_W - 24, 20, False, 13)
    cv.text(x0 + 12, y0 + 72, s.name, fn, "muted", bg, "lm")
    # tie colour band: colour and letter
    t = SLOT.get(s.colour, "D")
    cv.rect((x0 + 8, y0 + 88, x1 - 8, y0 + 118), fill=t, radius=5)
    cv.text((x0 + x1) / 2, y0 + 103, f"ties go to {LETTER.get(s.colour, '?')}", font(19), FG[t], t, "mm")
    # the two issues
    tw = (CARD_W - 16 - 8) // 2
    for k in range(2):
        issue = s.issues[k] if k < len(s.issues) else None
        ix = x0 + 8 + k * (tw + 8)
        _issue_tile(cv, issue, (ix, y0 + 128, ix + tw, y0 + 208), bg)
    # month and result
    y = y0 + 222
    if s.month is None:
        cv.text(x0 + 12, y + 12, "not yet revealed", font(18, False), "muted", bg, "lm")
    else:
        when = f"Month {s.month}" + (" — now" if current else "")
        cv.text(x0 + 12, y + 12, when, font(22), "ink", bg, "lm")
    y += 34
    if s.winner:
        sp = _party_pill(f"{LETTER.get(s.winner, '?')} won", s.winner, 22, 34)
        cv.paste(sp, x0 + 10, y)
        y += 42
    if s.totals and not s.played:
        text = f"D {_signed(s.totals.get('DEM', 0))} · R {_signed(s.totals.get('REP', 0))}"
        cv.text(x0 + 12, y + 14, text, font(22), "ink", bg, "lm")
        y += 36
    # the policies revealed here, with that month's totals
    for seat in SEATS:
        card = s.played.get(seat)
        if card is None:
            continue
        total = s.totals.get(seat)
        sp = _party_pill(f"{LETTER[seat]}{'' if total is None else ' ' + _signed(total)}", seat, 17, 26)
        cv.paste(sp, x0 + 10, y)
        f = font(16, False)
        lines = wrap(card.name, f, CARD_W - 28 - sp.w, 2)
        for i, line in enumerate(lines):
            cv.text(x0 + 16 + sp.w, y + 2 + i * 19, line, f, "ink", bg, "lt")
        y += max(34, 19 * len(lines) + 8)
    # election day: who carried the state, with both whole-platform totals
    marker_y = y1 - 38
    if s.carried_by:
        t = SLOT.get(s.carried_by, "D")
        cv.rect((x0 + 8, y1 - 50, x1 - 8, y1 - 8), fill=t, radius=6)
        dem, rep = s.election_totals.get("DEM", 0), s.election_totals.get("REP", 0)
        text = f"{LETTER.get(s.carried_by, '?')} carries · D {_signed(dem)} R {_signed(rep)}"
        cv.text((x0 + x1) / 2, y1 - 29, text, fit_font(text, CARD_W - 28, 21, True, 14), FG[t], t, "mm")
    # markers placed by theatrics: along the bottom, or (once the bottom holds the result)
    # right-aligned on the month line, which is short by then
    pills = [_party_pill(f"{_signed(m.delta)} {LETTER.get(m.seat, '?')}", m.seat, 18, 28) for m in s.markers]
    if s.carried_by:
        mx = x1 - 10
        for sp in pills:
            if mx - sp.w < x0 + 130:
                break
            mx -= sp.w
            cv.paste(sp, mx, y0 + 222)
            mx -= 6
    else:
        mx = x0 + 10
        for sp in pills:
            if mx + sp.w > x1 - 8:
                break
            cv.paste(sp, mx, marker_y)
            mx += sp.w + 6


def _platform(cv: Canvas, view: ElectioneerView, seat: str, box) -> None:
    x0, y0, x1, y1 = box
    cards = view.platforms.get(seat, [])
    sp = _party_pill(LETTER[seat], seat, 22, 32)
    cv.paste(sp, x0, y0)
    cv.text(x0 + sp.w + 10, y0 + 16, f"{NAMES[seat]} platform — {len(cards)} of {MONTHS}", font(24), "ink",
            "paper", "lm")
    y = y0 + 42
    fname, feff = font(20), font(19, False)
    if not cards:
        cv.text(x0 + 4, y + 14, "no policies yet", feff, "muted", "paper", "lm")
    for card in cards:
        if y + 28 > y1:
            break
        name = truncate(card.name, fname, (x1 - x0) // 2)
        cv.text(x0 + 4, y + 14, name, fname, "ink", "paper", "lm")
        ex = x0 + 14 + advance(name, fname)
        cv.text(ex, y + 14, truncate(effects_text(card), feff, x1 - ex), feff, "muted", "paper", "lm")
        y += 30


def _month_track(cv: Canvas, view: ElectioneerView, box) -> None:
    x0, y0, x1, y1 = box
    cv.text(x0, (y0 + y1) / 2, "Months won", font(22), "ink", "paper", "lm")
    by_month = {s.month: s for s in view.states if s.month is not None}
    x = x0 + 160
    size = 46
    for m in range(1, MONTHS + 1):
        s = by_month.get(m)
        cy = (y0 + y1) / 2
        box_ = (x, cy - size / 2, x + size, cy + size / 2)
        if s is not None and s.winner:
            t = SLOT.get(s.winner, "D")
            cv.ellipse(box_, fill=t, outline="ink", width=2)
            cv.text(x + size / 2, cy, LETTER.get(s.winner, "?"), font(24), FG[t], t, "mm")
        else:
            current = s is not None and s.code == view.current_state
            cv.ellipse(box_, fill="now" if current else "white", outline="ink", width=4 if current else 2)
            cv.text(x + size / 2, cy, str(m), font(20), "ink", "now" if current else "white", "mm")
        if s is not None:
            cv.text(x + size / 2, cy + size / 2 + 12, s.code, font(15), "muted", "paper", "mm")
        x += size + 14
    cv.text(x1, (y0 + y1) / 2, f"Issue deck {view.issue_deck_count}", font(20), "ink", "paper", "rm")


def issues_words(issues: list[str | None]) -> str:
    """A card's two issues in words: "Education and Healthcare", "Economy on both issues", "both issues face
    down", "Crime, the other issue face down"."""
    named = [issue_name(i) for i in issues if i]
    hidden = len(issues) - len(named)
    if not named:
        return "both issues face down" if hidden > 1 else "issue face down"
    if hidden:
        return f"{and_list(named)}, the other issue face down"
    if len(named) > 1 and len(set(named)) == 1:
        return f"{named[0]} on both issues"
    return and_list(named)


def _state_words(view: ElectioneerView, s: StateCard, detail: int) -> str:
    """A revealed card in words: detail 2 all of it, 1 its month's and election day's results, 0 who took it."""
    if detail == 0:
        who = [f"month {s.month}" + (f" won by {s.winner}" if s.winner else "") if s.month is not None
               else "not yet contested"]
        if s.carried_by:
            who.append(f"carried by {s.carried_by}")
        if s.code == view.current_state:
            who.append("contested now")
        return f"{s.name}, {s.electors} electors: {', '.join(who)}"
    bits = [f"{s.name} ({s.electors} electors, ties to {s.colour}): {issues_words(s.issues)}"]
    if s.month is not None:
        bits.append(f"month {s.month}")
    if s.winner:
        bits.append(f"month won by {s.winner}" + (f" (DEM {_signed(s.totals.get('DEM', 0))}, "
                                                    f"REP {_signed(s.totals.get('REP', 0))})" if s.totals and detail > 1
                                                   else ""))
    if s.carried_by:
        bits.append(f"carried by {s.carried_by} on election day" + (
            f" (DEM {_signed(s.election_totals.get('DEM', 0))}, REP {_signed(s.election_totals.get('REP', 0))})"
            if detail > 1 else ""))
    if detail > 1:
        bits += [f"{_signed(m.delta)} for {m.seat} from {m.source}" for m in s.markers]
    elif s.markers:
        bits.append(f"{len(s.markers)} theatrics marker{'s' * (len(s.markers) > 1)}")
    if s.code == view.current_state:
        bits.append("contested now")
    return ", ".join(bits)


def board_alt(view: ElectioneerView) -> str:
    """The table in words, at most 1,024 characters (render/alttext.py): the month and what is awaited, the
    result, the projection and who is ahead, the months won and both sides' counts first; then the cards (all of
    them, or their results only) and the platforms (with their effects, or their names, or how many)."""
    total, need = _majority(view)
    parts: list[Part] = [_title(view) + "."]
    if view.phase_label:
        parts.append(sentence(view.phase_label))
    if view.waiting_on and not view.winner:
        parts.append("Waiting on " + " and ".join(NAMES.get(s, s) for s in view.waiting_on) + ".")
    if view.winner:
        parts.append(f"{NAMES.get(view.winner, view.winner)} win the election with final electors "
                     f"DEM {view.final_electors.get('DEM', 0)}, REP {view.final_electors.get('REP', 0)}.")
    else:  # the result says the final electors; before it, the projection
        dem, rep = view.projection.get("DEM", 0), view.projection.get("REP", 0)
        ahead = "Level." if dem == rep else f"Ahead: {'DEM' if dem > rep else 'REP'}."
        parts.append(f"Projected electors: DEM {dem}, REP {rep} of {total}; {need} to win. {ahead}")
    won = {seat: [s.name for s in view.states if s.winner == seat] for seat in SEATS}
    if any(won.values()):
        parts.append("Months won: " + ", ".join(f"{seat} {len(w)}" + (f" ({and_list(w)})" if w else "")
                                                for seat, w in won.items()) + ".")
    parts.append("; ".join(f"{NAMES[s]}: hand {view.hand_counts.get(s, 0)}, theatrics {view.theatric_counts.get(s, 0)}, "
                           f"deck {view.deck_counts.get(s, 0)}, month bonus {_signed(view.month_bonus.get(s, 0))}"
                           for s in SEATS) + ".")
    shown = [s for s in view.states if s.month is not None or any(s.issues)]
    hidden = [s for s in view.states if s not in shown]
    forms = []
    for detail in (2, 1, 0):
        text = "; ".join(_state_words(view, s, detail) for s in shown)
        if hidden:
            down = ", ".join(f"{s.name} ({s.electors} electors, ties to {s.colour})" if detail
                             else f"{s.name} ({s.electors} electors)" for s in hidden)
            text += ("; " if text else "") + f"not yet revealed, both issues face down: {down}"
        forms.append(f"States: {text}.")
    parts.append(tuple(forms))
    plats = []
    for detail in (2, 1, 0):
        words = []
        for seat in SEATS:
            cards_ = view.platforms.get(seat, [])
            if detail == 2:
                plat = "; ".join(f"{c.name} ({effects_text(c)})" for c in cards_) or "none yet"
            elif detail == 1:
                plat = ", ".join(c.name for c in cards_) or "none yet"
            else:
                plat = f"{len(cards_)} polic{'ies' if len(cards_) != 1 else 'y'}"
            words.append(f"{seat} platform: {plat}.")
        plats.append(" ".join(words))
    parts.append(tuple(plats))
    return fit(parts)


def render_electioneer(view: ElectioneerView) -> Rendered:
    if not isinstance(view, ElectioneerView):
        raise TypeError(f"expected an ElectioneerView, got {type(view).__name__}")
    im = Image.new("P", (W, H), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, COLOURS)
    title = _title(view)
    ft = fit_font(title, W - 28, 34, True, 20)
    cv.text(14, 8, title, ft, "ink", "paper")
    sub = _subtitle(view)
    fs = fit_font(sub, W - 28, 22, False, 14)
    cv.text(14, 54, truncate(sub, fs, W - 28), fs, "muted", "paper")
    if view.winner:
        _banner(cv, view, (14, 86, W - 14, 190))
    else:
        _side_box(cv, view, "DEM", (14, 86, 404, 194))
        _side_box(cv, view, "REP", (W - 404, 86, W - 14, 194))
        _projection(cv, view, (426, 86, W - 426, 180))
    for k, s in enumerate(view.states[:7]):
        _card(cv, view, s, CARD_X0 + k * (CARD_W + CARD_GAP))
    py = CARD_Y0 + CARD_H + 18
    _platform(cv, view, "DEM", (14, py, W // 2 - 16, py + 256))
    _platform(cv, view, "REP", (W // 2 + 16, py, W - 14, py + 256))
    cv.rect((W // 2 - 1, py, W // 2, py + 250), fill="rule")
    _month_track(cv, view, (14, H - 80, W - 14, H - 34))
    return Rendered(cv.png(), board_alt(view), W, H)
