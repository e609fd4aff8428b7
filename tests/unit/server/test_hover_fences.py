"""Repository text in hovers cannot end the fence or code span that holds it.

A run of backticks at least as long as the fence closes a fenced block (or a code span), and
what follows renders as live Markdown: remote images, links. Every fence the server builds
around a repository's text is longer than the longest run of backticks in that text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skill_ls.clients.table import CLIENTS
from skill_ls.diagnostics import Position
from skill_ls.server.documents import Snapshot
from skill_ls.server.editor_text.catalog_entry import description_preview
from skill_ls.server.editor_text.manifest_hover import manifest_hover
from skill_ls.server.editor_text.skill_md_hover import reference_hover
from skill_ls.workspace.markdown import code, fenced, longest_backtick_run

IMAGE = "![tracker](https://attacker.example/pixel.png)"
HOSTILE = f"# Notes\n````\n{IMAGE}\n`````\n[click](https://attacker.example/)\n"


def fenced_blocks(markdown: str) -> list[tuple[str, str]]:
    """(fence, content) of each fenced block: a fence closes at a run at least as long."""
    blocks = []
    lines = markdown.split("\n")
    number = 0
    while number < len(lines):
        opener = re.match(r"^(`{3,})", lines[number])
        if opener is None:
            number += 1
            continue
        fence = opener.group(1)
        content = []
        number += 1
        while number < len(lines) and not re.match(rf"^`{{{len(fence)},}}\s*$", lines[number]):
            content.append(lines[number])
            number += 1
        blocks.append((fence, "\n".join(content)))
        number += 1
    return blocks


def test_a_referenced_files_head_stays_inside_its_fence(tmp_path: Path) -> None:
    skill_md = tmp_path / "pdf" / "SKILL.md"
    skill_md.parent.mkdir()
    skill_md.write_text("---\nname: pdf\n---\n", encoding="utf-8")
    (skill_md.parent / "notes.md").write_text(HOSTILE, encoding="utf-8")
    hover = reference_hover(str(skill_md), "notes.md")
    [(fence, content)] = fenced_blocks(hover)
    assert len(fence) > longest_backtick_run(HOSTILE) and len(fence) == 6
    assert IMAGE in content and hover.endswith(fence)


def test_a_catalog_entry_stays_inside_its_fence(tmp_path: Path) -> None:
    path = tmp_path / "pdf" / "SKILL.md"
    description = f"Fills forms ```` {IMAGE} ````` and more. Use when asked."
    text = f"---\nname: pdf\ndescription: {json.dumps(description)}\n---\n"
    hover = description_preview(Snapshot(path.as_uri(), str(path), 1, text), CLIENTS[:1])
    blocks = fenced_blocks(hover)
    assert blocks
    for fence, content in blocks:
        assert len(fence) > longest_backtick_run(content), hover
    assert any(IMAGE in content for _, content in blocks)


def test_a_manifests_name_stays_inside_its_code_span(tmp_path: Path) -> None:
    manifest = tmp_path / "gemini-extension.json"
    name = f"tools` {IMAGE} `"
    text = json.dumps({"name": name, "version": "1.0.0"}, indent=2)
    found = manifest_hover(str(manifest), text, Position(1, 12))
    assert found is not None
    assert code(name) in found.text and code(name).startswith("``"), found.text


def test_a_references_target_stays_inside_its_code_span(tmp_path: Path) -> None:
    target = f"a`{IMAGE}`.md"
    assert reference_hover(None, target) == code(target) == f"``{target}``"


@pytest.mark.parametrize(
    "text", ["", "plain", "`", "a ``` b", "````\nx\n`````", "ends with `", "``start"]
)
def test_the_helpers_outrun_every_backtick_run(text: str) -> None:
    block = fenced(text, "markdown")
    fence = block.split("\n", 1)[0].removesuffix("markdown")
    assert len(fence) >= 3 and len(fence) > longest_backtick_run(text)
    assert block == f"{fence}markdown\n{text}\n{fence}"
    span = code(text)
    ticks = re.match(r"`+", span)
    assert ticks is not None and len(ticks.group(0)) > longest_backtick_run(text)
    assert "\n" not in span


def test_rendered_hover_shows_no_live_image(tmp_path: Path) -> None:
    markdown_it = pytest.importorskip("markdown_it")
    skill_md = tmp_path / "pdf" / "SKILL.md"
    skill_md.parent.mkdir()
    skill_md.write_text("---\nname: pdf\n---\n", encoding="utf-8")
    (skill_md.parent / "notes.md").write_text(HOSTILE, encoding="utf-8")
    html = markdown_it.MarkdownIt().render(reference_hover(str(skill_md), "notes.md"))
    assert "<img" not in html and "<a " not in html, html
