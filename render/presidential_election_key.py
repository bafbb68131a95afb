"""The foot of the Presidential Election board: the last dice and the key, in 42-px type (10 px on a phone
showing the 1200-px board 400 px wide).

The dice: the last rolls that fit one line, newest last, each a white die with its face, the roller's number on
its colour and why it was rolled ("recount in OH"; the die's type when nothing more is said); the alt text has
them all. The key: what a state box's chip, fill, stripes and markers say, the trail codes in the table and what
the table's "$k" and "EV" mean, flowed after the dice onto as many lines as it needs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from render.canvas import Canvas, Sprite, advance, font, truncate
from render.widgets import pill

F_TEXT = font(42, False)
F_BOLD = font(42)
F_DIE = font(44)
LINE_H = 50
DIE = 48
SEP = " · "
_ROLL = re.compile(r"^(?P<seat>\S+) rolled (?P<face>[0-9]+) \((?P<die>d[0-9]+)(?:, (?P<why>.+))?\)$")
NOTE_W = 330  # why a die was rolled: about fourteen letters ("recount in OH")


@dataclass(frozen=True)
class Roll:
    seat: str
    face: str
    die: str
    why: str


def parse_roll(line: str) -> Roll:
    m = _ROLL.match(line)
    if m is None:
        return Roll("", "?", "", line)
    return Roll(m["seat"], m["face"], m["die"], m["why"] or "")


@dataclass(frozen=True)
class Item:
    """A key entry: an optional sprite (a marker, a swatch) before its words."""
    words: str
    sprite: Sprite | None = None


def _item_w(it: Item) -> int:
    return (it.sprite.w + 6 if it.sprite else 0) + advance(it.words, F_TEXT)


def key_lines(items: list[Item], width: int, first: int = 0) -> list[list[Item]]:
    """The items flowed into lines of at most `width` px, " · " between them; the first line starts `first` px in
    (after the dice)."""
    lines: list[list[Item]] = [[]]
    used = first
    for it in items:
        w = _item_w(it)
        gap = advance(SEP, F_TEXT) if lines[-1] or first else 0
        if (lines[-1] or used) and used + gap + w > width:
            lines.append([])
            used, gap, first = 0, 0, 0
        used += gap + w
        lines[-1].append(it)
    return lines  # the first empty when its first item does not fit after the dice


def key_height(items: list[Item], width: int, first: int = 0) -> int:
    """The height of the dice's line and the key: lines of LINE_H."""
    return len(key_lines(items, width, first)) * LINE_H


def draw_key(cv: Canvas, items: list[Item], x0: int, y: int, width: int, first: int = 0) -> int:
    """The key from (x0 + first, y), then from x0 on the lines below; returns the y below it."""
    lines = key_lines(items, width, first)
    for n, line in enumerate(lines):
        x = x0 + (first if n == 0 else 0)
        cy = y + LINE_H // 2
        for k, it in enumerate(line):
            if k or x > x0:
                cv.text(x, cy, SEP, F_TEXT, "muted", "paper", "lm")
                x += advance(SEP, F_TEXT)
            if it.sprite:
                cv.paste(it.sprite, x, cy - it.sprite.h // 2)
                x += it.sprite.w + 6
            cv.text(x, cy, truncate(it.words, F_TEXT, x0 + width - x), F_TEXT, "ink", "paper", "lm")
            x += advance(it.words, F_TEXT)
        y += LINE_H
    return y


def _label(rolls: list[Roll]) -> str:
    return "Dice:" if rolls else "No dice yet"


def _note(r: Roll) -> str:
    return truncate(r.why or r.die, F_TEXT, NOTE_W)


def dice_layout(lines: list[str], width: int, pill_w: Callable[[str], int]) -> tuple[list[Roll], int]:
    """The last rolls whose dice, rollers and notes fit `width` px after the label (newest last), and the width
    they take with it."""
    rolls = [parse_roll(line) for line in lines]
    used = advance(_label(rolls), F_BOLD) + 16
    shown: list[Roll] = []
    for r in reversed(rolls):
        w = DIE + 8 + (pill_w(r.seat) + 8 if pill_w(r.seat) else 0) + advance(_note(r), F_TEXT) + 24
        if used + w > width:
            break
        shown.insert(0, r)
        used += w
    return shown, used


def draw_dice(cv: Canvas, lines: list[str], x0: int, y: int, width: int,
              seat_pill: Callable[[str], Sprite | None]) -> int:
    """The last rolls that fit one line from (x0, y), LINE_H tall; `seat_pill(seat)` gives the roller's pill.
    Returns the width drawn."""
    shown, used = dice_layout(lines, width, lambda s: seat_pill(s).w if seat_pill(s) else 0)
    cy = y + LINE_H // 2
    label = _label([parse_roll(line) for line in lines])
    cv.text(x0, cy, label, F_BOLD, "ink", "paper", "lm")
    x = x0 + advance(label, F_BOLD) + 16
    for r in shown:
        cv.rect((x, cy - DIE // 2, x + DIE, cy + DIE // 2), fill="white", outline="ink", width=3, radius=8)
        cv.text(x + DIE / 2, cy, r.face, F_DIE, "ink", "white", "mm")
        x += DIE + 8
        sp = seat_pill(r.seat)
        if sp is not None:
            cv.paste(sp, x, cy - sp.h // 2)
            x += sp.w + 8
        note = _note(r)
        cv.text(x, cy, note, F_TEXT, "ink", "paper", "lm")
        x += advance(note, F_TEXT) + 24
    return used


def seat_pill_sprite(layout, text: str, face: str, fg: str) -> Sprite:  # noqa: ANN001 - a canvas Layout
    """A roller's number on its colour, in the key's type."""
    return pill(layout, text, face, fg, ring="ink", size=42, height=48)
