"""Loading game content from data/: YAML or JSON files validated by strict pydantic models.

Every loader collects all problems of a file set before failing, so one test run reports
every broken card at once instead of the first.
"""
from __future__ import annotations

import csv
import json
from collections import Counter
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


def electoral_votes(column: str, problems: list[str]) -> dict[str, tuple[str, int]]:
    """code -> (name, electoral votes) from one era's column of the shared US table
    (data/us/electoral_votes.csv, e.g. `ev_1960`); a problem, and nothing, if it cannot be read."""
    path = DATA_DIR / "us" / "electoral_votes.csv"
    try:
        rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
        return {r["abbr"]: (r["name"], int(r[column])) for r in rows}
    except (OSError, KeyError, ValueError) as exc:
        problems.append(f"us/electoral_votes.csv: cannot read the {column} column: {exc}")
        return {}


def duplicates(ids: list[Any]) -> list[str]:
    """The ids that occur more than once, sorted."""
    return sorted(str(i) for i, n in Counter(ids).items() if n > 1)


def op_shape(at: str, op: Any, vocabulary: dict[str, dict[str, str]], problems: list[str]) -> tuple[str, dict] | None:
    """An effect op as content writes it, `[name, {params}]`: its name known to the ruleset's `vocabulary`
    (op -> {param: kind}, a kind ending in `?` optional) and exactly its parameters. Returns (name, params),
    or None with the problem noted."""
    if not (isinstance(op, list) and len(op) == 2 and isinstance(op[0], str) and isinstance(op[1], dict)):
        problems.append(f"{at}: an op is [name, {{params}}], not {op!r}")
        return None
    name, params = op
    spec = vocabulary.get(name)
    if spec is None:
        problems.append(f"{at}: unknown op `{name}` (known: {', '.join(sorted(vocabulary))})")
        return None
    required = {p for p, kind in spec.items() if not kind.endswith("?")}
    if not required <= set(params) <= set(spec):
        optional = sorted(set(spec) - required)
        problems.append(f"{at}: `{name}` takes {sorted(required)}"
                        f"{f' and optionally {optional}' if optional else ''}, not {sorted(params)}")
        return None
    return name, params



@lru_cache(maxsize=1)
def us_regions() -> dict[str, str]:
    """Each state's census region (Northeast, Midwest, South or West) by its code, DC included: the headings a
    long menu of states is grouped under."""
    rows = csv.DictReader((DATA_DIR / "us" / "census_regions.csv").read_text(encoding="utf-8").splitlines())
    return {row["abbr"]: row["region"] for row in rows}
