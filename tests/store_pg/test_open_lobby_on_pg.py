"""tests/store/test_open_lobby.py rerun against PostgreSQL (this folder's `store` fixture is a PgStore)."""
from __future__ import annotations

from test_open_lobby import (  # noqa: F401  (imported to be collected here, with this folder's `store`)
    test_a_failure_inside_the_transaction_leaves_no_lobby,
    test_a_local_lobby_needs_no_job_setting_or_threshold,
    test_a_lobby_opens_with_its_host_seated_its_job_and_settings,
    test_a_lone_surrogate_is_refused_before_anything_is_written,
    test_a_seat_with_a_lone_surrogate_is_refused_and_changes_nothing,
)
