"""The offline local table: a hot-seat game in the terminal.

Public posts are printed and their images written to a folder. Private briefs are held in a
per-seat mailbox and shown only after a "pass the keyboard to …" screen, so each seat's hand
is on screen only while that seat is looking.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from bot.tables.base import GameRef, Picture, PrivateBrief, PublicPost


@dataclass
class ConsoleTable:
    out_dir: Path
    write: Callable[[str], None] = print
    mailbox: dict[str, list[str]] = field(default_factory=dict)
    images: list[Path] = field(default_factory=list)
    # posts with pictures per (game, move): a move posted in several posts (Solo Play's AI turns) names each
    # post's files apart — 007-…, 007.2-…, 007.3-… — so a later post never overwrites an earlier one's picture
    _pictured: Counter[tuple[int, int]] = field(default_factory=Counter)
    # A demo's table writes its one game straight into out_dir, a folder per demo run: the demo's database is new
    # each run, so its game is always #1 and game-1/ would mix every run's files. The local table's games share
    # one database, numbered apart: each gets out_dir/game-<id>.
    one_game: bool = False

    def folder(self, game_id: int) -> Path:
        """Where the game's pictures and replay go (created)."""
        folder = self.out_dir if self.one_game else self.out_dir / f"game-{game_id}"
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    async def publish(self, post: PublicPost) -> None:
        if post.text:
            self.write(f"\n── game #{post.game.id} ─────────────────────────\n{post.text}")
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
            self.write(f"[{what}: {path}]")
        if post.replay is not None:  # issue 16: the game's end comes with its animated replay
            path = self.folder(post.game.id) / post.replay.filename
            path.write_bytes(post.replay.png)
            self.write(f"[animated replay: {path}]")

    async def tell(self, brief: PrivateBrief) -> bool:
        if brief.text:
            self.mailbox.setdefault(brief.seat, []).append(brief.text)
        return True

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        self.write(f"\n{text}")

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        return False  # a hot-seat game at one keyboard has no spectators to DM

    def take_mail(self, seat: str) -> list[str]:
        return self.mailbox.pop(seat, [])
