"""The transcripts in docs/transcripts/ are what the game says now: each is regenerated from its seeded
game through the manager and compared with the committed file, so a change to what players read is a change
to a transcript, seen in review — the pictures' alt texts and sizes included, so each is drawn as the bot draws it.
`stumpbot transcripts` rewrites them."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import transcripts

ROOT = Path(__file__).resolve().parents[2]


# The two longest games have files of their own (test_transcripts_campaign_trail.py, …_presidential_election.py):
# the suite gives each file to one worker (--dist loadfile, pyproject.toml), and seven whole games in one file were
# the longest chain of the run on a busy machine.
APART = ("campaign_trail", "presidential_election")


@pytest.mark.parametrize("name", [s.name for s in transcripts.SETTINGS if s.name not in APART])
async def test_the_committed_transcript_is_what_the_game_says_now(name: str, tmp_path: Path) -> None:
    await check_transcript(name, tmp_path)


async def check_transcript(name: str, tmp_path: Path) -> None:
    s = transcripts.setting(name)
    text = await transcripts.transcript(s, db_dir=tmp_path)
    committed = transcripts.path_of(ROOT, s)
    assert committed.is_file(), f"no {committed.relative_to(ROOT)}: run `stumpbot transcripts {name}`"
    assert text.splitlines()[4].endswith("the game is finished."), "a transcript is a whole game"
    assert "\n- 🖼 board `" in text, "the pictures are drawn and referenced"
    assert text == committed.read_text(encoding="utf-8"), (
        f"{committed.relative_to(ROOT)} differs from what the game says now: run `stumpbot transcripts {name}` and "
        "read the diff")


def test_every_setting_has_its_transcript_and_nothing_else_is_there() -> None:
    folder = ROOT / "docs" / "transcripts"
    assert sorted(p.stem for p in folder.glob("*.md") if p.stem != "README") == sorted(s.name for s in transcripts.SETTINGS)
    # the pictures are referenced, never committed: `python -m bot.tables.transcripts --images DIR` writes them elsewhere
    assert sorted(p.name for p in folder.iterdir() if p.suffix != ".md") == ["settings.yaml"]
