"""The coach of a guided first game ("learn by playing"): its words are data, one file per game
(data/learn/<ruleset>.yaml), and this module, which names no game, reads them.

A lesson is a seeded game of the learner against the built-in bot. Before each new kind of decision the learner
meets, the coach says what it is, the rule that governs it (named as the players' guide names it) and a move to
try; a step is shown once. Steps are matched to the decision the game itself offers (the verbs of its options, as
`ruleset.decisions(state, seat)` gives them), so the coach follows the real prompts rather than a script of its
own. Pure: the tables and services keep which steps were shown (`SHOWN_KEY`), this module only reads it.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from bot.present import echo
from engine import registry
from engine import content
from engine.content import ContentModel, validate
from engine.core.errors import EngineError
from engine.core.rng import Rng, randomness_drawn
from engine.core.ruleset import Ruleset
from engine.core.types import Action, Decision, Option

MOST = 600  # characters of one coach text: about a phone screen
LEARN_KEY = "learn"  # a game setting: the ruleset whose lesson this game is (the coach speaks in it)
SHOWN_KEY = "learn:shown"  # a game setting: the steps already shown, comma-separated, in order
SUMMARY = "summary"  # the closing summary's id among the shown steps
MARK = "🎓"

Text = Annotated[str, Field(min_length=1, max_length=MOST)]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class Intro(ContentModel):
    """What the game is about, what wins it and how it runs, in that order: said once, before the first step."""

    theme: Text
    goal: Text
    overview: Text


class When(ContentModel):
    """The decision a step is for: one whose options offer any of `verbs`, once every step of `after` was shown.
    `prompt`: only a decision whose prompt fits this pattern (`Card *`: a card's state, not a running mate's, though
    both ask for a state); `chosen`: only where the step's own suggestion is a move of `verbs` (a debate the bot
    would fight, not one it would decline)."""

    verbs: list[str] = Field(min_length=1)
    after: list[Id] = Field(default_factory=list)
    prompt: str | None = None
    chosen: bool = False


class Suggest(ContentModel):
    """The move the coach suggests: a `move` in notation (`*` in it stands for anything: `play * event` is the
    first card offered for its event), or a `rule` that picks one from the game —
    `default` (what the deadline would play), `bot` (the built-in player's choice), `first` or `last` (the first
    or last choice offered: a count's last is its largest) or `any_time` (the first play allowed at any time). With
    both, the `move` where the game offers it, else the `rule`'s. `run`: the rule goes on choosing for the seat's
    next decisions, all written as one typed move (`ballot CA TX FL`), until the seat owes nothing, a step of the
    lesson is new there, a choice under another checklist item comes (its first step's; a decision of one choice
    goes on), or a step rolled, drew or showed something (what follows is the learner's to see first)."""

    rule: Literal["default", "bot", "first", "last", "any_time"] | None = None
    move: str | None = None
    run: bool = False

    @model_validator(mode="after")
    def _some(self) -> "Suggest":
        if self.rule is None and self.move is None:
            raise ValueError("give a `move`, a `rule` or both")
        if self.run and self.rule is None:
            raise ValueError("a `run` goes on with a `rule`: give one")
        return self


class Step(ContentModel):
    id: Id
    when: When
    rule: Annotated[str, Field(min_length=1, max_length=80)]  # as the players' guide names it
    text: Text
    suggest: Suggest | None = None  # none: the suggestion of the first step for the same decision
    # the move at this step's decision when it comes again (a second ballot, the next turn), none: `suggest`
    then: Suggest | None = None
    ticks: Id  # the checklist item it shows

    @model_validator(mode="after")
    def _chosen(self) -> "Step":
        if self.when.chosen and self.suggest is None:
            raise ValueError(f"step `{self.id}` is for a decision where its suggestion is chosen: give its `suggest`")
        return self


class End(ContentModel):
    """Where a lesson stops before the game does: once the game has made `moves` moves, or once the public view's
    field `view` (a dotted path for a nested one, `sides.OBA.won`; a list counts its items) is at least
    `at_least` or at most `at_most`. The learner then gets the summary and the game goes on without the coach."""

    view: str | None = None
    at_least: int | None = None
    at_most: int | None = None
    moves: Annotated[int, Field(ge=1)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "End":
        bounds = (self.at_least is not None) + (self.at_most is not None)
        if (self.moves is None) == (self.view is None) or bounds != (self.view is not None):
            raise ValueError("give `moves`, or `view` with one of `at_least` and `at_most`")
        return self

    def reached(self, view: dict[str, Any], seq: int) -> bool:
        if self.moves is not None:
            return seq >= self.moves
        value: Any = view
        for part in (self.view or "").split("."):
            if not isinstance(value, dict) or part not in value:
                return False  # a field this game's view lacks (a typo): the lesson runs to the game's end
            value = value[part]
        if isinstance(value, (list, tuple, dict)):
            value = len(value)
        if not isinstance(value, (int, float)):
            return False
        return value >= self.at_least if self.at_least is not None else value <= (self.at_most or 0)


class Item(ContentModel):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=80)]


class Lesson(ContentModel):
    ruleset: str
    seat: str  # the learner's; the bot plays the others
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    intro: Intro
    checklist: list[Item] = Field(min_length=1)
    steps: list[Step] = Field(min_length=1)
    summary: Text
    end: End | None = None  # none: the lesson is the whole game
    # the move for a decision no step is for (a later state of a campaign, say): the bot's choice unless given
    suggest: Suggest = Field(default_factory=lambda: Suggest(rule="bot"))

    @model_validator(mode="after")
    def _consistent(self) -> "Lesson":
        ids = [s.id for s in self.steps]
        items = [i.id for i in self.checklist]
        problems = [f"step `{i}` is written twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
        problems += [f"step `{s.id}` comes after `{a}`, which is no earlier step"
                     for n, s in enumerate(self.steps) for a in s.when.after if a not in ids[:n]]
        problems += [f"step `{s.id}` ticks `{s.ticks}`, which is not on the checklist" for s in self.steps
                     if s.ticks not in items]
        problems += [f"checklist item `{i}` is ticked by no step" for i in items if i not in {s.ticks for s in self.steps}]
        if not any(s.suggest for s in self.steps):
            problems.append("no step suggests a move")
        if len(self.opening()) + len(self.steps[0].text) > MOST - 100:  # room for the rule's name and the move
            problems.append(f"the intro with the first step is over {MOST} characters")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def opening(self) -> str:
        """The intro's words, as said before the first step."""
        return " ".join((self.intro.theme, self.intro.goal, self.intro.overview))


def lesson_path(ruleset: str) -> str:
    return f"learn/{registry.canonical(ruleset)}.yaml"


def collect_problems(ruleset: str) -> tuple[Lesson | None, list[str]]:
    """The lesson of `ruleset` and every problem of its file (none when there is no file)."""
    problems: list[str] = []
    if not (content.DATA_DIR / lesson_path(ruleset)).is_file():
        return None, problems
    found = validate(Lesson, lesson_path(ruleset), problems)
    if found is not None and found.ruleset != registry.canonical(ruleset):
        problems.append(f"{lesson_path(ruleset)}: names the ruleset `{found.ruleset}`")
    return found, problems


@lru_cache(maxsize=16)
def lesson(ruleset: str) -> Lesson | None:
    """The lesson of `ruleset`, or None when the game has none yet."""
    found, problems = collect_problems(ruleset)
    if problems:
        raise ValueError("\n".join(problems))
    return found


def titles() -> list[str]:
    """The rulesets that have a lesson, in the registry's order."""
    return [name for name in registry.RULESETS if (content.DATA_DIR / lesson_path(name)).is_file()]


def shown_steps(raw: str | None) -> list[str]:
    """The steps shown, as kept: `step@move`, the step and the move number of the decision it was shown at."""
    return [s for s in (raw or "").split(",") if s]


def shown_entry(step: str, seq: int) -> str:
    return f"{step}@{seq}"


def _ids(shown: Collection[str]) -> list[str]:
    return [entry.partition("@")[0] for entry in shown]


def _shown_at(shown: Collection[str], seq: int) -> str | None:
    """The step shown last, if it was shown at the decision of move `seq` (the learner has not moved since)."""
    if not shown:
        return None
    step, _, at = list(shown)[-1].partition("@")
    return step if at == str(seq) else None


def summarized(shown: Collection[str]) -> bool:
    """Whether the lesson's summary was shown: the coach has said its last words and is silent from then on."""
    return SUMMARY in _ids(shown)


def over(ruleset: Ruleset, state: Any, seq: int) -> bool:
    """Whether the lesson is over at move `seq`: the game ended, or the lesson's end point is reached."""
    return ruleset.outcome(state) is not None or stopped_early(ruleset, state, seq)


def stopped_early(ruleset: Ruleset, state: Any, seq: int) -> bool:
    """Whether the lesson's end point is reached while the game goes on."""
    found = lesson(ruleset.name)
    if found is None or found.end is None or ruleset.outcome(state) is not None:
        return False
    return found.end.reached(ruleset.view(state, None).model_dump(mode="json"), seq)


def _verbs(decision: Decision) -> set[str]:
    return {o.action.verb for o in decision.options}


Chooser = Callable[["Step"], Action | None]  # the first choice a step's own suggestion makes at a decision


def _matches(step: Step, decision: Decision, chosen: Chooser | None = None) -> bool:
    """Whether `step` is for `decision`; a step for a `chosen` move only where `chosen` says its suggestion is one
    (without it: never)."""
    if not _verbs(decision) & set(step.when.verbs):
        return False
    if step.when.prompt is not None and not fnmatchcase(decision.prompt, step.when.prompt):
        return False
    if step.when.chosen:
        action = chosen(step) if chosen is not None else None
        return action is not None and action.verb in step.when.verbs
    return True


def chooser(ruleset: Ruleset, state: Any, seat: str, seq: int) -> Chooser:
    """What each step's own suggestion would choose first at `seat`'s decision now."""
    def first(step: Step) -> Action | None:
        option = _resolve(ruleset, state, seat, seq, ruleset.decisions(state, seat), step.suggest)
        return option.action if option is not None else None
    return first


def next_step(found: Lesson, decision: Decision, shown: Collection[str], chosen: Chooser | None = None) -> Step | None:
    """The step to show before this decision: the first not shown yet whose decision this is."""
    for step in found.steps:
        if step.id not in shown and _matches(step, decision, chosen) and all(a in shown for a in step.when.after):
            return step
    return None


def current_step(found: Lesson, decision: Decision, shown: Collection[str],
                 chosen: Chooser | None = None) -> Step | None:
    """The step this decision is taught by: a new one, else the latest shown for it."""
    new = next_step(found, decision, shown, chosen)
    if new is not None:
        return new
    matching = [s for s in found.steps if s.id in shown and _matches(s, decision, chosen)]
    return matching[-1] if matching else None


def _suggestion_of(found: Lesson, decision: Decision, step: Step | None, chosen: Chooser | None = None) -> Suggest | None:
    """A new step's suggestion; for a decision met again (no new step), the first step's for it: its `then`, if
    given, else its `suggest`."""
    if step is not None and step.suggest is not None:
        return step.suggest
    if step is None:
        return next((s.then or s.suggest for s in found.steps
                     if (s.then or s.suggest) and _matches(s, decision, chosen)), found.suggest)
    return next((s.suggest for s in found.steps if s.suggest is not None and _matches(s, decision, chosen)),
                found.suggest)


@dataclass(frozen=True)
class Suggestion:
    """A move the coach suggests: its steps, the words that name it and the notation to type for it."""

    actions: tuple[Action, ...]
    label: str
    notation: str


def suggested(ruleset: Ruleset, state: Any, seat: str, seq: int, shown: Collection[str]) -> Suggestion | None:
    """The move the coach suggests now (choices the game offers), or None when the seat owes nothing. At a new
    step (shown at this very decision, else to show), that step's suggestion; else the suggestion of the first step
    for the same decision. `shown`: as kept (`shown_steps`)."""
    found = lesson(ruleset.name)
    decision = ruleset.decisions(state, seat)
    if found is None or not decision.owes_move or summarized(shown):
        return None
    ids, chosen = _ids(shown), chooser(ruleset, state, seat, seq)
    just = _shown_at(shown, seq)  # the step the learner is reading now, else the one to show
    step = next((s for s in found.steps if s.id == just and _matches(s, decision, chosen)), None) \
        or next_step(found, decision, ids, chosen)
    return _move(ruleset, state, seat, seq, decision, _suggestion_of(found, decision, step, chosen), step,
                 [*ids, *([step.id] if step is not None else [])])


MOST_RUN = 120  # steps of one suggested move: a run longer than any turn's needs stops there
MOST_TYPED = 300  # characters of one suggested move: what Discord's /move takes; a longer run stops short of it
LABEL_MOST = 3  # choices of a suggested move's part, and parts of it, its words name before "and N more"


def _move(ruleset: Ruleset, state: Any, seat: str, seq: int, decision: Decision, suggest: Suggest | None,
          step: Step | None, shown: list[str]) -> Suggestion | None:
    """The move `suggest` makes now: its first choice, and where it runs, the rule's choices after it (`shown`:
    the steps shown by then, this one among them)."""
    found = lesson(ruleset.name)
    option = _resolve(ruleset, state, seat, seq, decision, suggest, step.when.verbs if step is not None else ())
    if option is None or found is None or suggest is None:
        return None
    chosen, topic = [option], _topic(found, decision, chooser(ruleset, state, seat, seq))
    while suggest.run and len(chosen) < MOST_RUN:
        result = ruleset.apply(state, seat, chosen[-1].action)
        if randomness_drawn(state, result.state) or not result.undoable or ruleset.outcome(result.state) is not None:
            break  # a roll, a draw or a fact shown: what comes next is the learner's to see before choosing
        state, decision = result.state, ruleset.decisions(result.state, seat)
        picks = chooser(ruleset, state, seat, seq)
        if not decision.owes_move or next_step(found, decision, shown, picks) is not None \
                or (len(decision.options) > 1 and _topic(found, decision, picks) not in (None, topic)):
            break  # the seat's turn is over, a step is new here, or a choice under another rule comes
        pick = _resolve(ruleset, state, seat, seq, decision, Suggest(rule=suggest.rule)) or decision.options[0]
        steps = [*(o.action for o in chosen), pick.action]
        if len(ruleset.format(steps)) > MOST_TYPED and len(_typed(ruleset, steps)[0]) > MOST_TYPED:
            break
        chosen.append(pick)
    actions = [o.action for o in chosen]
    typed = _typed(ruleset, actions)
    return Suggestion(tuple(actions), _label(chosen, typed[1]) if len(chosen) > 1 else option.label, typed[0])


def _topic(found: Lesson, decision: Decision, chosen: Chooser) -> str | None:
    """The checklist item of the first step for `decision` (None: no step is for it): the rule it comes under."""
    return next((s.ticks for s in found.steps if _matches(s, decision, chosen)), None)


def _label(chosen: list[Option], parts: list[int]) -> str:
    """A move's words: each typed part's choices (`parts`: how many steps each takes), a part's first choice before
    a colon where the rest answer it (`Sign Campaign ($100k): Ohio`); a few choices of a part and a few parts, then
    how many more."""
    words: list[str] = []
    start = 0
    for size in parts[:LABEL_MOST]:
        part = chosen[start:start + size]
        start += size
        names = [o.label or o.action.notation() for o in part]
        if len(names) > LABEL_MOST:
            names = [*names[:LABEL_MOST - 1], f"and {len(names) - LABEL_MOST + 1} more"]
        same = all(o.action.verb == part[0].action.verb for o in part)
        words.append(", ".join(names) if same or len(names) == 1 else f"{names[0]}: {', '.join(names[1:])}")
    rest = len(parts) - len(words)
    return "; ".join(words).replace(", and ", " and ") + (f" and {rest} more" if rest else "")


def _typed(ruleset: Ruleset, actions: list[Action]) -> tuple[str, list[int]]:
    """The steps as one typed move, each step's words added to the step before where the notation reads them
    so (`ballot CA` then `ballot TX`: `ballot CA TX`; `buy sign` then `state OH`: `buy sign OH`), else `;`-joined;
    with how many steps each `;`-part takes."""
    parts: list[tuple[str, list[Action]]] = []
    for action in actions:
        if parts and action.args:
            text, steps = parts[-1]
            longer = f"{text} {' '.join(action.args)}"
            if _reads(ruleset, longer, [*steps, action]):
                parts[-1] = (longer, [*steps, action])
                continue
        parts.append((action.notation(), [action]))
    typed = "; ".join(text for text, _ in parts)
    if len(parts) == 1 or _reads(ruleset, typed, actions):
        return typed, [len(steps) for _, steps in parts]
    return ruleset.format(actions), [1] * len(actions)


def _reads(ruleset: Ruleset, text: str, actions: list[Action]) -> bool:
    try:
        return ruleset.parse(text) == actions
    except EngineError:
        return False


def _resolve(ruleset: Ruleset, state: Any, seat: str, seq: int, decision: Decision,
             suggest: Suggest | None, verbs: Collection[str] = ()) -> Option | None:
    """The option `suggest` picks now. `verbs`: those of the step being taught, where the decision offers more
    (play or draw): the bot's or the deadline's pick with another verb gives way to the first choice with one."""
    if suggest is None:
        return None
    offered = decision.all_options()
    taught = [o for o in offered if o.action.verb in verbs] or decision.options
    picks: list[tuple[Action | None, list[Option]]] = []  # each pick, with the choices it may be
    if suggest.move is not None and "*" in suggest.move:  # a pattern: the first choice whose notation fits it
        picks.append((next((o.action for o in offered if fnmatchcase(o.action.notation(), suggest.move)), None),
                      offered))
    elif suggest.move is not None:
        parsed = ruleset.parse(suggest.move)
        picks.append((parsed[0] if parsed else None, offered))
    if suggest.rule == "default":
        picks.append((ruleset.deadline_action(state, seat), taught))
    elif suggest.rule == "bot":
        picks.append((ruleset.bot_action(state, seat, Rng(seq)), taught))
    elif suggest.rule == "any_time":
        picks.append(((decision.extras or decision.options)[0].action, offered))
    elif suggest.rule in ("first", "last"):
        picks.append((taught[0 if suggest.rule == "first" else -1].action, taught))
    for action, among in picks:
        if (found := next((o for o in among if o.action == action), None)) is not None:
            return found
    return taught[0]  # a move the game does not offer now: its first choice instead


@dataclass(frozen=True)
class Coaching:
    """What the coach says before a decision (`text`, "" when nothing new) and the step it shows (None: none)."""

    text: str
    step: Step | None


def coach(ruleset: Ruleset, state: Any, seat: str, seq: int, shown: Collection[str], *, again: bool = False) -> Coaching:
    """The coach's words before `seat`'s decision: its new step, said once (the intro before the first), with the
    move to try. `again`: the current step even if it was shown (the learner came back to the lesson)."""
    found = lesson(ruleset.name)
    decision = ruleset.decisions(state, seat)
    if found is None or not decision.owes_move or summarized(shown):
        return Coaching("", None)
    ids, chosen = _ids(shown), chooser(ruleset, state, seat, seq)
    step = current_step(found, decision, ids, chosen) if again else next_step(found, decision, ids, chosen)
    if step is None:
        return Coaching("", None)
    move = _move(ruleset, state, seat, seq, decision, _suggestion_of(found, decision, step, chosen), step,
                 [*ids, step.id])
    return Coaching(step_text(found, step, move, with_intro=not shown), step)


def step_text(found: Lesson, step: Step, move: Suggestion | None, *, with_intro: bool = False) -> str:
    lines = [f"{MARK} {found.opening()}"] if with_intro else []
    lines.append(f"{MARK} **{step.rule}** — {step.text}")
    if move is not None:
        lines.append(f"**Try:** {move.label} (`{echo.notation(move.notation)}`)")
    return "\n".join(lines)


def nudge(ruleset: Ruleset, state: Any, seat: str, seq: int, shown: Collection[str]) -> str:
    """What a refused move gets after the game's reason: the rule at stake and a move that is allowed now."""
    found = lesson(ruleset.name)
    decision = ruleset.decisions(state, seat)
    if found is None or not decision.owes_move or summarized(shown):
        return ""
    step = current_step(found, decision, _ids(shown), chooser(ruleset, state, seat, seq))
    move = suggested(ruleset, state, seat, seq, shown)
    rule = f"**{step.rule}**: " if step is not None else ""
    return f"{MARK} {rule}a move that works now is {move.label} (`{echo.notation(move.notation)}`)." if move else ""


def closing(ruleset: str, next_steps: str) -> str:
    """The lesson's last words: what was learnt, then `next_steps` (the table's commands for a real game)."""
    found = lesson(ruleset)
    if found is None:
        return ""
    return f"{MARK} {found.summary}\n{next_steps}"


def checklist_ticked(ruleset: str, shown: Collection[str]) -> list[str]:
    """The checklist items the shown steps ticked, each once, in the order they were first ticked (a rule's later
    steps, its follow-up choices, tick it again)."""
    found = lesson(ruleset)
    if found is None:
        return []
    by_id = {s.id: s for s in found.steps}
    return list(dict.fromkeys(by_id[s].ticks for s in _ids(shown) if s in by_id))
