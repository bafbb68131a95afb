"""The import rules of docs/developers.md ("Principles the code relies on"), checked on the source (not by convention)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {
    # package: modules it must never import
    "engine": {"discord", "aiosqlite", "sqlite3", "PIL", "bot", "render", "random", "time", "asyncio"},
    "render": {"discord", "aiosqlite", "sqlite3", "bot"},
    "bot": {"discord"},  # only bot/discord/ may import discord
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def test_layering() -> None:
    problems = []
    for package, banned in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if package == "bot" and rel.parts[:2] == ("bot", "discord"):
                continue
            for line, module in _imports(path):
                if module in banned:
                    problems.append(f"{rel}:{line} imports {module}")
    assert not problems, "layering violations:\n" + "\n".join(problems)


# The transports — the tables of bot/tables (console, local game, recorder, transcripts) and bot/discord — sit above
# the services, which define the table they deliver through (bot/service/table.py): nothing below them imports
# either folder, at the top of a module, inside a function or for the type checker alike.
BELOW_THE_TRANSPORTS = ("bot/service", "bot/present", "bot/policy", "bot/store", "engine")
TRANSPORTS = ("bot.tables", "bot.discord")


def _dotted_imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file names in an import, in full (`from bot import tables` names `bot.tables`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _is_transport(module: str) -> bool:
    return any(module == t or module.startswith(t + ".") for t in TRANSPORTS)


def test_nothing_below_the_transports_imports_them() -> None:
    problems = []
    for folder in BELOW_THE_TRANSPORTS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            lines: dict[int, str] = {}
            for line, module in _dotted_imports(path):
                if _is_transport(module):
                    lines.setdefault(line, module)
            problems += [f"{path.relative_to(ROOT)}:{line} imports {module}" for line, module in lines.items()]
    assert not problems, "imports of a transport from below it:\n" + "\n".join(problems)


def test_the_transport_check_sees_each_form_of_import(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import bot.tables.base\nfrom bot import discord\ndef f():\n    from bot.tables.base import Table\n"
                      "from bot.service import table\nimport bot.tablesque\n", encoding="utf-8")
    assert sorted({line for line, module in _dotted_imports(source) if _is_transport(module)}) == [1, 2, 4]


def test_render_takes_views_not_state() -> None:
    """render/ may import engine view models, never engine state or rules."""
    problems = []
    for path in (ROOT / "render").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                if not (node.module.endswith(".views") or node.module == "engine.content"):
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {node.module}")
    assert not problems, "\n".join(problems)


def test_engine_has_no_global_randomness() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import random" not in text and "from random" not in text, path


def test_numbers_are_read_as_ascii_digits_only() -> None:
    """`str.isdigit()` says yes to `²` (then `int()` raises) and `re`'s `\\d` matches every script's digits:
    player text is read with `engine.core.notation.is_number` and `[0-9]` instead."""
    import re

    banned = re.compile(r"\.(isdigit|isdecimal|isnumeric)\(|\\d")
    problems = []
    for package in ("engine", "bot", "render"):
        for path in (ROOT / package).rglob("*.py"):
            if path == ROOT / "engine" / "core" / "notation.py":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if banned.search(line):
                    problems.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not problems, "\n".join(problems)
