"""/stats and /leaderboard after finished games, through the real bot in a SimCord world:
each game's end posts the rating change in the channel; both commands answer privately."""
from __future__ import annotations

from simworld import World, message_text, open_game


async def test_stats_and_leaderboard_after_finished_games(world: World) -> None:
    w = world
    # nothing rated yet
    r = w.record(await w.carol.slash(w.channel, "stats"))
    assert r.ephemeral and "No rated games on this server yet." in message_text(r.response)

    # three games of Electioneer: Bob concedes twice, then Alice once
    for loser in (w.bob, w.alice, w.bob):
        game_id = await open_game(w)
        public_before = len(w.public())
        r = w.record(await loser.slash(w.channel, "game concede", game=game_id))
        assert r.ephemeral and "You conceded" in r.response.content
        posts = [m.content for m in w.public()[public_before:]]
        assert any("concedes" in p for p in posts)
        rating_post = next(p for p in posts if "📈" in p)  # the ratings line comes in the result post
        assert "Electioneer US ratings on this server" in rating_post and "DEM (alice)" in rating_post
        if game_id == 1:
            r = w.record(await w.carol.slash(w.channel, "leaderboard", ruleset="electioneer"))
            assert r.ephemeral and "Nobody has 3 rated games of Electioneer US" in message_text(r.response)

    public = len(w.public())
    r = w.record(await w.alice.slash(w.channel, "stats"))
    assert r.ephemeral
    (embed,) = r.response.embeds
    assert embed.title == "Stats of alice on this server"
    (field,) = embed.fields
    assert field.name == "Electioneer US"
    assert "3 games, 2 wins (67%)" in field.value and "#1 on the leaderboard" in field.value
    alice_rating = int(field.value.split("Rating **")[1].split("**")[0])
    trend = field.value.split("Last changes: ")[1].split(", ")
    assert len(trend) == 3 and trend[0].startswith("+") and trend[1].startswith("−") and trend[2].startswith("+")
    assert "ordinal" in embed.footer.text

    # another member's stats, asked by someone who never played
    r = w.record(await w.carol.slash(w.channel, "stats", member=w.bob))
    (embed,) = r.response.embeds
    assert embed.title == "Stats of bob on this server"
    assert "3 games, 1 win (33%)" in embed.fields[0].value and "#2 on the leaderboard" in embed.fields[0].value

    r = w.record(await w.carol.slash(w.channel, "leaderboard", ruleset="electioneer"))
    assert r.ephemeral
    (embed,) = r.response.embeds
    assert embed.title == "Electioneer US — leaderboard of this server"
    lines = embed.description.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("1. **alice**") and f"**{alice_rating}** · 3 games, 2 wins" in lines[0]
    assert lines[1].startswith("2. **bob**") and "3 games, 1 win" in lines[1]

    # another game's leaderboard is empty; none of this was posted in the channel
    r = w.record(await w.carol.slash(w.channel, "leaderboard", ruleset="campaign_trail"))
    assert "Nobody has 3 rated games of Campaign Trail" in message_text(r.response)
    assert len(w.public()) == public

    # ratings are per server: in another server Alice has none, and its leaderboard is empty
    other_guild = w.env.create_guild("Other Place")
    other = other_guild.create_text_channel("games")
    alice_there = other_guild.add_member(w.alice.user)
    r = w.record(await alice_there.slash(other, "stats"))
    assert r.ephemeral and "No rated games on this server yet." in message_text(r.response)
    r = w.record(await alice_there.slash(other, "leaderboard", ruleset="electioneer"))
    assert "Nobody has 3 rated games" in message_text(r.response) and "alice" not in message_text(r.response)
