"""Every relative link in the README and the guides under docs/ resolves: to a file or folder that exists
and, when it names an #anchor, to a heading of that file (GitHub's slugs). External links are not fetched.

The checker is tested on small Markdown files of its own too, so a broken link is known to fail it.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# [text](target "title") and ![alt](target); the text may hold one level of brackets ([`x`] or [a [b]]).
_INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+[\"'(].*?[\"')])?\s*\)")
_REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
_HTML_ANCHOR = re.compile(r"""<a\s[^>]*\b(?:name|id)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks and HTML comments, numbered from 1."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    in_comment = False
    for number, line in enumerate(text.splitlines(), 1):
        if fence is not None:
            match = _FENCE.match(line)
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                    and not line.strip()[len(match.group(1)):].strip():
                fence = None
            continue
        if in_comment:
            if "-->" in line:
                in_comment = False
            continue
        match = _FENCE.match(line)
        if match:
            fence = match.group(1)
            continue
        if line.lstrip().startswith("<!--") and "-->" not in line:
            in_comment = True
            continue
        out.append((number, re.sub(r"<!--.*?-->", "", line)))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: its rendered text lowercased, every character that is not a
    letter, a digit, a space, a hyphen or an underscore dropped, each space made a hyphen."""
    text = _CODE_SPAN.sub(lambda m: m.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text stays, its target goes
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags
    text = text.replace("*", "")  # emphasis marks (underscores are kept: GitHub keeps them)
    text = text.strip().lower()
    kept = "".join(ch for ch in text
                   if ch in " -_" or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Mn")
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor a Markdown file offers: its headings' slugs (a repeated one gets -1, -2, …) and
    explicit HTML anchors."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    lines = _prose_lines(text)
    previous: tuple[int, str] | None = None
    for number, line in lines:
        heading = None
        match = _HEADING.match(line)
        if match:
            heading = match.group(2)
        elif previous is not None and previous[0] == number - 1 and previous[1].strip() \
                and _SETEXT.match(line) and not _HEADING.match(previous[1]):
            heading = previous[1].strip()  # a setext heading: text, then a line of = or -
        if heading is not None:
            base = slug(heading)
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
        found.update(a.lower() for a in _HTML_ANCHOR.findall(line))
        previous = (number, line)
    return found


def link_targets(text: str) -> list[tuple[int, str]]:
    """Every link target of a Markdown file with its line: inline links and images, reference
    definitions. Code spans and fenced code are not links."""
    out: list[tuple[int, str]] = []
    for number, line in _prose_lines(text):
        line = _CODE_SPAN.sub("", line)
        targets = [m.group(1) for m in _INLINE_LINK.finditer(line)]
        definition = _REFERENCE_DEF.match(line)
        if definition:
            targets.append(definition.group(1))
        for target in targets:
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1]
            out.append((number, target))
    return out


def broken_links(files: list[Path], root: Path) -> list[str]:
    """Every relative link in `files` that does not resolve, as `file:line: target: why`."""
    problems: list[str] = []
    cache: dict[Path, set[str]] = {}

    def anchors_of(path: Path) -> set[str]:
        if path not in cache:
            cache[path] = anchors(path.read_text(encoding="utf-8"))
        return cache[path]

    for source in files:
        where = source.relative_to(root).as_posix()
        for number, target in link_targets(source.read_text(encoding="utf-8")):
            if _SCHEME.match(target) or target.startswith("//"):
                continue  # http(s), mailto…: not fetched
            path_part, _, anchor = target.partition("#")
            path_part = unquote(path_part.split("?", 1)[0])
            if path_part.startswith("/"):
                dest = root / path_part.lstrip("/")
            elif path_part:
                dest = source.parent / path_part
            else:
                dest = source
            label = f"{where}:{number}: ({target})"
            if not path_part and not anchor:
                problems.append(f"{label}: an empty link")
                continue
            if not dest.exists():
                problems.append(f"{label}: no such file {dest.resolve().relative_to(root.resolve()) if dest.resolve().is_relative_to(root.resolve()) else dest}")
                continue
            if not dest.resolve().is_relative_to(root.resolve()):
                problems.append(f"{label}: points outside the repository")
                continue
            if anchor:
                anchor = unquote(anchor).lower()
                if dest.is_dir() or dest.suffix.lower() != ".md":
                    problems.append(f"{label}: an anchor into {dest.name}, which is not a Markdown file")
                elif anchor not in anchors_of(dest.resolve()):
                    problems.append(f"{label}: {dest.name} has no heading #{anchor}")
    return problems


def documentation(root: Path) -> list[Path]:
    """The README and every Markdown file under docs/."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


# ---------------------------------------------------------------- the repository's own docs


def test_every_link_in_the_readme_and_the_guides_resolves() -> None:
    problems = broken_links(documentation(ROOT), ROOT)
    assert not problems, f"{len(problems)} broken link(s):\n" + "\n".join(problems)


def test_the_readme_links_every_guide() -> None:
    readme = {(ROOT / t.partition("#")[0]).resolve()
              for _, t in link_targets((ROOT / "README.md").read_text(encoding="utf-8")) if not _SCHEME.match(t)}
    guides = [ROOT / "docs" / n for n in ("admins.md", "operators.md", "developers.md", "players/README.md")]
    guides += [g for g in sorted((ROOT / "docs" / "players").glob("*.md")) if g not in guides]
    missing = [g.relative_to(ROOT).as_posix() for g in guides if g.resolve() not in readme or not g.exists()]
    assert not missing, f"the README's Documentation list misses {missing}"


# ---------------------------------------------------------------- the checker itself


def test_slugs_follow_githubs_rule() -> None:
    assert slug("Quick start — two commands") == "quick-start--two-commands"
    assert slug("How to play 1960: The Making of the President") == "how-to-play-1960-the-making-of-the-president"
    assert slug("Reminders and the table's pulse") == "reminders-and-the-tables-pulse"
    assert slug("What a turn changed: the caption and the close-up") == "what-a-turn-changed-the-caption-and-the-close-up"
    assert slug("The `game_id` [argument](x.md) **now**") == "the-game_id-argument-now"
    assert anchors("# A\n\n## A\n\ntext\n\n### A\n") == {"a", "a-1", "a-2"}
    assert anchors("```\n# not a heading\n```\n#N. not one either\n<a name=\"Here\"></a>\n") == {"here"}
    assert anchors("Setext\n======\n") == {"setext"}


def test_the_checker_reports_every_broken_link_at_once(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\n## Two words\n\nBack to [the top](../README.md#top).\n",
                                                encoding="utf-8")
    (tmp_path / "README.md").write_text(
        "# Top\n\n"
        "[ok](docs/guide.md#two-words) [ok too](#top) [web](https://example.com/#nowhere) "
        "[folder](docs/) `[code](missing.md)`\n\n"
        "```\n[fenced](missing.md)\n```\n\n"
        "[no file](docs/missing.md) and [no heading](docs/guide.md#three-words)\n"
        "[no anchor here](#bottom) ![no image](docs/pic.png)\n\n"
        "[ref]: docs/gone.md\n",
        encoding="utf-8")
    problems = broken_links(documentation(tmp_path), tmp_path)
    assert len(problems) == 5, problems
    text = "\n".join(problems)
    for target in ("docs/missing.md", "docs/guide.md#three-words", "#bottom", "docs/pic.png", "docs/gone.md"):
        assert f"({target})" in text, (target, problems)
    assert "README.md:9:" in text and "README.md:12:" in text
