"""The Claude API / claude.ai upload as a target: a row cited from Anthropic's docs, judged
against only when named, never an agent that discovers skill folders."""

from __future__ import annotations

from skill_ls.clients.fields import SPEC_FIELD_NAMES
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, TARGETS, UPLOAD_TARGETS, clients_for_path
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings

UPLOAD = CLIENTS_BY_ID["claude-api"]


def test_the_upload_takes_only_the_spec_keys_and_refuses_others() -> None:
    assert (
        UPLOAD.fields.honoured
        == SPEC_FIELD_NAMES
        == {
            "name",
            "description",
            "license",
            "compatibility",
            "metadata",
            "allowed-tools",
        }
    )
    assert UPLOAD.fields.unknown == "error"


def test_the_upload_name_and_description_facts() -> None:
    assert UPLOAD.name == "Claude API / claude.ai upload"
    assert UPLOAD.reading.name_charset == "ascii"
    assert UPLOAD.upload is not None
    assert UPLOAD.upload.reserved_name_words == ("anthropic", "claude")
    assert UPLOAD.upload.xml_tags_refused_in == ("name", "description")
    assert UPLOAD.upload.max_upload_bytes == 30_000_000
    # The spec's own caps (64 and 1,024) are the upload's: no cap of its own beyond them.
    assert UPLOAD.reading.description_max is None
    assert UPLOAD.listing.entry_cap is None


def test_the_upload_is_cited_from_anthropics_docs() -> None:
    assert UPLOAD.provenance.kind == "cited"
    for page in (
        "https://platform.claude.com/docs/en/build-with-claude/skills-guide",
        "https://platform.claude.com/docs/en/agents-and-tools/agent-skills/overview",
        "https://code.claude.com/docs/en/skills#using-skill-frontmatter-outside-claude-code",
    ):
        assert page in UPLOAD.provenance.source


def test_the_upload_discovers_nothing_and_has_no_catalog() -> None:
    assert UPLOAD.discovery.project_roots == () and UPLOAD.discovery.user_roots == ()
    assert (UPLOAD.listing.format, UPLOAD.activation.format) == ("none", "none")
    in_claude_folder = clients_for_path("/srv/repo/.claude/skills/pdf/SKILL.md")
    assert CLIENTS_BY_ID["claude-code"] in in_claude_folder
    assert UPLOAD not in in_claude_folder
    assert clients_for_path("/srv/repo/pdf/SKILL.md") == ()


def test_the_upload_is_a_target_but_not_an_agent() -> None:
    assert UPLOAD_TARGETS == (UPLOAD,)
    assert (*CLIENTS, UPLOAD) == TARGETS
    assert UPLOAD not in CLIENTS
    # Default audiences stay the agents: outside any folder, every agent and no upload.
    assert CheckContext().audience == CLIENTS
    assert CheckContext(settings=Settings(target_clients=("claude-api",))).audience == (UPLOAD,)
    # No agent row sets the upload columns.
    assert all(c.upload is None for c in CLIENTS)
