"""Feature isolation: a failing feature logs its error and answers an empty result.

One buggy feature (a hover on a strange document) must never take down the server or the
other features; the user sees nothing worse than a missing answer, and the log says why.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast

from pygls.exceptions import JsonRpcException

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("skill_ls.server")


def isolated(default: Any = None) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Wrap a handler (sync or async) so that an exception logs and returns `default`.

    `JsonRpcException`s pass through: they are answers meant for the client.
    """

    def decorate(handler: Callable[P, R]) -> Callable[P, R]:
        name = getattr(handler, "__qualname__", repr(handler))
        if asyncio.iscoroutinefunction(handler):
            async_handler = cast(Callable[P, Awaitable[Any]], handler)

            @functools.wraps(handler)
            async def run_async(*args: P.args, **kwargs: P.kwargs) -> Any:
                try:
                    return await async_handler(*args, **kwargs)
                except (asyncio.CancelledError, JsonRpcException):
                    raise
                except Exception:
                    log.exception("%s failed", name)
                    return default

            return cast(Callable[P, R], run_async)

        @functools.wraps(handler)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return handler(*args, **kwargs)
            except JsonRpcException:
                raise
            except Exception:
                log.exception("%s failed", name)
                return cast(R, default)

        return run

    return decorate
