"""The offline local table: a hot-seat game in the terminal.

Public posts are printed and their images written to a folder. Private briefs are held in a
per-seat mailbox and shown only after a "pass the keyboard to …" screen, so each seat's hand
is on screen only while that seat is looking. Everything printed goes through one converter
(bot.present.text.terminal_text): presenters and the manager write for Discord, a terminal shows plain text.
Long menus of choices are laid out here too (`menu`, `menu_lines`).
"""
from __future__ import annotations

import contextlib
import math
import os
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Union

from bot.present import text
from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost
from bot.present.text import clip, terminal_text
from engine.core.ruleset import card_text
from engine.core.types import Option


@dataclass
class ConsoleTable:
    out_dir: Path
    write: Callable[[str], None] = print
    # each seat's private notes not shown yet, with the game and the move that sent them (an undone move's go unread)
    mailbox: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    images: list[Path] = field(default_factory=list)
    # posts with pictures per (game, move): a move posted in several posts (Solo Play's AI turns) names each
    # post's files apart — 007-…, 007.2-…, 007.3-… — so a later post never overwrites an earlier one's picture
    _pictured: Counter[tuple[int, int]] = field(default_factory=Counter)
    # A demo's table writes its one game straight into out_dir, a folder per demo run: the demo's database is new
    # each run, so its game is always #1 and game-1/ would mix every run's files. The local table's games share
    # one database, numbered apart: each gets out_dir/game-<id>.
    one_game: bool = False
    # what the channel was told (each post's and alert's words as printed), numbered in order, with the game and
    # the move that posted it: the hot seat replays it to the next player, whose screen was cleared since
    news: list[tuple[int, int, int, str]] = field(default_factory=list)
    _told: int = 0

    _held: list[str] | None = None  # what is printed while `holding`, printed by `release`
    # a guided first game's coach, per seat, not shown yet (bot/tables/learn.py prints it before the choices)
    coaching: dict[str, list[str]] = field(default_factory=dict)

    def say(self, text: str) -> None:
        """Print `text` as a terminal shows it (no Discord markup or commands): every line the table prints."""
        if self._held is not None:
            self._held.append(terminal_text(text))
        else:
            self.write(terminal_text(text))

    @contextlib.contextmanager
    def holding(self) -> Iterator[list[str]]:
        """Keep what is printed meanwhile (a move's posts) for `release`, so the mover's private lines can come
        first."""
        self._held = held = []
        try:
            yield held
        finally:
            self._held = None

    def release(self, held: list[str]) -> None:
        for said in held:
            self.write(said)

    def folder(self, game_id: int) -> Path:
        """Where the game's pictures and replay go (created)."""
        folder = self.out_dir if self.one_game else self.out_dir / f"game-{game_id}"
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    async def publish(self, post: PublicPost) -> None:
        said: list[str] = []
        if post.text:
            self.say(f"\n── game #{post.game.id} ─────────────────────────\n{post.text}")
            said.append(post.text)
        if post.picture is not None or post.closeup is not None:
            self._pictured[post.game.id, post.game.seq] += 1
        nth = self._pictured[post.game.id, post.game.seq]
        stem = f"{post.game.seq:03d}" + (f".{nth}" if nth > 1 else "")
        for picture, what in ((post.picture, "board image"), (post.closeup, "close-up")):
            if picture is None:
                continue
            path = self.folder(post.game.id) / f"{stem}-{picture.filename}"
            path.write_bytes(picture.png)
            self.images.append(path)
            self.say(f"[{what}: {path}]")
            said.append(f"[{what}: {path}]")
        if post.replay is not None:  # the game's end comes with its animated replay
            path = self.folder(post.game.id) / post.replay.filename
            path.write_bytes(post.replay.png)
            self.say(f"[animated replay: {path}]")
        self._remember(post.game, said)

    def _remember(self, game: GameRef, said: list[str]) -> None:
        if said:
            self._told += 1
            self.news.append((self._told, game.id, game.seq, "\n".join(said)))

    def news_mark(self) -> int:
        """The number of the latest public news: what was on screen up to now."""
        return self._told

    def news_since(self, game_id: int, mark: int) -> list[str]:
        """The game's public news after `mark` (news_mark), as printed."""
        return [text for number, game, _, text in self.news if game == game_id and number > mark]

    async def tell(self, brief: PrivateBrief) -> bool:
        if brief.text:
            self.mailbox.setdefault(brief.seat, []).append((brief.game.id, brief.game.seq, brief.text))
        if brief.coach:
            self.coaching.setdefault(brief.seat, []).append(brief.coach)
        return True

    def take_coaching(self, seat: str) -> list[str]:
        return self.coaching.pop(seat, [])

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        self.say(f"\n{text}")
        self._remember(game, [text])

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        return False  # a hot-seat game at one keyboard has no spectators to DM

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        return False  # at one keyboard, everyone read the channel's line of the seat changing hands

    def take_mail(self, seat: str) -> list[str]:
        return [text for _, _, text in self.mailbox.pop(seat, [])]

    def forget_undone(self, game_id: int, seq: int) -> None:
        """Drop the notes move `seq` of the game (taken back) and any after it sent, not shown yet: what the undone
        step told a seat ("You put … on the bottom of your deck") is no longer so."""
        for seat, notes in self.mailbox.items():
            self.mailbox[seat] = [n for n in notes if n[0] != game_id or n[1] < seq]
        self.news = [n for n in self.news if n[1] != game_id or n[2] < seq]  # its posts no longer hold


# What `help` prints (and the table shows once, before the first turn).
HELP = """Type the number of a choice, or its move as shown in [brackets] (several steps joined with ;).
A number beside "(N choices)" opens that group of choices; Enter goes back to all of them.
Words the table knows at any prompt:
  board      the board and your hand        t          plays allowed at any time (in games that have them)
  card ID    a card's whole text            undo       take back your last step (also at the hide screen)
  log        the game so far                dashboard  electoral votes: safe, lean, tied, the tipping point
  rules      how to play this game          help       these words
  hint       the search's top three moves for you (a game started with --option hints=on)
  quit       save and stop (run the same command again to resume)
Where `card ID` is also a move you can make now, it is the move: `text ID` shows a card's whole text at any
time."""


# ---- long menus: more than LONG_MENU choices are grouped (a number opens a group), or laid out in columns

LONG_MENU = 12
WIDTH = 100  # the widest line a menu prints


@dataclass(frozen=True)
class Group:
    """Choices whose moves begin alike (`play 32 …`, `swap WI …`): one line of the menu, opened by its number."""

    title: str
    options: tuple[Option, ...]
    depth: int  # the number of notation words its choices share


Entry = Union[Option, Group]


def menu(options: list[Option] | tuple[Option, ...], depth: int = 1) -> list[Entry]:
    """The menu of `options`: themselves when few; else grouped by the first words their moves share — the
    fewest words that leave no group long (a card's plays, a state's swaps) — or, when no grouping helps,
    themselves again (laid out in columns by `menu_lines`)."""
    options = list(options)
    if len(options) <= LONG_MENU:
        return options
    by_heading = _by_heading(options) if depth == 1 else None
    if by_heading:
        return by_heading
    fallback: list[Entry] | None = None
    for words in range(depth, max(len(o.action.notation().split()) for o in options)):
        keyed: dict[tuple[str, ...], list[Option]] = {}
        for option in options:
            keyed.setdefault(tuple(option.action.notation().split()[:words]), []).append(option)
        if len(keyed) > LONG_MENU or len(keyed) == len(options):
            break  # more words only make more groups
        if len(keyed) < 2:
            continue
        entries: list[Entry] = [group[0] if len(group) == 1 else Group(_title(group, key), tuple(group), words)
                                for key, group in keyed.items()]
        if all(len(group) <= LONG_MENU for group in keyed.values()):
            return entries
        fallback = fallback or entries  # a long group is grouped again when opened
    return fallback or options


def _by_heading(options: list[Option]) -> list[Entry] | None:
    """The options under the headings the game gave them (a state's region), A to Z, the ones without one after
    them; None when they name fewer than two headings."""
    headed: dict[str, list[Option]] = {}
    for option in options:
        if option.group:
            headed.setdefault(option.group, []).append(option)
    if len(headed) < 2:
        return None
    groups: list[Entry] = [Group(title, tuple(headed[title]), 1) for title in sorted(headed)]
    return groups + [option for option in options if not option.group]


def opened(group: Group) -> list[Entry]:
    return menu(group.options, group.depth + 1)


def menu_lines(entries: list[Entry], start: int = 1, within: str = "") -> list[str]:
    """The menu's lines, numbered from `start`: a choice with its detail and move, a group with its count and
    what it holds; many short choices without details in columns (read down), with their count. `within`: the
    title of the group these entries are in, which their labels need not repeat."""
    if len(entries) > LONG_MENU and all(isinstance(e, Option) and not e.detail for e in entries):
        return _columns([e for e in entries if isinstance(e, Option)], start)
    return [line for i, entry in enumerate(entries, start=start) for line in _entry_lines(entry, i, within)]


def wrapped(line: str, indent: str) -> list[str]:
    """`line` as lines of at most WIDTH characters, broken between words, each after the first under `indent`: a
    choice with a card's whole text reads on a phone without a line running off the screen."""
    return textwrap.wrap(line, width=WIDTH, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [line]


def _entry_lines(entry: Entry, number: int, within: str = "") -> list[str]:
    if isinstance(entry, Option):
        detail = f" — {entry.detail}" if entry.detail else ""
        label = shown_label(entry, within)
        return wrapped(f"  {number:>3}. {label}{detail}   [{entry.action.notation()}]", " " * 9)
    head = f"  {number:>3}. {entry.title} ({len(entry.options)} choices): "
    rest = " · ".join(shown_label(option, entry.title) for option in entry.options)
    return [head + clip(rest, max(20, WIDTH - len(head)))]


def _columns(options: list[Option], start: int) -> list[str]:
    cells = [f"{i:>3}. {option.label}" for i, option in enumerate(options, start=start)]
    width = max(map(len, cells)) + 2
    count = max(1, min(4, WIDTH // width))
    rows = math.ceil(len(cells) / count)
    lines = [f"  {len(cells)} choices (a number, or the move, e.g. {options[0].action.notation()}):"]
    for row in range(rows):
        lines.append("  " + "".join(cells[i].ljust(width) for i in range(row, len(cells), rows)).rstrip())
    return lines


def _title(group: list[Option], key: tuple[str, ...]) -> str:
    """What a group's choices are about: the start their labels share (up to a colon or a whole word), else
    the start their moves share."""
    labels = [option.label for option in group]
    common = os.path.commonprefix(labels)
    if ": " in common:  # "#16 Gathering Momentum: Midwest: its event" → "#16 Gathering Momentum: Midwest"
        common = common[: common.rindex(": ")]
    elif not all(len(label) == len(common) or label[len(common)] == " " for label in labels):
        common = common[: common.rfind(" ") + 1]  # whole words only
    common = common.rstrip(" ,;:·—-(")
    return common if len(common) >= 2 else " ".join(key)


def shown_label(option: Option, title: str) -> str:
    """An option's label as listed under the group `title`: without the title its moves' group shares, but whole
    under a heading of its own ("South Carolina" under "South")."""
    return option.label if not title or option.group == title else label_within(option.label, title)


def label_within(label: str, title: str) -> str:
    """A label without its group's title."""
    return label[len(title):].lstrip(" :—-") or label if label.startswith(title) else label


# ---- a bare number on the local table picks a choice shown; any other number is refused as such


def picks_a_choice(reply: str, shown: int) -> bool:
    """`reply` (ASCII digits) numbers one of the `shown` choices: a long run of digits never does."""
    return len(reply) <= len(str(shown)) and 0 < int(reply) <= shown


def not_a_choice(reply: str, shown: int) -> str:
    typed = reply if len(reply) <= 8 else reply[:8] + "…"
    if not shown:
        return f"`{typed}` picks nothing: there are no choices to number now."
    if shown == 1:
        return f"`{typed}` is not one of the choices: there is one choice above, numbered 1."
    return f"`{typed}` is not one of the choices: the choices above are numbered 1–{shown}."


# ---- the table's words about a seat's view and a card

def view_text(seat: str, view: Any) -> str:
    """A seat's view as the local table prints it: its board, then its hand."""
    hand = text.hand_text(view)
    return f"\n{seat}'s view\n" + text.board_text(view) + (f"\n{hand}" if hand else "")


def card_lines(ruleset: Any, ref: str) -> str:
    """`card ID`: the card's whole text, wrapped at word boundaries."""
    if not ref:
        return "Type card and the id a choice or your hand shows for it (card 12, card T03…)."
    found = card_text(ruleset, ref)
    if found is None:
        return f"No card {ref[:20]} in {ruleset.title}."
    body = "\n".join(textwrap.fill(part, width=WIDTH, break_long_words=False, break_on_hyphens=False)
                     for part in found.text.split("\n"))
    return f"{found.kind.capitalize()} {found.id} — {found.name}\n{body}"
