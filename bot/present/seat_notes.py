"""What a member is told, privately, when a seat of theirs changes hands without them: the host handed it to the bot,
the bot took it over after missed deadlines, or a substitute took it on the host's offer.

Each notice says who did it, which seat of which game, and how to play the seat again. Nothing in it comes from
the game's hidden information: seats, names and the game's number and title are public at the table. The table
adds a link to the game's channel where it has one."""
from __future__ import annotations


def _game(game_id: int, title: str) -> str:
    return f"game #{game_id}" + (f" ({title})" if title else "")


def handed_to_bot(seat: str, game_id: int, title: str, by: str) -> str:
    """The host (or a server admin, `by`) handed the member's seat to the bot."""
    return (f"🤖 {by} handed your seat, **{seat}** in {_game(game_id, title)}, to the bot: it plays {seat} for you "
            f"from now on. To play it again, use `/seat take seat:{seat}` (or ask the host).")


def taken_over(seat: str, game_id: int, title: str, missed: int) -> str:
    """The bot took the member's seat over after `missed` deadlines in a row (civil disorder)."""
    deadlines = "1 deadline" if missed == 1 else f"{missed} deadlines"
    return (f"🤖 You missed {deadlines} in a row in {_game(game_id, title)}, so the bot plays your seat, "
            f"**{seat}**, from now on. To play it again, use `/seat take seat:{seat}` (or ask the host).")


def substituted(seat: str, game_id: int, title: str, new: str, by: str) -> str:
    """`new` took the member's seat on the offer of `by` (the host or a server admin)."""
    return (f"🔁 {new} now plays your seat, **{seat}** in {_game(game_id, title)}: {by} offered it to them. To play "
            f"it again, ask the host to offer it back to you (`/seat offer`), then use `/seat take seat:{seat}`.")


def offerer(by_name: str | None, is_host: bool) -> str:
    """Who offered a seat, as a notice names them: their name when they are seated, else their role."""
    if by_name:
        return by_name
    return "the host" if is_host else "a server admin"
