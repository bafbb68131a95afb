"""Discord niceties: `/game new` suggests the chosen game's own seats and options, `/game join`
the lobby's free seats, and `/game board` (which posts in the channel) has a per-member cooldown."""
from __future__ import annotations

from simworld import World, open_game


async def test_new_suggests_the_chosen_games_own_options_and_seats(world: World) -> None:
    w = world
    typed = await w.alice.autocomplete(w.channel, "game new", "options", "", ruleset="campaign_trail")
    values = [c["value"] for c in typed]
    assert "dirty=on" in values and "parties=DEM,LIB" in values
    assert not any(v.startswith(("theatrics", "era", "vp")) for v in values), "another game's words"
    typed = await w.alice.autocomplete(w.channel, "game new", "options", "dirty=on pa", ruleset="campaign_trail")
    assert [c["value"] for c in typed] == ["dirty=on parties=DEM,REP", "dirty=on parties=DEM,LIB", "dirty=on parties=REP,LIB"]
    assert [c["value"] for c in await w.alice.autocomplete(w.channel, "game new", "options", "", ruleset="electioneer")] \
        == ["theatrics=0", "theatrics=1", "theatrics=3", "hints=on"]
    typed = await w.alice.autocomplete(w.channel, "game new", "options", "theatrics=1 h", ruleset="electioneer")
    assert [c["value"] for c in typed] == ["theatrics=1 hints=on"]
    typed = await w.alice.autocomplete(w.channel, "game new", "options", "hints=on ", ruleset="electioneer")
    assert [c["value"] for c in typed] == ["hints=on theatrics=0", "hints=on theatrics=1", "hints=on theatrics=3"]
    many = await w.alice.autocomplete(w.channel, "game new", "options", "", ruleset="campaign_trail")
    assert len(many) <= 25 and many[-1]["value"] == "hints=on", "room is kept for hints among many options"
    seats = await w.alice.autocomplete(w.channel, "game new", "seat", "k", ruleset="nineteen_sixty")
    assert [c["value"] for c in seats] == ["KEN"]

    # An option picked from the suggestions opens the lobby with it.
    r = w.record(await w.alice.slash(w.channel, "game new", ruleset="electioneer", options="theatrics=1"))
    assert r.ephemeral
    record = (await w.manager.views.games_of(str(w.alice.id)))[0].record
    assert record.options.get("theatrics") == 1
    free = await w.bob.autocomplete(w.channel, "game join", "seat", "")
    assert [c["value"] for c in free] == ["REP"], "the host's seat is taken"


async def test_board_has_a_per_member_cooldown(world: World) -> None:
    w = world
    game_id = await open_game(w)
    posts = len(w.public())
    first = await w.alice.slash(w.channel, "game board", game=game_id)
    assert len(w.public()) == posts + 1, first
    again = await w.alice.slash(w.channel, "game board", game=game_id)
    assert again.ephemeral and "once every 60 s" in again.response.content
    assert len(w.public()) == posts + 1, "the refusal posts nothing"
    other = await w.bob.slash(w.channel, "game board", game=game_id)  # another member is not held back
    assert len(w.public()) == posts + 2, other
