"""The body: size guidance and the files it points at (never read, only looked up)."""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

from skill_ls.diagnostics import FileCreate, Fix, Severity, TextEdit
from skill_ls.document import Reference, SkillDocument
from skill_ls.rules.context import CheckContext
from skill_ls.rules.helpers import first_line_range
from skill_ls.rules.paths import join_normal
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.text import estimate_tokens

FAMILY = "body"
MAX_LINES = 500
MAX_TOKENS = 5000

TOO_MANY_LINES = define(
    "SKL401",
    "skill-md-too-long",
    Severity.WARNING,
    f"SKILL.md is longer than {MAX_LINES} lines",
    "The whole body enters the context on activation; the spec recommends under 500 lines "
    "and moving detail to `references/`, read only when needed.",
    family=FAMILY,
)
TOO_MANY_TOKENS = define(
    "SKL402",
    "body-too-many-tokens",
    Severity.WARNING,
    f"the body is over about {MAX_TOKENS:,} tokens",
    "The spec recommends bodies under 5,000 tokens. The estimate is characters / 4, a rule "
    "of thumb for English text with the common tokenizers.",
    family=FAMILY,
)
MISSING_FILE = define(
    "SKL403",
    "reference-missing",
    Severity.WARNING,
    "the body points to a file that does not exist",
    "An agent that follows the link finds nothing and improvises.",
    fixable=True,
    family=FAMILY,
)
OUTSIDE_SKILL = define(
    "SKL404",
    "reference-outside-skill",
    Severity.WARNING,
    "the body points outside the folders installed with the skill",
    "A skill is installed as its folder, together with what holds it: the plugin (a "
    "folder with `.claude-plugin/plugin.json`), the `skills/` collection or the parent "
    "skill. A link out of that tree finds nothing on the user's machine. Links to a "
    "sibling skill of the same plugin or collection are fine when the file exists. Only "
    "Markdown links, and inline code under the skill's own folders, count as references.",
    family=FAMILY,
)
ABSOLUTE_PATH = define(
    "SKL405",
    "reference-absolute",
    Severity.WARNING,
    "the body uses an absolute path, `~` path or file:// URI",
    "Absolute paths point into the author's machine; use paths relative to the skill root.",
    family=FAMILY,
)
BACKSLASH = define(
    "SKL406",
    "reference-backslash",
    Severity.WARNING,
    "the path uses backslashes",
    "Backslashes are Windows-only separators; agents on macOS and Linux cannot open the file.",
    fixable=True,
    family=FAMILY,
)
DEEP_REFERENCE = define(
    "SKL407",
    "reference-too-deep",
    Severity.INFO,
    "the path is more than one level deep",
    "The spec recommends file references at most one level below the skill root "
    "(`references/x.md`); deep chains are read less reliably.",
    family=FAMILY,
)
UNREFERENCED_FILE = define(
    "SKL408",
    "unreferenced-file",
    Severity.HINT,
    "a bundled file is never mentioned in SKILL.md",
    "Agents discover bundled files through the body; a file it never mentions is dead weight "
    "or a missing instruction.",
    family=FAMILY,
)
EMPTY_BODY = define(
    "SKL409",
    "empty-body",
    Severity.WARNING,
    "SKILL.md has no instructions after the frontmatter",
    "On activation the body is what the agent receives; an empty body activates nothing.",
    family=FAMILY,
)

# Bundled files that need no mention: licences, readmes, client sidecars, hidden files.
_QUIET_FILES = re.compile(r"(?i)^(license|licence|notice|readme|changelog)(\.[a-z]+)?$")
_QUIET_PATHS = ("agents/openai.yaml", "SKILL.md")


def check(doc: SkillDocument, report: Reporter) -> None:
    if doc.frontmatter is not None and doc.frontmatter.close_line is None:
        return
    lines = doc.index.line_count - (1 if doc.text.endswith(("\n", "\r")) else 0)
    if lines > MAX_LINES:
        report.report(
            TOO_MANY_LINES,
            doc.index.line_range(MAX_LINES),
            f"SKILL.md has {lines:,} lines (recommended: under {MAX_LINES}); move "
            "detail into references/ files",
        )
    tokens = estimate_tokens(doc.body)
    if tokens > MAX_TOKENS:
        report.report(
            TOO_MANY_TOKENS,
            doc.index.line_range(doc.body_start_line),
            f"the body is about {tokens:,} tokens (estimated as characters / 4); "
            f"the spec recommends under {MAX_TOKENS:,}",
        )
    if doc.has_frontmatter and not doc.body.strip():
        assert doc.frontmatter is not None and doc.frontmatter.close_line is not None
        report.report(
            EMPTY_BODY,
            doc.index.line_range(doc.frontmatter.close_line),
            "no instructions after the frontmatter: activating this skill gives the agent nothing",
        )
    for reference in doc.references:
        _check_reference(doc, report, reference)
    _check_unreferenced(doc, report)


def normalize_reference(target: str) -> str:
    """A reference as a skill-relative POSIX path (URL-decoded, `./` dropped)."""
    return posixpath.normpath(unquote(target).replace("\\", "/")).removeprefix("./")


def install_lookups(doc: SkillDocument, context: CheckContext) -> list[str]:
    """The paths of the install tree the reference checks below may ask about, for the
    context builder to look up before they run (a few more than they ask: looking one up
    changes nothing). Follows `_check_reference`'s way to each `install.exists`."""
    install = context.install
    if install is None:
        return []
    wanted: dict[str, None] = {}
    for reference in doc.references:
        target = reference.target
        if reference.kind == "mention" or _is_absolute(target):
            continue
        path = normalize_reference(target)
        if path in ("", "."):
            continue
        if reference.base == "plugin" or (path != ".." and not path.startswith("../")):
            # `${CLAUDE_PLUGIN_ROOT}/...`, or inline code the plugin may hold.
            if install.plugin_root is not None and (
                reference.base == "plugin" or reference.kind == "code"
            ):
                wanted.setdefault(join_normal(install.plugin_root, path))
        else:
            wanted.setdefault(join_normal(install.skill_dir, path))
    return [path for path in wanted if install.contains(path)]


def _is_absolute(target: str) -> bool:
    return (
        target.lower().startswith("file:")
        or target.startswith(("/", "~"))
        or re.match(r"^[A-Za-z]:[\\/]", target) is not None
        or target.startswith("\\\\")
    )


def _check_reference(doc: SkillDocument, report: Reporter, reference: Reference) -> None:
    target = reference.target
    if reference.kind == "mention":
        return  # path-like inline code: a reference only if the file exists, so never wrong
    if _is_absolute(target):
        report.report(
            ABSOLUTE_PATH,
            reference.range,
            f"`{target}` is an absolute path; agents resolve paths relative to the "
            "skill folder on the user's machine",
        )
        return
    if "\\" in target:
        report.report(
            BACKSLASH,
            reference.range,
            f"`{target}` uses backslashes; use `/` so every OS can open it",
            fixes=[
                Fix("Use forward slashes", (TextEdit(reference.range, target.replace("\\", "/")),))
            ],
        )
    path = normalize_reference(target)
    if reference.base == "plugin":
        _check_plugin_reference(report, reference, path)
        return
    if path == ".." or path.startswith("../"):
        _check_outside(report, reference, path)
        return
    if path.count("/") > 1:
        report.report(
            DEEP_REFERENCE,
            reference.range,
            f"`{target}` is {path.count('/')} folders deep; keep references one "
            "level below the skill root",
        )
    files = report.context.skill_files
    if files is None or path in ("", "."):
        return
    if path in files or path in report.context.skill_dirs:
        return
    if reference.kind == "code" and not _names_a_shipped_file(doc, report, reference):
        return
    report.report(
        MISSING_FILE,
        reference.range,
        f"`{target}` does not exist in the skill folder",
        fixes=[Fix(f"Create `{path}`", creates=(FileCreate(path),), safe=False)],
        data={"path": path},
    )


# File stems that stand for "some file" in prose (`references/filename.md`), not a file.
_GENERIC_STEMS = frozenset(
    {"filename", "file", "example", "foo", "bar", "baz", "name", "your-file", "xxx", "path"}
)
# Words that make what follows on the line an illustration, not an instruction.
_EXAMPLE_MARKER = re.compile(r"\b(?:examples?|for instance|such as)\b|\be\.g\.", re.IGNORECASE)


def _names_a_shipped_file(doc: SkillDocument, report: Reporter, reference: Reference) -> bool:
    """Whether inline code naming a missing file under a bundled folder is a reference the
    skill should ship, rather than prose about files in general.

    Not when the line introduces it as an example ("Example: `scripts/resize.py` for a photo
    skill"), when its stem is a stand-in (`references/filename.md`), or when the path is
    there relative to the plugin the skill installs with ("follow `agents/worker.md`" in a
    plugin's skill)."""
    start = reference.range.start
    before = doc.index.line(start.line)[: start.column]
    if _EXAMPLE_MARKER.search(before):
        return False
    path = normalize_reference(reference.target)
    stem = posixpath.splitext(posixpath.basename(path))[0].lower()
    if stem in _GENERIC_STEMS:
        return False
    install = report.context.install
    return not (
        install is not None
        and install.plugin_root is not None
        and install.exists(join_normal(install.plugin_root, path))
    )


def _check_outside(report: Reporter, reference: Reference, path: str) -> None:
    """A reference that leaves the skill folder: fine when it lands inside the tree the
    skill is installed with and the file is there; a warning with the reason otherwise."""
    target = reference.target
    context = report.context
    own = context.folder_name
    if own and path.startswith(f"../{own}/"):
        inside = path.removeprefix(f"../{own}/")
        report.report(
            OUTSIDE_SKILL,
            reference.range,
            f"`{target}` leaves the skill folder and comes back in by its name; it breaks "
            f"when the skill is installed under another folder name (use `{inside}`)",
            fixes=[Fix(f"Use `{inside}`", (TextEdit(reference.range, inside),))],
        )
        return
    install = context.install
    if install is None:
        if context.skill_files is not None or context.folder_name is not None:
            report.report(
                OUTSIDE_SKILL,
                reference.range,
                f"`{target}` points outside the skill folder; a skill is installed as its "
                "own folder, so the file will not be there",
            )
        return
    absolute = join_normal(install.skill_dir, path)
    if install.contains(absolute):
        if install.exists(absolute):
            return
        report.report(
            MISSING_FILE,
            reference.range,
            f"`{target}` does not exist in {install.describe()} that this skill is installed with",
            data={"path": path},
        )
        return
    if install.kind == "skill":
        why = "a skill is installed as its own folder"
    else:
        why = f"the skill is installed with {install.describe()} and nothing above it"
    report.report(
        OUTSIDE_SKILL,
        reference.range,
        f"`{target}` points outside {install.describe()}: {why}, so the file will not be "
        "there where the skill is installed",
    )


def _check_plugin_reference(report: Reporter, reference: Reference, path: str) -> None:
    """`${CLAUDE_PLUGIN_ROOT}/...`: checked only when the skill is inside a plugin."""
    install = report.context.install
    if install is None or install.plugin_root is None or path in ("", "."):
        return  # the plugin root is unknown: nothing to say
    absolute = join_normal(install.plugin_root, path)
    if not install.contains(absolute):
        report.report(
            OUTSIDE_SKILL,
            reference.range,
            f"`{reference.target}` climbs out of the plugin root; only the plugin's own "
            "folder is installed",
        )
    elif not install.exists(absolute):
        report.report(
            MISSING_FILE,
            reference.range,
            f"`{reference.target}` does not exist in {install.describe()}",
            data={"path": path},
        )


def _check_unreferenced(doc: SkillDocument, report: Reporter) -> None:
    files = report.context.skill_files
    if files is None or not doc.has_frontmatter:
        return
    mentioned = {normalize_reference(r.target) for r in doc.references}
    body = doc.body
    quiet: list[str] = []
    for path in sorted(files):
        name = posixpath.basename(path)
        if path in _QUIET_PATHS or _QUIET_FILES.match(name) or "/." in "/" + path:
            continue
        if path in mentioned or path in body or name in body:
            continue
        if any(path.startswith(m.rstrip("/") + "/") for m in mentioned if m):
            continue  # a mentioned folder covers what is inside it
        quiet.append(path)
    for path in quiet[:20]:
        report.report(
            UNREFERENCED_FILE,
            first_line_range(doc),
            f"`{path}` is bundled but SKILL.md never mentions it",
            data={"path": path},
        )
