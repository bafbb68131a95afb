"""No import circles under engine/ nor under bot/, checked on the source; and bot/discord/ one way,
registration → commands → flows → table → layouts → components → helpers. (That rulesets stay apart and the core
knows none of them is tests/architecture/test_rulesets_apart.py's.)

The graph counts every import: module-level, deferred (inside a function) and type-only (under `if TYPE_CHECKING:`)
alike. A deferred import is the usual way a circle is hidden, and it couples the two modules at run time all the
same; a type-only import couples them for every reader and type checker, and hides a circle just as well (a table
typed with the client that builds it: name what the table needs in a Protocol of a lower module instead, as
bot/discord/host.py does). Edges are between modules (files): `from engine.x import y` is an edge to `engine.x.y`
when that is a module, else to `engine.x`. Each root is a graph of its own (engine/ imports nothing of bot/:
tests/architecture/test_layering.py).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROOTS = ("engine", "bot")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: str) -> dict[str, Path]:
    """Every module under ROOT/`root`, by dotted name (a package by its own name: `bot.discord.cogs`)."""
    return {_module_name(p): p for p in (ROOT / root).rglob("*.py")}


def _imported(tree: ast.AST, here: str, modules: dict[str, Path]) -> set[str]:
    out: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolved against this module's package
                package = here.split(".")[: -node.level] if not modules[here].name == "__init__.py" \
                    else here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*package, *([base] if base else [])])
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {m for m in out if m in modules and m != here}


def import_graph(root: str) -> dict[str, set[str]]:
    """module -> the modules under the same root it imports."""
    modules = _modules(root)
    return {name: _imported(ast.parse(path.read_text(encoding="utf-8")), name, modules)
            for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan), each as a closed path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(_closed_path(graph, set(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _closed_path(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """One concrete circle through the component's first module, for the failure message."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & component):
                if w == start:
                    return [*paths[v], start]
                if w not in paths:
                    paths[w] = [*paths[v], w]
                    nxt.append(w)
        frontier = nxt
    return sorted(component)


@pytest.mark.parametrize("root", ROOTS)
def test_no_import_cycles(root: str) -> None:
    graph = import_graph(root)
    assert len(graph) > 10, f"no modules found under {root}/"
    found = cycles(graph)
    assert not found, "import circles (one path each; every module of a tangle listed after it):\n" + "\n".join(
        " -> ".join(path) + f"   [{', '.join(sorted(_tangle(graph, path[0])))}]" for path in found)


def _tangle(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module both reachable from `start` and reaching it: the whole knot a circle belongs to."""
    def reach(edges: dict[str, set[str]]) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for w in edges[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    reverse: dict[str, set[str]] = {v: set() for v in graph}
    for v, targets in graph.items():
        for w in targets:
            reverse[w].add(v)
    return reach(graph) & reach(reverse)


# bot/discord/ one way, top to bottom: the client registers the commands, a command (or a component's click)
# runs a flow, a flow builds on the table, the layouts and the components, and all of them on the helpers.
# Imports go down, or sideways inside a layer (where the circle test above keeps them one way too).
DISCORD_LAYERS = ("registration", "commands", "flows", "table", "layouts", "components", "helpers")
FLOWS_BASE = "flows"  # what every flow shares (finding the game, the guard): the bottom of the flows layer


def _discord_layer(module: str) -> str:
    name = module.removeprefix("bot.discord").removeprefix(".")
    if name in ("", "client"):
        return "registration"
    if name == "cogs" or name.startswith("cogs."):  # the slash commands, and what the clicks run (cogs/clicks.py)
        return "commands"
    if name == FLOWS_BASE or name.endswith("_flows") or name == "dm_games":  # by concern: lobby_flows, play_flows…
        return "flows"
    if name in ("table", "live_prompt", "game_threads", "follower_dms", "dashboard", "jump", "lobby_card"):
        # posting to the game's channel and the players' DMs
        return "table"
    if name == "ui":  # embeds and views
        return "layouts"
    if name == "components":  # the persistent components: their custom ids, and no flow
        return "components"
    return "helpers"  # respond, errors, limits, walk, logging, host: a new module lands here until it says otherwise


def test_bot_discord_imports_run_one_way() -> None:
    graph = import_graph("bot")
    discord_modules = sorted(m for m in graph if m == "bot.discord" or m.startswith("bot.discord."))
    layers = {m: DISCORD_LAYERS.index(_discord_layer(m)) for m in discord_modules}
    assert set(layers.values()) == set(range(len(DISCORD_LAYERS))), "a layer of bot/discord has no module left"
    upward = [f"{m} ({_discord_layer(m)}) imports {w} ({_discord_layer(w)})"
              for m in discord_modules for w in sorted(graph[m]) if w in layers and layers[w] < layers[m]]
    assert not upward, "bot/discord imports against the one way " + " → ".join(DISCORD_LAYERS) + ":\n" + "\n".join(upward)


def test_the_flows_share_a_base_that_imports_no_flow() -> None:
    """Sideways inside the flows layer, the shared module is at the bottom: every flow may use it, it uses none."""
    graph = import_graph("bot")
    base = f"bot.discord.{FLOWS_BASE}"
    flows = sorted(w for w in graph[base] if w.startswith("bot.discord.") and _discord_layer(w) == "flows")
    assert not flows, f"{base} imports flows: {flows}"
    users = [m for m in graph if m.endswith("_flows") and base in graph[m]]
    assert len(users) >= 5, "the flows no longer share bot/discord/flows.py"


def test_the_checker_counts_deferred_and_type_only_imports() -> None:
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from pkg.a import Thing\n"
              "def later():\n    from pkg import b\n")
    modules = {name: Path(f"{name.replace('.', '/')}.py") for name in ("pkg.a", "pkg.b", "pkg.c")}
    assert _imported(ast.parse(source), "pkg.c", modules) == {"pkg.a", "pkg.b"}


def test_the_checker_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "e"}, "d": {"a"}, "e": {"b"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert _tangle(graph, "a") == {"a", "b", "c", "e"}
