"""The table interface under the name the Discord flows import it by; it is defined beside the services that
deliver through it (bot/service/table.py)."""
from __future__ import annotations

from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost, Table

__all__ = ["GameRef", "Picture", "PrivateBrief", "PublicPost", "Table"]
