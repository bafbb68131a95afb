"""How many messages a channel may take from the bot: at most MESSAGES in any WINDOW seconds (Discord's own limit
for a channel is about 5 in 5 s; a bot past it only gets its messages in late, one by one, through rate-limit
waits). Delivery asks before each channel post; a game whose post must wait keeps its posts in the outbox, and they
go out merged into one when the channel has room again (bot/service/merging.py). Transport-agnostic: a channel is
whatever the game's reference names."""
from __future__ import annotations

from collections import deque

MESSAGES = 5
WINDOW = 5.0
MESSAGE_CHARS = 8000  # what one message holds (its content and embeds): a longer text goes out as several


def messages_for(text: str) -> int:
    """The messages a post's text goes out as."""
    return max(1, -(-len(text) // MESSAGE_CHARS))


class ChannelBudget:
    """The recent messages of each channel this process sent, to keep each within MESSAGES per WINDOW."""

    def __init__(self, messages: int = MESSAGES, window: float = WINDOW) -> None:
        self.messages = messages
        self.window = window
        self._sent: dict[tuple[str | None, ...], deque[float]] = {}

    def take(self, channel: tuple[str | None, ...], now: float, count: int = 1) -> float | None:
        """Count `count` messages sent to `channel` now and return None if the channel has room for them; else
        count nothing and return when it will (a post longer than a window's share goes alone, once the channel
        is quiet)."""
        sent = self._sent.setdefault(channel, deque())
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        room = self.messages - len(sent)
        if count <= room or (not sent and room > 0):
            sent.extend([now] * count)
            return None
        # room comes when enough of the oldest messages are a window old
        need = min(count, self.messages) - room
        return sent[need - 1] + self.window

    def forget_idle(self, now: float) -> None:
        """Drop the channels that sent nothing in the last window (the map would otherwise grow with every channel)."""
        for channel in [c for c, sent in self._sent.items() if not sent or sent[-1] <= now - self.window]:
            del self._sent[channel]
