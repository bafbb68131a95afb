"""What a move leaves to send and to wait for, written in the move's own transaction: its outbox rows (the board
posts with their caption and the bot's notes, each seat's brief) and its deadline jobs. Pure: no store, no clock;
the start, a move and an undo (bot/service/lobby.py, bot/service/games.py) build theirs here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.policy import concession, timekeeping
from bot.present import bot_notes, captions
from bot.present.posts import POST_VIEW, board_posts
from bot.store import GameRecord, JobRecord, NewJob, NewMessage, SeatRecord
from engine.core.posting import Posting, outlined
from engine.core.ruleset import Ruleset, owing_seats
from engine.core.types import Event, PendingKind


def posts_and_deadlines(ruleset: Ruleset, state: Any, before: Any, events: list[Event], seats: list[SeatRecord],
                        record: GameRecord, seq: int, now: int, *, existing: list[JobRecord] | None = None,
                        started: bool = False, clock: timekeeping.GameClock | None = None, mover: str | None = None,
                        ) -> tuple[list[NewMessage], list[NewJob]]:
    """The outbox rows and deadline jobs that follow a move (`mover`'s, if a seat moved) from `before` to `state`."""
    outbox: list[NewMessage] = [NewMessage(audience="public", kind="board", payload=payload, created_seq=seq)
                                for payload in board_posts(events, started=started)]
    owing_now = set(owing_seats(ruleset, state))
    owing_before = set(owing_seats(ruleset, before)) if before is not None else set()
    done = ruleset.outcome(state) is not None
    if done and outbox:  # the result post (the last), which offers a rematch (the replay follows)
        outbox[-1].payload["final"] = True
    for s in seats:
        private = [e.private[s.seat] for e in events if s.seat in e.private]
        # Prompt a seat when it newly owes a decision, or its options changed while it still owes one.
        needs_prompt = s.seat in owing_now and (
            s.seat not in owing_before or before is None
            or ruleset.decisions(before, s.seat).options != ruleset.decisions(state, s.seat).options)
        # A seat whose decision this move ended (its own move from another table, a rival's, a deadline's) is
        # told too: its live prompt must say so, or its next decision would be taken for more of this one and
        # would not notify.
        ended = s.seat in owing_before and s.seat not in owing_now
        if private or needs_prompt or done or ended:
            payload = {"text": "\n".join(private), "prompt": needs_prompt, **({"ended": True} if ended else {})}
            outbox.append(NewMessage(audience=f"seat:{s.seat}", kind="brief", payload=payload, created_seq=seq))
    jobs: list[NewJob] = []
    if not done:
        # Deadlines and reminders (bot/policy/timekeeping.py): a seat still owing the same kind of decision keeps its
        # wait (unless its move may have begun its next turn: `renewed`); a fresh wait is the turn or the
        # response-window span, plus what is left of the seat's vacation; in a paused game every wait is
        # stored frozen with its remaining seconds.
        windows = {seat: ruleset.decisions(state, seat).kind == PendingKind.RESPONSE for seat in owing_now}
        jobs = timekeeping.schedule(existing or [], owing_now, owing_before,
                                    windows, now, clock or timekeeping.GameClock(record.deadline_hours), seq,
                                    renewed=renewed(ruleset, record, mover))
    return outbox, jobs


def renewed(ruleset: Ruleset, record: GameRecord, mover: str | None) -> set[str]:
    """The seat whose move begins a decision of its own even though it owed before. Where parties no seat
    plays take their turns inside a step (Solo Play's AI), the seat that moved and still owes may be on its
    next turn, with the hand-off invisible to the owing seats: it gets a fresh wait, as a seat does after
    a hand-off in any other game. Else it would keep one wait for the whole game, and once that passed a
    default would play at every sweep, counted as one missed deadline (never civil disorder)."""
    if mover is None or not concession.seatless(ruleset, record.options):
        return set()
    return {mover}


def has_board(outbox: list[NewMessage]) -> bool:
    return any(m.audience == "public" and m.kind == "board" for m in outbox)


@dataclass(frozen=True)
class Notes:
    """The bot's and the deadlines' notes after a move's posts were laid out: `held_after` is what the game's held
    notes become (None: they stay as they are)."""

    held_after: list[bot_notes.Note] | None


def place_notes(outbox: list[NewMessage], held: list[bot_notes.Note], new: bot_notes.Note | None, seq: int,
                said: str | None) -> Notes:
    """Put the held notes and the move's own (`new`: the bot's, or the deadline's) in the move's first board post.
    A deadline's line (`said`) is posted at once, even while the step's own lines wait for the turn's post; the
    notes a move cannot place (it posts no board) are held beside the engine's held lines, for the post that shows
    them. Changes `outbox` in place."""
    notes = [*held, *([new] if new else [])]
    if said and not has_board(outbox):
        outbox.insert(0, NewMessage(audience="public", kind="board", payload={"text": said}, created_seq=seq))
        notes = [n for n in notes if n is not new]
    posted = bot_notes.place_in_first_post(outbox, notes)
    if posted and held:  # the held notes went out with this post
        return Notes(held_after=[])
    if not posted and new:
        return Notes(held_after=notes)
    return Notes(held_after=None)


def caption_turn(record: GameRecord, ruleset: Ruleset, before: Any, after: Any, posting: Posting, seat: str,
                 outbox: list[NewMessage], game_settings: dict[str, str], *, waits: bool = False) -> list[NewMessage]:
    """The move's board post led by one line of what changed since the board the channel last saw. The post names
    its mover, whose side a caption made again for several posts merged into one leads with (bot/service/merging.py).
    `waits`: the post goes out after later moves (gathered with them), so its last board keeps the board as this move
    left it, which the picture shows, what its post changed outlined (`posting`: the table's after the move; else a
    post shows the board as it is when sent)."""
    if not has_board(outbox):
        return outbox
    shown = captions.shown_tally(game_settings)
    after_view = outlined(ruleset.view(after, None), posting)
    outbox = captions.caption_outbox(outbox, record.ruleset, shown, ruleset.view(before, None), after_view, seat,
                                     view_of=lambda data: type(after_view).model_validate(data))
    boards = [m for m in outbox if m.audience == "public" and m.kind == "board"]
    boards[0].payload["mover"] = seat
    if waits and not boards[-1].payload.get(POST_VIEW):
        boards[-1].payload[POST_VIEW] = after_view.model_dump(mode="json")
    return outbox
