"""Long menus of states carry each state's region as its heading in 1960, Campaign Manager 2008 and Campaign Trail:
a game with regions of its own on its board uses them, under the names its players read there (1960's East,
South, Midwest and West; Campaign Trail's nine); Campaign Manager 2008, whose board has none, uses the census
regions. Random legal moves from a seeded game drive each title to its long state menus (placing cubes,
campaigning, travelling, picking a state), and every one of them is checked on the way."""
from __future__ import annotations

import random
from typing import Callable

import pytest

from engine import registry
from engine.campaign_trail import content as ct_content
from engine.content import us_regions
from engine.core.ruleset import play, seats_for
from engine.core.types import Option
from engine.nineteen_sixty import content as ns_content
from engine.nineteen_sixty.content_models import REGION_NAMES as NS_REGION_NAMES

LONG = 11  # more choices than a phone's menu shows at a glance
STEPS = 400


def _sixty(code: str) -> str:
    return NS_REGION_NAMES[ns_content.load().states[code].region]


def _trail(code: str) -> str:
    c = ct_content.load()
    return c.regions[c.states[code].region].name


# each title: its seats, the verbs whose one word is a state, and the heading a state belongs under
TITLES: dict[str, tuple[int, set[str], Callable[[str], str]]] = {
    "nineteen_sixty": (2, {"add", "stop", "place", "pick"}, _sixty),
    "campaign_manager_2008": (2, {"pick", "enter", "state", "target", "order"}, lambda code: us_regions()[code]),
    "campaign_trail": (2, {"to", "fly", "vote", "pick", "pay"}, _trail),
}


def _state_options(options: list[Option], verbs: set[str]) -> list[Option]:
    return [o for o in options if o.action.verb in verbs and len(o.action.args) == 1 and o.action.args[0] in us_regions()]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_a_long_state_menu_lists_each_state_under_its_region(name: str) -> None:
    seats_count, verbs, region = TITLES[name]
    ruleset = registry.get(name)
    seen: list[str] = []
    for seed in (1, 2):
        seats = seats_for(ruleset, seats_count, {})
        state, rng = ruleset.setup({}, seats, seed), random.Random(seed)
        for _ in range(STEPS):
            if ruleset.outcome(state) is not None:
                break
            seat, decision = next((s, d) for s in seats if (d := ruleset.decisions(state, s)).owes_move)
            states = _state_options(decision.options, verbs)
            if len(states) >= LONG:
                seen.append(decision.prompt)
                wrong = [(o.action.notation(), o.group) for o in states if o.group != region(o.action.args[0])]
                assert not wrong, f"{name} seed {seed}: {decision.prompt[:80]!r}: (move, heading) {wrong}"
            state = play(ruleset, state, seat, [rng.choice(decision.options).action]).state
    assert seen, f"{name}: no long menu of states came up"
