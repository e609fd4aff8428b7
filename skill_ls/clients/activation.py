"""What a client puts in front of the model when it activates a skill
(`Client.activation`). Read by the activation renderers (`render/`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# The activation formats skill-ls renders (`render.formats`); "none": an upload target.
ActivationFormat = Literal[
    "skill-content",
    "claude-base-directory",
    "gemini-activated",
    "codex-skill",
    "opencode-skill-content",
    "read-file",
    "pi-read",
    "copilot-cli-skill-context",
    "qwen-base-directory",
    "droid-skill",
    "kimi-skill-loaded",
    "cline-command",
    "continue-skill",
    "omp-read",
    "none",
]
# How the client reads SKILL.md when activating it: "normalised" (CRLF read as LF) |
# "kept" (line ends as written).
LineEnds = Literal["normalised", "kept"]
# What the client does with argument placeholders in the body on activation: "as-written"
# (shows them to the model unchanged) | "claude-code" (a textual replacement, code
# included: `$ARGUMENTS` by the whole argument text, `$ARGUMENTS[N]` and `$N` by word N
# counted from 0 and left as written past the last word, `$name` by the word at the
# position of `name` in `arguments` (empty past the last); `ARGUMENTS: <text>` appended
# when no placeholder was filled; the grammar is `clients/argument_syntax.py`).
ArgumentPlaceholders = Literal["as-written", "claude-code", "kimi-code"]
FileOrder = Literal["sorted", "threads", "directory"]


@dataclass(frozen=True)
class Activation:
    format: ActivationFormat = "skill-content"
    line_ends: LineEnds = "normalised"
    argument_placeholders: ArgumentPlaceholders = "as-written"
    # With "claude-code": the `$N` of an awk print program (`awk '{print $1}'`) are kept as
    # written, not filled (Claude Code 2.1.337 on; `clients/argument_syntax.AWK_PRINT`).
    awk_fields_kept: bool = False
    # The client's answer when asked to activate a skill hidden from the model (`{name}` is
    # the skill's name); None: it activates hidden skills like any other.
    hidden_refusal: str | None = None
    # (flag, value, answer): the answer instead of `hidden_refusal` for a skill hidden by
    # that `Listing.hidden_when` flag with that value.
    flag_refusals: tuple[tuple[str, object, str], ...] = ()
    # The client's answer when asked to activate a name that two or more of the skills it
    # loads share (`{name}` as asked, `{count}`, `{names}`: theirs, in load order, joined
    # by ", "); None: it activates one of them.
    ambiguous_refusal: str | None = None
    # True: the client finds the skill to activate without regard to case (`Twin` for
    # `twin`); two loaded skills whose names differ only in case then share the name.
    fold_case: bool = False
    # True: the name asked for is trimmed of spaces before the lookup (`"  x  "` finds
    # `x`; lab scenario untrimmed-fields).
    trims_request: bool = False
    # The order of the files the activation lists (lab scenario resources): "sorted" (by
    # path, in code point order) | "threads" (sub-folders walked on several threads: the
    # order of two or more folders' files changes between runs) | "directory" (each
    # folder's entries in the file system's order, which another file system gives
    # otherwise). skill-ls lists them sorted, and says the order varies where it may.
    file_order: FileOrder = "sorted"

    @property
    def file_order_varies(self) -> bool:
        return self.file_order != "sorted"
