"""Observations and their golden files.

A golden holds only what the agent tells its model about the lab's own fixture skills: the
catalog section and the activation text, extracted from the recorded requests, with the
run's temporary folders written as `<WORKSPACE>`, `<HOME>` and `<AGENT>` (the agent's install
folder). Whole requests are never kept: they carry each agent's full system prompt.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

# The goldens; `CLIENTLAB_GOLDENS` names another tree of the same layout (the replay of an
# older version's record, `clientlab/older.py`, points it at that version's).
GOLDENS = Path(os.environ.get("CLIENTLAB_GOLDENS") or Path(__file__).parent / "goldens")


@dataclass
class Activation:
    skill: str
    arguments: str
    # What the model received after asking for the skill; None when the agent refused.
    text: str | None
    # The agent's answer when it refused (normalised), else None.
    refusal: str | None = None


@dataclass
class Observation:
    agent: str  # the skill-ls client id
    package: str
    version: str
    scenario: str
    # Names in the catalog, in its order, as the agent lists them (built-ins included).
    listed: list[str]
    catalog: str | None  # the skills section of the request; None: no section at all
    activation: Activation | None = None
    notes: list[str] = field(default_factory=list)

    def folder(self, root: Path = GOLDENS) -> Path:
        return root / self.agent / self.scenario

    def write(self, root: Path = GOLDENS) -> Path:
        return self.write_to(self.folder(root))

    def write_to(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("catalog.txt", "activation.txt"):
            (folder / name).unlink(missing_ok=True)
        meta = asdict(self)
        if self.catalog is not None:
            (folder / "catalog.txt").write_text(self.catalog, encoding="utf-8", newline="")
        meta["catalog"] = "catalog.txt" if self.catalog is not None else None
        if self.activation is not None and self.activation.text is not None:
            (folder / "activation.txt").write_text(
                self.activation.text, encoding="utf-8", newline=""
            )
            meta["activation"]["text"] = "activation.txt"
        (folder / "observation.json").write_text(
            json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        return folder

    @classmethod
    def read(cls, folder: Path) -> Observation:
        meta = json.loads((folder / "observation.json").read_text(encoding="utf-8"))
        catalog = None
        if meta["catalog"] is not None:
            catalog = (folder / meta["catalog"]).read_bytes().decode("utf-8")
        activation = None
        if meta.get("activation") is not None:
            data = meta["activation"]
            text = None
            if data["text"] is not None:
                text = (folder / data["text"]).read_bytes().decode("utf-8")
            activation = Activation(data["skill"], data["arguments"], text, data.get("refusal"))
        return cls(
            agent=meta["agent"],
            package=meta["package"],
            version=meta["version"],
            scenario=meta["scenario"],
            listed=list(meta["listed"]),
            catalog=catalog,
            activation=activation,
            notes=list(meta.get("notes") or []),
        )


def all_goldens(root: Path = GOLDENS) -> list[Observation]:
    """The first variant of every golden."""
    return [Observation.read(path.parent) for path in sorted(root.glob("*/*/observation.json"))]


def variants(observation: Observation, root: Path = GOLDENS) -> list[Observation]:
    """Every variant recorded for this agent and scenario: the golden itself, then
    `variant-2/`, `variant-3/`... (an agent that answers differently from run to run)."""
    folder = observation.folder(root)
    found = [Observation.read(folder)] if (folder / "observation.json").exists() else []
    extra = sorted(folder.glob("variant-*/observation.json"), key=lambda p: p.parent.name)
    return found + [Observation.read(path.parent) for path in extra]


def same(a: Observation, b: Observation) -> bool:
    return (a.listed, a.catalog, a.activation) == (b.listed, b.catalog, b.activation)


def same_but_order(a: Observation, b: Observation) -> bool:
    """The same catalog entries (`<skill>` blocks) in another order, and the same
    activation: what an agent that lists skills as concurrent reads finish may send."""
    if not _same_activation_but_order(a.activation, b.activation):
        return False
    if sorted(a.listed) != sorted(b.listed):
        return False
    if a.catalog is None or b.catalog is None:
        return a.catalog == b.catalog
    return same_entries(a.catalog, b.catalog)


def _same_activation_but_order(a: Activation | None, b: Activation | None) -> bool:
    """The same activation, or the same refusal but for the order of the skills it names
    (Continue CLI's `Skill "x" not found. Available skills: a, b, c` lists them in the
    order its concurrent reads finished)."""
    if a is None or b is None or a.refusal is None or b.refusal is None:
        return a == b
    return (a.skill, a.arguments, a.text) == (b.skill, b.arguments, b.text) and _refusal_names(
        a.refusal
    ) == _refusal_names(b.refusal)


# The list of skills a refusal offers instead: `... Available skills: a, b, c`.
_OFFERED = re.compile(r"(.*Available skills: )([^\n]*)", re.DOTALL)


def _refusal_names(refusal: str) -> tuple[str, list[str]]:
    offered = _OFFERED.fullmatch(refusal)
    if offered is None:
        return refusal, []
    return offered.group(1), sorted(offered.group(2).split(", "))


def same_entries(a: str, b: str) -> bool:
    """Two catalogs with the same entries, in any order."""
    return _entries(a) == _entries(b)


# A catalog of names only: `Available skills: a, b.` (Cline CLI).
_NAMES_ONLY = re.compile(r"([^\n:]*: )(.*)(\.)", re.DOTALL)


def _entries(catalog: str) -> tuple[str, list[str], str]:
    """(text before the first entry, the entries sorted, text after the last)."""
    first, last = catalog.find("<skill>"), catalog.rfind("</skill>")
    if (first == -1 or last == -1) and _NAME_ENTRY in catalog:
        return _name_entries(catalog)
    if first == -1 or last == -1:
        names = _NAMES_ONLY.fullmatch(catalog)
        if names is not None:
            return names.group(1), sorted(names.group(2).split(", ")), names.group(3)
        return catalog, [], ""
    body = catalog[first : last + len("</skill>")]
    blocks = [block.strip() for block in body.split("<skill>") if block.strip()]
    return catalog[:first], sorted(blocks), catalog[last + len("</skill>") :]


# Continue CLI's entries: `\nname: ...\ndescription: ...\n`, joined by `,`.
_NAME_ENTRY = "\nname: "


def _name_entries(catalog: str) -> tuple[str, list[str], str]:
    """`_entries` of a catalog of `name:`/`description:` entries joined by `,`."""
    first = catalog.find(_NAME_ENTRY)
    body = catalog[first + len(_NAME_ENTRY) :].removesuffix("\n")
    return catalog[:first], sorted(body.split("\n," + _NAME_ENTRY)), ""


def write_variants(found: list[Observation], root: Path = GOLDENS) -> Path:
    """Write distinct observations of one agent and scenario: the first as the golden,
    the others as `variant-N/` beside it (older variants are replaced)."""
    distinct: list[Observation] = []
    for observation in found:
        if not any(same(observation, kept) for kept in distinct):
            distinct.append(observation)
    folder = distinct[0].write(root)
    for old in folder.glob("variant-*"):
        for child in old.iterdir():
            child.unlink()
        old.rmdir()
    for number, observation in enumerate(distinct[1:], start=2):
        observation.write_to(folder / f"variant-{number}")
    return folder


def normalise(text: str, replacements: dict[str, str]) -> str:
    """Temporary folders → placeholders, longest first (a home inside the base folder)."""
    for path, placeholder in sorted(replacements.items(), key=lambda item: -len(item[0])):
        if path:
            text = text.replace(path, placeholder)
    return text


def denormalise(text: str, replacements: dict[str, str]) -> str:
    for path, placeholder in replacements.items():
        text = text.replace(placeholder, path)
    return text
