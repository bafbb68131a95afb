"""Turn captions and close-ups through Discord: a finished turn's channel post starts with one line of what it changed, and
a map game's post carries the close-up of those states as its second attachment (alt text on both).

A two-player Campaign Trail game is played from the players' DM buttons. The test keeps its own record of the
public board at each post and checks every caption against it: the line is exactly what the public views say
changed since the board the channel last saw — a turn's several steps included."""
from __future__ import annotations

import random
import re

from simworld import RENDER, World, journal_len, open_lobby, seeded_bot, walk_to_move

from bot.present import for_ruleset
from bot.present.changes import summarise

GAME_SEED = 20261124
MOVES = 60  # five captioned posts (two parties in one caption, "takes", "and 3 more") and a quiet one


simcord_bot = seeded_bot(GAME_SEED)


async def _public_tally(w: World, game_id: int):  # noqa: ANN202
    record, view = await w.manager.views.view(game_id, None)
    return for_ruleset(record.ruleset).tally(view)


async def test_a_turn_post_leads_with_its_caption_and_carries_its_closeup(world: World) -> None:
    w = world
    players = [w.alice, w.bob]
    game_id = await open_lobby(w, "campaign_trail", players)
    seat_of = {str(s.user_id): s.seat for s in await w.manager.store.list_seats(game_id)}
    rng = random.Random(GAME_SEED)
    shown = await _public_tally(w, game_id)
    captioned = closeups = quiet = 0
    for _ in range(MOVES):
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        if not owing or (await w.manager.views.game(game_id)).status != "active":
            break
        member = rng.choice(owing)
        mark = w.public_mark()
        before = await journal_len(w, game_id)
        await walk_to_move(w, member, game_id, rng)
        assert await journal_len(w, game_id) == before + 1
        new = w.public_since(mark)
        if not new:
            continue  # a step of a turn in progress: nothing posted, the caption will cover it
        now = await _public_tally(w, game_id)
        expected = summarise(shown, now, seat_of[str(member.id)])
        shown = now
        post = new[-1]  # the board post: the one with the picture (a long text is split before it)
        text = "\n".join(m.content or "" for m in new)
        pngs = [a for a in post.attachments if a.filename.endswith(".png")]
        if expected is None:
            assert not any(a.filename.startswith("closeup-") for a in pngs), "no close-up when the map did not change"
            quiet += 1
            continue
        assert text.split("\n", 1)[0] == expected, (text[:200], expected)
        captioned += 1
        if RENDER:
            assert [a.filename.startswith("closeup-") for a in pngs] == [False, True], [a.filename for a in pngs]
            assert all(a.description for a in pngs), "both pictures carry alt text"
            closeup_alt = pngs[1].description
            assert "close-up" in closeup_alt and all(code in closeup_alt for code in re.findall(r"\b[A-Z]{2}\b", expected))
            closeups += 1
    assert captioned >= 5, captioned
    assert quiet >= 1, "some posts (setup choices) change nothing on the map"
    if RENDER:
        assert closeups == captioned
