"""Playing: `/game hand`, the choice buttons and selects (`choose`, walking a big choice step by step), `/move` and
its suggestions, `/game hint`, `/game undo` and `/game concede`. Like every flow, each acknowledges first and answers privately
(flows.py); in a DM a click edits the clicked message in place (`_choose_in_place`), so the DM stays tidy."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import limits, ui, walk
from bot.discord.flows import find_game, game_here, manager_of, user_id
from bot.discord.respond import ack, send_private
from bot.discord.live_prompt import STALE_MENU
from bot.present import echo
from bot.present import text as plain
from bot.service import ManagerError, SubmitResult
from engine.core.errors import StaleState

log = logging.getLogger("stumpbot.discord.play")

STALE = "The board has changed since these buttons were sent. Here are your current choices."
GONE = "That choice is not available any more. Here are your current choices."


async def show_hand(interaction: discord.Interaction, game_id: int | None, note: str = "") -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished"))
    brief = await manager.views.brief(record.id, user_id(interaction))
    embeds, view = ui.hand_message(brief)
    await send_private(interaction, note or None, embeds=embeds, view=view)


async def _fresh(interaction: discord.Interaction, game_id: int, note: str) -> None:
    """Refuse with `note` and hand over a fresh set of choices, privately."""
    await show_hand(interaction, game_id, note)


async def choose(interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool, *,
                 page: int = 0, pool: str = "s") -> None:
    """A click on a choice button or select: walk one step further (or page), or submit the action. In a DM the
    clicked message itself shows each step (see `_choose_in_place`)."""
    await ack(interaction, in_place=True)
    if interaction.extras.get("in_place"):
        await _choose_in_place(interaction, game_id, seq, path, more, page=page, pool=pool)
        return
    manager = manager_of(interaction)
    await game_here(interaction, game_id)
    record, current, decision = await manager.views.decision(game_id, user_id(interaction))
    if record.status != "active":
        raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
    if current != seq:
        await _fresh(interaction, game_id, STALE)
        return
    options = decision.all_options()
    exact, extends = walk.matching(options, path)
    if more or exact is None:
        if not extends:
            await _fresh(interaction, game_id, GONE)
            return
        view, note = ui.choices_view(game_id, seq, decision, prefix=path, page=page, pool=pool, ruleset=record.ruleset)
        await send_private(interaction, _step_head(decision, path, pool) + (f"\n{note}" if note else ""), view=view)
        return
    try:
        result = await manager.games.submit(game_id, user_id(interaction), exact.action.notation(),
                                      idem_key=str(interaction.id), expected_seq=seq)
    except StaleState as exc:
        await _fresh(interaction, game_id, exc.message)
        return
    await _after_move(interaction, game_id, result, exact.label)


async def _edit_clicked(interaction: discord.Interaction, **changes: Any) -> None:
    await interaction.edit_original_response(allowed_mentions=discord.AllowedMentions.none(), **changes)


@dataclass
class _InPlace:
    """A click in a DM and where it stands: the clicker's seat and whether the clicked message is that seat's live
    prompt (the table keeps a live prompt current; any other message only this interaction may edit)."""

    interaction: discord.Interaction
    manager: Any
    table: Any
    game_id: int
    uid: str
    seat: str
    live: Any
    is_live: bool

    async def first_step(self, note: str | None = None) -> None:
        if self.is_live:
            await self.table.sync(self.game_id, self.seat, self.uid, note=note)
            return
        embeds, view = self.table.render_live(await self.manager.views.brief(self.game_id, self.uid), [])
        await _edit_clicked(self.interaction, content=note, embeds=embeds, view=view)

    async def next_step(self, head: str, view: discord.ui.View) -> None:
        """The walk's next step, in the clicked message: its buttons under the seat's hand (and news, if live)."""
        live = self.live if self.is_live else None
        news = await self.table.current_news(self.game_id, self.seat, live) if live is not None else []
        embeds, _ = self.table.render_live(await self.manager.views.brief(self.game_id, self.uid), news)
        await _edit_clicked(self.interaction, content=head, embeds=embeds, view=view)

    async def played(self, result: SubmitResult, label: str) -> None:
        """The move is made: the others' prompts move on; the clicked message shows what follows, or one line."""
        await self.table.refresh_all(self.game_id, skip=self.seat)  # on the new move, or their decision over
        if not self.is_live:  # the menu asked for: one line; the live prompt goes on with what follows
            await _edit_clicked(self.interaction, content=f"✓ Game #{self.game_id} ({self.seat}) — You played: "
                                                          f"`{echo.notation(result.notation)}`", embeds=[], view=None)
            await self.table.sync(self.game_id, self.seat, self.uid)
            return
        await self.table.sync(self.game_id, self.seat, self.uid, note=_done_line(result, label))


async def _choose_in_place(interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool,
                           *, page: int, pool: str) -> None:
    """A click in a DM (the DM stays tidy). The seat's decision in progress lives in one message, its live
    prompt (bot/discord/live_prompt.py): each step of the walk is shown by editing the clicked message, "◀ Back"
    returns to the first step, and a finished move turns the message into the next step of the turn or into one line
    of what was done. A menu that is no longer current says so and loses its buttons; nothing is sent anew."""
    manager = manager_of(interaction)
    await game_here(interaction, game_id)
    uid = user_id(interaction)
    record, current, decision = await manager.views.decision(game_id, uid)
    here = await _clicked_prompt(interaction, manager, game_id, uid, seq, record, current, decision)
    if here is None:
        return
    if current != seq:
        await here.first_step(STALE)
        return
    exact, extends = walk.matching(decision.all_options(), path)
    if more and not path:  # ◀ Back: the first step again
        await here.first_step()
        return
    if more or exact is None:
        if not extends:
            await here.first_step(GONE)
            return
        view, note = ui.choices_view(game_id, seq, decision, prefix=path, page=page, pool=pool, ruleset=record.ruleset,
                                     back=True)
        await here.next_step(_step_head(decision, path, pool) + (f"\n{note}" if note else ""), view)
        return
    try:
        result = await manager.games.submit(game_id, uid, exact.action.notation(),
                                            idem_key=str(interaction.id), expected_seq=seq)
    except StaleState as exc:
        await here.first_step(exc.message)
        return
    await here.played(result, exact.label)


async def _clicked_prompt(interaction: discord.Interaction, manager: Any, game_id: int, uid: str, seq: int, record: Any,
                          current: int, decision: Any) -> _InPlace | None:
    """Where a DM click stands, or None when the clicked menu is out of date (it says so and loses its buttons;
    a game no longer in progress is refused too). A prompt of ours no longer on record becomes the live one."""
    table = interaction.client.table
    seat = (await manager.views.seat_of(game_id, uid)).seat
    clicked = interaction.message
    live = await table.live_prompt(game_id, seat)
    is_live = live is not None and live.message_id == clicked.id and live.user_id == uid
    ephemeral = clicked.flags.ephemeral  # `/game hand` by DM: only this interaction can edit it, never the table
    if record.status != "active" or (not is_live and current != seq and (ephemeral or live is not None)):
        # Another message holds the decision now (or the game is over): this one only says it is stale.
        await _edit_clicked(interaction, content=STALE_MENU.format(id=game_id), embeds=[], view=None)
        if record.status != "active":
            raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
        return None
    if not is_live and not ephemeral:
        await table.adopt(game_id, seat, uid, clicked.channel.id, clicked.id, current, decision.owes_move)
        is_live = True
    return _InPlace(interaction, manager, table, game_id, uid, seat, live, is_live)


def _step_head(decision: Any, path: tuple[str, ...], pool: str) -> str:
    """The line over a step of the walk: the choice so far and how many ways it goes on."""
    pool_options = (decision.options if pool == "s" else decision.extras) if not path else decision.all_options()
    step = walk.step(pool_options, path)
    return f"**{' '.join(step.prefix)}** — {step.total} possible; choose:" if step.prefix else \
        f"More choices ({step.total} in all):"


def _done_line(result: SubmitResult, label: str) -> str:
    shown = echo.notation(result.notation)
    done = f"✅ {label} — `{shown}`" if label else f"✅ `{shown}`"
    if result.pending:
        done += f"\n{plain.pending_note(result.pending)}"
    return done


async def _after_move(interaction: discord.Interaction, game_id: int, result: SubmitResult, label: str) -> None:
    """Confirm privately. In DMs the prompt message itself shows the next choices (the table keeps
    it current); elsewhere (`/game hand`, `/move` in a channel) fresh choices come with the reply."""
    manager = manager_of(interaction)
    table = getattr(interaction.client, "table", None)
    if table is not None and not result.finished:  # the DM's live prompt: the next step, or the line of what was done
        try:
            seat = (await manager.views.seat_of(game_id, user_id(interaction))).seat
            await table.refresh_all(game_id, skip=seat)
            await table.sync(game_id, seat, user_id(interaction))
        except Exception:  # noqa: BLE001 - the move is made; its DM is kept current at the next delivery anyway
            log.exception("could not bring the DM prompt of game %s up to date", game_id)
    done = _done_line(result, label)
    if result.finished:
        await send_private(interaction, done + "\nThe game is over: the result is in the game's channel.")
        return
    record, seq, decision = await manager.views.decision(game_id, user_id(interaction))
    if interaction.guild_id is not None and (decision.options or decision.extras):
        view, note = ui.choices_view(game_id, seq, decision, ruleset=record.ruleset)
        prompt = decision.prompt if decision.owes_move else "Nothing else to decide now."
        await send_private(interaction, f"{done}\n{prompt}" + (f"\n{note}" if note else ""), view=view)
        return
    await send_private(interaction, done)


async def move(interaction: discord.Interaction, notation: str, game_id: int | None, again: bool = False) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    _, _, before = await manager.views.decision(record.id, user_id(interaction))
    try:
        # A typed move carries no sequence number: a /move sent twice must not apply twice unasked.
        result = await manager.games.submit(record.id, user_id(interaction), notation, idem_key=str(interaction.id),
                                      repeat_guard=not again)
    except ManagerError as exc:
        if exc.code != "repeat":
            raise
        await send_private(interaction, f"{exc.message} Send `/move {limits.clip(notation, 120)} again:True` to apply "
                                        "it once more.")
        return
    label = next((o.label for o in before.all_options() if o.action.notation() == result.notation), "")
    await _after_move(interaction, record.id, result, label)


async def move_choices(interaction: discord.Interaction, current: str, game_id: int | None) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for /move: the caller's legal moves now, filtered by what was typed (≤ 25)."""
    try:
        manager = manager_of(interaction)
        record = await find_game(interaction, game_id)
        _, _, decision = await manager.views.decision(record.id, user_id(interaction))
    except Exception:  # noqa: BLE001 - autocomplete never errors at the user
        return []
    typed = " ".join(current.lower().split())
    scored = []
    for o in decision.all_options():
        notation = o.action.notation()
        hay = f"{notation} {o.label}".lower()
        if typed and typed not in hay:
            continue
        scored.append((0 if notation.lower().startswith(typed) else 1, notation, o.label))
    scored.sort(key=lambda t: t[0])
    return [discord.app_commands.Choice(name=limits.clip(f"{n} — {label}", limits.CHOICE_NAME), value=n[: limits.CHOICE_VALUE])
            for _, n, label in scored[: limits.AUTOCOMPLETE_CHOICES]]


async def hint(interaction: discord.Interaction, game_id: int | None) -> None:
    """`/game hint`: the search's top moves for the player's seat, to them alone (its refusals in words: the
    service's). It thinks for a second or two in the bot's worker pool, after the acknowledgement."""
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("active", "finished", "abandoned"))
    found = await manager.hints.hint(record.id, user_id(interaction))
    await send_private(interaction, found.text())


async def undo(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    seq = await manager.games.undo(record.id, user_id(interaction))
    await send_private(interaction, f"Move {seq} was taken back. Your choices are as before it (see your DMs or `/game hand`).")


async def concede(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    after = await manager.seats.concede(record.id, user_id(interaction))
    goes_on = " The game goes on: the bot plays your seat to the end." if after.status == "active" else ""
    await send_private(interaction, f"You conceded game #{record.id}.{goes_on}")


