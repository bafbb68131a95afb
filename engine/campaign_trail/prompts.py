"""What a prompt says besides its question: the politick or candidate ability whose effect is asking, with its
whole text; which one of how many a repeated choice is; and the card and action under way.

A paused effect keeps its frames in the state (`s.frames`), so all of this is read from there at prompt time:
the top frame names the politick (or ability) and points at the op that asked, whose parameters say how many
answers the effect wants. Nothing is stored for the prompt's sake, so saved games read the same.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import effects
from engine.campaign_trail.state import CampaignTrailState

# the ops that ask a player something and may be unrolled several times in one effect (Social Media Post's
# nine regions, Bribes' three swaps): the nth such op of a procedure is the nth choice of the effect
REPEATED_ASKS = ("choose_ask", "ask_strike")

OPEN_ENDED = 99  # "up to one in each of these states" places at most this many (ops._place_up_to_one_each)


def effects_under_way(s: CampaignTrailState) -> list[tuple[str, str]]:
    """The politicks and candidate abilities whose effects wait for an answer, the asking one first (the Populist's
    cost, then the politick it is paid for): (name, whole text) each."""
    c = _c()
    out: list[tuple[str, str]] = []
    for frame in reversed(s.frames.frames):
        for proc in reversed(frame.proc.split("|")):
            proc = proc.removesuffix(":play")
            found = None
            if proc in c.politicks:
                found = c.politicks[proc].name, c.politicks[proc].text
            elif proc in effects.CANDIDATE_ABILITIES or proc in effects.DECLARED_ABILITIES:
                side, cid = effects.CANDIDATE_ABILITIES.get(proc) or effects.DECLARED_ABILITIES[proc]
                found = f"{c.candidates[cid].archetype} ({side})", getattr(c.candidates[cid], side).text
            if found is not None and found not in out:
                out.append(found)
    return out


def asking_op(s: CampaignTrailState) -> tuple[str, dict[str, Any]] | None:
    """The op of the paused effect that asked (its name and parameters), or None."""
    if not s.frames.frames:
        return None
    frame = s.frames.frames[-1]
    ops = effects.procs().get(frame.proc)
    if ops is None or frame.ip >= len(ops):
        return None
    name, *args = ops[frame.ip]
    return name, (args[0] if args and isinstance(args[0], dict) else {})


def position(s: CampaignTrailState) -> tuple[int, int] | None:
    """Which answer of how many the paused effect is asking for now: (k, n), or None for a single answer.
    For an open-ended effect (`up to`) n is the most it can take."""
    found = asking_op(s)
    if found is None:
        return None
    name, p = found
    frame = s.frames.frames[-1]
    if name == "choose_next":
        return len(frame.locals[p["key"] + "_list"]) + 1, int(p["count"])
    if name == "pv_ask":
        return _placing(s, frame.locals, p)
    ops = effects.procs()[frame.proc]
    looped = _repeat_round(ops, frame.ip, frame.locals)
    if looped is not None:
        return looped
    if name in REPEATED_ASKS:
        same = [i for i, (op, *args) in enumerate(ops)
                if op == name and (name != "choose_ask" or args[0].get("choice") == p.get("choice"))]
        return (same.index(frame.ip) + 1, len(same)) if len(same) > 1 else None
    return None


def _repeat_round(ops: list[list[Any]], ip: int, local: dict[str, Any]) -> tuple[int, int] | None:
    """Inside a `repeat … times` loop (Bribes' three swaps): (this round, the rounds at most). The loop's gate
    counts the rounds begun in `<key>_n`; its body ends at the label `<key>_end`."""
    for i in range(ip - 1, -1, -1):
        name, *args = ops[i]
        if name != "repeat_gate":
            continue
        key = args[0]["key"]
        end = next((j for j, op in enumerate(ops) if op[:2] == ["label", key + "_end"]), len(ops))
        if ip < end and key + "_n" in local:
            return local[key + "_n"], int(args[0]["times"])
    return None


def _placing(s: CampaignTrailState, local: dict[str, Any], p: dict[str, Any]) -> tuple[int, int] | None:
    left = local[p["key"] + "_left"]
    per = local.get(p["key"] + "_per", {})
    placed = sum(per.values())
    total = local.get(p["key"] + "_total", placed + left)
    if total >= OPEN_ENDED:  # one in each of a set of states: as many as there are states left to take one
        total = placed + len((s.wait or {}).get("among", []))
    return (placed + 1, total) if total > 1 else None


def count_inner(s: CampaignTrailState) -> str:
    """"3 of 9", "2 of at most 3" for an effect the player may stop early, or "" for a single answer."""
    at = position(s)
    if at is None:
        return ""
    optional = bool((s.wait or {}).get("optional"))
    return f"{at[0]} of {'at most ' if optional else ''}{at[1]}"


def count_words(s: CampaignTrailState, *limits: str) -> str:
    """" (3 of 9; at most 3 in one state)": the count and the limits given, or "" when there are none."""
    inner = [x for x in (count_inner(s), *limits) if x]
    return f" ({'; '.join(inner)})" if inner else ""


def with_effect(s: CampaignTrailState, ask: str) -> str:
    """The question headed by the politick or ability asking it, with its whole text (and the politick a
    candidate's cost is paid for, with its text too)."""
    found = effects_under_way(s)
    if not found:
        return ask
    (name, text), rest = found[0], found[1:]
    owner = (s.wait or {}).get("owner")
    who = f"{owner}'s " if owner and owner != (s.wait or {}).get("seat", owner) else ""
    also = "".join(f" It is paid to play {n} — {sentence(x)}" for n, x in rest)
    return f"{who}{name} — {sentence(text)}{also} {ask}"


def sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ".)")) else text + "."
