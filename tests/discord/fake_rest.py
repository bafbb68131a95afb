"""A small loopback fake of Discord's REST API, for what SimCord cannot show: HTTP 429 and 5xx.

discord.py's real HTTP client, rate-limit and retry code talk to it over 127.0.0.1 (Route.BASE is pointed
here). Only the routes the bot's deliveries use are served; each channel can be told to answer with a
status (a 429 carries Discord's body and the `Via` header discord.py expects of a real rate limit).
"""
from __future__ import annotations

import itertools
import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = "900000000000000001"
_ids = itertools.count(1_000_000_000_000_000_001)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # exactly `application/json`: discord.py reads a body as JSON only for that content type
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def _user(user_id: str, name: str) -> dict[str, Any]:
    return {"id": user_id, "username": name, "discriminator": "0", "global_name": name, "avatar": None, "bot": user_id == BOT_ID}


def _message(channel_id: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(next(_ids)), "channel_id": channel_id, "type": 0, "content": body.get("content", ""),
            "author": _user(BOT_ID, "stumpbot"), "attachments": [], "embeds": body.get("embeds", []), "mentions": [],
            "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": "2026-11-24T12:00:00.000000+00:00", "edited_timestamp": None, "flags": 0, "components": []}


@dataclass
class FakeDiscord:
    # channel id -> statuses to answer with, in order, before answering 200 (an int repeats forever)
    script: dict[str, list[int] | int] = field(default_factory=dict)
    posted: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    answered: list[tuple[str, int]] = field(default_factory=list)  # (channel id, status) of every message POST
    dm_channels: dict[str, str] = field(default_factory=dict)  # user id -> DM channel id
    runner: web.AppRunner | None = None
    base: str = ""

    def _next_status(self, channel_id: str) -> int:
        plan = self.script.get(channel_id)
        if isinstance(plan, int):
            return plan
        if plan:
            return plan.pop(0)
        return 200

    async def _me(self, request: web.Request) -> web.Response:
        return _json(_user(BOT_ID, "stumpbot"))

    async def _application(self, request: web.Request) -> web.Response:
        return _json({"id": BOT_ID, "name": "Stumpbot", "description": "", "icon": None, "bot_public": True,
                      "bot_require_code_grant": False, "owner": _user("300000000000000999", "owner"),
                      "verify_key": "0" * 64, "flags": 0})

    async def _post_message(self, request: web.Request) -> web.Response:
        channel_id = request.match_info["channel_id"]
        status = self._next_status(channel_id)
        self.answered.append((channel_id, status))
        if status == 429:
            return _json({"message": "You are being rate limited.", "retry_after": 0.05, "global": False},
                                     status=429, headers={"Via": "1.1 google", "X-RateLimit-Scope": "user"})
        if status >= 400:
            return _json({"message": "fake failure", "code": 0}, status=status)
        if request.content_type == "multipart/form-data":
            form = await request.post()
            body = json.loads(str(form.get("payload_json", "{}")))
        else:
            body = await request.json()
        self.posted[channel_id].append(body)
        return _json(_message(channel_id, body))

    async def _edit_message(self, request: web.Request) -> web.Response:
        return _json(_message(request.match_info["channel_id"], {}))

    async def _create_dm(self, request: web.Request) -> web.Response:
        user_id = str((await request.json())["recipient_id"])
        channel_id = self.dm_channels.setdefault(user_id, str(next(_ids)))
        return _json({"id": channel_id, "type": 1, "recipients": [_user(user_id, f"user{user_id[-3:]}")],
                                  "last_message_id": None})

    async def start(self) -> str:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_post("/api/v10/users/@me/channels", self._create_dm)
        app.router.add_post("/api/v10/channels/{channel_id}/messages", self._post_message)
        app.router.add_patch("/api/v10/channels/{channel_id}/messages/{message_id}", self._edit_message)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)  # loopback only
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}/api/v10"
        return self.base

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
