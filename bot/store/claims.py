"""How long a bot process may hold what it claimed to deliver ("exactly once across processes";
migration 0007). Shared by the store (bot/store/operations_delivery.py) and the manager. No Discord import.

A claim is a promise to deliver, not a lock held open: the claimer's rows are skipped by every other process
until the lease runs out, so the lease must outlast one delivery (a picture drawn, discord.py retrying a 5xx for
some 25 s) and is renewed by every row sent; but it is also how long a crashed process's rows wait before another
process takes them over. A move's own posts are written already claimed by the process that made it (commit_move's
`claim_for`), which sends them straight after: so a process killed between a commit and its delivery
leaves that move's posts for a lease, as one killed mid-delivery always did.
"""
from __future__ import annotations

OUTBOX_LEASE_S = 120  # one row's delivery, renewed after each row of the run
# At most this many of one game's rows claimed together: a run of gathered moves (bot.service.games.GATHER_ROWS)
# fits one claim, so its posts go out merged as one (each message marked as sent renews the lease on the rest).
OUTBOX_RUN = 400
REPLAY_LEASE_S = 600  # drawing a replay (tens of boards encoded) and posting it
