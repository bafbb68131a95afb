"""Move notation for 1960, one step per verb, several steps joined with `;` (or written in a row):

    play 23 campaign            a card (or `candidate`) and its use: event, campaign, advertise, position or
                                preempt (then one of the others); `campaign 23` is the same
    vp 41                       discard card 41 to play your Vice President card (option vp=on)
    add NY 3 · travel MW · done the campaign: 3 CP in New York (`add NY`, then `spend 3`), cross into a
                                region (E, MW, S, W, AK, HI), stop; `stop IL` where a travelling token ends
    media E · issue defense     where an advertising success goes; a cube bought on an issue
    trigger · pass              the rival's answer after a CP play
    start NIX · swap economy civil_rights · keep · take momentum|endorsement
    strategy 12 · debate 12 · first KEN · side NIX · place CA · order 33 · pick OH|E|defense|12
"""
from __future__ import annotations

from engine.core.errors import UnknownAction
from engine.core.notation import is_number, join_state_names, join_steps, parse_steps, state_code
from engine.core.types import Action
from engine.nineteen_sixty.content import load
from engine.core.words import with_article

BARE = {"pass", "trigger", "done", "keep"}
USES = ("event", "campaign", "advertise", "position", "preempt")
CARD_VERBS = {"vp", "strategy", "debate", "order"}
ONE_ARG = {"travel": "travel", "stop": "state", "spend": "cp", "place": "state", "media": "region", "issue": "issue", "start": "seat",
           "first": "seat", "side": "seat", "take": "reward", "pick": "any"}
VERBS = sorted(BARE | CARD_VERBS | set(ONE_ARG) | set(USES) | {"add", "swap", "play"})
REGION_WORDS = {"e": "E", "east": "E", "mw": "MW", "midwest": "MW", "s": "S", "south": "S", "w": "W", "west": "W"}
ISSUE_WORDS = {"defense": "defense", "defence": "defense", "def": "defense", "economy": "economy", "eco": "economy",
               "civil_rights": "civil_rights", "civil-rights": "civil_rights", "civilrights": "civil_rights",
               "civil": "civil_rights", "cr": "civil_rights"}
SEAT_WORDS = {"ken": "KEN", "kennedy": "KEN", "k": "KEN", "nix": "NIX", "nixon": "NIX", "n": "NIX"}
REWARDS = {"momentum": "momentum", "endorsement": "endorsement", "endorse": "endorsement"}
EXAMPLES = {"travel": "MW", "cp": "2", "state": "NY", "region": "E", "issue": "defense", "seat": "KEN", "reward": "momentum", "any": "OH",
            "card": "23"}


def _card(token: str, verb: str) -> str:
    word = token.lower().lstrip("#")
    if word in ("candidate", "cand") and verb in ("play", "campaign", "advertise", "position"):
        return "candidate"
    if is_number(word, 3) and int(word) in load().cards:
        return str(int(word))
    raise UnknownAction(f"`{token[:20]}` is not a card: cards are numbered 1–{len(load().cards)}"
                        + (", or write `candidate` for your candidate card." if verb in ("play", "campaign",
                                                                                          "advertise", "position")
                           else "."),
                        code="unknown_card")


def _names() -> dict[str, str]:
    return {code: s.name for code, s in load().states.items()}


def _state(token: str) -> str:
    code = state_code(token, _names())
    if code is None:
        raise UnknownAction(f"`{token[:20]}` is not a state: name it (New York, Texas) or use its two-letter code "
                            "(NY, TX).", code="unknown_state")
    return code


def _word(kind: str, token: str) -> str:
    if kind == "state":
        return _state(token)
    if kind == "cp":
        if not is_number(token, 1) or not 1 <= int(token) <= 5:
            raise UnknownAction(f"`{token[:20]}` is not a number of CP: a card gives 1 to 5.", code="malformed")
        return str(int(token))
    if kind == "travel":
        if token.upper() in ("AK", "HI"):
            return token.upper()
        if token.lower() not in REGION_WORDS:
            raise UnknownAction(f"`{token[:20]}` is not a region: travel to E, MW, S, W, or to AK or HI from the "
                                "West.", code="malformed")
        return REGION_WORDS[token.lower()]
    table = {"region": REGION_WORDS, "issue": ISSUE_WORDS, "seat": SEAT_WORDS, "reward": REWARDS}[kind]
    value = table.get(token.lower())
    if value is None:
        allowed = {"region": "E, MW, S or W", "issue": "defense, economy or civil-rights", "seat": "KEN or NIX",
                   "reward": "momentum or endorsement"}[kind]
        raise UnknownAction(f"`{token[:20]}` is not {with_article(kind)}: write {allowed}.", code="malformed")
    return value


def _any(token: str) -> str:
    """A choice an event asks for: a card number, a region, an issue or a state."""
    low = token.lower().lstrip("#")
    if is_number(low):
        return _card(token, "pick")
    if low in REGION_WORDS:
        return REGION_WORDS[low]
    if low in ISSUE_WORDS:
        return ISSUE_WORDS[low]
    return _state(token)


def _segment(segment: str) -> list[Action]:
    tokens = join_state_names(segment, _names()).split()
    actions: list[Action] = []
    i = 0
    while i < len(tokens):
        verb = tokens[i].lower()
        if verb in BARE:
            actions.append(Action(verb=verb))
            i += 1
            continue
        if verb in USES:  # `campaign 23` is `play 23 campaign`
            if i + 1 >= len(tokens):
                raise UnknownAction(f"`{verb}` names the card, e.g. `{verb} 23` (or `{verb} candidate`).",
                                    code="malformed")
            actions.append(Action(verb="play", args=(_card(tokens[i + 1], verb), verb)))
            i += 2
            continue
        if verb == "play":
            if i + 2 >= len(tokens) or tokens[i + 2].lower() not in USES:
                raise UnknownAction("`play` names a card and its use, e.g. `play 23 campaign` (event, campaign, "
                                    "advertise, position or preempt).", code="malformed")
            actions.append(Action(verb="play", args=(_card(tokens[i + 1], verb), tokens[i + 2].lower())))
            i += 3
            continue
        if verb not in VERBS:
            raise UnknownAction(f"Unknown move `{tokens[i][:20]}`. Moves: {', '.join(VERBS)}.", code="unknown_verb")
        if i + 1 >= len(tokens):
            kind = "card" if verb in CARD_VERBS else "state" if verb == "add" else ONE_ARG.get(verb, "issue")
            raise UnknownAction(f"`{verb}` needs what it names, e.g. `{verb} {EXAMPLES[kind]}`.", code="malformed")
        arg = tokens[i + 1]
        if verb in CARD_VERBS:
            actions.append(Action(verb=verb, args=(_card(arg, verb),)))
            i += 2
        elif verb == "add":  # `add NY 3` is `add NY` then `spend 3`
            actions.append(Action(verb="add", args=(_state(arg),)))
            i += 2
            if i < len(tokens) and is_number(tokens[i]):
                actions.append(Action(verb="spend", args=(_word("cp", tokens[i]),)))
                i += 1
        elif verb == "swap":
            if i + 2 >= len(tokens):
                raise UnknownAction("`swap` names two adjacent issues, e.g. `swap economy civil-rights`.",
                                    code="malformed")
            actions.append(Action(verb="swap", args=(_word("issue", arg), _word("issue", tokens[i + 2]))))
            i += 3
        else:
            kind = ONE_ARG[verb]
            actions.append(Action(verb=verb, args=(_any(arg) if kind == "any" else _word(kind, arg),)))
            i += 2
    return actions


def parse(text: str) -> list[Action]:
    return parse_steps(text, _segment, "Empty move: try `play 23 campaign`, `play 23 advertise` or `play 23 event`.")


def format(actions: list[Action]) -> str:  # noqa: A001 — the contract's name
    return join_steps(actions)

