"""An index for one run over files already parsed (`skill-ls check`): the facts of the
files the run checked are given, so that discovery reads and parses only the others, and
their real paths, so that their links are not resolved a second time.

The facts of a whole parsed file equal those indexing reads from its head
(`facts.facts_of` of either), so a given fact is what a read would have found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from skill_ls.document.mentions import Mention
from skill_ls.settings import Settings
from skill_ls.workspace.index import WorkspaceIndex
from skill_ls.workspace.index_queries import DiscoveryState
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.root_walk import WalkLimits


class PrefilledIndex(WorkspaceIndex):
    """A `WorkspaceIndex` that takes the facts of some real paths from `known`."""

    def __init__(
        self,
        folders: Sequence[str | Path],
        known: Mapping[str, SkillFacts],
        settings: Settings | None = None,
        home: str | Path | None = None,
        environ: Mapping[str, str] | None = None,
        limits: WalkLimits | None = None,
        reals: Mapping[str, str] | None = None,
        mentions: Mapping[str, tuple[Mention, ...]] | None = None,
    ) -> None:
        super().__init__(folders, settings, home, environ, limits)
        self._known = dict(known)
        # The real path of each path the run checked (2% of a cold 1,000-skill check).
        self._reals = dict(reals or {})
        # The mentions found in each checked file, by real path (SKL701 reads no file again).
        self._mentions = dict(mentions or {})
        # How many files discovery found facts for in `known` (the rest were read).
        self.reused = 0

    def _read(self, state: DiscoveryState, real: str, buffers: Mapping[str, str]) -> SkillFacts:
        if real not in buffers:
            facts = self._known.get(real)
            if facts is not None:
                self.reused += 1
                return facts
        return super()._read(state, real, buffers)

    def _real_of(self, path: str) -> str:
        return self._reals.get(path) or super()._real_of(path)

    def known_mentions(self, real: str) -> tuple[Mention, ...] | None:
        if real in self._buffers:
            return None  # an editor's text, not the file the check read
        return self._mentions.get(real)
