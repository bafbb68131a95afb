"""YAML as this project reads it: safe, and never dependent on a YAML library's choice.

Two constructs are read differently by different PyYAML releases (6.0.2 let the first of several
merged mappings win a shared key, 6.0.4 the last), or silently lose data in all of them (a key
written twice in one mapping). Both are refused here with the key and the line, so no scenario case
or content file can mean one thing on one machine and another on the next. A mapping's own keys
still override what it merges: that reading is fixed by the merge-key spec.
"""
from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

MERGE_TAG = "tag:yaml.org,2002:merge"


class AmbiguousYaml(yaml.YAMLError):
    """A mapping whose meaning would depend on the YAML library: a key set twice."""

    def __init__(self, key: str, line: int, why: str) -> None:
        super().__init__(f"line {line}: key `{key}` {why}")
        self.key = key
        self.line = line  # 1-based


def _key_text(node: Any) -> str | None:
    return str(node.value) if isinstance(node, ScalarNode) else None


# libyaml's parser where the machine has it (about 7x faster on our content, every node and mark the same), else
# PyYAML's own; the checks below run on the nodes either one composes.
_SafeBase: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StrictLoader(_SafeBase):  # type: ignore[misc,valid-type]
    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        # Flattening rewrites a node in place (merged pairs first, then its own), and an aliased
        # mapping is reached again: check each node once, before it is rewritten.
        self._flattened: set[int] = set()

    def flatten_mapping(self, node: MappingNode) -> None:
        if id(node) in self._flattened:
            return
        self._flattened.add(id(node))
        own: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == MERGE_TAG:
                self._check_merge(value_node, node)
                continue
            key = _key_text(key_node)
            if key is None:
                continue
            if key in own:
                raise AmbiguousYaml(key, key_node.start_mark.line + 1, "is written twice in one mapping")
            own.add(key)
        super().flatten_mapping(node)

    def _check_merge(self, value_node: Any, node: MappingNode) -> None:
        sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
        seen: set[str] = set()
        for source in sources:
            if not isinstance(source, MappingNode):
                continue  # PyYAML itself refuses a merge of a non-mapping
            self.flatten_mapping(source)  # a merged mapping's own merges first
            # once flattened, a key the source overrode stands in it twice: count the source's keys once
            keys = {key for key_node, _ in source.value if (key := _key_text(key_node)) is not None}
            for key in sorted(keys & seen)[:1]:
                raise AmbiguousYaml(key, node.start_mark.line + 1,
                                    "is set by more than one of the merged mappings (`<<: [...]`); "
                                    "YAML libraries disagree on which wins, so set it in one place")
            seen |= keys


def load(text: str) -> Any:
    return yaml.load(text, Loader=StrictLoader)  # noqa: S506 - StrictLoader is a SafeLoader


def enclosing_item(text: str, list_key: str, line: int, name_key: str = "name") -> str | None:
    """The `name` of the item of the top-level list `list_key` whose lines hold `line` (1-based):
    an error found while loading can then name the scenario case it is in."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(root, MappingNode):
        return None
    for key_node, value_node in root.value:
        if _key_text(key_node) != list_key or not isinstance(value_node, SequenceNode):
            continue
        for item in value_node.value:
            if not isinstance(item, MappingNode):
                continue
            if item.start_mark.line + 1 <= line <= item.end_mark.line + 1:
                for k, v in item.value:
                    if _key_text(k) == name_key and isinstance(v, ScalarNode):
                        return str(v.value)
                return None
    return None
