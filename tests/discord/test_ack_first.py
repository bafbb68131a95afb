"""Acknowledge first, checked on the source: every flow a command or a component runs begins
with `await ack(interaction)` — nothing (no lock, read or render) is awaited before it. The flows are the modules
bot/discord/flows.py (what they share) and bot/discord/*_flows.py (one per concern)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "bot" / "discord"


def _is_flows(name: str) -> bool:
    return name == "flows" or name.endswith("_flows")


def _entry_points() -> set[tuple[str, str]]:
    """(module, function) for each flow the slash commands and the components' clicks call: `lobby_flows.join(…)`."""
    found: set[tuple[str, str]] = set()
    for path in [*(ROOT / "cogs").glob("*.py"), ROOT / "components.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and _is_flows(node.func.value.id):
                found.add((node.func.value.id, node.func.attr))
    # the wrapper; autocompletes (`*_choices`) answer directly
    return {(m, f) for m, f in found if not f.endswith("_choices") and f != "guarded"}


def _functions(module: str) -> dict[str, ast.AsyncFunctionDef]:
    tree = ast.parse((ROOT / f"{module}.py").read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.AsyncFunctionDef)}


def _first_await(func: ast.AsyncFunctionDef) -> ast.Await | None:
    awaits = [n for n in ast.walk(func) if isinstance(n, ast.Await)]
    return min(awaits, key=lambda n: (n.lineno, n.col_offset)) if awaits else None


def test_every_flow_acknowledges_first() -> None:
    entries = _entry_points()
    names = {f for _, f in entries}
    assert {"new_game", "choose", "show_hand", "move", "lobby_button", "status", "pause", "substitute"} <= names
    assert {m for m, _ in entries} >= {"lobby_flows", "play_flows", "info_flows", "clock_flows", "seat_flows"}
    problems = []
    for module, name in sorted(entries):
        func = _functions(module)[name]
        first = _first_await(func)
        call = first.value if first is not None else None
        callee = call.func.id if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) else None
        if callee == "ack":
            continue
        if name == "lobby_button":  # a dispatcher: each branch is itself an entry that acks first
            callees = {(module, n.value.func.id) for n in ast.walk(func) if isinstance(n, ast.Await)}
            if callees <= entries:
                continue
        problems.append(f"{module}.{name}: first await is {ast.unparse(first) if first else 'missing'}")
    assert not problems, "\n".join(problems)
