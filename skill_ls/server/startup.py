"""The first answer waits for nothing that can wait: `initialize` is answered from the
feature table (feature_table.py), and the features' modules (the document model, the
validator, the workspace index, the renderers: most of the start-up's imports) load at the
first message after it, before that message is handled (`features.py`).

pygls builds the capabilities it answers `initialize` with from what is registered, so each
method and command of the table is registered here with a placeholder, and each placeholder
gives way to the feature's own handler when the features load. No placeholder is ever
called: the protocol loads the features before it dispatches anything but `initialize` and
`exit` (server.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls import code_cache
from skill_ls.server import feature_table
from skill_ls.server.agent_versions import apply_agent_versions
from skill_ls.server.capabilities import ClientFlags


@dataclass(frozen=True)
class Started:
    """What the client said at `initialize`, for the features once they load."""

    params: types.InitializeParams
    flags: ClientFlags


log = logging.getLogger(__name__)

# Loads the features and hands them what `initialize` said (None: it said nothing usable).
Loader = Callable[[Started | None], None]


def _placeholder() -> Callable[..., None]:
    # A function of its own for each: pygls marks a handler with the name it serves.
    def not_loaded(*args: Any) -> None:
        raise RuntimeError("skill-ls: a feature was called before the features loaded")

    return not_loaded


class DeferredFeatures:
    """Advertises the feature table at `initialize`; `load` swaps in the real features."""

    def __init__(self, server: LanguageServer, loader: Loader) -> None:
        self._server = server
        self._loader = loader
        self._started: Started | None = None
        self._declared: list[str] = []
        self._loaded = False
        self._declare(feature_table.METHODS)
        for command in feature_table.COMMANDS:
            server.command(command)(_placeholder())

        def initialize(params: types.InitializeParams) -> None:
            self._initialize(params)

        server.feature(types.INITIALIZE)(initialize)

    def _declare(self, methods: dict[str, object | None]) -> None:
        for method, options in methods.items():
            self._server.feature(method, options)(_placeholder())
            self._declared.append(method)

    def _initialize(self, params: types.InitializeParams) -> None:
        # Runs before pygls computes the capabilities: what depends on the client's own
        # is declared here, so that it is advertised.
        flags = ClientFlags.resolve(params)
        # Before the features build the client table (they load at the next message).
        problem = apply_agent_versions(params.initialization_options)
        if problem is not None:
            log.warning("skill-ls: %s", problem)
        self._started = Started(params, flags)
        if flags.pull_diagnostics:
            self._declare(feature_table.PULL_METHODS)
        if flags.will_rename_files:
            self._declare(feature_table.WILL_RENAME_METHODS)

    def load(self) -> None:
        """Register the features in the placeholders' stead (once)."""
        if self._loaded:
            return
        self._loaded = True
        manager = self._server.protocol.fm
        # The manager's tables, as pygls hands them out (the live dictionaries): a method
        # may be registered once only.
        for method in self._declared:
            manager.features.pop(method, None)
            manager.feature_options.pop(method, None)
        for command in feature_table.COMMANDS:
            manager.commands.pop(command, None)
        self._loader(self._started)
        # An editor may end the server without `exit`: keep what the records compiled now.
        code_cache.save()
