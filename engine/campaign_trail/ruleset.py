"""The Campaign Trail ruleset object: the engine contract wired to this game's modules (the competitive
game for 2–6 players, with debates, response cards and the optional Dirty Politics module)."""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import advanced_solo, bot, cards, determinize, notation, refusals, rules, solo_posts
from engine.campaign_trail import evaluate, favourite, words
from engine.campaign_trail.scenario_adapter import CampaignTrailScenarioAdapter
from engine.campaign_trail.silent import CampaignTrailSilent
from engine.campaign_trail.state import CampaignTrailState, Options
from engine.campaign_trail.views import view
from engine.campaign_trail.words_earlier import reason_in_words, stored_then
from engine.core.earlier_layouts import EarlierLayout
from engine.core.rng import Rng
from engine.core.ruleset import ModuleRuleset
from engine.core.types import Action, ApplyResult, CardText

HELP = """**Campaign Trail** — 2 to 6 players, two or three parties, August to October.
Options at `/game new`: `parties=DEM,LIB` (2 or 4 players; default DEM,REP), `solo=REP` (5 players: the
party with one player), `dirty=on` (the Dirty Politics cards). Pick any seat in the lobby: seats are fitted to the number of players at Start.
Setup: keep one of two candidates (`candidate wealthy`), then choose a home state from your hand's
reference states (`home VA`). On your turn play a card and take one of its four actions:
`97 campaign VA4 WV1 KY1` (pawn in a listed state, $60M, up to 6 registered voters among the listed states),
`55 advertise taxes taxes` ($20M per issue, 1 registered voter in every state showing it),
`12 travel OH PA` / `14 travel fly NY PA`, `40 fundraise`, `40 register`, `31 politick`. Where more is left to
choose you are asked; `done` at the end stops there (`12 travel OH done`).
Politick choices follow as steps (`pick MT`, `vote VA`, `card 38`, `done`); a choice among more than 25
states asks for a region first (`region great_lakes`). Running mates in one region may swap up to 3 cards
after their turns (`give 12`, `take 40`, `done`).
A state's electoral votes go to the party with most voters there (ties: the tiebreaker stars).
After the round in which October's deck runs out, end-of-game politicks resolve, then most electoral votes
wins (tie: most states; with three parties, a runoff). After August and September: a debate — three rounds of
`debate 55` (a card showing an issue in the arena) or `pass`; issues on your track win voters where they show.
Response cards: when asked on a rival's declaration, `respond 44`, `pass`, or `autopass` (stop asking me;
`responses ask` on your turn undoes it).
Dirty Politics (`dirty=on`, cards 106–129): `112 suppress NY` (move, then rival voters there are removed),
`110 flip REP` (take their money), `116 sway REP` (take registered voters), `107 trick` (Bribes, Scandal,
False News Story, Intimidation), `111 smear NC3 CA:DEM6` (pay 4 voters from your ethically minded states,
remove up to 8 rival voters), `124 mudsling taxes KY2` (2 ethically minded voters an issue, 2 rival voters off
wherever it shows). Steps: `pay MD`, `remove CA DEM`, `target REP`; forced payments and removals happen by
themselves. Ethically minded states: DEM MD MA NJ CT WA · REP GA KY MO AZ AL · LIB NC VA CO MN OR.
Solo Play (Appendix A): `ai=REP` or `ai=REP,LIB` (1 player; 2 players add `coop=on` and share a party). The AI
parties play themselves, first each round (twice each in co-op): a card registers on their track or places
voters where they lead by less than its thresholds. No debates. Before an AI direct action: `respond 44`
(Change of Plans: it registers instead), `pass` or `autopass`. When the AI decks run out you take a last turn.
A one-player game can be played by DM with the bot: `/game new` there starts it at once.
Advanced Solo Deck: add `ai_deck=advanced` (`ai=REP` or `ai=REP,LIB`). Each AI party has its own deck, ten cards a
month; August, a debate, September, a debate, October, as in the standard game; the AI parties go first each
round and debate first. 1 player, 2 in co-op, or (against one AI party) 2 players with a party each.
`dirty=on` combines with both: against an AI party `flip` takes from the bank, `sway` takes from its track,
Scandal is always ridden out, and your Intimidation takes 2 track voters when its campaign card lists your region.
Terms: registered voters — signed up, not yet placed (`register` adds them). Undecided supply — voters nobody holds.
War chest — your money. Pawn — where your candidate is; home state and home region — chosen at setup from a card's reference state.
Politick — a card's special action: instant, ongoing (in play on your table) or end of game; a dirty trick is a Dirty Politics one.
Response window — a pause after a rival declares an action; autopass — stop asking me. Convert — swap a rival's voter for one of yours.
Ethics voters — your voters in your ethically minded states. Threshold (Solo Play) — an AI card acts where its lead is below it."""


class CampaignTrailRuleset(ModuleRuleset):
    name = "campaign_trail"
    title = "Campaign Trail"
    min_seats = 2
    max_seats = 6
    options_model = Options
    help = HELP
    scenario_adapter = CampaignTrailScenarioAdapter
    rules, notation, bot, refusals, determinizer = rules, notation, bot, refusals, determinize
    view_fn = staticmethod(view)
    silent = CampaignTrailSilent()
    evaluator = evaluate
    words = words
    # stored then with the Solo Play fields left out while off, a politick's wait with its words, and the result's
    # reason in words
    earlier_layout = EarlierLayout(posting_before="reshuffled", left_out=(
        ("solo", None), ("advanced", None), ("options.ai", []), ("options.coop", False), ("options.ai_deck", "basic")),
        restore=stored_then, later=(reason_in_words,))

    def seat_names(self, count: int) -> list[str]:
        return rules.seat_names(count)

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return rules.assign_seats(joined, options)

    def apply(self, state: CampaignTrailState, seat: str, action: Action) -> ApplyResult:
        if state.solo is not None or state.advanced is not None:
            return solo_posts.apply(state, seat, action, tell=words.tell)  # each AI turn a post of its own
        return rules.apply(state, seat, action, tell=words.tell)

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Solo Play (`ai=`): one player, or two in co-op; otherwise 2 to 6."""
        opts = Options.model_validate(options or {})
        if opts.ai and advanced_solo.on(opts):
            return advanced_solo.seat_range(opts)
        if opts.ai:
            return (2, 2) if opts.coop else (1, 1)
        return self.min_seats, self.max_seats

    def party_of(self, seat: str) -> str:
        """Running mates share their party (DEM-P and DEM-VP win or lose together)."""
        return seat.split("-")[0]

    def seatless_parties(self, options: dict[str, Any]) -> list[str]:
        """Solo Play's AI parties: in the race, played by their decks, never by a seat."""
        return list(Options.model_validate(options or {}).ai)

    def card(self, ref: str) -> CardText | None:
        return cards.card(ref)

    def search_favourite(self, state: CampaignTrailState, seat: str, rng: Rng) -> Action:
        """The move `hard` keeps unless its search finds a clearly better one: the rule of thumb's, with the turn
        planned by the evaluation where it can tell the moves apart (favourite.py)."""
        return favourite.favourite(state, seat, rng)


RULESET = CampaignTrailRuleset()
