"""What a rendering reports besides its text: size, token estimate, budget, truncation."""

from __future__ import annotations

from dataclasses import dataclass

from skill_ls.text import estimate_tokens


@dataclass(frozen=True)
class EntryInfo:
    """One skill's part of a rendering."""

    name: str
    characters: int  # of this entry as rendered (0 when left out)
    hidden: bool = False  # left out: hidden from the model
    truncated: bool = False  # shortened, or its description dropped, by a cap or budget
    omitted: bool = False  # left out entirely by a budget

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "characters": self.characters,
            "hidden": self.hidden,
            "truncated": self.truncated,
            "omitted": self.omitted,
        }


@dataclass(frozen=True)
class Rendering:
    """Text exactly as a client puts it in front of the model, with its measurements."""

    format: str
    text: str
    budget: int | None = None  # characters the client allows (None: no known cap)
    truncated_at: int | None = None  # offset in `text` where a cap first cuts
    entries: tuple[EntryInfo, ...] = ()
    client: str | None = None
    # What in this text the agent does not do the same way every run (sentences); the
    # text is one of the outcomes seen.
    varies: tuple[str, ...] = ()

    @property
    def characters(self) -> int:
        return len(self.text)

    @property
    def tokens(self) -> int:
        """Estimated tokens (characters / 4); an estimate, and labelled as one."""
        return estimate_tokens(self.text)

    def to_json(self) -> dict[str, object]:
        return {
            "client": self.client,
            "format": self.format,
            "text": self.text,
            "characters": self.characters,
            "tokensEstimate": self.tokens,
            "budget": self.budget,
            "truncatedAt": self.truncated_at,
            "entries": [entry.to_json() for entry in self.entries],
            "varies": list(self.varies),
        }
