"""Pings in the game's channel, through the real discord.py (SimCord): a decision's DM is its notice, so a channel
post pings only a player whose DMs are closed, or who chose channel pings with /reminders — one ping per decision,
and never the player whose move the post shows. The "To move" line still names whoever is to move."""
from __future__ import annotations

import random

from simworld import World, message_text, move_by_manager, open_game

from bot.discord.table import NUDGE


def _close_dms(w: World, member) -> None:
    w.env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=None)


def pings_since(w: World, mark: int) -> list[tuple[str, set[int]]]:
    """Each channel message after `mark`: its content and the users it notified (SimCord's pings: the mentions
    that allowed_mentions let through)."""
    out = []
    for ch in w._public_channels():
        for i, m in sorted(w.env.backend.messages.get(ch, {}).items()):
            if i > mark:
                out.append((m.content or "", set(m.ping_user_ids)))
    return out


async def play(w: World, game_id: int, moves: int, seed: int) -> list[tuple[int, list[tuple[str, set[int]]]]]:
    """Moves by their players, for whoever owes (each a player's own move); per move, who made it and what the
    channel got."""
    rng = random.Random(seed)
    members = {str(m.id): m for m in (w.alice, w.bob)}
    holders = {s.seat: s.user_id for s in await w.manager.store.list_seats(game_id)}
    out = []
    for _ in range(moves):
        owing = await w.manager.views.owing(game_id)
        if not owing:
            break
        mover = members[holders[rng.choice(owing)]]
        mark = w.public_mark()
        await move_by_manager(w, mover, game_id, rng)
        out.append((mover.id, pings_since(w, mark)))
    return out


async def test_nobody_whose_dms_work_is_pinged_and_the_line_names_who_is_to_move(world: World) -> None:
    w = world
    mark = w.public_mark()
    game_id = await open_game(w)
    start = pings_since(w, mark)
    moves = await play(w, game_id, 24, seed=2)
    posted = start + [p for _, got in moves for p in got]
    assert not [(text, users) for text, users in posted if users], "a channel post pinged a player whose DMs work"
    lines = [text for text, _ in posted if "**To move:**" in text]
    assert lines and not any("<@" in line for line in lines)
    names = {s.display_name for s in await w.manager.store.list_seats(game_id)}
    assert all(any(f"{n} (" in line for n in names) for line in lines)


def _pings_of(moves: list, player: int, *, never: int) -> int:
    """How often `player` was pinged over `moves` (mover, [(text, pinged users)] per move), checking that he was
    pinged at most once a decision, never after his own move, and that `never` was never pinged."""
    pinged = 0
    for mover, got in moves:
        pings = [text for text, users in got if player in users]
        assert len(pings) <= 1, pings
        assert not (mover == player and pings), "the player who just moved was pinged"
        assert not any(never in users for _, users in got), f"{never} was pinged"
        pinged += len(pings)
    return pinged


async def test_a_player_with_closed_dms_is_pinged_once_per_decision_never_for_his_own_move(world: World) -> None:
    w = world
    _close_dms(w, w.bob)
    mark = w.public_mark()
    game_id = await open_game(w)
    start = pings_since(w, mark)
    # the first DM fails: the nudge tells him where to look, with the one ping
    assert [text for text, users in start if users] == [NUDGE.format(user=w.bob.id)]
    moves = await play(w, game_id, 24, seed=4)
    assert _pings_of(moves, w.bob.id, never=w.alice.id) >= 2, "Alice's DMs work: only Bob is pinged"
    assert len([t for _, got in moves for t, _ in got if "can't DM you" in t]) == 0, "he was told where to look once"


async def test_a_player_who_chose_channel_pings_is_pinged_but_not_for_his_own_move(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "reminders", channel_pings=True)
    assert r.ephemeral and "Channel pings: on" in message_text(r.response)
    game_id = await open_game(w)
    moves = await play(w, game_id, 24, seed=6)
    assert _pings_of(moves, w.alice.id, never=w.bob.id) >= 2, "Bob did not choose channel pings: only Alice is"
    alice = next(s.display_name for s in await w.manager.store.list_seats(game_id) if s.user_id == str(w.alice.id))
    assert any(mover == w.alice.id and any(f"{alice} (" in t for t, _ in got)
               for mover, got in moves), "after her own move she is named, not pinged"

    r = await w.alice.slash(w.channel, "reminders", channel_pings=False)
    assert "Channel pings: off" in message_text(r.response)
    moves = await play(w, game_id, 6, seed=7)
    assert not [users for _, got in moves for _, users in got if users]
