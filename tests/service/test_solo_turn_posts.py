"""Solo Play's AI turns are posted as people's turns are: each AI turn is a channel post of its own,
with its own picture of the board as that turn left it — not a block in the post of the human move that led to
it, nor a picture of the board after the turns that followed. Through the GameManager on a real SQLite file,
with the pictures really drawn.

Checked over a whole co-op game against two AI parties (each takes two turns in a row):
- every post holds at most one AI turn, and none holds the human's turn with it;
- each AI post's picture shows that turn's board: the alt text's register track equals the total the post
  says the turn registered to, and each party's Solo Play deck count drops by one from one of its posts to
  its next;
- an AI turn that placed voters is captioned with what that party changed, and the result is the last post.
"""
from __future__ import annotations

import re

from engine.core.rng import Rng
from render.campaign_trail import party_name
from tests.service.table_games import play_out, table_of

HEAD = re.compile(r"\*\*(REP|LIB) \(AI\) turn\*\* — draws Solo Play card")


async def test_each_ai_turn_is_a_post_with_its_own_picture(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM-P", "DEM-VP"], seed=4242, render=True,
                                                options={"ai": "REP,LIB", "coop": "on"})
    await play_out(manager, gid, Rng(4242), limit=3000)
    assert (await manager.views.game(gid)).status == "finished"

    ai_posts = 0
    decks: dict[str, list[int]] = {"REP": [], "LIB": []}
    captioned: set[str] = set()
    for post in table.posts:
        heads = HEAD.findall(post.text)
        assert len(heads) <= 1, f"two AI turns in one post: {post.text[:400]}"
        if not heads:
            continue
        party = heads[0]
        ai_posts += 1
        assert not re.search(r"\bDEM-(P|VP) (plays|travels|has no cards)", post.text), "a human's turn shares the post"
        assert post.picture is not None, "each AI turn has its own picture"
        alt = post.picture.alt
        if (total := re.search(r"registers \d+ voters? on the register track: (\d+) in all", post.text)):
            n = int(total.group(1))
            assert f"{party_name(party)} (AI): register track {n} voter{'s' if n != 1 else ''}" in alt, (post.text, alt)
        decks[party].append(int(re.search(rf"{party_name(party)} \(AI\): .*?(\d+) Solo Play cards? left", alt).group(1)))
        if post.text.startswith(f"{party} +"):
            captioned.add(party)
    assert ai_posts == 60, "two decks of 30, one post per card"
    for party, left in decks.items():
        assert left == list(range(29, -1, -1)), f"{party}'s deck in its posts' pictures: {left}"
    assert captioned == {"REP", "LIB"}, "an AI turn that placed voters leads with what that party changed"
    assert "wins" in table.posts[-1].text and table.posts[-1].final, "the result is the last post"
    await store.close()
