"""Solo Play's AI turns are posted as the bot seats' moves are: what happens between two decisions of people
(the human's step and the AI turns it led to) is one channel post with one picture, the board after the last of
them. Through the GameManager on a real SQLite file, with the pictures really drawn.

Checked over a whole co-op game against two AI parties (each takes two turns in a row):
- every AI turn is posted, once, each party's cards in the order drawn (none lost in the merging);
- each post has at most one picture, and it shows the board after the post's last AI turn: the alt text's
  register track of each party is the last total the post says that party registered to;
- the result is the last post.
"""
from __future__ import annotations

import re

from engine.core.rng import Rng
from render.campaign_trail import party_name
from tests.service.table_games import play_out, table_of

HEAD = re.compile(r"\*\*(REP|LIB) \(AI\) turn\*\* — draws Solo Play card")


async def test_the_ai_turns_go_out_in_the_post_of_the_step_that_led_to_them(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM-P", "DEM-VP"], seed=4242, render=True,
                                                options={"ai": "REP,LIB", "coop": "on"})
    await play_out(manager, gid, Rng(4242), limit=3000)
    assert (await manager.views.game(gid)).status == "finished"

    turns: dict[str, list[int]] = {"REP": [], "LIB": []}
    for post in table.posts:
        for party, card in re.findall(r"\*\*(REP|LIB) \(AI\) turn\*\* — draws Solo Play card (\d+)", post.text):
            turns[party].append(int(card))
        if not HEAD.search(post.text):
            continue
        assert post.picture is not None, "the post of AI turns shows the board"
        for party in ("REP", "LIB"):  # the picture is the board after the post's last turn
            said = re.findall(rf"{party} \(AI\) registers \d+ voters? on the register track: (\d+) in all", post.text)
            if said and not re.search(rf"{party} \(AI\) (direct action|campaigns|advertises|politicks)",
                                      post.text.split(f"{party} (AI) registers")[-1]):
                n = int(said[-1])
                assert f"{party_name(party)} (AI): register track {n} voter{'s' if n != 1 else ''}" in post.picture.alt
    assert [len(cards) for cards in turns.values()] == [30, 30], "two decks of 30, every turn posted once"
    assert all(len(set(cards)) == 30 for cards in turns.values())
    assert "wins" in table.posts[-1].text and table.posts[-1].final, "the result is the last post"
    await store.close()
