"""The one converter from what presenters and the manager write for Discord to what a terminal prints."""
from __future__ import annotations

from datetime import datetime

from bot.present.text import clip, terminal_text

NOW = 1_700_000_000


def test_discord_markdown_reads_as_plain_text() -> None:
    said = terminal_text("**Bold** *it* _it_ __under__ ~~gone~~ ||secret|| `play 3`\n-# small print\n> quoted\n"
                         "## Head\n<@local:DEM> and <@local:bot:REP>, <@123>, <@&9>, <#77>, <:star:123>\n"
                         "[the rules](https://example.org/r) <https://example.org/x>\n```\nK 3 | N 2\n```",
                         now=NOW)
    assert said.splitlines() == [
        'Bold it it under gone secret "play 3"', "small print", "quoted", "Head",
        "DEM and REP, @someone, @role, #channel, :star:", "the rules (https://example.org/r) https://example.org/x",
        "K 3 | N 2"]


def test_words_that_only_look_like_markdown_are_kept() -> None:
    for plain in ("campaign_trail and ai_deck=advanced", "ME K5* NH N1 (* carried)", "5 * 3 * 2", "a_b_c"):
        assert terminal_text(plain) == plain


def test_timestamps_read_as_local_time_or_from_now() -> None:
    assert terminal_text(f"due <t:{NOW + 7200}:R>, waiting since <t:{NOW - 90}:R>", now=NOW) == \
        "due in 2 hours, waiting since 1 minute ago"
    assert terminal_text(f"<t:{NOW}:f>") == datetime.fromtimestamp(NOW).strftime("%d %B %Y %H:%M")


def test_commands_become_the_tables_words_or_leave_with_their_sentence() -> None:
    assert terminal_text("See `/game status`, `/game log game:4 page:2`, `/card id:40` or `/move notation:play 3 "
                         "event`.") == 'See "board", "log", "card 40" or "play 3 event".'
    assert terminal_text("**Local Electioneer US** begins. Each player gets their choices privately; anyone else "
                         "can follow the game by DM with `/game follow game:4`.") == \
        "Local Electioneer US begins. Each player gets their choices privately."
    assert terminal_text("The bot plays DEM now. `/seat take seat:DEM` takes it back.") == "The bot plays DEM now."
    assert terminal_text("Offer the seat (`/seat offer`) or wait.") == "Offer the seat or wait."
    assert terminal_text("Paused: nothing runs until /clock resume. Players can still move.") == "Players can still move."
    assert terminal_text("Only `/game export` does that.") == ""  # a line of nothing but a command's sentence
    # a clause split inside parentheses is not a clause: the parenthesis stays whole
    assert terminal_text("Set (2 or 4 players; default DEM,REP) here. `/game export` it.") == \
        "Set (2 or 4 players; default DEM,REP) here."


def test_clip_shortens_at_a_word_boundary() -> None:
    text = "Move Economy one place up the Issues Track and gain momentum"
    for limit in range(12, len(text)):
        short = clip(text, limit)
        assert len(short) <= limit and short.endswith("…")
        assert text.startswith(short[:-1]) and text[len(short) - 1] == " ", short  # whole words only
    assert clip(text, len(text)) == text
