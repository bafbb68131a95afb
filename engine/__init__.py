"""The pure, deterministic rules engines. Imports nothing from discord, databases, Pillow, bot/ or render/."""
