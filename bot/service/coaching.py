"""The coach in a guided first game's briefs and refusals (the words: bot/present/coach.py).

A lesson game carries the setting `learn` (its ruleset); which steps the learner was shown is the setting
`learn:shown`, written once the brief that showed them went out, so a brief that could not be delivered shows its
step again next time. Every other game has neither setting and is left as it is."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.present import coach
from bot.service.table import PrivateBrief
from bot.store import GameContext, StoreInterface, game_scope
from engine.core.ruleset import Ruleset

# Where a lesson leads, in Discord's words (the local table has its own: bot/tables/learn.py)
NEXT_STEPS = ("Next: a real game with friends is `/game new ruleset:{ruleset}` in a server channel; against the "
              "bot, `/game learn ruleset:{ruleset} coach:False` starts one without the coach, by DM.")
# A lesson that stops before the game's end: the game goes on, the coach silent, for a learner who wants to finish it
PLAY_ON = ("The lesson ends here, and the coach with it: play this game on against the bot if you like "
           "(`/game abandon game:{game}` closes it). Next: `/game new ruleset:{ruleset}` in a server channel for a "
           "game with friends, `/game learn ruleset:{ruleset} coach:False` for one against the bot by DM; "
           "`/game learn ruleset:{ruleset}` runs this lesson again.")


def learning(settings: dict[str, str]) -> bool:
    return coach.LEARN_KEY in settings


def coached(ruleset: Ruleset, state: Any, seq: int, settings: dict[str, str], brief: PrivateBrief, *,
            prompt: bool) -> tuple[list[PrivateBrief], list[str] | None]:
    """The briefs to tell, in order: the brief with the coach's words before its prompt (`prompt`: it brings a
    decision newly owed or changed), the lesson's opening words before it in a message of their own; or, at the
    lesson's end (the game's, or the lesson file's end point, after which the game goes on without the coach), its
    summary, in a message of its own where a prompt comes with it. The coach's words alone are a brief with no
    decision, which every table sends by itself: a prompt grows by a step's words only. And the steps shown once
    they are delivered (None: no new one)."""
    if not learning(settings):
        return [brief], None
    shown = coach.shown_steps(settings.get(coach.SHOWN_KEY))
    if coach.summarized(shown):  # the lesson is over: the coach is silent, whether or not the game goes on
        return [brief], None
    if coach.over(ruleset, state, seq):
        then = (NEXT_STEPS if ruleset.outcome(state) is not None else PLAY_ON).format(ruleset=ruleset.name,
                                                                                     game=brief.game.id)
        words = coach.closing(ruleset.name, then)
        told = [_alone(brief, words), brief] if _owes(brief) else [replace(brief, coach=words)]
        return told, [*shown, coach.SUMMARY]
    if not prompt or not _owes(brief):
        return [brief], None
    said = coach.coach(ruleset, state, brief.seat, seq, shown)
    if said.step is None:
        return [brief], None
    opening, _, step = said.text.rpartition(f"\n{coach.MARK} **")  # the intro, where it comes before the step
    told = [_alone(brief, opening), replace(brief, coach=f"{coach.MARK} **{step}")] if opening \
        else [replace(brief, coach=said.text)]
    return told, [*shown, coach.shown_entry(said.step.id, seq)]


def _owes(brief: PrivateBrief) -> bool:
    return brief.decision is not None and brief.decision.owes_move


def _alone(brief: PrivateBrief, words: str) -> PrivateBrief:
    """The coach's `words` as a message of their own, to the brief's seat."""
    return replace(brief, text="", view=None, decision=None, coach=words)


async def remember(store: StoreInterface, context: GameContext, shown: list[str]) -> None:
    """Note the steps shown (in the context too: a later brief of the same run reads it)."""
    value = ",".join(shown)
    await store.set_setting(game_scope(context.game.id), coach.SHOWN_KEY, value)
    context.settings.setdefault(game_scope(context.game.id), {})[coach.SHOWN_KEY] = value


def nudged(ruleset: Ruleset, state: Any, seat: str, seq: int, settings: dict[str, str], message: str) -> str:
    """A refused move's reason, and in a lesson the coach's nudge toward a move allowed now."""
    if not learning(settings):
        return message
    nudge = coach.nudge(ruleset, state, seat, seq, coach.shown_steps(settings.get(coach.SHOWN_KEY)))
    return f"{message}\n{nudge}" if nudge else message
