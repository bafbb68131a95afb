"""The pieces every rule of 1960 is built from: the content, signed support, the political-capital bag
(support and initiative checks, reseeding), regions and travel, leaders, cards and their words."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import lru_cache

from engine.core.types import Event
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.content import load
from engine.nineteen_sixty.content_models import ISSUE_NAMES, NAMES, REGION_NAMES, Card
from engine.nineteen_sixty.state import SEAT_OF, SIDE_OF, SIGN, BagDraw, NSState

COLOUR = {"K": "B", "N": "R"}  # the rulebook's examples read draws as blue and red cubes
KINDS = ("support", "media", "issues", "endorsements")

c = load  # the content, loaded once (one call of the cache, not two: it is asked for many times a step)


def rival(side: str) -> str:
    return "N" if side == "K" else "K"


def side_of(seat: str) -> str:
    return SIDE_OF[seat]


def seat_of(side: str) -> str:
    return SEAT_OF[side]


# ------------------------------------------------------------------------------ signed counts

def holder(value: int) -> str | None:
    return "K" if value > 0 else "N" if value < 0 else None


def count(value: int, side: str) -> int:
    """How many of `side`'s cubes a signed count holds."""
    return max(0, value * SIGN[side])


def gain(state: NSState, kind: str, place: str, side: str, n: int) -> tuple[int, int]:
    """`side` gains `n` in `place` of `kind` (support, media, issues, endorsements): each gained removes one
    rival cube first (both back to their supplies), the rest are placed from the supply. Returns (removed,
    placed)."""
    table: dict[str, int] = getattr(state, kind)
    value = table.get(place, 0)
    theirs = count(value, rival(side))
    removed = min(theirs, n)
    placed = n - removed
    table[place] = value + SIGN[side] * n
    if kind != "endorsements":  # markers are not cubes
        if removed:
            state.sides[rival(side)].supply += removed
        if placed:
            state.sides[side].supply -= placed
    return removed, placed


def lose(state: NSState, kind: str, place: str, side: str, n: int) -> int:
    """`side` loses up to `n` of its own in `place` (never more than it has; the rival gains nothing)."""
    table: dict[str, int] = getattr(state, kind)
    value = table.get(place, 0)
    lost = min(count(value, side), n)
    table[place] = value - SIGN[side] * lost
    if kind != "endorsements":
        state.sides[side].supply += lost
    return lost


def carries(state: NSState, code: str, side: str) -> bool:
    return count(state.support.get(code, 0), side) >= c().rules.carry


# ------------------------------------------------------------------------------ regions and travel

def region_of(code: str) -> str:
    """The region a state belongs to (Alaska and Hawaii are the West's, rulebook B1)."""
    return c().states[code].region


def travel_region(code: str) -> str:
    """The region for moving the candidate token: Alaska and Hawaii are each their own."""
    return _travel_regions()[code]


@lru_cache(maxsize=1)
def _travel_regions() -> dict[str, str]:
    content = c()
    return {code: code if code in content.pockets else s.region for code, s in content.states.items()}


@lru_cache(maxsize=1)
def _distances() -> dict[str, dict[str, int]]:
    content = c()
    graph: dict[str, set[str]] = {r: set(b.borders) for r, b in content.regions.items()}
    for pocket, via in content.pockets.items():
        graph[pocket] = {via}
        graph[via].add(pocket)
    out: dict[str, dict[str, int]] = {}
    for start in graph:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in sorted(graph[here]):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        out[start] = seen
    return out


TRAVEL_REGIONS = ("E", "MW", "S", "W", "AK", "HI")


def region_crossings(a: str, b: str) -> int:
    """Regional boundaries crossed travelling between two travel regions (E, MW, S, W, AK, HI)."""
    return _distances()[a][b]


def crossings(a: str, b: str) -> int:
    """Regional boundaries crossed travelling between the travel regions of two states."""
    return region_crossings(travel_region(a), travel_region(b))


def states_in(region: str) -> list[str]:
    return list(_states_in(region))


def states_travel(region: str) -> list[str]:
    return list(_states_travel(region))


@lru_cache(maxsize=None)
def _states_in(region: str) -> tuple[str, ...]:
    return tuple(code for code, s in c().states.items() if s.region == region)


@lru_cache(maxsize=None)
def _states_travel(region: str) -> tuple[str, ...]:
    return tuple(code for code in c().states if travel_region(code) == region)


def states_led(state: NSState, region: str, side: str) -> int:
    return sum(1 for code in states_in(region) if count(state.support.get(code, 0), side) > 0)


def region_leader(state: NSState, region: str) -> str | None:
    """Who leads more states in the region (a tie: nobody)."""
    k, n = states_led(state, region, "K"), states_led(state, region, "N")
    return "K" if k > n else "N" if n > k else None


def issue_leader(state: NSState, issue: str) -> str | None:
    return holder(state.issues.get(issue, 0))


def media_total(state: NSState, side: str) -> int:
    return sum(count(v, side) for v in state.media.values())


def needs_checks(state: NSState, side: str, code: str, *, campaigning: bool) -> bool:
    """Support checks are needed where the rival carries the state or his token stands, unless `side` has media
    in the state's region (rulebook B1, and for events "Gaining State Support"), or a turn effect waives them
    for campaigning."""
    other = rival(side)
    if not (carries(state, code, other) or state.sides[other].token == code):
        return False
    if count(state.media.get(region_of(code), 0), side) > 0:
        return False
    return not (campaigning and any(e.who == side and e.hook == "no_checks" for e in state.turn_effects))


# ------------------------------------------------------------------------------ the bag

def may_reseed(state: NSState) -> bool:
    """The bag is reseeded when empty, except from Election Day's Campaign Strategy step on."""
    return not (state.phase == "election" and state.step not in ("bonus", "initiative"))


def draw_cube(state: NSState, events: list[Event] | None) -> str | None:
    """One cube blind from the bag (reseeded first if empty and allowed); None when it stays empty. A reseed's line
    goes to `events` (None: a search's silent step, no line)."""
    if state.bag.size == 0:
        if not may_reseed(state):
            return None
        n = c().rules.bag_reseed
        for side in ("K", "N"):
            state.sides[side].supply -= n
        state.bag.put(["K"] * n + ["N"] * n)
        if events is not None:
            events.append(Event(facts=t.Reseeded(n=n)))
    return state.randomness.draw(state.bag, 1)[0]


def draws_text(drawn: list[str | None]) -> str:
    return "".join(COLOUR[d] if d else "-" for d in drawn) or "nothing"


def support_checks(state: NSState, side: str, n: int, events: list[Event] | None, code: str | None, why: str) -> int:
    """`n` support checks for `side` in state `code` for `why` (campaigning, an event...), or to advertise where
    `code` is None: every cube drawn goes back to its owner's supply; each of the side's own colour is one success
    (to be placed from the supply). Returns the successes. The lines go to `events`, or nowhere when it is None (a
    search's silent step)."""
    drawn: list[str | None] = []
    for _ in range(n):
        cube = draw_cube(state, events)
        drawn.append(cube)
        if cube is not None:
            state.sides[cube].supply += 1
    wins = sum(1 for d in drawn if d == side)
    state.last_draws = [BagDraw(seat=seat_of(side), place=code, why=why,
                                drawn=[d or "" for d in drawn])]
    if events is None:
        return wins
    events.append(Event(facts=t.Checked(seat=seat_of(side), n=n, state=code, why=why,
                                        drawn=tuple(d or "" for d in drawn), wins=wins, bag=bag_counts(state))))
    return wins


def initiative_check(state: NSState, events: list[Event] | None) -> str:
    """Draw until one colour has come up twice; its owner takes the initiative. The cubes go to their supplies.
    The lines go to `events`, or nowhere when it is None (a search's silent step)."""
    drawn: list[str] = []
    while True:
        cube = draw_cube(state, events)
        if cube is None:  # cannot happen before Election Day's Campaign Strategy step; guard anyway
            cube = "K" if drawn.count("K") >= drawn.count("N") else "N"
        else:
            state.sides[cube].supply += 1
        drawn.append(cube)
        if drawn.count(cube) == 2:
            break
    winner = seat_of(cube)
    state.initiative = winner
    state.last_draws = [BagDraw(why="initiative", drawn=drawn)]
    if events is None:
        return winner
    events.append(Event(facts=t.InitiativeDrawn(turn=state.turn, drawn=tuple(drawn), seat=winner,
                                                bag=bag_counts(state))))
    return winner


def bag_counts(state: NSState) -> tuple[int, int]:
    """Kennedy's and Nixon's cubes in the bag."""
    return state.bag.counts.get("K", 0), state.bag.counts.get("N", 0)


# ------------------------------------------------------------------------------ cards

@lru_cache(maxsize=None)
def card(card_id: int) -> Card:
    return load().cards[card_id]


def card_label(card_id: int) -> str:
    return f"#{card_id} {card(card_id).name}"


def icons_text(x: Card) -> str:
    return "+".join(NAMES[i] for i in x.icons)


def card_line(card_id: int) -> str:
    """A card's numbers, for hands and menus: `#12 Unpledged Electors (4 CP, Nixon, Economy, CA, rest 0)`."""
    x = card(card_id)
    tags = [f"{x.cp} CP", icons_text(x), ISSUE_NAMES[x.debate_issue], x.state, f"rest {x.rest}"]
    if x.persistent != "none":
        tags.append({"debate": "Debate event", "election_day": "Election Day event",
                     "prevention": "prevention"}[x.persistent])
    if x.gm_region is not None:
        tags.append("not for Campaign Strategy")
    return f"{card_label(card_id)} ({', '.join(tags)})"


def deal(state: NSState, side: str, n: int, events: list[Event] | None) -> list[int]:
    """`n` cards from the deck into `side`'s hand; an empty deck is refilled by shuffling the discards (its line
    to `events`; None: a search's silent step, no line)."""
    got: list[int] = []
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                break
            state.deck = state.randomness.shuffle(sorted(state.discard))
            state.discard = []
            if events is not None:
                events.append(Event(facts=t.DeckRefilled(size=len(state.deck))))
        got.append(state.deck.pop(0))
    state.sides[side].hand += got
    return got


def draw_endorsement(state: NSState, events: list[Event] | None) -> int:
    """The top endorsement card; the used ones are shuffled into a new deck when it runs out (ruling). Its line to
    `events` (None: a search's silent step, no line)."""
    if not state.endorsement_deck:
        state.endorsement_deck = state.randomness.shuffle(sorted(state.endorsement_used))
        state.endorsement_used = []
        if events is not None:
            events.append(Event(facts=t.EndorsementsRefilled()))
    top = state.endorsement_deck.pop(0)
    state.endorsement_used.append(top)
    return top


def region_name(region: str) -> str:
    return REGION_NAMES.get(region, region)


def issue_name(issue: str) -> str:
    return ISSUE_NAMES.get(issue, issue)


def prevented(state: NSState, card_id: int) -> bool:
    return bool(state.prevention) and any(card_id in card(s.card).prevents for s in state.prevention)


def requirement_met(state: NSState, card_id: int) -> bool:
    r = card(card_id).requires
    if r is None:
        return True
    if r.turn_from is not None:
        return state.turn >= r.turn_from
    return issue_leader(state, r.leads) == r.who


def event_playable(state: NSState, card_id: int) -> bool:
    return not prevented(state, card_id) and requirement_met(state, card_id)


def event_spent(state: NSState, card_id: int) -> bool:
    """A Debate event once the Debates are over: resolving it changes nothing (ruling), so nobody triggers it and
    nobody preempts it; played as an event, the card only leaves the game."""
    return state.turn > c().rules.debate_turn and card(card_id).persistent == "debate"


def event_checks(state: NSState) -> Callable[[int], tuple[bool, bool]]:
    """`event_playable` and `event_spent` of one state for card after card (a hand's menu), what every card
    shares (the events prevented, whether the Debates are over) found once."""
    blocked = {x for s in state.prevention for x in card(s.card).prevents}
    late = state.turn > c().rules.debate_turn

    def checks(card_id: int) -> tuple[bool, bool]:
        x = card(card_id)
        playable = card_id not in blocked and (x.requires is None or requirement_met(state, card_id))
        return playable, late and x.persistent == "debate"
    return checks


def strategy_need(state: NSState) -> int:
    """Cards to set aside in this turn's Campaign Strategy phase."""
    rules = c().rules
    return rules.strategy_cards.before_debates if state.turn < rules.debate_turn else rules.strategy_cards.after_debates


@lru_cache(maxsize=None)
def strategy_ok(card_id: int) -> bool:
    return card(card_id).strategy_ok


def ev_of(code: str) -> int:
    return c().states[code].ev


def tally_of(support: dict[str, int], unawarded: list[str]) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Election Day's tally from the states' support: Kennedy's and Nixon's electoral votes, states won and state
    cubes (an unawarded state counts for the cubes, not the votes nor the states)."""
    votes, won, cubes = {"K": 0, "N": 0}, {"K": 0, "N": 0}, {"K": 0, "N": 0}
    for code, value in support.items():
        who = holder(value)
        if who is None:
            continue
        cubes[who] += abs(value)
        if code in unawarded:
            continue
        votes[who] += ev_of(code)
        won[who] += 1
    return (votes["K"], votes["N"]), (won["K"], won["N"]), (cubes["K"], cubes["N"])


def tally_winner(votes: tuple[int, int], won: tuple[int, int], cubes: tuple[int, int]) -> str | None:
    """Who wins Election Day (a side; None for a draw): the more electoral votes, then the more states won (the House),
    then the more state cubes."""
    for k, n in (votes, won, cubes):
        if k != n:
            return "K" if k > n else "N"
    return None
