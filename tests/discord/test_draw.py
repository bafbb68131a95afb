"""A game that ends in a draw says "Draw" in /game status and /game log, never an empty "Winner:"."""
from __future__ import annotations

import sys
from pathlib import Path

from simworld import World

from engine import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
import toy_dice  # noqa: E402  (tests/core/toy_dice.py: a test-only ruleset whose two passes draw)


async def test_status_and_log_of_a_drawn_game(world: World, monkeypatch) -> None:
    w = world
    monkeypatch.setitem(registry.RULESETS, "toy_dice", toy_dice.RULESET)
    alice, bob = str(w.alice.user.id), str(w.bob.user.id)
    record = await w.manager.games.create("toy_dice", alice, "alice", seat="A", seed=1, channel_id=str(w.channel.id),
                                    guild_id=str(w.guild.id))
    await w.manager.games.join(record.id, bob, "bob", seat="B")
    await w.manager.games.start(record.id, alice)
    await w.manager.games.submit(record.id, alice, "pass")
    await w.manager.games.submit(record.id, bob, "pass")
    status = w.record(await w.carol.slash(w.channel, "game status", game=record.id))
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    assert fields["Result"] == "Draw — both players passed"
    log = w.record(await w.carol.slash(w.channel, "game log", game=record.id))
    assert "Draw — both players passed" in log.response.embeds[0].description
