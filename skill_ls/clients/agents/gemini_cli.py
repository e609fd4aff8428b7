"""Gemini CLI (`gemini-cli`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.activation import Activation
from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

GEMINI_CLI_EXTENSION = BundleFormat(
    kind="extension",
    manifests=("gemini-extension.json",),
    required_keys=("name", "version"),
    name_rule=(r"[a-zA-Z0-9-]+", "letters (a-z, A-Z), digits and '-' only"),
    skills_folder="skills",
    listed_as="{skill}",
    skill_key="name",
    # Extensions load first (after the built-ins): a user or project skill with the same
    # name replaces an extension's and keeps its place.
    listed="after-builtins",
    root_variables=("${extensionPath}",),
    installed_under="~/.gemini/extensions",
    # `loadExtensions`: every folder of ~/.gemini/extensions, enabled unless
    # extension-enablement.json turns it off for the folder (not read here).
    installed_layout="folders",
    notes=(
        "An extension's skills (`skills/*/SKILL.md`) are listed under their own names, not "
        "namespaced; they load right after the built-ins, so a user or project skill of the "
        "same name replaces one (and is listed in its place). Installed extensions are the "
        "folders of ~/.gemini/extensions, read in the order the file system lists them; one "
        "that extension-enablement.json switches off is still shown. Seen in Gemini CLI "
        "0.61.0 with one installed extension (tests/fixtures/plugin-marketplace-observed, "
        "replayed byte for byte but for the built-ins' order, which varies)."
    ),
    provenance=Provenance(
        "cited",
        "@google/gemini-cli 0.61.0 (bundle): the extension loader (`gemini-extension.json` "
        "needs `name` and `version`; `validateName`: /^[a-zA-Z0-9-]+$/; skills from "
        "`<extension>/skills`) and `SkillManager.discoverSkills` (built-ins, extensions, "
        "user, workspace: a later copy replaces an earlier one), `loadExtensions` (each folder "
        "of ~/.gemini/extensions) and `ExtensionEnablementManager.isEnabled` (on by default)",
    ),
)

_NEWEST = Client(
    id="gemini-cli",
    name="Gemini CLI",
    discovery=Discovery(
        # A SKILL.md directly in a root is a skill too, and the folders beside it load as
        # well (lab scenario root-skill-md).
        root_skill_md="skill",
        # Loaded in this order (after the built-ins): ~/.gemini, ~/.agents, then the
        # project's .gemini and .agents; only folders directly below a root.
        project_roots=(".gemini/skills", ".agents/skills"),
        user_roots=("~/.gemini/skills", "~/.agents/skills"),
        root_order="name-descending",
        # glob("*/SKILL.md"): no dot folders, no ignore files; the body keeps its CRLFs.
        skip_dot_entries=True,
        loads_ignored=True,
    ),
    reading=Reading(
        # `name: "  x  "` keeps its spaces (lab scenario untrimmed-fields).
        trims_name=False,
        # js-yaml is strict, but a block it rejects is read again line by line (see
        # `field_reader`): an unquoted `: ` does not drop the skill.
        yaml="lenient",
        # js-yaml, per the observation above; the package is bundled (`npm view
        # @google/gemini-cli dependencies` lists none), so its major version is not checked
        # here: only what js-yaml 3 and 4 both read as numbers is judged.
        yaml_loader="js-yaml",
        field_reader="yaml-else-lines",
        name_unsafe_chars=':\\/<>*?"|',
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
    ),
    clashes=Clashes(
        # A later copy replaces an earlier one but keeps its place in the list.
        clash="last-wins",
        clash_keeps_place=True,
        order_note="Gemini CLI lists a folder's skills as concurrent file reads finish: "
        "usually by folder name, descending, but the order can change between runs",
    ),
    listing=Listing(
        format="gemini-available-skills",
    ),
    activation=Activation(
        line_ends="kept",
        format="gemini-activated",
    ),
    notes=(
        "The last copy loaded wins (project over user, `.agents` over `.gemini`) and is "
        "listed where the first copy was; workspace skills only in trusted folders. "
        "Within a root, skills are listed in descending name order (Node sorts each "
        "folder's entries, glob's path cache lists them backwards) as a rule, but the "
        "order is set by concurrent file checks and can vary, the built-ins' too."
    ),
    provenance=Provenance("observed", "Gemini CLI 0.61.0"),
    # Cited, not observed: the format carries its own provenance.
    bundles=(GEMINI_CLI_EXTENSION,),
    markup=shown_as_written("Gemini CLI 0.61.0"),
    mentions=MentionFacts(frozenset(), observed_in_probe("Gemini CLI 0.61.0")),
    install=AgentInstall(("gemini",), "@google/gemini-cli"),
    mcp_skills=no_client_in("@google/gemini-cli 0.61.0"),
)


# Gemini CLI before 0.47.0 (lab record gemini-cli-0.45.2, bisected between published
# versions; 0.44.0 answered alike, 0.47.0, 0.51.0 and 0.58.0 as 0.61.0) has no built-in
# `antigravity-support`: its row is the newest's, observed there
# (`skill_ls/data/builtins/gemini-cli@0.45.2.json`).
CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="0.47.0",
            change="no built-in `antigravity-support`",
            row=_NEWEST.observed_at("0.45.2"),
        ),
    ),
)
