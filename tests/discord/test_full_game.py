"""A whole Electioneer US game played by two simulated members through Discord: /game new, the
lobby buttons, the DM buttons and selects (and /move for some steps), to the declared winner.

Along the way: an image after every move; DMs and ephemeral replies hold only their own seat's
hand; no unrevealed policy reaches the channel; every interaction is acknowledged (privately)
well inside Discord's 3 seconds.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from simworld import (CHOICE, RENDER, DmLedger, World, custom_ids, journal_len, latest_prompt, message_text, post_text, open_game, policies,
                      private, is_back)


def _seq_of(component: dict) -> int | None:
    m = CHOICE.match(component["custom_id"])
    return int(m.group(2)) if m else None


def _public_cards(view: Any) -> set[str]:
    out = {c.id for cards in view.platforms.values() for c in cards}
    for state in view.states:
        out |= {c.id for c in state.played.values()}
    return out


def _mentions(text: str, card_ids: set[str]) -> set[str]:
    table = policies()
    found = set()
    for cid in card_ids:
        if re.search(rf"\b{cid}\b", text) or table[cid].name in text:
            found.add(cid)
    return found


class Referee:
    """Drives the players and checks every move's public output."""

    def __init__(self, w: World, game_id: int) -> None:
        self.w = w
        self.game_id = game_id
        self.moves = 0
        self.images = 0
        self.walked_steps = 0
        self.theatrics = 0
        self.typed = 0
        self.ledger = DmLedger(w, game_id, [w.alice, w.bob])  # the DM stays tidy

    async def owes(self, member) -> bool:
        _, _, decision = await self.w.manager.views.decision(self.game_id, str(member.id))
        return decision.owes_move

    async def act(self, member, *, typed: bool = False, theatric: bool = False, explore: bool = False) -> None:
        w = self.w
        before = await journal_len(w, self.game_id)
        seen = w.public_mark()
        _, seq, decision = await w.manager.views.decision(self.game_id, str(member.id))
        if typed:
            await self._typed(member)
        else:
            await self._click(member, seq, theatric=theatric, explore=explore,
                              extras={o.action.notation() for o in decision.extras})
        after = await journal_len(w, self.game_id)
        assert after == before + 1, "exactly one move per action"
        self.moves += 1
        await self.ledger.observe()
        await self._check_public(w.public_since(seen))

    async def _typed(self, member) -> None:
        w = self.w
        choices = await member.autocomplete(w.channel, "move", "notation", "")
        assert 0 < len(choices) <= 25
        typed = choices[0]["value"].split()[0][:3]
        narrowed = await member.autocomplete(w.channel, "move", "notation", typed)
        assert narrowed and all(typed in (c["name"] + c["value"]).lower() for c in narrowed)
        r = w.record(await member.slash(w.channel, "move", notation=narrowed[0]["value"]))
        assert r.ephemeral and "✅" in r.response.content, r.response.content
        self.typed += 1

    async def _click(self, member, seq: int, *, theatric: bool, explore: bool, extras: set[str]) -> None:
        w = self.w
        message = latest_prompt(w, member, self.game_id)
        assert message is not None, "the player has a DM with buttons"
        # The table keeps the DM's buttons on the current move number.
        assert {_seq_of(c) for c in custom_ids(message) if _seq_of(c) is not None} == {seq}
        actor = member.user  # DMs are clicked as the user, not as a guild member
        start = await journal_len(w, self.game_id)
        for _ in range(6):
            comps = [c for c in custom_ids(message) if CHOICE.match(c["custom_id"]) and not is_back(c)]
            kind = "x" if theatric else "s"
            selects = [c for c in comps if c["type"] == 3 and CHOICE.match(c["custom_id"]).group(3).startswith(kind)]
            buttons = [c for c in comps if c["type"] == 2]
            extra_buttons = [b for b in buttons
                             if any(x.startswith(b["custom_id"].split(":a:", 1)[1].removesuffix(" +")) for x in extras)]
            if theatric and selects:
                r = await actor.select(message, [selects[0]["options"][0]["value"]], custom_id=selects[0]["custom_id"])
                self.theatrics += 1
            elif theatric:
                assert extra_buttons, "the theatrics are offered"
                r = await actor.click(message, custom_id=extra_buttons[0]["custom_id"])
                self.theatrics += 1
            elif buttons:
                buttons = [b for b in buttons if b not in extra_buttons] or buttons
                groups = [b for b in buttons if b["custom_id"].endswith(" +")]
                finals = [b for b in buttons if not b["custom_id"].endswith(" +")]
                pick = groups[0] if (explore and groups) or not finals else finals[0]
                r = await actor.click(message, custom_id=pick["custom_id"])
            else:
                assert selects, f"no choice components: {comps}"
                options = selects[0]["options"]
                values = [o["value"] for o in options]
                pick = next((v for v in values if v.endswith(" +")), values[0]) if explore else values[0]
                r = await actor.select(message, [pick], custom_id=selects[0]["custom_id"])
            w.record(r)
            assert r.acknowledged and private(r)
            # The DM prompt is edited in place: no new message for a step of the walk.
            assert r.response is not None and r.response.id == message.id
            if await journal_len(w, self.game_id) > start:
                shown = message_text(r.response)
                assert "✅" in shown or shown.startswith("✓"), shown[:300]
                return
            self.walked_steps += 1
            message = r.response  # the next step of the walk, in the same message
        raise AssertionError("the walk did not reach a move in 6 steps")

    async def _check_public(self, new: list) -> None:
        assert new, "every move posts to the channel"
        if RENDER:
            pngs = [a for m in new for a in m.attachments if a.filename.endswith(".png")]
            assert pngs, "every move's post carries the board image"
            assert all(a.description for a in pngs), "the image has alt text"
            self.images += 1
        _, view = await self.w.manager.views.view(self.game_id, None)
        secret = set(policies()) - _public_cards(view)
        for message in new:
            leaked = _mentions(message_text(message), secret)
            assert not leaked, f"unrevealed policies {leaked} in a public message: {message.content[:200]}"


async def test_whole_game_through_discord(world: World) -> None:
    w = world
    game_id = await open_game(w)
    # The lobby message was updated in place and lost its buttons when the game started.
    lobby = next(m for m in w.public() if m.embeds and f"game #{game_id}" in (m.embeds[0].title or ""))
    assert "Under way" in lobby.embeds[0].description and not lobby.components
    intro = [m for m in w.public() if "begins" in m.content]
    assert intro and (not RENDER or intro[0].attachments)

    ref = Referee(w, game_id)
    await ref.ledger.observe()
    alice, bob = w.alice, w.bob
    turn = 0
    while (await w.manager.views.game(game_id)).status == "active":
        progressed = False
        for member in (alice, bob):
            if (await w.manager.views.game(game_id)).status != "active":
                break
            if not await ref.owes(member):
                continue
            turn += 1
            _, _, decision = await w.manager.views.decision(game_id, str(member.id))
            verbs = {o.action.verb for o in decision.options}
            if member is alice and ref.theatrics == 0 and decision.extras and "discard" in verbs:
                await ref.act(member, theatric=True)  # a theatric from the "Play a theatric…" select
            elif member is bob and "campaign" in verbs and turn % 2 == 0:
                await ref.act(member, typed=True)  # /move with autocomplete
            else:
                await ref.act(member, explore=("swap" in verbs or "keep" in verbs))
            progressed = True
        assert progressed, "someone always owes a move in a live game"
        assert turn < 200

    record = await w.manager.views.game(game_id)
    assert record.status == "finished" and record.result["winners"]
    winner = record.result["winners"][0]
    assert any("wins the presidency" in post_text(m) and winner in post_text(m) for m in w.public())
    assert ref.theatrics >= 1 and ref.typed >= 1 and ref.walked_steps >= 1
    if RENDER:
        assert ref.images == ref.moves
    assert ref.moves == await journal_len(w, game_id)

    # Hidden information: each player's private messages hold only their own party's policies.
    table = policies()
    mine = {"alice": {p for p in table if table[p].party == "DEM"}, "bob": {p for p in table if table[p].party == "REP"}}
    for member, own in ((alice, mine["alice"]), (bob, mine["bob"])):
        # every version of every DM (a prompt is edited in place over the game) and the ephemeral replies
        shown = w.dm_texts(member) + [message_text(m) for m in w.channel.history(viewer=member) if m.flags.ephemeral]
        text = "\n".join(shown)
        assert _mentions(text, own), "the player's own hand was delivered"
        others = set(table) - own
        assert not _mentions(text, others), f"{member.name} saw the other party's policies"

    # Acknowledge first: every interaction answered, privately, well inside 3 s (wall clock).
    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    acks = w.bot.metrics.ack_seconds
    assert len(acks) == len(w.results)
    assert max(acks) < 3.0
    print("DM messages created, decisions, idle news per player:", ref.ledger.report())
    ref.ledger.check_end()
    # DMs no longer offer buttons once the game is over.
    for member in (alice, bob):
        assert latest_prompt(w, member, game_id) is None


@pytest.mark.parametrize("typed", ["zzz", ""])
async def test_move_autocomplete_is_capped_and_filtered(world: World, typed: str) -> None:
    w = world
    game_id = await open_game(w)
    choices = await w.alice.autocomplete(w.channel, "move", "notation", typed)
    _, _, decision = await w.manager.views.decision(game_id, str(w.alice.id))
    legal = {o.action.notation() for o in decision.all_options()}
    assert len(choices) <= 25
    assert all(c["value"] in legal and len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    if typed == "zzz":
        assert choices == []
    else:
        assert len(choices) == min(25, len(legal))
