from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from .support import HOST


@pytest.fixture
def lobby() -> Lobby:
    return Lobby(host_token=HOST)


@pytest.fixture
def client(lobby: Lobby) -> Iterator[TestClient]:
    with TestClient(create_app(lobby)) as test_client:
        yield test_client
