"""Transcripts: a seeded whole game of each game, played through the manager as people would play it, and
everything each seat and the channel received, in order, as one Markdown file (docs/transcripts/<name>.md).

Every change to what players read shows up in review as a change to a transcript: `stumpbot transcripts` writes
them, and a test regenerates each one and fails when it differs from the committed file. The people's moves are the
built-in bot's choices, sent under their own names (so the lines read as a table of people, no bot marks), one
hour apart on a fixed clock. The pictures are drawn as the bot draws them (board and close-up; the animated replay
posted after the result is left out, docs/transcripts/README.md says why) and each is referenced under its post by
one line: its kind, a file name, its size in pixels and its alt text. Nothing about a picture's bytes is written (a change of a colour or a
font is the render tests' business, not a diff of every transcript); `images=` writes the pictures themselves to a
folder outside git (`stumpbot transcripts --images DIR`), under the file names the lines give, for a reviewer to
open.
"""
from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot.policy import record as records
from bot.present import coach
from bot.service import GameManager
from bot.store import Store
from bot.tables import console
from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost
from engine import registry, yamlfile
from engine.core.rng import Rng
from engine.core.ruleset import seats_for
from engine.core.words import plural

START = 1_800_000_000  # the fixed clock's first second (a transcript never depends on when it was made)
HOUR = 3600
MAX_MOVES = 3000  # every seeded game in settings.yaml ends far sooner; one that did not would say "active"


class Setting(BaseModel):
    """One transcript: a game, its table and options, and its seed (docs/transcripts/settings.yaml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[a-z0-9_-]+$")
    ruleset: str
    players: int = Field(ge=1, le=6)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 1
    title: str = ""
    # the game's guided first game (bot/service/learn.py): its seed, options and seats are the lesson's, and the
    # learner's moves are the coach's suggestions
    learn: bool = False


class _SettingsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    transcripts: list[Setting]


SETTINGS_FILE = Path(__file__).resolve().parents[2] / "docs" / "transcripts" / "settings.yaml"
SETTINGS = _SettingsFile.model_validate(yamlfile.load(SETTINGS_FILE.read_text(encoding="utf-8"))).transcripts


def setting(name: str) -> Setting:
    found = next((s for s in SETTINGS if s.name == name), None)
    if found is None:
        raise KeyError(f"No transcript `{name}`. Known: {', '.join(s.name for s in SETTINGS)}.")
    return found


KINDS = {"board": "🖼 board", "closeup": "🔍 close-up", "replay": "🎞 replay", "dm": "🖼 picture"}


@dataclass
class TranscriptTable:
    """A table that keeps every delivery in the order it was made, as the transcript's lines, and every picture
    it carried (file name -> bytes) for `images=`."""

    name: str = "game"  # the setting's name: the pictures' file names start with it
    seats_of: dict[str, str] = field(default_factory=dict)  # user id -> seat, for DMs to followers
    lines: list[str] = field(default_factory=list)
    pictures: dict[str, bytes] = field(default_factory=dict)
    seq: int = 0

    async def publish(self, post: PublicPost) -> list[str]:
        self.lines += ["", f"### #{post.game.id} channel — after move {post.game.seq}", "", *_quoted(post.text)]
        self._pictures(post.game.seq, [("board", post.picture), ("closeup", post.closeup), ("replay", post.replay)])
        return []

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        self.lines += ["", f"### DM to follower {user_id}", "", *_quoted(text)]
        self._pictures(game.seq, [("dm", picture)])
        return True

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        self.lines += ["", f"### DM to {user_id} — a notice", "", *_quoted(text)]
        return True

    def _pictures(self, seq: int, carried: list[tuple[str, Picture | None]]) -> None:
        """Under a message's text (out of its quote: the lines are not what the message says), one line per
        picture it carried."""
        lines = [self._line(seq, kind, p) for kind, p in carried if p is not None]
        if lines:
            self.lines += ["", *lines]

    def _line(self, seq: int, kind: str, picture: Picture) -> str:
        file = self._file_name(seq, kind, picture)
        self.pictures[file] = picture.png
        width, height, frames = _measure(picture.png)
        size = f"{width}×{height}" + (f", {frames} frames" if kind == "replay" or frames > 1 else "")
        return f"- {KINDS[kind]} `{file}` ({size}), alt: {_alt(picture)}"

    def _file_name(self, seq: int, kind: str, picture: Picture) -> str:
        """`<name>-<move>[-<kind>].<ext>`, the move's number padded so a folder lists them in order; a second
        picture of a kind after the same move gets `-2`."""
        suffix = Path(picture.filename).suffix or ".png"
        stem = f"{self.name}-{seq:03d}" + ("" if kind == "board" else f"-{kind}")
        file, n = f"{stem}{suffix}", 1
        while file in self.pictures:
            n += 1
            file = f"{stem}-{n}{suffix}"
        return file

    async def tell(self, brief: PrivateBrief) -> bool:
        body = [brief.text] if brief.text else []
        body += [brief.coach] if brief.coach else []  # a lesson's coach, above the decision it speaks of
        decision = brief.decision
        if decision is not None and decision.owes_move:
            body.append(f"Your move: {decision.prompt}" if decision.prompt else "Your move:")
            body += _choices(decision.options)
            if decision.extras:
                body += _any_time(decision.extras)
        if body:  # a brief with nothing in it only closes the seat's prompt (Discord edits it): no new message
            self.lines += ["", f"### DM to {brief.seat} — after move {brief.game.seq}", "", *_quoted("\n".join(body))]
        return True

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        self.lines += ["", "### Alert to the host", "", *_quoted(text)]


def _choices(options: list[Any]) -> list[str]:
    """A prompt's choices, numbered: a long list grouped as the local table and Discord's menus group it (the choices
    whose moves begin alike — a card's uses — under their shared title; console.menu), each with its whole text."""
    lines: list[str] = []
    number = 1
    entries = console.menu(options)
    if sum(isinstance(entry, console.Group) for entry in entries) < 2:  # one group and a few more: a plain list reads
        entries = list(options)                                         # better than a heading over most of it
    for entry in entries:
        group = entry.options if isinstance(entry, console.Group) else (entry,)
        if isinstance(entry, console.Group):
            lines.append(f"  {entry.title}:")
        for o in group:
            label = console.shown_label(o, entry.title) if isinstance(entry, console.Group) else o.label
            indent = "    " if isinstance(entry, console.Group) else "  "
            line = f"{indent}{number}. {label}" + (f" — {o.detail}" if o.detail else "")
            lines += console.wrapped(line, indent + " " * (len(str(number)) + 2))
            number += 1
    return lines


def _any_time(extras: list[Any]) -> list[str]:
    """The plays allowed any time, grouped by card ("Hot-Mic Gaffe: −2 DEM in Nevada; in Georgia…"), and a card's
    plays by what follows its name when that is shared too (a reframe's state: "Op-Ed Blitz: Nevada: …"), each
    group's targets wrapped to short lines: a player reads which cards they may play, then where. Discord groups
    them the same way (a select by card, then its targets)."""
    if len(extras) == 1:
        return console.wrapped(f"  Any time: {extras[0].label}", " " * 4)
    lines = [f"  Any time ({len(extras)} play{'s' if len(extras) != 1 else ''}):"]
    for card, rests in _by_head([o.label for o in extras]).items():
        shown = [r for r in rests if r]
        if len(shown) < 2:
            lines += console.wrapped(f"    {card}" + (f": {shown[0]}" if shown else ""), " " * 6)
            continue
        subgroups = _by_head(shown)
        if len(subgroups) == len(shown):  # nothing shared: one list
            lines += console.wrapped(f"    {card} ({len(shown)} plays): {'; '.join(shown)}", " " * 6)
            continue
        if len(subgroups) == 1:  # every play in one place ("Nevada"): said once, before them
            (head, targets), = subgroups.items()
            listed = "; ".join(t for t in targets if t)
            lines += console.wrapped(f"    {card} ({len(shown)} plays), {head}: {listed}", " " * 6)
            continue
        lines.append(f"    {card} ({len(shown)} plays):")
        for head, targets in subgroups.items():
            listed = "; ".join(t for t in targets if t)
            lines += console.wrapped(f"      {head}: {listed}" if listed else f"      {head}", " " * 8)
    return lines


def _by_head(labels: list[str]) -> dict[str, list[str]]:
    """Labels grouped by what comes before their first ": " (a label without one is its own group)."""
    groups: dict[str, list[str]] = {}
    for label in labels:
        head, sep, rest = label.partition(": ")
        groups.setdefault(head if sep else label, []).append(rest if sep else "")
    return groups


def _quoted(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def _alt(picture: Picture) -> str:
    return " ".join(picture.alt.split()) or "(no alt text)"


def _measure(data: bytes) -> tuple[int, int, int]:
    """(width, height, frames) of a drawn picture, read from its bytes."""
    from PIL import (
        Image,  # imported here: a transcript without pictures never loads Pillow
    )

    with Image.open(io.BytesIO(data)) as image:
        return image.width, image.height, getattr(image, "n_frames", 1)


async def transcript(s: Setting, *, db_dir: Path | None = None, images: Path | None = None,
                     table: TranscriptTable | None = None) -> str:
    """The Markdown transcript of the setting's game, its pictures drawn as the bot draws them and referenced under
    their posts. `images`: also write the pictures there (a folder outside git), under the names the lines give.
    `table`: the table to play it on (one that also keeps what it is handed), a fresh one by default."""
    ruleset = registry.get(s.ruleset)
    with tempfile.TemporaryDirectory(dir=db_dir) as folder:
        store = await Store.open(Path(folder) / "transcript.sqlite3")
        table = table if table is not None else TranscriptTable(name=s.name)
        now = [START]
        manager = GameManager(store, table, clock=lambda: now[0], render=True, new_seed=lambda: s.seed)
        if s.learn:
            try:
                head = await _lesson(manager, s, now)
            finally:
                await store.close()
            return _written(s, table, images, head)
        try:
            seats = seats_for(ruleset, s.players, s.options)
            users = {seat: f"player-{seat.lower()}" for seat in seats}
            record = await manager.games.create(s.ruleset, users[seats[0]], f"Player {seats[0]}", seat=seats[0],
                                          title=s.title or ruleset.title, seed=s.seed, options=s.options,
                                          channel_id="channel", guild_id="server")
            # a fixed salt for the seed commitment, so the posted digest (and its reveal) is the same every run
            await store.set_setting(f"game:{record.id}", records.SALT_KEY, f"transcript-{s.name}")
            for seat in seats[1:]:
                await manager.games.join(record.id, users[seat], f"Player {seat}", seat=seat)
            await manager.games.start(record.id, users[seats[0]])
            moves = await _play(manager, record.id, ruleset, users, Rng(s.seed), now)
            final = await manager.views.game(record.id)
        finally:
            await store.close()
    head = [f"# Transcript: {s.title or ruleset.title}", "",
            f"Seed {s.seed}; {plural(s.players, 'player')}: {', '.join(seats)}; options: "
            f"{', '.join(f'{k}={v}' for k, v in s.options.items()) or 'standard'}. Generated by `stumpbot transcripts` "
            "(bot/tables/transcripts.py); every message the channel and each seat received, in order.",
            "", f"{moves} moves; the game is {final.status}."]
    return _written(s, table, images, head)


def _written(s: Setting, table: TranscriptTable, images: Path | None, head: list[str]) -> str:
    """The transcript's text; `images`: its pictures written there too."""
    if images is not None:
        images.mkdir(parents=True, exist_ok=True)
        for file, data in table.pictures.items():
            (images / file).write_bytes(data)
    return "\n".join(head + table.lines) + "\n"


async def _lesson(manager: GameManager, s: Setting, now: list[int]) -> list[str]:
    """The guided first game (bot/service/learn.py), the learner taking every move the coach suggests, one hour
    apart; the bot answers by itself. Returns the transcript's head lines."""
    learner = "player-learner"
    lesson = await manager.learn.start(s.ruleset, learner, "Learner", channel_id="dm", bot_user="bot",
                                       salt=f"transcript-{s.name}")
    game_id, decisions, shown = lesson.record.id, 0, []
    while (record := await manager.views.game(game_id)).status == "active" and decisions < MAX_MOVES:
        ruleset, state, seq = await manager.views.state(record)
        shown = coach.shown_steps(await manager.store.get_setting(f"game:{game_id}", coach.SHOWN_KEY))
        if coach.summarized(shown):  # a lesson that stops before the game: the rest is a game like any other
            break
        move = coach.suggested(ruleset, state, lesson.seat, seq, shown)
        if move is None:  # the bot owes a move nobody triggered: play it
            await manager.seats.play_bots(game_id)
            continue
        now[0] += HOUR
        await manager.games.submit(game_id, learner, list(move.actions))
        decisions += 1
    seats = [x.seat for x in await manager.store.list_seats(game_id)]
    moves = (await manager.store.last_journal_entry(game_id)).seq  # type: ignore[union-attr]
    found = coach.lesson(s.ruleset)
    shown_options = ", ".join(f"{k}={v}" for k, v in (found.options if found else {}).items()) or "standard"
    head = [f"# Transcript: {s.title or record.title}", "",
            f"Seed {record.seed}; {', '.join(seats)}, the learner as {lesson.seat} against the bot; options: "
            f"{shown_options}. Generated by `stumpbot transcripts` (bot/tables/transcripts.py): the guided first game "
            "(`/game learn`, `stumpbot learn`), the learner taking each move the coach suggests; every message the "
            "game's DM and the learner received, in order.", "",
            f"{decisions} decisions by the learner, {moves} moves in all; " + (
                "the lesson ends there, and the game goes on without the coach." if record.status == "active"
                else f"the game is {record.status}.")]
    return head


async def _play(manager: GameManager, game_id: int, ruleset: Any, users: dict[str, str], rng: Rng,
                now: list[int]) -> int:
    """The people move, each with the bot player's choice, one hour apart, until nobody owes a move."""
    for moves in range(MAX_MOVES):
        owing = await manager.views.owing(game_id)
        if not owing:
            return moves
        seat = owing[rng.below(len(owing))]
        _, state, _ = await manager.views.state(await manager.views.game(game_id))
        action = ruleset.bot_action(state, seat, rng)
        now[0] += HOUR
        await manager.games.submit(game_id, users[seat], [action])
    return MAX_MOVES


def path_of(root: Path, s: Setting) -> Path:
    return root / "docs" / "transcripts" / f"{s.name}.md"
