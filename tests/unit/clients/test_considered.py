"""The agents considered and not observed: recorded with a version and a reason, never as a
row, and rendered in docs/clients.md."""

from __future__ import annotations

from skill_ls.clients.considered import CONSIDERED
from skill_ls.clients.describe import clients_markdown
from skill_ls.clients.table import CLIENTS


def test_every_entry_says_what_was_examined_and_why_not() -> None:
    assert [c.name for c in CONSIDERED] == sorted(c.name for c in CONSIDERED)
    for entry in CONSIDERED:
        assert entry.package.startswith(("npm ", "PyPI ")), entry
        assert entry.version[:1].isdigit(), entry
        assert entry.loads_skills.startswith(("yes: ", "no: ", "not known: ")), entry
        assert entry.reason, entry
        # A markdown table cell cannot hold a bare pipe.
        assert "|" not in entry.loads_skills + entry.reason + entry.version, entry


def test_a_considered_agent_has_no_row() -> None:
    rows = {client.name for client in CLIENTS}
    assert not {entry.name for entry in CONSIDERED} & rows


def test_docs_list_them_last() -> None:
    text = clients_markdown()
    section = text[text.index('## <a id="considered"></a>Considered, not observed') :]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == [
        "Amp",
        "Auggie (Augment Code)",
        "Command Code",
        "Crush",
        "Hermes Agent",
        "Letta Code",
        "Mistral Vibe",
        "Qoder CLI",
    ]
    assert rows[3] == (
        "| Crush | npm @charmland/crush | 0.96.1 | not known: the npm package holds only an "
        "installer | does not install here: its postinstall script downloads the binary from "
        "github.com release assets, which cannot be reached (only package registries can) |"
    )
