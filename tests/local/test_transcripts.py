"""The transcripts in docs/transcripts/ are what the game says now: each is regenerated from its seeded
game through the manager and compared with the committed file, so a change to what players read is a change
to a transcript, seen in review — the pictures' alt texts and sizes included, so each is drawn as the bot draws it.
`stumpbot transcripts` rewrites them.

The same game's DMs are short enough for a phone and in words: 95% of them are at most 2,000 characters, their
buttons and menus named in words. A DM is counted as SimCord counts it (tests/discord/housemate.py `shown_text`: its
embeds, its buttons' labels, its menus' placeholders, entries and their descriptions), over each prompt
ui.hand_message makes, before the Discord table adds the jump link to the table's latest post (about 130 characters
more on a prompt owing a move). A whole game as the issue measures it (every version of every DM, the link
included) is played through SimCord for 1960 in tests/discord/test_dm_lengths.py. Both checks read one play of the
game (tests/transcript_games.py)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import discord
import pytest

from bot.discord import ui
from bot.present import coach
from bot.tables import transcripts
from tests.transcript_games import transcript_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "discord"))
from housemate import shown_text  # noqa: E402 — SimCord's measure of what a message shows, not a second copy

ROOT = Path(__file__).resolve().parents[2]


# The two longest games have files of their own (test_transcripts_campaign_trail.py, …_presidential_election.py):
# the suite gives each file to one worker (--dist loadfile, pyproject.toml), and seven whole games in one file were
# the longest chain of the run on a busy machine.
APART = ("campaign_trail", "presidential_election")
HERE = [s.name for s in transcripts.SETTINGS if s.name not in APART]


@pytest.mark.parametrize("name", HERE)
def test_the_committed_transcript_is_what_the_game_says_now(name: str) -> None:
    check_transcript(name)


@pytest.mark.parametrize("name", HERE)
def test_dms_are_short_and_their_menus_in_words(name: str) -> None:
    check_dms(name)


def check_transcript(name: str) -> None:
    s = transcripts.setting(name)
    text = transcript_game(name).text
    committed = transcripts.path_of(ROOT, s)
    assert committed.is_file(), f"no {committed.relative_to(ROOT)}: run `stumpbot transcripts {name}`"
    # a whole game, or a lesson to its end point (its file's), where the game goes on without the coach
    ends = "the game goes on without the coach." if s.learn and coach.lesson(s.ruleset).end else "the game is finished."
    assert text.splitlines()[4].endswith(ends), "a transcript is a whole game, or a whole lesson"
    assert "\n- 🖼 board `" in text, "the pictures are drawn and referenced"
    assert text == committed.read_text(encoding="utf-8"), (
        f"{committed.relative_to(ROOT)} differs from what the game says now: run `stumpbot transcripts {name}` and "
        "read the diff")


DM_P95 = 2000  # characters a phone shows without much scrolling
VERB_ONLY = re.compile(r"^[a-z_]+ …$")  # a menu entry named by its notation: "swap …", "state …"


def visible(embeds: list[discord.Embed], view: discord.ui.View | None) -> str:
    """What Discord shows of the DM, counted as SimCord counts it: its embeds and its components' labels,
    placeholders, entries and their descriptions."""
    return shown_text({"embeds": [e.to_dict() for e in embeds],
                       "components": view.to_components() if view is not None else []})


def check_dms(name: str) -> None:
    lengths, notation = [], set()
    for brief in transcript_game(name).briefs:
        embeds, view = ui.hand_message(brief)
        lengths.append(len(visible(embeds, view)))
        for item in (view.children if view is not None else []):
            d = item.to_component_dict()
            names = [str(d.get("label") or ""), str(d.get("placeholder") or ""),
                     *(o["label"] for o in d.get("options") or [])]
            notation |= {n for n in names if VERB_ONLY.match(n) or n.startswith("Choose: ") and "_" in n}
    lengths.sort()
    assert len(lengths) > 20
    p95 = lengths[min(len(lengths) - 1, int(0.95 * len(lengths)))]  # as the bench takes it
    assert p95 <= DM_P95, f"{name}: DM p95 {p95} characters (max {lengths[-1]})"
    assert not notation, f"{name}: menus named by notation: {sorted(notation)}"


def test_every_setting_has_its_transcript_and_nothing_else_is_there() -> None:
    folder = ROOT / "docs" / "transcripts"
    assert sorted(p.stem for p in folder.glob("*.md") if p.stem != "README") == sorted(s.name for s in transcripts.SETTINGS)
    # the pictures are referenced, never committed: `python -m bot.tables.transcripts --images DIR` writes them elsewhere
    assert sorted(p.name for p in folder.iterdir() if p.suffix != ".md") == ["settings.yaml"]
