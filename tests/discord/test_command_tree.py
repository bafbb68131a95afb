"""The registered command tree, walked as Discord receives it (each command's `to_dict`, the sync's payload): room in
every group, words for every option, and no message or guide naming a command the tree lacks.

Discord caps a group at 25 subcommands and a top-level command at 4,000 characters: its name and description, and
those of its subcommands, subgroups and options, with each choice's name and value. Each group here keeps to 20, so
a new command has somewhere to go."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.discord.cogs import all_commands

ROOT = Path(__file__).resolve().parents[2]
MOST_SUBCOMMANDS = 20  # of Discord's 25
MOST_CHARACTERS = 4000  # Discord's own cap
SUBCOMMAND = discord.AppCommandOptionType.subcommand.value
SUBGROUP = discord.AppCommandOptionType.subcommand_group.value

# `/name sub`, in code or bare; never a path's or a link's (`bot/discord`, `/dev/null`, `https://…/channels/…`)
REFERENCE = re.compile(r"(?<![\w/.:<>\]-])(`?)/([a-z][a-z0-9]*)(?![\w/])(?: ([a-z][a-z0-9]*))?")
# Bare prose after a group's name, not a subcommand: "the /settings commands", "`/seat` and `/clock`"
PROSE = {"and", "or", "commands"}
# Where players and admins read command names: every message the bot sends, and the guides. The services' own
# messages are checked apart (below), by what they name.
MESSAGES = ("bot/**/*.py", "engine/**/*.py", "docs/**/*.md", "README.md")


def _payloads() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for command in all_commands():
        tree.add_command(command)
    return [command.to_dict(tree) for command in tree.get_commands()]


PAYLOADS = _payloads()


def _characters(node: dict[str, Any]) -> int:
    """What Discord counts of a command or option: its name and description, its choices' names and values, and
    the same of each option inside it."""
    own = len(node["name"]) + len(node.get("description", ""))
    own += sum(len(c["name"]) + len(str(c["value"])) for c in node.get("choices") or [])
    return own + sum(_characters(o) for o in node.get("options") or [])


def _groups(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(its qualified name, its subcommands and subgroups) for each group in `node`, itself included."""
    path = f"{path} {node['name']}".strip()
    children = [o for o in node.get("options") or [] if o["type"] in (SUBCOMMAND, SUBGROUP)]
    if children:
        yield path, children
        for child in children:
            yield from _groups(child, path)


def _options(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, option) for every option of every command under `node`."""
    path = f"{path} {node['name']}".strip()
    for option in node.get("options") or []:
        if option["type"] in (SUBCOMMAND, SUBGROUP):
            yield from _options(option, path)
        else:
            yield f"/{path} {option['name']}", option


def _named() -> dict[str, set[str]]:
    """Each top-level command's name, with its subcommands' (and subgroups') names."""
    return {p["name"]: {o["name"] for o in p.get("options") or [] if o["type"] in (SUBCOMMAND, SUBGROUP)}
            for p in PAYLOADS}


def _unknown_references(patterns: tuple[str, ...]) -> list[str]:
    """`file: /name sub` for each command named in those files that the tree lacks."""
    named = _named()
    problems = []
    for pattern in patterns:
        for path in sorted(set(ROOT.glob(pattern))):
            for quoted, name, sub in REFERENCE.findall(path.read_text(encoding="utf-8")):
                where = path.relative_to(ROOT)
                if name not in named:
                    if quoted:  # a bare /word in prose may be anything; in code it is a command
                        problems.append(f"{where}: /{name}")
                elif sub and named[name] and sub not in named[name] and (quoted or sub not in PROSE):
                    problems.append(f"{where}: /{name} {sub}")
    return sorted(set(problems))


def test_the_tree_is_the_one_expected() -> None:
    named = _named()
    assert {"game", "seat", "clock", "move", "card", "settings"} <= set(named)
    assert {"new", "join", "hand", "status", "log", "help"} <= named["game"]
    assert named["seat"] == {"offer", "take", "bot", "free"}
    assert named["clock"] == {"deadline", "pause", "resume", "extend", "vacation"}


def test_every_group_has_room_to_grow() -> None:
    crowded = [f"/{name}: {len(children)} subcommands" for p in PAYLOADS for name, children in _groups(p)
               if len(children) > MOST_SUBCOMMANDS]
    assert not crowded, f"more than {MOST_SUBCOMMANDS} in a group (Discord allows 25):\n" + "\n".join(crowded)


def test_every_command_fits_discords_character_cap() -> None:
    sizes = {p["name"]: _characters(p) for p in PAYLOADS}
    assert all(size > 0 for size in sizes.values())
    over = {name: size for name, size in sizes.items() if size > MOST_CHARACTERS}
    assert not over, f"over Discord's {MOST_CHARACTERS} characters: {over}"


def test_every_option_is_described_in_words() -> None:
    """discord.py describes an undescribed option "…": a player sees that, and nothing about what to give."""
    vague = [where for p in PAYLOADS for where, option in _options(p)
             if option.get("description", "").strip() in ("", "…", "...")]
    assert not vague, "options with no description:\n" + "\n".join(vague)


def test_the_counts_are_discords() -> None:
    """The walk counts what Discord counts, on a command made for it."""
    group = app_commands.Group(name="grp", description="abc")

    @group.command(name="sub", description="de")
    @app_commands.describe(pick="fgh")
    @app_commands.choices(pick=[app_commands.Choice(name="ij", value="k")])
    async def sub(interaction: discord.Interaction, pick: str) -> None: ...

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    tree.add_command(group)
    payload = group.to_dict(tree)
    assert _characters(payload) == len("grp" "abc" "sub" "de" "pick" "fgh" "ij" "k")
    assert [(name, len(children)) for name, children in _groups(payload)] == [("grp", 1)]


def test_every_command_named_in_messages_and_guides_exists() -> None:
    problems = _unknown_references(MESSAGES)
    assert not problems, "commands the tree lacks:\n" + "\n".join(problems)
