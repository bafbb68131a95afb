"""Stumpbot's orchestration: the game manager, the store, the tables (transports) and the CLI."""
