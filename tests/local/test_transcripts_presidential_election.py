"""The committed transcript of Presidential Election is what the game says now: the check of
tests/local/test_transcripts.py, in a file of its own so that another worker runs it (see APART there)."""
from __future__ import annotations

from pathlib import Path

from tests.local.test_transcripts import APART, check_transcript


async def test_the_committed_transcript_is_what_the_game_says_now(tmp_path: Path) -> None:
    assert "presidential_election" in APART
    await check_transcript("presidential_election", tmp_path)
