"""Move notation: `roll`, `first`/`last`, `home TX` (a state by code or name: `home Texas`, `home New York`), `advantage A03`, `ballot CA TX …` (Convention),
`buy ballot|sign|tv OH`, `fly IN`, `debate P2 OH`, `decline`, `stake CA`, `place TX`, `state OH`,
`cancel`, `done`; several steps joined with `;`. A purchase or a debate with its state is two steps
(`buy sign OH` = `buy sign` then `state OH`), so every step stays one option of a short list."""
from __future__ import annotations

from engine.core.errors import UnknownAction
from engine.core.notation import join_state_names, join_steps, parse_steps, state_code
from engine.core.types import Action
from engine.presidential_election.content import load

BARE = {"roll", "first", "last", "done", "decline", "cancel"}
STATE_LISTS = {"ballot", "stake", "place"}  # `ballot CA TX` = one step per state
ITEMS = ("ballot", "sign", "tv")
VERBS = sorted(BARE | STATE_LISTS | {"home", "state", "advantage", "buy", "fly", "debate"})


def _names() -> dict[str, str]:
    return {code: info.name for code, info in load().states.items()}


def _state(token: str) -> str:
    code = state_code(token, _names())
    if code is None:
        raise UnknownAction(f"`{token[:20]}` is not a state: name it (Ohio, New York) or use its two-letter code "
                            "(OH, NY, DC).", code="unknown_state")
    return code


def _malformed(text: str, shape: str) -> UnknownAction:
    return UnknownAction(f"`{text}` is malformed: write `{shape}`.", code="malformed")


def _one(segment: str) -> list[Action]:
    verb, *rest = join_state_names(segment, _names()).split()
    verb = verb.lower()
    if verb in BARE:
        if rest:
            raise _malformed(segment, verb)
        return [Action(verb=verb)]
    if verb in STATE_LISTS:
        if not rest:
            raise _malformed(segment, f"{verb} OH")
        return [Action(verb=verb, args=(_state(t),)) for t in rest]
    if verb in ("home", "state"):
        if len(rest) != 1:
            raise _malformed(segment, f"{verb} OH")
        return [Action(verb=verb, args=(_state(rest[0]),))]
    if verb == "advantage":
        if len(rest) != 1:
            raise _malformed(segment, "advantage A03")
        card = rest[0].upper()
        if card not in load().advantages:
            raise UnknownAction(f"`{rest[0]}` is no Advantage card (A01…A{len(load().advantages):02d}).", code="unknown_card")
        return [Action(verb=verb, args=(card,))]
    if verb == "fly":
        if len(rest) > 1:
            raise _malformed(segment, "fly IN")
        return [Action(verb="fly"), *[Action(verb="state", args=(_state(t),)) for t in rest]]
    if verb == "buy":
        if not 1 <= len(rest) <= 2 or rest[0].lower() not in ITEMS:
            raise _malformed(segment, "buy ballot|sign|tv OH")
        return [Action(verb="buy", args=(rest[0].lower(),)), *[Action(verb="state", args=(_state(t),)) for t in rest[1:]]]
    if verb == "debate":
        seat = rest[0].upper() if rest else ""
        if not 1 <= len(rest) <= 2 or not (len(seat) == 2 and seat[0] == "P" and seat[1] in "123456"):
            raise _malformed(segment, "debate P2 OH")
        return [Action(verb="debate", args=(seat,)), *[Action(verb="state", args=(_state(t),)) for t in rest[1:]]]
    raise UnknownAction(f"Unknown move `{verb}`. Moves: {', '.join(VERBS)}.", code="unknown_verb")


def parse(text: str) -> list[Action]:
    return parse_steps(text, _one, "Empty move: try `roll`, `buy sign OH` or `done`.")


def format(actions: list[Action]) -> str:  # noqa: A001 — the contract's name
    return join_steps(actions)
