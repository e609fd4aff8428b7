"""The event dispatcher: handlers in the order subscribed, awaited ones only when delivered,
events from worker threads handed to the event loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from skill_ls.server.events import DocumentChanged, Events, FilesChanged, SettingsChanged


def test_handlers_run_in_the_order_subscribed_and_only_for_their_event() -> None:
    events = Events()
    heard: list[str] = []
    events.on(DocumentChanged, lambda e: heard.append(f"first {e.uri}"))
    events.on(FilesChanged, lambda e: heard.append(f"files {e.paths}"))
    events.on(DocumentChanged, lambda e: heard.append(f"second {e.uri}"))
    events.publish(DocumentChanged("untitled:1"))
    assert heard == ["first untitled:1", "second untitled:1"]


def test_an_event_nobody_subscribed_to_does_nothing() -> None:
    Events().publish(SettingsChanged())


def test_an_event_with_awaited_handlers_must_be_delivered_and_runs_nothing_else() -> None:
    events = Events()
    heard: list[str] = []

    async def rewatch(event: SettingsChanged) -> None:
        return None

    events.on(SettingsChanged, lambda e: heard.append("rescan"))
    events.on_awaited(SettingsChanged, rewatch)
    with pytest.raises(TypeError, match="SettingsChanged has awaited handlers: deliver it"):
        events.publish(SettingsChanged())
    assert heard == []


def test_delivering_awaits_each_handler_before_the_next() -> None:
    events = Events()
    heard: list[str] = []

    async def slow(event: SettingsChanged) -> None:
        await asyncio.sleep(0.01)
        heard.append("slow done")

    events.on(SettingsChanged, lambda e: heard.append("rescan"))
    events.on_awaited(SettingsChanged, slow)
    events.on(SettingsChanged, lambda e: heard.append("after"))
    asyncio.run(events.deliver(SettingsChanged()))
    assert heard == ["rescan", "slow done", "after"]


def test_events_from_a_thread_are_published_on_the_loop_once_attached() -> None:
    events = Events()
    heard: list[tuple[str, bool]] = []
    events.on(
        DocumentChanged,
        lambda e: heard.append((e.uri, threading.current_thread() is threading.main_thread())),
    )
    events.publish_threadsafe(DocumentChanged("untitled:early"))  # no loop yet: dropped

    async def run() -> None:
        events.attach(asyncio.get_running_loop())
        worker = threading.Thread(
            target=events.publish_threadsafe, args=(DocumentChanged("untitled:1"),)
        )
        worker.start()
        worker.join()
        await asyncio.sleep(0)

    asyncio.run(run())
    assert heard == [("untitled:1", True)]
