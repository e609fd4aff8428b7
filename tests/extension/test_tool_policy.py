"""A missing tool skips an extension test locally and fails it under CI=true."""

import pytest

from . import conftest


def test_missing_tool_skips_locally_and_fails_on_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "ON_CI", False)
    with pytest.raises(pytest.skip.Exception, match="no apt"):
        conftest.skip_or_fail("no apt")
    monkeypatch.setattr(conftest, "ON_CI", True)
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        conftest.skip_or_fail("no apt")
