"""The computer opponent: a search over what its seat knows (engine/ai/ismcts.py, engine/ai/ensemble.py) and the
levels a table picks from (engine/ai/players.py). Pure like the rest of the engine: no clock of its own (a time
budget comes with the caller's clock) and no randomness but the `Rng` it is given."""
