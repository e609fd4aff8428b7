"""Bound handlers keep the shape pygls calls: sync or async as written, and commands that
show pygls only `*args` (it converts command arguments by the handler's signature)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from skill_ls.server.binding import bind, bind_command


def sync_handler(session: str, params: int) -> tuple[str, int]:
    return session, params


async def async_handler(session: str, editor: str, params: int) -> tuple[str, str, int]:
    return session, editor, params


def command(session: str, *args: Any) -> tuple[str, tuple[Any, ...]]:
    return session, args


async def async_command(session: str, *args: Any) -> tuple[str, tuple[Any, ...]]:
    return session, args


def test_features_take_the_params_after_what_is_bound() -> None:
    bound = bind(sync_handler, "s")
    assert not asyncio.iscoroutinefunction(bound)
    assert bound(1) == ("s", 1)
    bound_async = bind(async_handler, "s", "e")
    assert asyncio.iscoroutinefunction(bound_async)
    assert asyncio.run(bound_async(2)) == ("s", "e", 2)


def test_commands_show_only_their_arguments() -> None:
    bound = bind_command(command, "s")
    kinds = [p.kind for p in inspect.signature(bound).parameters.values()]
    assert kinds == [inspect.Parameter.VAR_POSITIONAL]
    assert not hasattr(bound, "func")
    assert bound("a", 1) == ("s", ("a", 1))
    bound_async = bind_command(async_command, "s")
    assert asyncio.iscoroutinefunction(bound_async)
    assert asyncio.run(bound_async()) == ("s", ())
