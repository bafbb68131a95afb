"""The table's own rules, apart from any game's: deadlines and reminders (timekeeping, reminders), concessions,
ratings, spectators (follow), rematches, game records and replays, and server settings. Pure where they can be;
the services in bot/service/ apply them."""
