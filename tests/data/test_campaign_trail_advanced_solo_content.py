"""The Advanced Solo Deck (supplement): the three 50-card AI decks and the five register-track cards load, every
problem is reported at once, and the decks have the shape the AI turn and the AI debate turn rely on."""
from __future__ import annotations

import copy
from collections import Counter

from engine.campaign_trail import advanced_solo_content as ac
from engine.campaign_trail import content as ct
from engine.content import read_data


def test_advanced_decks_valid() -> None:
    loaded, problems = ac.collect_problems()
    assert not problems, f"{len(problems)} advanced solo content problems:\n" + "\n".join(problems)
    assert loaded is not None and sorted(loaded.decks) == ["DEM", "LIB", "REP"]
    for party, deck in loaded.decks.items():
        assert sorted(deck) == list(range(1, 51)), party
    assert [t.spaces for t in loaded.track.values()] == [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]


def test_advanced_decks_shape() -> None:
    c = ct.load()
    for party, deck in ac.load().decks.items():
        cards = list(deck.values())
        assert 3 <= sum(card.automatic for card in cards) <= 8, party  # a few act automatically
        assert set(Counter(card.direct.type for card in cards)) == {"advertise", "campaign", "politick"}
        for card in cards:
            assert all(code in c.states for code in card.direct.states)
            assert all(issue in c.debate_issues for issue in card.debate.trails.issues)
            if card.register_ is not None:
                assert 1 <= card.register_.highest <= 10 and card.register_.count % 3 == 0
        # the debate section does something: every card checks a topic, some activate rabbit trails
        assert all(any(n for row in card.debate.topics for n in row) for card in cards)
        assert any(card.debate.trails.count for card in cards)
        assert len({card.name for card in cards}) == 50


def test_every_problem_reported_at_once() -> None:
    raw = copy.deepcopy(read_data(ac.FILE))
    rep = raw["decks"]["REP"]
    rep[0]["register"] = {"filled": [2, 3], "count": 6}  # not from the left
    rep[1]["direct"]["states"] = {"ZZ": 3}  # not a state
    rep[2]["name"] = rep[3]["name"]  # a name twice
    rep[4]["debate"]["topics"] = [[0, 0, 3], [0, 0, 0]]  # three checks in a cell
    rep[5]["debate"]["trails"] = {"count": 5, "issues": ["taxes", "jobs", "zzz"]}  # more trails than icons
    rep[6]["debate"]["trails"]["issues"][0] = "bowling"  # not an issue
    raw["decks"]["LIB"] = raw["decks"]["LIB"][:49]  # a card short
    raw["decks"]["GRN"] = []  # a deck we do not have
    raw["register_track"][4]["spaces"] = [9]  # space 10 missing
    loaded, problems = ac.check_raw(raw)
    assert loaded is None
    text = "\n".join(problems)
    assert "decks.REP[0]" in text and "from the left" in text
    assert "unknown state(s) ['ZZ']" in text
    assert "card name" in text and "used twice" in text
    assert "decks.REP[4]" in text and "0 to 2 checks" in text
    assert "decks.REP[5]" in text and "5 rabbit trails from 3 icons" in text
    assert "unknown issue(s) ['bowling']" in text
    assert "the LIB deck has 50 cards, found 49" in text
    assert "deck 'GRN' is not a party we have" in text
    assert "spaces 1..10" in text
