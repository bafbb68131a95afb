"""Electioneer US: two parties, seven battleground states, seven months."""
