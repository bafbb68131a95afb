"""Small slips in what Campaign Trail's players read, checked over seeded bot-played games (3 players with Dirty
Politics, and Solo Play against REP): every public and private line, and every prompt, option label, option
detail and deadline default a seat is shown.

- No doubled punctuation: a card's whole text joins its actions with "; ", and a politick's text is a sentence
  ending in "." — joined as they were, 108 lines of the committed transcript read "$20M less.; Mudslinging".
- A count of 1 takes the singular: "1 registered voter left", never "1 registered voters left".
- A card named by its id alone ("REP must take another action of #66.") tells a reader nothing: every "#N" is
  followed by that card's own name, "#66 Police Chiefs' Forum"."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play

GAMES = (({"dirty": True}, 3, 4), ({"ai": ["REP"]}, 1, 2))  # seeds that reach every line the checks are for
DOUBLED = re.compile(r"\.;|;;|\.\.|\. \.|;\s*\.")
# a count of exactly 1 (not 21, $1, #1 or 1.5) before a noun the lines count, in the plural
ONE_PLURAL = re.compile(r"(?<![\d$#.,])\b1 (?:registered |rival |ethics |campaign )?"
                        r"(?:voters|cards|states|moves|issues|spaces)\b")
# a card id: "#12" — not "game #12" or "move #12" (the bot's numbering of games and moves)
CARD_REF = re.compile(r"(?<!game )(?<!move )#(\d+)\b")


@lru_cache(maxsize=None)
def _texts(options: tuple[tuple[str, Any], ...], count: int, seed: int) -> tuple[str, ...]:
    """Every text of one seeded bot game, in order: the lines (public and private) and what each decision shows."""
    opts = {k: list(v) if isinstance(v, tuple) else v for k, v in options}
    state = R.setup(opts, rules.seat_names(count, opts), seed)
    rng = Rng(seed * 211 + count)
    out: list[str] = []
    for _ in range(3000):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        d = R.decisions(state, seat)
        out += [d.prompt, d.deadline_default, *(x for o in d.all_options() for x in (o.label, o.detail))]
        result = play(R, state, seat, [R.bot_action(state, seat, rng)])
        for e in result.events:
            out += [e.public or "", *e.private.values()]
        state = result.state
    assert R.outcome(state) is not None, "the bot game did not finish"
    return tuple(t for t in out if t)


def _all() -> list[str]:
    return [t for opts, count, seed in GAMES
            for t in _texts(tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in opts.items()), count, seed)]


def unnamed_cards(text: str) -> list[str]:
    """The card ids in `text` not followed by that card's name (" Name" or ": Name")."""
    c = content_mod.load()
    bad = []
    for m in CARD_REF.finditer(text):
        name = c.card(int(m[1])).name
        after = text[m.end():]
        if not (after.startswith(f" {name}") or after.startswith(f": {name}")):
            bad.append(text[max(0, m.start() - 40):m.end() + 40])
    return bad


def test_the_checks_catch_the_slips_they_are_for() -> None:
    """Each check fires on the line it was written for, and passes its fixed form."""
    assert DOUBLED.search("each opponent's fundraise actions bring in $20M less.; Mudslinging: Health Care")
    assert not DOUBLED.search("bring in $20M less; Mudslinging: Health Care … and more.")
    assert ONE_PLURAL.search("you have $100M; 1 registered voters left; 0 of 2 issues on the card left")
    assert ONE_PLURAL.search("Move your pawn one state at a time (0 of 1 moves made)")
    assert not ONE_PLURAL.search("1 registered voter left; 21 voters; $1 cards; 11 states")
    assert unnamed_cards("REP must take another action of #66.")
    assert unnamed_cards("LIB responds with #67: Change of Plans.")  # Change of Plans is #67's politick, not its name
    assert not unnamed_cards("LIB responds with #67 Bridge Ribbon-Cutting: Change of Plans; game #3, move #12.")


def test_no_line_or_prompt_doubles_its_punctuation() -> None:
    texts = _all()
    assert sum("; " in t for t in texts) > 100  # cards' whole texts, joined clauses, are among what is read
    bad = [t[max(0, m.start() - 50):m.end() + 30] for t in texts for m in [DOUBLED.search(t)] if m]
    assert not bad, bad[:5]


def test_a_count_of_one_takes_the_singular() -> None:
    texts = _all()
    # the games reach the counts that were wrong: one registered voter left, a direct action of one voter a state
    assert any(re.search(r"\b1 registered voters? left", t) for t in texts)
    assert any(re.search(r"\(1 voters? in each of", t) for t in texts)
    assert any(re.search(r"\(\d of 1 moves? made\)", t) for t in texts)
    bad = [t[max(0, m.start() - 50):m.end() + 30] for t in texts for m in [ONE_PLURAL.search(t)] if m]
    assert not bad, bad[:5]


def test_every_card_id_comes_with_the_cards_name() -> None:
    texts = _all()
    # a response window was answered with Change of Plans (the lines that named #67 and #66 by id alone)
    assert any(" responds with #" in t for t in texts) and any(" another action of #" in t for t in texts)
    assert sum(bool(CARD_REF.search(t)) for t in texts) > 200
    bad = [x for t in texts for x in unnamed_cards(t)]
    assert not bad, bad[:5]
