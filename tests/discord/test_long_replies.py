"""Long replies are split, never cut: `/game help` and `/game status` for every ruleset at its
largest table, through the real discord.py: every line of the help and of the board text reaches the player
whole, over as many fields, embeds and messages as it takes, and every message is within Discord's limits."""
from __future__ import annotations

import pytest

from bot.present import text as plain
from bot.discord import info_flows, limits
from engine import registry
from simworld import World, open_lobby

CODE = "```"


def messages_of(result) -> list:
    return [m for m in [result.response, *result.followups] if m is not None]


def within_limits(message) -> None:
    assert len(message.embeds) <= limits.EMBEDS_PER_MESSAGE
    assert sum(len(e) for e in message.embeds) <= limits.EMBED_TOTAL
    for embed in message.embeds:
        assert len(embed.fields) <= limits.EMBED_FIELDS
        assert len(embed.description or "") <= limits.EMBED_DESCRIPTION
        for f in embed.fields:
            assert len(f.value) <= limits.EMBED_FIELD_VALUE and len(f.name) <= limits.EMBED_FIELD_NAME
            assert not f.value.rstrip("`\n").endswith(limits.ELLIPSIS), f"a cut field: {f.name}"


def fields_named(messages: list, name: str) -> list[str]:
    """The values of the fields called `name` or "name (i/n)", in order, over every embed of every message."""
    return [f.value for m in messages for e in m.embeds for f in e.fields
            if f.name == name or (f.name.startswith(f"{name} (") and f.name.endswith(")"))]


def unwrapped(value: str) -> str:
    assert value.startswith(f"{CODE}\n") and value.endswith(f"\n{CODE}"), value[:40]
    return value[len(CODE) + 1:-len(CODE) - 1]


@pytest.mark.parametrize("ruleset", list(registry.RULESETS))
async def test_help_and_status_reach_the_player_whole_at_the_largest_table(world: World, ruleset: str) -> None:
    w = world
    rules = registry.get(ruleset)
    players = [w.alice, w.bob, w.carol] + [w.guild.add_member(w.env.create_user(f"player{i}")) for i in range(3)]
    game_id = await open_lobby(w, ruleset, players[:rules.max_seats])

    help_result = await w.alice.slash(w.channel, "game help", ruleset=ruleset)
    help_messages = messages_of(help_result)
    for message in help_messages:
        within_limits(message)
    descriptions = "\n".join(e.description or "" for m in help_messages for e in m.embeds)
    how_to = "\n".join(fields_named(help_messages, "Playing here"))
    for line in rules.help_text().splitlines():
        assert line.strip() in descriptions + how_to, f"help lost: {line!r}"
    for line in info_flows.how_to(ruleset).splitlines():
        assert line in how_to.splitlines(), f"how to play lost: {line!r}"

    status_result = await w.carol.slash(w.channel, "game status", game=game_id)
    status_messages = messages_of(status_result)
    for message in status_messages:
        within_limits(message)
    _, view = await w.manager.views.view(game_id, None)
    board = plain.board_text(view)
    shown = [unwrapped(v) for v in fields_named(status_messages, "Board")]
    assert "\n".join(shown).split() == board.split(), "the board text is not shown whole"
    assert all(line in board.splitlines() for piece in shown for line in piece.splitlines()), "a board line was split"
