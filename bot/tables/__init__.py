"""Transports that deliver the manager's public posts and private briefs."""
