"""Electioneer US move notation.

    discard D07            put policy D07 on the bottom of your deck
    campaign R03           campaign on policy R03 this month
    swap GA 1 crime        (month winner) replace Georgia's first issue with Crime from the deck
    keep                   (month winner) keep the issues
    ready                  (election day) count the votes
    play T05 PA            play a theatric; its target follows (state, slot, issue as needed)

Several steps may be joined with `;`. Case does not matter; issues may be written by
name (`crime`) or short code (`CRI`).
"""
from __future__ import annotations


from engine.core.errors import UnknownAction
from engine.core.notation import is_number, join_state_names, state_code
from engine.core.types import Action
from engine.electioneer import content as content_mod
from engine.core.words import plural, with_article

MAX_NOTATION = 300
VERBS = {"discard": 1, "campaign": 1, "swap": 3, "keep": 0, "ready": 0}


def _issue_id(token: str) -> str:
    c = content_mod.load()
    t = token.lower()
    for issue in c.issues.values():
        if t in (issue.id, issue.short.lower(), issue.name.lower()):
            return issue.id
    names = ", ".join(i.id for i in c.issues.values())
    raise UnknownAction(f"`{token[:20]}` is not an issue. Issues: {names}.", code="unknown_issue")


def _names() -> dict[str, str]:
    return {code: s.name for code, s in content_mod.load().states.items()}


def _state_code(token: str) -> str:
    c = content_mod.load()
    code = state_code(token, _names())
    if code is not None:
        return code
    raise UnknownAction(f"`{token[:20]}` is not a battleground state. States: {', '.join(c.states)}.", code="unknown_state")


def _card(token: str, kinds: str) -> str:
    c = content_mod.load()
    t = token.upper()
    if t in c.policies or t in c.theatrics:
        return t
    like = {"theatric": "T05", "policy": "D07 or R03"}.get(kinds, "D07, R03 or T05")  # examples of the kind asked
    raise UnknownAction(f"`{token[:20]}` is not {with_article(kinds)} id (like {like}).", code="unknown_card")


def parse_one(text: str) -> Action:
    tokens = join_state_names(text, _names()).split()
    if not tokens:
        raise UnknownAction("Empty step: write e.g. `campaign D07`.", code="malformed")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb == "pass":
        verb = "keep"
    if verb == "play":
        if not args:
            raise UnknownAction("`play` needs a theatric id, e.g. `play T05 PA`.", code="malformed")
        tid = _card(args[0], "theatric")
        rest = args[1:]
        out = [tid]
        if rest:
            out.append(_state_code(rest[0]))
        if len(rest) >= 2:
            if not is_number(rest[1], 2):
                raise UnknownAction("The slot after the state is 1 or 2, e.g. `play T03 GA 1 crime`.", code="malformed")
            out.append(str(int(rest[1])))
        if len(rest) >= 3:
            out.append(_issue_id(rest[2]))
        if len(rest) > 3:
            raise UnknownAction("Too many words after `play`: e.g. `play T03 GA 1 crime`.", code="malformed")
        return Action(verb="play", args=tuple(out))
    if verb not in VERBS:
        raise UnknownAction(f"`{verb[:20]}` is not an Electioneer move. Moves: {', '.join([*VERBS, 'play'])}.", code="unknown_verb")
    if len(args) != VERBS[verb]:
        example = {"discard": "discard D07", "campaign": "campaign D07", "swap": "swap GA 1 crime",
                   "keep": "keep", "ready": "ready"}[verb]
        raise UnknownAction(f"`{verb}` takes {plural(VERBS[verb], 'word')} after it, e.g. `{example}`.", code="malformed")
    if verb in ("discard", "campaign"):
        return Action(verb=verb, args=(_card(args[0], "policy"),))
    if verb == "swap":
        code = _state_code(args[0])
        if args[1] not in ("1", "2"):
            raise UnknownAction("The issue slot is 1 or 2, e.g. `swap GA 1 crime`.", code="malformed")
        return Action(verb="swap", args=(code, args[1], _issue_id(args[2])))
    return Action(verb=verb)


def parse(text: str) -> list[Action]:
    if len(text) > MAX_NOTATION:
        raise UnknownAction(f"That move is too long ({len(text)} characters); a move is a few words.", code="too_long")
    steps = [part for part in text.replace("\n", ";").split(";") if part.strip()]
    if not steps:
        raise UnknownAction("Empty move: write e.g. `campaign D07`.", code="malformed")
    return [parse_one(step) for step in steps]


def format(actions: list[Action]) -> str:  # noqa: A001 - the contract's name
    return "; ".join(a.notation() for a in actions)
