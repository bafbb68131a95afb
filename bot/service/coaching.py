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
            prompt: bool) -> tuple[PrivateBrief, list[str] | None]:
    """The brief with the coach's words before its prompt (`prompt`: it brings a decision newly owed or changed),
    or with the lesson's summary at its end (the game's, or the lesson file's end point, after which the game goes on
    without the coach); and the steps shown once it is delivered (None: no new one)."""
    if not learning(settings):
        return brief, None
    shown = coach.shown_steps(settings.get(coach.SHOWN_KEY))
    if coach.summarized(shown):  # the lesson is over: the coach is silent, whether or not the game goes on
        return brief, None
    if coach.over(ruleset, state, seq):
        then = (NEXT_STEPS if ruleset.outcome(state) is not None else PLAY_ON).format(ruleset=ruleset.name,
                                                                                     game=brief.game.id)
        return replace(brief, coach=coach.closing(ruleset.name, then)), [*shown, coach.SUMMARY]
    if not prompt or brief.decision is None or not brief.decision.owes_move:
        return brief, None
    said = coach.coach(ruleset, state, brief.seat, seq, shown)
    if said.step is None:
        return brief, None
    return replace(brief, coach=said.text), [*shown, coach.shown_entry(said.step.id, seq)]


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
