"""Which Discord shards this process runs: ``STUMPBOT_SHARDS=0-3/8`` means shard ids 0 to 3 of 8 in all.

Several processes share one PostgreSQL database, each running its own shards (discord.py's
AutoShardedBot with ``shard_ids`` and ``shard_count``). Discord sends direct messages to shard 0,
and some work must happen in one process only (syncing the slash commands, posting the replays):
the process that runs shard 0 is the *primary* and does it. Unset, the bot is one unsharded
process, as it always was. No Discord import here: bot/config.py reads it, bot/discord uses it.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.notation import is_number

__all__ = ["SHARDS_ENV", "MAX_SHARDS", "ShardPlan", "ShardsError", "parse_shards"]

SHARDS_ENV = "STUMPBOT_SHARDS"
MAX_SHARDS = 4096  # far beyond any bot this size; a guard against a typo such as 0-3/80000
_EXAMPLE = "FIRST-LAST/COUNT, e.g. 0-3/8 (shards 0 to 3 of 8), 4/8 (shard 4 alone) or 0-1,6-7/8"


class ShardsError(ValueError):
    """A malformed ``STUMPBOT_SHARDS``: the message says what was wrong and what is expected."""


@dataclass(frozen=True)
class ShardPlan:
    ids: tuple[int, ...]  # the shard ids this process runs, ascending
    count: int  # the shards of the whole bot, across every process

    @property
    def primary(self) -> bool:
        """Runs shard 0 (where direct messages arrive): syncs the commands and runs the once-only upkeep."""
        return 0 in self.ids

    @property
    def everything(self) -> bool:
        """This process runs every shard: no other process shares the work."""
        return len(self.ids) == self.count

    def describe(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"


def parse_shards(text: str) -> ShardPlan:
    """``"0-3/8"`` → ShardPlan((0, 1, 2, 3), 8). Raises ShardsError, naming the variable, on anything else."""
    raw = text.strip()

    def bad(why: str) -> ShardsError:
        return ShardsError(f"{SHARDS_ENV}={raw!r} is not valid: {why}. Expected {_EXAMPLE}.")

    ranges, slash, count_text = raw.replace(" ", "").partition("/")
    if not slash or not is_number(count_text, 5):
        raise bad("it needs the total number of shards after a '/'")
    count = int(count_text)
    if not 1 <= count <= MAX_SHARDS:
        raise bad(f"the total must be between 1 and {MAX_SHARDS}")
    ids: list[int] = []
    for part in ranges.split(","):
        first_text, dash, last_text = part.partition("-")
        if not is_number(first_text, 5) or (dash and not is_number(last_text, 5)):
            raise bad(f"{part!r} is not a shard id or a FIRST-LAST range" if part else "a shard range is missing")
        first, last = int(first_text), int(last_text if dash else first_text)
        if first > last:
            raise bad(f"the range {part} goes backwards")
        if last >= count:
            raise bad(f"shard {last} does not exist when there are {count} (ids run from 0 to {count - 1})")
        ids.extend(range(first, last + 1))
    if len(set(ids)) != len(ids):
        raise bad("a shard is listed twice")
    return ShardPlan(ids=tuple(sorted(ids)), count=count)
