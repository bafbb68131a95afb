"""Acknowledge first, checked on the source: every flow a command or a component runs begins
with `await ack(interaction)` — nothing (no lock, read or render) is awaited before it."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "bot" / "discord"


def _entry_points() -> set[str]:
    """The flows.* the slash commands and the components call."""
    names: set[str] = set()
    for path in [*(ROOT / "cogs").glob("*.py"), ROOT / "components.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "flows":
                names.add(node.func.attr)
    # the wrapper; autocompletes (`*_choices`) answer directly
    return {n for n in names if not n.endswith("_choices")} - {"guarded"}


def _first_await(func: ast.AsyncFunctionDef) -> ast.Await | None:
    awaits = [n for n in ast.walk(func) if isinstance(n, ast.Await)]
    return min(awaits, key=lambda n: (n.lineno, n.col_offset)) if awaits else None


def test_every_flow_acknowledges_first() -> None:
    tree = ast.parse((ROOT / "flows.py").read_text(encoding="utf-8"))
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.AsyncFunctionDef)}
    entries = _entry_points()
    assert {"new_game", "choose", "show_hand", "move", "lobby_button"} <= entries
    problems = []
    for name in sorted(entries):
        first = _first_await(funcs[name])
        call = first.value if first is not None else None
        callee = call.func.id if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) else None
        if callee == "ack":
            continue
        if name == "lobby_button":  # a dispatcher: each branch is itself an entry that acks first
            callees = {n.value.func.id for n in ast.walk(funcs[name]) if isinstance(n, ast.Await)}
            if callees <= entries:
                continue
        problems.append(f"{name}: first await is {ast.unparse(first) if first else 'missing'}")
    assert not problems, "\n".join(problems)
