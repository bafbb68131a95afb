"""Fixtures: a SimCord world around the real bot (see simworld.py for the helpers)."""
from __future__ import annotations

import pytest
from simcord.http import router
from simworld import World, make_bot


def _pins_need_pin_messages() -> None:
    """Bring SimCord's Discord up to date: since 2026-02-23 pinning and unpinning need Pin Messages, which Discord
    split out of Manage Messages (SimCord 3.2 still checks Manage Messages)."""
    for template, handler in router._ROUTES.get("PUT", []) + router._ROUTES.get("DELETE", []):
        if template[-2:] == ["pins", "{message_id}"] and not getattr(handler, "pin_messages", False):
            pin = handler.__name__ != "unpin_message"

            def checked(ctx, _pin=pin):  # noqa: ANN001, ANN202 — SimCord's handler shape
                channel = ctx.require_channel_permissions(ctx.int_arg("channel_id"), "pin_messages")
                ctx.require_message(channel.id, ctx.int_arg("message_id"))
                ctx.backend.set_pinned(channel.id, ctx.int_arg("message_id"), _pin)

            checked.pin_messages = True  # type: ignore[attr-defined]
            template_routes = router._ROUTES["PUT" if pin else "DELETE"]
            template_routes[template_routes.index((template, handler))] = (template, checked)


_pins_need_pin_messages()

# How long SimCord waits, in real seconds, for the bot's work to settle (its own default is 5 s). The suite must
# pass on a busy 2-core machine, where a store thread or a render can be kept waiting for more than 5 s; a test
# that is truly stuck still fails, and pytest-timeout stays the outer net.
SETTLE_SECONDS = 45.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()):
            marker = item.get_closest_marker("simcord")
            own = dict(marker.kwargs) if marker else {}
            item.add_marker(pytest.mark.simcord(**{"settle_timeout": SETTLE_SECONDS, **own}))


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "stumpbot.sqlite3"


@pytest.fixture
async def simcord_bot(db_path):
    bot = make_bot(db_path)
    yield bot
    if bot.store is not None:
        await bot.store.close()


@pytest.fixture
def world(simcord_env) -> World:
    env = simcord_env
    guild = env.create_guild("Election Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    return World(env=env, bot=env.bot, guild=guild, channel=channel, alice=alice, bob=bob, carol=carol)


