"""A game record read as a log: each move's lines as `/game log`, a replay and the local table show them, pages of
whole moves, and the latest commit-reveal lines for `/game status` — all from the record (bot/policy/record.py)
alone, so nothing it would not show."""
from __future__ import annotations

from typing import Any

from bot.policy import record as records
from bot.present.clip import clip

def move_lines(move: dict[str, Any]) -> list[str]:
    """The text a replay or `/game log` shows for one move. The head names the mover and who sent the move for it
    (its player, its bot, its deadline); a line another seat made within the step (a response it had set to go
    by itself, an AI's turn) stands under that seat's own head, from the line's seat (Event.seat), so the mover's
    marker is never read as the other seat's. Records made before line seats were kept list every line under the
    mover."""
    by = move.get("by", "")
    player = (move.get("player") or "").replace("`", "'")
    mover = move["seat"]
    who = (f"🤖 {mover} (bot)" if by == "bot" else f"⏰ {mover} (deadline)" if by == "deadline"
           else f"{mover} ({player})" if player else mover)
    what = f" {move['notation']}" if move.get("notation") else ""
    public = list(move.get("public") or [])
    seats = list(move.get("line_seats") or [])
    seats = seats if len(seats) == len(public) else [None] * len(public)
    if not what and mover not in seats and any(seat is not None for seat in seats):
        what = f" {OTHERS_ONLY}"  # the lines below are other seats' doing, not the mover's
    number = f"{move['first_seq']}–{move['seq']}" if move.get("first_seq") else move["seq"]
    lines = [f"{number}. {who}:{what}  [{move.get('at_utc') or ''}]"]
    if move.get("note"):
        lines.append(f"   {move['note']}")
    under = mover  # whose head the lines now stand under (the game's own lines stand under the move's)
    for line, seat in zip(public, seats):
        other = seat is not None and seat != mover
        if other and seat != under:
            lines.append(f"   ↳ {seat}:")
        under = seat if other else mover
        lines.append(f"{'     ' if other else '   '}{line}")
    lines += [f"   🔏 {line}" for line in move.get("proofs") or []]
    if len(lines) == 1 and not move.get("notation"):  # a move that said nothing public (a pass, a hidden choice)
        lines.append(f"   {NOTHING_PUBLIC}")
    return lines


PAGE_CHARS = 3500  # a page fits one embed description with its code fence
# the line under a move of a game in progress that said nothing in public: its move is kept from the log until the end
NOTHING_PUBLIC = "(nothing public: a pass or a hidden choice; the log shows the move itself once the game ends)"
# the head of such a move whose step let other seats' lines follow (a response window's last pass): theirs, not its
OTHERS_ONLY = "(nothing of this move is public; what followed it:)"


def paginate(lines: list[str], budget: int = PAGE_CHARS) -> list[list[str]]:
    """Greedy pages of whole lines, each at most `budget` characters (a longer line is cut)."""
    pages: list[list[str]] = [[]]
    used = 0
    for line in lines:
        line = clip(line, budget)  # at a word boundary, never mid-word
        if pages[-1] and used + len(line) + 1 > budget:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += len(line) + 1
    return pages


def paginate_entries(entries: list[list[str]], budget: int = PAGE_CHARS) -> list[list[str]]:
    """Greedy pages of whole entries (a move's head and its lines), each at most `budget` characters: a page never
    begins inside a move. An entry longer than a page has pages of its own."""
    pages: list[list[str]] = [[]]
    for entry in entries:
        size = len("\n".join(entry))
        if size > budget:
            pages += paginate(entry, budget)
            pages.append([])
            continue
        if pages[-1] and len("\n".join(pages[-1])) + 1 + size > budget:
            pages.append([])
        pages[-1].extend(entry)
    return [page for page in pages if page] or [[]]


def log_entries(data: dict[str, Any]) -> list[list[str]]:
    """The whole game as `/game log` shows it, entry by entry (the heading, each move, the result): what the record
    holds, so nothing the record would not show."""
    head = [f"{data['game']['title']} — {data['game']['ruleset_title']}, game #{data['game']['id']}. Seats: "
            + ", ".join(f"{s['seat']}: {s['player']}" for s in data["seats"])]
    if data.get("seed_commitment"):
        head.append(f"Seed commitment: {data['seed_commitment']['digest']}")
    moves = _with_quiet_steps_joined(data["moves"])
    entries = [head] + [move_lines(move) for move in moves]
    for hint in reversed(data.get("hints") or []):  # each after the last move made before it was asked for
        at = 1 + sum(1 for move in moves if move["seq"] <= hint["after_move"])
        entries.insert(at, [hint_line(hint)])
    tail = [data["result_text"]] if data.get("result_text") else []
    if data.get("seed") is not None:
        tail.append(f"Seed: {data['seed']}" + (f", salt {data['seed_salt']}" if data.get("seed_salt") else ""))
    return entries + ([tail] if tail else [])


def hint_line(hint: dict[str, Any]) -> str:
    """A hint taken, as the log shows it (what the hint said is nobody's but its asker's)."""
    return f"💡 {hint['seat']} asked for a hint."


def _quiet(move: dict[str, Any]) -> bool:
    return not (move.get("notation") or move.get("public") or move.get("note") or move.get("proofs"))


def _with_quiet_steps_joined(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves, with each run of steps that said nothing public joined to the next step of the same seat and
    player (a pawn's steps whose lines come with its last): one entry, numbered `first–last`, with its lines."""
    out: list[dict[str, Any]] = []
    for move in moves:
        last = out[-1] if out else None
        if last is not None and _quiet(last) and all(last.get(k) == move.get(k) for k in ("seat", "by", "player")):
            move = {**move, "first_seq": last.get("first_seq") or last["seq"]}
            out.pop()
        out.append(move)
    return out


async def log_page(store: Any, game_id: int, page: int | None) -> tuple[list[str], int, int]:
    """(lines, page, pages) of the game's whole log; pages count from 1, None or past the end is the last."""
    return page_of(paginate_entries(log_entries(await records.build_record(store, game_id))), page)


def page_of(pages: list[list[str]], page: int | None) -> tuple[list[str], int, int]:
    """(lines, page, pages) of paginated log lines; pages count from 1, None or past the end is the last."""
    number = len(pages) if page is None else max(1, min(int(page), len(pages)))
    return pages[number - 1], number, len(pages)


async def proof_lines(store: Any, game_id: int, limit: int = 8) -> list[str]:
    """The latest commit-reveal lines of the game, each with its move number."""
    return latest_proofs(await records.build_record(store, game_id), limit)


def latest_proofs(data: dict[str, Any], limit: int = 8) -> list[str]:
    lines = [f"{m['seq']}. {p}" for m in data["moves"] for p in m.get("proofs") or []]
    return lines[-limit:]
