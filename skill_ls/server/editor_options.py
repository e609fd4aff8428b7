"""What an editor sends as its settings (`initializationOptions`, workspace/configuration,
didChangeConfiguration): the `skillLs` section, and whether it trusts the workspace. Light on
purpose: `initialize` reads it before the features load (`agent_versions.py`)."""

from __future__ import annotations

from typing import Any

SECTION = "skillLs"
# Beside the section in initializationOptions: whether the editor trusts the workspace.
TRUST_KEY = "workspaceTrusted"


def workspace_trusted(options: Any) -> bool:
    """False only when the editor said so; editors that know no trust are trusted as before."""
    return not (isinstance(options, dict) and options.get(TRUST_KEY) is False)


def section_of(value: Any) -> dict[str, Any] | None:
    """The `skillLs` settings in what an editor sent: `{skillLs: {...}}` or the section itself.

    Returns None when `value` holds no settings at all.
    """
    if not isinstance(value, dict):
        return None
    inner = value.get(SECTION)
    if isinstance(inner, dict):
        return inner
    if inner is not None:
        return {}
    value = {key: item for key, item in value.items() if key != TRUST_KEY}
    return value if value else None
