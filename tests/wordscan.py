"""Whole-word patterns that scan long texts fast.

Python's `re` finds a pattern's first character quickly when it is a literal or a class (`[AC]`), but a pattern
that begins with `\\b` is tried at every position: `\\b[AC]\\d{2}\\b` takes about 1 ms over a 10 KB view's JSON,
`[AC]\\d{2}\\b` a tenth of that. `whole_words` compiles the body without the leading `\\b` and checks the
character before each match itself, so it finds exactly what `\\b(?:body)\\b` finds, for a body whose matches
begin with a word character (card ids, names)."""
from __future__ import annotations

import re
from collections.abc import Iterator


class WholeWords:
    def __init__(self, body: str, flags: int = 0) -> None:
        self.pattern = re.compile(f"(?:{body})\\b", flags)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        search, pos = self.pattern.search, 0
        while (m := search(text, pos)) is not None:
            start = m.start()
            if start and _word_char(text[start - 1]):
                pos = start + 1  # inside a word: a match may still begin at a later boundary
                continue
            yield m
            pos = m.end() if m.end() > start else start + 1

    def findall(self, text: str) -> list[str]:
        return [m.group(0) for m in self.finditer(text)]


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def whole_words(body: str, flags: int = 0) -> WholeWords:
    """`\\b(?:body)\\b`, scanned fast (the module's docstring says how)."""
    return WholeWords(body, flags)
