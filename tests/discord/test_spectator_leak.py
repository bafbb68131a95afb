"""Spectators leak nothing, the Discord side of tests/engine/test_leaks.py and
tests/service/test_campaign_trail_leak.py: Carol, who is not seated, follows a whole Electioneer US game
each turn. Every DM she got is a copy of a channel post — the same content, the same image bytes — with
no buttons or embeds, and none names a policy that is not public at that moment (every hand card is)."""
from __future__ import annotations

import re

from engine.core.rng import Rng
from simworld import RENDER, World, game_state, message_text, open_game, policies


def _hidden(state) -> set[str]:
    """Every policy card no one has shown: the hands (and the decks)."""
    return {c for player in state.players.values() for c in (*player.hand, *player.deck)}


def _names(text: str, cards: set[str]) -> set[str]:
    table = policies()
    return {c for c in cards if re.search(rf"\b{re.escape(c)}\b", text) or table[c].name in text}


async def test_a_spectator_following_a_whole_game_gets_only_copies_of_channel_posts(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=336)
    r = w.record(await w.carol.slash(w.channel, "game follow", game=game_id, mode="turn"))
    assert r.ephemeral and f"You follow game #{game_id}" in r.response.content
    hands_seen = 0
    checked = 0
    for i in range(2000):
        if (await w.manager.views.game(game_id)).status != "active":
            break
        seat = (await w.manager.views.owing(game_id))[0]
        await w.manager.games.bot_move(game_id, seat, Rng(1000 + i))
        state = await game_state(w, game_id)
        hidden = _hidden(state)
        hands_seen += sum(len(p.hand) for p in state.players.values())
        for message in w.dms(w.carol)[checked:]:
            assert not _names(message_text(message), hidden), message.content[:200]
        checked = len(w.dms(w.carol))
    assert (await w.manager.views.game(game_id)).status == "finished" and hands_seen

    channel = [m for m in w.public() if not m.flags.ephemeral]
    copies = w.dms(w.carol)
    assert len(copies) >= 10 and any("wins" in m.content for m in copies[-3:])
    by_content: dict[str, list] = {}
    for m in channel:
        by_content.setdefault(m.content, []).append(m)
    images = 0
    for dm in copies:
        assert not dm.embeds and not dm.components, "a copy carries no hand, no buttons"
        assert dm.content in by_content, f"not a channel post: {dm.content[:200]}"
        if dm.attachments:
            mine = await dm.attachments[0].read()
            originals = [await a.read() for m in by_content[dm.content] for a in m.attachments]
            assert mine in originals, "the image is the channel's, byte for byte"
            images += 1
    assert images or not RENDER
    # …and every channel post since the follow reached her: the last one with the result, then nothing more.
    assert await w.manager.store.followers(game_id) == []
