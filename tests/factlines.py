"""A check shared by the titles' words tests: an event's line is made from its facts alone."""
from __future__ import annotations

import json
from types import ModuleType
from typing import Any


def worded_from_facts(event: Any, words: ModuleType) -> str:
    """The event's facts are plain data (nothing a player reads) and its line is what `words` (a title's words
    module, with `line` and `private`) makes of them: a private note by `private`, any other line by `line`.
    Returns the facts' kind."""
    assert event.facts is not None, f"a line in words only: {event}"
    json.dumps(event.facts.model_dump(mode="json"))
    if event.private:
        assert event.public is None and event.private == words.private(event.facts), event
    else:
        assert event.public == words.line(event.facts), event
    return event.kind


def sentences(node: Any) -> list[str]:
    """Every text in a dump that reads as words (has a space)."""
    if isinstance(node, dict):
        return [s for value in node.values() for s in sentences(value)]
    if isinstance(node, list):
        return [s for value in node for s in sentences(value)]
    return [node] if isinstance(node, str) and " " in node else []
