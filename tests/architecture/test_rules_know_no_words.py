"""Rules compute, words are made apart: in a title whose ruleset declares its words (`ModuleRuleset.words`, a module
`engine/<title>/words*.py`), no module on the rules' side reaches a words module — not by its own import, nor through another module of the title it imports. Only the
modules that speak to players may: the ruleset object (which wires the words into the contract), the words
themselves, the views, the refusals, the card texts and the scenario adapter. So the rules state facts, and the
silent path a search takes (silent.py, on rules.py) never builds a word. Checked on the source, imports inside
functions included."""
from __future__ import annotations

import ast
from pathlib import Path

from engine import registry
from engine.core.ruleset import ModuleRuleset

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
# the modules of a title that speak to players, by name (a prefix: `words` covers words.py and words_cards.py)
SPEAKERS = ("ruleset", "words", "views", "viewing", "refusals", "cards", "scenario_adapter")


def _titles_with_words() -> list[str]:
    """The titles whose ruleset runs a words module after its rules (a title still wording inside its rules has
    not split them yet, whatever its modules are called)."""
    titles = []
    for ruleset in registry.RULESETS.values():
        words = ruleset.words if isinstance(ruleset, ModuleRuleset) else None
        if words is not None:
            package = words.__name__.split(".")
            assert package[:1] == ["engine"] and package[2].startswith("words"), f"{ruleset.name}'s words: {package}"
            titles.append(package[1])
    return sorted(titles)


def _own_imports(title: str, module: str, source: str) -> set[str]:
    """The modules of `title` that `module`'s source imports (absolute, from-package or relative)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = f"engine.{title}" if node.level else ""
            module_name = ".".join(x for x in (base, node.module or "") if x)
            names = [module_name] + [f"{module_name}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if len(parts) >= 3 and parts[:2] == ["engine", title]:
                found.add(parts[2])
    found.discard(module)
    return found


def _reaches_words(title: str, sources: dict[str, str]) -> list[str]:
    """Each module of the rules' side that reaches a words module, with the chain of imports that gets there."""
    graph = {m: _own_imports(title, m, s) for m, s in sources.items()}
    problems = []
    for start in sorted(m for m in graph if not m.startswith(SPEAKERS)):
        chains, seen = [[start]], {start}
        while chains:
            chain = chains.pop(0)
            for nxt in sorted(graph.get(chain[-1], ())):
                if nxt.startswith("words"):
                    problems.append(f"engine/{title}/{start}.py reaches words: {' → '.join([*chain, nxt])}")
                    chains = []
                    break
                if nxt not in seen and not nxt.startswith(SPEAKERS):
                    seen.add(nxt)
                    chains.append([*chain, nxt])
    return problems


def _sources(title: str) -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((ENGINE / title).glob("*.py"))}


def test_electioneer_has_its_words_apart() -> None:
    """The model every title copies has a words module, so the check below is not empty."""
    assert "electioneer" in _titles_with_words()


def test_no_rules_module_reaches_its_titles_words() -> None:
    problems = [p for title in _titles_with_words() for p in _reaches_words(title, _sources(title))]
    assert not problems, "rules state facts; only the contract's words word them:\n" + "\n".join(problems)


def test_the_check_sees_a_direct_and_a_roundabout_import() -> None:
    sources = _sources("electioneer")
    direct = {**sources, "rules": sources["rules"] + "\nfrom engine.electioneer import words\n"}
    found = _reaches_words("electioneer", direct)
    assert "engine/electioneer/rules.py reaches words: rules → words" in found, found
    assert "engine/electioneer/silent.py reaches words: silent → rules → words" in found, found
    roundabout = {**sources, "moves": sources["moves"] + "\ndef f():\n    from . import words\n"}
    found = _reaches_words("electioneer", roundabout)
    assert "engine/electioneer/silent.py reaches words: silent → moves → words" in found, found
    assert _reaches_words("electioneer", sources) == []
    assert "engine/electioneer/rules.py reaches words: rules → moves → words" in found, found
