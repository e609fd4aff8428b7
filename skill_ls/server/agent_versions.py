"""The editor's `agentVersions` setting (`clients.versions`): read from `initialize`'s
options and passed on to the client table through the environment, before the features load
and build the table (so a change takes a restart; the VS Code extension restarts the
server). Imports nothing heavy: it runs on the way to the first answer."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

from skill_ls.clients.version_choice import ENVIRONMENT, chosen_versions, encode, parse_choice
from skill_ls.server.editor_options import section_of

SETTING = "agentVersions"
log = logging.getLogger(__name__)


def apply_agent_versions(options: Any) -> str | None:
    """Choose the versions the setting names (over any the command line chose); what was
    wrong with it, in words, or None."""
    value = (section_of(options) or {}).get(SETTING)
    if not value:
        return None
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        return f'{SETTING} must map agent ids to versions, e.g. {{"pi": "0.60.0"}}'
    try:
        chosen = parse_choice(",".join(f"{key}={version}" for key, version in value.items()))
    except ValueError as error:
        return f"{SETTING}: {error}"
    if "skill_ls.clients.table" in sys.modules:
        return f"{SETTING} came after the client table was built: restart the server"
    os.environ[ENVIRONMENT] = encode({**chosen_versions(), **chosen})
    return None
