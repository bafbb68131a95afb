"""The presenter contract: what the tables need from a ruleset to show its views as text.

Kept apart from bot/present/__init__.py (the registry) so that each ruleset's presenter can
import it without importing the registry that imports them.
"""
from __future__ import annotations

from typing import Any

from bot.present.changes import MapTally, summarise
from bot.present.tally import ElectoralTally
from engine.core.words import plural

Section = tuple[str, list[str]]
"""One block of a seat's private brief: a heading and its lines (Markdown). A table shows it as it
can — Discord as embed fields, split over several when long (bot/discord/ui.py)."""


class Presenter:
    """Turns one ruleset's views into plain text and sections; Discord-free (no embeds, no limits).

    A ruleset overrides what it shows. These defaults show nothing of a board or hand, so a ruleset
    without a presenter still plays everywhere (prompts, choices and pictures do not come from here).

    The words the tables put around a ruleset's choices come from here too, so each game is told in its
    own words: the defaults name no game's pieces, and a ruleset overrides them with its own."""

    move_example: str = ""
    """One move in the ruleset's notation, for the help page's `/move` line ("" shows none). A test parses it."""

    extras_placeholder: str = "Play at any time…"
    """The Discord menu of the decision's extras (the plays allowed at any time, `Decision.extras`)."""

    group_words: dict[str, str] = {}
    """A menu group's name by its next token, where its options' labels share no words ("state" → "A state")."""

    brief_shows_cards: bool = False
    """The brief's sections list every card a choice names, with what it does: the choices are then not listed
    again in full under the prompt (a DM names the hand once; `/card` shows any card whole)."""

    def extras_note(self, count: int, view: Any = None) -> str:
        """The local table's line under the choices when the seat has `count` extras (listed by typing `t`); `view`
        is the seat's own view, for a game whose extras count plays rather than cards (one card, many targets)."""
        return f"You may also make {plural(count, 'play')} allowed at any time: type `t` to list them."

    def board_text(self, view: Any) -> str:
        """The public board as monospace text: the console table, /game status (split over fields, never cut)."""
        return ""

    def hand_text(self, view: Any) -> str:
        """A seat's private hand as monospace text, for the console table; "" when the view holds none."""
        return ""

    def brief_sections(self, view: Any, seat: str) -> list[Section]:
        """What `seat` privately sees below its prompt (the Discord hand message): by default its hand text."""
        text = self.hand_text(view)
        return [("Your hand", text.splitlines())] if text else []

    # ---- what a turn changed: the caption and the close-up's states come from these

    def tally(self, view: Any) -> MapTally | None:
        """The PUBLIC view's board in the common per-state shape (bot/present/changes.py); None: no board to
        compare, so no caption. A ruleset maps only its own view here; the diff and the words are shared."""
        return None

    def change_summary(self, before_view: Any, after_view: Any, seat: str | None) -> str | None:
        """One line of what changed between two public views ("DEM +4 in OH, takes OH (18)"); None if nothing."""
        before, after = self.tally(before_view), self.tally(after_view)
        if before is None or after is None:
            return None
        return summarise(before, after, seat)
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: Any) -> ElectoralTally | None:
        """The public view's map as the dashboard's common tally (bot/present/tally.py); None: no map to count.
        Reads only what every seat sees: call it with the public view."""
        return None
