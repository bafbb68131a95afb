"""What the state kept in words while the rules worded it, made again from what it keeps now, each at its place
(the hash of a state of then is of its JSON, key order and all): a politick's wait's options' labels and the prompt
of its choice or strike, from the wait and its paused effect; and the result's reason, from what decided the
election. The earlier layout (ruleset.py) puts them back so a
record made then still verifies; nothing else reads them."""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import effects
from engine.campaign_trail import facts_tell as f
from engine.campaign_trail.content import load as _c
from engine.campaign_trail.words_tell import reason


def stored_then(data: dict[str, Any]) -> None:
    """Put back into a state's dump, in place, the words it kept then: its result's reason and its politick wait's."""
    reason_in_words(data)
    wait_in_words(data)


def reason_in_words(data: dict[str, Any]) -> None:
    """Put back into a state's dump, in place of what decided the election, its result's reason in words (empty until
    the election)."""
    if "decided" not in data:
        return
    over = data.get("phase") == "over"
    text = reason(f.ElectionDay(winners=tuple(data["winners"]), reason=data["decided"], removed=data["runoff_removed"],
                                ev=tuple(data["final_ev"].items()))) if over else ""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "decided":
            out["result_reason"] = text
        elif key != "runoff_removed":
            out[key] = value
    data.clear()
    data.update(out)


def wait_in_words(data: dict[str, Any]) -> None:
    """Put back into a state's dump, in place, the words its strike or option wait kept then."""
    wait, frames = data.get("wait"), data.get("frames", {}).get("frames")
    if not wait or wait.get("kind") not in ("strike", "option") or not frames or "prompt" in wait or "labels" in wait:
        return
    frame = frames[-1]
    p = effects.procs()[frame["proc"]][frame["ip"]][1]
    pol = _c().politicks.get(frame["proc"])
    labels = [p["options"][int(n) - 1]["label"] for n in wait["among"]] if wait["kind"] == "option" else []
    prompt = None
    if pol is not None and wait["kind"] == "strike":
        cost = f" (${p['cost']}M each)" if p.get("cost") else ""
        prompt = f"{pol.name}: pick a rival's voter to swap for one of yours{cost}, or finish."
    elif pol is not None:
        seat = wait.get("owner") or (data["final_seat"] if data["phase"] == "final" else data["turn"]["seat"])
        chosen = " or ".join(labels)
        prompt = f"{seat}'s {pol.name}: " + (f"your party chooses — {chosen}" if wait.get("seat") else chosen) + "."
    out: dict[str, Any] = {}
    for key, value in wait.items():
        out[key] = value
        if key == "among" and wait["kind"] == "option":
            out["labels"] = labels
        if key == "optional" and prompt is not None:
            out["prompt"] = prompt
    data["wait"] = out
