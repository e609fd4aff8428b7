"""Body rules (SKL4xx): size guidance and the files the body points at."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, covered, find, one, r, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
BODY = Settings(select=("SKL4",))
FILES = {
    "SKILL.md",
    "references/forms.md",
    "references/my file.md",
    "references/deep/more.md",
    "scripts/run.py",
    "LICENSE.txt",
    "README.md",
    "agents/openai.yaml",
    ".gitignore",
}
DIRS = {"references", "references/deep", "scripts", "agents"}


def body_findings(
    body: str, files: set[str] | None = None, dirs: set[str] = DIRS
) -> list[Diagnostic]:
    return run(skill(NAME, DESC, body=body), settings=BODY, files=files, dirs=dirs)


def text_of(body: str) -> str:
    return skill(NAME, DESC, body=body)


# Line numbers: the frontmatter is lines 0-3, the body starts on line 4.
B = 4


# --- Size ------------------------------------------------------------------------------------


def test_line_count_boundary() -> None:
    at_limit = "x\n" * (500 - 4)  # 4 frontmatter lines + 496 body lines
    assert len(text_of(at_limit).splitlines()) == 500
    assert body_findings(at_limit) == []
    over = at_limit + "x\n"
    diag = one(body_findings(over), "SKL401")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(500, 0, 500, 1)  # the 501st line
    assert diag.message.startswith("SKILL.md has 501 lines (recommended: under 500)")


def test_line_count_without_a_final_newline() -> None:
    assert body_findings("x\n" * 495 + "x") == []
    assert "SKL401" in codes(body_findings("x\n" * 496 + "x"))


def test_line_count_with_crlf() -> None:
    text = text_of("x\n" * 497).replace("\n", "\r\n")
    assert "SKL401" in codes(run(text, settings=BODY))
    text = text_of("x\n" * 496).replace("\n", "\r\n")
    assert "SKL401" not in codes(run(text, settings=BODY))


def test_token_estimate_boundary() -> None:
    # 20,000 characters is 5,000 tokens (characters / 4); one more is 5,001.
    at_limit = "y" * 19_999 + "\n"
    assert body_findings(at_limit) == []
    diag = one(body_findings("y" * 20_000 + "\n"), "SKL402")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(B, 0, B, 20_000)
    assert "about 5,001 tokens (estimated as characters / 4)" in diag.message


def test_token_estimate_counts_code_points() -> None:
    assert body_findings("😀" * 19_999 + "\n") == []
    assert "SKL402" in codes(body_findings("😀" * 20_001))


def test_size_of_a_file_without_frontmatter() -> None:
    found = run("x\n" * 501, settings=BODY)
    assert "SKL401" in codes(found)


def test_empty_body() -> None:
    diag = one(body_findings("\n  \n"), "SKL409")
    assert diag.range == r(3, 0, 3, 3)
    assert body_findings("Do it.\n") == []


def test_unclosed_frontmatter_has_no_body_findings() -> None:
    assert run("---\nname: x\n" + "x\n" * 600, settings=BODY) == []


# --- References ------------------------------------------------------------------------------


def test_existing_references_are_fine() -> None:
    body = (
        "Read [forms](references/forms.md#fields) and [more](./references/forms.md?x).\n"
        "Run `scripts/run.py`. See [the folder](references/).\n"
        "[enc](references/my%20file.md) [angle](<references/my file.md>)\n"
        "[self](SKILL.md)\n"
    )
    found = body_findings(body, files=FILES)
    assert [d for d in found if d.code != "SKL408"] == []


def test_missing_file() -> None:
    body = "See [the guide](references/guide.md#intro).\n"
    text = text_of(body)
    diag = one(body_findings(body, files=FILES), "SKL403")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(B, 16, B, 35)
    assert covered(text, diag.range) == "references/guide.md"
    assert diag.data == {"path": "references/guide.md"}
    create = diag.fixes[0]
    assert [c.relative_path for c in create.creates] == ["references/guide.md"]
    assert not create.safe


def test_missing_file_in_inline_code() -> None:
    diag = one(body_findings("Run `scripts/build.sh` first.\n", files=FILES), "SKL403")
    assert diag.range == r(B, 5, B, 21)


def test_inline_code_outside_bundled_folders_is_not_a_reference() -> None:
    found = body_findings("Edit `src/app.py` and `config.yaml`.\n", files=FILES)
    assert [c for c in codes(found) if c != "SKL408"] == []


def test_fenced_code_is_not_searched() -> None:
    body = "```bash\ncat references/none.md\n[x](references/none.md)\n```\n"
    assert find(body_findings(body, files=FILES), "SKL403") == []


def test_references_are_not_checked_without_a_file_list() -> None:
    assert body_findings("See [x](references/none.md).\n", files=None) == []


def test_url_encoded_missing_file() -> None:
    diag = one(body_findings("[x](references/no%20such.md)\n", files=FILES), "SKL403")
    assert diag.data == {"path": "references/no such.md"}


@pytest.mark.parametrize(
    "target",
    ["../shared/x.md", "references/../../x.md", "..", "./../x.md", "..\\x.md"],
)
def test_outside_the_skill_folder(target: str) -> None:
    # Without the file system around it, a skill is judged as a folder installed alone.
    found = body_findings(f"See [x]({target}).\n", files=FILES)
    diag = one(found, "SKL404")
    assert diag.severity is Severity.WARNING
    assert "a skill is installed as its own folder" in diag.message
    assert diag.range == r(B, 8, B, 8 + len(target))
    assert "SKL403" not in codes(found)


@pytest.mark.parametrize(
    "target",
    [
        "/etc/passwd",
        "~/notes/x.md",
        "file:///home/me/x.md",
        "FILE:x.md",
        "C:\\Users\\me\\x.md",
        "d:/work/x.md",
        "\\\\server\\share\\x.md",
    ],
)
def test_absolute_paths(target: str) -> None:
    found = body_findings(f"See [x]({target}).\n", files=FILES)
    diag = one(found, "SKL405")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(B, 8, B, 8 + len(target))
    assert [c for c in codes(found) if c in ("SKL403", "SKL404", "SKL406")] == []


def test_backslashes_with_fix() -> None:
    body = "See [x](references\\forms.md).\n"
    text = text_of(body)
    found = body_findings(body, files=FILES)
    diag = one(found, "SKL406")
    assert diag.range == r(B, 8, B, 27)
    assert "SKL403" not in codes(found)  # the file exists once the separator is fixed
    fixed = apply_fix(text, diag.fixes[0])
    assert "See [x](references/forms.md)." in fixed
    after = run(fixed, settings=BODY, files=FILES, dirs=DIRS)
    assert [c for c in codes(after) if c != "SKL408"] == []


def test_deeper_than_one_level() -> None:
    found = body_findings("[x](references/deep/more.md)\n", files=FILES)
    diag = one(found, "SKL407")
    assert diag.severity is Severity.INFO
    assert diag.range == r(B, 4, B, 27)
    assert "SKL403" not in codes(found)
    assert "SKL407" not in codes(body_findings("[x](references/forms.md)\n", files=FILES))
    # `./` and `a/../` do not count as levels.
    found = body_findings("[x](./references/../references/forms.md)\n", files=FILES)
    assert "SKL407" not in codes(found)


def test_urls_are_not_references() -> None:
    body = "[a](https://example.com/x.md) [b](mailto:me@example.com) [c](#section)\n"
    assert find(body_findings(body, files=FILES), "SKL403") == []


# --- Unreferenced bundled files --------------------------------------------------------------


def test_unreferenced_files_are_hints() -> None:
    found = body_findings("Nothing mentioned.\n", files=FILES)
    unreferenced = find(found, "SKL408")
    assert [d.data["path"] for d in unreferenced] == [
        "references/deep/more.md",
        "references/forms.md",
        "references/my file.md",
        "scripts/run.py",
    ]
    assert all(d.severity is Severity.HINT for d in unreferenced)
    assert all(d.range == r(0, 0, 0, 3) for d in unreferenced)


def test_files_mentioned_in_any_way_are_referenced() -> None:
    body = (
        "Use forms.md for fields.\n"  # by name in prose
        "```\npython scripts/run.py\n```\n"  # inside a code block
        "[deep](references/deep/)\n"  # a folder covers its files
        "`references/my file.md`\n"
    )
    assert find(body_findings(body, files=FILES), "SKL408") == []


def test_unreferenced_files_are_capped() -> None:
    files = {f"assets/img{i}.png" for i in range(30)}
    assert len(find(body_findings("Nothing.\n", files=files), "SKL408")) == 20


def test_no_unreferenced_hints_without_frontmatter() -> None:
    assert find(run("body\n", settings=BODY, files=FILES), "SKL408") == []
