"""Helpers for the Discord tests: SimCord worlds for the Discord layer: the real discord.py, an in-memory Discord, a real
SQLite file in tmp_path and the real GameManager — nothing of ours is mocked."""
from __future__ import annotations

import importlib.util
import json
import random
import sqlite3
import re
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import simcord
from simcord.results import to_discord_message

from bot.discord import create_bot
from bot.discord.client import Stumpbot
from engine.electioneer import content as electioneer_content

RENDER = importlib.util.find_spec("render.electioneer") is not None

GAME_CID = re.compile(r"^g:(\d+):(\d+):")


@dataclass
class World:
    env: simcord.Env
    bot: Stumpbot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor  # a member who never plays
    results: list[Any] = field(default_factory=list)  # every InteractionResult of the test

    @property
    def manager(self):
        return self.env.bot.manager

    def record(self, result: Any) -> Any:
        self.results.append(result)
        return result

    def public(self) -> list[discord.Message]:
        """What a non-player sees in the game channel (and its threads)."""
        out = self.channel.history(viewer=self.carol)
        for thread in self.channel.threads:
            out += thread.history(viewer=self.carol)
        return [m for m in out if not m.flags.ephemeral]

    def public_mark(self) -> int:
        """The newest message id in the game channel and its threads: `public_since` reads only what comes after
        (converting a whole channel's history to discord.Message after every move made a game's test quadratic)."""
        ids = [m for ch in self._public_channels() for m in self.env.backend.messages.get(ch, {})]
        return max(ids, default=0)

    def public_since(self, mark: int) -> list[discord.Message]:
        """What a non-player sees that was posted after `mark` (public_mark), oldest first."""
        raw = sorted((m for ch in self._public_channels() for i, m in self.env.backend.messages.get(ch, {}).items()
                      if i > mark and m.visible_to(self.carol.id)), key=lambda m: m.id)
        return [msg for msg in (to_discord_message(self.env, m) for m in raw) if not msg.flags.ephemeral]

    def _public_channels(self) -> list[int]:
        return [self.channel.id, *(t.id for t in self.channel.threads)]

    def dms(self, member: simcord.MemberActor) -> list[discord.Message]:
        return member.user.dm_channel.history()

    def latest_dm_with(self, member: simcord.MemberActor, wanted: Any) -> discord.Message | None:
        """The member's newest DM whose components (raw dicts) `wanted` accepts, converted alone."""
        for m in sorted(self.env.backend.messages.get(member.user.dm_channel.id, {}).values(), key=lambda m: -m.id):
            if wanted([c["custom_id"] for c in _walk(m.components) if c.get("custom_id")]):
                return to_discord_message(self.env, m)
        return None

    def dm_created(self, member: simcord.MemberActor) -> int:
        """How many messages were ever created in the member's DM with the bot (edits are not new messages): the
        ones there now and the ones deleted since."""
        channel = member.user.dm_channel.id
        deleted = sum(1 for kind, name, payload in self.env.backend.transcript
                      if kind == "GATEWAY" and name == "MESSAGE_DELETE" and str(payload.get("channel_id")) == str(channel))
        return len(self.env.backend.messages.get(channel, {})) + deleted

    def dm_texts(self, member: simcord.MemberActor) -> list[str]:
        """The text of every version of every message the member's DM ever showed: each one as created and after
        each edit (a prompt edited in place shows many things over a game), and the ephemeral ones as they are now."""
        channel = member.user.dm_channel.id
        out = [payload_text(payload) for kind, name, payload in self.env.backend.transcript
               if kind == "GATEWAY" and name in ("MESSAGE_CREATE", "MESSAGE_UPDATE")
               and str(payload.get("channel_id")) == str(channel)]
        return out + [message_text(m) for m in self.dms(member) if m.flags.ephemeral]

    def live_menus(self, member: simcord.MemberActor, game_id: int) -> list[int]:
        """The ids of the member's DM messages that offer choices of the game now."""
        channel = member.user.dm_channel.id
        return [m.id for m in self.env.backend.messages.get(channel, {}).values()
                if any(GAME_CID.match(c.get("custom_id") or "") and c["custom_id"].startswith(f"g:{game_id}:")
                       for c in _walk(m.components))]


def post_text(message: Any) -> str:
    """A channel post's words as players read them: its content, then the embeds a long post continues in."""
    return "\n".join([message.content or "", *(e.description or "" for e in message.embeds)]).strip("\n")


def message_text(message: Any) -> str:
    """Every human-readable string of a message: content, embeds, components, attachment alt text."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    components = message.components
    for comp in _walk(components):
        parts += [str(comp.get("label") or ""), str(comp.get("placeholder") or ""), str(comp.get("custom_id") or "")]
        for opt in comp.get("options") or []:
            parts += [opt.get("label", ""), opt.get("description") or "", opt.get("value", "")]
    for att in getattr(message, "attachments", []):
        parts.append(att.description or "")
    return "\n".join(parts)


def payload_text(payload: dict) -> str:
    """`message_text` of a raw message payload (a gateway event's)."""
    parts = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text") or ""]
        parts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or []]
    for comp in _walk(payload.get("components")):
        parts += [str(comp.get("label") or ""), str(comp.get("placeholder") or ""), str(comp.get("custom_id") or "")]
        for opt in comp.get("options") or []:
            parts += [opt.get("label", ""), opt.get("description") or "", opt.get("value", "")]
    for att in payload.get("attachments") or []:
        parts.append(att.get("description") or "")
    return "\n".join(parts)


def _walk(components: Any) -> list[dict]:
    out = []
    for c in components or []:
        d = c if isinstance(c, dict) else c.to_dict()
        out.append(d)
        out += _walk(d.get("components"))
    return out


def custom_ids(message: Any) -> list[dict]:
    return [c for c in _walk(message.components) if c.get("custom_id")]


def policies() -> dict[str, Any]:
    return electioneer_content.load().policies


def make_bot(db_path, **options: Any) -> Stumpbot:
    options.setdefault("render", RENDER)
    options.setdefault("checkpoints", False)
    options.setdefault("channel_budget", False)  # the channel budget's own tests turn it on
    return create_bot(db_path, **options)


def seeded_bot(seed: int):  # noqa: ANN201 — a pytest fixture
    """A `simcord_bot` fixture whose games all get `seed`, so a whole-game test replays exactly:
    `simcord_bot = seeded_bot(GAME_SEED)` in the test module."""
    @pytest.fixture
    async def simcord_bot(db_path):  # noqa: ANN001, ANN202
        bot = make_bot(db_path, new_seed=lambda: seed)
        yield bot
        if bot.store is not None:
            await bot.store.close()
    return simcord_bot



def thinking_bot(iterations: int):  # noqa: ANN201 — a pytest fixture
    """A `simcord_bot` fixture whose searches (a hard seat's decisions, a hint) run a fixed number of iterations,
    quick and alike on every machine: `simcord_bot = thinking_bot(2)` in the test module."""
    from bot.policy.bot_levels import ThinkSettings

    @pytest.fixture
    async def simcord_bot(db_path):  # noqa: ANN001, ANN202
        bot = make_bot(db_path, thinking=ThinkSettings(iterations=iterations))
        yield bot
        if bot.manager is not None:
            bot.manager.close()
        if bot.store is not None:
            await bot.store.close()
    return simcord_bot

async def game_state(w: World, game_id: int) -> Any:
    """The game's full state as stored (tests only: what the engine holds, secrets included)."""
    from engine import registry
    record = await w.manager.views.game(game_id)
    snap = await w.manager.store.load_snapshot(game_id)
    return registry.get(record.ruleset).load_state(snap.state)


async def open_game(w: World, **options: Any) -> int:
    """Alice opens a lobby, Bob presses Join, Alice presses Start. Returns the game id."""
    r = w.record(await w.alice.slash(w.channel, "game new", **options))
    assert r.ephemeral, r
    lobby = next(m for m in reversed(w.channel.history(viewer=w.carol)) if m.embeds and "game #" in (m.embeds[0].title or ""))
    game_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Start"))
    record = await w.manager.views.game(game_id)
    assert record.status == "active"
    return game_id


async def journal_len(w: World, game_id: int) -> int:
    """The moves in the game's journal: its last seq (seqs run 1, 2, … and undo takes the last), read in one row
    rather than the whole journal at every step of a whole game."""
    last = await w.manager.store.last_journal_entry(game_id)
    return 0 if last is None else last.seq


def latest_prompt(w: World, member: simcord.MemberActor, game_id: int) -> discord.Message | None:
    """The member's newest DM that carries choice components for this game."""
    return w.latest_dm_with(member, lambda ids: any(i.startswith(f"g:{game_id}:") and GAME_CID.match(i) for i in ids))


CHOICE = re.compile(r"^g:(\d+):(\d+):(a|s\d|x\d):")


async def open_lobby(w: World, ruleset: str, players: list[simcord.MemberActor], options: str = "") -> int:
    """players[0] opens a lobby for the ruleset, the others press Join, the host presses Start."""
    extra = {"options": options} if options else {}
    r = w.record(await players[0].slash(w.channel, "game new", ruleset=ruleset, **extra))
    assert r.ephemeral, r
    lobby = next(m for m in reversed(w.channel.history(viewer=w.carol))
                 if m.embeds and "game #" in (m.embeds[0].title or ""))
    game_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    for member in players[1:]:
        w.record(await member.click(lobby, label="Join"))
    w.record(await players[0].click(lobby, label="Start"))
    assert (await w.manager.views.game(game_id)).status == "active"
    return game_id


async def walk_to_move(w: World, member: simcord.MemberActor, game_id: int, rng: random.Random) -> None:
    """Walk the member's DM components to one move, choosing at random among what is shown."""
    message = latest_prompt(w, member, game_id)
    assert message is not None, f"{member.name} owes a move but has no DM with choices"
    start = await journal_len(w, game_id)
    for _ in range(6):
        comps = [c for c in custom_ids(message) if CHOICE.match(c["custom_id"]) and not is_back(c)]
        picks = [("button", c["custom_id"], None) for c in comps if c["type"] == 2]
        for sel in (c for c in comps if c["type"] == 3):
            picks += [("select", sel["custom_id"], o["value"]) for o in sel["options"]]
        assert picks, f"no choices in the DM: {message_text(message)[:300]}"
        kind, custom_id, value = rng.choice(picks)
        if kind == "button":
            r = await member.user.click(message, custom_id=custom_id)
        else:
            r = await member.user.select(message, [value], custom_id=custom_id)
        w.record(r)
        assert r.acknowledged and private(r)
        # The DM prompt is edited in place: no new message for a step of the walk or of the turn.
        assert r.response is not None and r.response.id == message.id
        if await journal_len(w, game_id) > start:
            shown = message_text(r.response)
            assert "✅" in shown or shown.startswith("✓"), shown[:300]
            return
        message = r.response  # the next step of the walk, in the same message
    raise AssertionError("the walk did not reach a move in 6 steps")


async def move_by_manager(w: World, member: simcord.MemberActor, game_id: int, rng: random.Random) -> None:
    """One move of the member's, picked at random among what they may do, handed to the manager the way a table
    other than Discord's hands it (the local table, a deadline's default, a bot seat): what it delivers — the
    channel's post, every DM — still goes through Discord, and the DM prompts must stay true without the Discord
    flow's own refresh (a decision this move ended is closed, so the next one notifies: DmLedger checks it). The whole-game tests take most steps this way and a seeded sample by
    DM buttons and `/move`: the interaction path is the same at every step, while a game's positions are not."""
    uid = str(member.id)
    _, seq, decision = await w.manager.views.decision(game_id, uid)
    options = decision.all_options()
    assert options, f"{member.name} owes a move but has no options"
    await w.manager.games.submit(game_id, uid, [rng.choice(options).action], expected_seq=seq)
    await w.env.settle()


async def take_a_move(w: World, member: simcord.MemberActor, game_id: int, rng: random.Random, number: int, *,
                      typed_every: int = 25, typed_at: int = 7, buttons_every: int = 3) -> str:
    """The `number`-th move of a whole-game test, taken by `member`: typed with `/move` (one of its suggestions)
    at every `typed_every`-th move from `typed_at`, else walked through the DM's buttons and selects one move in
    `buttons_every`, else handed to the manager (`move_by_manager`). Returns "typed", "buttons" or "manager"."""
    if number % typed_every == typed_at:
        await type_a_move(w, member)
        return "typed"
    if number % buttons_every == 0:
        await walk_to_move(w, member, game_id, rng)
        return "buttons"
    await move_by_manager(w, member, game_id, rng)
    return "manager"


def is_back(component: dict) -> bool:
    """The "◀ Back" button of a later step of the walk (to the first step)."""
    return component.get("custom_id", "").endswith(":a:+")


def private(r: Any) -> bool:
    """An interaction was answered privately: ephemerally, or in a DM (the bot's DM with one person is private;
    a click there is answered by editing the clicked message)."""
    return r.ephemeral or (r.response is not None and r.response.message.guild is None)


async def type_a_move(w: World, member: simcord.MemberActor, pick: int = -1) -> str:
    """Type one of /move's autocomplete suggestions (the last by default); returns what was typed."""
    choices = await member.autocomplete(w.channel, "move", "notation", "")
    assert 0 < len(choices) <= 25
    typed = choices[pick]["value"]
    last = await w.manager.store.last_journal_entry((await w.manager.views.games_of(str(member.id)))[0].record.id)
    if last is not None and last.actor == str(member.id) and last.notation == typed and len(choices) > 1:
        typed = choices[pick - 1]["value"]  # the same move again at once would be asked to be confirmed
    r = w.record(await member.slash(w.channel, "move", notation=typed))
    assert r.ephemeral and "✅" in r.response.content, r.response.content
    return typed


class DmLedger:
    """The DM stays tidy, checked over a whole game. After every move: no player has more than one DM
    message offering the game's choices. Over the game, each player's DM got about one message per decision:
    the messages created in it (never counting edits) are at most one per decision newly owed (a player's
    stretch of owing, however many steps its walk or turn took), plus one per private news brief that came while
    nothing was owed, plus the hello of the lobby. At the end, no menu is left, and each finished decision is
    one line ("✓ …"), the news a brief."""

    def __init__(self, w: World, game_id: int, members: list[simcord.MemberActor]) -> None:
        self.w, self.game_id, self.members = w, game_id, members
        self.decisions = {m: 0 for m in members}  # stretches of owing begun
        self.idle_news = {m: 0 for m in members}  # private news briefs while nothing was owed (not of one's own move)
        self._owing: set = set()
        self._ids: dict = {}  # each member's DM message ids at the last observation
        self._outbox = 0

    async def observe(self) -> None:
        """Call before the first move and after every move."""
        owing = {m for m in self.members if (await self.w.manager.views.decision(self.game_id, str(m.id)))[2].owes_move}
        for m in owing - self._owing:
            self.decisions[m] += 1
            # a decision newly owed comes as a new message (the player is notified), not as an edit
            menus = self.w.live_menus(m, self.game_id)
            assert menus and menus[0] not in self._ids.get(m, set()), f"{m.name} was not sent their new decision"
        self._owing = owing
        self._ids = {m: set(self.w.env.backend.messages.get(m.user.dm_channel.id, {})) for m in self.members}
        seats = {s.user_id: s.seat for s in await self.w.manager.store.list_seats(self.game_id)}
        last = await self.w.manager.store.last_journal_entry(self.game_id)
        with sqlite3.connect(self.w.manager.store.path) as db:
            rows = db.execute("SELECT id, audience, payload FROM outbox WHERE game_id=? AND kind='brief' AND id>? "
                              "ORDER BY id", (self.game_id, self._outbox)).fetchall()
        for row_id, audience, payload in rows:
            self._outbox = row_id
            member = next((m for m in self.members if f"seat:{seats.get(str(m.id))}" == audience), None)
            own = last is not None and audience == f"seat:{last.seat}"  # news of the seat's own move: no new message
            if member is not None and json.loads(payload).get("text") and member not in owing and not own:
                self.idle_news[member] += 1
        for m in self.members:
            menus = self.w.live_menus(m, self.game_id)
            assert len(menus) <= 1, f"{m.name} has {len(menus)} DM messages with choices: one live prompt at most"

    def report(self) -> dict[str, tuple[int, int, int]]:
        """name → (DM messages created, decisions, idle news briefs)."""
        return {m.name: (self.w.dm_created(m), self.decisions[m], self.idle_news[m]) for m in self.members}

    def check_end(self) -> None:
        for m in self.members:
            created = self.w.dm_created(m)
            bound = self.decisions[m] + self.idle_news[m] + 1
            assert created <= bound, (f"{m.name}'s DM got {created} messages for {self.decisions[m]} decisions and "
                                      f"{self.idle_news[m]} news briefs: about one message per decision")
            assert not self.w.live_menus(m, self.game_id), "no menu is left once the game is over"
            dms = self.w.dms(m)
            lines = [x for x in dms if x.content.startswith("✓")]
            assert lines and len(lines) <= self.decisions[m], "one line per finished decision"
            assert all(len(x.content.splitlines()) <= 2 and not x.embeds and not x.components for x in lines)
            for x in dms:
                assert x.content.startswith(("✓", "You're seated")) or (x.embeds and not x.components), \
                    f"a DM is a finished decision's line, a news brief or the lobby's hello: {message_text(x)[:200]}"
