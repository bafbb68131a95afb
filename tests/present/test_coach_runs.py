"""The coach's suggestions that run on (`run: true` in a lesson's file): the rule's choices for the seat's next
decisions, written as one typed move that the game reads back as those very steps and that reaches the state the
steps reach one by one; a run stops where something is rolled or drawn (the dice to come are not the coach's to
know) and before a decision the lesson has a new step for. Played on Presidential Election's lesson, where the
learner takes the Convention's free ballots in one move and spends her money every turn."""
from __future__ import annotations

from typing import Any

from bot.present import coach
from engine import registry
from engine.core.rng import Rng, randomness_drawn
from engine.core.ruleset import owing_seats, play_until_handoff
from engine.presidential_election.primitives import ev

RULESET = "presidential_election"


def _bots(ruleset: Any, state: Any, learner: str, seq: int, seed: int) -> tuple[Any, int]:
    """The bot's moves for every other seat until the learner owes one (or nobody does)."""
    while owing := [s for s in owing_seats(ruleset, state) if s != learner]:
        action = ruleset.bot_action(state, owing[0], Rng(seed ^ (0x9E3779B97F4A7C15 * (seq + 1))))
        state, seq = play_until_handoff(ruleset, state, owing[0], [action]).result.state, seq + 1
    return state, seq


def _lesson(until: Any = None, most: int = 60) -> tuple[Any, Any, int, list[str], list[coach.Suggestion]]:
    """The lesson played from its suggestions, each typed, until `until(state, shown)` or the lesson's end:
    the state, the seq, the steps shown and the learner's moves."""
    ruleset, lesson = registry.get(RULESET), coach.lesson(RULESET)
    state, seq = ruleset.setup(dict(lesson.options), ruleset.seat_names(2), lesson.seed), 0
    shown: list[str] = []
    moves: list[coach.Suggestion] = []
    for _ in range(most):
        state, seq = _bots(ruleset, state, lesson.seat, seq, lesson.seed)
        decision = ruleset.decisions(state, lesson.seat)
        if coach.over(ruleset, state, seq) or not decision.owes_move:
            break
        step = coach.next_step(lesson, decision, [s.partition("@")[0] for s in shown],
                               coach.chooser(ruleset, state, lesson.seat, seq))
        if step is not None:
            shown.append(coach.shown_entry(step.id, seq))
        if until is not None and until(state, shown):
            break
        move = coach.suggested(ruleset, state, lesson.seat, seq, shown)
        moves.append(move)
        state = play_until_handoff(ruleset, state, lesson.seat, ruleset.parse(move.notation)).result.state
        seq += 1
    return ruleset, state, seq, shown, moves


def _at(step: str):  # noqa: ANN202
    return lambda state, shown: bool(shown) and shown[-1].startswith(f"{step}@")


def test_the_free_ballots_are_one_typed_move_that_reaches_the_steps_state() -> None:
    ruleset, state, seq, shown, _ = _lesson(until=_at("convention"))
    seat = coach.lesson(RULESET).seat
    free = state.tasks[0].n
    move = coach.suggested(ruleset, state, seat, seq, shown)
    assert move.notation.startswith("ballot ") and ";" not in move.notation, move.notation
    assert len(move.actions) == free >= 10, (free, move.notation)
    assert ruleset.parse(move.notation) == list(move.actions)
    typed = play_until_handoff(ruleset, state, seat, ruleset.parse(move.notation)).result.state
    stepped = state
    for action in move.actions:
        stepped = play_until_handoff(ruleset, stepped, seat, [action]).result.state
    assert typed.model_dump() == stepped.model_dump()
    said = coach.coach(ruleset, state, seat, seq, shown[:-1]).text
    assert f"(`{move.notation}`)" in said and f"and {free - 2} more" in said, said


def test_a_run_stops_after_a_roll_and_before_a_new_step() -> None:
    """No step but a move's last rolls or draws; and the first purchase stops before the state it goes to, which the
    lesson teaches next."""
    ruleset, lesson = registry.get(RULESET), coach.lesson(RULESET)
    *_, moves = _lesson()
    first_buy = next(m for m in moves if m.actions[0].verb == "buy")
    assert len(first_buy.actions) == 1, first_buy.notation
    assert any(sum(a.verb == "buy" for a in m.actions) > 2 for m in moves), "a turn's purchases in one move"
    state, seq = ruleset.setup(dict(lesson.options), ruleset.seat_names(2), lesson.seed), 0
    for move in moves:  # played again step by step: a roll or a draw comes only at a move's last step
        state, seq = _bots(ruleset, state, lesson.seat, seq, lesson.seed)
        for n, action in enumerate(move.actions):
            after = play_until_handoff(ruleset, state, lesson.seat, [action]).result.state
            assert n == len(move.actions) - 1 or not randomness_drawn(state, after), (move.notation, action)
            state = after
        seq += 1


def test_a_step_for_a_card_is_not_for_a_running_mate_nor_a_purchase() -> None:
    """`prompt`: a card's state, a running mate's and a purchase's all ask for a state; the card's step is for the
    first only, so the running mate's step comes at its own decision, right after the card's."""
    ruleset, state, seq, shown, _ = _lesson(until=_at("card"))
    lesson = coach.lesson(RULESET)
    steps = {s.id: s for s in lesson.steps}
    move = coach.suggested(ruleset, state, lesson.seat, seq, shown)
    assert [a.verb for a in move.actions] == ["state"], move.notation
    after = play_until_handoff(ruleset, state, lesson.seat, list(move.actions)).result.state
    decision = ruleset.decisions(after, lesson.seat)
    assert decision.prompt.startswith("Running mate") and coach._matches(steps["vp"], decision)
    assert not coach._matches(steps["card"], decision)
    ruleset, state, _, shown, _ = _lesson(until=_at("where"))
    decision = ruleset.decisions(state, lesson.seat)
    assert coach._matches(steps["where"], decision) and not coach._matches(steps["card"], decision)


def test_the_debate_step_waits_for_a_debate_worth_fighting() -> None:
    """`chosen`: the debates the bot would decline for her pass without the step; it comes at the first she fights."""
    ruleset, state, seq, shown, moves = _lesson(until=_at("debate"))
    lesson = coach.lesson(RULESET)
    assert any(a.verb == "decline" for m in moves for a in m.actions), "a debate declined before"
    move = coach.suggested(ruleset, state, lesson.seat, seq, shown)
    assert move.actions[0].verb == "debate" and len(move.actions) == 2, move.notation


def test_the_learner_spends_her_money_and_the_race_is_real() -> None:
    ruleset, state, _, shown, moves = _lesson(most=1000)
    lesson = coach.lesson(RULESET)
    assert coach.checklist_ticked(RULESET, shown) == [i.id for i in lesson.checklist]
    assert len(moves) <= 40
    assert state.players[lesson.seat].money < 1110, "money piles up beyond what a turn can spend"
    me, bot = state.players[lesson.seat], next(p for s, p in state.players.items() if s != lesson.seat)
    assert len(me.votes) >= len(bot.votes) - 5, (len(me.votes), len(bot.votes))  # her ballots keep up with the bot's
    assert sum(ev(state, code) for code in me.votes if me.votes[code] > bot.votes.get(code, 0)) >= 50
