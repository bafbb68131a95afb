"""The committed transcript of Presidential Election is what the game says now, and its DMs are short and in words:
the checks of tests/local/test_transcripts.py, in a file of its own so that another worker runs it (see APART
there)."""
from __future__ import annotations

from tests.local.test_transcripts import APART, check_dms, check_transcript


def test_the_committed_transcript_is_what_the_game_says_now() -> None:
    assert "presidential_election" in APART
    check_transcript("presidential_election")


def test_dms_are_short_and_their_menus_in_words() -> None:
    check_dms("presidential_election")
