"""Agents considered for the client lab and not observed, each with the reason, as found:
the package and version examined, whether that version loads Agent Skills (read from the
package), and why the lab cannot run it offline against its mock model. docs/clients.md
lists them (`skill-ls clients --format markdown`); nothing here is guessed behaviour, and
none of these agents gets a client row until it is observed or its source is cited."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Considered:
    name: str
    package: str  # registry and package name, e.g. "npm @ampcode/cli"
    version: str  # the version examined
    # Whether that version loads SKILL.md skills, and how we know ("yes: ...", "not known: ...").
    loads_skills: str
    reason: str  # why it is not observed


CONSIDERED: tuple[Considered, ...] = (
    Considered(
        name="Amp",
        package="npm @ampcode/cli",
        version="0.0.1790142911-g7618fb",
        loads_skills="yes: `amp skill add`, `list`, `remove` and `info` manage them",
        reason=(
            "needs an Amp account: without `AMP_API_KEY` even `amp skill list` starts a login "
            "flow, and model requests go through Amp's own service "
            "(`AMP_URL`), an API the lab's mock does not speak. The newest @ampcode/cli "
            "(0.0.1790712063-gb89205) has no linux-x64 binary published yet; the newest one "
            "that has was examined"
        ),
    ),
    Considered(
        name="Auggie (Augment Code)",
        package="npm @augmentcode/auggie",
        version="0.36.0",
        loads_skills="yes: its bundle reads skills from `.augment/skills`",
        reason=(
            "needs an Augment session (`auggie login` or `AUGMENT_SESSION_AUTH` with an access "
            "token and a tenant URL); pointed at the lab's mock, it calls Augment's own tenant "
            "API (`/get-models`, `/settings/get-mcp-tenant-configs`, "
            "`/agents/list-remote-tools`), not a model API"
        ),
    ),
    Considered(
        name="Command Code",
        package="npm command-code",
        version="1.64.0",
        loads_skills=(
            "yes: its bundle reads `.commandcode/skills` and `.agents/skills` and writes an "
            "`<available_skills>` block"
        ),
        reason=(
            "does not start as installed: its dependency range resolves "
            "@opentelemetry/semantic-conventions 1.45.0, which lacks the default export it "
            "imports; with 1.30.0 forced it starts, but `cmd -p` talks only to Command Code's "
            "own service (`/alpha/fingerprint/record`, `/alpha/generate`), not a model API "
            "the lab's mock speaks (its base URL moves only under an internal sandbox "
            "variable), and its Anthropic, Codex and Copilot providers are OAuth logins"
        ),
    ),
    Considered(
        name="Crush",
        package="npm @charmland/crush",
        version="0.96.1",
        loads_skills="not known: the npm package holds only an installer",
        reason=(
            "does not install here: its postinstall script downloads the binary from "
            "github.com release assets, which cannot be reached (only package registries can)"
        ),
    ),
    Considered(
        name="Hermes Agent",
        package="PyPI hermes-agent",
        version="0.19.0",
        loads_skills=(
            "yes: in a trial run its system prompt listed a skill of `~/.hermes/skills` in "
            "`<available_skills>` (not one of the project's `.agents/skills`)"
        ),
        reason=(
            "not observed yet: it runs offline (`hermes -z PROMPT` with a `custom` provider "
            "in `~/.hermes/config.yaml` was answered by the lab's mock, no account), but it "
            "is a Python package (3.11 to 3.13) and the lab installs its agents from npm only"
        ),
    ),
    Considered(
        name="Letta Code",
        package="npm @letta-ai/letta-code",
        version="0.32.18",
        loads_skills=(
            "yes: in a trial run its system prompt listed skills of `.agents/skills`, "
            "`.skills` and its own bundled `skills/` folder as a tree in `<available_skills>`"
        ),
        reason=(
            "not observed yet: it runs offline only with `--backend local` under "
            "`LETTA_LOCAL_BACKEND_EXPERIMENTAL=1` and a provider saved by `letta connect "
            "llama-cpp --base-url URL` (the OpenAI and Anthropic base URL variables are "
            "ignored: a catalog model failed with a connection error); then `letta -p` "
            "sent the mock a Chat Completions request with a `Skill` tool, no account"
        ),
    ),
    Considered(
        name="Mistral Vibe",
        package="PyPI mistral-vibe",
        version="3.0.3",
        loads_skills="yes: `vibe/core/skills/manager.py` reads `.vibe/skills` and `.agents/skills`",
        reason=(
            "cannot run here: it requires Python 3.12 or later, and this machine and its "
            "Debian packages offer Python 3.11 only (pip there sees only the yanked 0.0.0)"
        ),
    ),
    Considered(
        name="Qoder CLI",
        package="npm @qoder-ai/qodercli",
        version="1.1.52",
        loads_skills=(
            "yes: its bundle (strings obfuscated) has `/skills`, skill activation messages "
            "and built-in skills (`bundle/builtin/skill-creator`)"
        ),
        reason=(
            "needs a Qoder account: `qodercli -p` answers `Not logged in · Please run "
            "/login` before any model request, even with a bring-your-own-key model in "
            "`customModels` of `~/.qoder/settings.json`; its strings say such models "
            "require sign-in and may not be available for an account"
        ),
    ),
)
