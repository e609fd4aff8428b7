"""oh-my-pi's skill catalog and what its model reads to activate a skill, as observed
(oh-my-pi 18.2.3).

Catalog: one sentence telling the model to read `skill://<name>`, then `<skills>` with one
`- name: description` line per skill the model may use, nothing escaped. Skills hidden
from the model (`disable-model-invocation: true`) are left out; with none left there is no
section. The whole system prompt is then tidied line by line (`post_render`), which reaches
into multi-line descriptions.

Activation: the model reads `skill://<name>` with the `read` tool, whose result is the
SKILL.md file as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill

CATALOG_FORMAT = "omp-skills"
ACTIVATION_FORMAT = "omp-read"

HEADER = "Matching skill → MUST read `skill://<name>` first.\n<skills>\n"
END = "</skills>"
# A line that closes a tag (`</skills>`), which the formatter keeps blank lines away from.
_CLOSING_TAG = re.compile(r"</[A-Za-z][\w.:-]*\s*>")


def omp_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<skills>` with a `- name: description` line each; hidden skills left out."""
    infos: list[EntryInfo] = []
    lines: list[str] = []
    for skill in skills:
        if skill.hidden:
            infos.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        line = f"- {skill.name}: {skill.description}\n"
        lines.append(line)
        infos.append(EntryInfo(skill.name, len(line)))
    if not lines:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=tuple(infos))
    text = post_render(HEADER + "".join(lines) + END)
    return Rendering(CATALOG_FORMAT, text, client=client.id, entries=tuple(infos))


def omp_read(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `read` tool's result for `skill://<name>`."""
    text = source.text[:-1] if source.text.endswith("\n") else source.text
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))


def post_render(text: str) -> str:
    """oh-my-pi's pass over a rendered prompt, as its package's prompt formatter does it:
    trailing whitespace cut from every line; outside code fences, a run of two or more
    blank lines dropped with the blank lines before it, a blank line kept only after a
    line with text, and blank lines before a closing tag line (`</skills>`) dropped."""
    lines = text.split("\n")
    out: list[str] = []
    in_code = False
    at = 0
    while at < len(lines):
        line = lines[at].rstrip()
        bare = line.lstrip(" \t")
        at += 1
        if bare.startswith(("```", "~~~")):
            in_code = not in_code
            out.append(line)
            continue
        if in_code:
            out.append(line)
            continue
        if not bare:
            following = lines[at] if at < len(lines) else None
            if following is None or not following.strip():
                while out and not out[-1]:
                    out.pop()
                while at < len(lines) and not lines[at].strip():
                    at += 1
                continue
            if not out or not out[-1]:
                continue
        if _CLOSING_TAG.match(bare):
            while out and not out[-1]:
                out.pop()
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
