"""A table that records every public post and private brief, so tests can assert who saw what."""
from __future__ import annotations

from dataclasses import dataclass, field

from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost


@dataclass
class RecordingTable:
    posts: list[PublicPost] = field(default_factory=list)
    briefs: list[PrivateBrief] = field(default_factory=list)
    unreachable: set[str] = field(default_factory=set)  # user ids whose "DMs" are closed
    alerts: list[tuple[int, str, str]] = field(default_factory=list)  # (game id, text, host user)
    # spectators: (user id, text, picture) of every DM a follower got — a post's copy or a digest
    follower_dms: list[tuple[str, str, Picture | None]] = field(default_factory=list)
    notices: list[tuple[str, str]] = field(default_factory=list)  # (user id, text) of every notice a member got

    async def publish(self, post: PublicPost) -> list[str]:
        self.posts.append(post)
        self.follower_dms += [(u, post.text, post.picture) for u in post.followers if u not in self.unreachable]
        return [u for u in post.followers if u in self.unreachable]

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        if user_id in self.unreachable:
            return False
        self.follower_dms.append((user_id, text, picture))
        return True

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        if user_id in self.unreachable:
            return False
        self.notices.append((user_id, text))
        return True

    async def tell(self, brief: PrivateBrief) -> bool:
        if brief.user_id in self.unreachable:
            return False
        self.briefs.append(brief)
        return True

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        self.alerts.append((game.id, text, host_user))

    def briefs_for(self, seat: str) -> list[PrivateBrief]:
        return [b for b in self.briefs if b.seat == seat]

    def public_text(self) -> str:
        return "\n".join(p.text for p in self.posts) + "\n" + "\n".join(p.picture.alt for p in self.posts if p.picture)
