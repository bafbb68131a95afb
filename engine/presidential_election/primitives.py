"""The small rules every phase uses: votes under the ballot invariants, money without debt, the
Advantage hooks, prices and the spending cap, dice kept with their faces."""
from __future__ import annotations

from engine.core.rng import DiceRoll
from engine.core.types import Event
from engine.presidential_election.content import Content, load
from engine.presidential_election import facts_tell as f
from engine.presidential_election.state import PEState, Player, Roll, RolledFor


def c() -> Content:
    return load()


class Unsaid(list):  # type: ignore[type-arg]
    """A step's lines that nobody reads (the silent path's): whatever is added is dropped, and the busiest lines
    ask `worded` first, so they are not even built."""

    __slots__ = ()

    def append(self, _event: Event) -> None:
        pass

    def extend(self, _events: object) -> None:
        pass

    def insert(self, _index: object, _event: Event) -> None:
        pass


def worded(events: list[Event]) -> bool:
    """Whether the lines added to `events` are kept (not an `Unsaid`)."""
    return type(events) is not Unsaid


def state_codes() -> tuple[str, ...]:
    """Every state's code, alphabetically (read once per loaded content: menus ask for it at every step)."""
    content = c()
    if _codes_of[0] is not content:
        _codes_of[:] = [content, tuple(sorted(content.states))]
    return _codes_of[1]


_codes_of: list = [None, ()]  # [the content, its codes in order]


def ev(state: PEState, code: str) -> int:
    return c().ev(code, state.options.era)


def hook(player: Player, name: str) -> int:
    """The value of the player's Advantage if it is `name`, else 0."""
    if player.advantage is None:
        return 0
    card = c().advantages[player.advantage]
    return card.value if card.hook == name else 0


# ---------------------------------------------------------------- votes (rules: never off the ballot, never below 1)


def add_votes(state: PEState, seat: str, code: str, n: int, events: list[Event], why: str) -> int:
    """n votes for `seat` in `code`, only if on its ballot (`why`: what gave them, a facts_tell.py token). Returns
    the votes actually placed."""
    player = state.players[seat]
    if code not in player.votes or n <= 0:
        if n > 0 and worded(events):
            events.append(Event(facts=f.VotesLost(who=seat, code=code, n=n, why=why)))
        return 0
    player.votes[code] += n
    if worded(events):
        events.append(Event(facts=f.VotesMoved(who=seat, why=why, changes=((n, code, player.votes[code]),))))
    return n


def remove_votes(state: PEState, seat: str, code: str, n: int, events: list[Event], why: str) -> int:
    """Up to n votes off, keeping the last one. Returns the votes actually removed."""
    player = state.players[seat]
    lose = min(n, player.votes.get(code, 0) - 1) if code in player.votes else 0
    if lose > 0:
        player.votes[code] -= lose
        if worded(events):
            events.append(Event(facts=f.VotesMoved(who=seat, why=why, changes=((-lose, code, player.votes[code]),))))
    return max(lose, 0)


def join_ballot(state: PEState, seat: str, code: str, events: list[Event], why: str) -> None:
    state.players[seat].votes[code] = 1
    if worded(events):
        events.append(Event(facts=f.BallotsJoined(why=why, codes=(code,))))


def place_on_ballot(state: PEState, seat: str, code: str) -> None:
    """On `code`'s ballot with 1 vote, said by the caller's own line (a purchase says it)."""
    state.players[seat].votes[code] = 1


def spare_votes(player: Player) -> int:
    """Votes a player could give up without leaving a ballot state empty."""
    return sum(v - 1 for v in player.votes.values())


def off_ballot(player: Player) -> list[str]:
    return [code for code in state_codes() if code not in player.votes]


def common_ballots(state: PEState, a: str, b: str) -> list[str]:
    return sorted(set(state.players[a].votes) & set(state.players[b].votes))


# ---------------------------------------------------------------- money (never debt)


def gain(state: PEState, seat: str, amount: int, events: list[Event], why: str, rolled: int = 0) -> None:
    """`amount` ($k) more for `seat`, never below 0 (`why`: a facts_tell.py token; `rolled`: the d3 that made it)."""
    player = state.players[seat]
    before = player.money
    player.money = max(0, player.money + amount)
    if worded(events):
        events.append(Event(facts=f.MoneyChanged(who=seat, delta=player.money - before, total=player.money, why=why,
                                                 rolled=rolled)))


def price(state: PEState, seat: str, item: str) -> int:
    r, player = c().rules, state.players[seat]
    if item == "ballot":
        return max(0, r.ballot_cost - hook(player, "ballot_discount"))
    if item == "sign":
        return r.sign_cost
    if item == "tv":
        return max(0, r.tv_cost - hook(player, "tv_discount"))
    if state.turn.free_airfare:
        return 0
    return max(0, r.airfare_cost - hook(player, "airfare_discount"))


def cap(state: PEState, seat: str) -> int:
    return c().rules.spend_cap + hook(state.players[seat], "cap_plus")


def affordable(state: PEState, seat: str, item: str) -> bool:
    return price(state, seat, item) <= spending_room(state, seat)


def spending_room(state: PEState, seat: str) -> int:
    """The most a purchase may cost now: what the seat has, and what is left of the turn's cap."""
    return min(state.players[seat].money, cap(state, seat) - state.turn.spent)


# ---------------------------------------------------------------- dice


def roll(state: PEState, count: int, sides: int, who: str, what: RolledFor, events: list[Event], bonus: int = 0,
         where: str | None = None) -> int:
    """Roll from the state's Randomness for `what` (in `where` if any); the faces go to the log and to `rolls`."""
    total, faces = quiet_roll(state, count, sides, who, what, bonus, where)
    if worded(events):  # the roller's own die, whoever called for it
        events.append(Event(facts=f.Rolled(sides=sides, faces=faces, bonus=bonus, what=what, state=where), seat=who))
    return total


def quiet_roll(state: PEState, count: int, sides: int, who: str, what: RolledFor, bonus: int = 0,
               where: str | None = None) -> tuple[int, tuple[int, ...]]:
    """A roll whose faces go to `rolls`, stated by the caller's own facts: its total and its faces."""
    dice: DiceRoll = state.randomness.roll(count, sides)
    state.rolls.append(Roll(who=who, faces=list(dice.faces), sides=sides, bonus=bonus, what=what, where=where))
    return dice.total + bonus, dice.faces


def roll_off(state: PEState, seats: list[str], contest: RolledFor, events: list[Event], bonus_hook: str | None = None,
             where: str | None = None) -> str:
    """d6 each, the tied highest rolling again, until one is highest (`contest`: a recount in `where`, the House,
    the debate pot)."""
    rolling = list(seats)
    while True:
        rolls = []
        for s in rolling:
            bonus = hook(state.players[s], bonus_hook) if bonus_hook else 0
            rolls.append((s, quiet_roll(state, 1, 6, s, contest, bonus, where)[0] - bonus, bonus))
        if worded(events):  # one line for the round, the game's own
            events.append(Event(facts=f.RollOff(contest=contest, state=where, rolls=tuple(rolls)), seat=None))
        best = max(face + bonus for _, face, bonus in rolls)
        rolling = [s for s, face, bonus in rolls if face + bonus == best]
        if len(rolling) == 1:
            return rolling[0]
        if worded(events):
            events.append(Event(facts=f.RolledAgain(best=best, seats=tuple(rolling)), seat=None))


def invariant_problems(state: PEState) -> list[str]:
    """The rulebook's invariants, checked by the scenario lint and the fuzz test."""
    problems = []
    codes = set(c().states)
    for seat, p in state.players.items():
        if p.money < 0:
            problems.append(f"{seat}: money {p.money} < 0")
        for code, n in p.votes.items():
            if code not in codes:
                problems.append(f"{seat}: unknown state {code}")
            if n < 1:
                problems.append(f"{seat}: {n} votes in ballot state {code}")
        if not 0 <= p.trail < len(c().track):
            problems.append(f"{seat}: trail space {p.trail}")
    if state.phase == "play" and state.current is not None and state.turn.spent > cap(state, state.current):
        problems.append(f"{state.current}: spent {state.turn.spent} over the cap")
    return problems


def campaign(state: PEState, seat: str, item: str, code: str, events: list[Event], why: str) -> None:
    """A free Sign or Television Campaign in `code` (`why`: what gave it), said in one line with its roll."""
    lost: list[Event] = [] if worded(events) else events
    result = campaign_votes(state, seat, item, code, lost)
    if worded(events):
        events.append(Event(facts=f.FreeCampaign(item=ITEM_OF[item], code=code, why=why, result=result)))
        events.extend(lost)


ITEM_OF = {"ballot": "ballot", "sign": "sign", "tv": "television"}  # a purchase's item as its facts name it


def campaign_votes(state: PEState, seat: str, item: str, code: str, lost: list[Event]) -> f.Result | None:
    """A Sign (d3) or Television (6d3) Campaign's roll and votes in `code`: what it rolled and did, for the caller's
    facts (None on the silent path). Votes for a state off the ballot are lost, stated in `lost`."""
    r, player = c().rules, state.players[seat]
    dice, bonus = (r.sign_dice, hook(player, "sign_bonus")) if item == "sign" else (r.tv_dice, hook(player, "tv_bonus"))
    n, faces = quiet_roll(state, dice, 3, seat, "sign" if item == "sign" else "tv", bonus, code)
    said: list[Event] = [] if worded(lost) else lost
    placed = add_votes(state, seat, code, n, said, ITEM_OF[item])
    if not worded(lost):
        return None
    if not placed:
        lost.extend(said)
    return f.Result(faces=faces, bonus=bonus, placed=placed, total=player.votes.get(code, 0) if placed else 0)
