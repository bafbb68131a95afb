"""Why `undo` finds nothing to take back, said from what the game's log already shows.

Only the latest move can be taken back. When it is not the player's, the refusal names the moves that came
after theirs the way `/game log` names them (move number, seat, and 🤖 bot or ⏰ deadline), never what was
played: while a game is in progress the log holds no notation, and a move's kind could tell of a hidden
choice. Ruleset-neutral: the journal's seats and actors are all it reads.
"""
from __future__ import annotations

from collections.abc import Sequence

from bot.store import JournalEntry

MACHINE = {"bot": "🤖 bot", "deadline": "⏰ deadline default"}

# The refusal when the latest move is the player's own but the game marked it final: it showed the table
# something hidden (the journal keeps no reason, so the sentence names the kinds of move that do this).
SHOWN_OR_PASSED_ON = ("That move can't be undone: the other players have already seen what it showed (a card "
                      "played from a hand, a card drawn, a sealed choice revealed, a roll), or it passed the decision "
                      "on to someone else.")


def _who(entry: JournalEntry) -> str:
    by = MACHINE.get(entry.actor)
    return f"{entry.seat}'s move {entry.seq}" + (f" ({by})" if by else "")


def nothing_to_undo(journal: Sequence[JournalEntry], seat: str) -> str | None:
    """The refusal when `seat` may not undo because the last move is not its own, or None when it is."""
    last = journal[-1] if journal else None
    if last is not None and last.seat == seat and last.actor not in MACHINE:
        return None
    mine = next((e for e in reversed(journal) if e.seat == seat), None)
    if mine is None:
        return "There is nothing of yours to undo: you have made no move in this game yet."
    if mine is last:
        return (f"There is nothing of yours to undo: your last move ({mine.seq}) was the {MACHINE[mine.actor]}'s, "
                "and only a move you made yourself can be taken back.")
    later = [e for e in journal if e.seq > mine.seq]
    first = _who(later[0])
    more = f" and {len(later) - 1} more move{'s' if len(later) > 2 else ''}" if len(later) > 1 else ""
    return (f"Your move {mine.seq} can no longer be undone: {first}{more} came after it, "
            "and only the latest move can be taken back.")
