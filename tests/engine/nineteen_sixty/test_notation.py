"""1960 move notation: every option offered in random games (with and without the options) formats and parses
back to itself, alone and in compound moves; the aliases players type mean what they say; hostile input
(huge numbers, other scripts' digits, 5000 characters, nothing, unknown verbs, cards and states) raises only our
typed `UnknownAction`, with a short message that says what would work; and random token soup either parses to
actions whose notation parses back the same or is refused with `UnknownAction`."""
from __future__ import annotations

import pytest

from engine.core.errors import UnknownAction
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action
from engine.nineteen_sixty.primitives import c
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.state import SEATS

GAMES = (({}, 51), ({"vp": "on", "restricted": "on"}, 52), ({"vp": "on"}, 53), ({"restricted": "on"}, 54))


@pytest.fixture(scope="module")
def offered() -> set[Action]:
    """Every option offered to either seat in every state of a few random games."""
    actions: set[Action] = set()
    for options, seed in GAMES:
        state = R.setup(options, list(SEATS), seed)
        rng = Rng(seed)
        steps = 0
        while R.outcome(state) is None:
            for seat in SEATS:
                actions.update(o.action for o in R.decisions(state, seat).all_options())
            owing = owing_seats(R, state)
            seat = owing[rng.below(len(owing))]
            choices = R.decisions(state, seat).options
            state = play(R, state, seat, [choices[rng.below(len(choices))].action]).state
            steps += 1
            assert steps < 3000
    return actions


def test_every_offered_option_round_trips(offered: set[Action]) -> None:
    wrong = []
    for action in sorted(offered, key=str):
        text = R.format([action])
        try:
            back = R.parse(text)
        except UnknownAction as exc:
            wrong.append(f"{text!r}: {exc}")
            continue
        if back != [action]:
            wrong.append(f"{text!r} parses as {back}")
    assert not wrong, "\n".join(wrong[:20])
    verbs = {a.verb for a in offered}
    assert {"play", "add", "spend", "travel", "stop", "media", "issue", "done",
            "trigger", "pass", "start", "swap", "keep", "take", "debate", "place", "vp"} <= verbs, verbs
    assert {a.args[1] for a in offered if a.verb == "play"} == {"event", "campaign", "advertise", "position",
                                                                 "preempt"}
    assert len(offered) > 400


def test_compound_moves_round_trip(offered: set[Action]) -> None:
    actions = sorted(offered, key=str)
    rng = Rng(7)
    for _ in range(300):
        move = [actions[rng.below(len(actions))] for _ in range(1 + rng.below(4))]
        assert R.parse(R.format(move)) == move, R.format(move)
        written_in_a_row = " ".join(a.notation() for a in move)
        assert R.parse(written_in_a_row) == move, written_in_a_row


@pytest.mark.parametrize("typed,meant", [
    ("add ny", "add NY"),
    ("ADD ny 2", "add NY; spend 2"),
    ("event #23", "play 23 event"),
    ("Campaign #7", "play 7 campaign"),
    ("event 023", "play 23 event"),
    ("campaign cand", "play candidate campaign"),
    ("play 23 CAMPAIGN", "play 23 campaign"),
    ("preempt 12 campaign 12", "play 12 preempt; play 12 campaign"),
    ("travel midwest", "travel MW"),
    ("travel ak", "travel AK"),
    ("stop il", "stop IL"),
    ("start kennedy", "start KEN"),
    ("start Nixon", "start NIX"),
    ("first k", "first KEN"),
    ("side n", "side NIX"),
    ("issue civil", "issue civil_rights"),
    ("issue CR", "issue civil_rights"),
    ("issue defence", "issue defense"),
    ("swap civil eco", "swap civil_rights economy"),
    ("media midwest", "media MW"),
    ("media east", "media E"),
    ("take endorse", "take endorsement"),
    ("pick south", "pick S"),
    ("pick civil", "pick civil_rights"),
    ("pick oh", "pick OH"),
    ("pick #12", "pick 12"),
    ("campaign 23\nadd NY 2\ndone", "play 23 campaign; add NY; spend 2; done"),
    ("campaign 23 add NY 2 done", "play 23 campaign; add NY; spend 2; done"),
    ("  pass ;; ", "pass"),
])
def test_aliases(typed: str, meant: str) -> None:
    assert R.parse(typed) == R.parse(meant)
    assert R.format(R.parse(typed)) == meant


def _refused(text: str) -> UnknownAction:
    with pytest.raises(UnknownAction) as caught:
        R.parse(text)
    exc = caught.value
    assert type(exc) is UnknownAction
    assert exc.message and len(exc.message) <= 400, exc.message
    assert exc.code in {"unknown_card", "unknown_state", "unknown_verb", "malformed", "too_long"}, exc.code
    return exc


HOSTILE = [
    "", "   ", ";", " ; ;\n", "\n\n",
    "event 99999999999999999999999999999", "event 98", "event 0", "event -1", "event 1e3", "event 2.5",
    "event ²", "event ١٢", "event ２３", "add NY ²", "add NY ١", "add NY 6", "add NY 0", "add NY 99999999999",
    "add NY -2", "add NY 007", "pick ٣", "pick 1000", "pick ZZ", "pick ☃", "start ١",
    "x" * 5000, "event 23; " * 500, "add " + "NY " * 2000, "é" * 2001,
    "fly NY", "campaign", "add", "swap economy", "swap", "pick", "media", "media north", "issue taxes",
    "start obama", "take money", "travel XX", "travel", "place 23", "add 23 2", "add QQ 2", "travel DC",
    "event ☃", "strategy candidate", "preempt c", "vp candidate", "play 23", "play 23 fly", "spend 9", "order NY", "debate", "23",
    "\x00", "\u200b", "e\u0301vent 23", "ｅｖｅｎｔ 23", "EVENT ٢٣", "media Ｅ",
]


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:24]))
def test_hostile_input_raises_only_unknown_action(text: str) -> None:
    exc = _refused(text)
    assert text[:200] not in exc.message or len(text) <= 20, "the message echoes the whole input"


@pytest.mark.parametrize("text,says", [
    ("", "try `play 23 campaign`"),
    ("x" * 5000, "limit is 2000"),
    ("fly NY", "Moves:"),
    ("event 98", "1–97"),
    ("campaign 0", "`candidate`"),
    ("add QQ", "two-letter code"),
    ("add NY 9", "gives 1 to 5"),
    ("media north", "E, MW, S or W"),
    ("issue taxes", "defense, economy or civil-rights"),
    ("start obama", "KEN or NIX"),
    ("take money", "momentum or endorsement"),
    ("travel", "e.g. `travel MW`"),
    ("travel NY", "not a region"),
    ("play 23", "`play 23 campaign`"),
    ("swap economy", "two adjacent issues"),
])
def test_refusals_say_what_would_work(text: str, says: str) -> None:
    assert says in _refused(text).message


def test_token_soup_parses_canonically_or_is_refused() -> None:
    """Random strings of verbs, codes, numbers (some huge or in other scripts) and junk: parse returns actions
    whose notation parses back to the same actions, or raises UnknownAction; nothing else."""
    verbs = ["event", "campaign", "advertise", "position", "preempt", "play", "vp", "add", "spend", "stop", "travel",
             "done", "media",
             "issue", "trigger", "pass", "start", "swap", "keep", "take", "strategy", "debate", "first", "side",
             "place", "order", "pick", "ADD", "Pick", "fly", "", ";"]
    words = (["candidate", "c", "#", ";", "\n"] + sorted(c().states)[:12]
             + ["E", "mw", "south", "defense", "civil", "eco", "KEN", "nixon", "momentum", "endorse"]
             + ["0", "1", "5", "6", "23", "097", "98", "1000", "99999999999", "²", "١", "２", "-3", "#12", "☃", ""])
    rng = Rng(11)
    parsed = refused = 0
    for _ in range(3000):
        segments = [[verbs[rng.below(len(verbs))]] + [words[rng.below(len(words))] for _ in range(rng.below(3))]
                    for _ in range(1 + rng.below(3))]
        text = " ".join(" ".join(segment) for segment in segments)
        try:
            actions = R.parse(text)
        except UnknownAction as exc:
            assert exc.message
            refused += 1
            continue
        assert actions and R.parse(R.format(actions)) == actions, text
        parsed += 1
    print(f"\n{parsed} parsed, {refused} refused")
    assert parsed > 100 and refused > 100, (parsed, refused)
