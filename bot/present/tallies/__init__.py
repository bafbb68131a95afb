"""Each map ruleset's public view read as the dashboard's common tally (bot/present/tally.py), one module per
ruleset; its presenter's `electoral_tally` calls it. Each module's docstring says what safe and lean mean there."""
