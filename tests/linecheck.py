"""Checks on every line: a seeded game is played through the services (bot/service/), with the built-in
bot choosing every seat's moves, and every line a player or spectator reads is checked.

The game. `play_game` seats a table over a real SQLite store (on /dev/shm where there is one) with the recording table
(bot/tables/recording.py), as bot/tables/transcripts.py plays its games, on a fixed clock that moves an hour a move, and
makes every kind of line occur: at a table of two or more, one seat (not the host's) is handed to the bot at the start
(a lone seat is handed over after 30 to 229 turns, and the bot plays it to the end); at three or more, one player
leaves (the bot takes the seat) or concedes, once; about one decision in seven is left to its deadline (the clock
jumps past it and the sweep runs: ⏰ lines, reminders, stall lines, civil disorder); one move in five is typed as a
compound line (a typed rest kept across a hand-off); about one in nine is a wrong typed move instead (an earlier move
again, or a legal one with an argument swapped), whose refusal is kept; two spectators follow, each turn and by
daily digest. Nothing of the game is chosen by the checks: the people's moves are the bot's choices.

What is read: every public post; every private brief — its text, and what the table shows with it: the prompt, the
deadline default ("If time runs out: …"), each option's and extra's label and detail, and each as Discord shows it
where it is longer than a button's or menu entry's room (bot/discord/limits.py `clip`) and /move's suggestion
("notation — label") where longer than an autocomplete choice's, the presenter's brief
sections and the local table's hand text; every refusal a wrong move got; every follower's DM; every alert; the
game's log at the end. The public board after a post is the post's own (bot/present/posts.py POST_VIEW) or the state at its
move; states are the journal played again apart from the game (and must reach the game's last state hash).

The checks, exactly:

 1. `cut` — no text cut mid-word, none empty. A shortening the project makes on purpose (bot/present/text.py `clip`,
    bot/discord/limits.py `clip`) ends at a space and marks it with "…" right after a whole word. So wherever "…"
    (or "...") follows a letter or digit directly and no letter or digit follows it (`A01…A16` is a range), the word
    before it must be a whole word: a number, or a word of the project's vocabulary (every word of data/ and of the
    bot/ and engine/ sources), or of this game's own lines where it stands whole (followed by a space or
    punctuation). The last word of every line that ends in a letter is held to the same. `cut/empty`: a post, a
    brief's text, a prompt owed, a label, a hand section, a refusal, a DM or a log line that is empty or blank;
    `cut/empty-line`: a blank line inside a post; `cut/markup`: a text with a code span or bold left open (an odd
    count of ` or of **, fences aside).
 2. `marker` — a 🤖 or ⏰ line stands on what that seat's bot or deadline did. A board post speaks for the moves since
    the game's previous board post (journal seqs in (previous board post's seq, this post's seq]): its
    "🤖 The bot moved for X." needs a move of X there whose actor is `bot`; its "⏰ X's deadline passed: D." one whose
    actor is `deadline`, and, when D is notation, with that notation (`marker/default`). A notice of a seat changing
    hands ("🤖 … handed X to the bot", "🤖 X (…) left", "🤖 X (…) missed N deadlines in a row", "🤖 The bot plays X
    too.") needs the seat's history to show the bot taking X by that move, and "missed N" X's last N moves made by its
    deadline. A 🤖 or ⏰ note of a move stands immediately before a line of the post that the engine names as that
    seat's own (`Event.seat`, carried in the board post's `payload["lines"]`): `marker/seat` where the next line is
    another seat's, the game's own, or no engine line while a line of that seat follows further on in its move (up to
    the seat's next note: a post of several moves notes each of them) (a step with no
    line of its own, as a silent pass in a response window, keeps its note where its lines begin, and the bot's note
    then says "(nothing of that move is public)", exactly when no line of that seat follows). Any other line with 🤖 or ⏰ in a post is `marker/unknown`. Conversely, every move the bot or a deadline
    made is marked in the board post covering it (`marker-missing`), and every deadline that passes plays a move the
    rules accept (`marker/deadline-refused`: the seat was told what running out of time plays, and nothing would be).
 3. `card-name` — every card, event or news id in private text comes with its name. Ids: Electioneer `D07`/`R07`
    policies and `T05` theatrics; Campaign Manager 2008 `O05`/`M38` cards, `N15` news, `GN3` Going Negative results;
    Presidential Election `C26` campaign and `A11` Advantage cards; Campaign Trail and 1960 `#23` cards (not "game
    #23", "move #23"). An id the ruleset's `card(ref)` knows must have that card's name on the same line: a line of a
    brief's text, of a hand (brief sections, local hand text), of the prompt, or one option's label or detail (each
    a line of its own: a button shows the label alone).
 4. `caption` — a board post's caption (its first line, the outbox row's `caption`, bot/present/captions.py) agrees with the
    public board after the post. "SIDE takes|wins|leads ST (EV)": the board's tally (the presenter's `tally` of that view)
    has SIDE leading ST, worth EV, and the dashboard's tally (the presenter's `electoral_tally`, other code reading
    the same view) has nobody else ahead there; "ST is up for grabs": nobody leads ST; "SIDE +N in ST" / "−N": SIDE's
    count in ST moved by N from the board the previous board post showed. A clause of no known form is a problem.
 5. `suggestion` — every suggested line is legal. In private text (a brief's text, the prompt, labels, details,
    refusals) a backticked span whose first word is a verb of this game's moves (any option's seen in it) is a line
    to send, except: a slash command; a span right after "e.g." (the notation's syntax); a mention of the word (the
    span followed by "is", "takes", "names"… or by "or `…` is"); a span after "then" (a later step, after the ones
    the sentence names first); the refused move (or a step of it) quoted back, and every span of the refusal of a move that did not
    parse (the notation's shapes, `write `debate P2 OH``). A template (with "…", "<", "|", or a word in capitals
    that is no argument of any option seen, as `add ST`) is checked only in a prompt, where its verb must be one the
    seat may play now (`suggestion/template`). Any other line is parsed with `ruleset.parse` (one of several words
    that does not parse is `suggestion/unparsable`; one word alone that does not is the word named) and played for
    the seat with `play_until_handoff`, as a typed move is, on the state the text was read at (the seq of its
    brief or refusal): it must be legal. The game itself is never touched: the states are its journal played again.
    And /move's own suggestions (bot/discord/play_flows.py `move_choices`: each legal option's notation, the value
    Discord types back) must each parse back to exactly the option they stand for (`suggestion/move-choice`).

 6. `words` — counting and grammar: "(s)" on a noun, "1" before a plural, "a"/"an", a line repeated straight after
    itself in one post or brief, "you" in a public line, a winner's figure second (tests/linewords.py says each).

`check_game(ruleset, options, players, seed)` returns the problems of one game; `run_game` is its report (the lines each
check looked at too); bench/check_lines.py runs thousands; tests/present/test_every_line.py a seeded sample, and proves
each check fires on a bad line.
"""
from __future__ import annotations

import asyncio
import functools
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from bot import present
from bot.discord import limits
from bot.present.posts import LINES, POST_VIEW
from bot.service import GameManager
from bot.store import Store
from bot.service.table import PrivateBrief
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.ruleset import card_text, check_legal, journal_steps, play_until_handoff, seats_for, state_hash
from engine.core.types import Action
from tests import linewords
from tests.wordscan import whole_words

ROOT = Path(__file__).resolve().parent.parent
START = 1_800_000_000
HOUR = 3600
MAX_MOVES = 4000
CHECKS = ("cut", "marker", "card-name", "caption", "suggestion", "words")
DEFAULT_TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    # each ruleset at its largest table and its main option sets: the sample and the bench draw from these
    "electioneer": [(2, {}), (2, {"theatrics": 0})],
    "campaign_trail": [(6, {"dirty": True}), (4, {"parties": ["DEM", "LIB"]}), (5, {"dirty": True}),
                       (1, {"ai": ["REP"]}), (2, {"ai": ["REP"], "coop": True}), (1, {"ai": ["REP", "LIB"]}),
                       (1, {"ai": ["REP"], "ai_deck": "advanced"}), (3, {"dirty": True})],
    "presidential_election": [(6, {}), (4, {"era": 1960})],
    "campaign_manager_2008": [(2, {"deck": "draft"}), (2, {"deck": "starter"})],
    "nineteen_sixty": [(2, {"vp": True, "restricted": True}), (2, {})],
}


@dataclass(frozen=True)
class Problem:
    check: str  # one of CHECKS, or a sub-kind "check/what"
    game: str  # ruleset, players, options and seed: enough to play it again
    seq: int
    audience: str  # "public", "seat:DEM", "reply:DEM", "follower:…", "log"
    line: str
    why: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.game} seq {self.seq} {self.audience}: {self.why}\n    {self.line!r}"


@dataclass(frozen=True)
class Text:
    """One text a person reads, where and when: `seq` the move it was read at, `source` what part it is."""
    audience: str
    seq: int
    source: str  # post, brief, prompt, label, detail, default, hand, reply, follower, log
    text: str
    seat: str | None = None
    sent: str = ""  # a refusal: the move the player typed
    post: int = -1  # a public post's index in Played.posts


@dataclass
class Post:
    seq: int
    kind: str  # board, text, stall
    text: str
    caption: str
    view: Any  # the public view the post shows (board posts)
    lines: list[dict[str, Any]] | None = None  # a board post's engine lines with their seats (bot/present/posts.py LINES)


@dataclass
class Played:
    label: str
    ruleset: Any
    options: dict[str, Any]
    seats: list[str]
    texts: list[Text] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    journal: list[Any] = field(default_factory=list)
    history: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)  # states[seq]: the state after move seq (0: the start)
    # deadlines whose default move the rules refuse: (seq, seat, the default the seat was told, why refused)
    deadline_faults: list[tuple[int, str, str, str]] = field(default_factory=list)
    verbs: set[str] = field(default_factory=set)
    args: set[str] = field(default_factory=set)
    # /move's suggestions (bot/discord/play_flows.py move_choices): each option's notation, as the value typed back
    typed_back: dict[str, Action] = field(default_factory=dict)
    moves: int = 0
    status: str = ""


def game_label(ruleset: str, players: int, options: dict[str, Any], seed: int) -> str:
    opts = ",".join(f"{k}={'+'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in options.items())
    return f"{ruleset}/{players}p{'/' + opts if opts else ''}/seed {seed}"


# ---------------------------------------------------------------- playing a game


def _db_dir() -> str | None:
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


async def play_game(ruleset_name: str, options: dict[str, Any], players: int, seed: int, *,
                    max_moves: int = MAX_MOVES) -> Played:
    """Play the seeded game (at most `max_moves` turns of the loop below: a sample may stop a long game early)."""
    ruleset = registry.get(ruleset_name)
    label = game_label(ruleset_name, players, options, seed)
    with tempfile.TemporaryDirectory(dir=_db_dir()) as folder:
        store = await Store.open(Path(folder) / "game.sqlite3")
        try:
            return await _play(store, ruleset, ruleset_name, options, players, seed, label, max_moves)
        finally:
            await store.close()


async def _play(store: Store, ruleset: Any, name: str, options: dict[str, Any], players: int, seed: int,
                label: str, max_moves: int) -> Played:
    table = RecordingTable()
    now = [START]
    manager = GameManager(store, table, clock=lambda: now[0], render=False, new_seed=lambda: seed)
    seats = seats_for(ruleset, players, options)
    users = {seat: f"player-{seat.lower()}" for seat in seats}
    host = users[seats[0]]
    record = await manager.games.create(name, host, f"Player {seats[0]}", seat=seats[0], title=ruleset.title,
                                        seed=seed, options=options, channel_id="channel", guild_id="server")
    for seat in seats[1:]:
        await manager.games.join(record.id, users[seat], f"Player {seat}", seat=seat)
    picked = [s.seat for s in await store.list_seats(record.id)]
    await manager.community.follow(record.id, "watcher-turn", "turn", guild_id="server")
    await manager.community.follow(record.id, "watcher-digest", "digest", guild_id="server")
    await manager.games.start(record.id, host)
    game_id = record.id
    final_seats = ruleset.assign_seats(picked, manager_options := (await manager.views.game(game_id)).options)
    played = Played(label=label, ruleset=ruleset, options=manager_options, seats=final_seats)
    rng = Rng(seed ^ 0x5EED)
    lone = len(final_seats) == 1
    if not lone:  # one seat the bot plays from the start (not the host's)
        await manager.seats.bot_seat(game_id, host, final_seats[1 + rng.below(len(final_seats) - 1)])
    hand_over = 30 + rng.below(200)  # a lone seat goes to the bot then, which plays it to the end
    # at a big table a seat's player leaves (the bot plays it) or concedes, once
    walk_out = 20 + rng.below(200) if len(final_seats) >= 3 else -1
    replies: list[Text] = []
    past: list[Action] = []
    moves = 0
    for moves in range(max_moves):
        owing = await manager.views.owing(game_id)
        if not owing:
            break
        seats_now = {s.seat: s for s in await store.list_seats(game_id)}
        if lone and moves == hand_over and seats_now[final_seats[0]].controller == "human":
            await manager.seats.bot_seat(game_id, host, final_seats[0])
            continue
        if moves == walk_out:
            leaving = [s for s in final_seats[1:] if seats_now[s].controller == "human"]
            if leaving:
                seat = leaving[rng.below(len(leaving))]
                if rng.below(2):
                    await manager.seats.concede(game_id, seats_now[seat].user_id)
                else:
                    await manager.seats.leave(game_id, seats_now[seat].user_id)
                continue
        human = [s for s in owing if seats_now[s].controller == "human"]
        if not human or rng.below(7) == 0:
            await _let_deadline_pass(manager, store, game_id, now, played)
            continue
        seat = human[rng.below(len(human))]
        user = seats_now[seat].user_id
        record = await manager.views.game(game_id)
        _, state, seq = await manager.views.state(record)
        decision = ruleset.decisions(state, seat)
        for o in decision.all_options():
            played.verbs.add(o.action.verb)
            played.args.update(o.action.args)
        now[0] += HOUR
        if rng.below(9) == 0:
            wrong = _wrong_move(ruleset, state, seat, rng, past)
            if wrong:
                try:
                    await manager.games.submit(game_id, user, wrong, repeat_guard=True)
                except EngineError as exc:
                    replies.append(Text(f"reply:{seat}", seq, "reply", exc.message, seat, sent=wrong))
                continue
        action = ruleset.bot_action(state, seat, rng)
        past.append(action)
        if rng.below(5) == 0:
            typed = _compound(ruleset, state, seat, action, rng)
            try:
                await manager.games.submit(game_id, user, ruleset.format(typed), repeat_guard=True)
            except EngineError as exc:
                replies.append(Text(f"reply:{seat}", seq, "reply", exc.message, seat, sent=ruleset.format(typed)))
            continue
        await manager.games.submit(game_id, user, [action])
    played.moves = moves
    record = await manager.views.game(game_id)
    played.status = record.status
    played.journal = await store.load_journal(game_id)
    played.history = await store.seat_history(game_id)
    played.states = _replay(ruleset, played.options, final_seats, record.seed, played.journal)
    if played.journal and state_hash(played.states[-1]) != played.journal[-1].state_hash:
        raise AssertionError(f"{label}: the journal played again does not reach the game's state")
    rows = {f"o{r.id}": r for r in await store.outbox_for_game(game_id)}
    view_type = type(ruleset.view(played.states[0], None))
    for i, post in enumerate(table.posts):
        merged = _rows_of(post.key, rows)  # a post of several outbox rows is keyed `o<first>-<last>`
        boards = [r for r in merged if r.kind == "board"]
        payload = boards[-1].payload if boards else merged[-1].payload if merged else {}
        kind = "board" if boards else merged[-1].kind if merged else "text"
        seq = post.game.seq
        view = None
        if kind == "board":
            view = (view_type.model_validate(payload[POST_VIEW]) if payload.get(POST_VIEW)
                    else ruleset.view(played.states[min(seq, len(played.states) - 1)], None))
        told = [r.payload[LINES] for r in merged if r.payload.get(LINES) is not None]
        lines = [x for seq_lines in told for x in seq_lines] if kind == "board" and told else None
        caption = _sent_caption(post.text, merged) if kind == "board" else ""
        played.posts.append(Post(seq, kind, post.text, str(caption), view, lines))
        played.texts.append(Text("public", seq, "post", post.text, post=i))
    for brief in table.briefs:
        played.texts += _brief_texts(brief)
        for o in brief.decision.all_options() if brief.decision is not None else []:
            played.verbs.add(o.action.verb)
            played.args.update(o.action.args)
            played.typed_back.setdefault(o.action.notation()[:limits.CHOICE_VALUE], o.action)
    played.texts += replies
    for user, text, _ in table.follower_dms:
        played.texts.append(Text(f"follower:{user}", -1, "follower", text))
    for game_id_, text, _ in table.alerts:
        played.texts.append(Text("alert", -1, "alert", text))
    for line in await manager.memory.log_lines(game_id, limit=MAX_MOVES * 2):
        played.texts.append(Text("log", -1, "log", line))
    return played


async def _let_deadline_pass(manager: GameManager, store: Store, game_id: int, now: list[int], played: Played) -> None:
    """Move the clock past the next deadline and run the sweep; first note each due deadline whose default move
    the rules would refuse (the seat was told "If time runs out: …", and nothing would be played)."""
    jobs = [j for j in await store.jobs_for_game(game_id) if j.kind == "deadline"]
    if jobs:
        now[0] = max(now[0], min(j.due_at for j in jobs)) + 1
    else:
        now[0] += 24 * HOUR
    record = await manager.views.game(game_id)
    ruleset, state, seq = await manager.views.state(record)
    for job in jobs:
        if job.due_at > now[0] or not job.seat or not ruleset.decisions(state, job.seat).owes_move:
            continue
        try:
            check_legal(ruleset, state, job.seat, ruleset.deadline_action(state, job.seat))
        except EngineError as exc:
            default = ruleset.decisions(state, job.seat).deadline_default
            played.deadline_faults.append((seq, job.seat, default, exc.message))
    await manager.sweep.run_due_jobs()


def _compound(ruleset: Any, state: Any, seat: str, first: Action, rng: Rng) -> list[Action]:
    """The bot's next two or three steps for `seat`, as far as they stay its own, typed as one line."""
    steps = [first]
    try:
        current = ruleset.apply(state, seat, first).state
        for _ in range(1 + rng.below(2)):
            if ruleset.outcome(current) is not None or not ruleset.decisions(current, seat).owes_move:
                break
            nxt = ruleset.bot_action(current, seat, rng)
            steps.append(nxt)
            current = ruleset.apply(current, seat, nxt).state
    except EngineError:
        pass
    return steps


def _wrong_move(ruleset: Any, state: Any, seat: str, rng: Rng, past: list[Action]) -> str:
    """A move a player might type by mistake: an earlier move again, or a legal one with an argument swapped."""
    options = ruleset.decisions(state, seat).all_options()
    if past and rng.below(2) == 0:
        return ruleset.format([past[rng.below(len(past))]])
    if not options:
        return ""
    action = options[rng.below(len(options))].action
    pool = sorted({a for o in options for a in o.action.args} | {"XX", "OH", "99"})
    if action.args:
        args = list(action.args)
        args[rng.below(len(args))] = pool[rng.below(len(pool))]
        return ruleset.format([Action(verb=action.verb, args=tuple(args))])
    return ruleset.format([Action(verb=action.verb, args=(pool[rng.below(len(pool))],))])


def _sent_caption(text: str, rows: list[Any]) -> str:
    """A board post's caption as sent: Delivery captions each board post anew from the board the channel last saw
    (several boards merged get one caption for them all), as its first line, which is then none of its rows' own
    lines; "" for a post sent with none."""
    first = text.split("\n", 1)[0]
    own = set()
    for row in rows:
        said, caption = str(row.payload.get("text") or ""), row.payload.get("caption")
        own.update((said[len(caption):] if caption and said.startswith(caption) else said).split("\n"))
    return "" if first in own else first


def _rows_of(key: str, rows: dict[str, Any]) -> list[Any]:
    """The public outbox rows a post was sent for: one (`o12`), or a run merged into one message (`o12-15`)."""
    first, _, last = key[1:].partition("-")
    if not first.isdigit() or (last and not last.isdigit()):
        return []
    found = (rows.get(f"o{n}") for n in range(int(first), int(last or first) + 1))
    return [r for r in found if r is not None and r.audience == "public"]


def _replay(ruleset: Any, options: dict[str, Any], seats: list[str], seed: int, journal: list[Any]) -> list[Any]:
    """The state after each move of the journal (index: seq; 0 the start), played again apart from the game."""
    state = ruleset.setup(options, seats, seed)
    states = [state]
    for entry in journal:
        state = play_until_handoff(ruleset, state, entry.seat, journal_steps(ruleset, entry.notation)).result.state
        while len(states) < entry.seq:  # seqs are consecutive; kept total
            states.append(states[-1])
        states.append(state)
    return states


def _brief_texts(brief: PrivateBrief) -> list[Text]:
    audience, seq, seat = f"seat:{brief.seat}", brief.game.seq, brief.seat
    out = []
    if brief.text:
        out.append(Text(audience, seq, "brief", brief.text, seat))
    decision = brief.decision
    if decision is not None and decision.owes_move:
        out.append(Text(audience, seq, "prompt", decision.prompt, seat))
        if decision.deadline_default:
            out.append(Text(audience, seq, "default", decision.deadline_default, seat))
        for o in decision.all_options():
            out.append(Text(audience, seq, "label", o.label, seat))
            if o.detail:
                out.append(Text(audience, seq, "detail", o.detail, seat))
            # as Discord shows them (bot/discord/ui.py): a button's label, a menu entry's label and description,
            # each shortened by limits.clip where too long (the choice is whole in the embed above)
            for text, limit in ((o.label, limits.BUTTON_LABEL), (o.label, limits.SELECT_OPTION_LABEL),
                                (o.detail, limits.SELECT_OPTION_DESCRIPTION),
                                (f"{o.action.notation()} — {o.label}", limits.CHOICE_NAME)):  # /move's list
                if len(text) > limit:
                    out.append(Text(audience, seq, "shown", limits.clip(text, limit), seat))
    if brief.view is not None:
        shown = present.for_view(brief.view)
        for title, lines in shown.brief_sections(brief.view, seat):
            out.append(Text(audience, seq, "hand", "\n".join([title, *lines]), seat))
        if (hand := shown.hand_text(brief.view)):  # the local table's hand
            out.append(Text(audience, seq, "hand", hand, seat))
    return out


# ---------------------------------------------------------------- check 1: cut mid-word, empty


WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")
ELLIPSIS = re.compile(r"([A-Za-z0-9][A-Za-z0-9'’\-]*)(…|\.\.\.)(?![A-Za-z0-9])")
WORD_LOWER = re.compile(r"[a-z0-9][a-z0-9'\-]*")
PART = re.compile(r"[a-z0-9]+")
WHOLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*(?=[\s,;:!?)\]}\"”*_`|/—–(]|\.(?!\.\.))")
LAST_WORD = re.compile(r"([A-Za-z][A-Za-z0-9'’\-]*)$")


@functools.lru_cache(maxsize=1)
def project_vocabulary() -> frozenset[str]:
    """Every word of the project's data and of its bot/ and engine/ sources, lower case."""
    words: set[str] = set()
    for folder, patterns in ((ROOT / "data", ("*.yaml", "*.csv", "*.md")), (ROOT / "bot", ("*.py",)),
                             (ROOT / "engine", ("*.py",))):
        for pattern in patterns:
            for path in folder.rglob(pattern):
                words.update(_words(path.read_text(encoding="utf-8", errors="replace")))
    return frozenset(words)


def _words(text: str) -> set[str]:
    """The words of `text` in lower case: each whole (`meet-and-greet`, `governor's`) and each of its parts."""
    text = text.lower().replace("’", "'")
    return {w.strip("'-") for w in WORD_LOWER.findall(text)} | set(PART.findall(text))


def _whole_words(texts: Iterable[str]) -> set[str]:
    """The words of these texts that are followed by a space or punctuation, not cut off: a word before "…" or
    ending a line proves nothing."""
    out: set[str] = set()
    for text in texts:
        out |= _words(" ".join(WHOLE.findall(text)))
    return out


def _known(word: str, vocabulary: set[str] | frozenset[str]) -> bool:
    w = word.lower().strip("'’-")
    if not w or w.isdigit() or w in vocabulary:
        return True
    parts = [p for p in re.split(r"[-'’]", w) if p]
    return bool(parts) and all(p.isdigit() or p in vocabulary for p in parts) and not w.endswith(("-", "'"))


def check_cut(texts: list[Text], vocabulary: set[str],
              parts: Counter | None = None) -> tuple[list[tuple[Text, str, str]], int]:
    """(problems as (text, kind, why), lines looked at)."""
    out: list[tuple[Text, str, str]] = []
    seen = 0
    for t in texts:
        if t.source in ("post", "brief", "prompt", "label", "reply", "log", "follower", "hand") and not t.text.strip():
            out.append((t, "cut/empty", f"an empty {t.source}"))
            continue
        if t.source == "post" and re.search(r"\n\s*\n", t.text):
            out.append((t, "cut/empty-line", "a blank line inside a post"))
        bare = t.text.replace("```", "")
        if bare.count("`") % 2 or bare.count("**") % 2:
            out.append((t, "cut/markup", "a code span or bold left open (a text cut inside its marks?)"))
        for line in t.text.split("\n"):
            seen += 1
            for m in ELLIPSIS.finditer(line):
                if parts is not None:
                    parts["cut: ellipses"] += 1
                if not _known(m.group(1), vocabulary):
                    out.append((t, "cut", f"cut mid-word before the ellipsis: {m.group(1)!r}"))
            end = LAST_WORD.search(line.rstrip("*_`"))
            if end and not _known(end.group(1), vocabulary):
                out.append((t, "cut", f"ends in a word not known whole: {end.group(1)!r}"))
    return out, seen


# ---------------------------------------------------------------- check 2: bot and deadline markers

BOT_NOTE = re.compile(r"^🤖 The bot moved for (\S+)( \(nothing of that move is public\))?\.$")
DEADLINE_NOTE = re.compile(r"^⏰ (\S+)'s deadline passed: (.*)\.$")
HANDED = [re.compile(p) for p in (r"^🤖 .* handed (\S+) to the bot in game #\d+", r"^🤖 (\S+) \(.*\) left game #\d+",
                                  r"^🤖 (\S+) \(.*\) missed (\d+) deadlines in a row", r"^🤖 The bot plays (\S+) too\.$")]
CONCEDE = re.compile(r"^🏳 (\S+) \(.*\) concedes")


def check_markers(played: Played, parts: Counter | None = None) -> tuple[list[tuple[int, str, str, str]], int]:
    """(problems as (post index, kind, line, why), marker lines looked at)."""
    out: list[tuple[int, str, str, str]] = []
    seen = 0
    parts = parts if parts is not None else Counter()
    ruleset = played.ruleset
    by_seq = {e.seq: e for e in played.journal}
    marked: set[tuple[int, str]] = set()  # (seq, actor) of the moves a marker stood on
    previous = 0
    for i, post in enumerate(played.posts):
        window = [by_seq[s] for s in range(previous + 1, post.seq + 1) if s in by_seq] if post.kind == "board" else []
        text = post.text.split("\n")
        seats = _line_seats(text, post.lines)
        for k, line in enumerate(text):
            if "🤖" not in line and "⏰" not in line:
                continue
            seen += 1
            if post.kind == "board":
                noted = BOT_NOTE.match(line) or DEADLINE_NOTE.match(line)
                if noted and post.lines is not None:
                    parts["marker: the note's seat"] += 1
                    after = next((seats[j] for j in range(k + 1, len(text)) if not _is_note(text[j])), False)
                    # the note's move: up to the seat's next note (a post of several moves notes each)
                    end = next((j for j in range(k + 1, len(text)) if _note_seat(text[j]) == noted.group(1)), len(text))
                    if after != noted.group(1) and noted.group(1) in seats[k + 1:end]:
                        shown = "no engine line" if after is False else "the game's own line" if after is None \
                            else f"a line of {after}"
                        out.append((i, "marker/seat", line, f"it stands before {shown}, not one of {noted.group(1)}"))
                    alone = BOT_NOTE.match(line) is not None and BOT_NOTE.match(line).group(2) is not None
                    if BOT_NOTE.match(line) and alone != (noted.group(1) not in seats[k + 1:end]):
                        out.append((i, "marker/seat", line, "it says nothing of the move is public, yet a line of "
                                    f"{noted.group(1)} follows" if alone else f"no line of {noted.group(1)} follows, "
                                    "yet it does not say that nothing of the move is public"))
                if m := BOT_NOTE.match(line):
                    parts["marker: 🤖 bot moves"] += 1
                    hits = [e for e in window if e.seat == m.group(1) and e.actor == "bot"]
                    if not hits:
                        out.append((i, "marker", line, f"no move of {m.group(1)} by the bot in moves "
                                    f"{previous + 1}..{post.seq} ({_who(window)})"))
                    marked.update((e.seq, "bot") for e in hits)
                    continue
                if m := DEADLINE_NOTE.match(line):
                    parts["marker: ⏰ deadlines"] += 1
                    hits = [e for e in window if e.seat == m.group(1) and e.actor == "deadline"]
                    if not hits:
                        out.append((i, "marker", line, f"no move of {m.group(1)} by its deadline in moves "
                                    f"{previous + 1}..{post.seq} ({_who(window)})"))
                    else:
                        said = _notation(ruleset, m.group(2))
                        if said is not None and not any(said == _notation(ruleset, e.notation) for e in hits):
                            out.append((i, "marker/default", line, "the deadline played "
                                        f"`{hits[0].notation}`, not what the line says"))
                    marked.update((e.seq, "deadline") for e in hits)
                    continue
            if any(p.match(line) for p in HANDED):
                parts["marker: 🤖 seats handed over"] += 1
                why = _check_handed(played, post, line)
                if why:
                    out.append((i, "marker", line, why))
                continue
            out.append((i, "marker/unknown", line, "a 🤖 or ⏰ line of no known kind"))
        if post.kind == "board":
            previous = max(previous, post.seq)
    # every move the bot or a deadline made is marked in the post covering it
    last_board = max((p.seq for p in played.posts if p.kind == "board"), default=0)
    for e in played.journal:
        if e.actor in ("bot", "deadline") and (e.seq, e.actor) not in marked and e.seq <= last_board:
            out.append((-1, "marker-missing", f"move {e.seq}: {e.seat} {e.notation} ({e.actor})",
                        f"no {'🤖' if e.actor == 'bot' else '⏰'} line for it in the post that covers move {e.seq}"))
    for seq, seat, default, why in played.deadline_faults:
        out.append((-1, "marker/deadline-refused", f"If time runs out: {default}.",
                    f"{seat}'s deadline at move {seq} plays a move the rules refuse: {why}"))
    return out, seen


def _is_note(line: str) -> bool:
    return bool(BOT_NOTE.match(line) or DEADLINE_NOTE.match(line))


def _note_seat(line: str) -> str | None:
    """The seat a bot's or deadline's note names, None for any other line."""
    noted = BOT_NOTE.match(line) or DEADLINE_NOTE.match(line)
    return noted.group(1) if noted else None


def _line_seats(text: list[str], lines: list[dict[str, Any]] | None) -> list[Any]:
    """For each line of a post's text, the seat the engine names for it (None: the game's own), or False where
    the line is none of the engine's (the caption, a note, the table's own lines). The engine's lines stand in
    the text in their order, with the table's lines among them."""
    seats: list[Any] = [False] * len(text)
    j = 0
    for k, line in enumerate(text):
        if lines is not None and j < len(lines) and line == lines[j].get("text") and not _is_note(line):
            seats[k] = lines[j].get("seat")
            j += 1
    return seats


def _who(window: list[Any]) -> str:
    return ", ".join(f"{e.seq} {e.seat}/{e.actor}" for e in window) or "no moves"


def _steps(ruleset: Any, text: str) -> set[str]:
    """The notation of each step of a typed move: a refusal of a compound move quotes the step it refused."""
    try:
        return {ruleset.format([action]) for action in ruleset.parse(text.strip("` "))}
    except (EngineError, Exception):  # noqa: BLE001 — words, not notation
        return set()


def _notation(ruleset: Any, text: str) -> str | None:
    try:
        return ruleset.format(ruleset.parse(text.strip("` ")))
    except (EngineError, Exception):  # noqa: BLE001 — words, not notation
        return None


def _check_handed(played: Played, post: Post, line: str) -> str:
    for pattern in HANDED:
        m = pattern.match(line)
        if m:
            break
    seat = m.group(1)
    if seat not in played.seats:
        return f"{seat} is not a seat of this game"
    held = [h for h in played.history if h.seat == seat and h.controller == "bot" and h.from_seq <= post.seq]
    if not held:
        return f"the seat history shows no hand-over of {seat} to the bot by move {post.seq}"
    if pattern is HANDED[2]:
        n = int(m.group(2))
        own = [e for e in played.journal if e.seat == seat and e.seq <= post.seq][-n:]
        if len(own) < n or any(e.actor != "deadline" for e in own):
            return f"{seat}'s last {n} moves were not all its deadline's ({[(e.seq, e.actor) for e in own]})"
    return ""


# ---------------------------------------------------------------- check 3: ids with their names

ID_PATTERNS = {
    "electioneer": whole_words(r"[DRT]\d{2}"),
    "campaign_manager_2008": whole_words(r"[OMN]\d{2}|GN\d"),
    "presidential_election": whole_words(r"[CA]\d{2}"),
    "campaign_trail": re.compile(r"(?<![Gg]ame )(?<![Mm]ove )#\d+\b"),
    "nineteen_sixty": re.compile(r"(?<![Gg]ame )(?<![Mm]ove )#\d+\b"),
}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("“", '"').replace("”", '"')).lower()


def check_card_names(played: Played) -> tuple[list[tuple[Text, str, str]], int]:
    pattern = ID_PATTERNS.get(played.ruleset.name)
    out: list[tuple[Text, str, str]] = []
    seen = 0
    if pattern is None:
        return out, 0
    for t in played.texts:
        if not t.audience.startswith("seat:") or t.source not in ("brief", "prompt", "label", "detail", "hand"):
            continue
        for line in t.text.split("\n"):
            for m in pattern.finditer(line):
                card = card_text(played.ruleset, m.group(0))
                if card is None:
                    continue
                seen += 1
                if _norm(card.name) not in _norm(line):
                    out.append((t, "card-name", f"{m.group(0)} without its name “{card.name}”: {line}"))
    return out, seen


# ---------------------------------------------------------------- check 4: captions


STATE_EV = re.compile(r"([^\s,()]+) \((\d+)\)")


def check_captions(played: Played) -> tuple[list[tuple[int, str, str]], int]:
    """(problems as (post index, line, why), claims looked at)."""
    out: list[tuple[int, str, str]] = []
    seen = 0
    presenter = present.for_ruleset(played.ruleset.name)
    before = None
    for i, post in enumerate(played.posts):
        if post.kind != "board" or post.view is None:
            continue
        after = presenter.tally(post.view)
        if post.caption and after is not None:
            if not post.text.startswith(post.caption):
                out.append((i, post.caption, "the caption is not the post's first line"))
            electoral = presenter.electoral_tally(post.view)
            dashboard = {s.code: s for s in electoral.states} if electoral is not None else {}
            for clause in post.caption.split("; "):
                seen += 1
                out += [(i, post.caption, why) for why in _clause_problems(clause, before, after, dashboard)]
        before = after if after is not None else before
    return out, seen


def _clause_problems(clause: str, before: Any, after: Any, dashboard: dict[str, Any]) -> list[str]:
    whys = []
    m = re.match(r"^(.+?) (?:is|are) up for grabs$", clause)
    if m:
        for code in _codes(m.group(1)):
            st = after.states.get(code)
            if st is not None and st.leader is not None:
                whys.append(f"{code} is said up for grabs, but {st.leader} leads it")
        return whys
    side, _, rest = clause.partition(" ")
    for part in re.split(r", (?=[+−-]\d|takes |wins |leads )", rest):
        if t := re.match(r"^(takes|wins|leads) (.+)$", part):
            for code, ev in STATE_EV.findall(t.group(2)):
                st = after.states.get(code)
                if st is None or st.leader != side:
                    whys.append(f"{side} is said to {t.group(1)[:-1]} {code}, but the board has "
                                f"{st.leader if st else 'no such state'} leading it")
                elif st.ev != int(ev):
                    whys.append(f"{code} is said worth {ev}, the board says {st.ev}")
                d = dashboard.get(code)
                if d is not None and d.leader is not None and d.leader != side:
                    whys.append(f"{side} is said to {t.group(1)[:-1]} {code}, but the dashboard's tally has "
                                f"{d.leader} ahead there")
        elif d := re.match(r"^([+−-]\d+) in (.+)$", part):
            n = int(d.group(1).replace("−", "-"))
            for code in _codes(d.group(2)):
                if before is None:
                    continue
                was = before.states.get(code)
                now = after.states.get(code)
                moved = (now.counts.get(side, 0) if now else 0) - (was.counts.get(side, 0) if was else 0)
                if moved != n:
                    whys.append(f"{side} is said {d.group(1)} in {code}, the board moved {moved:+d}")
        else:
            whys.append(f"a caption clause of no known form: {part!r}")
    return whys


def _codes(text: str) -> list[str]:
    if re.search(r"\d+ more$", text):
        text = re.sub(r",? and \d+ more$", "", text)
    return [c for c in re.split(r", | and ", text) if c]


# ---------------------------------------------------------------- check 5: suggested lines

SPAN = re.compile(r"`([^`\n]+)`")


MENTION = re.compile(r"^(?:\s*\)?\s*(?:is|are|was|were|takes|took|names|says|picks|places|needs|finishes|moves|ends|gives|"
                     r"puts|goes|comes|only|can|cannot|may|must|works|answers|starts|chooses|buys|lets|stops|keeps|"
                     r"passes|plays|has|had|does|applies|counts|adds|removes|asks|wants|is not)\b"
                     r"|\s*or `[^`]+` (?:is|are)\b)")


def check_suggestions(played: Played, parts: Counter | None = None) -> tuple[list[tuple[Text, str, str]], int]:
    out: list[tuple[Text, str, str]] = []
    seen = 0
    ruleset = played.ruleset
    verbs = {v.lower() for v in played.verbs}
    parts = parts if parts is not None else Counter()
    for t in played.texts:
        if t.seat is None or t.source not in ("brief", "prompt", "label", "detail", "reply"):
            continue
        sent_form = _notation(ruleset, t.sent) if t.sent else None
        sent_steps = _steps(ruleset, t.sent) if t.sent else set()
        for m in SPAN.finditer(t.text):
            span = m.group(1).strip()
            first = span.split(" ", 1)[0].lower().rstrip(";")
            if span.startswith("/") or first not in verbs:
                continue  # a command, a digest, a word: no move
            if t.text[max(0, m.start() - 6):m.start()].rstrip().endswith("e.g."):
                continue  # an example of the notation's syntax
            if MENTION.match(t.text[m.end():]):
                continue  # the word named, as the subject of a sentence about the rules
            if re.search(r"\bthen\s*\(?$", t.text[max(0, m.start() - 8):m.start()]):
                continue  # a later step, after the ones the sentence names first
            if t.sent and (sent_form is None or span == t.sent or _notation(ruleset, span) in {sent_form, *sent_steps}):
                continue  # the refused move (or its refused step) quoted back, or the shapes of a move that did not parse
            state = played.states[min(t.seq, len(played.states) - 1)]
            if _template(span, played.args):
                if t.source == "prompt":
                    seen += 1
                    parts["suggestion: templates"] += 1
                    legal = {o.action.verb for o in ruleset.decisions(state, t.seat).all_options()}
                    if first not in legal:
                        out.append((t, "suggestion/template", f"`{span}`: {first} is not a move {t.seat} may make "
                                    f"now (legal: {', '.join(sorted(legal)) or 'none'})"))
                continue
            try:
                actions = ruleset.parse(span)
            except EngineError as exc:
                if " " in span:
                    seen += 1
                    out.append((t, "suggestion/unparsable", f"`{span}` does not parse: {exc.message}"))
                continue  # a verb alone that needs more: the word named, not a line to send
            seen += 1
            parts[f"suggestion: lines in {'refusals' if t.source == 'reply' else 'briefs and prompts'}"] += 1
            try:
                play_until_handoff(ruleset, state, t.seat, actions)
            except EngineError as exc:
                out.append((t, "suggestion", f"`{span}` is not legal for {t.seat} at move {t.seq}: {exc.message}"))
    # /move suggests each legal option by its notation: typed back, it must be read as that very option
    for typed, action in played.typed_back.items():
        seen += 1
        parts["suggestion: /move suggestions"] += 1
        try:
            back = ruleset.parse(typed)
        except EngineError as exc:
            back, why = None, exc.message
        if back != [action]:
            line = Text("seat:?", -1, "move-choice", typed)
            out.append((line, "suggestion/move-choice", f"/move suggests `{typed}`, which reads back as "
                        f"{[a.notation() for a in back] if back is not None else why}, not the option it stands for"))
    return out, seen


def _template(span: str, args: set[str]) -> bool:
    if any(mark in span for mark in ("…", "...", "<", "|")):
        return True
    return any(w.isupper() and w.isalpha() and w not in args for w in span.split()[1:])


# ---------------------------------------------------------------- the whole game


@dataclass
class Report:
    label: str
    problems: list[Problem]
    seen: Counter
    moves: int
    status: str


def check_played(played: Played) -> Report:
    problems: list[Problem] = []
    seen: Counter = Counter()
    vocabulary = set(project_vocabulary()) | _whole_words(t.text for t in played.texts)

    def add(check: str, t: Text | None, line: str, why: str, seq: int = -1, audience: str = "public") -> None:
        problems.append(Problem(check, played.label, t.seq if t else seq, t.audience if t else audience,
                                line if line else (t.text if t else ""), why))

    found, n = check_cut(played.texts, vocabulary, seen)
    seen["cut"] += n
    for t, kind, why in found:
        add(kind, t, t.text, why)
    found2, n = check_markers(played, seen)
    seen["marker"] += n
    for i, kind, line, why in found2:
        add(kind, None, line, why, seq=played.posts[i].seq if i >= 0 else -1,
            audience="public" if i >= 0 else "journal")
    found3, n = check_card_names(played)
    seen["card-name"] += n
    for t, kind, why in found3:
        add(kind, t, t.text, why)
    found4, n = check_captions(played)
    seen["caption"] += n
    for i, line, why in found4:
        add("caption", None, line, why, seq=played.posts[i].seq)
    found5, n = check_suggestions(played, seen)
    seen["suggestion"] += n
    for t, kind, why in found5:
        add(kind, t, t.text, why)
    found6, n = linewords.check_words(played.texts)
    seen["words"] += n
    for t, kind, why in found6:
        add(kind, t, t.text, why)
    return Report(played.label, problems, seen, played.moves, played.status)


async def run_game_async(ruleset: str, options: dict[str, Any], players: int, seed: int) -> Report:
    return check_played(await play_game(ruleset, options, players, seed))


def run_game(ruleset: str, options: dict[str, Any], players: int, seed: int) -> Report:
    return asyncio.run(run_game_async(ruleset, options, players, seed))


def check_game(ruleset: str, options: dict[str, Any], players: int, seed: int) -> list[Problem]:
    """The problems of one seeded game (empty: every line passed every check)."""
    return run_game(ruleset, options, players, seed).problems
