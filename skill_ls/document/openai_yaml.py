"""Codex's `agents/openai.yaml` beside a skill, read with the exact range of every key and
value (the YAML reader's nodes), so a finding points at what it is about.

`parse_sidecar(text)` never raises: text that is not YAML gives a document whose `error` says
where and why. The file is small; a bigger one than `MAX_SIDECAR_BYTES` is not parsed
(`too_large`), and `read_sidecar` reads at most one byte past that bound, through `files.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skill_ls.diagnostics import Range
from skill_ls.files import read_regular
from skill_ls.text import LineIndex
from skill_ls.yamltree import YamlError, YamlFacts, YNode, parse_yaml

MAX_SIDECAR_BYTES = 64 * 1024
TOO_LARGE = f"the file is larger than the {MAX_SIDECAR_BYTES // 1024} KiB skill-ls reads of it"
NOT_UTF8 = "the file is not UTF-8 text"


@dataclass(frozen=True)
class SidecarDocument:
    """The parsed file: `root` is None when the text is empty, only comments, or not YAML
    (`error` then says why)."""

    text: str
    root: YNode | None
    error: YamlError | None
    facts: YamlFacts = field(default_factory=YamlFacts)
    too_large: bool = False

    @property
    def index(self) -> LineIndex:
        return LineIndex(self.text)


def parse_sidecar(text: str) -> SidecarDocument:
    """The document for `text`; never raises."""
    if len(text) > MAX_SIDECAR_BYTES or len(text.encode("utf-8", "replace")) > MAX_SIDECAR_BYTES:
        return _too_large()
    parsed = parse_yaml(text)  # a leading BOM is read as YAML readers read it (skipped)
    return SidecarDocument(text, parsed.root, parsed.error, parsed.facts)


def read_sidecar(path: str) -> SidecarDocument | None:
    """The file at `path` (a regular file only); None when it cannot be read."""
    try:
        data = read_regular(path, MAX_SIDECAR_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_SIDECAR_BYTES:
        return _too_large()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        index = LineIndex(data[: error.start].decode("utf-8", errors="replace"))
        where = index.position(len(index.text))
        return SidecarDocument("", None, YamlError(NOT_UTF8, Range(where, where)))
    return parse_sidecar(text)


def _too_large() -> SidecarDocument:
    return SidecarDocument("", None, YamlError(TOO_LARGE, Range.point(0, 0)), too_large=True)
