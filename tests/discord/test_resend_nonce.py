"""A channel post sent again is the same message (exactly once across processes and crashes).

A deliverer can die after Discord accepted a post and before marking its outbox row sent; the row is then sent
again by whoever claims it next (another process once the lease ran out, or this one after a restart). Each
part of a post goes out with a nonce made from its outbox row, and discord.py sends it with `enforce_nonce`, so
Discord answers a repeat within its window with the first message instead of posting twice. SimCord does not
model that answer; this test checks what the bot sends through the real discord.py: the same nonce both times,
enforced, and a different one for every other row.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Any

from simworld import World, open_game, type_a_move


def _payload(params: Any) -> dict:
    if params.payload is not None:
        return params.payload
    part = next(p for p in params.multipart if p.get("name") == "payload_json")
    return json.loads(part["value"])


async def test_a_post_sent_again_carries_the_same_enforced_nonce(world: World) -> None:
    w = world
    sent: list[tuple[int, dict]] = []
    real = w.bot.http.send_message

    def spy(channel_id: Any, *, params: Any) -> Any:
        sent.append((int(channel_id), _payload(params)))
        return real(channel_id, params=params)

    w.bot.http.send_message = spy  # discord.py's own request, recorded on its way to SimCord
    game_id = await open_game(w)
    await type_a_move(w, w.alice if (await w.manager.views.owing(game_id)) == ["DEM"] else w.bob)
    rows = [r for r in await w.manager.store.outbox_for_game(game_id) if r.audience == "public" and r.kind == "board"]
    assert len(rows) >= 2 and all(r.sent_at is not None for r in rows)
    board = [p for c, p in sent if c == w.channel.id and p.get("nonce", "").startswith("o")]
    nonces = [p["nonce"] for p in board]
    assert all(p.get("enforce_nonce") is True for p in board), "Discord refuses a repeat only when told to"
    assert {f"o{r.id}.0" for r in rows} <= set(nonces) and len(nonces) == len(set(nonces)), nonces

    # The deliverer "died" after sending the last board post: its row is unsent again, and the next flush resends.
    last = rows[-1]
    first_send = next(p for p in board if p["nonce"] == f"o{last.id}.0")
    with sqlite3.connect(w.manager.store.path) as db:
        db.execute("UPDATE outbox SET sent_at = NULL, claimed_by = NULL, claimed_until = NULL WHERE id = ?", (last.id,))
    before = len(sent)
    await w.manager.delivery.flush()
    again = [p for c, p in sent[before:] if c == w.channel.id and p.get("nonce") == f"o{last.id}.0"]
    assert len(again) == 1 and again[0]["enforce_nonce"] is True, sent[before:]
    assert again[0].get("content") == first_send.get("content"), "the same post, under the same nonce"
