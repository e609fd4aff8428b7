"""What the server answers: every LSP method and command it registers, with the options the
client is told of. `initialize` advertises this before the features' modules are imported
(they load at the first message after it: `startup.py`), so each feature module registers
its methods with the options named here, and a test holds the two equal.

Only lsprotocol is imported here: this module is on the path to the first answer.
"""

from __future__ import annotations

from lsprotocol import types

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.skill-ls"
CODE_ACTION_OPTIONS = types.CodeActionOptions(
    code_action_kinds=[
        types.CodeActionKind.QuickFix,
        types.CodeActionKind.SourceFixAll,
        FIX_ALL_KIND,
    ]
)
COMPLETION_OPTIONS = types.CompletionOptions(trigger_characters=[":", "/", "(", "`", " ", "$"])
SAVE_OPTIONS = types.SaveOptions(include_text=False)
DOCUMENT_LINK_OPTIONS = types.DocumentLinkOptions()
# The pull diagnostics' result id family: one set of reports for the whole workspace.
DIAGNOSTIC_IDENTIFIER = "skill-ls"
DIAGNOSTIC_OPTIONS = types.DiagnosticOptions(
    identifier=DIAGNOSTIC_IDENTIFIER, inter_file_dependencies=True, workspace_diagnostics=True
)
WILL_RENAME_OPTIONS = types.FileOperationRegistrationOptions(
    filters=[
        types.FileOperationFilter(scheme="file", pattern=types.FileOperationPattern(glob="**/*"))
    ]
)

# `workspace/executeCommand`'s commands.
LIST_CLIENTS = "skill-ls.listClients"
LIST_SKILLS = "skill-ls.listSkills"
LINT_SKILL = "skill-ls.lintSkill"
READ_RESOURCE = "skill-ls.readResource"
RELOAD_WORKSPACE = "skill-ls.reloadWorkspace"
PREVIEW_CATALOG = "skill-ls.previewCatalog"
PREVIEW_ACTIVATION = "skill-ls.previewActivation"
SKILLS_VIEW = "skill-ls.skillsView"
VSCODE_DUPLICATES = "skill-ls.vscodeDuplicates"

COMMANDS: tuple[str, ...] = (
    LIST_CLIENTS,
    LIST_SKILLS,
    LINT_SKILL,
    READ_RESOURCE,
    RELOAD_WORKSPACE,
    PREVIEW_CATALOG,
    PREVIEW_ACTIVATION,
    SKILLS_VIEW,
    VSCODE_DUPLICATES,
)

# Every client gets these (`initialize` itself is the start-up's own: startup.py).
METHODS: dict[str, object | None] = {
    types.INITIALIZED: None,
    types.WORKSPACE_DID_CHANGE_CONFIGURATION: None,
    types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS: None,
    types.SHUTDOWN: None,
    types.TEXT_DOCUMENT_DID_OPEN: None,
    types.TEXT_DOCUMENT_DID_CHANGE: None,
    types.TEXT_DOCUMENT_DID_SAVE: SAVE_OPTIONS,
    types.TEXT_DOCUMENT_DID_CLOSE: None,
    types.WORKSPACE_DID_CHANGE_WATCHED_FILES: None,
    types.TEXT_DOCUMENT_COMPLETION: COMPLETION_OPTIONS,
    types.TEXT_DOCUMENT_HOVER: None,
    types.TEXT_DOCUMENT_INLAY_HINT: None,
    types.TEXT_DOCUMENT_DOCUMENT_LINK: DOCUMENT_LINK_OPTIONS,
    types.TEXT_DOCUMENT_DEFINITION: None,
    types.TEXT_DOCUMENT_REFERENCES: None,
    types.TEXT_DOCUMENT_CODE_ACTION: CODE_ACTION_OPTIONS,
    types.TEXT_DOCUMENT_CODE_LENS: None,
    types.TEXT_DOCUMENT_PREPARE_RENAME: None,
    types.TEXT_DOCUMENT_RENAME: None,
    types.TEXT_DOCUMENT_DOCUMENT_SYMBOL: None,
    types.TEXT_DOCUMENT_FOLDING_RANGE: None,
    types.WORKSPACE_SYMBOL: None,
}
# Only clients that pull diagnostics (never push and pull both).
PULL_METHODS: dict[str, object | None] = {
    types.TEXT_DOCUMENT_DIAGNOSTIC: DIAGNOSTIC_OPTIONS,
    types.WORKSPACE_DIAGNOSTIC: None,
}
# Only clients that send willRenameFiles.
WILL_RENAME_METHODS: dict[str, object | None] = {
    types.WORKSPACE_WILL_RENAME_FILES: WILL_RENAME_OPTIONS,
}
