"""Ratings and stats: one OpenSkill rating per member, ruleset and server. Discord-free and
pure: the store calls `settle` inside the transaction that marks a finished game rated, so a game is
rated exactly once and every game sees the ratings the games before it left.

The rule (also in docs/players/README.md, "Ratings"):

* The model is OpenSkill's Bradley-Terry with full pairing (`openskill.models.BradleyTerryFull()`,
  its defaults: a new rating is mu 25, sigma 25/3): every pair of seats in a game counts as one
  comparison, which is what a ranked board-game result says. Not Plackett-Luce: in openskill 6.2 its
  tie handling is wrong (openskill.py bug reports #173 and #201, fixes #176 and #203 not released): with
  four seats ranked 1, 1, 2, 3 the third gets the same gain as the two who shared the win. For two
  seats the two models agree. Every rated seat is a team of one; a game is one `model.rate` call with
  one rank per seat (1 best, equal ranks share a place).
* Ranks come from the recorded result: the winners share rank 1 (a shared win, as Campaign Trail's
  tied election, is a tie for first); the other seats follow by their final score (electoral votes;
  equal scores share a rank), or share the next rank when the result has no scores. A draw (no
  winners) ranks every seat 1. A seat that conceded ranks last, below every other seat.
* A seat the bot played most of — more than half of its moves made by the built-in bot or by a
  missed deadline (journal actor `bot` or `deadline`) — is not rated, unless it conceded (the bot
  then plays a conceded seat to the end; its member takes the loss), and its member's rating does not
  change; the other seats keep their order among themselves. With fewer than two rated seats left,
  nobody is rated.
* The member rated for a seat is the one holding it when the game ends. Only games in a server are
  rated, each in its own ruleset and server, and never one played with hints on (its players could ask the
  search for their moves): its channel is told it was not rated. Nothing else (no hands, no moves) enters a
  rating.
* Shown rating: the library's ordinal, mu - 3·sigma (the skill a member is 99.7% sure to be above),
  scaled as `ordinal(alpha=20, target=500)` = 20·(mu - 3·sigma) + 500 and rounded: a newcomer shows
  500 and ratings run roughly 0–1000. The leaderboard orders by it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull

from bot.store import GameRecord, JournalEntry, NewMessage, PlayerRating, RatingChange, SeatRecord

MODEL = BradleyTerryFull()
BOT_ACTORS = ("bot", "deadline")
DISPLAY_ALPHA = 20.0
DISPLAY_TARGET = 500.0
LEADERBOARD_SIZE = 10
LEADERBOARD_MIN_GAMES = 3  # rated games a member needs to be listed on a leaderboard
TREND = 5  # rating changes /stats shows
UNRATED = "This game is not rated: hints were on."
ANNOUNCE_WITHIN = 3600  # a game rated later than this after it ended (a backlog) is rated without a post


def display(mu: float, sigma: float) -> int:
    """The shown rating: OpenSkill's ordinal scaled to about 0–1000 (a newcomer: 500)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=DISPLAY_ALPHA, target=DISPLAY_TARGET))


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def placings(result: dict[str, Any] | None, seats: list[str]) -> dict[str, int]:
    """Each seat's rank in a finished game's result (1 best; equal ranks share a place)."""
    if not result or not seats:
        return {}
    named = list(result.get("winners") or [])
    if result.get("draw") or not named:  # results saved before `draw` existed say a draw by naming nobody
        return {s: 1 for s in seats}
    winners = [s for s in named if s in seats]
    conceded = _conceded(result)
    scores = result.get("scores") or {}
    ranks = {s: 1 for s in winners}
    rest = [s for s in seats if s not in ranks and s not in conceded]
    scored = all(isinstance(scores.get(s), (int, float)) for s in rest)
    if not winners:
        # A winner that is no seat (an AI party of Campaign Trail's Solo Play beside people): the people are
        # placed among themselves by score, so a game the AI wins rates them as one a person wins does.
        # Without scores for every seat still running there is nothing to place them by.
        if not rest or not scored:
            return {}
        ranks = {s: 1 + sum(1 for o in rest if scores[o] > scores[s]) for s in rest}
    elif scored:
        for s in rest:  # competition ranking: 2 + how many of the others scored strictly more
            ranks[s] = 2 + sum(1 for o in rest if scores[o] > scores[s])
    else:
        ranks.update({s: 2 for s in rest})
    last = max(ranks.values(), default=0) + 1
    for s in seats:  # every seat that conceded ranks last, below every other seat
        if s in conceded and s not in ranks:
            ranks[s] = last
    return ranks


def _conceded(result: dict[str, Any] | None) -> set[str]:
    named = (result or {}).get("conceded") or []
    return set(named if isinstance(named, list) else [named])  # one seat, in results saved before teams conceded


def bot_filled(journal: list[JournalEntry], seat: str) -> bool:
    """Whether the bot (or missed deadlines) made more than half of the seat's moves."""
    moves = [e for e in journal if e.seat == seat]
    return 2 * sum(1 for e in moves if e.actor in BOT_ACTORS) > len(moves)


def settle(game: GameRecord, seats: list[SeatRecord], journal: list[JournalEntry],
           current: dict[str, PlayerRating], *, now: int, title: str,
           hints: bool = False) -> tuple[list[RatingChange], list[NewMessage]]:
    """The rating changes of one finished game, and the channel's notice of them (see the module's rule).
    `hints`: the game was played with hints on, so it is not rated (its channel is told so)."""
    if game.guild_id is None:
        return [], []
    if hints:
        said = NewMessage(audience="public", kind="text", payload={"text": f"📈 {UNRATED}"})
        return [], [said] if now - game.updated_at <= ANNOUNCE_WITHIN else []
    ranks = placings(game.result, [s.seat for s in seats])
    conceded = _conceded(game.result)
    # A seat that conceded takes its loss even though the bot then played it to the end.
    skipped = [s for s in seats if s.seat in ranks and s.seat not in conceded and bot_filled(journal, s.seat)]
    rated = [s for s in seats if s.seat in ranks and s not in skipped]
    if len(rated) < 2:
        return [], []
    before = [(r.mu, r.sigma) if (r := current.get(s.user_id)) else (MODEL.mu, MODEL.sigma) for s in rated]
    after = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=[ranks[s.seat] for s in rated])
    winners = set((game.result or {}).get("winners") or [])
    draw = bool((game.result or {}).get("draw"))
    changes = [RatingChange(game_id=game.id, user_id=s.user_id, name=s.display_name, seat=s.seat, rank=ranks[s.seat],
                            won=s.seat in winners and not draw, mu_before=old[0], sigma_before=old[1],
                            mu_after=new.mu, sigma_after=new.sigma, at=now)
               for s, old, (new,) in zip(rated, before, after)]
    messages = []
    if now - game.updated_at <= ANNOUNCE_WITHIN:
        messages.append(NewMessage(audience="public", kind="text", payload={"text": notice(changes, skipped, title)}))
    return changes, messages


def notice(changes: list[RatingChange], skipped: list[SeatRecord], title: str) -> str:
    parts = []
    for ch in changes:
        old, new = display(ch.mu_before, ch.sigma_before), display(ch.mu_after, ch.sigma_after)
        parts.append(f"{ch.seat} ({ch.name}) {old} → {new} ({signed(new - old)})")
    text = f"📈 {title} ratings on this server: " + " · ".join(parts) + "."
    if skipped:
        text += f" Not rated, as the bot played most of the seat's moves: {', '.join(s.seat for s in skipped)}."
    return text


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


@dataclass(frozen=True)
class StatLine:
    """One ruleset of `/stats`: a member's rated games and wins, rating, and last changes (oldest first)."""
    ruleset: str
    games: int
    wins: int
    rating: int
    ordinal: float
    trend: list[int]
    place: int | None  # on the ruleset's leaderboard, if listed


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard."""
    place: int
    user_id: str
    name: str
    rating: int
    ordinal: float
    games: int
    wins: int


def trend(history: list[RatingChange]) -> list[int]:
    return [display(h.mu_after, h.sigma_after) - display(h.mu_before, h.sigma_before) for h in history]


def standings(rows: list[PlayerRating], *, size: int = LEADERBOARD_SIZE) -> list[Standing]:
    """The top `size`, best ordinal first (ties: more games first, then the name)."""
    ordered = sorted(rows, key=lambda r: (-ordinal(r.mu, r.sigma), -r.games, r.name.casefold(), r.user_id))
    return [Standing(place=i, user_id=r.user_id, name=r.name, rating=display(r.mu, r.sigma), ordinal=ordinal(r.mu, r.sigma),
                     games=r.games, wins=r.wins) for i, r in enumerate(ordered[:size], start=1)]
