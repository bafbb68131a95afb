"""Campaign Trail rules: setup, legality (decisions), apply, scoring and election day.

A turn is a sequence of atomic steps, each offered by decisions() as a short menu:
`play 97` (a card from hand) → `campaign` (one of its four actions) → the action's parameters one at a
time (`vote VA`, `to OH`, `fly NY`, `issue taxes`, `pick MT`) → `done` where the action takes a
variable number of them. Fundraise and register finish at once. Then the card is discarded and the
player draws up to five.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import abilities, debates, dirty, effects, responses
from engine.campaign_trail.state import MONTHS, CampaignTrailState, Exchange, Options, PartyState, SeatState, Tabled, TurnState
from engine.core.errors import IllegalAction, UnknownAction
from engine.core.frames import FrameStack
from engine.core.rng import Rng
from engine.core.types import Action, ApplyResult, Decision, Event, Option, Outcome, PendingKind

ALL_PARTIES = ("DEM", "REP", "LIB")
HAND = 5
CAMPAIGN_COST = 60
CAMPAIGN_MAX = 6
EXCHANGE_MAX = 3
MENU_MAX = 25  # a longer list of states is offered region first (Discord shows 25 choices per menu)
ADVERTISE_COST = 20
ACTIONS = ("travel", "fundraise", "register", "campaign", "advertise", "politick")
DEBATE_POLITICKS = ("debate_prep", "unprepared")  # resolved as a debate is set up


def _c():
    return content_mod.load()


@lru_cache(maxsize=1)
def _issue_map() -> dict[str, list[str]]:
    c = _c()
    return {issue: c.issue_states(issue) for issue in c.debate_issues}


def issue_states(issue: str) -> list[str]:
    return _issue_map()[issue]


@lru_cache(maxsize=1)
def neighbours() -> dict[str, list[str]]:
    return {code: sorted(n) for code, n in _c().neighbours().items()}


# ---------------------------------------------------------------- seats and teams


def layout(count: int, opts: Options) -> list[tuple[str, str, str]]:
    """(seat, party, role) by player count (Setup, "Candidates and Parties"; ruling: team table)."""
    if count == 2:
        return [(p, p, "SOLO") for p in opts.parties]
    if count == 3:
        return [(p, p, "SOLO") for p in ALL_PARTIES]
    if count == 4:
        return [(f"{p}-{r}", p, r) for p in opts.parties for r in ("P", "VP")]
    if count == 5:
        out: list[tuple[str, str, str]] = []
        for p in ALL_PARTIES:
            out += [(p, p, "BOTH")] if p == opts.solo else [(f"{p}-{r}", p, r) for r in ("P", "VP")]
        return out
    if count == 6:
        return [(f"{p}-{r}", p, r) for p in ALL_PARTIES for r in ("P", "VP")]
    raise IllegalAction("Campaign Trail is played by 2 to 6 players.", code="bad_seats")


def seat_names(count: int, options: dict[str, Any] | None = None) -> list[str]:
    return [s for s, _, _ in layout(count, Options.model_validate(options or {}))]


def assign_seats(joined: list[str], options: dict[str, Any] | None = None) -> list[str]:
    """Map a lobby's seat picks onto the seats of the player count that started (ruling: lobby seats).

    A pick that is a seat at this count stays; otherwise the player keeps their party if one of its
    seats is free, else takes the first free seat in table order. Deterministic, so a restart agrees.
    """
    targets = seat_names(len(joined), options)
    out: list[str | None] = [name if name in targets else None for name in joined]
    free = [t for t in targets if t not in out]
    for i, name in enumerate(joined):
        if out[i] is None:
            party = name.split("-")[0]
            pick = next((t for t in free if t.split("-")[0] == party), free[0])
            free.remove(pick)
            out[i] = pick
    return [name for name in out if name is not None]


def month_sizes(n: int) -> list[int]:
    """The remaining deck in three stacks; an uneven remainder goes to the earlier months (ruling)."""
    base, extra = divmod(n, 3)
    return [base + (1 if i < extra else 0) for i in range(3)]


# ---------------------------------------------------------------- setup


def setup(options: dict[str, Any], seats: list[str], seed: int) -> CampaignTrailState:
    opts = Options.model_validate(options or {})
    if len(set(opts.parties)) != 2:
        raise IllegalAction("A two-party game needs two different parties.", code="bad_options")
    lay = layout(len(seats), opts)
    if sorted(seats) != sorted(s for s, _, _ in lay):
        raise IllegalAction(f"With {len(seats)} players the seats are {', '.join(s for s, _, _ in lay)}.", code="bad_seats")
    seats = [s for s, _, _ in lay]  # table order, whatever order the players joined in
    c = _c()
    rng = Rng(seed)
    in_play = [p for p in ALL_PARTIES if any(party == p for _, party, _ in lay)]
    parties = {}
    for p in in_play:
        mine = [s for s, party, _ in lay if party == p]
        solo_both = any(r == "BOTH" for s, party, r in lay if party == p)
        parties[p] = PartyState(id=p, seats=mine, roles=2 if (len(mine) == 2 or solo_both) else 1)
    voters: dict[str, dict[str, int]] = {}
    for code, st in c.states.items():
        row = {p: 0 for p in in_play}
        primary, secondary = st.tiebreak
        if primary in row:
            row[primary] += 2
        elif secondary in row:
            row[secondary] += 1
        voters[code] = row
    for row in voters.values():
        for p, n in row.items():
            parties[p].out_of_supply += n
    deck = rng.shuffle(c.deck(players=len(seats), dirty=opts.dirty))
    removed = sorted(set(c.cards) - set(deck))
    candidates = rng.shuffle(sorted(c.candidates))
    players = {}
    for i, (seat, party, role) in enumerate(lay):
        players[seat] = SeatState(party=party, role=role, hand=deck[:HAND], offer=candidates[2 * i:2 * i + 2])
        deck = deck[HAND:]
    sizes = month_sizes(len(deck))
    decks = [deck[:sizes[0]], deck[sizes[0]:sizes[0] + sizes[1]], deck[sizes[0] + sizes[1]:]]
    order = rng.shuffle(in_play)
    # Setup steps 14–15: two debate topic cards and two debate cities, face up from the start.
    topics = rng.shuffle(sorted(c.debate_topics))[:2]
    debate_cities = rng.shuffle(sorted(c.debate_cities))[:2]
    return CampaignTrailState(
        seats=list(seats), options=opts, rng=rng.state, phase="candidate", parties=parties, players=players,
        voters=voters, decks=decks, removed=removed, order=order, debate_topics=topics, debate_cities=debate_cities,
    )


def game_cards(s: CampaignTrailState) -> list[int]:
    """Every card of this game, wherever it is: the action deck, and the Dirty Politics cards if the module is on."""
    c = _c()
    return sorted([*c.cards, *(c.dirty_cards if s.options.dirty else ())])


def load_state(data: str) -> CampaignTrailState:
    return CampaignTrailState.model_validate_json(data)


# ---------------------------------------------------------------- scoring


@lru_cache(maxsize=1)
def _board_facts() -> tuple[dict[str, tuple[str, str]], dict[str, int]]:
    c = _c()
    return ({code: (st.tiebreak[0], st.tiebreak[1]) for code, st in c.states.items()},
            {code: st.ev for code, st in c.states.items()})


def majority(s: CampaignTrailState, code: str, among: list[str] | None = None) -> str:
    """Most committed voters; a tie (0–0 included) goes to the primary tiebreaker if tied, else the secondary."""
    row = s.voters[code]
    if among is None:
        best, top, n = "", -1, 0
        for p, v in row.items():
            if v > top:
                best, top, n = p, v, 1
            elif v == top:
                n += 1
        if n == 1:
            return best
        parties = list(row)
    else:
        parties = among
        top = max(row[p] for p in parties)
    tied = [p for p in parties if row[p] == top]
    if len(tied) == 1:
        return tied[0]
    genius = abilities.tie_winner(s, tied, top, _board_facts()[0][code])
    if genius is not None:  # the Genius wins the ties it is part of (Appendix C)
        return genius
    for star in _board_facts()[0][code]:
        if star in tied:
            return star
    return sorted(tied)[0]  # unreachable: two of three parties hold a star


def majorities(s: CampaignTrailState, among: list[str] | None = None) -> dict[str, str]:
    return {code: majority(s, code, among) for code in s.voters}


def electoral_votes(s: CampaignTrailState, among: list[str] | None = None,
                    held: dict[str, str] | None = None) -> dict[str, int]:
    evs = _board_facts()[1]
    out = {p: 0 for p in (among or s.parties)}
    for code, p in (held or majorities(s, among)).items():
        out[p] += evs[code]
    return out


def states_held(s: CampaignTrailState, among: list[str] | None = None,
                held: dict[str, str] | None = None) -> dict[str, int]:
    out = {p: 0 for p in (among or s.parties)}
    for p in (held or majorities(s, among)).values():
        out[p] += 1
    return out


def add_voters(s: CampaignTrailState, code: str, party: str, n: int) -> None:
    s.voters[code][party] += n


def remove_voters(s: CampaignTrailState, code: str, party: str, n: int) -> None:
    """Send n of the party's committed voters in the state back to the undecided supply (the ledger follows)."""
    s.voters[code][party] -= n
    s.parties[party].out_of_supply -= n


# ---------------------------------------------------------------- whose turn


def current_party(s: CampaignTrailState) -> str | None:
    return s.order[s.order_index] if s.phase == "play" else None


def can_start(s: CampaignTrailState, seat: str) -> bool:
    if s.phase != "play" or s.turn is not None or s.exchange is not None:
        return False
    party = s.parties[current_party(s)]
    if s.players[seat].party != party.id:
        return False
    if s.players[seat].role == "BOTH":
        return len(s.taken) < 2
    return seat not in s.taken


def owes(s: CampaignTrailState, seat: str) -> bool:
    if seat not in s.players:
        return False
    p = s.players[seat]
    if s.phase == "candidate":
        return p.candidate is None
    if s.phase == "home":
        return p.home is None
    if s.phase == "play":
        if s.window is not None:
            return responses.owes(s, seat)
        if s.wait is not None and s.wait.get("seat"):  # a politick asks one player (Scandal's rivals, Intimidation)
            return s.wait["seat"] == seat
        if s.exchange is not None:
            return s.exchange.seat == seat
        return (s.turn is not None and s.turn.seat == seat) or can_start(s, seat)
    if s.phase == "final":
        return s.final_seat == seat and s.wait is not None
    if s.phase == "debate":
        return debates.current(s) == seat
    return False


# ---------------------------------------------------------------- legality


def decisions(s: CampaignTrailState, seat: str) -> Decision:
    if seat not in s.players or not owes(s, seat):
        return Decision(seat=seat)
    if s.phase == "debate":
        return debates.decision(s, seat)
    if s.window is not None:
        return responses.decision(s, seat)
    c = _c()
    p = s.players[seat]
    opts: list[Option] = []
    if s.phase == "candidate":
        for cid in p.offer:
            cd = c.candidates[cid]
            opts.append(Option(action=Action(verb="candidate", args=(cid,)), label=f"{cd.archetype} ({cd.name})",
                               detail=f"{cd.registered} voters, ${cd.war_chest}M"))
        return Decision(seat=seat, kind=PendingKind.SIMULTANEOUS, prompt="Keep one of your two candidates.",
                        options=opts, deadline_default="the first candidate dealt is kept")
    if s.phase == "home":
        for code in home_choices(s, seat):
            opts.append(Option(action=Action(verb="home", args=(code,)), label=f"{c.states[code].name} ({c.states[code].ev} EV)"))
        return Decision(seat=seat, kind=PendingKind.SIMULTANEOUS, prompt="Choose your home state from the reference states in your hand.",
                        options=opts, deadline_default="the listed home state with the most electoral votes")
    t = s.turn
    if s.exchange is not None:
        ex = s.exchange
        mate = s.players[ex.partner]
        if ex.give is not None:
            for theirs in mate.hand:
                opts.append(Option(action=Action(verb="take", args=(str(theirs),)), label=f"Take #{theirs} for #{ex.give}"))
        else:
            if ex.swaps < EXCHANGE_MAX:
                for mine in p.hand:
                    opts.append(Option(action=Action(verb="give", args=(str(mine),)), label=f"Give #{mine}"))
            opts.append(Option(action=Action(verb="done"), label="Done exchanging"))
        return Decision(seat=seat, kind=PendingKind.CHOICE,
                        prompt=f"Exchange cards with {ex.partner} one for one ({ex.swaps} of {EXCHANGE_MAX} so far), then `done`.",
                        options=opts, deadline_default="no (further) exchange")
    if s.phase == "final":
        opts = [Option(action=a, label=label) for a, label in step_options(s, seat)]
        return Decision(seat=seat, kind=PendingKind.CHOICE, prompt="End of the game: " + _step_prompt(s), options=opts,
                        deadline_default="the first choice listed")
    if t is None:
        playable = [n for n in p.hand if legal_actions(s, seat, n)] or list(p.hand)
        for n in playable:
            opts.append(Option(action=Action(verb="play", args=(str(n),)), label=f"#{n} {c.card(n).name}",
                               detail=", ".join(a.replace("_", " ") for a in c.card(n).actions.present())))
        if not p.hand:
            opts.append(Option(action=Action(verb="pass"), label="No cards: pass the turn"))
        extras = [Option(action=Action(verb="responses", args=("ask",)), label="Ask me in response windows again")] \
            if seat in s.autopass else []
        return Decision(seat=seat, kind=PendingKind.CHOICE, prompt="Your turn: play a card.", options=opts, extras=extras,
                        deadline_default="the first card in hand is played for its first support action")
    if t.action is None and s.wait is None:
        for a in legal_actions(s, seat, t.card):
            opts.append(Option(action=Action(verb=a), label=a.replace("_", " ").capitalize(), detail=action_text(t.card, a)))
        if not opts:  # only when no card in hand has an action you can take (ruling)
            opts.append(Option(action=Action(verb="done"), label="No action possible: discard the card"))
        return Decision(seat=seat, kind=PendingKind.CHOICE, prompt=f"Take one action of card #{t.card}.", options=opts,
                        deadline_default="the first support action of the card")
    opts = [Option(action=a, label=label) for a, label in step_options(s, seat)]
    default = "the first choice listed"  # as deadline_action() plays it
    if s.wait is None and not t.strikes and t.action in ("travel", "voter_suppression"):
        default = "you stop moving here"
    elif s.wait is None and t.action in ("smear_campaign", "mudslinging"):
        default = "once it is paid for, you stop here; until then the first choice listed"
    return Decision(seat=seat, kind=PendingKind.CHOICE, prompt=_step_prompt(s), options=opts, deadline_default=default)


def home_choices(s: CampaignTrailState, seat: str) -> list[str]:
    c = _c()
    legal = set(c.reference_eligible())
    refs = {c.card(n).reference for n in s.players[seat].hand} & legal
    return [code for code in c.states if code in refs]


def legal_actions(s: CampaignTrailState, seat: str, number: int) -> list[str]:
    c = _c()
    a = c.card(number).actions
    me = s.players[seat]
    party = s.parties[me.party]
    out = []
    for name in a.present():
        if s.turn is not None and s.turn.card == number and name == s.turn.forbidden:
            continue  # Change of Plans cancelled it
        if name in content_mod.DIRTY_ACTIONS:
            if dirty.legal(s, seat, number, name):
                out.append(name)
            continue
        if name == "travel":
            if a.travel.plane and abilities.forbidden(s, seat, "travel", "plane"):
                continue
        elif name == "campaign":
            if party.money < campaign_cost(s, seat) or me.pawn not in campaign_states(s, seat, number):
                continue
        elif name == "advertise":
            if not advertise_choices(s, seat, number, []):
                continue
        elif name == "politick":
            pid = a.politick
            if not effects.declared_payable(s, seat, "politick"):  # the Populist's $20M or 2 registered
                continue
            if pid in DEBATE_POLITICKS and s.month >= 2:
                continue  # no debate left for it to work in (ruling: a politick that cannot act is not offered)
            if pid in effects.ONGOING or pid in effects.END_OF_GAME:
                pass
            elif pid not in effects.IMPLEMENTED or not effects.requirement_met(s, seat, pid):
                continue
        out.append(name)
    return out


def campaign_states(s: CampaignTrailState, seat: str, number: int, restricted: bool = True) -> list[str]:
    """The campaign's states: the card's list (or the home region), narrowed by a candidate's restriction."""
    c = _c()
    camp = c.card(number).actions.get("campaign")
    if camp is None:
        return []
    listed = c.region_states(c.states[s.players[seat].home].region) if camp.home_region else list(camp.states)
    rule = abilities.restriction(s, seat, "campaign") if restricted else None
    if rule is not None and rule["to"] == "pawn_and_adjacent":
        pawn = s.players[seat].pawn
        near = {pawn, *neighbours()[pawn]}
        listed = [code for code in listed if code in near]
    return listed


def campaign_cost(s: CampaignTrailState, seat: str) -> int:
    if s.turn is not None and s.turn.per_voter is not None:
        return 0  # Local Funds Dry Up: paid per voter instead
    return max(0, abilities.stat(s, seat, "campaign", "cost", CAMPAIGN_COST))


def campaign_votes(s: CampaignTrailState, seat: str) -> list[str]:
    """States that may take the campaign's next voter (max voters, max per state, must-include-pawn)."""
    t = s.turn
    if t.placed >= abilities.stat(s, seat, "campaign", "max_voters", CAMPAIGN_MAX):
        return []
    if s.parties[s.players[seat].party].registered + t.free_left <= 0:
        return []
    if t.per_voter is not None and s.parties[s.players[seat].party].money < t.per_voter:
        return []  # Local Funds Dry Up: each voter must be paid for
    pawn = s.players[seat].pawn
    rule = abilities.restriction(s, seat, "campaign")
    if rule is not None and rule.get("must_include") == "pawn" and t.placed == 0:
        return [pawn]
    cap = abilities.stat(s, seat, "campaign", "max_per_state", 99)
    return [code for code in campaign_states(s, seat, t.card) if t.per_state.get(code, 0) < cap]


def has_active(s: CampaignTrailState, seat: str, pid: str) -> bool:
    return any(tab.politick == pid and tab.active for tab in s.players[seat].table)


def advertise_cost(s: CampaignTrailState, seat: str) -> int:
    """The next issue's price: $20M, changed by the seat's own standing rules (Super PAC: $10M; not the
    running mate's); a per-action discount (`advertise cost`) comes off the first issue bought."""
    per = abilities.stat(s, seat, "advertise", "cost_per_issue", ADVERTISE_COST)
    paid = 0
    if s.turn is not None and s.turn.action == "advertise":  # issues already paid for in this action
        on_card = list(_c().card(s.turn.card).actions.advertise or [])
        paid = sum(1 for x in s.turn.bought if x in on_card)
    # the action's discount (the Wealthy Candidate) comes off after every other change: what the issues
    # already bought did not use up is carried to the next one
    discount = min(0, abilities.stat(s, seat, "advertise", "cost", 0) + paid * per)
    return max(0, per + discount)


def advertise_choices(s: CampaignTrailState, seat: str, number: int, bought: list[str]) -> list[str]:
    party = s.parties[s.players[seat].party]
    left = card_issues_left(number, bought)
    voters = party.registered + free_left(s, seat)
    if party.money < advertise_cost(s, seat):
        return []
    out = []
    for issue in left:
        if issue in out:
            continue
        if voters >= len(issue_states(issue)):
            out.append(issue)
    return out


def card_issues_left(number: int, bought: list[str]) -> list[str]:
    """The card's advertise icons not yet paid for (a free extra issue is not on the card)."""
    left = list(_c().card(number).actions.advertise or [])
    for x in bought:
        if x in left:
            left.remove(x)
    return left


def free_issues(s: CampaignTrailState, seat: str, number: int, bought: list[str]) -> list[str]:
    """The Populist: once an issue is bought, issues not on the card it may add for free."""
    on_card = set(_c().card(number).actions.advertise or [])
    extra = [x for x in bought if x not in on_card]
    if not bought or len(extra) >= abilities.free_extra_issues(s, seat):
        return []
    voters = s.parties[s.players[seat].party].registered + free_left(s, seat)
    return [i for i in _c().debate_issues if i not in on_card and i not in bought and voters >= len(issue_states(i))]


def free_left(s: CampaignTrailState, seat: str) -> int:
    """Voters the current action may still place from the undecided supply (the Party Favorite)."""
    t = s.turn
    if t is None or t.action is None:
        return abilities.free_voters(s, seat)
    return t.free_left


def take_voter(s: CampaignTrailState, seat: str) -> None:
    """One voter for the board: a free one while the action has any left, else a registered one."""
    party = s.parties[s.players[seat].party]
    if s.turn is not None and s.turn.free_left > 0:
        s.turn.free_left -= 1
        party.out_of_supply += 1
    else:
        party.registered -= 1


def step_options(s: CampaignTrailState, seat: str) -> list[tuple[Action, str]]:
    c = _c()
    t = s.turn
    out: list[tuple[Action, str]] = []
    done = (Action(verb="done"), "Done")
    if s.wait is not None:
        w = s.wait
        spots = [x[0] for x in w["among"]] if w["kind"] == "strike" else w["among"]
        # a menu too long for Discord (with its `done`) asks for a region first
        if w["kind"] in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
                and not w.get("region"):
            regions = [r for r in c.regions if any(c.states[code].region == r for code in spots)]
            for r in regions:
                out.append((Action(verb="region", args=(r,)), c.regions[r].name))
            if w.get("optional"):
                out.append(done)
            return out
        if w["kind"] == "option":
            return [(Action(verb="option", args=(n,)), label) for n, label in zip(w["among"], w["labels"])]
        if w["kind"] == "card":
            for n in w["among"]:
                out.append((Action(verb="card", args=(n,)), f"#{n} {c.card(int(n)).name}"))
        if w["kind"] == "strike":  # a rival's voter: state and party
            for code, victim in w["among"]:
                if not w.get("region") or c.states[code].region == w["region"]:
                    out.append((Action(verb="remove", args=(code, victim)),
                                f"A {victim} voter in {c.states[code].name} ({s.voters[code][victim]} there)"))
            if w.get("optional"):
                out.append(done)
            return out
        verb = "vote" if w["kind"] == "vote" else "pick"
        among = [code for code in w["among"] if not w.get("region") or c.states[code].region == w["region"]]
        for code in among if w["kind"] != "card" else []:
            out.append((Action(verb=verb, args=(code,)), f"{c.states[code].name}"))
        if w.get("optional"):
            out.append(done)
        return out
    if t.action in dirty.STEPPED:
        return dirty.step_options(s, seat)
    if t.action == "travel":
        return travel_options(s, seat, c.card(t.card).actions.travel, "travel")
    if t.action == "campaign":
        for code in campaign_votes(s, seat):
            out.append((Action(verb="vote", args=(code,)), f"A voter in {c.states[code].name}"))
        out.append(done)
    elif t.action == "advertise":
        for issue in advertise_choices(s, seat, t.card, t.bought):
            n = len(issue_states(issue))
            out.append((Action(verb="issue", args=(issue,)), f"{c.debate_issues[issue].name}: ${advertise_cost(s, seat)}M, {n} voters"))
        for issue in free_issues(s, seat, t.card, t.bought):
            n = len(issue_states(issue))
            out.append((Action(verb="issue", args=(issue,)), f"{c.debate_issues[issue].name}: free, {n} voters"))
        if t.bought:
            out.append(done)
    return out


def travel_options(s: CampaignTrailState, seat: str, tr: Any, action: str) -> list[tuple[Action, str]]:
    """The next move of a travel (or a voter suppression, which moves the same way): a neighbour, a city, the
    running mate's pawn instead (Frequent Flyer), or stop."""
    c = _c()
    t = s.turn
    out: list[tuple[Action, str]] = []
    # Frequent Flyer: one state further, or (team game) the running mate makes the move instead
    bonus = abilities.travel_bonus(s, seat) if t.mover is None else 0
    distance = abilities.stat(s, seat, action, "distance", tr.states) + bonus
    pawn = s.players[t.mover or seat].pawn
    for code in neighbours()[pawn] if _can_step(t, tr, distance) else []:
        out.append((Action(verb="to", args=(code,)), f"Move to {c.states[code].name}"))
    if _can_fly(t, tr):
        for city in c.cities.values():
            if city.state != pawn:
                out.append((Action(verb="fly", args=(city.state,)), f"Fly to {city.name}"))
    mate = abilities.running_mate(s, seat)
    if bonus and mate is not None and t.steps == 0 and not t.flown:
        out.append((Action(verb="mate"), f"Let {mate} make this move"))
    out.append((Action(verb="done"), "Stop here" if action == "voter_suppression" else "Done"))
    return out


def _can_step(t: TurnState, tr: Any, distance: int) -> bool:
    if tr.mode in ("steps", "plane_plus"):
        return t.steps < distance
    if tr.mode == "steps_or_plane":
        return not t.flown and t.steps < distance
    return False


def _can_fly(t: TurnState, tr: Any) -> bool:
    if tr.mode in ("plane", "plane_plus"):
        return not t.flown
    if tr.mode == "steps_or_plane":
        return not t.flown and t.steps == 0
    return False


def _step_prompt(s: CampaignTrailState) -> str:
    t = s.turn
    if s.wait is not None:
        w = s.wait
        if w["kind"] == "vote":
            return f"Place a voter ({w['left']} left)" + (" or finish." if w.get("optional") else ".")
        if w["kind"] == "option":
            return w.get("prompt", "Choose one.")
        if w["kind"] == "strike":
            return w.get("prompt", "Choose a rival's voter" + (" or finish." if w.get("optional") else "."))
        if w.get("putback") is not None:
            return "Choose one of the cards you drew to put at the bottom of the deck."
        return "Choose a rival's politick in play." if w["kind"] == "card" else "Choose a state."
    if t.action in dirty.STEPPED:
        return dirty.prompt(s)
    return {
        "travel": "Move your pawn one state at a time (or fly to a city), then `done`.",
        "campaign": f"Place voters one at a time ({t.placed} so far), then `done`.",
        "advertise": "Buy an issue ($20M: one voter in each state showing it), then `done`.",
    }.get(t.action or "", "")


def action_text(number: int, action: str) -> str:
    if action in content_mod.DIRTY_ACTIONS:
        return dirty.action_text(number, action)
    a = _c().card(number).actions
    if action == "travel":
        tr = a.travel
        return {"steps": f"up to {tr.states} states", "plane": "fly to a city", "plane_plus": "fly to a city and 1 more state",
                "steps_or_plane": f"up to {tr.states} states or fly"}[tr.mode]
    if action == "fundraise":
        return f"+${a.fundraise}M"
    if action == "register":
        return f"+{a.register_} registered voters"
    if action == "campaign":
        return "home region" if a.campaign.home_region else " ".join(a.campaign.states)
    if action == "advertise":
        return ", ".join(a.advertise)
    return _c().politicks[a.politick].name


# ---------------------------------------------------------------- apply


def apply(state: CampaignTrailState, seat: str, action: Action) -> ApplyResult:
    s = CampaignTrailState.model_validate(state.model_dump())
    c = _c()
    log: list[str] = []
    private: dict[str, str] = {}
    undoable = True
    changed: list[str] = []
    verb = action.verb
    me = s.players[seat]
    party = s.parties[me.party]
    if s.phase == "debate":  # a debate card reveals a card from hand: no undo
        debates.apply(s, seat, action, log, private)
        return step_result(s, log, private, False, changed)
    if s.window is not None:
        return responses.answer(s, seat, action, log, private, changed)
    if verb == "responses":  # `responses ask`: be asked again in response windows
        s.autopass = [x for x in s.autopass if x != seat]
        log.append(f"{seat} will be asked in response windows again.")
        return step_result(s, log, private, True, changed)
    if verb == "candidate":
        me.candidate = action.args[0]
        log.append(f"{seat} has chosen a candidate.")
        if all(p.candidate for p in s.players.values()):
            _start_home(s, log)
            undoable = False
    elif verb == "home":
        me.home = action.args[0]
        log.append(f"{seat} has chosen a home state.")
        if all(p.home for p in s.players.values()):
            _start_play(s, log)
            changed.extend(sorted({p.home for p in s.players.values()}))
            undoable = False
    elif verb == "play":
        n = int(action.args[0])
        me.hand.remove(n)
        start_of_turn(s, seat, log)
        s.turn = TurnState(seat=seat, card=n)
        log.append(f"{seat} plays #{n} {c.card(n).name}.")
        changed.extend(first_card_played(s, seat, n, log))
    elif verb == "pass":
        start_of_turn(s, seat, log)
        log.append(f"{seat} has no cards and passes.")
        s.turn = TurnState(seat=seat)
        undoable = _end_turn(s, log, private) and undoable
    elif verb in ACTIONS or verb in content_mod.DIRTY_ACTIONS:
        if responses.opens_window(s, seat, verb):  # rivals may answer the declaration first
            responses.open_window(s, seat, verb, log)
            return step_result(s, log, private, False, changed)
        return take_action(s, seat, verb, log, private, changed)
    elif s.wait is None and s.turn is not None and s.turn.action in dirty.STEPPED and verb in dirty.STEP_VERBS:
        if dirty.step(s, seat, action, log, changed):
            undoable = _after_action(s, log, private) and undoable
    elif verb in ("to", "fly"):
        code = action.args[0]
        s.turn.steps += verb == "to"
        s.turn.flown = s.turn.flown or verb == "fly"
        s.turn.path.append(code)
        mover = s.turn.mover or seat
        s.players[mover].pawn = code
        log.append(f"{mover} {'moves' if verb == 'to' else 'flies'} to {code}.")
        changed.append(code)
    elif verb == "mate":  # Frequent Flyer in a team game: the running mate's pawn makes this move
        s.turn.mover = abilities.running_mate(s, seat)
        log.append(f"{seat} lets {s.turn.mover} make the move (Frequent Flyer).")
    elif verb == "vote" and s.wait is None:
        code = action.args[0]
        party.money -= s.turn.per_voter or 0  # Local Funds Dry Up
        take_voter(s, seat)
        add_voters(s, code, me.party, 1)
        s.turn.placed += 1
        s.turn.per_state[code] = s.turn.per_state.get(code, 0) + 1
        log.append(f"{seat} puts a voter in {code}.")
        changed.append(code)
    elif verb == "issue":
        issue = action.args[0]
        paid = issue in card_issues_left(s.turn.card, s.turn.bought)  # else the Populist's free issue
        party.money -= advertise_cost(s, seat) if paid else 0
        placed = issue_states(issue)
        for code in placed:
            take_voter(s, seat)
            add_voters(s, code, me.party, 1)
        s.turn.bought.append(issue)
        log.append(f"{seat} advertises on {c.debate_issues[issue].name}: a voter in {' '.join(placed)}.")
        changed.extend(placed)
    elif verb == "give":
        s.exchange.give = int(action.args[0])
    elif verb == "take":
        mine, theirs = s.exchange.give, int(action.args[0])
        s.exchange.give = None
        mate = s.players[s.exchange.partner]
        me.hand[me.hand.index(mine)] = theirs
        mate.hand[mate.hand.index(theirs)] = mine
        s.exchange.swaps += 1
        log.append(f"{seat} and {s.exchange.partner} exchange a card.")
        private[seat] = f"You give #{mine} and take #{theirs}."
        private[s.exchange.partner] = f"{seat} gives you #{mine} for #{theirs}."
    elif verb == "done" and s.exchange is not None:
        log.append(f"{seat} is done exchanging.")
        _next_party(s, log)
        undoable = False
    elif verb == "region":
        s.wait = {**s.wait, "region": action.args[0]}
    elif verb == "card" and s.wait is not None and s.wait.get("putback") is not None:
        undoable = _put_back(s, seat, int(action.args[0]), log)
    elif verb in ("vote", "pick", "card", "done", "option", "remove") and s.wait is not None:
        answer = "done" if verb == "done" else list(action.args) if verb == "remove" else action.args[0]
        # the effect runs for its owner, whoever was asked (a rival answering Scandal, the actor Intimidation)
        owner, trigger = s.wait.get("owner", seat), s.wait.get("trigger", False)
        ctx = effects.Ctx(s, owner, log, private)
        s.wait = None
        wait = effects.interpreter().resume(s.frames, ctx, answer)
        if verb in ("vote", "pick", "remove"):
            changed.append(action.args[0])
        if trigger:
            _triggered(s, wait, owner, log, private)
        else:
            undoable = _after_effect(s, wait, log, private) and undoable
        if s.turn is not None and seat != s.turn.seat:
            undoable = False  # a rival's answer is theirs to give once
    elif verb == "done":
        undoable = _after_action(s, log, private)
    else:  # decisions() never offers anything else
        raise UnknownAction(f"Unknown action `{verb}`.")
    return step_result(s, log, private, undoable, changed)


def take_action(s: CampaignTrailState, seat: str, verb: str, log: list[str], private: dict[str, str],
                changed: list[str]) -> ApplyResult:
    """Resolve a declared action of the turn's card (after any response window on its declaration)."""
    c = _c()
    me = s.players[seat]
    party = s.parties[me.party]
    undoable = True
    t = s.turn
    t.action = verb
    t.free_left = abilities.free_voters(s, seat)
    a = c.card(t.card).actions
    if fire_triggers(s, seat, verb, log, private):
        undoable = False  # a rival drew cards
    if verb in dirty.STEPPED:
        if dirty.declare(s, seat, verb, log, changed):
            undoable = _after_action(s, log, private) and undoable
        elif verb == "smear_campaign":
            _start_triggers(s, seat, log, private)
        return step_result(s, log, private, undoable, changed)
    if verb == "fundraise":
        amount = max(0, abilities.stat(s, seat, "fundraise", "amount", a.fundraise))
        party.money += amount
        log.append(f"{seat} fundraises ${amount}M.")
        undoable = _after_action(s, log, private)
    elif verb == "register":
        amount = max(0, abilities.stat(s, seat, "register", "amount", a.register_))
        party.registered += amount
        party.out_of_supply += amount
        log.append(f"{seat} registers {amount} voters.")
        undoable = _after_action(s, log, private)
    elif verb == "campaign":
        cost = campaign_cost(s, seat)
        party.money -= cost
        log.append(f"{seat} campaigns (${cost}M) in {' '.join(campaign_states(s, seat, t.card))}.")
        _start_triggers(s, seat, log, private)
    elif verb == "travel":
        t.path = []
        log.append(f"{seat} travels from {me.pawn}.")
    elif verb == "advertise":
        log.append(f"{seat} advertises.")
    elif verb in ("politick", "dirty_tricks"):
        pid = a.politick if verb == "politick" else a.dirty_tricks
        log.append(f"{seat} takes the {'politick' if verb == 'politick' else 'dirty trick'} {c.politicks[pid].name}.")
        if verb == "dirty_tricks":
            dirty.pay_extra(s, seat, log)  # the Clean Candidate
        cost = effects.declared_proc(s, seat, verb)  # the Populist pays first
        if pid in effects.ONGOING or pid in effects.END_OF_GAME:
            me.table.append(Tabled(card=t.card, politick=pid))
            when = "at the end of the game" if pid in effects.END_OF_GAME else f"from {seat}'s next turn"
            log.append(f"{seat} puts {c.politicks[pid].name} on the table; it works {when}.")
            t.card = None
            proc = pid + ":play" if pid + ":play" in effects.procs() else None
            proc = f"{cost}|{proc}" if cost and proc else (cost or proc)
            if proc is not None:
                wait = effects.interpreter().start(s.frames, proc, effects.Ctx(s, seat, log, private))
                return step_result(s, log, private, _after_effect(s, wait, log, private), changed)
            return step_result(s, log, private, _end_turn(s, log, private), changed)
        ctx = effects.Ctx(s, seat, log, private)
        wait = effects.interpreter().start(s.frames, f"{cost}|{pid}" if cost else pid, ctx)
        undoable = _after_effect(s, wait, log, private) and undoable and pid != "diverse_strategy"
    return step_result(s, log, private, undoable, changed)


def asks_rival(s: CampaignTrailState) -> bool:
    """A politick of the turn waits for another player's choice (a rival deciding how to take a Scandal)."""
    return (s.wait is not None and s.turn is not None and s.wait.get("seat") is not None
            and s.wait["seat"] != s.turn.seat)


def step_result(s: CampaignTrailState, log: list[str], private: dict[str, str], undoable: bool, changed: list[str]) -> ApplyResult:
    """The step's events. A turn is posted once, when it ends (ruling: one post per turn): until then its
    public lines wait in the state, so the channel gets one message and one picture per turn rather than
    one per voter placed, and a step taken back was never announced. `changed` stays per step."""
    if asks_rival(s):
        undoable = False  # the rival's decision follows from this step
    if s.phase == "play" and s.turn is not None and s.window is None and not asks_rival(s):
        s.unposted.extend(log)
        s.unposted_changed.extend(code for code in changed if code not in s.unposted_changed)
        log = []
    elif s.unposted or log:
        log = [*s.unposted, *log]
        s.last_changed = [*s.unposted_changed, *(code for code in changed if code not in s.unposted_changed)]
        s.unposted, s.unposted_changed = [], []
    events = [Event(public=line) for line in log]
    if private:
        events.append(Event(private=private))
    return ApplyResult(state=s, events=events, undoable=undoable, changed=changed)


# ---------------------------------------------------------------- ongoing politicks


def start_of_turn(s: CampaignTrailState, seat: str, log: list[str]) -> None:
    """The seat's tabled politicks start working; Connections pays the home state's majority holder."""
    me = s.players[seat]
    for tab in me.table:
        tab.active = True
    for tab in me.table:
        if tab.politick == "connections":
            holder = majority(s, me.home)
            s.parties[holder].money += 10
            log.append(f"Connections ({seat}): {holder} holds {me.home} and gains $10M.")


def first_card_played(s: CampaignTrailState, seat: str, number: int, log: list[str]) -> list[str]:
    """Favorite Son: the opening card's map shows the home state: 1 undecided voter there."""
    me = s.players[seat]
    if has_active(s, seat, "favorite_son") and me.home in effects.card_map(s, seat, number):
        add_voters(s, me.home, me.party, 1)
        s.parties[me.party].out_of_supply += 1
        log.append(f"Favorite Son ({seat}): a voter in {me.home}.")
        return [me.home]
    return []


def fire_triggers(s: CampaignTrailState, actor: str, action: str, log: list[str], private: dict[str, str]) -> bool:
    """Rivals' active politicks that answer this action (resolved as the action is declared: ruling).
    Returns whether a card was drawn (no undo past that)."""
    c = _c()
    drew = False
    for owner, pol in effects.rival_answers(s, actor, action):
        if pol.id in effects.TRIGGERED:  # those ask for a choice: _start_triggers
            continue
        p = s.players[owner]
        gained = []
        for name, params in pol.effect:
            if name == "draw_cards":
                drawn = draw(s, owner, int(params["count"]), reshuffle=True)
                drew = drew or bool(drawn)
                gained.append(f"{len(drawn)} card(s) for {owner}")
                if drawn:
                    private[owner] = "You draw " + ", ".join(f"#{n} {c.card(n).name}" for n in drawn) + "."
            elif name == "gain_money":
                s.parties[p.party].money += int(params["amount"])
                gained.append(f"{p.party} +${params['amount']}M")
            elif name == "gain_registered":
                s.parties[p.party].registered += int(params["count"])
                s.parties[p.party].out_of_supply += int(params["count"])
                gained.append(f"{p.party} +{params['count']} registered")
        log.append(f"{pol.name} ({owner}): {' and '.join(gained)}.")
    return drew


def _start_triggers(s: CampaignTrailState, seat: str, log: list[str], private: dict[str, str]) -> None:
    """Rivals' triggered politicks that ask for a choice (Intimidation) queue up as the action is declared and
    resolve one by one before it goes on. They reveal nothing hidden, so the step stays undoable."""
    t = s.turn
    listed = dirty.listed_states(s, seat, t.card, t.action)
    t.triggers = [[pid, owner] for pid, owner in effects.trigger_procs(s, seat, t.action, listed)]
    _triggered(s, None, None, log, private)


def _triggered(s: CampaignTrailState, wait: Any, owner: str | None, log: list[str], private: dict[str, str]) -> None:
    """Run the queued triggered politicks until one waits for the actor's choice; then the action goes on."""
    t = s.turn
    while True:
        if wait is not None:
            s.wait = {**wait.decision, "owner": owner, "trigger": True}
            return
        s.wait = None
        s.frames = FrameStack()
        if not t.triggers:
            return
        pid, owner = t.triggers.pop(0)
        log.append(f"{_c().politicks[pid].name} ({owner}) is triggered.")
        wait = effects.interpreter().start(s.frames, pid, effects.Ctx(s, owner, log, private))


def _after_effect(s: CampaignTrailState, wait: Any, log: list[str], private: dict[str, str]) -> bool:
    if s.phase == "final":
        _continue_final(s, log, wait)
        return False
    if wait is not None:
        s.wait = wait.decision
        return True
    s.wait = None
    s.frames = FrameStack()
    if s.turn.action is None:  # the politick played another card: its action is chosen next
        return True
    return _after_action(s, log, private)


def _after_action(s: CampaignTrailState, log: list[str], private: dict[str, str]) -> bool:
    """The action is resolved: the acting candidate's own after-action abilities run, then the turn ends."""
    t = s.turn
    if t.queue is None:
        t.queue = effects.ability_procs(s, t.seat, "action_taken", t.action) if t.action else []
    while t.queue:
        proc = t.queue.pop(0)
        wait = effects.interpreter().start(s.frames, proc, effects.Ctx(s, t.seat, log, private))
        if wait is not None:
            s.wait = wait.decision
            return True
        s.frames = FrameStack()
    return _end_turn(s, log, private)


def _start_home(s: CampaignTrailState, log: list[str]) -> None:
    c = _c()
    for p in s.parties.values():
        reg = money = 0
        for seat in p.seats:
            cd = c.candidates[s.players[seat].candidate]
            reg += cd.registered
            money += cd.war_chest
        factor = 2 if len(p.seats) == 1 else 1
        p.registered, p.money = reg * factor, money * factor
        p.out_of_supply += p.registered
    for seat, p in s.players.items():
        p.offer = []
        log.append(f"{seat}: {c.candidates[p.candidate].archetype} ({c.candidates[p.candidate].name}).")
    for seat in s.seats:  # a larger hand (the Experienced Candidate) starts full too
        if draw_up(s, seat):
            log.append(f"{seat} draws up to {abilities.hand_size(s, seat)} cards.")
    s.phase = "home"


def _start_play(s: CampaignTrailState, log: list[str]) -> None:
    for seat, p in s.players.items():
        add_voters(s, p.home, p.party, 2)
        s.parties[p.party].out_of_supply += 2
        p.pawn = p.home
        log.append(f"{seat}'s home state is {p.home}.")
    for seat in s.seats:  # candidates' setup abilities (Incumbent, Newcomer)
        for proc in effects.ability_procs(s, seat, "setup"):
            wait = effects.interpreter().start(s.frames, proc, effects.Ctx(s, seat, log))
            assert wait is None, "setup abilities never ask"
    s.phase = "play"
    log.append(f"August begins. Turn order: {', '.join(s.order)}.")


def discard_from_hand(s: CampaignTrailState, seat: str, number: int, allowed: list[int], why: str) -> None:
    """A card played outside the turn's action (a debate card, a response): checked, then face up on the discard."""
    if number not in allowed:
        raise IllegalAction(why, code="bad_card")
    s.players[seat].hand.remove(number)
    s.discard.append(number)


def draw(s: CampaignTrailState, seat: str, count: int, reshuffle: bool = False) -> list[int]:
    """Draw from the current month's deck, then the next months'. A politick's draw (`reshuffle`) with every
    deck empty in October draws from the discard pile shuffled into a new pile (ruling: drawing when every
    deck is empty); a refill never does."""
    hand = s.players[seat].hand
    drawn = []
    for _ in range(count):
        deck = next((d for d in s.decks[s.month:] if d), None)
        if deck is None and reshuffle and s.month == 2:
            if not s.reshuffled and s.discard:
                rng = Rng(s.rng)
                s.reshuffled = rng.shuffle(list(s.discard))
                s.rng = rng.state
                s.discard = []
            deck = s.reshuffled or None
        if deck is None:
            break
        drawn.append(deck.pop(0))
        hand.append(drawn[-1])
    return drawn


def draw_up(s: CampaignTrailState, seat: str) -> list[int]:
    """Draw up to five (the Experienced Candidate: six)."""
    return draw(s, seat, max(0, abilities.hand_size(s, seat) - len(s.players[seat].hand)))


def _end_turn(s: CampaignTrailState, log: list[str], private: dict[str, str]) -> bool:
    """Discard, draw up to five, pass the turn on. Returns whether the step stays undoable (not after a draw)."""
    t = s.turn
    s.discard.extend(t.spent)
    if t.card is not None:
        s.discard.append(t.card)
    t.spent, t.card = [], None
    drawn = draw_up(s, t.seat)
    putback = _draw_extra(s, t.seat, drawn)
    if drawn:
        private[t.seat] = "You draw " + ", ".join(f"#{n} {_c().card(n).name}" for n in drawn) + "."
    if putback is not None:  # the Experienced Candidate slides one drawn card under the deck first
        s.wait = {"kind": "card", "among": [str(n) for n in drawn], "optional": False, "putback": putback}
        return False
    return _finish_turn(s, log)


def _draw_extra(s: CampaignTrailState, seat: str, drawn: list[int]) -> int | None:
    """The Experienced Candidate: a refill that drew draws 1 more (added to `drawn`); returns the deck it
    came from (where one drawn card goes back, at the bottom), or None."""
    if not drawn or not abilities.stat(s, seat, "hand", "draw_extra", 0):
        return None
    deck = next((i for i in range(s.month, len(s.decks)) if s.decks[i]), None)
    if deck is None:
        return None
    drawn += draw(s, seat, 1)
    return deck


def _put_back(s: CampaignTrailState, seat: str, number: int, log: list[str]) -> bool:
    deck = s.wait["putback"]
    s.players[seat].hand.remove(number)
    s.decks[deck].append(number)
    s.wait = None
    log.append(f"{seat} puts a card at the bottom of the {MONTHS[deck]} deck.")
    return _finish_turn(s, log)


def _finish_turn(s: CampaignTrailState, log: list[str]) -> bool:
    t = s.turn
    s.taken.append(t.seat)
    s.responded = [x for x in s.responded if x != t.seat]  # a response's gap refills with this turn's draw
    s.turn = None
    party = s.parties[s.order[s.order_index]]
    if len(s.taken) >= party.roles:
        if len(party.seats) == 2 and _same_region(s, party.seats):
            s.exchange = Exchange(seat=t.seat, partner=next(x for x in party.seats if x != t.seat))
            log.append(f"{party.id}'s candidates share a region: {t.seat} may exchange up to 3 cards with {s.exchange.partner}.")
        else:
            _next_party(s, log)
    return False  # the next seat is up (and cards may have been drawn): no undo past a turn's end


def _same_region(s: CampaignTrailState, seats: list[str]) -> bool:
    c = _c()
    return len({c.states[s.players[x].pawn].region for x in seats}) == 1


def _next_party(s: CampaignTrailState, log: list[str]) -> None:
    s.exchange = None
    s.taken = []
    s.order_index += 1
    if s.order_index == len(s.order):
        s.order_index = 0
        s.round += 1
        if not s.decks[s.month]:
            _month_end(s, log)


def _month_end(s: CampaignTrailState, log: list[str]) -> None:
    if s.month == 2:
        _start_final(s, log)
        return
    ev = electoral_votes(s)
    s.month += 1
    s.order = sorted(s.order, key=lambda p: -ev[p])  # stable: tied parties keep their order
    log.append(f"{MONTHS[s.month - 1]} ends. {MONTHS[s.month]} begins; turn order by electoral votes: {', '.join(s.order)}.")
    debates.start(s, log)


def _start_final(s: CampaignTrailState, log: list[str]) -> None:
    """After October's last round: end-of-game politicks in turn order, then Election Day."""
    from engine.campaign_trail.state import FinalItem

    for party in s.order:
        for seat in s.parties[party].seats:
            for tab in s.players[seat].table:
                if tab.politick in effects.END_OF_GAME:
                    s.final.append(FinalItem(seat=seat, politick=tab.politick, tucked=tab.tucked))
    s.phase = "final"
    if s.final:
        log.append("October is over. End-of-game politicks resolve in turn order.")
    _continue_final(s, log, None)


def _continue_final(s: CampaignTrailState, log: list[str], wait: Any) -> None:
    while True:
        if wait is not None:
            s.wait = wait.decision
            return
        s.wait = None
        s.frames = FrameStack()
        if not s.final:
            s.final_seat = None
            _election(s, log)
            return
        item = s.final.pop(0)
        s.final_seat = item.seat
        log.append(f"{item.seat}'s {_c().politicks[item.politick].name} resolves.")
        extra = {"tucked": str(item.tucked)} if item.tucked is not None else {}
        if item.politick == "recount" and item.tucked is None:
            continue  # nothing was tucked: nothing to recount
        wait = effects.interpreter().start(s.frames, item.politick, effects.Ctx(s, item.seat, log), **extra)


def _election(s: CampaignTrailState, log: list[str]) -> None:
    ev = electoral_votes(s)
    s.final_ev = ev
    s.phase = "over"
    top = [p for p in ev if ev[p] == max(ev.values())]
    reason = "most electoral votes"
    if len(top) > 1:
        held = states_held(s)
        most = max(held[p] for p in top)
        best = [p for p in top if held[p] == most]
        reason = "tied electoral votes; most states"
        if len(best) > 1 and len(s.parties) == 3 and len(best) == 2:
            last = next(p for p in s.parties if p not in best)
            removed = sum(row[last] for row in s.voters.values())
            for row in s.voters.values():
                row[last] = 0
            s.parties[last].out_of_supply -= removed
            ev2 = electoral_votes(s, best)
            s.final_ev = {**ev2, last: 0}
            top2 = [p for p in best if ev2[p] == max(ev2.values())]
            if len(top2) > 1:
                held2 = states_held(s, best)
                top2 = [p for p in top2 if held2[p] == max(held2[x] for x in top2)]
            best = top2
            reason = f"runoff: {last}'s voters removed"
        top = best
    s.winners = top
    ev_text = ", ".join(f"{p} {n}" for p, n in s.final_ev.items())
    s.result_reason = f"{' and '.join(top)} win{'s' if len(top) == 1 else ''} the election ({reason}): {ev_text}."
    log.append("Election Day. " + s.result_reason)


def outcome(s: CampaignTrailState) -> Outcome | None:
    if s.phase != "over":
        return None
    return Outcome(winners=list(s.winners), scores=dict(s.final_ev), reason=s.result_reason)


# ---------------------------------------------------------------- deadlines


def deadline_action(s: CampaignTrailState, seat: str) -> Action:
    """The documented default for each decision (decisions().deadline_default)."""
    d = decisions(s, seat)
    if not d.options:
        raise IllegalAction(f"{seat} owes no move.", code="nothing_owed")
    if s.exchange is not None:
        return Action(verb="done")
    if s.phase == "debate" or s.window is not None:
        return Action(verb="pass")
    c = _c()
    if s.phase == "home":
        return max((o.action for o in d.options), key=lambda a: (c.states[a.args[0]].ev, a.args[0]))
    if s.phase == "play" and s.turn is not None and s.turn.action is None and s.wait is None:
        verbs = [o.action.verb for o in d.options]
        for v in ("fundraise", "register", "travel", "flip_contributors", "sway_minds", "voter_suppression"):
            if v in verbs:
                return Action(verb=v)
    if s.phase == "play" and s.turn is not None and s.wait is None \
            and s.turn.action in ("travel", "voter_suppression", "smear_campaign", "mudslinging") \
            and any(o.action.verb == "done" for o in d.options):
        return Action(verb="done")  # stop moving; no more removals or issues
    return d.options[0].action


# ---------------------------------------------------------------- invariants (fuzzer and scenario lint)


def problems(s: CampaignTrailState) -> list[str]:
    """Structural consistency of a state: conservation of voters and cards, money, EV, hands, turn order."""
    c = _c()
    out: list[str] = []
    for p, ps in s.parties.items():
        board = sum(row.get(p, 0) for row in s.voters.values())
        if board + ps.registered != ps.out_of_supply:
            out.append(f"{p}: voters not conserved: {board} on the board + {ps.registered} registered != "
                       f"{ps.out_of_supply} taken from the undecided supply")
        if ps.money < 0 or ps.registered < 0:
            out.append(f"{p}: negative resources (${ps.money}M, {ps.registered} registered)")
    for code, row in s.voters.items():
        if set(row) != set(s.parties) or any(n < 0 for n in row.values()):
            out.append(f"{code}: voters {row} (parties in play {sorted(s.parties)})")
    if set(s.voters) != set(c.states):
        out.append("the board must hold all 51 states")
        return out
    if sum(electoral_votes(s).values()) != 538:
        out.append(f"electoral votes sum to {sum(electoral_votes(s).values())}, not 538")
    cards = [n for p in s.players.values() for n in p.hand] + [n for d in s.decks for n in d] + s.discard + s.removed + s.reshuffled \
        + [tab.card for p in s.players.values() for tab in p.table] \
        + [tab.tucked for p in s.players.values() for tab in p.table if tab.tucked is not None]
    if s.turn is not None and s.turn.card is not None:
        cards.append(s.turn.card)
    if s.turn is not None:
        cards += s.turn.spent
    every = game_cards(s)
    if sorted(cards) != every:
        from collections import Counter

        extra = sorted((Counter(cards) - Counter(every)).elements())
        missing = sorted((Counter(every) - Counter(cards)).elements())
        out.append(f"cards not conserved: extra {extra[:8]}, missing {missing[:8]}")
    out += debates.problems(s) + responses.problems(s)
    if sorted(s.order) != sorted(s.parties):
        out.append(f"turn order {s.order} is not the parties in play")
    elif s.phase == "play":
        party = s.order[s.order_index]
        if any(s.players[x].party != party for x in s.taken):
            out.append(f"seats {s.taken} finished turns in {party}'s party turn")
        if s.turn is not None and s.players[s.turn.seat].party != party:
            out.append(f"{s.turn.seat} is playing in {party}'s party turn")
        stock = any(s.decks[s.month:])
        for x, p in s.players.items():
            active = s.turn is not None and s.turn.seat == x
            if len(p.hand) > 3 * HAND:  # drawing politicks may lift a hand above five; refills stop at five
                out.append(f"{x} holds {len(p.hand)} cards")
            if stock and not active and len(p.hand) < HAND and x not in s.responded:
                out.append(f"{x} holds {len(p.hand)} cards between turns while the decks still hold cards")
            if p.pawn not in c.states:
                out.append(f"{x}'s pawn is off the map")
    return out
