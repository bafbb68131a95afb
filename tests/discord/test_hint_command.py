"""`/game hint` through the real discord.py (SimCord): refused privately in a server game opened without the option,
and a server game opened with `hints=on` said in its lobby to be unrated, then given a hint; refused by DM in a
game opened without the option; in a
game by DM opened with `hints=on`, three moves with their shares, privately; the game's log notes that a hint was
asked for, and nothing of what it said is posted anywhere."""
from __future__ import annotations

import re

from simworld import World, message_text, open_game, private, thinking_bot



simcord_bot = thinking_bot(30)  # a hint's search of a few iterations


async def test_a_server_game_gives_hints_only_with_the_option_and_is_then_unrated(world: World) -> None:
    w = world
    game_id = await open_game(w)
    mark = w.public_mark()
    r = w.record(await w.alice.slash(w.channel, "game hint", game=game_id))
    assert r.ephemeral and "Hints are off" in r.response.content, r.response.content
    assert not w.public_since(mark), "a refusal posts nothing in the channel"
    r = w.record(await w.alice.slash(w.channel, "game new", options="hints=on"))
    assert r.ephemeral and "Hints are on, so this game is not rated." in r.response.content, r.response.content
    lobby = w.public()[-1]
    options = next(f.value for f in lobby.embeds[0].fields if f.name == "Options")
    assert options == "hints: on (so the game is not rated)", options
    hinted = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Start"))
    mark = w.public_mark()
    r = w.record(await w.alice.slash(w.channel, "game hint", game=hinted))
    assert r.ephemeral and r.response.content.count("of the search") == 3, r.response.content
    assert not w.public_since(mark), "the hint itself is posted nowhere"
    r = w.record(await w.bob.slash(w.channel, "game concede", game=hinted))
    assert any("This game is not rated: hints were on." in m.content for m in w.public_since(mark))
    assert await w.manager.store.player_ratings(str(w.guild.id), str(w.alice.user.id)) == []


async def test_a_hint_by_dm_shows_three_moves_privately_and_the_log_notes_it(world: World) -> None:
    w = world
    alice = w.alice
    r = w.record(await alice.user.slash("game new", ruleset="campaign_trail", options="ai=REP,LIB"))
    plain = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    r = w.record(await alice.user.slash("game hint", game=plain))
    assert private(r) and "Hints are off" in r.response.content and "hints=on" in r.response.content

    r = w.record(await alice.user.slash("game new", ruleset="campaign_trail", options="ai=REP,LIB hints=on"))
    assert private(r) and "has started here" in r.response.content, r.response.content
    game_id = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    r = w.record(await alice.user.slash("game hint", game=game_id))  # the first decision: two candidates
    assert private(r) and len(re.findall(r"^\d\. ", r.response.content, re.M)) == 2, r.response.content
    _, _, decision = await w.manager.views.decision(game_id, str(alice.id))
    await w.manager.games.submit(game_id, str(alice.id), decision.options[0].action.notation())
    posts_before = [message_text(m) for m in w.dms(alice) if not m.flags.ephemeral]
    r = w.record(await alice.user.slash("game hint", game=game_id))
    assert private(r)
    text = r.response.content
    assert text.startswith("💡 Hint for **DEM**"), text
    suggested = re.findall(r"^\d\. .*\(`([^`]+)`\): \d+% of the search", text, re.M)
    assert len(suggested) == 3, text
    record = await w.manager.views.game(game_id)
    assert record.options.get("hints") is None  # the ruleset's options never hold it

    r = w.record(await alice.user.slash("game log", game=game_id))
    log = message_text(r.response)
    assert log.count("💡 DEM asked for a hint.") == 2, log
    assert not any(f"`{s}`" in log for s in suggested), "the log says a hint was asked for, never what it said"
    posts_after = [message_text(m) for m in w.dms(alice) if not m.flags.ephemeral]
    news = [p for p in posts_after if p not in posts_before and "Hint for" in p]
    assert all(p == text for p in news), "the hint itself is the only message with its content"
    assert not w.public(), "nothing of a DM game is posted in a server channel"
