"""What happens in the server, as events: features publish them and never call each other.

A feature says what happened (a document changed, files changed on disk, the settings
changed, the index changed) with `Events.publish`; what each event sets off is wired in one
place, `wiring.py`. Handlers run in the order they were subscribed, on the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar


@dataclass(frozen=True)
class DocumentChanged:
    """A skill or manifest document was opened, edited or saved: its findings may differ."""

    uri: str


@dataclass(frozen=True)
class DocumentClosed:
    """A document was closed; `path` is its file (None: untitled), `skill` whether it was a
    SKILL.md, `checked` whether it had findings (a skill or a manifest)."""

    uri: str
    path: str | None
    skill: bool
    checked: bool


@dataclass(frozen=True)
class FilesChanged:
    """Files were created, changed or deleted on disk (watched, or saved without watchers)."""

    paths: tuple[str, ...]


@dataclass(frozen=True)
class WorkspaceOpened:
    """The client is initialized: its folders are scanned and watched."""


@dataclass(frozen=True)
class SettingsChanged:
    """The editor's settings or the workspace folders changed: every open document may have
    new findings, the index is rebuilt and the watched folders may differ."""


@dataclass(frozen=True)
class IndexChanged:
    """The skills or the settings changed: every open document may have new findings."""


@dataclass(frozen=True)
class ChecksStale:
    """Something outside the open documents changed: cached checks are stale, and the views
    built on the index are told."""


Event = (
    DocumentChanged
    | DocumentClosed
    | FilesChanged
    | WorkspaceOpened
    | SettingsChanged
    | IndexChanged
    | ChecksStale
)
E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class _Handler:
    call: Callable[[Any], Awaitable[None] | None]
    awaited: bool


class Events:
    """A synchronous dispatcher, with awaited handlers for the events that need them."""

    def __init__(self) -> None:
        self._handlers: dict[type[Any], list[_Handler]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def on(self, kind: type[E], handler: Callable[[E], None]) -> None:
        """Call `handler` with each `kind` event published."""
        self._handlers.setdefault(kind, []).append(_Handler(handler, awaited=False))

    def on_awaited(self, kind: type[E], handler: Callable[[E], Awaitable[None]]) -> None:
        """Await `handler` with each `kind` event (published with `deliver`)."""
        self._handlers.setdefault(kind, []).append(_Handler(handler, awaited=True))

    def publish(self, event: Event) -> None:
        """Run every handler in order (none runs when some must be awaited: a mistake)."""
        handlers = self._handlers.get(type(event), [])
        if any(handler.awaited for handler in handlers):
            raise TypeError(f"{type(event).__name__} has awaited handlers: deliver it")
        for handler in handlers:
            handler.call(event)

    async def deliver(self, event: Event) -> None:
        """Run every handler in order, awaiting those that are awaited."""
        for handler in self._handlers.get(type(event), []):
            result = handler.call(event)
            if handler.awaited and result is not None:
                await result

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The event loop `publish_threadsafe` hands events to (known once serving)."""
        self._loop = loop

    def publish_threadsafe(self, event: Event) -> None:
        """Publish from a worker thread, on the event loop; dropped before there is one."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.publish, event)
