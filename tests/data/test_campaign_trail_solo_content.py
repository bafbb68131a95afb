"""The Solo Play deck (Appendix A): it loads, every problem is reported at once, and the deck has the shape
the AI turn relies on."""
from __future__ import annotations

from collections import Counter

from engine.campaign_trail import content as ct
from engine.campaign_trail import solo_content as sc
from engine.content import read_data


def test_solo_deck_valid() -> None:
    loaded, problems = sc.collect_problems()
    assert not problems, f"{len(problems)} solo content problems:\n" + "\n".join(problems)
    assert loaded is not None and len(loaded.cards) == 63 and sorted(loaded.cards) == list(range(1, 64))


def test_solo_deck_shape() -> None:
    cards = sc.load().cards.values()
    auto = [c for c in cards if c.automatic]
    assert 3 <= len(auto) <= 8  # a few cards act automatically
    types = Counter(c.direct.type for c in cards)
    assert set(types) == {"advertise", "campaign", "politick"} and min(types.values()) >= 15
    states = ct.load().states
    for c in cards:
        assert all(code in states for code in c.direct.states)
        if c.register_ is not None:
            # 4 spaces are full at the start: a diagram of 1..10 spaces; register counts are whole spaces
            assert 1 <= c.register_.highest <= 10 and c.register_.count % 3 == 0
    # the whole map is reachable by the AI
    assert {code for c in cards for code in c.direct.states} == set(states)


def test_every_problem_reported_at_once() -> None:
    raw = read_data(sc.FILE)
    broken = [dict(c) for c in raw["solo_cards"]]
    broken[0] = {**broken[0], "register": {"filled": [2, 3], "count": 6}}  # not from the left
    broken[1] = {**broken[1], "direct": {**broken[1]["direct"], "states": {"ZZ": 3}}}  # not a state
    broken[2] = {**broken[2], "name": broken[3]["name"]}  # a name twice
    broken[4] = {**broken[4], "direct": {**broken[4]["direct"], "type": "travel"}}  # not a direct action
    loaded, problems = sc.check_raw({"solo_cards": broken})
    assert loaded is None
    text = "\n".join(problems)
    assert "solo_cards[0]" in text and "from the left" in text
    assert "unknown state(s) ['ZZ']" in text
    assert "used twice" in text
    assert "solo_cards[4]" in text and "direct.type" in text
