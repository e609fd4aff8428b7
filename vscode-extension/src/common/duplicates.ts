/**
 * One copy of each problem: VS Code checks SKILL.md itself (its built-in `vscode.prompt`
 * extension and chat prompt validator), and some of its findings repeat ours. When those checks
 * are active and `skillLs.showDuplicates` is off, our findings that the server's table
 * (`skill-ls.vscodeDuplicates`) lists as repeats are dropped, unless ours say more: the table marks
 * those, and a finding that names an agent is always kept. VS Code checks only the SKILL.md files
 * a code editor shows, so only theirs are filtered; when that set changes, they are pulled again.
 */
import * as vscode from "vscode";
import { CONFIG_SECTION } from "./constants";

export interface DuplicateRow {
  code: string;
  vscodeKey: string;
  vscodeMessage: string;
  oursAdds: string | null;
}

export interface DuplicateTable {
  checker: string;
  duplicates: DuplicateRow[];
  agentNames: string[];
}

/** The built-in extension whose language `skill` turns VS Code's own skill checks on. */
export const VSCODE_PROMPT_EXTENSION = "vscode.prompt";

/** VS Code's own SKILL.md checks run here: its prompt extension is present and claims SKILL.md. */
export function vscodeChecksActive(): boolean {
  const extension = vscode.extensions.getExtension(VSCODE_PROMPT_EXTENSION);
  const languages: { id?: string }[] = extension?.packageJSON?.contributes?.languages ?? [];
  return languages.some((language) => language.id === "skill");
}

/** Hide duplicates now: VS Code's checks are active and the user has not asked to see both. */
export function hidingDuplicates(): boolean {
  return vscodeChecksActive() && !vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>("showDuplicates", false);
}

/** A code editor shows this document now (VS Code's checks cover exactly those). */
export function shownInEditor(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === key);
}

/** The shown SKILL.md documents, as a key that changes when that set does. */
export function shownSkillFiles(): string {
  const shown = vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).filter((u) => /\/SKILL\.md$/i.test(u));
  return [...new Set(shown)].sort().join("\n");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether to keep one of our diagnostics (anything not ours is always kept). */
export function keepFinding(table: DuplicateTable, diagnostic: Pick<vscode.Diagnostic, "source" | "code" | "message">): boolean {
  if (diagnostic.source !== "skill-ls") return true;
  const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
  const row = table.duplicates.find((d) => d.code === String(code));
  if (!row || row.oursAdds) return true;
  const names = new RegExp(`(^|[^\\w-])(${table.agentNames.map(escapeRegExp).join("|")})(?![\\w-])`);
  return table.agentNames.length > 0 && names.test(diagnostic.message);
}
