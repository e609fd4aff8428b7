"""What an agent did with a prompt that calls a skill by name, read from the requests its
model received (the mention probe's pure part: `clientlab/mention_probe.py` runs the agents).

The mock model is given no tool to call in the probe, so every recorded request precedes any
tool call by the model: a skill body in a request was put there by the agent itself."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# The outcomes (golden values).
ACTIVATED = "activated"  # the agent put the asked-for skill's body in the request
ACTIVATED_OTHER = "activated another skill"  # it put another skill's body there
AS_WRITTEN = "as-written"  # the prompt reached the model unchanged, and no skill body
# ... and beside it a text of the agent's that names it (Claude Code: no such command)
WITH_NOTICE = "as-written with a notice"
REFUSED = "refused"  # no request carried the prompt: the agent answered by itself
REWRITTEN = "rewritten"  # requests went out, but neither the prompt nor a skill body

# Evidence strings are cut to this many characters.
EVIDENCE_LENGTH = 120


@dataclass(frozen=True)
class Outcome:
    outcome: str
    evidence: str

    def as_json(self) -> dict[str, str]:
        return {"outcome": self.outcome, "evidence": self.evidence}


def texts(body: Any, role: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a request body with the role of the message holding it: `role`
    (Anthropic, Chat Completions, Responses; Gemini's `contents`), "system" for a system
    field of its own (Anthropic `system`, Gemini `systemInstruction`), "tools" for tool
    definitions, else the enclosing one."""
    if isinstance(body, str):
        yield role, body
    elif isinstance(body, list):
        for item in body:
            yield from texts(item, role)
    elif isinstance(body, dict):
        found = body.get("role")
        here = found if isinstance(found, str) else role
        for key, value in body.items():
            if key in ("role", "type"):  # a block's type ("text") is no text of it
                continue
            if key in ("system", "systemInstruction"):
                yield from texts(value, "system")
            elif key == "tools":
                yield from texts(value, "tools")
            else:
                yield from texts(value, here)


def mentions(text: str, prompt: str) -> bool:
    """Whether `prompt` stands in `text` as a word of its own (not inside a longer name)."""
    pattern = r"(?<![\w/:$-])" + re.escape(prompt) + r"(?![\w:-])"
    return re.search(pattern, text) is not None


def _main_first(bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The agent's turns (requests that offer tools) before its side requests (titles)."""
    return [b for b in bodies if b.get("tools")] + [b for b in bodies if not b.get("tools")]


def _clip(text: str) -> str:
    text = text.strip()
    return text if len(text) <= EVIDENCE_LENGTH else text[: EVIDENCE_LENGTH - 1] + "…"


def _line_with(text: str, needle: str) -> str:
    for line in text.splitlines():
        if needle in line:
            return line
    return text


def classify(
    prompt: str,
    bodies: list[dict[str, Any]],
    markers: dict[str, str],
    wanted: str | None,
    answer: str,
) -> Outcome:
    """What the agent did with `prompt`, given its model requests' JSON bodies in order.

    `markers` maps each skill of the workspace to a text only its body holds; `wanted` is
    the skill the prompt names (None for a name no skill has); `answer` is what the agent
    printed, the evidence when no request carried the prompt."""
    ordered = _main_first(bodies)
    for skill in sorted(markers, key=lambda name: name != wanted):  # the asked-for one first
        marker = markers[skill]
        for body in ordered:
            for role, text in texts(body):
                if marker in text and role != "tools":
                    first = text.strip().splitlines()[0] if text.strip() else ""
                    outcome = ACTIVATED if skill == wanted else ACTIVATED_OTHER
                    return Outcome(outcome, _clip(f"{skill} body in a {role} text: {first}"))
    for body in ordered:
        # The prompt as a line of its own (Copilot CLI puts the date in the same text).
        lines = [
            line.strip()
            for role, text in texts(body)
            if role == "user"
            for line in text.splitlines()
        ]
        if prompt not in lines:
            continue
        for line in lines:
            if line != prompt and mentions(line, prompt):
                return Outcome(WITH_NOTICE, _clip(f"notice: {line}"))
        return Outcome(AS_WRITTEN, f"user text: {prompt}")
    for body in ordered:
        for role, text in texts(body):
            if role == "user" and mentions(text, prompt):
                return Outcome(REWRITTEN, _clip(f"user text: {_line_with(text, prompt)}"))
    if not bodies:
        return Outcome(REFUSED, _clip(f"no model request; the agent answered: {answer}"))
    user = [text for role, text in texts(ordered[0]) if role == "user" and text.strip()]
    last = user[-1].strip().splitlines()[-1] if user else ""
    return Outcome(REWRITTEN, _clip(f"last user text: {last}"))


def answer_of(stdout: str, stderr: str) -> str:
    """The agent's own reply in a line: the `result` of a JSON reply (Claude Code's
    `--output-format json`), else the last line it printed (stdout first)."""
    for stream in (stdout, stderr):
        stripped = stream.strip()
        if not stripped:
            continue
        try:
            reply = json.loads(stripped)
        except ValueError:
            return stripped.splitlines()[-1].strip()
        if isinstance(reply, dict) and isinstance(reply.get("result"), str):
            return str(reply["result"]).strip()
        return stripped.splitlines()[-1].strip()
    return ""
