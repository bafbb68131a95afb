"""How good a housemate the bot is in a busy server, measured on SimCord (the real discord.py driven offline).

A game is played through Discord by a mix of people and bot seats: the host opens a lobby with the slash command,
the others press Join, the host presses Start and hands the bot seats over with the bot-seat command; then each
person who owes a decision makes it — one in three from the DM's buttons and selects, the rest handed to the
manager as another table hands it — while the bot answers for its seats and every delivery goes through Discord.
People take THINK_SECONDS of SimCord's virtual clock per decision (the bot's own answers take none), so "messages
per channel in any WINDOW_SECONDS" is the burst the bot sends in answer to one person, or to many at once.

`Recorder` notes every message Discord creates, at its creation (an edit is not a new message and pings no one):
its channel, virtual time, whom it pings (SimCord resolves `<@id>` against the message's allowed mentions as
Discord does), its pictures, and which person's action it followed. `measure` turns that into the figures the
bench prints and the housemate tests pin. Slash command names live in COMMANDS only.
"""
from __future__ import annotations

import random
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import simcord
from simworld import World, move_by_manager, walk_to_move

# Each command the harness types, by role: its possible names, newest first (the first one the bot registers is used).
COMMANDS: dict[str, tuple[str, ...]] = {
    "new": ("game new",),
    "botseat": ("seat bot", "game botseat"),
    "abandon": ("game abandon",),
}
THINK_SECONDS = 3.0  # virtual seconds a person takes over one decision (a quick click through a DM)
WINDOW_SECONDS = 5.0  # Discord's per-channel limit: 5 messages per 5 s
BUTTONS_EVERY = 3  # one person's decision in this many is made from the DM's components, the rest by the manager
SYSTEM_TYPES = {6}  # "pinned a message": Discord posts it, not the bot

PICTURE = re.compile(r"\.(png|gif|jpe?g|webp)$", re.I)
SNAKE = re.compile(r"(?<![\w/.#-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w])")
INTERNAL_ID = re.compile(r"\b[a-z]+:\d+:[\w:+-]+|\b(?:seat|user|audience|public|game):[A-Za-z0-9_]+|"
                         r"(?<![\w<@#:/])\d{15,20}(?!\d)")
COMMAND_SPAN = re.compile(r"`/[^`]*`")  # a command to type, shown as code: its option names are not identifiers
MARKUP = re.compile(r"https?://\S+|<(?:@[!&]?|#|t:|a?:)[^>]*>")


@dataclass(frozen=True)
class Title:
    label: str
    ruleset: str
    people: int
    bots: int = 0
    options: str = ""


TITLES: list[Title] = [
    Title("Electioneer", "electioneer", people=1, bots=1),
    Title("Campaign Trail (3, 2 bot seats)", "campaign_trail", people=1, bots=2),
    Title("Campaign Trail Solo Play", "campaign_trail", people=1, options="ai=REP,LIB"),
    Title("Presidential Election (4, 2 bots)", "presidential_election", people=2, bots=2),
    Title("Campaign Manager 2008 (1 bot)", "campaign_manager_2008", people=1, bots=1),
    Title("1960", "nineteen_sixty", people=2),
]


def command(bot: Any, role: str) -> str:
    """The registered name of the command for `role` (COMMANDS)."""
    names = set()
    for top in bot.tree.get_commands():
        names.add(top.name)
        names |= {c.qualified_name for c in getattr(top, "walk_commands", lambda: [])()}
    for name in COMMANDS[role]:
        if name in names:
            return name
    raise LookupError(f"none of {COMMANDS[role]} is a registered command")


@dataclass
class Sent:
    """One message as Discord created it."""
    channel_id: int
    message_id: int
    at: float  # SimCord's virtual clock, in seconds
    pings: tuple[int, ...]
    pictures: tuple[int, ...]  # bytes of each picture attached
    ephemeral: bool
    system: bool
    by_bot: bool
    action: int  # index in Recorder.actions of the person's action it followed (-1: none yet)


@dataclass
class Action:
    at: float
    user_id: int
    game_id: int
    move: bool  # a decision of the game (not the lobby's setup)


class Recorder:
    """Notes every message SimCord's Discord creates, at its creation."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.sent: list[Sent] = []
        self.actions: list[Action] = []
        backend, original = env.backend, env.backend.commit_message

        def commit(message: Any, *args: Any, **kwargs: Any) -> Any:
            out = original(message, *args, **kwargs)
            if out is message:  # not blocked
                self._note(message)
            return out

        backend.commit_message = commit

    def _note(self, m: Any) -> None:
        pictures = tuple(int(a.get("size") or 0) for a in m.attachments if PICTURE.search(a.get("filename") or ""))
        self.sent.append(Sent(m.channel_id, m.id, self.env.backend.clock.elapsed, tuple(m.ping_user_ids), pictures,
                              m.is_ephemeral, m.type in SYSTEM_TYPES, m.author_id == self.env.bot.user.id,
                              len(self.actions) - 1))

    def act(self, user_id: int, game_id: int, *, move: bool = True) -> None:
        self.actions.append(Action(self.env.backend.clock.elapsed, user_id, game_id, move))


@dataclass
class Table:
    """One game being played, and the decisions its people were asked."""
    w: World
    game_id: int
    people: list[simcord.MemberActor]
    bots: list[simcord.MemberActor]
    decisions: Counter = field(default_factory=Counter)  # person name → decisions asked and made
    moves: int = 0

    async def owing(self) -> list[simcord.MemberActor]:
        views = self.w.manager.views
        return [m for m in self.people if (await views.decision(self.game_id, str(m.id)))[2].owes_move]

    async def active(self) -> bool:
        return (await self.w.manager.views.game(self.game_id)).status == "active"


def make_world(env: simcord.Env, people: int, channels: int = 1) -> tuple[World, list[simcord.MemberActor]]:
    """A server with a games channel, `people` members to seat, and carol who only watches."""
    guild = env.create_guild("Election Night")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(max(people, 2))]
    carol = guild.add_member(env.create_user("carol"))
    return World(env=env, bot=env.bot, guild=guild, channel=channel, alice=members[0], bob=members[1],
                 carol=carol), members


async def open_table(w: World, rec: Recorder, title: Title, people: list[simcord.MemberActor],
                     bots: list[simcord.MemberActor], think: float = THINK_SECONDS) -> Table:
    """The host opens a lobby, the others press Join, the host presses Start, then hands each bot member's seat to
    the bot: `think` virtual seconds apart."""
    host, seated = people[0], [*people, *bots]
    env = w.env
    extra = {"options": title.options} if title.options else {}
    mark = w.public_mark()
    rec.act(host.id, 0, move=False)
    r = w.record(await host.slash(w.channel, command(w.bot, "new"), ruleset=title.ruleset, **extra))
    assert r.acknowledged, r
    await env.advance_time(think)
    lobby = next(m for m in w.public_since(mark) if m.embeds and "game #" in (m.embeds[0].title or ""))
    game_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    for member in seated[1:]:
        rec.act(member.id, game_id, move=False)
        w.record(await member.click(lobby, label="Join"))
        await env.advance_time(think)
    rec.act(host.id, game_id, move=False)
    w.record(await host.click(lobby, label="Start"))
    await env.advance_time(think)
    assert (await w.manager.views.game(game_id)).status == "active", f"game #{game_id} did not start"
    seats = {s.user_id: s.seat for s in await w.manager.store.list_seats(game_id)}
    for member in bots:
        rec.act(host.id, game_id, move=False)
        r = w.record(await host.slash(w.channel, command(w.bot, "botseat"), seat=seats[str(member.id)]))
        assert r.acknowledged, r
        await env.advance_time(think)
    return Table(w, game_id, people, bots)


async def step(table: Table, rec: Recorder, rng: random.Random) -> bool:
    """One person who owes a decision makes it. False when no person owes one (the game waits on no one of ours)."""
    owing = await table.owing()
    if not owing:
        return False
    member = rng.choice(owing)
    rec.act(member.id, table.game_id)
    if table.moves % BUTTONS_EVERY == 0:
        await walk_to_move(table.w, member, table.game_id, rng)
    else:
        await move_by_manager(table.w, member, table.game_id, rng)
    table.moves += 1
    table.decisions[member.name] += 1
    return True


async def play(table: Table, rec: Recorder, rng: random.Random, *, max_moves: int | None = None,
               think: float = THINK_SECONDS) -> None:
    """Play until the game ends (or `max_moves` decisions of people), `think` virtual seconds per decision."""
    while await table.active() and (max_moves is None or table.moves < max_moves):
        if not await step(table, rec, rng):
            raise AssertionError(f"game #{table.game_id} is active but no person owes a decision")
        await table.w.env.advance_time(think)
    await table.w.env.settle()


async def abandon(table: Table, rec: Recorder, think: float = THINK_SECONDS) -> None:
    """The host ends a game in progress with the abandon command (a decision of a person: its posts are its own)."""
    host = table.people[0]
    rec.act(host.id, table.game_id)
    r = table.w.record(await host.slash(table.w.channel, command(table.w.bot, "abandon"), game=table.game_id))
    assert r.acknowledged, r
    await table.w.env.advance_time(think)
    await table.w.env.settle()


async def play_together(tables: list[Table], rec: Recorder, rng: random.Random, rounds: int,
                        think: float = THINK_SECONDS) -> None:
    """Every table's people move at the same virtual instant, `rounds` times, `think` seconds apart."""
    for _ in range(rounds):
        for table in tables:
            if await table.active():
                await step(table, rec, rng)
        await tables[0].w.env.advance_time(think)
    await tables[0].w.env.settle()


# ------------------------------------------------------------------ what Discord shows

def shown_text(payload: dict) -> str:
    """The words Discord shows of a message payload: content, embeds' titles, descriptions, fields, footers and
    authors, components' labels, placeholders and text, select options' labels and descriptions (never custom ids
    nor option values, which no one sees)."""
    parts = [payload.get("content") or ""]
    for e in payload.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or "",
                  (e.get("author") or {}).get("name") or ""]
        parts += [f"{f.get('name') or ''}\n{f.get('value') or ''}" for f in e.get("fields") or []]
    for c in _walk(payload.get("components")):
        parts += [str(c.get("label") or ""), str(c.get("placeholder") or ""), str(c.get("content") or "")]
        parts += [f"{o.get('label') or ''}\n{o.get('description') or ''}" for o in c.get("options") or []]
    return "\n".join(p for p in parts if p)


def _walk(components: Any) -> list[dict]:
    out: list[dict] = []
    for c in components or []:
        d = c if isinstance(c, dict) else c.to_dict()
        out.append(d)
        out += _walk(d.get("components"))
        if isinstance(d.get("accessory"), dict):
            out.append(d["accessory"])
    return out


def raw_identifiers(text: str) -> list[str]:
    """Internal names a person should never read: snake_case tokens (`affordable_housing`), custom-id-like or
    namespaced ids (`g:1:4:a`, `seat:DEM`) and bare snowflakes — outside links, Discord markup and commands to type."""
    text = MARKUP.sub(" ", COMMAND_SPAN.sub(" ", text))
    return SNAKE.findall(text) + INTERNAL_ID.findall(text)


def dm_payloads(w: World, members: list[simcord.MemberActor]) -> list[dict]:
    """Every version each member's DM showed: each message as created and after each edit."""
    channels = {str(m.user.dm_channel.id) for m in members}
    return [p for kind, name, p in w.env.backend.transcript
            if kind == "GATEWAY" and name in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and str(p.get("channel_id")) in channels]


# ------------------------------------------------------------------ the figures

@dataclass
class Figures:
    games: int
    posts: int  # messages the bot posted where everyone sees them (the game's channel and threads)
    board_posts: int  # of them, with a picture
    picture_bytes: int
    peak_window: int  # the most messages the bot sent to one channel in any WINDOW_SECONDS
    pings: int  # people pinged by those posts
    self_pings: int  # pings of the person whose action the post followed
    decisions: dict[str, int]  # person → decisions asked
    dms: int  # messages created in the people's DMs
    dm_lengths: list[int]  # characters shown, of every version of every DM
    raw_ids: Counter  # identifier → times seen in the people's DMs
    pins_left: int  # pinned messages in the game's channel and threads at the end
    post_runs: list[int]  # posts between each person's decision and the next (the last: to the end)
    moves: int  # decisions made by people

    @property
    def pings_per_decision(self) -> float:
        return self.pings / max(1, sum(self.decisions.values()))

    def dm_percentile(self, q: float) -> int:
        if not self.dm_lengths:
            return 0
        ordered = sorted(self.dm_lengths)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def dm_p50(self) -> int:
        return int(statistics.median(self.dm_lengths)) if self.dm_lengths else 0

    @property
    def dm_max(self) -> int:
        return max(self.dm_lengths, default=0)

    @property
    def two_posts_in_a_turn(self) -> int:
        """How many times the channel got more than one post between two decisions of people."""
        return sum(1 for n in self.post_runs if n > 1)


def public_channels(w: World) -> set[int]:
    return {w.channel.id, *(t.id for t in w.channel.threads)}


def peak_per_window(times: list[float], window: float = WINDOW_SECONDS) -> int:
    """The most of `times` (sorted or not) inside any half-open window [t, t + window)."""
    times, best, lo = sorted(times), 0, 0
    for hi, t in enumerate(times):
        while times[lo] <= t - window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def measure(w: World, rec: Recorder, tables: list[Table]) -> Figures:
    public = public_channels(w)
    people = [m for t in tables for m in t.people]
    dm_ids = {m.user.dm_channel.id for m in people if m.user.dm_channel is not None}
    posts = [s for s in rec.sent if s.channel_id in public and s.by_bot and not s.ephemeral and not s.system]
    per_channel: dict[int, list[float]] = {}
    for s in posts:
        per_channel.setdefault(s.channel_id, []).append(s.at)
    self_pings = sum(1 for s in posts if s.action >= 0 and rec.actions[s.action].user_id in s.pings)
    texts = [shown_text(p) for p in dm_payloads(w, people)]
    raw = Counter(token for text in texts for token in raw_identifiers(text))
    pins = sum(1 for ch in public for m in w.env.backend.messages.get(ch, {}).values() if m.pinned)
    decisions = Counter()
    for t in tables:
        decisions.update(t.decisions)
    return Figures(
        games=len(tables), posts=len(posts), board_posts=sum(1 for s in posts if s.pictures),
        picture_bytes=sum(sum(s.pictures) for s in posts),
        peak_window=max((peak_per_window(v) for v in per_channel.values()), default=0),
        pings=sum(len(s.pings) for s in posts), self_pings=self_pings, decisions=dict(decisions),
        dms=sum(1 for s in rec.sent if s.channel_id in dm_ids and s.by_bot), dm_lengths=[len(t) for t in texts],
        raw_ids=raw, pins_left=pins, post_runs=post_runs(rec, posts), moves=sum(t.moves for t in tables))


def post_runs(rec: Recorder, posts: list[Sent]) -> list[int]:
    """Posts after each person's decision until the next decision of the same game (the last: to the end)."""
    moves = [i for i, a in enumerate(rec.actions) if a.move]
    following = {i: 0 for i in moves}
    for s in posts:
        if s.action in following:
            following[s.action] += 1
    return [following[i] for i in moves]


# ------------------------------------------------------------------ whole runs

def virtual_now() -> float:
    import discord
    return discord.utils.utcnow().timestamp()  # SimCord's virtual clock while the env runs


async def run_title(make_bot: Any, title: Title, *, seed: int = 20261206, max_moves: int | None = None,
                    settle_timeout: float = 45.0) -> Figures:
    """A whole game of `title` in a fresh server, measured; or `max_moves` decisions of people, after which the
    host abandons it (the end: what is left pinned is measured after it)."""
    bot = make_bot(virtual_now)
    try:
        async with simcord.run(bot, settle_timeout=settle_timeout) as env:
            rec = Recorder(env)
            w, members = make_world(env, title.people + title.bots)
            people, bots = members[:title.people], members[title.people:title.people + title.bots]
            table = await open_table(w, rec, title, people, bots)
            await play(table, rec, random.Random(seed), max_moves=max_moves)
            if await table.active():
                await abandon(table, rec)
            return measure(w, rec, [table])
    finally:
        if bot.store is not None:
            await bot.store.close()


async def run_burst(make_bot: Any, title: Title, *, games: int = 20, rounds: int = 4, seed: int = 20261207,
                    settle_timeout: float = 120.0) -> Figures:
    """`games` games of `title` in one channel, every table's people moving at the same instant, `rounds` times."""
    bot = make_bot(virtual_now)
    try:
        async with simcord.run(bot, settle_timeout=settle_timeout) as env:
            rec = Recorder(env)
            seats = title.people + title.bots
            w, members = make_world(env, games * seats)
            tables = []
            for g in range(games):
                group = members[g * seats:(g + 1) * seats]
                tables.append(await open_table(w, rec, title, group[:title.people], group[title.people:]))
            await play_together(tables, rec, random.Random(seed), rounds)
            return measure(w, rec, tables)
    finally:
        if bot.store is not None:
            await bot.store.close()
