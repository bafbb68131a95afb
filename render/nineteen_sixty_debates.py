"""1960's Debates on turn 6, drawn in place of the Issues Track and the regions: who places cubes or what the next
issue won gives, the cards just revealed, and the three issues, each with who won it, each side's total and its
cards by CP and name (the alt text has every card whole).
"""
from __future__ import annotations

from engine.nineteen_sixty.views import CardView, DebateIssueView, NSView
from render.canvas import Canvas, advance, truncate, wrap
from render.nineteen_sixty_style import (BADGE, F_BOLD, F_TEXT, LEAN, PAD, ROW, SOLID, W, badge, box, count,
                                         count_w, line_row, tag)
from render.nineteen_sixty_words import LETTER, ORDINAL, SEATS, card_label, seat_of, side_name, waiting_words

CHIP_H = 38


def head_words(view: NSView) -> str:
    """Whom the table waits for (or who places the cubes an issue won, and how many), what the next issue won
    gives, how many are won."""
    d = view.debate
    assert d is not None
    if d.placing:
        seat, _, rest = d.placing.partition(" ")
        words = [f"{side_name(seat)} {rest} cubes anywhere"]
    else:
        words = waiting_words(view)
        words.append(f"next issue won: {d.next_reward} cubes" if d.next_reward else "all rewards given")
    return " · ".join(words + [f"{d.awarded} of 3 won"])


def draw(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    d = view.debate
    assert d is not None
    for line in wrap(head_words(view), F_TEXT, W - 2 * PAD, 2):  # the status line above names the round
        cv.text(PAD, y + ROW / 2, line, F_TEXT, "ink", "paper", "lm")
        y += ROW
    if d.revealed:
        text = " · ".join(f"{side_name(seat_of(s))} {card_label(c)} ({c.cp} CP)" for s, c in d.revealed.items())
        y = line_row(cv, y, "REVEALED", text)
    for issue in sorted(d.issues, key=lambda i: i.slot):
        y = _issue(cv, issue, y, "debate" in other)
    return y


def _issue(cv: Canvas, issue: DebateIssueView, y: int, marked: bool) -> int:
    """An issue's box: its place and name, WON and the winner (or "open"), each side's total; under them, when
    any were played, the cards, each side's in half the width."""
    sides = (("KEN", issue.kennedy), ("NIX", issue.nixon))
    has_cards = any(cards for _, cards in sides)
    h = ROW + 8 + (CHIP_H + 6 if has_cards else 0)
    won = seat_of(issue.won_by)
    bg = LEAN[won] if won else "white"
    box(cv, (PAD, y, W - PAD, y + h), marked and won is not None, bg)
    right = W - PAD - 8
    for seat in reversed(SEATS):
        total = issue.totals.get(LETTER[seat], 0)
        right = right - count_w(seat if total else None, total)
        count(cv, right, y + 6, seat if total else None, total)
        right -= 8
    x = PAD + 10
    name = f"{ORDINAL.get(issue.slot, issue.slot)} {issue.name}"
    cv.text(x, y + 4 + ROW / 2, name, F_BOLD, "ink", bg, "lm")
    x += advance(name, F_BOLD) + 14
    if won:
        tag(cv, x, y + 6, truncate(f"WON: {side_name(won)}", F_BOLD, int(right - x - 20)), SOLID[won])
    else:
        cv.text(x, y + 4 + ROW / 2, "open", F_TEXT, "ink", bg, "lm")
    if has_cards:
        _chips(cv, sides, PAD + 10, y + ROW + 6, W - 2 * PAD - 20, bg)
    return y + h + 8


def _chips(cv: Canvas, sides: tuple[tuple[str, list[CardView]], ...], x: float, y: float, room: float,
           bg: str) -> None:
    """Each side's badge and its cards on an issue, "2 CP Give Me a Week", in one row `room` px wide: every card
    gets an equal share of what the badges leave ("no card" for a side with none)."""
    n = sum(max(1, len(cards)) for _, cards in sides)
    each = (room - len(sides) * (BADGE + 14) - 8 * n) / n
    for seat, cards in sides:
        x = badge(cv, seat, x, y + (CHIP_H - BADGE) / 2) + 6
        if not cards:
            cv.text(x, y + CHIP_H / 2, truncate("no card", F_TEXT, int(each)), F_TEXT, "ink", bg, "lm")
            x += each + 8
        for c in cards:
            text = truncate(f"{c.cp} CP {c.name}", F_TEXT, int(each - 14))
            w = advance(text, F_TEXT) + 14
            cv.rect((x, y, x + w, y + CHIP_H), fill=LEAN[seat], outline=SOLID[seat], width=3, radius=6)
            cv.text(x + 7, y + CHIP_H / 2, text, F_TEXT, "ink", LEAN[seat], "lm")
            x += w + 8
        x += 8
