"""Safety (SKL461, SKL462): secrets and home folders in SKILL.md (SKL463 has its own file)."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.rules import RULES, safety
from skill_ls.settings import Settings

from ..unit_helpers import r, run, skill

SAFETY = Settings(select=("SKL461", "SKL462"))

# Fake keys are assembled here from parts, so that no scanner reads a key in this file.
_RANDOM = random.Random(461)
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits


def noise(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_RANDOM.choice(alphabet) for _ in range(n))


def findings(body: str, code: str | None = None) -> list[Diagnostic]:
    # A check that says nothing proves nothing unless the rules run at all.
    assert {"SKL461", "SKL462"} <= RULES.keys()
    found = run(
        skill("name: my-skill", "description: Does things. Use when asked.", body=body),
        settings=SAFETY,
    )
    return [d for d in found if code is None or d.code == code]


# Line 4 is the first body line.
FIRST = 4

KEYS = {
    "AWS access key id": "AK" + "IA" + noise(16, UPPER),
    "GitHub token": "gh" + "p_" + noise(36),
    "GitHub token (OAuth)": "gh" + "o_" + noise(36),
    "GitHub token (server)": "gh" + "s_" + noise(36),
    "GitHub token (user)": "gh" + "u_" + noise(36),
    "GitHub fine-grained token": "github" + "_pat_" + noise(22) + "_" + noise(59),
    "Slack token": "xo"
    + "xb-"
    + noise(11, string.digits)
    + "-"
    + noise(12, string.digits)
    + "-"
    + noise(24),
    "Stripe live secret key": "sk" + "_live_" + noise(24),
    "OpenAI API key (project)": "sk" + "-proj-" + noise(120, ALNUM + "_-"),
    "OpenAI API key": "sk" + "-" + noise(48),
    "Anthropic API key": "sk" + "-ant-api03-" + noise(93, ALNUM + "_-"),
    "Google API key": "AI" + "za" + noise(35, ALNUM + "_-"),
}


@pytest.mark.parametrize("what", list(KEYS))
def test_keys_are_found_with_their_exact_range(what: str) -> None:
    key = KEYS[what]
    line = f"export TOKEN={key}  # {what}"
    found = findings(f"```sh\n{line}\n```\n", "SKL461")
    assert len(found) == 1, what
    assert found[0].severity is Severity.ERROR
    start = len("export TOKEN=")
    assert found[0].range == r(FIRST + 1, start, FIRST + 1, start + len(key))
    # The message names the kind and never holds the key, only its public prefix.
    assert key not in found[0].message
    assert key[8:20] not in found[0].message
    assert "AWS" in found[0].message or "token" in found[0].message or "key" in found[0].message


def test_keys_in_prose_and_frontmatter_are_found() -> None:
    key = KEYS["GitHub token"]
    text = skill("name: my-skill", f"description: Uses {key} to call GitHub. Use when asked.")
    found = [d for d in run(text, settings=SAFETY) if d.code == "SKL461"]
    assert [d.range for d in found] == [r(2, 18, 2, 18 + len(key))]
    assert "ghp_…" in found[0].message and key not in found[0].message


def test_the_message_names_the_file_the_key_is_in() -> None:
    key = KEYS["GitHub token"]
    text = skill("name: my-skill", f"description: Uses {key}. Use when asked.")
    [in_skill] = [d for d in run(text, settings=SAFETY) if d.code == "SKL461"]
    assert "is written in SKILL.md:" in in_skill.message
    # A root-level `*.md` skill (Kimi Code CLI's flat skills) is not a SKILL.md.
    [flat] = [d for d in run(text, settings=SAFETY, file_name="notes.md") if d.code == "SKL461"]
    assert "is written in notes.md:" in flat.message


PEM_BODY = "\n".join(noise(64, ALNUM + "+/") for _ in range(4))
BEGIN = "-----" + "BEGIN RSA PRIVATE KEY" + "-----"
END = "-----" + "END RSA PRIVATE KEY" + "-----"


def test_private_key_block_spans_begin_to_end() -> None:
    body = f"Key:\n\n{BEGIN}\n{PEM_BODY}\n{END}\n"
    found = findings(body, "SKL461")
    assert len(found) == 1
    assert found[0].range == r(FIRST + 2, 0, FIRST + 7, len(END))
    assert "private key" in found[0].message
    assert PEM_BODY.splitlines()[0] not in found[0].message


def test_private_key_in_a_json_string_with_escaped_line_breaks() -> None:
    pem = BEGIN + "\\n" + PEM_BODY.replace("\n", "\\n") + "\\n" + END
    found = findings(f'```json\n{{"private_key": "{pem}"}}\n```\n', "SKL461")
    assert len(found) == 1


@pytest.mark.parametrize(
    "text",
    [
        "AK" + "IA" + "IOSFODNN7" + "EXAMPLE",
        "gh" + "p_" + "x" * 36,
        "gh" + "p_" + "X" * 36,
        "gh" + "p_" + "your" + "TokenHereYourTokenHereYourTokenHe",
        "gh" + "p_" + "a" * 36,
        "sk" + "_live_" + "0" * 24,
        "sk" + "-" + "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUV",
        "AI" + "za" + "SyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q",
        "sk" + "-ant-...",
        "gh" + "p_...",
        "<your-key>",
        "sk" + "_test_" + noise(24),
        # Too short or too long to be the vendor's format.
        "gh" + "p_" + noise(20),
        "AK" + "IA" + noise(17, UPPER),
        "x" + "AK" + "IA" + noise(16, UPPER),
    ],
)
def test_placeholders_and_other_shapes_are_not_secrets(text: str) -> None:
    assert findings(f"```sh\nexport TOKEN={text}\n```\n", "SKL461") == []


@pytest.mark.parametrize(
    "block",
    [
        f"{BEGIN}\n...\n{END}\n",
        f"{BEGIN}\n<your key here>\n{END}\n",
        f'private_key = "{BEGIN}"\nsecret = "wJalrXUtn..."\nEntropy heuristic: strings\n',
        f"{BEGIN}\n" + "A" * 64 + f"\n{END}\n",
    ],
)
def test_private_key_placeholders_are_not_secrets(block: str) -> None:
    assert findings(block, "SKL461") == []


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("Run `python /Users/alice2/tools/x.py`.", "/Users/alice2/"),
        ("Data in /home/kmiller/data/file.csv here.", "/home/kmiller/"),
        ("Stored at `C:\\Users\\eve88\\Documents\\x.csv`.", "C:\\Users\\eve88\\"),
        ("Stored at C:/Users/eve88/Documents/x.csv.", "C:/Users/eve88/"),
        ('"path": "C:\\\\Users\\\\eve88\\\\x"', "C:\\\\Users\\\\eve88\\\\"),
        ("Open file:///Users/alice2/notes.md", "/Users/alice2/"),
    ],
)
def test_home_paths(line: str, path: str) -> None:
    found = findings(line + "\n", "SKL462")
    assert len(found) == 1
    assert found[0].severity is Severity.WARNING
    start = line.index(path)
    assert found[0].range == r(FIRST, start, FIRST, start + len(path))
    assert path in found[0].message


@pytest.mark.parametrize(
    "line",
    [
        "Use ~/tools/x.py or $HOME/tools/x.py or %USERPROFILE%\\tools.",
        "/Users/you/project/ and /home/user/project/ and /Users/<name>/x",
        "/Users/username/x/ /home/USERNAME/x/ C:\\Users\\YourName\\x\\ /Users/me/x/",
        "/Users/Shared/x/ /home/runner/work/ /home/vscode/x/ /home/agent/x/",
        "C:/Users/userName/x/ /home/u/x/ /Users/jdoe/x/",
        "https://example.com/home/kmiller/page and /api/Users/kmiller/x",
        "/Users/kmiller without a slash after it",
    ],
)
def test_home_path_placeholders(line: str) -> None:
    assert findings(line + "\n", "SKL462") == []


# A document is searched only when it holds a kind's literal text (the search is the rule's
# cost): every string a kind's pattern matches must hold one of that kind's.
@pytest.mark.parametrize("kind", sorted(safety._KINDS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_key_holds_the_literal_text_its_kind_is_looked_for_by(
    kind: str, data: st.DataObject
) -> None:
    _, pattern, anchors = safety._KINDS[kind]
    key = data.draw(st.from_regex(pattern, fullmatch=True))
    assert any(anchor in key for anchor in anchors)
    assert set(anchors) <= set(safety._SECRET_ANCHORS)


@settings(max_examples=200, deadline=None)
@given(text=st.from_regex(safety._HOME))
def test_every_home_path_holds_the_literal_text_it_is_looked_for_by(text: str) -> None:
    match = safety._HOME.search(text)
    assert match is not None
    assert any(anchor in match.group() for anchor in safety._HOME_ANCHORS)
