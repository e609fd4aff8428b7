/**
 * A test-only command, registered only when SKILL_LS_TEST_DUMP names a file: it writes the editor's
 * diagnostics for SKILL.md files, manifests and instruction files, the active document's outline
 * and the preview's last HTML there, so the
 * end-to-end test can assert on exact values instead of scraping the workbench.
 */
import { promises as fs } from "node:fs";
import * as vscode from "vscode";
import { Commands, isInstructionPath, isManifestPath, TEST_DUMP_ENV } from "./constants";
import type { PreviewPanel } from "./preview";
import type { ServerSession } from "./session";
import type { SkillsView } from "./skillsView";
import type { ServerStatus } from "./status";

function plainDiagnostic(d: vscode.Diagnostic) {
  const code = typeof d.code === "object" ? { value: d.code.value, target: d.code.target.toString() } : d.code;
  const { start, end } = d.range;
  return {
    message: d.message,
    severity: d.severity,
    source: d.source,
    code,
    range: [start.line, start.character, end.line, end.character],
  };
}

export function registerTestCommands(
  session: ServerSession,
  preview: PreviewPanel,
  status: ServerStatus,
  skills: SkillsView,
): vscode.Disposable[] {
  const file = process.env[TEST_DUMP_ENV];
  if (!file) return [];
  void vscode.commands.executeCommand("setContext", "skillLs.testMode", true);
  return [
    vscode.commands.registerCommand(Commands.testDumpState, async () => {
      const diagnostics = vscode.languages
        .getDiagnostics()
        .filter(([uri]) => uri.path.endsWith("/SKILL.md") || isManifestPath(uri.path) || isInstructionPath(uri.path))
        .map(([uri, list]) => ({ uri: uri.toString(), diagnostics: list.map(plainDiagnostic) }));
      const { mode, client, result, error, skillPath } = preview.current;
      // The active document's outline, from whichever extensions provide one (for Markdown,
      // VS Code's own): the test checks that selecting a file does not take that away.
      const active = vscode.window.activeTextEditor?.document.uri;
      const symbols = active
        ? ((await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
            "vscode.executeDocumentSymbolProvider",
            active,
          )) ?? [])
        : [];
      // In a SKILL.md, the references at the cursor (the test puts it on `name:`), from every
      // reference provider, ours through the server included.
      const editor = vscode.window.activeTextEditor;
      const references = editor?.document.uri.path.endsWith("/SKILL.md")
        ? ((await vscode.commands.executeCommand<vscode.Location[] | undefined>(
            "vscode.executeReferenceProvider",
            editor.document.uri,
            editor.selection.active,
          )) ?? [])
        : [];
      // The open instruction files and skills, as edited (a rename's edits are unsaved).
      const openDocuments = vscode.workspace.textDocuments
        .filter((d) => d.uri.path.endsWith("/SKILL.md") || isInstructionPath(d.uri.path))
        .map((d) => ({ uri: d.uri.toString(), dirty: d.isDirty, text: d.getText() }));
      await status.refresh();
      const state = {
        server: session.state,
        trusted: vscode.workspace.isTrusted,
        launch: session.launch,
        status: status.view,
        crash: session.crash,
        activeEditor: vscode.window.activeTextEditor?.document.uri.toString(),
        activeLanguage: vscode.window.activeTextEditor?.document.languageId,
        activeSymbols: symbols.map((symbol) => symbol.name),
        // What the keyboard typed reached: the test checks its keys went to the document.
        activeText: vscode.window.activeTextEditor?.document.getText(),
        cursor: editor ? [editor.selection.active.line, editor.selection.active.character] : undefined,
        references: references.map((r) => ({
          uri: r.uri.toString(),
          range: [r.range.start.line, r.range.start.character, r.range.end.line, r.range.end.character],
        })),
        openDocuments,
        skillsView: { grouping: skills.grouping, loads: skills.loads, nodes: skills.nodes },
        diagnostics,
        preview: { mode, client, skillPath, result, error, html: preview.lastHtml },
      };
      await fs.writeFile(file, JSON.stringify(state, null, 2));
    }),
  ];
}
