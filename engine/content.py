"""Loading game content from data/: YAML or JSON files validated by strict pydantic models.

Every loader collects all problems of a file set before failing, so one test run reports
every broken card at once instead of the first.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from engine import yamlfile

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

M = TypeVar("M", bound=BaseModel)


class ContentModel(BaseModel):
    """Base for every content model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ContentError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@lru_cache(maxsize=64)
def read_data(relative: str) -> Any:
    path = DATA_DIR / relative
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    return yamlfile.load(text)


def validate(model: type[M], relative: str, problems: list[str]) -> M | None:
    """Validate one data file; append every problem (with file and field path) to `problems`."""
    try:
        raw = read_data(relative)
    except (OSError, yaml.YAMLError, json.JSONDecodeError) as exc:
        problems.append(f"{relative}: cannot read: {exc}")
        return None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            where = ".".join(str(p) for p in err["loc"])
            problems.append(f"{relative}: {where}: {err['msg']}")
        return None


def validate_items(model: type[M], relative: str, key: str, problems: list[str]) -> list[M]:
    """Validate each item of the list under `key` on its own, so one broken card does not hide
    the problems of the others (and the valid ones can still be cross-checked)."""
    try:
        raw = read_data(relative)
    except (OSError, yaml.YAMLError, json.JSONDecodeError) as exc:
        problems.append(f"{relative}: cannot read: {exc}")
        return []
    if not isinstance(raw, dict) or set(raw) != {key} or not isinstance(raw[key], list):
        problems.append(f"{relative}: expected a single top-level key `{key}:` holding a list")
        return []
    items: list[M] = []
    for index, item in enumerate(raw[key]):
        try:
            items.append(model.model_validate(item))
        except ValidationError as exc:
            name = item.get("id") or item.get("code") if isinstance(item, dict) else None
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"])
                problems.append(f"{relative}: {key}[{index}]{f' ({name})' if name else ''}: {where}: {err['msg']}")
    return items


def load_or_raise(collect: Callable[[], tuple[M | None, list[str]]]) -> M:
    """A ruleset's content from its `collect_problems`, or a ContentError listing every problem at once."""
    content, problems = collect()
    if content is None:
        raise ContentError(problems)
    return content
