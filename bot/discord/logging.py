"""Logging for the Discord layer: the `discord` loggers capped at INFO and a redaction filter.

At DEBUG, discord.py logs request bodies (hands included) and interaction tokens; tokens in a
log are credentials. `install()` caps the `discord` loggers at INFO and puts `RedactingFilter`
on every handler of the root logger (a filter on a logger does not see records that propagate
from its children, so handlers are the place for it); the filter also drops `discord` records
below INFO, so a logger set to DEBUG after start-up still prints nothing of them.
"""
from __future__ import annotations

import logging
import re
import traceback

REDACTED = "[redacted]"

_PATTERNS = [
    # A bot token: base64(user id) . base64(timestamp) . HMAC
    re.compile(r"[A-Za-z0-9_-]{20,30}\.[A-Za-z0-9_-]{5,8}\.[A-Za-z0-9_-]{25,}"),
    # Interaction / webhook tokens inside webhook or callback URLs
    re.compile(r"(?<=/webhooks/)([0-9]+/)[A-Za-z0-9_.-]{20,}"),
    re.compile(r"(?<=/interactions/)([0-9]+/)[A-Za-z0-9_.-]{20,}"),
    # Interaction tokens themselves ("interaction:" base64-encoded) and SimCord's fakes
    re.compile(r"aW50ZXJhY3Rpb246[A-Za-z0-9_.=-]+"),
    re.compile(r"simcord_interaction_[0-9]+"),
    # "token": "…" / token=… in JSON bodies or reprs
    re.compile(r"""(?i)(["']?token["']?\s*[:=]\s*["']?)[^"'\s,}]{8,}"""),
    # Authorization headers
    re.compile(r"(?i)(authorization\s*[:=]\s*['\"]?(?:bot|bearer)\s+)[^\s'\",}]+"),
]


class RedactingFilter(logging.Filter):
    """Replace the bot token (and anything shaped like a token) in a record's text with [redacted]."""

    def __init__(self, secrets: list[str] | None = None) -> None:
        super().__init__()
        self.secrets = [s for s in (secrets or []) if s and len(s) >= 8]

    def add_secret(self, secret: str | None) -> None:
        if secret and len(secret) >= 8 and secret not in self.secrets:
            self.secrets.append(secret)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        for pattern in _PATTERNS:
            if pattern.groups:
                text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
            else:
                text = pattern.sub(REDACTED, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        # The cap on the loggers (cap_discord_loggers) holds only until someone lowers a level after
        # start-up; this drop at the handlers holds whatever the loggers' levels say.
        if record.levelno < logging.INFO and (record.name == "discord" or record.name.startswith("discord.")):
            return False
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: keep what we can
            message = str(record.msg)
        record.msg = self.redact(message)
        record.args = None
        if record.exc_info and record.exc_info[0] is not None:
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            record.exc_text = self.redact(text)
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


_installed: RedactingFilter | None = None


def cap_discord_loggers(level: int = logging.INFO) -> None:
    """Never let the `discord` loggers run below INFO: at DEBUG they print tokens and hands."""
    root = logging.getLogger("discord")
    if root.level < level:  # NOTSET (0) or DEBUG
        root.setLevel(level)
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if name.startswith("discord.") and isinstance(logger, logging.Logger) and logger.level and logger.level < level:
            logger.setLevel(level)


def install(token: str | None = None) -> RedactingFilter:
    """Cap the discord loggers and put one shared redaction filter on every root handler."""
    global _installed
    cap_discord_loggers()
    if _installed is None:
        _installed = RedactingFilter()
    _installed.add_secret(token)
    root = logging.getLogger()
    if not root.handlers:  # nobody configured logging: give it a handler we can filter
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
        if root.level > logging.INFO or root.level == logging.NOTSET:
            root.setLevel(logging.INFO)
    handlers = list(root.handlers) + list(logging.getLogger("discord").handlers)
    for handler in handlers:
        if _installed not in handler.filters:
            handler.addFilter(_installed)
    return _installed


def redact(text: str) -> str:
    return (_installed or RedactingFilter()).redact(text)
