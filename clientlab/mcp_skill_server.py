"""A tiny MCP server over stdio that serves skills through the MCP Skills extension, for the
MCP probe (`clientlab/mcp_probe.py`): `python mcp_skill_server.py SKILLS LOG`.

It speaks protocol 2026-07-28 (`server/discover`, then requests that carry their version in
`_meta`) and the older `initialize` handshake, declares `io.modelcontextprotocol/skills` with
`resources`, and serves each `SKILLS/<name>/SKILL.md` as `skill://<name>/SKILL.md`
(`skills/list`, `skills/get`, `resources/read`), as the extension's specification lays out
(https://github.com/modelcontextprotocol/ext-skills, specification/stable/skills.mdx). Every
method asked is appended to LOG, one per line, so the probe knows what the agent asked.
Standard library only: the lab's agents start it with the lab's Python."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

PROTOCOL = "2026-07-28"
EXTENSION = "io.modelcontextprotocol/skills"
CAPABILITIES: dict[str, Any] = {"resources": {}, "tools": {}, "extensions": {EXTENSION: {}}}
INFO = {"name": "lab-skills", "version": "1.0.0"}
# The cache hints every cacheable result of 2026-07-28 carries.
CACHEABLE = {"resultType": "complete", "ttlMs": 300000, "cacheScope": "public"}
INVALID_PARAMS, NO_METHOD = -32602, -32601


def frontmatter(text: str) -> dict[str, str]:
    """The `key: value` lines of a SKILL.md's frontmatter (the probe's skills are plain)."""
    lines = text.split("\n")
    found: dict[str, str] = {}
    if not lines or lines[0] != "---":
        return found
    for line in lines[1:]:
        if line == "---":
            break
        key, _, value = line.partition(":")
        found[key.strip()] = value.strip()
    return found


def entries(skills: Path) -> dict[str, dict[str, Any]]:
    """uri → the extension's Skill entry, one per SKILLS/<name>/SKILL.md."""
    found = {}
    for skill_md in sorted(skills.glob("*/SKILL.md")):
        data = skill_md.read_bytes()
        uri = f"skill://{skill_md.parent.name}/SKILL.md"
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        found[uri] = {
            "uri": uri,
            "frontmatter": frontmatter(data.decode("utf-8")),
            "resources": [{"uri": uri, "digest": digest, "size": len(data)}],
        }
    return found


def answer(method: str, params: dict[str, Any], skills: Path) -> dict[str, Any] | int:
    """The result of one request, or the error code that answers it."""
    served = entries(skills)
    if method == "server/discover":
        return {**CACHEABLE, "supportedVersions": [PROTOCOL], "capabilities": CAPABILITIES,
                "serverInfo": INFO}  # fmt: skip
    if method == "initialize":
        return {"protocolVersion": params.get("protocolVersion", PROTOCOL),
                "capabilities": CAPABILITIES, "serverInfo": INFO}  # fmt: skip
    if method == "skills/list":
        return {**CACHEABLE, "skills": list(served.values())}
    if method == "skills/get":
        entry = served.get(str(params.get("uri")))
        return INVALID_PARAMS if entry is None else {**CACHEABLE, "skill": entry}
    if method == "resources/read":
        uri = str(params.get("uri"))
        if uri not in served:
            return INVALID_PARAMS
        name = uri.removeprefix("skill://").split("/", 1)[0]
        text = (skills / name / "SKILL.md").read_text(encoding="utf-8")
        return {**CACHEABLE, "contents": [{"uri": uri, "mimeType": "text/markdown", "text": text}]}
    empty = {"tools/list": "tools", "resources/list": "resources", "prompts/list": "prompts",
             "resources/templates/list": "resourceTemplates"}  # fmt: skip
    if method in empty:
        return {**CACHEABLE, empty[method]: []}
    if method == "ping":
        return {}
    return NO_METHOD


def serve(skills: Path, log: Path) -> None:
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        method = str(message.get("method", ""))
        with log.open("a", encoding="utf-8") as out:
            out.write(method + "\n")
        if "id" not in message or not method:
            continue  # a notification, or a response to nothing we asked
        result = answer(method, message.get("params") or {}, skills)
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
        if isinstance(result, int):
            reply["error"] = {"code": result, "message": f"cannot answer {method}"}
        else:
            reply["result"] = result
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(Path(sys.argv[1]), Path(sys.argv[2]))
