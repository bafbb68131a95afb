"""Embeds and component layouts: the lobby, a seat's private hand, and its choices.

Choices are laid out from the prefix walk (bot/discord/walk.py): up to 10 choices as buttons,
more as selects of ≤ 25 — one per heading the choices carry (a state's region) when those fit in Discord's five
rows, else one list paged; plays allowed any time ("extras") get their own select on the last
row. Everything is cut to Discord's limits here (bot/discord/limits.py).
"""
from __future__ import annotations

from typing import Any

import discord

from bot import present
from bot.discord import limits, walk
from bot.discord.components import (
    CONTINUE,
    DONE,
    ChoiceButton,
    ChoiceSelect,
    HandButton,
    LobbyButton,
    RematchButton,
    SeatButton,
    choice_button_id,
    choice_select_id,
)
from bot.service.table import PrivateBrief
from engine import registry
from engine.core.ruleset import seat_range
from engine.core.types import Decision
from engine.core.words import noun

COLOUR = discord.Colour(0x3B5BA5)
MAX_BUTTONS = 10
BACK = "◀ Back"
MENU_TEXT = 900  # the most a step's choices may say before they are grouped by their next word (a phone's screen)
EXTRAS_TEXT = 300  # the same for the plays allowed any time: one menu on the last row, under the main choices


def ts(unix: int | None, style: str = "R") -> str:
    """A Discord timestamp: every client shows it in its own time zone."""
    return f"<t:{int(unix)}:{style}>" if unix else ""


# ---------------------------------------------------------------- choices


def _add_step(view: discord.ui.View, game_id: int, seq: int, step: walk.Step, rows: list[int], kind: str,
              placeholder: str, page: int = 0, buttons: bool = True, headings: dict[tuple[str, ...], str] | None = None) -> bool:
    """Lay one walk step out on `rows`: buttons for a few choices, else one select per heading the choices carry
    (`headings`: a state's region, by the choice's path) when they fit, else selects of ≤ 25, paged
    (a "More choices…" entry) when even the selects cannot hold them. False if something was dropped."""
    choices = step.choices
    if not choices or not rows:
        return not choices
    as_buttons = buttons and page == 0 and len(choices) <= min(MAX_BUTTONS, limits.BUTTONS_PER_ROW * len(rows)) and all(
        len(choice_button_id(game_id, seq, c.path, not c.final)) <= limits.CUSTOM_ID for c in choices)
    if as_buttons:
        for i, c in enumerate(choices):
            label = c.label if c.final else f"{c.label} …"
            view.add_item(ChoiceButton(game_id, seq, c.path, not c.final, label, row=rows[i // limits.BUTTONS_PER_ROW]))
        return True
    if len(choice_select_id(game_id, seq, kind, 0, step.prefix)) > limits.CUSTOM_ID:
        return False
    entries = _select_entries(step)
    complete = len(entries) == len(choices)
    if page == 0 and headings and _add_headed(view, game_id, seq, step, rows, kind, placeholder, entries, headings):
        return complete
    options = [option for _, option in entries]
    capacity = len(rows) * limits.SELECT_OPTIONS
    if len(options) > capacity:  # page: the last entry of the last select turns the page
        per_page = capacity - 1
        pages = -(-len(options) // per_page)
        page %= pages
        window = options[page * per_page:(page + 1) * per_page]
        window.append(discord.SelectOption(label=f"More choices… (page {(page + 1) % pages + 1} of {pages})",
                                           value=f"{CONTINUE}{(page + 1) % pages}"))
        options = window
    chunks = [options[i:i + limits.SELECT_OPTIONS] for i in range(0, len(options), limits.SELECT_OPTIONS)]
    for n, chunk in enumerate(chunks):
        suffix = f" ({n + 1}/{len(chunks)})" if len(chunks) > 1 else ""
        view.add_item(ChoiceSelect(game_id, seq, kind, n, step.prefix, chunk, placeholder + suffix, row=rows[n]))
    return complete


def _select_entries(step: walk.Step) -> list[tuple[walk.Choice, discord.SelectOption]]:
    """Each choice of the step with its select entry: its label, what decides it as the description, and the rest
    of its path as the value (a choice whose value would pass Discord's limit is left out: /move types it)."""
    entries = []
    for c in step.choices:
        rest = c.path[len(step.prefix):]
        value = " ".join((*rest, CONTINUE) if not c.final else rest) or DONE
        if len(value) > limits.SELECT_OPTION_VALUE:
            continue
        label = c.label if c.final else f"{c.label} …"
        entries.append((c, discord.SelectOption(label=limits.clip(label, limits.SELECT_OPTION_LABEL) or value, value=value,
                                                description=limits.clip(c.description, limits.SELECT_OPTION_DESCRIPTION) or None)))
    return entries


def _add_headed(view: discord.ui.View, game_id: int, seq: int, step: walk.Step, rows: list[int], kind: str,
                placeholder: str, entries: list[tuple[walk.Choice, discord.SelectOption]],
                headings: dict[tuple[str, ...], str]) -> bool:
    """The step's choices as one select per heading (a state's region), A to Z, each entry by name; a heading with
    more than 25 choices split in two or more ("South (1 of 2)"); the choices without a heading on one more row, as
    buttons when they are few. False, and nothing added, when they name fewer than two headings or need more rows
    than `rows` (the caller then pages them as one list)."""
    headed: dict[str, list[tuple[walk.Choice, discord.SelectOption]]] = {}
    others: list[tuple[walk.Choice, discord.SelectOption]] = []
    for choice, option in entries:
        heading = headings.get(choice.path, "") if choice.final else ""
        (headed.setdefault(heading, []) if heading else others).append((choice, option))
    if len(headed) < 2:
        return False
    selects: list[tuple[str, list[discord.SelectOption]]] = []
    for heading in sorted(headed):
        members = sorted(headed[heading], key=lambda entry: entry[0].label.casefold())
        parts = -(-len(members) // limits.SELECT_OPTIONS)
        size = -(-len(members) // parts)
        for i in range(parts):
            chunk = [option for _, option in members[i * size:(i + 1) * size]]
            title = heading if parts == 1 else f"{heading} ({i + 1} of {parts})"
            selects.append((f"{title} — {len(chunk)} {noun(len(chunk), 'choice')}", chunk))
    as_buttons = len(others) <= limits.BUTTONS_PER_ROW and all(
        len(choice_button_id(game_id, seq, c.path, not c.final)) <= limits.CUSTOM_ID for c, _ in others)
    if len(selects) + (1 if others else 0) > len(rows) or len(others) > limits.SELECT_OPTIONS:
        return False
    for n, (title, chunk) in enumerate(selects):
        view.add_item(ChoiceSelect(game_id, seq, kind, n, step.prefix, chunk, title, row=rows[n]))
    if others and as_buttons:
        for c, _ in others:
            label = c.label if c.final else f"{c.label} …"
            view.add_item(ChoiceButton(game_id, seq, c.path, not c.final, label, row=rows[len(selects)]))
    elif others:
        view.add_item(ChoiceSelect(game_id, seq, kind, len(selects), step.prefix, [o for _, o in others], placeholder,
                                   row=rows[len(selects)]))
    return True


def choices_view(game_id: int, seq: int, decision: Decision | None, *, prefix: tuple[str, ...] | None = None,
                 page: int = 0, pool: str = "s", ruleset: str | None = None,
                 back: bool = False) -> tuple[discord.ui.View | None, str]:
    """The components for a seat's choices, and a note if some could not be shown (use /move).

    Without `prefix`: the first step of the decision's options, and of its extras on the last row (the menu
    named in the words of `ruleset`, the game's stable name: its presenter's `extras_placeholder`).
    With `prefix`: a later step (or page) of a walk already begun — over the options (`pool` "s")
    or the extras ("x") while the prefix is empty, over both once it is not. `back`: a later step keeps its last row
    for a "◀ Back" button to the first step (the DM prompt, edited in place, has no earlier message to go back to)."""
    if decision is None:
        return None, ""
    view = discord.ui.View(timeout=None)
    if prefix is not None:
        candidates = (decision.options if pool == "s" else decision.extras) if not prefix else decision.all_options()
        words = present.for_ruleset(ruleset).group_words
        step = _menu_step(candidates, prefix, words)
        rows = list(range(limits.COMPONENT_ROWS - (1 if back else 0)))
        ok = _add_step(view, game_id, seq, step, rows, pool, _placeholder(step, candidates, words), page,
                       headings=_headings(candidates))
        if back:
            view.add_item(ChoiceButton(game_id, seq, (), True, BACK, row=limits.COMPONENT_ROWS - 1,
                                       style=discord.ButtonStyle.secondary))
    else:
        words = present.for_ruleset(ruleset).group_words
        extras = _menu_step(decision.extras, words=words, budget=EXTRAS_TEXT) if decision.extras else None
        option_rows = list(range(limits.COMPONENT_ROWS - (1 if extras and extras.choices else 0)))
        step = _menu_step(decision.options, words=words)
        ok = _add_step(view, game_id, seq, step, option_rows, "s", _placeholder(step, decision.options, words),
                       headings=_headings(decision.options))
        if extras and extras.choices:
            ok = _add_step(view, game_id, seq, extras, [limits.COMPONENT_ROWS - 1], "x",
                           present.for_ruleset(ruleset).extras_placeholder, buttons=False) and ok
    note = "" if ok else "Some choices did not fit here: type them with `/move` (it suggests what is legal)."
    return (view if view.children else None), note


def _headings(options: list[Any]) -> dict[tuple[str, ...], str]:
    """The heading each option carries (a state's region), by its path in the walk."""
    return {walk.tokens(o): o.group for o in options if o.group}


def _menu_step(options: list[Any], prefix: tuple[str, ...] = (), words: dict[str, str] | None = None,
               budget: int = MENU_TEXT) -> walk.Step:
    """The walk's step after `prefix`, grouped by the next token (a card, then its uses) when the whole list would
    say more than `budget` characters (a phone's screen)."""
    flat = walk.step(options, prefix, words=words)
    said = sum(min(len(c.label), limits.SELECT_OPTION_LABEL) + min(len(c.description), limits.SELECT_OPTION_DESCRIPTION)
               for c in flat.choices)
    if said <= budget or not all(c.final for c in flat.choices):
        return flat
    grouped = walk.step(options, prefix, limit=1, words=words)
    choices = list(grouped.choices)
    for group in [c for c in choices if not c.final]:  # a verb shared by most ("play"): its cards instead
        inner = walk.step(options, group.path, limit=1, words=words).choices
        if len(choices) - 1 + len(inner) <= walk.MAX_CHOICES and not all(c.final for c in inner):
            at = choices.index(group)
            choices[at:at + 1] = inner
    grouped = walk.Step(prefix=grouped.prefix, choices=choices, total=grouped.total)
    return grouped if len(grouped.choices) < len(flat.choices) else flat


def _placeholder(step: walk.Step, options: list[Any], words: dict[str, str] | None = None) -> str:
    """The select's heading in words: what was picked so far as its menu named it, never notation."""
    said = walk.prefix_label(options, step.prefix, words)
    return f"Choose: {said} …" if said else "Choose…"


# ---------------------------------------------------------------- the private hand


def _section_fields(embed: discord.Embed, title: str, lines: list[str]) -> None:
    """A brief's section as one field, or as several when its lines pass the 1,024-character field
    limit (a long hand): split between lines, the later fields titled "… (continued)"."""
    chunk: list[str] = []
    for line in lines or ["—"]:
        if chunk and len("\n".join([*chunk, line])) > limits.EMBED_FIELD_VALUE:
            embed.add_field(name=title, value="\n".join(chunk), inline=False)
            title, chunk = f"{title.split(' (')[0]} (continued)", []
        chunk.append(line)
    embed.add_field(name=title, value="\n".join(chunk), inline=False)


def hand_embed(brief: PrivateBrief) -> discord.Embed:
    """Everything one seat should privately see now. Only ever sent to that seat."""
    game = brief.game
    decision = brief.decision
    lines: list[str] = []
    if brief.text:
        lines.append(brief.text)
    if decision is not None and decision.owes_move:
        if brief.coach:  # a guided first game: the coach's words, right above the decision they are about
            lines.append(brief.coach)
        due = game.deadline_at.get(brief.seat)
        lines.append(f"**Your move:** {decision.prompt}" + (f" Due {ts(due)}." if due else ""))
        if decision.deadline_default:
            lines.append(f"-# If time runs out: {decision.deadline_default}.")
    elif game.status == "active":
        lines.append("Nothing to decide right now; I'll message you when it's your turn.")
    embed = discord.Embed(title=f"{game.title} · game #{game.id} — you are {brief.seat}",
                          description="\n".join(lines) or None, colour=COLOUR)
    if brief.view is not None:
        for title, lines in present.for_view(brief.view).brief_sections(brief.view, brief.seat):
            _section_fields(embed, title, lines)
    embed.set_footer(text="Only you see this. Pick below or type /move; /card shows a card whole.")
    return limits.fit_embed(embed)


def hand_message(brief: PrivateBrief) -> tuple[list[discord.Embed], discord.ui.View | None]:
    view, note = choices_view(brief.game.id, brief.game.seq, brief.decision, ruleset=brief.game.ruleset)
    embed = hand_embed(brief)
    if note:
        embed.add_field(name="Note", value=note, inline=False)
        limits.fit_embed(embed)
    if present.for_ruleset(brief.game.ruleset).brief_shows_cards and brief.view is not None:
        return [embed], view  # the hand above lists the cards the choices name: not a second time
    return [embed, *in_full(brief.decision, limits.EMBED_TOTAL - len(embed))], view


IN_FULL = "Choices in full"
CARD_HINT = "-# `/card ID` shows any card of this game whole."


def in_full(decision: Decision | None, room: int) -> list[discord.Embed]:
    """The choices whose words a button or menu entry had to shorten, whole, in an embed under the prompt:
    a choice is never decided on a cut text. When not all of them fit in the `room` the prompt leaves, the ones
    that fit and a pointer to `/card`."""
    if decision is None:
        return []
    long = [o for o in decision.all_options()
            if len(o.label) > limits.SELECT_OPTION_LABEL or len(o.detail) > limits.SELECT_OPTION_DESCRIPTION]
    if not long:
        return []
    lines = [f"**{o.label}** — {o.detail}" if o.detail else f"**{o.label}**" for o in long]
    # What the prompt above leaves of the message's 6,000 characters, less the title, the hint and the names of
    # the fields a long text is split into.
    budget = room - len(IN_FULL) - len(CARD_HINT) - 300
    if budget <= 0:
        return []
    shown: list[str] = []
    for line in lines:
        if sum(len(x) + 1 for x in shown) + len(line) > budget:
            break
        shown.append(line)
    text = "\n".join([*shown, CARD_HINT] if len(shown) < len(lines) else shown)
    embed = discord.Embed(title=IN_FULL, colour=COLOUR)
    limits.add_long_field(embed, "\u200b", text)
    return [embed]


# ---------------------------------------------------------------- the lobby


def _holder(seat: Any, bots: dict[str, str]) -> str:
    """Who holds a seat on the lobby's card: a member, or the bot and its level."""
    if seat.seat in bots:
        return f"🤖 bot ({bots[seat.seat]})"
    return "🤖 bot" if getattr(seat, "controller", "human") == "bot" else f"<@{seat.user_id}>"


BOT_RATING = ("🤖 The bot plays its seats from the first move. They are not rated: the players are rated among "
              "themselves, and a game with only one player is not rated.")


def lobby_embed(record: Any, seats: list[Any], note: str = "", *, hints: bool = False,
                bots: dict[str, str] | None = None) -> discord.Embed:
    """The lobby's card. `hints`: the game gives hints, so it is not rated (said beside its options). `bots`: the
    seats the bot holds from the start, each with its level."""
    ruleset = registry.get(record.ruleset)
    names = ruleset.seat_names(ruleset.max_seats)
    taken = {s.seat: s for s in seats}
    bots = bots or {}
    status = {"lobby": "Waiting for players", "active": "Under way", "finished": "Finished",
              "abandoned": "Cancelled"}.get(record.status, record.status)
    embed = discord.Embed(title=f"{record.title} — game #{record.id}", colour=COLOUR,
                          description=f"{ruleset.title} · hosted by <@{record.host_user}>\n**{status}**"
                                      + (f"\n{note}" if note else ""))
    if record.status == "lobby":
        seat_lines = [f"**{n}**: {_holder(taken[n], bots)}" if n in taken else f"**{n}**: — free —" for n in names]
        seat_lines += [f"**{s.seat}**: {_holder(s, bots)}" for s in seats if s.seat not in names]  # a smaller table's
        fewest, most = seat_range(ruleset, record.options)
        if most < len(names):  # options make a smaller table (Solo Play): its seats are fitted at Start
            seat_lines = [f"**{s.seat}**: {_holder(s, bots)}" for s in seats]
            seat_lines += [f"— {most - len(seats)} more seat{'s' if most - len(seats) != 1 else ''} free —"] \
                if len(seats) < most else []
        heading = f"Seats ({len(taken)}/{most}; {fewest} needed)"
    else:  # the seats as the game was started with them
        seat_lines = [f"**{s.seat}**: {_holder(s, bots)}" for s in seats]
        heading = f"Seats ({len(seats)})"
    embed.add_field(name=heading, value="\n".join(seat_lines), inline=False)
    if bots and record.status == "lobby":
        embed.add_field(name="The bot", value=BOT_RATING, inline=False)
    fewest, most = seat_range(ruleset, record.options)
    if fewest < most and record.status == "lobby":
        embed.add_field(name="Fewer players?", value="Start with any number from "
                        f"{fewest} to {most}: seats are fitted to the table at Start, keeping "
                        "each player's party where it can.", inline=False)
    defaults = ruleset.parse_options({}).model_dump()
    opts = ", ".join(f"{k.replace('_', ' ')}: {','.join(map(str, v)) if isinstance(v, list) else v}"
                     for k, v in sorted(record.options.items()) if k != "deadline_hours" and defaults.get(k) != v)
    if hints:
        opts = ", ".join(filter(None, [opts, "hints: on (so the game is not rated)"]))
    embed.add_field(name="Options", value=opts or "standard", inline=True)
    embed.add_field(name="Move deadline", value=f"{record.deadline_hours} h per move", inline=True)
    if record.status == "lobby":
        embed.set_footer(text="Press Join to take a seat (or /game join). The host presses Start, and can seat the "
                              "bot in a free seat with /seat bot. Not playing? "
                              f"/game follow game:{record.id} sends you the game by DM.")
    elif record.status == "active":
        embed.set_footer(text=f"Not playing? /game follow game:{record.id} sends you the game by DM.")
    return limits.fit_embed(embed)


def lobby_view(record: Any) -> discord.ui.View | None:
    if record.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for verb in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(record.id, verb, row=0))
    return view


def hand_button_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    return view


# ---------------------------------------------------------------- seats changing hands

def seat_view(game_id: int, *items: tuple[str, str]) -> discord.ui.View:
    """One row of seat buttons, each a (verb, seat): accept or decline an offer, confirm leaving a game in progress."""
    view = discord.ui.View(timeout=None)
    for verb, seat in items:
        view.add_item(SeatButton(game_id, verb, seat, row=0))
    return view


# ---------------------------------------------------------------- rematch

REMATCH_HOW_TO = ("🔁 Play again: any player of this game can press **Rematch** — a new lobby opens here with the "
                  "same game and options, and the other players are invited to Join.")


def rematch_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view
