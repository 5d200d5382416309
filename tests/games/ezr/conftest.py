import pytest

from simcore.games import ezr


@pytest.fixture(scope="session")
def charts():
    return ezr.default_charts()
