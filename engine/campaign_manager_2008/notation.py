"""Move notation: `keep O05` (draft), `pick MI` (a starting state), `play M12`, `discard O07`, `done`,
`draw`, `pass`, and the answers to a card's or a win's questions: `state NJ`, `issue economy`,
`toward defense`, `order OH`, `enter NV`, `target FL`. Several steps joined with `;`. `play O14 discard
O02 state OH` is the same as the steps one by one (a card, its cost, then each answer)."""
from __future__ import annotations

from engine.campaign_manager_2008.content import load
from engine.core.errors import UnknownAction
from engine.core.notation import join_state_names, join_steps, parse_steps, state_code
from engine.core.types import Action

BARE = {"draw", "pass", "done"}
CARD_VERBS = {"keep", "play", "discard"}
STATE_VERBS = {"pick", "state", "order", "enter", "target"}
ISSUE_VERBS = {"issue", "toward"}
VERBS = sorted(BARE | CARD_VERBS | STATE_VERBS | ISSUE_VERBS)
ISSUES = {"defense": "defense", "defence": "defense", "economy": "economy", "def": "defense", "eco": "economy"}


def _card(token: str) -> str:
    card = token.upper()
    if card not in load().cards:
        raise UnknownAction(f"`{token[:20]}` is not a card: Obama's are O01–O45, McCain's M01–M45.", code="unknown_card")
    return card


def _names() -> dict[str, str]:
    return {code: s.name for code, s in load().states.items()}


def _state(token: str) -> str:
    code = state_code(token, _names())
    if code is None:
        raise UnknownAction(f"`{token[:20]}` is not a battleground state of this game: use its name or its "
                            f"two-letter code ({', '.join(sorted(load().states))}).", code="unknown_state")
    return code


def _issue(token: str) -> str:
    issue = ISSUES.get(token.lower())
    if issue is None:
        raise UnknownAction(f"`{token[:20]}` is not an issue: write `defense` or `economy`.", code="malformed")
    return issue


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
        if verb not in CARD_VERBS | STATE_VERBS | ISSUE_VERBS:
            raise UnknownAction(f"Unknown move `{tokens[i][:20]}`. Moves: {', '.join(VERBS)}.", code="unknown_verb")
        if i + 1 >= len(tokens):
            raise UnknownAction(f"`{verb}` needs what it names, e.g. `{verb} {_example(verb)}`.", code="malformed")
        arg = tokens[i + 1]
        value = _card(arg) if verb in CARD_VERBS else _state(arg) if verb in STATE_VERBS else _issue(arg)
        actions.append(Action(verb=verb, args=(value,)))
        i += 2
    return actions


def _example(verb: str) -> str:
    return "O05" if verb in CARD_VERBS else "economy" if verb in ISSUE_VERBS else "OH"


def parse(text: str) -> list[Action]:
    return parse_steps(text, _segment, "Empty move: try `play O05`, `draw` or `keep M12`.")


def format(actions: list[Action]) -> str:  # noqa: A001 — the contract's name
    return join_steps(actions)
