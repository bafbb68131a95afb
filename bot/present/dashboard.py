"""The election-night dashboard: one pinned channel message per game, edited after each turn.

It shows, from the game's PUBLIC view only (never a seat's):
- each side's electoral votes as safe / lean, and the tied ones — what safe and lean mean is each game's own
  rule, defined with its tally (bot/present/tallies/<ruleset>.py) and printed under the dashboard:
  Electioneer: safe = ahead by 4+ points on the face-up issues, lean 1–3, tied = face down;
  Campaign Trail: safe = 3+ committed voters ahead, lean 1–2; where a game's tie rule already gives an even
  state to a side (Electioneer's colour, Campaign Trail's tie-break holder) it counts for that side, as the
  game's own projection does, and the dashboard names it; Presidential Election: safe = 3+ votes ahead,
  lean 1–2; Campaign Manager 2008: safe = won, or one block from completing the major-issue row, lean = ahead
  on that row, tied = even or not in play yet (starting EV count as safe); 1960: safe = carried (4+ cubes),
  lean 1–3 cubes, tied = no cubes;
- the path to the winning number: what each side holds (safe + lean) against the EV that win, and what the
  leader still needs (where the most EV win, the winning number is a majority of all, which is sure to win);
- the tipping point: the leader's states ordered from its widest lead to its rivals' widest, the state whose
  electoral votes carry the leader past the winning number;
- the biggest swing of the last day: the state whose margin moved most over the last 24 hours of the clock,
  against a small history of public margins kept with the game's settings (one snapshot an hour, a day back).

Pure parts (`build`, `tipping_point`, `biggest_swing`, the snapshot history) take a tally and times; `refresh`
reads the game's public view through the manager, keeps the history and returns the text. Nothing here knows
Discord: bot/discord/dashboard.py posts, pins and edits it; the local table's `dashboard` command prints it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import present
from bot.present.tally import ElectoralTally, StateTally

if TYPE_CHECKING:
    from bot.service import GameManager

LIMIT = 2000  # one Discord message
DAY = 24 * 3600
BUCKET = 3600  # one snapshot kept per hour: enough to find a day back, small enough for a settings row
HISTORY_KEY = "dashboard:margins"  # the game's setting holding the snapshot history


# ------------------------------------------------------------ counting


@dataclass(frozen=True)
class SideCount:
    side: str
    safe: int
    lean: int

    @property
    def total(self) -> int:
        return self.safe + self.lean


def side_counts(tally: ElectoralTally) -> list[SideCount]:
    """Each side's safe and lean EV (its banked EV, held outside the map, are safe), in the game's order."""
    out = []
    for side in tally.sides:
        safe = tally.banked.get(side, 0) + sum(s.ev for s in tally.states if s.leader == side and s.standing == "safe")
        lean = sum(s.ev for s in tally.states if s.leader == side and s.standing == "lean")
        out.append(SideCount(side, safe, lean))
    return out


def tied_ev(tally: ElectoralTally) -> int:
    return sum(s.ev for s in tally.states if s.standing == "tied")


def leader(tally: ElectoralTally) -> str | None:
    """The side with the most safe + lean EV (more safe EV breaks a tie); None while nobody is ahead."""
    counts = sorted(side_counts(tally), key=lambda c: (c.total, c.safe), reverse=True)
    if not counts or counts[0].total == 0:
        return None
    if len(counts) > 1 and (counts[0].total, counts[0].safe) == (counts[1].total, counts[1].safe):
        return None
    return counts[0].side


def tipping_point(tally: ElectoralTally, side: str) -> StateTally | None:
    """Order the states by `side`'s lead there (won for good first, its rivals' surest last; a bigger state first
    among equals) and add their EV to what it banked: the state that carries it to the winning number."""
    running = tally.banked.get(side, 0)
    if running >= tally.to_win:
        return None
    ordered = sorted(tally.states, key=lambda s: (-s.lead_for(side), -s.ev, s.code))
    for state in ordered:
        running += state.ev
        if running >= tally.to_win:
            return state
    return None


# ------------------------------------------------------------ the margin history and the swing


@dataclass(frozen=True)
class Snapshot:
    at: int  # unix time
    leads: dict[str, tuple[str | None, int]]  # state code -> (leader, margin), open states only


def snapshot(tally: ElectoralTally, at: int) -> Snapshot:
    """The public margins now. States won for good are left out: some games no longer show their count."""
    return Snapshot(at, {s.code: (s.leader, s.margin) if s.leader and s.margin else (None, 0)
                         for s in tally.states if not s.decided})


def dump_history(history: list[Snapshot]) -> str:
    return json.dumps([{"at": s.at, "m": {code: [lead or "", margin] for code, (lead, margin) in s.leads.items()}}
                       for s in history], separators=(",", ":"))


def load_history(text: str | None) -> list[Snapshot]:
    """The stored history; an unreadable one starts afresh (it is only a convenience)."""
    if not text:
        return []
    try:
        return [Snapshot(int(d["at"]), {str(c): (str(v[0]) or None, int(v[1])) for c, v in d["m"].items()})
                for d in json.loads(text)]
    except (ValueError, KeyError, TypeError, IndexError):
        return []


def remember(history: list[Snapshot], snap: Snapshot) -> list[Snapshot]:
    """The history with `snap`: the first snapshot (the start), then the last of each hour, and of those older than
    a day only the newest (the day's baseline)."""
    kept = [s for s in history if s.at <= snap.at]
    if len(kept) > 1 and kept[-1].at // BUCKET == snap.at // BUCKET:
        kept.pop()  # the same hour: the newer margins stand for it
    kept.append(snap)
    old = [s for s in kept if s.at <= snap.at - DAY]
    return old[-1:] + [s for s in kept if s.at > snap.at - DAY]


def baseline(history: list[Snapshot], now: int) -> Snapshot | None:
    """The margins a day ago: the newest snapshot at or before then, else the oldest there is."""
    before = [s for s in history if s.at <= now - DAY]
    return before[-1] if before else (history[0] if history else None)


@dataclass(frozen=True)
class Swing:
    code: str
    side: str  # the side the move is measured for: ahead now, or ahead before if it is tied now
    amount: int  # how far its lead moved, in the game's unit
    gained: bool  # its lead grew
    before: tuple[str | None, int]
    after: tuple[str | None, int]


def biggest_swing(before: Snapshot, after: Snapshot) -> Swing | None:
    """The state whose margin moved most between the two snapshots. A bigger move, then a bigger lead now, then
    the code decide between states."""
    best: Swing | None = None
    for code, now in after.leads.items():
        then = before.leads.get(code)
        side = now[0] or (then[0] if then else None)
        if then is None or then == now or side is None:
            continue
        lead_then = then[1] if then[0] == side else -then[1]
        lead_now = now[1] if now[0] == side else -now[1]
        swing = Swing(code, side, abs(lead_now - lead_then), lead_now > lead_then, then, now)
        if best is None or (swing.amount, now[1], code) > (best.amount, best.after[1], best.code):
            best = swing
    return best


# ------------------------------------------------------------ the text


def _span(seconds: int) -> str:
    hours = seconds // 3600
    return f"{hours} h" if hours else f"{max(seconds // 60, 1)} min"


def _lead_text(tally: ElectoralTally, lead: tuple[str | None, int]) -> str:
    return f"{tally.name(lead[0])} +{lead[1]}" if lead[0] and lead[1] else "even"


def _side_line(tally: ElectoralTally, count: SideCount) -> str:
    banked = tally.banked.get(count.side, 0)
    start = f" (incl. {banked} starting)" if banked else ""
    return f"**{tally.name(count.side)}** {count.total} EV — safe {count.safe}{start} · lean {count.lean}"


def _path_lines(tally: ElectoralTally, counts: list[SideCount], ahead: str | None) -> list[str]:
    line = f"**Path to {tally.to_win}** (of {tally.total} EV): "
    if ahead is None:
        return [line + "nobody is ahead. " + " · ".join(f"{tally.name(c.side)} needs {max(tally.to_win - c.total, 0)}"
                                                        for c in counts)]
    top = next(c for c in counts if c.side == ahead)
    if top.total >= tally.to_win:
        line += f"{tally.name(ahead)} leads, past it on safe + lean ({top.total})"
        line += "." if top.safe >= tally.to_win else f"; on safe alone it needs {tally.to_win - top.safe} more."
    else:
        line += f"{tally.name(ahead)} leads with {top.total} and still needs {tally.to_win - top.total}."
    rivals = [f"{tally.name(c.side)} needs {max(tally.to_win - c.total, 0)}" for c in counts if c.side != ahead]
    return [line] + (["Behind: " + " · ".join(rivals)] if rivals else [])


def _tipping_line(tally: ElectoralTally, ahead: str | None) -> str:
    head = "**Tipping point:** "
    if ahead is None:
        return head + "none while nobody is ahead."
    state = tipping_point(tally, ahead)
    who = tally.name(ahead)
    if state is None:
        return head + f"none: {who} is past {tally.to_win} before any state."
    where = f"{state.code} ({state.ev} EV)"
    if state.decided and state.leader == ahead:
        return head + f"{where}, won for good by {who}: {who} is past {tally.to_win} already."
    if state.decided:
        return head + f"{where}, won for good by {tally.name(state.leader)}: {who} can no longer reach {tally.to_win}."
    if state.by_tie:
        holder = tally.name(state.leader)
        if state.leader == ahead:
            return head + f"{where} — even, {who}'s by the tie rule; it carries {who} past {tally.to_win}."
        return head + f"{where} — even, {holder}'s by the tie rule; {who} must pull ahead there to pass {tally.to_win}."
    if state.leader == ahead:
        return head + f"{where} — {who} +{state.margin} {tally.unit} there carries {who} past {tally.to_win}."
    if state.leader is None:
        note = f" ({state.note})" if state.note else ""
        return head + f"{where} — even{note}; {who} must win it to pass {tally.to_win}."
    return (head + f"{where} — {tally.name(state.leader)} leads by {state.margin} {tally.unit}; "
            f"{who} must flip it to pass {tally.to_win}.")


def _swing_line(tally: ElectoralTally, history: list[Snapshot], now: int) -> str:
    base = baseline(history, now)
    current = snapshot(tally, now)
    if base is None or base.at >= now:
        return "**Biggest swing:** none yet (margins are kept from now on)."
    span = "last 24 h" if base.at <= now - DAY else f"last {_span(now - base.at)}"
    swing = biggest_swing(base, current)
    if swing is None:
        return f"**Biggest swing ({span}):** none — no margin moved."
    if swing.gained:
        toward = f"toward {tally.name(swing.side)}"
    else:
        toward = "to a tie" if swing.after[0] is None else f"against {tally.name(swing.side)}"
    return (f"**Biggest swing ({span}):** {swing.code} moved {swing.amount} {tally.unit} {toward} "
            f"({_lead_text(tally, swing.before)} → {_lead_text(tally, swing.after)}).")


def build(tally: ElectoralTally, *, title: str = "", history: list[Snapshot] | None = None, now: int = 0) -> str:
    """The dashboard as Discord markdown, at most 2,000 characters."""
    final = tally.final is not None
    head = "🗳️ **Final map" if final else "📊 **Election night"
    lines = [f"{head}{' — ' + title if title else ''}**" + (f" · {tally.stage}" if tally.stage else "")]
    if final and tally.final:
        score = " – ".join(f"{tally.name(s)} {n}" for s, n in tally.final.items())
        lines.append(f"**Result:** {score}" + (f" — {tally.winner} wins" if tally.winner else ""))
    counts = side_counts(tally)
    lines += [_side_line(tally, c) for c in counts]
    tied = [s for s in tally.states if s.standing == "tied"]
    where = f" in {len(tied)} state{'s' if len(tied) > 1 else ''}" if tied else ""
    by_tie = [f"{s.code} ({s.ev} EV) for {tally.name(s.leader)}" for s in tally.states if s.by_tie]
    credited = " · even, counted by the tie rule: " + ", ".join(by_tie) if by_tie else ""
    lines.append(f"**Tied** {tied_ev(tally)} EV{where}{credited}")
    ahead = leader(tally)
    lines += _path_lines(tally, counts, ahead)
    lines.append(_tipping_line(tally, ahead))
    lines.append(_swing_line(tally, history or [], now))
    lines.append(f"-# {tally.rule}" + ("" if final else " Edited after each turn."))
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"


# ------------------------------------------------------------ the game's dashboard now


def tally_of(view: Any) -> ElectoralTally | None:
    """The public view's tally, through its ruleset's presenter (None: a game without a map to count)."""
    return present.for_view(view).electoral_tally(view)


async def refresh(manager: GameManager, game_id: int, *, keep: bool = True) -> str | None:
    """The game's dashboard now, from its public view; with `keep`, its margins join the history first (one per
    hour, a day back). None for a game without one (in its lobby, or a ruleset with no map)."""
    record = await manager.views.game(game_id)
    if record.status == "lobby":
        return None
    _, view = await manager.views.view(game_id, None)  # the public view: nothing any seat holds privately
    tally = tally_of(view)
    if tally is None:
        return None
    now = int(manager.ctx.now())
    scope = f"game:{game_id}"
    history = load_history(await manager.store.get_setting(scope, HISTORY_KEY))
    if keep:
        history = remember(history, snapshot(tally, now))
        await manager.store.set_setting(scope, HISTORY_KEY, dump_history(history))
    return build(tally, title=f"{record.title} (game #{game_id})", history=history[:-1] if keep else history, now=now)
