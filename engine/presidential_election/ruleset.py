"""The Presidential Election ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.earlier_layouts import EarlierLayout
from engine.core.ruleset import ModuleRuleset
from engine.core.rng import Rng
from engine.core.types import Action, CardText
from engine.presidential_election import (bot, cardtext, determinize, earlier, evaluate, favourite, notation,
                                          refusals, rules, setup, words, words_runs)
from engine.presidential_election.scenario_adapter import PEScenarioAdapter
from engine.presidential_election.silent import PESilent
from engine.presidential_election.state import Options, PEState
from engine.presidential_election.views import view

HELP = """**Presidential Election** — 2 to 6 candidates race round a 40-space Campaign Trail and buy votes on
the 51-state map; most electoral votes wins.
Start: everyone `roll`s for order (ties roll again); the first player may play `first` or `last`; each picks a
`home TX` (on its ballot with 15 votes) and keeps one of three Advantage cards (`advantage A03`).
Your turn: `roll` and move; the space acts — Convention (`ballot CA TX …` up to 20 first time, 10 later, or
`done`), Fundraising, a Campaign card, Pick a VP (`state OH`: 10 landing, 5 passing, never home),
Debate (`debate P2 OH` or `decline`), National Debate (everyone able `stake CA` twice; the winner `place`s the
pot). Landing on a rival starts a debate too. Then campaign, at most $1,110k a turn and never into debt:
`buy ballot OH` $20k, `buy sign OH` $100k (+d3 votes), `buy tv OH` $500k (+6d3), `fly IN` $10k once a turn
(a rival there: `debate P2` or `decline`); `cancel` backs out; `done` ends the turn (+1 vote where your map
token stands, then fundraising d3 × $100k). The first back on Election Day stops there; the round is finished
and the votes are counted (recount rolls for tied states, a House roll for a tied Electoral College).
Words the prompts use:
**Ballot** — being on a state's ballot means holding at least 1 vote there; votes go only to your ballot states.
**Home state** — picked at the start, on your ballot with 15 votes; running-mate votes never go there.
**Advantage card** — A01…A16: one ability you keep all game, chosen from three at the start.
**Campaign card** — C01…C40: drawn on a Draw a Card space and done at once; a card that picks states asks one at a time ("1 of 2").
**Campaign Trail** — the 40-space track you roll round with a d6; the space you land on acts.
**Party Convention** — a trail space: get on up to 20 new ballots free the first time, 10 later, 1 vote each; on every ballot already, a free Television Campaign instead.
**Pick a VP / running mate** — the trail spaces marked "vice president": landing on it brings a running mate with 10 votes, passing it 5, all in one ballot state that is not home.
**Debate** — two candidates each roll a d6 and the higher takes the difference in votes from the other in a state where both are on the ballot, never a last vote; started by a Debate space (marked "debate" on the trail), a card, landing where a rival stands or flying to a rival's map token, and only the starter may decline.
**National Debate** — everyone with votes to spare must stake 2; the highest d6 wins the pot.
**Stake** — a vote you put into a National Debate's pot, one state at a time, never a state's last vote.
**Pot** — all the votes staked; the National Debate's winner places them.
**Place** — put votes in your ballot states, one at a time, wherever you choose.
**Map token** — where you stand on the Election Map: `fly` moves it, and at the end of your turn it gives 1 vote in its state if you are on that ballot.
**Sign Campaign** — $100k: d3 votes in one of your ballot states.
**Television Campaign** — $500k: 6d3 votes in one of your ballot states.
**Airfare** — $10k, once a turn: move your map token to another state.
**Limit** — at most $1,110k of purchases a turn (free ones don't count), and never more than you have.
**d6 / d3** — a six-sided and a three-sided die; 6d3 is six d3 added up.
**Done** — ends a Party Convention's ballots, or your turn's campaigning."""


class PresidentialElectionRuleset(ModuleRuleset):
    name = "presidential_election"
    title = "Presidential Election"
    min_seats = 2
    max_seats = 6
    options_model = Options
    help = HELP
    scenario_adapter = PEScenarioAdapter
    rules, notation, bot, refusals, determinizer, words = rules, notation, bot, refusals, determinize, words
    evaluator = evaluate
    view_fn = staticmethod(view)
    silent = PESilent()
    # stored with the posting, the dice's lines and the reason, then (later) with only a task's cause in words
    earlier_layout = EarlierLayout(posting_before="carried", restore=earlier.laid_out_then,
                                   later=(earlier.causes_then,))
    carry_on = staticmethod(words_runs.onto_held)  # a step's lines carry on the run of the last line held

    def seat_names(self, count: int) -> list[str]:
        return [f"P{i}" for i in range(1, count + 1)]

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return self.seat_names(len(joined))  # seats are numbered in the order players joined

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> PEState:
        return setup.setup(options, seats, seed)

    def search_favourite(self, state: PEState, seat: str, rng: Rng) -> Action:
        """`hard`'s default move: the bot's, with the biggest state as its home and campaign money kept for the turns
        near the end (favourite.py)."""
        return favourite.favourite(state, seat, rng)

    def card(self, ref: str) -> CardText | None:
        """A Campaign card (`C26`) or Advantage card (`A11`) by the id prompts show, whole."""
        return cardtext.card(ref)


RULESET = PresidentialElectionRuleset()
