"""What an upload target refuses beyond the spec: reserved words in `name`, XML tags in
`name` or `description`, and a skill folder over its size limit. The words, fields and
limits are the target rows' (`Client.upload.reserved_name_words`, `xml_tags_refused_in`,
`max_upload_bytes`); each finding names the targets that refuse the skill."""

from __future__ import annotations

import re

from skill_ls.clients.table import UPLOAD_TARGETS, Client
from skill_ls.clients.upload_limits import UploadLimits
from skill_ls.diagnostics import Severity
from skill_ls.document import SkillDocument
from skill_ls.rules.helpers import first_line_range, names
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.scalars import sub_range
from skill_ls.yamltree import YScalar

FAMILY = "upload"

# An agent refuses nothing on upload.
_NO_LIMITS = UploadLimits()


def _limits(client: Client) -> UploadLimits:
    return client.upload or _NO_LIMITS


# The rationales quote the rows (the words and limits live there, not here).
_RESERVED = "; ".join(
    f"{c.name}: {', '.join(f'`{w}`' for w in _limits(c).reserved_name_words)}"
    for c in UPLOAD_TARGETS
    if _limits(c).reserved_name_words
)
_LIMITS = "; ".join(
    f"{c.name}: {_limits(c).max_upload_bytes:,} bytes"
    for c in UPLOAD_TARGETS
    if _limits(c).max_upload_bytes
)
_XML_FIELDS = "; ".join(
    f"{c.name}: {', '.join(f'`{k}`' for k in _limits(c).xml_tags_refused_in)}"
    for c in UPLOAD_TARGETS
    if _limits(c).xml_tags_refused_in
)

RESERVED_WORD = define(
    "SKL125",
    "upload-reserved-word",
    Severity.ERROR,
    "`name` holds a word an upload target reserves",
    "Some services a skill is uploaded to refuse a name that contains a word they reserve "
    f"({_RESERVED}); agents that read the folder still load it. Reported only when such a "
    "target is among the target clients.",
    example="name: pdf-tools",
    family=FAMILY,
)
XML_TAG = define(
    "SKL126",
    "upload-xml-tag",
    Severity.ERROR,
    "`name` or `description` holds an XML tag an upload target refuses",
    "Some upload targets refuse a skill whose `name` or `description` holds an XML tag such "
    f"as `<example>` ({_XML_FIELDS}). Write the words without angle brackets. Reported only "
    "when such a target is among the target clients.",
    family=FAMILY,
)
TOO_LARGE = define(
    "SKL127",
    "upload-too-large",
    Severity.ERROR,
    "the skill folder is larger than an upload target accepts",
    "Upload targets limit the size of a skill's files together, uncompressed "
    f"({_LIMITS}). Move large data out of the skill folder. Counted from the folder's "
    "listing (`.git`, `node_modules` and `__pycache__` left out, a link counted as a link), "
    "so a folder near the limit may still be refused. Reported only when such a target is "
    "among the target clients.",
    family=FAMILY,
)

# An XML tag: `<` (or `</`), a letter, then anything but angle brackets up to `>`. One
# quantifier over a class that stops at the next `<`: linear on any text.
_XML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def check(doc: SkillDocument, report: Reporter) -> None:
    audience = report.context.audience
    if doc.has_frontmatter:
        _check_reserved_words(doc, report, audience)
        _check_xml_tags(doc, report, audience)
    _check_size(doc, report, audience)


def _string_value(doc: SkillDocument, key: str) -> YScalar | None:
    entry = doc.fields.get(key)
    value = entry.value if entry is not None else None
    if isinstance(value, YScalar) and value.kind == "string":
        return value
    return None


def _check_reserved_words(
    doc: SkillDocument, report: Reporter, audience: tuple[Client, ...]
) -> None:
    value = _string_value(doc, "name")
    if value is None:
        return
    lowered = value.value.lower()
    words: dict[str, list[Client]] = {}
    for client in audience:
        for word in _limits(client).reserved_name_words:
            if word in lowered:
                words.setdefault(word, []).append(client)
    for word, clients in words.items():
        at = lowered.index(word)
        verb = "refuses" if len(clients) == 1 else "refuse"
        report.report(
            RESERVED_WORD,
            sub_range(doc.index, value, at, at + len(word)),
            f"`name` contains the reserved word `{word}`: {names(clients)} {verb} the skill",
        )


def _check_xml_tags(doc: SkillDocument, report: Reporter, audience: tuple[Client, ...]) -> None:
    for key in dict.fromkeys(
        key for client in audience for key in _limits(client).xml_tags_refused_in
    ):
        value = _string_value(doc, key)
        if value is None:
            continue
        found = _XML_TAG.search(value.value)
        if found is None:
            continue
        clients = [client for client in audience if key in _limits(client).xml_tags_refused_in]
        verb = "refuses" if len(clients) == 1 else "refuse"
        report.report(
            XML_TAG,
            sub_range(doc.index, value, found.start(), found.end()),
            f"`{key}` holds the XML tag `{found.group()}`: {names(clients)} {verb} the skill",
        )


def _check_size(doc: SkillDocument, report: Reporter, audience: tuple[Client, ...]) -> None:
    size = report.context.skill_bytes
    if size is None:
        return
    over = [
        client
        for client in audience
        if (limit := _limits(client).max_upload_bytes) is not None and size > limit
    ]
    if not over:
        return
    limit = min(_limits(client).max_upload_bytes or 0 for client in over)
    verb = "refuses" if len(over) == 1 else "refuse"
    report.report(
        TOO_LARGE,
        first_line_range(doc),
        f"the skill folder's files take {size:,} bytes together; {names(over)} {verb} a "
        f"skill over {limit:,} bytes",
    )
