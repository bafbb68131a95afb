"""The store's behaviour tests (tests/store/test_store_api.py), rerun against PostgreSQL.

The ``store`` fixture here (conftest.py) is a PgStore on a fresh database of the test server, so
each imported test runs exactly as written, on the other backend. Left out: the tests of SQLite
itself (WAL checkpoints, pragmas on disk, a file reopened by path, the closed-store check that
opens its own file); tests/store_pg/test_pg_store.py covers their PostgreSQL counterparts.
"""
from __future__ import annotations

from test_store_api import (  # noqa: F401  (imported to be collected here, with this folder's `store`)
    test_a_moves_step_is_kept_on_its_journal_row,
    test_a_sweep_claims_jobs_digests_and_the_bots_games_in_one_call,
    test_bad_audience_is_refused,
    test_commit_move_appends_and_replaces_everything,
    test_the_tables_posting_rides_with_the_snapshot_through_start_moves_and_undo,
    test_create_and_get_game,
    test_create_game_rejects_bad_input_before_touching_the_db,
    test_due_jobs_next_due_and_delete,
    test_failed_transaction_rolls_back_every_table,
    test_finishing_move_sets_result_and_clears_jobs,
    test_list_games_filters,
    test_moves_need_an_active_game,
    test_outbox_pending_and_mark_sent,
    test_same_idem_key_applies_once,
    test_seat_dm_ok_and_prefs,
    test_seats_are_listed_in_join_order,
    test_seats_freeze_when_the_game_starts,
    test_seats_join_leave_and_errors,
    test_set_status_transitions,
    test_set_thread_keeps_the_version,
    test_settings,
    test_start_game_writes_snapshot_jobs_and_outbox_together,
    test_undo_last,
    test_update_lobby,
    test_version_conflict_changes_nothing,
)
