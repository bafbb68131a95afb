"""Shared fixtures for the render tests: the sample views are built once per session."""
from __future__ import annotations

import pytest

from render.tools import samples


@pytest.fixture(scope="session")
def busy():
    return samples.busy_map_view()


@pytest.fixture(scope="session")
def small():
    return samples.small_map_view()


@pytest.fixture(scope="session")
def leader6():
    return samples.six_party_leader_view()


@pytest.fixture(scope="session")
def regions1960():
    return samples.regions_1960_view()
