"""Transcripts (issue 26): a seeded whole game of each game, played through the manager as people would play it, and
everything each seat and the channel received, in order, as one Markdown file (docs/transcripts/<name>.md).

Every change to what players read shows up in review as a change to a transcript: `stumpbot transcripts` writes
them, and a test regenerates each one and fails when it differs from the committed file. The people's moves are the
built-in bot's choices, sent under their own names (so the lines read as a table of people, no bot marks), one
hour apart on a fixed clock. Pictures, when drawn, are referenced by their alt text, which says what each shows.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot import record as records
from bot.service import GameManager
from bot.store import Store
from bot.tables.base import GameRef, Picture, PrivateBrief, PublicPost
from engine import registry, yamlfile
from engine.core.rng import Rng
from engine.core.ruleset import seats_for

START = 1_800_000_000  # the fixed clock's first second (a transcript never depends on when it was made)
HOUR = 3600
MAX_MOVES = 3000  # every seeded game in settings.yaml ends far sooner; one that did not would say "active"


class Setting(BaseModel):
    """One transcript: a game, its table and options, and its seed (docs/transcripts/settings.yaml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[a-z0-9_]+$")
    ruleset: str
    players: int = Field(ge=1, le=6)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 1
    title: str = ""


class _SettingsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    transcripts: list[Setting]


SETTINGS_FILE = Path(__file__).resolve().parent.parent / "docs" / "transcripts" / "settings.yaml"
SETTINGS = _SettingsFile.model_validate(yamlfile.load(SETTINGS_FILE.read_text(encoding="utf-8"))).transcripts


def setting(name: str) -> Setting:
    found = next((s for s in SETTINGS if s.name == name), None)
    if found is None:
        raise KeyError(f"No transcript `{name}`. Known: {', '.join(s.name for s in SETTINGS)}.")
    return found


@dataclass
class TranscriptTable:
    """A table that keeps every delivery in the order it was made, as the transcript's lines."""

    seats_of: dict[str, str] = field(default_factory=dict)  # user id -> seat, for DMs to followers
    lines: list[str] = field(default_factory=list)
    seq: int = 0

    async def publish(self, post: PublicPost) -> list[str]:
        self.lines += ["", f"### #{post.game.id} channel — after move {post.game.seq}", "", *_quoted(post.text)]
        for kind, picture in (("board", post.picture), ("close-up", post.closeup), ("replay", post.replay)):
            if picture is not None:
                self.lines += [f"> 🖼 {kind}: {_alt(picture)}"]
        return []

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        self.lines += ["", f"### DM to follower {user_id}", "", *_quoted(text)]
        return True

    async def tell(self, brief: PrivateBrief) -> bool:
        body = [brief.text] if brief.text else []
        decision = brief.decision
        if decision is not None and decision.owes_move:
            body.append(f"Your move: {decision.prompt}" if decision.prompt else "Your move:")
            body += [f"  {i}. {o.label}" + (f" — {o.detail}" if o.detail else "")
                     for i, o in enumerate(decision.options, 1)]
            if decision.extras:
                body.append(f"  Any time: {len(decision.extras)} play(s) — " + "; ".join(o.label for o in decision.extras))
        if body:  # a brief with nothing in it only closes the seat's prompt (Discord edits it): no new message
            self.lines += ["", f"### DM to {brief.seat} — after move {brief.game.seq}", "", *_quoted("\n".join(body))]
        return True

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        self.lines += ["", "### Alert to the host", "", *_quoted(text)]


def _quoted(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def _alt(picture: Picture) -> str:
    return " ".join(picture.alt.split())


async def transcript(s: Setting, *, render: bool = False, db_dir: Path | None = None) -> str:
    """The Markdown transcript of the setting's game. `render`: draw the pictures too and reference each by its alt
    text (three times slower; the committed transcripts are written without them, so the test that regenerates
    them stays quick: a post's picture is the board its lines leave, drawn and checked by the render tests)."""
    ruleset = registry.get(s.ruleset)
    with tempfile.TemporaryDirectory(dir=db_dir) as folder:
        store = await Store.open(Path(folder) / "transcript.sqlite3")
        table = TranscriptTable()
        now = [START]
        manager = GameManager(store, table, clock=lambda: now[0], render=render, new_seed=lambda: s.seed)
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
            f"Seed {s.seed}; {s.players} player(s): {', '.join(seats)}; options: "
            f"{', '.join(f'{k}={v}' for k, v in s.options.items()) or 'standard'}. Generated by `stumpbot transcripts` "
            "(bot/transcripts.py); every message the channel and each seat received, in order.",
            "", f"{moves} moves; the game is {final.status}."]
    return "\n".join(head + table.lines) + "\n"


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
