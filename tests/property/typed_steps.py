"""What test_typed_equals_steps.py and bench/typed_equals_steps.py share: seeded games of every title played by a
random legal player, cut into runs (a seat's consecutive steps), and the check that a run's typed (compound) form
reaches the same state and leaves the same decisions pending as its steps sent one by one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.rng import Rng
from engine.core.ruleset import Ruleset, play, play_until_handoff, seats_for, state_hash
from engine.core.types import Action
from engine.registry import get

# (title, variant) → (player count, options): every title, and Campaign Trail's modules and Solo Play
GAMES: dict[tuple[str, str], tuple[int, dict[str, Any]]] = {
    ("electioneer", "2 players"): (2, {}),
    ("campaign_trail", "3 players"): (3, {}),
    ("campaign_trail", "6 players, Dirty Politics"): (6, {"dirty": True}),
    ("campaign_trail", "Solo Play"): (1, {"ai": "REP"}),
    ("campaign_trail", "Solo Play co-op, Advanced Solo Deck"): (2, {"ai": "REP", "coop": True, "ai_deck": "advanced"}),
    ("presidential_election", "3 players"): (3, {}),
    ("campaign_manager_2008", "2 players"): (2, {}),
    ("nineteen_sixty", "2 players"): (2, {}),
}
VARIANTS = list(GAMES)
SAMPLE_GAMES = 2  # games per variant in the test (each up to MAX_STEPS steps)
MAX_STEPS = 100
RUN_MAX = 12  # steps of one run: as many as a typed move holds
STAY_PERCENT = 85  # how often (in 100) the seat that just moved goes on while it still owes: long runs, as typed moves are


@dataclass
class Run:
    seat: str
    before: Any  # the state the run starts from
    steps: list[Action]
    afters: list[Any] | None = None  # the state before each later step, as the game went (for its tails)
    end: Any = None  # the state the steps one by one reached, as the game went

    def tails(self) -> list["Run"]:
        """The run, and each run of its last steps from where the game stood before them (all end where it ends)."""
        return [self] + [Run(self.seat, self.afters[k - 1], self.steps[k:], end=self.end)
                         for k in range(1, len(self.steps))]


@dataclass
class Game:
    ruleset: Ruleset
    steps: list[tuple[str, Any, Action]]  # (seat, state before, step)
    end: Any  # the state after the last step


def play_game(title: str, variant: str, n: int, max_steps: int = MAX_STEPS) -> Game:
    """Game `n` of a variant, by a seeded random player choosing among each owing seat's options."""
    ruleset = get(title)
    count, options = GAMES[(title, variant)]
    state = ruleset.setup(options, seats_for(ruleset, count, options), 1000 + n)
    rng = Rng(n)
    steps: list[tuple[str, Any, Action]] = []
    last = None
    while len(steps) < max_steps and ruleset.outcome(state) is None:
        owing = [s for s in state.seats if ruleset.decisions(state, s).owes_move]
        if not owing:
            break
        seat = last if last in owing and rng.below(100) < STAY_PERCENT else rng.choice(owing)
        choices = ruleset.decisions(state, seat).options
        step = rng.choice(choices).action
        steps.append((seat, state, step))
        state = play(ruleset, state, seat, [step]).state
        last = seat
    return Game(ruleset, steps, state)


def runs(game: Game) -> list[Run]:
    """The game cut where the seat that moves changes (and every RUN_MAX steps: a solo player makes them all).
    Each run ends in the state the game reached by its steps one by one (the next step's state before)."""
    out: list[Run] = []
    for seat, before, step in game.steps:
        if out and out[-1].seat == seat and len(out[-1].steps) < RUN_MAX:
            out[-1].steps.append(step)
            out[-1].afters.append(before)
        else:
            if out:
                out[-1].end = before
            out.append(Run(seat, before, [step], []))
    if out:
        out[-1].end = game.end
    return out


def _one_by_one(ruleset: Ruleset, state: Any, seat: str, steps: list[Action]) -> Any:
    for step in steps:
        state = play(ruleset, state, seat, [step]).state
    return state


class _Wanted:
    """A state the typed form must reach, with its hash and each seat's decision worked out once (every tail of
    a run is held to the same one)."""

    def __init__(self, ruleset: Ruleset, state: Any) -> None:
        self.ruleset, self.state, self.hash, self._decisions = ruleset, state, state_hash(state), {}

    def decision(self, seat: str) -> Any:
        if seat not in self._decisions:
            self._decisions[seat] = self.ruleset.decisions(self.state, seat)
        return self._decisions[seat]


def _differences(ruleset: Ruleset, got: Any, want: _Wanted) -> list[str]:
    if state_hash(got) != want.hash:
        return ["a different state"]
    return [f"a different decision for {s}" for s in want.state.seats
            if ruleset.decisions(got, s) != want.decision(s)]


def run_problems(ruleset: Ruleset, run: Run, *, typed: str | None = None, want: Any = None) -> list[str]:
    """The typed form of the run (its steps' notation unless `typed` is given) against the steps one by one (as
    the game played them, or `want`): played at once and stopped at a hand-off, each must reach the same state
    and decisions."""
    typed = ruleset.format(run.steps) if typed is None else typed
    if want is None:
        want = run.end if run.end is not None else _one_by_one(ruleset, run.before, run.seat, run.steps)
    if not isinstance(want, _Wanted):
        want = _Wanted(ruleset, want)
    problems = []
    for how, result in (("played", lambda acts: (play(ruleset, run.before, run.seat, acts), [])),
                        ("until a hand-off", lambda acts: play_until_handoff(ruleset, run.before, run.seat, acts)[::2])):
        try:
            got, rest = result(ruleset.parse(typed))
        except Exception as exc:  # noqa: BLE001 - a refusal or a crash is a finding
            problems.append(f"{run.seat} `{typed}` ({how}): {type(exc).__name__}: {exc}")
            continue
        found = _differences(ruleset, got.state, want) + ([f"a rest `{ruleset.format(rest)}`"] if rest else [])
        problems += [f"{run.seat} `{typed}` ({how}) reaches {d} than `{ruleset.format(run.steps)}` step by step"
                     for d in found]
    return problems


def _implied_done_problems(ruleset: Ruleset, run: Run) -> list[str]:
    """Each `done` of the run left unwritten (the short form `97 advertise education`): the move reaches what
    the steps before it reach, and the `done` too only where it was the seat's one option."""
    from engine.core.notation import Implied  # Campaign Trail's notation makes these; no other title does

    problems = []
    for i, step in enumerate(run.steps):
        if step != Action(verb="done"):
            continue
        head = Run(run.seat, run.before, run.steps[:i])
        typed = ruleset.format([*head.steps, Implied(verb="done")])
        want = run.afters[i - 1] if i else run.before  # where the steps before the `done` left the game
        written = typed != ruleset.format(head.steps)  # outside its short form an implied step has no words
        if written and [o.action for o in ruleset.decisions(want, run.seat).options] == [step]:
            want = play(ruleset, want, run.seat, [step]).state
        if typed:
            problems += run_problems(ruleset, head, typed=typed, want=want)
    return problems


def check_game(title: str, variant: str, n: int, max_steps: int = MAX_STEPS) -> tuple[list[str], int]:
    """Game `n`'s findings and how many runs were checked: every run whole, every tail of it, and (where the
    notation leaves a `done` unwritten) each `done` implied."""
    game = play_game(title, variant, n, max_steps)
    problems: list[str] = []
    checked = 0
    for run in runs(game):
        end = _Wanted(game.ruleset, run.end)
        for tail in run.tails():
            problems += run_problems(game.ruleset, tail, want=end)
        if title == "campaign_trail":
            problems += _implied_done_problems(game.ruleset, run)
        checked += 1
    return [f"{title} {variant} game {n}: {p}" for p in problems], checked
