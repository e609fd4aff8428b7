"""What a client lists for the model: its catalog format, caps and budget, and which skills
it leaves out (`Client.listing`). Read by the renderers and the listing budget
(`workspace/listings/`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

# The catalog formats skill-ls renders (`render.formats`); "none": an upload target, which
# has no catalog.
CatalogFormat = Literal[
    "available-skills",
    "pi-available-skills",
    "claude-listing",
    "codex-instructions",
    "copilot-skills",
    "opencode-available-skills",
    "copilot-cli-available-skills",
    "gemini-available-skills",
    "qwen-available-skills",
    "droid-available-skills",
    "kimi-skill-listing",
    "cline-skills",
    "continue-skills-tool",
    "omp-skills",
    "none",
]
# Structured catalog views a client exposes besides the prompt text (its own JSON).
CatalogView = Literal["yoi-catalog"]

# Where `Listing.hidden_when` reads a flag: a frontmatter key, or `<file>#<dotted.key>` for
# a sidecar file beside SKILL.md.
CODEX_IMPLICIT_INVOCATION = "agents/openai.yaml#policy.allow_implicit_invocation"


@dataclass(frozen=True)
class Listing:
    format: CatalogFormat = "available-skills"
    view: CatalogView | None = None
    # Characters allowed per catalog entry / for the whole catalog (None: no cap known).
    entry_cap: int | None = None
    catalog_budget: int | None = None
    # The catalog budget as a share of the model's context: `context_window` tokens (the
    # default model's) at `chars_per_token` characters each, times `catalog_share`. When
    # both are set they win over `catalog_budget`; `Client.with_context_window` gives
    # another model's.
    context_window: int | None = None
    chars_per_token: int = 4
    catalog_share: float | None = None
    # The skill is left out of the model's catalog when one of these (flag, value) pairs
    # holds; a flag is a frontmatter key or a sidecar key (see CODEX_IMPLICIT_INVOCATION).
    hidden_when: tuple[tuple[str, object], ...] = ()

    def budget(self) -> int | None:
        """Characters the whole catalog may use (None: no budget known)."""
        if self.context_window is not None and self.catalog_share is not None:
            chars = self.context_window * self.chars_per_token * self.catalog_share
            return max(1, math.floor(chars))
        return self.catalog_budget
