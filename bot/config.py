"""Configuration from the environment (and a `.env` file beside where the bot runs). See .env.example."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine.core.notation import is_number


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    out_dir: Path
    log_level: str
    dev_guild_id: int | None


def load_config(env_file: str | os.PathLike[str] | None = ".env") -> Config:
    if env_file and Path(env_file).is_file():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)
    token = os.environ.get("DISCORD_TOKEN", "").strip() or None
    guild = os.environ.get("STUMPBOT_DEV_GUILD_ID", "").strip()
    return Config(
        token=token,
        db_path=Path(os.environ.get("STUMPBOT_DB", "stumpbot-data/stumpbot.sqlite3")),
        out_dir=Path(os.environ.get("STUMPBOT_OUT", "stumpbot-data/images")),
        log_level=os.environ.get("STUMPBOT_LOG_LEVEL", "INFO").upper(),
        dev_guild_id=int(guild) if is_number(guild, 20) else None,
    )
