"""Events say who did what. A seeded bot game of every ruleset (Campaign Trail's Solo Play, co-op
and Advanced Solo Deck too): every public line carries the seat that made it or says it is the game's own, every
cause is a card the ruleset's `card()` knows, and the lines that say a seat or an AI party played name it in their
fields. Held lines keep their fields, and a state saved when held lines were plain texts still loads and hashes as
it did then (old records verify)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from bot.present import bot_notes
from bot.present.posts import LINES, board_posts
from engine import registry
from engine.core.posting import EMPTY, HeldLine
from engine.core.rng import Rng
from engine.core.ruleset import card_text, owing_seats, play, play_posted, seats_for
from engine.core.types import Event, stamp
from tests import linecheck

GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("electioneer", 2, {}, 11),
    ("campaign_trail", 4, {"dirty": True}, 13),
    ("campaign_trail", 1, {"ai": ["REP"]}, 14),
    ("campaign_trail", 2, {"ai": ["REP"], "coop": True}, 15),
    ("campaign_trail", 1, {"ai": ["REP", "LIB"]}, 16),
    ("campaign_trail", 1, {"ai": ["REP"], "ai_deck": "advanced"}, 17),
    ("presidential_election", 4, {}, 16),
    ("campaign_manager_2008", 2, {"deck": "draft"}, 18),
    ("nineteen_sixty", 2, {"vp": True, "restricted": True}, 20),
]


@dataclass
class Line:
    step_seat: str
    event: Event


def _play(name: str, players: int, options: dict[str, Any], seed: int, steps: int = 1500) -> tuple[Any, list[Line]]:
    ruleset = registry.get(name)
    state = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    rng = Rng(seed)
    lines: list[Line] = []
    for _ in range(steps):
        owing = owing_seats(ruleset, state)
        if ruleset.outcome(state) is not None or not owing:
            break
        seat = owing[0]
        result = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)])
        lines += [Line(seat, e) for e in result.events if e.public]
        state = result.state
    return ruleset, lines


@pytest.mark.parametrize("name,players,options,seed", GAMES,
                         ids=[linecheck.game_label(*g) for g in GAMES])
def test_every_line_names_who_made_it_and_a_cause_the_ruleset_knows(name: str, players: int,
                                                                     options: dict[str, Any], seed: int) -> None:
    ruleset, lines = _play(name, players, options, seed)
    state = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    ai = list(ruleset.seatless_parties(options))
    actors = set(state.seats) | set(ai)
    assert len(lines) > 50
    # every line is a seat's (one at the table, or an AI party) or the game's own
    assert {x.event.seat for x in lines} <= actors | {None}
    # most lines are someone's: the game's own steps are few
    assert sum(x.event.seat is not None for x in lines) > 0.6 * len(lines)
    # every cause is a card, event, politick or news card the ruleset shows with /card
    causes = [x.event.cause for x in lines if x.event.cause]
    assert causes and all(card_text(ruleset, c) is not None for c in causes), \
        [c for c in causes if card_text(ruleset, c) is None][:5]
    # a line that says a seat played or chose is that seat's ("DEM plays #12 …", "P2 draws C26 …"), with the card
    # as its cause where the line names one it played
    played = re.compile(r"^(\S+) (plays|draws|has chosen|is ready|puts|fundraises|registers|travels|drafts)\b")
    for x in lines:
        m = played.match(x.event.public or "")
        if m and m.group(1) in actors:
            assert x.event.seat == m.group(1), (x.event.public, x.event.seat)
    # an AI party's own lines are that party's, though a human's step played them
    for x in lines:
        m = re.match(r"^(\S+) \(AI\) (draws|debates|takes|moves|has no)", x.event.public or "")
        if m:
            assert x.event.seat == m.group(1) and x.event.seat in ai, (x.event.public, x.event.seat)
    if ai:
        assert any(x.event.seat in ai and x.step_seat not in ai for x in lines), "no AI turn named its party"


def test_a_stamp_leaves_a_line_that_names_its_seat_or_the_game() -> None:
    mine, other, game = Event(public="a"), Event(public="b", seat="REP"), Event(public="c", seat=None)
    stamp([mine, other, game], "DEM", cause="12")
    assert (mine.seat, mine.cause) == ("DEM", "12")
    assert (other.seat, other.cause) == ("REP", None)
    assert (game.seat, game.cause) == (None, None)


def test_the_lines_a_table_holds_keep_who_made_them() -> None:
    """A Presidential Election game in the middle of a turn: the lines the table holds for the turn's post each keep
    their seat (a game stored before held lines had fields: tests/service/test_earlier_layouts.py)."""
    ruleset = registry.get("presidential_election")
    state, posting = ruleset.setup({}, seats_for(ruleset, 3, {}), 4), EMPTY
    rng = Rng(4)
    for _ in range(400):
        seat = owing_seats(ruleset, state)[0]
        played = play_posted(ruleset, state, posting, seat, [ruleset.bot_action(state, seat, rng)])
        state, posting = played.result.state, played.posting
        if len(posting.held) >= 2:
            break
    assert len(posting.held) >= 2, "no held lines in 400 steps"
    assert all(isinstance(h, HeldLine) and h.seat in state.seats for h in posting.held)


def test_a_note_stands_before_the_first_line_of_its_seat_and_a_misplaced_one_is_found() -> None:
    events = [Event(public="DEM fundraises $90M.", seat="DEM"), Event(public="DEM ends the turn.", seat="DEM"),
              Event(public="LIB plays #3 Whistle Stop.", seat="LIB", cause="3")]
    payload = board_posts(events)[0]
    assert payload[LINES][2] == {"text": "LIB plays #3 Whistle Stop.", "seat": "LIB", "cause": "3"}
    outbox = [SimpleNamespace(audience="public", kind="board", payload=payload)]
    assert bot_notes.place_in_first_post(outbox, [bot_notes.note("LIB", 1)])
    assert payload["text"].split("\n") == ["DEM fundraises $90M.", "DEM ends the turn.",
                                           "🤖 The bot moved for LIB.", "LIB plays #3 Whistle Stop."]
    # held notes written before notes had fields still load
    assert bot_notes.held(json.dumps([{"text": "🤖 The bot moved for LIB.", "at": 2}])) == [bot_notes.note("LIB", 2)]
    # the line check: the same note glued at the post's start (where the old placement put it) is found
    r = registry.get("electioneer")
    played = linecheck.Played(label="unit", ruleset=r, options={}, seats=["DEM", "REP"], states=[])
    from tests.present.test_every_line import _entry
    played.journal = [_entry(1, "DEM", "player"), _entry(2, "LIB", "bot")]
    bad = "\n".join(["🤖 The bot moved for LIB.", *(e.public for e in events)])
    played.posts = [linecheck.Post(2, "board", bad, "", None, payload[LINES])]
    assert "marker/seat" in [p[1] for p in linecheck.check_markers(played)[0]]
    played.posts = [linecheck.Post(2, "board", payload["text"], "", None, payload[LINES])]
    assert "marker/seat" not in [p[1] for p in linecheck.check_markers(played)[0]]



def test_a_note_of_a_move_with_no_line_of_its_own_says_nothing_of_it_is_public() -> None:
    """LIB's bot passed in a response window and DEM's action resolved: the note stands where the step's lines
    begin and says that nothing of LIB's move is public, so DEM's line is not read as the bot's doing; the line
    check finds the plain note there, and the "nothing public" note where a line of the seat follows."""
    events = [Event(public="DEM takes the politick Travel Costs.", seat="DEM")]
    payload = board_posts(events)[0]
    outbox = [SimpleNamespace(audience="public", kind="board", payload=payload)]
    assert bot_notes.place_in_first_post(outbox, [bot_notes.note("LIB", 0)])
    alone = "🤖 The bot moved for LIB (nothing of that move is public)."
    assert payload["text"].split("\n") == [alone, "DEM takes the politick Travel Costs."]
    r = registry.get("electioneer")
    played = linecheck.Played(label="unit", ruleset=r, options={}, seats=["DEM", "REP"], states=[])
    from tests.present.test_every_line import _entry
    played.journal = [_entry(1, "LIB", "bot")]
    played.posts = [linecheck.Post(1, "board", payload["text"], "", None, payload[LINES])]
    assert "marker/seat" not in [p[1] for p in linecheck.check_markers(played)[0]]
    plain = payload["text"].replace(alone, "🤖 The bot moved for LIB.")
    played.posts = [linecheck.Post(1, "board", plain, "", None, payload[LINES])]
    assert "marker/seat" in [p[1] for p in linecheck.check_markers(played)[0]]
    mine = [Event(public="LIB passes.", seat="LIB")]
    wrong = "\n".join([alone, "LIB passes."])
    played.posts = [linecheck.Post(1, "board", wrong, "", None, board_posts(mine)[0][LINES])]
    assert "marker/seat" in [p[1] for p in linecheck.check_markers(played)[0]]

# --------------------------------------------------------------------------- Campaign Manager 2008: effect causes

CM_GAMES = [({"deck": "draft"}, 18), ({"deck": "starter"}, 5), ({"deck": "starter"}, 7)]
CM_ANNOUNCES = re.compile(r"^(?:(?P<seat>OBA|MCC) plays (?P<card>[OM]\d+) |Breaking News (?P<news>N\d+) "
                          r"|(?:OBA|MCC) goes negative and rolls (?P<face>\d+):)")


def _cm_steps(options: dict[str, Any], seed: int) -> list[tuple[str, Event]]:
    """A seeded bot game of Campaign Manager 2008: each public line with the verb of the step that made it."""
    ruleset = registry.get("campaign_manager_2008")
    state = ruleset.setup(options, seats_for(ruleset, 2, options), seed)
    rng = Rng(seed)
    lines: list[tuple[str, Event]] = []
    for _ in range(1500):
        owing = owing_seats(ruleset, state)
        if ruleset.outcome(state) is not None or not owing:
            break
        action = ruleset.bot_action(state, owing[0], rng)
        result = play(ruleset, state, owing[0], [action])
        lines += [(action.verb, e) for e in result.events if e.public]
        state = result.state
    return lines


@pytest.mark.parametrize("options,seed", CM_GAMES, ids=[f"{o['deck']}-{s}" for o, s in CM_GAMES])
def test_campaign_manager_2008_every_line_an_effect_makes_names_the_card_news_or_result_behind_it(
        options: dict[str, Any], seed: int) -> None:
    """Between a card's announcement and the turn's end, each line is its effect's (or a Breaking News card's, or a
    Going Negative result's, announced since — a news card raised by a win runs inside the card's effect and the
    card's effect goes on after it): its cause is one of the effects open now, and once an outer effect's line is
    seen the inner ones are over. Draws, cost payments and the game's own lines outside an effect name none."""
    ruleset = registry.get("campaign_manager_2008")
    open_: list[str] = []  # the effects announced this turn, outermost first
    by_kind: dict[str, int] = {"card": 0, "news": 0, "negative": 0}
    turn_draws = wins = 0
    for verb, event in _cm_steps(options, seed):
        text = event.public or ""
        if verb in ("draw", "pass"):  # a turn with no card: no effect runs
            open_ = []
        found = CM_ANNOUNCES.match(text)
        if found:
            ref = found["card"] or found["news"] or f"GN{found['face']}"
            assert event.cause == ref, (text, event.cause)
            open_ = [ref] if found["card"] else [*open_, ref]
            continue
        if text.endswith("to pay for it."):  # the cost is paid before the effect runs
            assert event.cause is None, (text, event.cause)
        elif "Media Support turns the news" in text:  # the card on the table aims the news
            assert card_text(ruleset, event.cause or "").kind == "Media Support card", (text, event.cause)
        elif not open_:
            assert event.cause is None, (text, event.cause)
            turn_draws += " draws " in text
        else:
            assert event.cause in open_, (text, event.cause, open_)
            del open_[open_.index(event.cause) + 1:]  # an outer effect goes on: the inner ones are done
            kind = "news" if event.cause.startswith("N") else "negative" if event.cause.startswith("GN") else "card"
            by_kind[kind] += 1
            wins += " wins " in text
    # the game showed every kind: a test that saw no news or negative line could not tell them from the card's
    assert min(by_kind.values()) > 0 and turn_draws > 0 and wins > 0, (by_kind, turn_draws, wins)


def test_campaign_manager_2008_the_effect_causes_change_no_text_and_no_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game without the effects' causes: the same lines from the same seats (a news card's line that
    names a seat keeps it), only the causes differ — and without them the test above would fail."""
    from engine.campaign_manager_2008 import effects
    cited = _cm_steps({"deck": "draft"}, 18)
    monkeypatch.setattr(effects, "cite", lambda events, cause: events)
    bare = _cm_steps({"deck": "draft"}, 18)
    assert [(e.public, e.seat) for _, e in cited] == [(e.public, e.seat) for _, e in bare]
    gained = [(a.public, a.cause) for (_, a), (_, b) in zip(cited, bare) if a.cause != b.cause]
    assert len(gained) > 50 and all(b.cause is None for (_, a), (_, b) in zip(cited, bare) if a.cause != b.cause)
    assert any(cause.startswith("N") and "gains support" in text for text, cause in gained)
    assert any(cause.startswith("GN") for _, cause in gained)
    assert any(" brings " in text for text, _ in gained) and any(" draws " in text for text, _ in gained)
