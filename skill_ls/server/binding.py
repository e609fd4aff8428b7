"""Handlers bound to what they serve (the session, the editor port), in the shapes pygls
calls: `handler(params)` for features and `handler(*arguments)` for commands.

Plain closures, not `functools.partial`: pygls reads a command handler's signature (a
partial's `func`) to convert its arguments, and must see `*args` only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


def bind(handler: Callable[..., Any], *bound: Any) -> Callable[[Any], Any]:
    """A feature handler taking only the params; `bound` comes first."""
    if asyncio.iscoroutinefunction(handler):

        async def run_async(params: Any) -> Any:
            return await handler(*bound, params)

        return run_async

    def run(params: Any) -> Any:
        return handler(*bound, params)

    return run


def bind_command(handler: Callable[..., Any], *bound: Any) -> Callable[..., Any]:
    """A command handler taking the command's arguments as they come."""
    if asyncio.iscoroutinefunction(handler):

        async def run_async(*args: Any) -> Any:
            return await handler(*bound, *args)

        return run_async

    def run(*args: Any) -> Any:
        return handler(*bound, *args)

    return run
