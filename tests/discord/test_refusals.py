"""Refusals are private and change nothing: a non-player's clicks and commands, a stale button,
a double click, the lobby's host-only buttons."""
from __future__ import annotations

from simworld import World, custom_ids, journal_len, latest_prompt, open_game


def _board_post(w: World):
    return next(m for m in reversed(w.public()) if any(c["custom_id"].endswith(":hand") for c in custom_ids(m)))


async def test_non_player_is_refused_privately(world: World) -> None:
    w = world
    r = w.record(await w.alice.slash(w.channel, "game new"))
    lobby = w.public()[-1]
    # A non-player can't start or cancel someone else's lobby.
    for label in ("Start", "Cancel game"):
        r = await w.carol.click(lobby, label=label)
        assert r.acknowledged and r.ephemeral and "host" in r.response.content
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Start"))
    game_id = 1
    before = await journal_len(w, game_id)
    public_before = len(w.public())

    r = await w.carol.click(_board_post(w), custom_id=f"g:{game_id}:hand")
    assert r.ephemeral and "not seated" in r.response.content
    r = await w.carol.slash(w.channel, "move", notation="discard D01", game=game_id)
    assert r.ephemeral and "not seated" in r.response.content
    r = await w.carol.slash(w.channel, "game hand")
    assert r.ephemeral and "aren't playing" in r.response.content
    r = await w.carol.slash(w.channel, "game concede", game=game_id)
    assert r.ephemeral and "not seated" in r.response.content
    r = await w.carol.slash(w.channel, "game abandon", game=game_id)
    assert r.ephemeral and "host" in r.response.content

    assert await journal_len(w, game_id) == before
    assert len(w.public()) == public_before, "refusals post nothing in the channel"
    assert (await w.manager.views.game(game_id)).status == "active"


async def test_stale_button_is_refused_with_fresh_choices(world: World) -> None:
    w = world
    game_id = await open_game(w)
    # Bob looks at his hand in the channel (ephemeral, with buttons at move 0)...
    r = w.record(await w.bob.slash(w.channel, "game hand"))
    assert r.ephemeral
    old = r.response
    old_ids = [c["custom_id"] for c in custom_ids(old) if ":0:a:" in c["custom_id"]]
    assert old_ids
    # ...then Alice moves (from her DM), so move 0's buttons are stale.
    prompt = latest_prompt(w, w.alice, game_id)
    first = next(c["custom_id"] for c in custom_ids(prompt) if ":0:a:" in c["custom_id"])
    r = w.record(await w.alice.user.click(prompt, custom_id=first))
    assert "✅" in r.response.content
    before = await journal_len(w, game_id)

    r = await w.bob.click(old, custom_id=old_ids[0])
    assert r.acknowledged and r.ephemeral
    assert "board has changed" in r.response.content
    fresh = [c["custom_id"] for c in custom_ids(r.response) if c["custom_id"].startswith(f"g:{game_id}:1:")]
    assert fresh, "a fresh set of choices comes with the refusal"
    assert await journal_len(w, game_id) == before

    # Bob's DM buttons were kept current by the table: they carry the new move number and work.
    dm = latest_prompt(w, w.bob, game_id)
    dm_ids = [c["custom_id"] for c in custom_ids(dm) if ":a:" in c["custom_id"]]
    assert dm_ids and all(i.startswith(f"g:{game_id}:1:") for i in dm_ids)
    r = w.record(await w.bob.user.click(dm, custom_id=dm_ids[0]))
    assert "✅" in r.response.content
    assert await journal_len(w, game_id) == before + 1


async def test_a_double_click_applies_once(world: World) -> None:
    w = world
    game_id = await open_game(w)
    r = w.record(await w.bob.slash(w.channel, "game hand"))
    button = next(c["custom_id"] for c in custom_ids(r.response) if ":0:a:" in c["custom_id"])
    first = await w.bob.click(r.response, custom_id=button)
    assert "✅" in first.response.content
    again = await w.bob.click(r.response, custom_id=button)
    assert again.ephemeral and "board has changed" in again.response.content
    assert await journal_len(w, game_id) == 1


async def test_illegal_typed_move_says_what_is_legal(world: World) -> None:
    w = world
    game_id = await open_game(w)
    r = await w.alice.slash(w.channel, "move", notation="ready")
    assert r.ephemeral and "not something you can do now" in r.response.content and "discard" in r.response.content
    r = await w.alice.slash(w.channel, "move", notation="fly to the moon")
    assert r.ephemeral and "not an Electioneer move" in r.response.content
    assert await journal_len(w, game_id) == 0
