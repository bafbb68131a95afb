"""Electioneer US in words: the log lines of its events, the prompt, deadline default and option labels of its
decisions, all made from the facts the rules state (facts.py). The ruleset contract runs these after the rules
(engine/core/ruleset.py, `Words`); the rules, and the silent path a search takes, never import this module."""
from __future__ import annotations

from typing import Any, Callable

from engine.core.types import Decision, Event, Facts, Option, Outcome, word
from engine.electioneer import content as content_mod
from engine.electioneer import facts as f
from engine.electioneer.cards import effects_text

# ---------------------------------------------------------------- names


def issue_names(issues: tuple[str, ...] | list[str]) -> str:
    c = content_mod.load()
    return " + ".join(c.issues[i].name for i in issues)


def policy_label(pid: str) -> str:
    return f"{content_mod.load().policies[pid].name} ({pid}: {effects_text(pid)})"


def state_name(code: str) -> str:
    return content_mod.load().states[code].name


def theatric_name(tid: str) -> str:
    return content_mod.load().theatrics[tid].name


def swap_text(old: str, new: str) -> str:
    c = content_mod.load()
    return f"{c.issues[old].name} → {c.issues[new].name}"


# ---------------------------------------------------------------- events


def tell(events: list[Event]) -> list[Event]:
    """Word each event that states facts: its public line, the seats' private lines and its proof, in place."""
    for event in events:
        if event.facts is not None:
            _TELLERS[type(event.facts)](event, event.facts)
    return events


def _month_opened(e: Event, x: f.MonthOpened) -> None:
    e.public = (f"Month {x.month} of {x.months}: {state_name(x.state)} is revealed — its issues are "
                f"{issue_names(x.issues)}.")


def _policies_drawn(e: Event, x: f.PoliciesDrawn) -> None:
    e.private = {x.seat: "You drew " + ", ".join(policy_label(p) for p in x.policies) + "."}


def _policy_buried(e: Event, x: f.PolicyBuried) -> None:
    e.public = f"{e.seat} has put a policy on the bottom of their deck."


def _buried_policy(e: Event, x: f.BuriedPolicy) -> None:
    e.private = {x.seat: f"You put {policy_label(x.policy)} on the bottom of your deck."}


def _policy_sealed(e: Event, x: f.PolicySealed) -> None:
    e.public, e.proof = f"{e.seat} has chosen a policy.", f"{e.seat} seal {x.digest}"


def _sealed_policy(e: Event, x: f.SealedPolicy) -> None:
    e.private = {x.seat: f"You will campaign on {policy_label(x.policy)}; it is revealed when both have chosen."}


def _side_total(side: f.Side) -> str:
    """A side's month total, each part credited to its cause: the policy's own score on the state's issues, then
    each momentum theatric's bonus ("Climate Accord +0, Rally in the Rain +2, total +2")."""
    if not side.bonuses:
        return f"{side.score:+d}"
    c = content_mod.load()
    parts = [f"{c.policies[side.policy].name} {side.score:+d}"]
    parts += [f"{theatric_name(b.theatric) if b.theatric else 'theatrics'} {b.amount:+d}" for b in side.bonuses]
    return ", ".join(parts) + f", total {side.total:+d}"


def _month_won(e: Event, x: f.MonthWon) -> None:
    c = content_mod.load()
    parts = [f"{seat} reveals {c.policies[side.policy].name}: {_side_total(side)}" for seat, side in x.sides.items()]
    proofs = [f"{seat} reveals {side.policy} [seal {side.digest}, salt {side.salt}]" for seat, side in x.sides.items()]
    tie = " — a tie, decided by the state's colour" if x.tie else ""
    e.public = "; ".join(parts) + f". {x.winner} wins {state_name(x.state)}'s month{tie}."
    e.proof = "; ".join(proofs)


def _issue_swapped(e: Event, x: f.IssueSwapped) -> None:
    e.public = f"{e.seat} swaps an issue in {state_name(x.state)}: {swap_text(x.old, x.new)}."


def _issues_kept(e: Event, x: f.IssuesKept) -> None:
    e.public = f"{e.seat} keeps the issues as they are."


def _seat_ready(e: Event, x: f.SeatReady) -> None:
    e.public = f"{e.seat} is ready for the count."


def _election_day(e: Event, x: f.ElectionDay) -> None:
    e.public = "All seven months are done. Election day: play any last theatrics, then declare ready."


def _momentum_gained(e: Event, x: f.MomentumGained) -> None:
    e.public = f"{e.seat} plays {theatric_name(x.theatric)}: +{x.amount} to {x.seat}'s total this month."


def _reframed(e: Event, x: f.Reframed) -> None:
    e.public = f"{e.seat} plays {theatric_name(x.theatric)} in {state_name(x.state)}: {swap_text(x.old, x.new)}."


def _marker_placed(e: Event, x: f.MarkerPlaced) -> None:
    e.public = (f"{e.seat} plays {theatric_name(x.theatric)} in {state_name(x.state)}: {x.delta:+d} to {x.seat} "
                f"there on election day.")


def _state_researched(e: Event, x: f.StateResearched) -> None:
    e.public = f"{e.seat} plays {theatric_name(x.theatric)} to look at {state_name(x.state)}'s face-down issues."


def _issues_seen(e: Event, x: f.IssuesSeen) -> None:
    e.private = {x.seat: f"{state_name(x.state)}'s face-down issues: {issue_names(x.issues)}."}


def _marker_removed(e: Event, x: f.MarkerRemoved) -> None:
    e.public = (f"{e.seat} plays {theatric_name(x.theatric)}: {x.source} ({x.delta:+d} {x.seat}) is removed from "
                f"{state_name(x.state)}.")


def _states_counted(e: Event, x: f.StatesCounted) -> None:
    lines = [f"{n.state} {n.electors}: DEM {n.totals['DEM']:+d}, REP {n.totals['REP']:+d} → {n.winner}"
             + (" (tie: state colour)" if n.tie else "") for n in x.counts]
    e.public = "Election day results: " + "; ".join(lines) + "."


def _presidency_won(e: Event, x: f.PresidencyWon) -> None:
    loser = "REP" if x.winner == "DEM" else "DEM"
    tie = " — tied electors go to the DEM incumbent" if x.tie else ""
    e.public = f"{x.winner} wins the presidency, {x.electors[x.winner]}–{x.electors[loser]}{tie}."


def conclude(outcome: Outcome) -> Outcome:
    """The outcome with its reason, made from what decided the game: the electors, and the tie the DEM incumbent
    takes."""
    x = outcome.facts
    if not isinstance(x, f.PresidencyWon):
        return outcome
    loser = "REP" if x.winner == "DEM" else "DEM"
    reason = f"{x.winner} wins the Electoral College {x.electors[x.winner]}–{x.electors[loser]}."
    if x.tie:
        reason += " Tied electors go to the DEM incumbent."
    return outcome.model_copy(update={"reason": reason})


_TELLERS: dict[type[Facts], Callable[[Event, Any], None]] = {
    f.MonthOpened: _month_opened, f.PoliciesDrawn: _policies_drawn, f.PolicyBuried: _policy_buried,
    f.BuriedPolicy: _buried_policy, f.PolicySealed: _policy_sealed, f.SealedPolicy: _sealed_policy,
    f.MonthWon: _month_won, f.IssueSwapped: _issue_swapped, f.IssuesKept: _issues_kept, f.SeatReady: _seat_ready,
    f.ElectionDay: _election_day, f.MomentumGained: _momentum_gained, f.Reframed: _reframed,
    f.MarkerPlaced: _marker_placed, f.StateResearched: _state_researched, f.IssuesSeen: _issues_seen,
    f.MarkerRemoved: _marker_removed, f.StatesCounted: _states_counted, f.PresidencyWon: _presidency_won,
}

# ---------------------------------------------------------------- decisions

# each question's prompt (a function of its facts) and what the deadline plays, in words
_QUESTIONS: dict[type[Facts], tuple[Callable[[Any], str], str]] = {
    f.DiscardAsk: (lambda x: "Choose a policy to put on the bottom of your deck.",
                   "the policy with the lowest total effect is put on the bottom"),
    f.CampaignAsk: (lambda x: f"Choose a policy to campaign on in {state_name(x.state)} ({issue_names(x.issues)}).",
                    "the policy scoring best in this month's state is played"),
    f.SwapAsk: (lambda x: "You won the month: swap one issue in a revealed state for one from the issue deck, "
                          "or keep them.", "the issues are kept"),
    f.ReadyAsk: (lambda x: "Election day: play any theatrics you want, then declare ready.", "ready for the count"),
}


def ask(decision: Decision) -> Decision:
    """Word a decision in place: its prompt and deadline default from its question, each option's label and detail."""
    if decision.facts is not None:
        prompt, default = _QUESTIONS[type(decision.facts)]
        decision.prompt, decision.deadline_default = prompt(decision.facts), default
    decision.options = [_labelled(o) for o in decision.options]
    decision.extras = [_labelled(o) for o in decision.extras]
    return decision


def _labelled(option: Option) -> Option:
    return word(option, *option_words(option))


def option_words(option: Option) -> tuple[str, str]:
    """An option's label and detail (names read from the content once: a menu may list a hundred swaps)."""
    c = content_mod.load()
    verb, args, x = option.action.verb, option.action.args, option.facts
    if verb == "discard":
        return f"Discard {c.policies[args[0]].name}", effects_text(args[0])
    if verb == "campaign":
        score = x.score if isinstance(x, f.Scores) else 0
        return c.policies[args[0]].name, f"{score:+d} here · {effects_text(args[0])}"
    if verb == "keep":
        return "Keep the issues as they are", ""
    if verb == "swap" and isinstance(x, f.Replaces):
        return f"{c.states[args[0]].name}: {c.issues[x.old].name} → {c.issues[args[2]].name}", ""
    if verb == "ready":
        return "Ready — count the votes", ""
    return _play_label(c, args, x), ""


def _play_label(c: content_mod.ElectioneerContent, args: tuple[str, ...], x: Facts | None) -> str:
    t = c.theatrics[args[0]]
    if isinstance(x, f.Replaces):
        return f"{t.name}: {c.states[args[1]].name}: {c.issues[x.old].name} → {c.issues[args[3]].name}"
    if isinstance(x, f.Shifts):
        sign = "+" if t.kind == "endorse" else "−"
        return f"{t.name}: {sign}{abs(x.delta)} {x.seat} in {c.states[args[1]].name}"
    if isinstance(x, f.Removes):
        return f"{t.name}: remove {x.source} ({x.delta:+d} {x.seat}) in {args[1]}"
    if t.kind == "research":
        return f"{t.name}: look at {c.states[args[1]].name}'s issues"
    return f"{t.name}: +{t.amount} this month"
