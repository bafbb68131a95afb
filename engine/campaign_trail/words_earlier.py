"""What a politick's wait kept in the state while the rules worded it, made again from the wait and its paused
effect: the options' labels of a choice, and the prompt of a politick's choice or strike, each at its place (the
hash of a state of then is of its JSON, key order and all). The earlier layout (ruleset.py) puts them back so a
record made then still verifies; nothing else reads them."""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import effects
from engine.campaign_trail.content import load as _c


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
