"""Which frontmatter keys a client honours, and what it does with the others
(`Client.fields`). Read by the field rules, completion and hover."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from skill_ls.clients.fields import SPEC_FIELD_NAMES

# What the client does with a key it does not know: "ignore" | "warn" | "error" (it refuses
# the skill).
UnknownFields = Literal["ignore", "warn", "error"]


@dataclass(frozen=True)
class FieldSupport:
    # Fields honoured beyond the spec's six.
    extra: frozenset[str] = frozenset()
    unknown: UnknownFields = "ignore"
    # Keys that are errors for this client, not merely unknown.
    forbidden: frozenset[str] = frozenset()

    @cached_property
    def honoured(self) -> frozenset[str]:
        """Every frontmatter key this client honours (asked once per key per check)."""
        return SPEC_FIELD_NAMES | self.extra
