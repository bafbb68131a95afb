"""A seat's decisions at the keyboard of a local game: the menu of choices (a group opened by its number, the plays
allowed at any time after `t`), the table's words (help, rules, board, hand, card ID, log, dashboard, hint), the
move sent and what it told the seat privately."""
from __future__ import annotations

from typing import Any, Callable

from bot.present import dashboard, text
from bot.service import GameManager
from bot.store import GameRecord
from bot.tables.console import (HELP, ConsoleTable, Entry, Group, card_lines, menu, menu_lines, not_a_choice, opened,
                                picks_a_choice, view_text)
from bot.tables.local_seats import LOCAL_USER
from bot.tables.local_settings import HINT, hint_text
from engine import registry
from engine.core.errors import EngineError
from engine.core.notation import is_number

PROMPT_MARK = "▶ "  # the decision's prompt, under the choices


class Quit(Exception):
    """The player leaves at a prompt (quit, Ctrl-D or Ctrl-C): the game is saved after each move."""


class LocalTurn:
    """The keyboard of a local game (what is asked, what is written) and one seat's decision at it."""

    def __init__(self, manager: GameManager, table: ConsoleTable, ask: Callable[[str], str],
                 write: Callable[[str], None] | None = None, *, tty: bool = False) -> None:
        self.manager = manager
        self.table = table
        self.ask = ask
        self.write = write or table.say  # every line through the terminal converter
        self.tty = tty
        self.heading = ""  # the game's name, atop the hand-off screen (set by `play`)

    def _input(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: the game is saved after each move
            raise Quit from None

    async def _prompt(self, game_id: int, seat: str) -> str | None:
        """The prompt of the decision `seat` owes now (None when it owes none)."""
        if seat not in await self.manager.views.owing(game_id):
            return None
        _, _, decision = await self.manager.views.decision(game_id, LOCAL_USER.format(seat=seat))
        return decision.prompt

    async def turn(self, game_id: int, seat: str, *, board: bool = True) -> str:
        """One decision of `seat`'s: its view (board and hand) first when `board` (a turn after someone else's),
        then the choices, the short prompt and — after a refusal — the ✗ line last, right above the input line,
        so neither scrolls off. The board again only on `board`. Returns the prompt of the decision it answered."""
        user = LOCAL_USER.format(seat=seat)
        refusal = ""
        show = True  # the menu and the prompt (not after a word's answer: it would push the answer off)
        extras = False  # the plays allowed at any time listed (`t`)
        group: Group | None = None  # the group of choices opened by its number
        entries: list[Entry] = []
        while True:
            self._private_notes(seat)
            record, view = await self.manager.views.view(game_id, user)
            _, _, decision = await self.manager.views.decision(game_id, user)
            if board:
                self.write(view_text(seat, view))
                board = False
            if show:
                entries = self._show(view, decision, group, extras)
            show = True
            if refusal:
                self.write(refusal)
                refusal = ""
            reply = self._input(f"{seat}> ").strip()
            word = reply.lower()
            if not reply or word == "back":  # out of the open group; else back to the choices without `t`'s
                extras = extras and group is not None
                group = None
                continue
            if word in ("quit", "exit", "q"):
                raise Quit
            if word == "t":
                extras, group = True, None
                if not decision.extras:
                    refusal = "✗ There is no play allowed at any time now."
                continue
            if not a_move_now(registry.get(record.ruleset), decision, reply) \
                    and await self._word(game_id, seat, record, word, reply):
                self.write("(Press Enter to see your choices again.)")
                show = False
                continue
            try:
                if word == "undo":
                    self.table.forget_undone(game_id, await self.manager.games.undo(game_id, user))
                    extras, group = False, None
                    continue
                if is_number(reply):
                    if not picks_a_choice(reply, len(entries)):
                        refusal = f"✗ {not_a_choice(reply, len(entries))}"  # a bare number is a choice, never a move
                        continue
                    entry = entries[int(reply) - 1]
                    if isinstance(entry, Group):
                        group = entry
                        continue
                    reply = entry.action.notation()
                await self._submit(game_id, seat, reply)
            except EngineError as exc:
                refusal = f"✗ {exc.message}"
                continue
            return decision.prompt

    async def _submit(self, game_id: int, seat: str, reply: str) -> None:
        """Send the move; then what it told this seat — now (before the hide screen) and before what it made public:
        a sealed choice's note ("revealed when both have chosen") comes before the reveal that choice set off."""
        with self.table.holding() as posts:
            result = await self.manager.games.submit(game_id, LOCAL_USER.format(seat=seat), reply)
        self._private_notes(seat)
        self.table.release(posts)
        if result.pending:
            self.write(text.pending_note(result.pending))

    def _private_notes(self, seat: str) -> None:
        """What the game told `seat` alone, for the eyes at the keyboard."""
        for note in self.table.take_mail(seat):
            self.write(f"(private to {seat}) {note}")

    def _show(self, view: Any, decision: Any, group: Group | None, extras: bool) -> list[Entry]:
        """Print the menu — the open group's choices, or every choice (and the any-time plays after `t`) — and
        the prompt; returns the entries in the order they are numbered."""
        if group is not None:
            entries = opened(group)
            self.write(f"{group.title} — {len(group.options)} choices (Enter: back to all):")
            lines = menu_lines(entries, within=group.title)
        else:
            entries = menu(decision.options)
            lines = menu_lines(entries)
            if extras and decision.extras:
                more = menu(decision.extras)
                lines += ["  Plays allowed at any time:", *menu_lines(more, len(entries) + 1)]
                entries = entries + more
            elif decision.extras:
                lines.append("  " + text.extras_note(view, len(decision.extras)))
        if lines:
            self.write("\n".join(lines))
        self.write(f"{PROMPT_MARK}{decision.prompt or 'Nothing to decide right now.'}")
        return entries

    async def _word(self, game_id: int, seat: str, record: GameRecord, word: str, reply: str) -> bool:
        """Answer one of the table's words (help, rules, board, hand, card ID, log, dashboard, hint); False if
        `word` is none of them (then it is a move)."""
        if word == HINT:
            self.write(await hint_text(self.manager, game_id, LOCAL_USER.format(seat=seat)))
        elif word == "help":
            self.write(HELP)
        elif word == "rules":
            self.write(registry.get(record.ruleset).help_text())
        elif word in ("board", "hand"):
            _, view = await self.manager.views.view(game_id, LOCAL_USER.format(seat=seat))
            self.write(view_text(seat, view) if word == "board" else text.hand_text(view) or "No hand to show.")
        elif is_card_word(word):
            self.write(card_lines(registry.get(record.ruleset), reply[4:].strip()))
        elif word == "dashboard":  # the election-night dashboard, as Discord pins it
            self.write(await dashboard.refresh(self.manager, game_id) or "This game has no map to count.")
        elif word == "log" or (word.startswith("log ") and is_number(word[4:].strip())):
            await self._log(game_id, int(word[4:].strip()) if word != "log" else None)
        else:
            return False
        return True


    async def _log(self, game_id: int, page: int | None) -> None:
        """`log` (its last page) or `log N`: the record's log, paged by whole moves as /game log pages it — the
        public lines only while the game goes on (a sealed pick's notation would show the next player at the
        keyboard what was picked)."""
        lines, number, pages = await self.manager.memory.log_page(game_id, page)
        around = [f"earlier moves: `log {number - 1}`"] if number > 1 else []
        around += [f"later moves: `log {number + 1}`"] if number < pages else []
        head = f"Log of game #{game_id}, page {number} of {pages}" + (f" ({'; '.join(around)})" if around else "")
        self.write("\n".join([head, *lines]))


def is_card_word(word: str) -> bool:
    """`card ID`, or `text ID`: the table's word for a card's whole text (`text` where `card ID` is a move now)."""
    return any(word == w or word.startswith(f"{w} ") for w in ("card", "text"))


def a_move_now(ruleset: Any, decision: Any, reply: str) -> bool:
    """Whether `reply` starts with a move the decision offers now: such a move goes to the game, though a table's
    word is spelt the same (Campaign Trail's `card 38`, a politick's choice of a card)."""
    try:
        actions = ruleset.parse(reply)
    except EngineError:
        return False
    return bool(actions) and any(o.action == actions[0] for o in decision.all_options())

