"""`python -m clientlab.openai_yaml_probe`: what Codex makes of a skill's `agents/openai.yaml`.

One run of the pinned Codex on a workspace of one skill per variant of the file. Every
variant but the controls sets `policy.allow_implicit_invocation: false`, which hides the skill
from the catalog only when Codex reads the file: a variant whose skill is still listed is one
whose file Codex ignored whole. Prints each variant's outcome beside the one the field table
(`skill_ls/clients/openai_yaml_fields.py`) and the rules SKL607-SKL612 are built on, and exits 1
when any differs. Not a golden: the outcome is a fact the field table cites, observed here.
"""

from __future__ import annotations

import sys

from clientlab.drivers import DRIVERS
from clientlab.install import ensure_agents
from clientlab.runner import RunFailed, observe
from clientlab.scenarios import Scenario, skill

HIDE = "policy:\n  allow_implicit_invocation: false\n"
LISTED, HIDDEN = "listed", "hidden"

# variant → (file text, what Codex did with the skill: the same at 0.169.0 and 0.171.0)
VARIANTS: dict[str, tuple[str, str]] = {
    "read-whole": (HIDE, HIDDEN),
    "unknown-top-key": (HIDE + "extra_key: 1\n", HIDDEN),
    "unknown-interface-key": (HIDE + "interface:\n  display_nam: X\n", HIDDEN),
    "number-as-text": (HIDE + "interface:\n  display_name: 5\n", HIDDEN),
    "bool-as-text": (HIDE + "interface:\n  display_name: true\n", HIDDEN),
    "list-as-text": (HIDE + "interface:\n  display_name: [a, b]\n", LISTED),
    "mapping-as-text": (HIDE + "interface:\n  display_name: {a: b}\n", LISTED),
    "interface-text": (HIDE + "interface: hello\n", LISTED),
    "colour-not-hex": (HIDE + "interface:\n  brand_color: red\n", HIDDEN),
    "name-too-long": (HIDE + "interface:\n  display_name: " + "x" * 70 + "\n", HIDDEN),
    "icon-outside-assets": (HIDE + "interface:\n  icon_small: ../x.png\n", HIDDEN),
    "empty-name": (HIDE + "interface:\n  display_name: ''\n", HIDDEN),
    "policy-quoted": ('policy:\n  allow_implicit_invocation: "false"\n', LISTED),
    "policy-no": ("policy:\n  allow_implicit_invocation: no\n", LISTED),
    "policy-capital-false": ("policy:\n  allow_implicit_invocation: False\n", HIDDEN),
    "policy-zero": ("policy:\n  allow_implicit_invocation: 0\n", LISTED),
    "policy-unknown-key": ("policy:\n  bogus: 1\n  allow_implicit_invocation: false\n", HIDDEN),
    "products-unknown": (HIDE + "  products: [nonsense]\n", LISTED),
    "products-capitalised": (HIDE + "  products: [Codex]\n", LISTED),
    "products-capitals": (HIDE + "  products: [CODEX]\n", HIDDEN),
    "products-text": (HIDE + "  products: codex\n", LISTED),
    "products-codex": ("policy:\n  products: [codex]\n", LISTED),
    "products-chatgpt": ("policy:\n  products: [chatgpt]\n", HIDDEN),
    "products-atlas-capitals": ("policy:\n  products: [ATLAS]\n", HIDDEN),
    "tools-text": (HIDE + "dependencies:\n  tools: mcp\n", LISTED),
    "tool-text": (HIDE + "dependencies:\n  tools: [mcp]\n", LISTED),
    "tool-without-value": (HIDE + "dependencies:\n  tools:\n    - type: mcp\n", HIDDEN),
    "top-level-list": ("- a\n- b\n", LISTED),
    "not-yaml": (HIDE + "interface: [unclosed\n", LISTED),
    "duplicate-key": (HIDE + "policy:\n  allow_implicit_invocation: true\n", LISTED),
    "tab-indent": ("policy:\n\tallow_implicit_invocation: false\n", LISTED),
    "second-document": (HIDE + "---\nfoo: 1\n", LISTED),
    "alias": ("x: &a false\npolicy:\n  allow_implicit_invocation: *a\n", HIDDEN),
    "byte-order-mark": ("\ufeff" + HIDE, HIDDEN),
}


def scenario() -> Scenario:
    files: dict[str, str] = {"{project}/no-sidecar/SKILL.md": skill("no-sidecar", "No file.")}
    for name, (text, _) in VARIANTS.items():
        files[f"{{project}}/{name}/SKILL.md"] = skill(name, f"Probe {name}.")
        files[f"{{project}}/{name}/agents/openai.yaml"] = text
    return Scenario("openai-yaml-probe", "agents/openai.yaml variants", files)


def main() -> int:
    try:
        observation = observe(DRIVERS["codex"], scenario(), ensure_agents())
    except RunFailed as error:
        print(f"openai_yaml_probe: {error}", file=sys.stderr)
        return 2
    listed = set(observation.listed)
    differ = 0
    print(f"{observation.package} {observation.version}")
    for name, (_, expected) in VARIANTS.items():
        seen = LISTED if name in listed else HIDDEN
        differ += seen != expected
        mark = "" if seen == expected else f"   (expected {expected})"
        print(f"  {name:26} {seen}{mark}")
    if "no-sidecar" not in listed:
        print("  the control skill without a sidecar is not listed", file=sys.stderr)
        return 2
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
