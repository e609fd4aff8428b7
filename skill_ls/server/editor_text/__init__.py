"""The editor's text, one home for every kind of document: hover and completion text for
SKILL.md (`skill_md_hover`, `catalog_entry`), for bundle manifests (`manifest_hover`,
`manifest_completion`) and for Codex's `agents/openai.yaml` (`sidecar_help`). Plain data
(markdown strings and suggestions), no protocol: the server's features turn them into LSP
answers, and the unit tests read them whole."""
