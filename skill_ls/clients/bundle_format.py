"""How a client installs skills shipped in a bundle (a plugin or an extension): the
`Client.bundles` column. Read by `workspace/bundles.py` and the manifest rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skill_ls.clients.provenance import Provenance

BundleKind = Literal["plugin", "extension"]
# What `{skill}` in `BundleFormat.listed_as` is: "folder" (the skill's folder name) |
# "name" (its `name`, else its folder name).
BundleSkillKey = Literal["folder", "name"]
# Where the client lists a bundle's skills: "after-builtins" (before the skills it finds) |
# "after-found" (after them, before built-ins listed last).
BundleListed = Literal["after-builtins", "after-found"]
# How `BundleFormat.installed_under` holds installed bundles (see the column).
InstalledLayout = Literal["folders", "claude-records", ""]


@dataclass(frozen=True)
class BundleFormat:
    """How a client installs skills shipped in a bundle (a plugin or an extension): the
    manifest that makes a folder a bundle, where the bundle's skills live, and the name the
    client lists each one under once the bundle is installed. Its facts carry their own
    provenance (a bundle format is often cited where the client's skills were observed)."""

    kind: BundleKind
    # Manifest files that make a folder a bundle root, relative to it (the first found).
    manifests: tuple[str, ...]
    provenance: Provenance
    # Keys the manifest must set (the client refuses the bundle without them).
    required_keys: tuple[str, ...] = ("name",)
    # (regular expression, the rule in words) the manifest's `name` must fully match.
    name_rule: tuple[str, str] | None = None
    # (regular expression searched in a plugin's name, the rule in words): names the
    # client's own validator reports as reserved although the client still installs them.
    reserved_names: tuple[str, str] | None = None
    # The folder below the root whose sub-folders are the bundle's skills.
    skills_folder: str = "skills"
    # The manifest key naming further skill folders (`./` paths relative to the root, one
    # or a list), or None when the format has no such key.
    skills_key: str | None = None
    # Files (relative to a marketplace root) that list several bundles with their `source`.
    marketplaces: tuple[str, ...] = ()
    # Keys a marketplace file must set, and the rule its `name` follows (regex, in words).
    marketplace_keys: tuple[str, ...] = ("name", "plugins")
    marketplace_name_rule: tuple[str, str] | None = None
    # How a bundle's skill is listed: `{bundle}` is the manifest's name, `{skill}` the key.
    listed_as: str = "{skill}"
    # What `{skill}` is: "folder" (the skill's folder name) | "name" (its `name`, else its
    # folder name).
    skill_key: BundleSkillKey = "name"
    # A regular expression of the characters replaced with "-" in `{skill}`.
    skill_unsafe: str = ""
    # Where the client lists a bundle's skills: "after-builtins" (before the skills it
    # finds) | "after-found" (after them, before built-ins listed last).
    listed: BundleListed = "after-found"
    # Variables the client replaces in a bundle's files with the bundle's installed root.
    root_variables: tuple[str, ...] = ()
    # Where installed bundles live, below the user's home.
    installed_under: str = ""
    # How `installed_under` holds them: "folders" (each folder directly below it is one
    # bundle, and every one is loaded: skill-ls lists their skills) | "claude-records"
    # (Claude Code's: `installed_records` gives each plugin's install folder per scope, and
    # the `enabledPlugins` of the settings file `enabled_in` says which plugins load, in its
    # order; skill-ls lists the user-scope ones whose folder is inside `installed_under`,
    # except those of a marketplace that `known_marketplaces` says is a local folder) | ""
    # (a layout of the agent's own, with its install records: not read).
    installed_layout: InstalledLayout = ""
    # For "claude-records": the files read, below the user's home (`~/...`).
    installed_records: str = ""
    enabled_in: str = ""
    known_marketplaces: str = ""
    notes: str = ""

    def describe(self) -> str:
        """The format in words, for `skill-ls clients` and docs/clients.md."""
        manifests = ", ".join(f"`{manifest}`" for manifest in self.manifests)
        needs = ", ".join(f"`{key}`" for key in self.required_keys)
        parts = [f"{self.kind}: a folder with {manifests} (needs {needs})"]
        if self.name_rule is not None:
            parts.append(f"`name`: {self.name_rule[1]}")
        if self.reserved_names is not None:
            parts.append(
                f"reserved names (installed, reported by its validator): {self.reserved_names[1]}"
            )
        skills = f"skills in `{self.skills_folder}/`"
        if self.skills_key:
            skills += f" and the folders the manifest's `{self.skills_key}` names"
        parts.append(skills)
        if self.marketplaces:
            listed = ", ".join(f"`{path}`" for path in self.marketplaces)
            parts.append(f"marketplaces: {listed}")
        key = "the skill's folder name" if self.skill_key == "folder" else "the skill's name"
        if self.skill_unsafe:
            key += f" (characters matching `{self.skill_unsafe}` made `-`)"
        parts.append(f"listed as `{self.listed_as}`, `{{skill}}` being {key}")
        where = (
            "after the built-ins" if self.listed == "after-builtins" else "after the skills found"
        )
        parts.append(f"listed {where}")
        if self.root_variables:
            names = ", ".join(f"`{name}`" for name in self.root_variables)
            parts.append(f"{names}: replaced by the installed root")
        if self.installed_under:
            read = " (not read)"
            if self.installed_layout == "folders":
                read = ""
            elif self.installed_layout == "claude-records":
                read = (
                    f" (read: the user-scope plugins of `{self.installed_records}` that "
                    f"`{self.enabled_in}` enables)"
                )
            parts.append(f"installed under `{self.installed_under}`{read}")
        text = "; ".join(parts) + "."
        if self.notes:
            text += " " + self.notes
        return f"{text} ({self.provenance.describe()})"
