"""Checks on every line, over a seeded sample: every ruleset at its largest table and its main option
sets, each game played through the services with bots, deadlines, typed and wrong moves, and every line read
checked (tests/linecheck.py says each check's rule). The thousands of games are bench/check_lines.py's.

The small tests below feed each check a bad line and a good one, so that no check can pass by looking at nothing."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.ruleset import seats_for
from engine.core.types import Action
from tests import linecheck
from tests.linecheck import Played, Post, Text

# (ruleset, players, options, seed, turns of the driver's loop: None plays the whole game). A whole game of every
# ruleset; the biggest tables played for their first few hundred turns, to stay within a minute on a busy machine.
SAMPLE: list[tuple[str, int, dict[str, Any], int, int | None]] = [
    ("electioneer", 2, {}, 11, None),
    ("electioneer", 2, {"theatrics": 0}, 12, None),
    ("campaign_trail", 6, {"dirty": True}, 13, 90),
    ("campaign_trail", 1, {"ai": ["REP"]}, 14, None),
    ("campaign_trail", 2, {"ai": ["REP"], "coop": True}, 15, None),
    ("presidential_election", 6, {}, 16, 80),
    ("presidential_election", 2, {}, 17, None),
    ("campaign_manager_2008", 2, {"deck": "draft"}, 18, None),
    ("nineteen_sixty", 2, {"vp": True, "restricted": True}, 20, 90),
]


@pytest.mark.parametrize("ruleset,players,options,seed,turns", SAMPLE,
                         ids=[linecheck.game_label(r, p, o, s) for r, p, o, s, _ in SAMPLE])
async def test_every_line_of_a_seeded_game_passes_every_check(ruleset: str, players: int, options: dict[str, Any],
                                                              seed: int, turns: int | None) -> None:
    played = await linecheck.play_game(ruleset, options, players, seed, max_moves=turns or linecheck.MAX_MOVES)
    report = linecheck.check_played(played)
    assert not report.problems, "\n".join(map(str, report.problems[:10]))
    assert report.seen["cut"] > 100 and report.seen["marker"] > 0 and report.seen["caption"] > 0
    if turns is None:
        assert played.status == "finished"


# ---------------------------------------------------------------- each check fires on a bad line


def _played(ruleset: str = "electioneer", players: int = 2, seed: int = 5) -> Played:
    """A game that has only started, its state the setup's: the canvas for one bad line."""
    r = registry.get(ruleset)
    seats = seats_for(r, players, {})
    options = r.parse_options({}).model_dump()
    return Played(label=f"{ruleset} unit", ruleset=r, options=options, seats=seats,
                  states=[r.setup(options, seats, seed)], verbs={"campaign", "discard", "play", "swap", "keep"})


def _kinds(played: Played) -> list[str]:
    return [p.check for p in linecheck.check_played(played).problems]


def _entry(seq: int, seat: str, actor: str, notation: str = "x") -> Any:
    from bot.store import JournalEntry
    return JournalEntry(game_id=1, seq=seq, seat=seat, notation=notation, actor=actor, idem_key=None,
                        undoable=False, state_hash="", created_at=0)


def test_a_word_cut_in_the_middle_is_found_and_a_clean_cut_is_not() -> None:
    played = _played()
    played.texts = [Text("public", 1, "post", "DEM plays Environm…"),
                    Text("seat:DEM", 1, "label", "Discard Middle-Class Tax Cre"),
                    Text("seat:DEM", 1, "detail", "Played in a state's contest, it scores its value for each…"),
                    Text("seat:DEM", 1, "prompt", "Cards A01…A16 are Advantage cards; DEM campaigns in Georgia."),
                    Text("public", 2, "post", "  ")]
    problems = linecheck.check_played(played).problems
    assert [p.check for p in problems] == ["cut", "cut", "cut/empty"]
    assert "Environm" in problems[0].why and "Cre" in problems[1].why


def test_a_bot_or_deadline_line_must_stand_on_that_seats_bot_or_deadline() -> None:
    played = _played()
    played.journal = [_entry(1, "REP", "player-rep", "keep"), _entry(2, "DEM", "deadline", "keep"),
                      _entry(3, "DEM", "bot", "keep")]
    played.posts = [Post(1, "board", "🤖 The bot moved for REP.\nREP keeps the issues as they are.", "", None),
                    Post(2, "board", "⏰ REP's deadline passed: keep.\nDEM keeps the issues as they are.", "", None),
                    Post(3, "board", "🤖 The bot moved for DEM.\nDEM keeps the issues as they are.", "", None),
                    Post(3, "text", "🤖 The host handed DEM to the bot in game #1: it plays DEM from now on.", "", None),
                    Post(3, "board", "🤖 Something new.", "", None)]
    kinds = _kinds(played)
    # REP moved itself; it was DEM's deadline; the history shows no hand-over; an unknown marker; DEM's deadline
    # move has no ⏰ line of its own
    assert kinds == ["marker", "marker", "marker", "marker/unknown", "marker-missing"], kinds
    played.posts[0] = Post(1, "board", "REP keeps the issues as they are.", "", None)
    played.posts[1] = Post(2, "board", "⏰ DEM's deadline passed: discard D01.\nDEM keeps.", "", None)
    played.journal[1] = _entry(2, "DEM", "deadline", "keep")
    kinds = _kinds(played)
    assert "marker/default" in kinds, kinds  # the line says one default, the deadline played another
    # a deadline whose default the rules refuse: the seat was told what time running out plays, and nothing is
    played.deadline_faults = [(4, "DEM", "no (further) exchange", "`done` is not something you can do now")]
    assert "marker/deadline-refused" in _kinds(played)


def test_an_id_in_a_prompt_needs_its_name_on_the_same_line() -> None:
    played = _played()
    played.texts = [Text("seat:DEM", 1, "hand", "Your sealed choices\ncampaign: `D08`", "DEM"),
                    Text("seat:DEM", 1, "label", "Discard D08 Student Debt Relief", "DEM"),
                    Text("seat:DEM", 1, "brief", "You returned D01 to the deck.\nD04 Middle-Class Tax Credit.", "DEM")]
    problems = linecheck.check_played(played).problems
    assert [(p.check, p.why.split(" ")[0]) for p in problems] == [("card-name", "D08"), ("card-name", "D01")]


def test_a_caption_that_disagrees_with_the_board_after_the_post_is_found() -> None:
    played = _played()
    r, state = played.ruleset, played.states[0]
    view = r.view(state, None)
    from bot import present
    tally = present.for_ruleset("electioneer").tally(view)
    code, st = next((c, s) for c, s in tally.states.items() if s.leader is None)
    played.posts = [Post(0, "board", "The game begins.", "", view),
                    Post(1, "board", f"DEM wins {code} ({st.ev})\nDEM plays.", f"DEM wins {code} ({st.ev})", view),
                    Post(2, "board", f"REP +2 in {code}\nREP plays.", f"REP +2 in {code}", view),
                    Post(3, "board", f"{code} is up for grabs\nx", f"{code} is up for grabs", view)]
    problems = linecheck.check_played(played).problems
    assert [p.check for p in problems] == ["caption", "caption"], problems
    assert "nobody" in problems[0].why or "None" in problems[0].why
    assert "moved +0" in problems[1].why


def test_a_suggested_line_must_parse_and_be_legal_then() -> None:
    played = _played()
    r, state = played.ruleset, played.states[0]
    decision = r.decisions(state, "DEM")
    legal, named = decision.options[0].action, decision.options[0].label  # the label names the card
    played.args = {a for o in decision.all_options() for a in o.action.args}
    played.texts = [Text("seat:DEM", 0, "prompt", f"Choose, e.g. send `{r.format([legal])}` ({named}).", "DEM"),
                    Text("seat:DEM", 0, "brief", "Or send `campaign R01` (Border Wall Completion) now.", "DEM"),
                    Text("seat:DEM", 0, "brief", "`keep` is what the month's winner says (a mention).", "DEM"),
                    Text("seat:DEM", 0, "brief", f"Send `{r.format([legal])}` ({named}), then `keep`.", "DEM"),
                    Text("seat:DEM", 0, "brief", "Send `keep` now.", "DEM")]
    problems = linecheck.check_played(played).problems
    assert [p.check for p in problems] == ["suggestion", "suggestion"], problems
    assert "campaign R01" in problems[0].why and "`keep`" in problems[1].why
    # a refusal quotes the move sent: no suggestion
    played.texts = [Text("reply:DEM", 0, "reply", "`campaign D99` is not legal now.", "DEM", sent="campaign D99")]
    assert _kinds(played) == []
    # a compound move refused partway quotes the step it refused: no suggestion either; another step would be one
    step = r.format([legal])
    sent = f"{step}; {step}"
    refused = (f"Nothing was applied: the game is as it was before `{sent}`, which was refused partway through, at "
               f"`{step}`: `{step}` is not legal now.")
    played.texts = [Text("reply:DEM", 0, "reply", refused, "DEM", sent=sent)]
    assert _kinds(played) == []
    played.texts = [Text("reply:DEM", 0, "reply", refused + " Send `campaign R01`.", "DEM", sent=sent)]
    assert _kinds(played) == ["suggestion"]
    # /move suggests an option by its notation: typed back, it must be read as that option
    played.texts = []
    played.typed_back = {r.format([legal]): legal, "campaign": Action(verb="campaign", args=("D01",))}
    assert _kinds(played) == ["suggestion/move-choice"]


def test_checking_a_suggestion_leaves_the_state_as_it_was() -> None:
    played = _played()
    state = played.states[0]
    before = state.model_dump_json()
    decision = played.ruleset.decisions(state, "DEM")
    played.texts = [Text("seat:DEM", 0, "prompt", f"Send `{played.ruleset.format([o.action])}` ({o.label}).", "DEM")
                    for o in decision.options]
    assert _kinds(played) == []
    assert state.model_dump_json() == before
