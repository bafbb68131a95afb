"""The small rules every phase uses: votes under the ballot invariants, money without debt, the
Advantage hooks, prices and the spending cap, dice logged with their faces."""
from __future__ import annotations

from engine.core.rng import DiceRoll
from engine.core.types import Event
from engine.presidential_election.content import Content, load
from engine.presidential_election.state import PEState, Player
from engine.core.words import plural


def c() -> Content:
    return load()


def state_codes() -> list[str]:
    return sorted(c().states)


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
    """n votes for `seat` in `code`, only if on its ballot. Returns the votes actually placed."""
    player = state.players[seat]
    if code not in player.votes or n <= 0:
        if n > 0:
            events.append(Event(public=f"{seat} is not on the {code} ballot: the {plural(n, 'vote')} from {why} {'is' if n == 1 else 'are'} lost."))
        return 0
    player.votes[code] += n
    events.append(Event(public=f"{seat} +{n} in {code} ({why}) → {player.votes[code]}."))
    return n


def remove_votes(state: PEState, seat: str, code: str, n: int, events: list[Event], why: str) -> int:
    """Up to n votes off, keeping the last one. Returns the votes actually removed."""
    player = state.players[seat]
    lose = min(n, player.votes.get(code, 0) - 1) if code in player.votes else 0
    if lose > 0:
        player.votes[code] -= lose
        events.append(Event(public=f"{seat} −{lose} in {code} ({why}) → {player.votes[code]}."))
    return max(lose, 0)


def join_ballot(state: PEState, seat: str, code: str, events: list[Event], why: str) -> None:
    state.players[seat].votes[code] = 1
    events.append(Event(public=f"{seat} is on the {code} ballot ({why})."))


def spare_votes(player: Player) -> int:
    """Votes a player could give up without leaving a ballot state empty."""
    return sum(v - 1 for v in player.votes.values())


def off_ballot(player: Player) -> list[str]:
    return [code for code in state_codes() if code not in player.votes]


def common_ballots(state: PEState, a: str, b: str) -> list[str]:
    return sorted(set(state.players[a].votes) & set(state.players[b].votes))


# ---------------------------------------------------------------- money (never debt)


def gain(state: PEState, seat: str, amount: int, events: list[Event], why: str) -> None:
    player = state.players[seat]
    before = player.money
    player.money = max(0, player.money + amount)
    delta = player.money - before
    sign = "+" if delta >= 0 else "−"
    events.append(Event(public=f"{seat} {sign}${abs(delta)}k ({why}) → ${player.money}k."))


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
    cost = price(state, seat, item)
    return cost <= state.players[seat].money and state.turn.spent + cost <= cap(state, seat)


# ---------------------------------------------------------------- dice


def roll(state: PEState, count: int, sides: int, who: str, what: str, events: list[Event], bonus: int = 0) -> int:
    """Roll from the state's Randomness; the faces go to the log and to `last_dice`."""
    dice: DiceRoll = state.randomness.roll(count, sides)
    extra = f" +{bonus}" if bonus else ""
    line = f"{who} {dice.text}{extra} (d{sides}, {what})"
    state.last_dice.append(line)
    events.append(Event(public=line + ".", seat=who))  # the roller's own die, whoever called for it
    return dice.total + bonus


def roll_off(state: PEState, seats: list[str], what: str, events: list[Event], bonus_hook: str | None = None) -> str:
    """d6 each, the tied highest rolling again, until one is highest (recounts, the House, the debate pot)."""
    rolling = list(seats)
    while True:
        totals = {s: roll(state, 1, 6, s, what, events, hook(state.players[s], bonus_hook) if bonus_hook else 0)
                  for s in rolling}
        best = max(totals.values())
        rolling = [s for s in rolling if totals[s] == best]
        if len(rolling) == 1:
            return rolling[0]
        events.append(Event(public=f"Tie at {best} between {', '.join(rolling)}: they roll again.", seat=None))


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
    """A Sign (d3) or Television (6d3) Campaign's votes in `code`, bought or free."""
    r, player = c().rules, state.players[seat]
    if item == "sign":
        n = roll(state, r.sign_dice, 3, seat, f"Sign Campaign in {code}", events, hook(player, "sign_bonus"))
    else:
        n = roll(state, r.tv_dice, 3, seat, f"Television Campaign in {code}", events, hook(player, "tv_bonus"))
    add_votes(state, seat, code, n, events, why)
