"""A paused politick keeps the facts of its question in the state, never its words: the rules state what is asked
(the wait's kind, choices and who answers; the frame names the politick and the op its price and options' labels),
and the words make the prompt and labels from them. Read along random-move four-player Dirty Politics games in
which Bribes (a strike), Scandal and Intimidation (a rival's choice) and the Populist (a choice of one's own) wait."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play

SEEDS = (12, 20)
AN_ID = re.compile(r"[A-Za-z0-9_:|$.-]+")  # a seat, party, state code, card number, region or kind: no words


@lru_cache(maxsize=None)
def _waits(seed: int) -> list[tuple[dict[str, Any], str]]:
    state = R.setup({"dirty": True}, rules.seat_names(4, {"dirty": True}), seed)
    rng = Rng(seed)
    out = []
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        options = R.decisions(state, seat).all_options()
        state = play(R, state, seat, [options[rng.below(len(options))].action]).state
        if state.wait is not None:
            out.append((state.wait, state.frames.frames[-1].proc if state.frames.frames else ""))
    return out


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_a_politicks_wait_holds_no_words() -> None:
    waits = [w for seed in SEEDS for w in _waits(seed)]
    asked = {(w["kind"], proc) for w, proc in waits if w["kind"] in ("strike", "option")}
    assert {("strike", "bribes"), ("option", "scandal"), ("option", "intimidation"),
            ("option", "populist:disadvantage")} <= asked, asked
    worded = [(w["kind"], proc, s) for w, proc in waits for s in _strings(w) if not AN_ID.fullmatch(s)]
    assert worded == []
    assert not any("prompt" in w or "labels" in w for w, _ in waits)
