"""The nouns Campaign Trail's rules move, with no phase logic: the board's facts (neighbours, issues,
electoral votes), voters (placed, removed, taken from the registered pool), majorities and scores, and
cards (drawing, refilling, discarding). Every rules module builds on these; they import nothing above them.
"""
from __future__ import annotations

from functools import lru_cache

from engine.campaign_trail import abilities
from engine.campaign_trail import content as content_mod
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.state import CampaignTrailState
from engine.core.errors import IllegalAction
from engine.core.types import Action

HAND = 5


@lru_cache(maxsize=4096)
def act(verb: str, *args: str) -> Action:
    """The action `verb args…`, one shared (frozen) object for each: the menus offer the same few hundred actions
    over and over, and building one anew costs more than the rest of a step's bookkeeping."""
    return Action(verb=verb, args=args)


@lru_cache(maxsize=None)
def play_act(number: int) -> Action:
    """`play <number>`: act()'s action for playing card `number` (asked of every card of a hand, turn after turn)."""
    return act("play", str(number))


@lru_cache(maxsize=1)
def _issue_map() -> dict[str, list[str]]:
    c = _c()
    return {issue: c.issue_states(issue) for issue in c.debate_issues}


def issue_states(issue: str) -> list[str]:
    return _issue_map()[issue]


@lru_cache(maxsize=1)
def _region_map() -> dict[str, tuple[str, ...]]:
    c = _c()
    return {region: tuple(c.region_states(region)) for region in c.regions}


def region_states(region: str) -> list[str]:
    """The region's states in board order (the content's list, looked up rather than searched for)."""
    return list(_region_map()[region])


@lru_cache(maxsize=1)
def neighbours() -> dict[str, list[str]]:
    """Each state's neighbours, sorted (a fresh dict of fresh lists: the caller's to change)."""
    return {code: list(n) for code, n in _neighbour_map().items()}


def neighbours_of(code: str) -> tuple[str, ...]:
    """The state's neighbours, sorted (read from the board's table, built once)."""
    return _neighbour_map()[code]


@lru_cache(maxsize=1)
def _neighbour_map() -> dict[str, tuple[str, ...]]:
    return {code: tuple(sorted(n)) for code, n in _c().neighbours().items()}


def region_heading(code: str) -> str:
    """The board region a state lies in, by the name printed on the board: the heading a long menu of states
    lists it under."""
    c = _c()
    return c.regions[c.states[code].region].name


def game_cards(s: CampaignTrailState) -> list[int]:
    """Every card of this game, wherever it is: the action deck, and the Dirty Politics cards if the module is on."""
    c = _c()
    return sorted([*c.cards, *(c.dirty_cards if s.options.dirty else ())])


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
                s.reshuffled = s.randomness.shuffle(list(s.discard))
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


def card_map(state: CampaignTrailState, seat: str, number: int) -> list[str]:
    """States coloured on a card's map: its campaign states and the states showing its advertise icons."""
    return list(_card_map(number, state.players[seat].home))


@lru_cache(maxsize=None)
def _card_map(number: int, home: str | None) -> tuple[str, ...]:
    """card_map() of card `number` in a hand whose home state is `home` (a home-region campaign lists its region)."""
    c = content_mod.load()
    if c.card(number).dirty:
        shown = set(_dirty_card_map(number))
        return tuple(code for code in c.states if code in shown)
    a = c.card(number).actions
    out: list[str] = []
    if a.campaign is not None:
        if a.campaign.home_region:
            out += region_states(c.states[home].region)
        else:
            out += list(a.campaign.states)
    for issue in a.advertise or []:
        out += issue_states(issue)
    shown = set(out)
    return tuple(code for code in c.states if code in shown)


def _dirty_card_map(number: int) -> list[str]:
    """A Dirty Politics card's map: its smear campaign states and the states showing its mudslinging issues."""
    c = _c()
    a = c.card(number).actions
    out = list(a.get("smear_campaign") or [])
    for issue in a.get("mudslinging") or []:
        out += issue_states(issue)
    return out
