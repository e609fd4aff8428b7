"""References in a SKILL.md body: the relative paths its links and inline code point at.

What counts follows how skills are written. A Markdown link target is a reference. Inline
code is one only when it names a file the skill plausibly ships: a path under the skill's
own folders (`scripts/`, `references/`, `assets/`, ...) or after a skill-folder placeholder.
Other path-like inline code (`forms.md`, `tools/call`, `../../etc/passwd` quoted as an
attack to refuse) is a "mention": a reference only when such a file exists. URLs, globs,
templates and GFM footnotes are never references.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from skill_ls.diagnostics import Range
from skill_ls.document.blocks import prose_lines, prose_lines_holding
from skill_ls.document.skill_document import Reference, SkillDocument

# Bodies are scanned for references up to this many characters; the rest is counted only.
MAX_SCANNED_BODY_CHARS = 2 * 1024 * 1024
MAX_REFERENCES = 5000


# Link text may hold one level of balanced brackets. Both loops exclude `[`, and the outer
# one is possessive, so a line of 100,000 `[` is scanned in linear time, not quadratic.
# A bare destination may hold balanced parentheses (`docs/a_(b).md`), as in CommonMark:
# one level, each alternative starting on a different character, possessive throughout.
_LINK_OPEN = r"!?\[(?P<text>(?:[^\[\]]|\[[^\[\]]*\])*+)\]\(\s*"
_BARE = r"(?P<bare>(?:[^()\s]++|\([^()\s]*+\))++)"
_LINK = re.compile(_LINK_OPEN + r"(?:<(?P<angle>[^>\n]*)>|" + _BARE + ")")
# `_LINK` where no `>` follows: its `<...>` cannot match there, and trying it at each link
# scans to the end of the line (quadratic on `[](<[](<...`). See `_links`.
_BARE_LINK = re.compile(_LINK_OPEN + _BARE)
# `[^1]: ...` is a GFM footnote definition, not a link definition.
_LINK_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\]]+\]:\s*(?:<(?P<angle>[^>\n]*)>|(?P<bare>\S+))")
_INLINE_CODE = re.compile(r"(?<!`)`(?P<code>[^`\n]+)`(?!`)")
# What a line needs to hold a reference: inline code, a link or a link definition.
MAY_REFER = re.compile(r"`|\]\(|\]:")
# Any URI scheme (`https:`, `mailto:`, `vscode:`); a single letter is a Windows drive.
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
# Placeholders agents expand before the model reads the body, followed by a separator.
_PLACEHOLDER = re.compile(
    r"^(?:(?P<skill>\{baseDir\}|\$\{baseDir\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR"
    r"|\$\{SKILL_DIR\}|\$SKILL_DIR|\{SKILL_DIR\}|\{skillDir\})"
    r"|(?P<plugin>\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT))(?:[\\/]+|$)"
)
# Left in a target after the known placeholders, these make it a template: `$VAR`,
# `${x}`, `{name}`, `<name>`.
_TEMPLATE = re.compile(r"[$<>{}]")
# Globs name many files or none: `*.md`, `**/x`, `[ab].md`.
_GLOB = re.compile(r"[*\[\]]")
# Folders whose files a skill ships: inline code under them names a bundled file.
BUNDLED_DIRS = frozenset(
    {"scripts", "references", "reference", "assets", "templates", "examples", "resources"}
    | {"agents"}
)
# Path-like inline code: no spaces, quotes, shell operators, parentheses or globs, and it
# does not end in `/`, `.` or `:`.
_CODE_PATH = re.compile(r"^[^\s`'\"<>|;&$(){}*?,\[\]]*[^\s`'\"<>|;&$(){}*?,\[\]/.:]$")
# A file name with an extension (`forms.md`, `run.py`), not a version (`1.2`): the last
# segment is `[\w.-]*[A-Za-z_][\w-]*\.[A-Za-z][A-Za-z0-9]{0,7}`, tested in parts by
# `_is_file_name` (as one pattern its two runs of `\w` backtracked: quadratic on `aaa...`).
_NAME_CHARS = re.compile(r"[\w.-]*")
_NAME_LETTER = re.compile(r"[A-Za-z_]")
_EXTENSION = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
# Slash-separated lowercase words with no extension: `tools/call`, `resources/list`
# (protocol methods and API routes), a reference only when such a file exists.
_WORDS = re.compile(r"^[a-z][a-z_-]*(?:/[a-z][a-z_-]*)+$")
_SEPARATOR = re.compile(r"[\\/]")


def find_references(doc: SkillDocument) -> list[Reference]:
    """Relative paths in Markdown links, link definitions and path-like inline code.

    Fenced code blocks are skipped (`blocks.prose_lines`): their text is code, not
    navigation.
    """
    refs: list[Reference] = []
    # A body under the scan bound cannot reach it: only the lines holding a link or inline
    # code need looking at, found at once (a keystroke in a long body re-reads little).
    lines = prose_lines_holding(doc, MAY_REFER) if len(doc.body) < MAX_SCANNED_BODY_CHARS else None
    scanned = 0
    for number, line in prose_lines(doc) if lines is None else lines:
        scanned += len(line) + 1
        if scanned > MAX_SCANNED_BODY_CHARS or len(refs) >= MAX_REFERENCES:
            break
        spans = list(_INLINE_CODE.finditer(line)) if "`" in line else []
        if "](" in line or "]:" in line:
            starts = [span.start() for span in spans]
            for pattern, matches in ((_LINK, _links(line)), (_LINK_DEFINITION, None)):
                for match in pattern.finditer(line) if matches is None else matches:
                    if _in_code(match.start(), starts, spans):
                        continue  # `[x](y)` inside inline code is code, not a link
                    if pattern is _LINK and match.group("text").startswith("^"):
                        continue  # `[^1](...)`: a footnote use, not a link
                    group = "angle" if match.groupdict().get("angle") is not None else "bare"
                    _add(refs, match.group(group), number, match.start(group), "link")
        for match in spans:
            code = match.group("code").strip()
            kind = code_kind(code)
            if kind is not None:
                col = match.start("code") + match.group("code").index(code)
                _add(refs, code, number, col, kind)
    return refs[:MAX_REFERENCES]


def _links(line: str) -> Iterator[re.Match[str]]:
    """`_LINK.finditer(line)` for a line without a line break, in linear time. Both
    patterns match at the same places (where `<` follows `](`, the bare form takes it too),
    so `_BARE_LINK` finds each start; `_LINK` reads the link there only while a `>` is
    still ahead, and each `<...>` it reads ends the link at that `>`."""
    last = line.rfind(">")
    position = 0
    while (found := _BARE_LINK.search(line, position)) is not None:
        match = _LINK.match(line, found.start()) if found.start() < last else found
        assert match is not None
        yield match
        position = match.end()


def _in_code(position: int, starts: list[int], spans: list[re.Match[str]]) -> bool:
    """Whether `position` is inside one of the line's inline code spans (in order)."""
    at = bisect.bisect_right(starts, position) - 1
    return at >= 0 and position < spans[at].end()


def code_kind(code: str) -> str | None:
    """Inline code as a path: "code" (a file the skill ships), "mention" (a reference only
    if it exists) or None (not a path)."""
    if _PLACEHOLDER.match(code):
        return "code"
    if not _CODE_PATH.match(code) or _SCHEME.match(code) or code.startswith(("-", "//", "~")):
        return None
    if code == ".." or code.startswith(("../", "..\\", "/", "\\")) or _WINDOWS_DRIVE.match(code):
        # Examples and payloads in prose, places to look elsewhere, the author's machine:
        # not files of this skill.
        return None
    path = code.removeprefix("./").removeprefix(".\\")
    parts = _SEPARATOR.split(path)
    if len(parts) > 1 and parts[0] in BUNDLED_DIRS and not _WORDS.match(path):
        return "code"
    if len(parts) > 1 or _is_file_name(parts[-1]):
        return "mention"
    return None


def _is_file_name(segment: str) -> bool:
    """Whether a path segment is a file name with an extension: a letter or `_` after the
    stem's last dot, and an extension of a letter and at most seven more letters or digits."""
    stem, dot, extension = segment.rpartition(".")
    return (
        bool(dot)
        and _EXTENSION.fullmatch(extension) is not None
        and _NAME_CHARS.fullmatch(stem) is not None
        and _NAME_LETTER.search(stem.rpartition(".")[2]) is not None
    )


def _add(refs: list[Reference], raw: str, line: int, col: int, kind: str) -> None:
    target = raw.split("#", 1)[0].split("?", 1)[0]
    base = "skill"
    placeholder = _PLACEHOLDER.match(target)
    if placeholder is not None:
        base = "plugin" if placeholder.group("plugin") else "skill"
        col += placeholder.end()
        target = target[placeholder.end() :]
    if not target or target.startswith("//") or _TEMPLATE.search(target) or _GLOB.search(target):
        return
    if _SCHEME.match(target) and not target.lower().startswith("file:"):
        return
    refs.append(Reference(target, Range.of(line, col, line, col + len(target)), kind, base))
