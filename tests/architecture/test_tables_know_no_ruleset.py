"""The tables know no ruleset by name: adding a ruleset touches only its own files
and one registration line each in engine/registry.py, render/registry.py and bot/present/__init__.py.

Checked on the source of every module under bot/ (bot/present/, the presenters, excepted) and of
every other module that looks pictures up in render/registry.py: none may hold a registered
ruleset's stable name in a string (the names dispatch is done on; a title in a help text is
prose) or import a ruleset's engine package or its renderer, imports inside functions included.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from bot import present
from engine import registry
from render import registry as render_registry

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
RULESET_PACKAGES = sorted(p.name for p in ENGINE.iterdir() if (p / "ruleset.py").is_file() and p.name != "core")
RULESET_NAMES = sorted({*registry.RULESETS, *RULESET_PACKAGES})
RENDERER_MODULES = sorted({r.module for r in render_registry.RENDERERS.values()})
REGISTRATIONS = {Path("engine/registry.py"), Path("render/registry.py"), Path("bot/present/__init__.py")}
# the one default each front door may name: `stumpbot play` without --ruleset, and /game new without one
DEFAULT_RULESET_ALLOWED = {Path("bot/cli.py"), Path("bot/discord/cogs/lobby.py")}


def _imported(tree: ast.AST, own: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, dotted name) for every module and name imported, relative imports resolved against `own`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = own[: len(own) - node.level] if node.level else ()
            module = ".".join((*base, node.module or "")).rstrip(".")
            # `from render import electioneer` names the module in the imported names
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def _default_ruleset_constants(tree: ast.AST) -> set[int]:
    """ids of the string constants that are a default ruleset: `DEFAULT_RULESET = "…"` or `ruleset: str = "…"`."""
    allowed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "DEFAULT_RULESET" for t in node.targets):
            allowed.add(id(node.value))
        elif isinstance(node, ast.arguments):
            positional = [*node.posonlyargs, *node.args]
            pairs = [*zip(positional[len(positional) - len(node.defaults):], node.defaults),
                     *((a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults) if d is not None)]
            allowed |= {id(default) for arg, default in pairs if arg.arg == "ruleset"}
    return allowed


def _problems(rel: Path, source: str) -> list[str]:
    """What in one module names or imports a ruleset."""
    tree = ast.parse(source, filename=str(rel))
    own = rel.with_suffix("").parts
    problems = [f"{rel}:{line} imports {name}" for line, name in _imported(tree, own)
                if any(r in name for r in RULESET_NAMES) or any(name == m or name.startswith(m + ".") for m in RENDERER_MODULES)]
    allowed = _default_ruleset_constants(tree) if rel in DEFAULT_RULESET_ALLOWED else set()
    problems += [f"{rel}:{node.lineno} names {name!r}" for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in allowed
                 for name in RULESET_NAMES if name in node.value]
    return problems


def _render_registry_consumers() -> set[Path]:
    """Every module outside bot/ that imports render/registry.py (bot/present/pictures.py is one inside)."""
    consumers = set()
    for package in ("engine", "render", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT)
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(rel))
            if any(name == "render.registry" or name.startswith("render.registry.")
                   for _, name in _imported(tree, rel.with_suffix("").parts)):
                consumers.add(rel)
    return consumers


def _presenter(rel: Path) -> bool:
    """A ruleset's own presenter or tally (bot/present/<ruleset>.py, bot/present/tallies/<ruleset>.py): the one
    place under bot/ that knows its game. The rest of bot/present/ (captions, pictures, text…) is shared and
    names no ruleset, like a table."""
    return rel.parts[:2] == ("bot", "present") and rel.stem in RULESET_NAMES


def _tables() -> list[Path]:
    tables = {p.relative_to(ROOT) for p in (ROOT / "bot").rglob("*.py") if not _presenter(p.relative_to(ROOT))}
    return sorted((tables | _render_registry_consumers()) - REGISTRATIONS)


def test_the_tables_name_and_import_no_ruleset() -> None:
    problems = [p for rel in _tables() for p in _problems(rel, (ROOT / rel).read_text(encoding="utf-8"))]
    assert not problems, ("a table dispatches on a ruleset: move it into the ruleset's presenter (bot/present/) "
                          "or renderer (render/registry.py):\n" + "\n".join(problems))


def test_the_tables_include_the_picture_and_text_dispatch() -> None:
    tables = _tables()
    for module in ("bot/present/pictures.py", "bot/present/text.py", "bot/tables/local_turn.py", "bot/discord/ui.py"):
        assert Path(module) in tables


def test_only_registered_rulesets_are_presented_and_drawn() -> None:
    """Registered rulesets, and those still under construction (they get their picture and words before
    the bot offers them); no other name."""
    assert RULESET_NAMES and RENDERER_MODULES
    known = set(registry.RULESETS) | set(registry.UNDER_CONSTRUCTION)
    assert set(present.PRESENTERS) <= known, present.PRESENTERS
    assert set(render_registry.RENDERERS) <= known, render_registry.RENDERERS


def test_the_check_sees_what_it_must() -> None:
    """The checker itself: strings, imports of every kind (relative, in functions, renderer modules,
    names re-exported by a package) count; a default ruleset counts only where it is allowed."""
    name = RULESET_NAMES[0]
    source = (f"import engine.{RULESET_PACKAGES[0]}.views\nfrom render import render_{name}\n"
              f"def f(ruleset: str = '{name}'):\n    from ..present.{name} import x\n    return ruleset == \"{name}\"\n"
              f"import {RENDERER_MODULES[0]}\nDEFAULT_RULESET = '{name}'\nfrom bot import text\n")
    lines = sorted({int(p.split(":")[1].split()[0]) for p in _problems(Path("bot/discord/probe.py"), source)})
    assert lines == [1, 2, 3, 4, 5, 6, 7]
    allowed = sorted({int(p.split(":")[1].split()[0]) for p in _problems(Path("bot/cli.py"), source)})
    assert allowed == [1, 2, 4, 5, 6]


# ---------------------------------------------------------------- no game's options either

def _option_names() -> list[str]:
    """Every registered ruleset's own lobby options (read from its options model; `deadline_hours` is the
    tables' own option, with a command option of its own)."""
    from bot.present.option_hints import OWN_OPTIONS

    names = {n for r in registry.RULESETS.values() for n in type(r.parse_options({})).model_fields}
    return sorted(names - OWN_OPTIONS)


def _option_problems(rel: Path, source: str, names: list[str]) -> list[str]:
    """Where one module of the tables handles a game's option by name: a parameter named after it, an options
    mapping read or written with its name as the key, or a `name=value` example in a string. (A bare word such
    as "first" or "parties" elsewhere is ordinary English and names nothing.)"""
    tree = ast.parse(source, filename=str(rel))
    wanted = set(names)
    example = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")=")
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.arg in wanted:
            problems.append(f"{rel}:{node.lineno} takes the option {node.arg!r} as a parameter")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in wanted:
            problems.append(f"{rel}:{node.lineno} reads or writes the option {node.slice.value!r}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop")
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in wanted):
            problems.append(f"{rel}:{node.lineno} reads the option {node.args[0].value!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and example.search(node.value):
            problems.append(f"{rel}:{node.lineno} gives a game's option as an example: {node.value[:60]!r}")
    return problems


def test_the_tables_name_no_game_option() -> None:
    names = _option_names()
    assert "deadline_hours" not in names and len(names) >= len(registry.RULESETS)
    problems = [p for rel in _tables() for p in _option_problems(rel, (ROOT / rel).read_text(encoding="utf-8"), names)]
    assert not problems, ("a table names a game's lobby option: options come from the ruleset chosen "
                          "(bot/present/option_hints.py reads its model):\n" + "\n".join(problems))


def test_the_option_check_sees_what_it_must() -> None:
    name = _option_names()[0]
    source = (f"def new(x, {name}: int | None):\n    options['{name}'] = {name}\n    return opts.get('{name}')\n"
              f"HELP = 'e.g. {name}=1'\nfirst = options.get('deadline_hours')\n")
    lines = sorted({int(p.split(":")[1].split()[0]) for p in _option_problems(Path("bot/x.py"), source, [name])})
    assert lines == [1, 2, 3, 4]
