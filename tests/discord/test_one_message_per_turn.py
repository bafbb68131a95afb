"""One channel message per turn, however long its text: what happens between two decisions of people goes out as
ONE Discord message — its first lines as the content, the lines after in embeds below the board, cut only at line
breaks — with the board picture and the buttons on it, and a follower's DM copy is that same message. Only a text
longer than one message carries (2,000 characters of content and 6,000 in embeds) goes on in a second message.

A two-player Electioneer game through SimCord: three long channel notices are written before a move, so the move's
flush sends a run of about 3,800 characters of public posts (the notices, then the board post of the move)."""
from __future__ import annotations

from simworld import RENDER, World, open_game, type_a_move

from bot.discord import limits
from bot.present.posts import LINES

NOTICES = 3
LINES_EACH = 12


def _notice(n: int) -> str:
    return "\n".join(f"Notice {n}, line {i:02}: the long news of this turn, told whole and in order, one line at a "
                     f"time, to the whole table." for i in range(LINES_EACH))


def _said(message) -> list[str]:  # noqa: ANN001 - a discord.Message
    """The lines a message shows, in reading order: its content, then each embed's description."""
    parts = [message.content or "", *(e.description or "" for e in message.embeds)]
    return [line for part in parts if part for line in part.split("\n")]


def _in_order(wanted: list[str], got: list[str]) -> bool:
    it = iter(got)
    return all(any(line == g for g in it) for line in wanted)


def _within_limits(message) -> None:  # noqa: ANN001
    assert len(message.content or "") <= limits.CONTENT
    assert len(message.embeds) <= limits.EMBEDS_PER_MESSAGE
    assert sum(len(e) for e in message.embeds) <= limits.EMBED_TOTAL
    assert all(len(e.description or "") <= limits.EMBED_DESCRIPTION for e in message.embeds)


async def test_a_turn_of_3500_characters_is_one_message_with_its_board(world: World) -> None:
    w = world
    game_id = await open_game(w)
    await w.manager.community.follow(game_id, str(w.carol.id), "turn", guild_id=str(w.guild.id))
    mark = w.public_mark()
    record = await w.manager.views.game(game_id)
    for n in range(NOTICES):
        record = await w.manager.clock.retime(record, _notice(n))
    assert not w.public_since(mark), "the notices wait for the next flush"
    notices = [line for n in range(NOTICES) for line in _notice(n).split("\n")]
    assert len("\n".join(notices)) > 3300
    dms_before = len(w.dms(w.carol))

    new = []
    for _ in range(6):  # the first decision whose move finishes a turn flushes the run: one board post
        owing = await w.manager.views.owing(game_id)
        member = w.alice if "DEM" in owing else w.bob
        await type_a_move(w, member)
        new = w.public_since(mark)
        assert len(new) <= 1, [m.content[:80] for m in new]
        if new:
            break
    assert len(new) == 1
    message = new[0]
    _within_limits(message)
    said = _said(message)
    rows = [r for r in await w.manager.store.outbox_for_game(game_id) if r.audience == "public" and r.kind == "board"]
    engine = [line["text"] for r in rows[-1:] for line in (r.payload.get(LINES) or [])]
    assert engine and _in_order(notices + engine, said), said
    assert message.embeds, "the lines beyond the content go on in embeds of the same message"
    assert said[-1].startswith("**To move:**"), said[-1]  # last, above the buttons
    if RENDER:
        assert [a.filename.endswith(".png") for a in message.attachments][:1] == [True], "the board is on it"
    assert message.components, "the buttons are on it"

    copies = w.dms(w.carol)[dms_before:]
    assert len(copies) == 1 and _said(copies[0]) == said, "a follower's copy is the same one message"


def test_a_long_text_fills_one_message_before_a_second_and_loses_no_line() -> None:
    lines = [f"line {i:03}: " + "x" * 90 for i in range(100)]  # 10,000 characters: more than one message carries
    pages = limits.pages("\n".join(lines), tail="To move: <@1>")
    assert len(pages) == 2
    first = pages[0]
    assert len(first.content) <= limits.CONTENT and sum(map(len, first.descriptions)) <= limits.EMBED_TOTAL
    assert len(first.content) + sum(map(len, first.descriptions)) > limits.MESSAGE_TEXT - 300, "the first is full"
    shown = [line for p in pages for part in (p.content, *p.descriptions) for line in part.split("\n")]
    assert [line for line in shown if line != "To move: <@1>"] == lines, "every line whole, in order"
    assert pages[-1].content.endswith("\nTo move: <@1>"), "a line that pings ends the content (an embed's would not)"
    assert [p.content for p in limits.pages("\n".join(lines[:30]))] == ["\n".join(lines[:19])]  # 1,919 + 101 > 2,000
    assert limits.pages("short\ntext") == [limits.Page("short\ntext")]
    assert limits.pages("") == [] and limits.pages("", tail="To move") == [limits.Page("To move")]
