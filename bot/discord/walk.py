"""The prefix walk: turn any number of legal options into small steps of at most 25 choices.

An option's action is a token path `(verb, *args)`. A step shows the choices that extend the
prefix chosen so far: when few options remain (≤ 25) each choice is a whole action; otherwise
choices are the distinct next tokens (first the verb or card, then its target, …). A next
token that every remaining option shares is taken automatically, so no step offers a single
forced choice. Pure functions: no Discord here, so every ruleset's options can be tested.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from engine.core.types import Option

MAX_CHOICES = 25


@dataclass(frozen=True)
class Choice:
    path: tuple[str, ...]  # the whole token path after picking this choice
    label: str
    description: str
    final: bool  # picking it submits this action


@dataclass(frozen=True)
class Step:
    prefix: tuple[str, ...]  # tokens already fixed (including ones taken automatically)
    choices: list[Choice]
    total: int  # how many legal actions this step leads to

    @property
    def empty(self) -> bool:
        return not self.choices


def tokens(option: Option) -> tuple[str, ...]:
    return (option.action.verb, *option.action.args)


def _group_label(token: str, labels: list[str], words: dict[str, str] | None = None) -> str:
    """A readable name for a group of options: what their labels share ("Reframe: …" → "Reframe";
    "Discard X", "Discard Y" → "Discard"), else the game's word for the token (`words`: "state" → "A state"),
    else the token as a word ("swap" → "Swap"): a player never reads bare notation on a button."""
    common = os.path.commonprefix(labels)
    if ":" in common:
        common = common.split(":", 1)[0]
    elif not all(len(label) == len(common) or label[len(common)] == " " for label in labels):
        common = common.rsplit(" ", 1)[0] if " " in common else ""  # never cut a word in half
    common = common.strip(" ·-—:→")
    if len(common) >= 2:
        return common
    return (words or {}).get(token) or token.replace("_", " ").capitalize()


def step(options: list[Option], prefix: tuple[str, ...] = (), limit: int = MAX_CHOICES,
         words: dict[str, str] | None = None) -> Step:
    """The choices after `prefix` among `options`; `words` names a group whose options' labels share nothing."""
    prefix = tuple(prefix)
    candidates = [o for o in options if tokens(o)[: len(prefix)] == prefix]
    if not candidates:
        return Step(prefix=prefix, choices=[], total=0)
    if len(candidates) <= limit:
        return Step(prefix=prefix, total=len(candidates),
                    choices=[Choice(path=tokens(o), label=o.label, description=o.detail, final=True) for o in candidates])
    # Too many to list: take forced tokens, then group by the next token.
    while True:
        exact = [o for o in candidates if tokens(o) == prefix]
        nexts = {tokens(o)[len(prefix)] for o in candidates if len(tokens(o)) > len(prefix)}
        if exact or len(nexts) != 1:
            break
        prefix = (*prefix, next(iter(nexts)))
    if len(candidates) <= limit:  # cannot happen after filtering by a shared token, but keep it total
        return step(candidates, prefix, limit, words)
    groups: dict[str, list[Option]] = {}
    choices: list[Choice] = []
    for o in candidates:
        t = tokens(o)
        if t == prefix:
            choices.append(Choice(path=t, label=o.label, description=o.detail, final=True))
        else:
            groups.setdefault(t[len(prefix)], []).append(o)
    for token, members in groups.items():
        if len(members) == 1:
            o = members[0]
            choices.append(Choice(path=tokens(o), label=o.label, description=o.detail, final=True))
        else:
            label = _group_label(token, [m.label for m in members], words)
            choices.append(Choice(path=(*prefix, token), label=label, description=f"{len(members)} choices …", final=False))
    return Step(prefix=prefix, choices=choices, total=len(candidates))


def prefix_label(options: list[Option], prefix: tuple[str, ...], words: dict[str, str] | None = None) -> str:
    """What the options under `prefix` are, in words (a later step's menu heading)."""
    labels = [o.label for o in options if tokens(o)[: len(prefix)] == tuple(prefix)]
    return _group_label(prefix[-1], labels, words) if prefix and labels else ""


def matching(options: list[Option], path: tuple[str, ...]) -> tuple[Option | None, bool]:
    """(the option whose action is exactly `path`, whether `path` is a proper prefix of some option)."""
    exact = next((o for o in options if tokens(o) == tuple(path)), None)
    extends = any(len(tokens(o)) > len(path) and tokens(o)[: len(path)] == tuple(path) for o in options)
    return exact, extends
