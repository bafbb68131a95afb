"""The transcripts' seeded games (docs/transcripts/settings.yaml), each played once per process as `stumpbot
transcripts` plays it: the transcript it writes and every DM brief its seats were sent.

A whole game with its pictures is some 2–12 s of CPU. The transcript test and the DM test of a title read the same
game from here, and sit in the same file (tests/local/test_transcripts*.py), which the suite gives to one worker
(--dist loadfile, pyproject.toml): the game is played once, when a test first asks for it, never at collection."""
from __future__ import annotations

import asyncio
import functools
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bot.service.table import PrivateBrief
from bot.tables import transcripts


@dataclass(frozen=True)
class TranscriptGame:
    text: str  # the Markdown transcript, as `stumpbot transcripts` writes it
    briefs: list[PrivateBrief]  # every DM brief the seats were sent, in order


@dataclass
class _BriefKeepingTable(transcripts.TranscriptTable):
    """The transcript's own table, which also keeps each brief it is handed: what it writes is unchanged."""

    briefs: list[PrivateBrief] = field(default_factory=list)

    async def tell(self, brief: PrivateBrief) -> bool:
        self.briefs.append(brief)
        return await super().tell(brief)


@functools.cache
def transcript_game(name: str) -> TranscriptGame:
    """The setting's game, played through `transcripts.transcript` (the function `stumpbot transcripts` runs)."""
    setting = transcripts.setting(name)
    table = _BriefKeepingTable(name=setting.name)
    db_dir = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None  # the store syncs every move: RAM where there is one
    with tempfile.TemporaryDirectory(dir=db_dir) as folder:
        text = asyncio.run(transcripts.transcript(setting, db_dir=Path(folder), table=table))
    return TranscriptGame(text=text, briefs=table.briefs)
