"""The Discord layer: the only package that imports discord.py.

    from bot.discord import run, create_bot
    run(token, db_path)      # what the CLI calls
"""
from __future__ import annotations

from bot.discord.client import ShardedStumpbot, Stumpbot, create_bot, run

__all__ = ["ShardedStumpbot", "Stumpbot", "create_bot", "run"]
