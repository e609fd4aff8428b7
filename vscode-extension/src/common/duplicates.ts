/**
 * One copy of each problem: VS Code checks SKILL.md itself (its built-in `vscode.prompt`
 * extension and chat prompt validator), and some of its findings repeat ours. When those checks
 * are active and `skillLs.showDuplicates` is off, a finding of ours that the server's table
 * (`skill-ls.vscodeDuplicates`) lists as a repeat is dropped while VS Code's own marker with the
 * row's text lies on the same range, unless ours says more: the table marks those, and a finding
 * that names an agent is always kept. Matching the marker itself, not a version, keeps each
 * problem on screen on every build: one that lacks the check, or words it otherwise, leaves ours.
 * VS Code checks only the SKILL.md files a code editor shows, so only theirs are filtered; when
 * that set, or VS Code's markers on them, change, they are pulled again.
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
  observedIn?: string;
  duplicates: DuplicateRow[];
  agentNames: string[];
}

/** A diagnostic as far as matching needs it: VS Code's markers and ours alike. */
export type Finding = Pick<vscode.Diagnostic, "source" | "code" | "message" | "range">;

/** The built-in extension whose language `skill` turns VS Code's own skill checks on. */
export const VSCODE_PROMPT_EXTENSION = "vscode.prompt";

let knownActive = false;

/**
 * Says that VS Code's own checks run though the prompt extension cannot be seen: in VS Code for
 * the Web the extension host lists only its own extensions, and the built-in prompt extension
 * belongs to another (the checks themselves run in the workbench). A finding of ours is still
 * dropped only while VS Code's marker lies beside it (keepFinding).
 */
export function assumeVscodeChecks(): void {
  knownActive = true;
}

/** VS Code's own SKILL.md checks run here: its prompt extension is present and claims SKILL.md. */
export function vscodeChecksActive(): boolean {
  if (knownActive) return true;
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

/** A SKILL.md, the only files VS Code's skill checks cover. */
export const isSkillFile = (uri: vscode.Uri) => /\/SKILL\.md$/i.test(uri.toString());

/** The shown SKILL.md documents, as a key that changes when that set does. */
export function shownSkillFiles(): string {
  const shown = vscode.window.visibleTextEditors
    .map((e) => e.document.uri)
    .filter(isSkillFile)
    .map(String);
  return [...new Set(shown)].sort().join("\n");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** VS Code's message text with its holes (`{0}`, `{1}`) open: what its marker's message matches. */
export function vscodeTextPattern(text: string): RegExp {
  return new RegExp(
    `^${text
      .split(/\{\d+\}/)
      .map(escapeRegExp)
      .join("[\\s\\S]*")}$`,
  );
}

/** VS Code's own markers on a document: whatever lies there that is not ours. */
export function vscodeMarkers(uri: vscode.Uri): Finding[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source !== "skill-ls");
}

/** A key that changes when VS Code's markers on the document do (their texts and places). */
export function vscodeMarkersKey(uri: vscode.Uri): string {
  const place = (d: Finding) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
  return vscodeMarkers(uri)
    .map((d) => `${place(d)} ${d.message}`)
    .sort()
    .join("\n");
}

type Position = Finding["range"]["start"];
const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
/** The ranges share a character, or touch (an empty range at the other's edge). */
const overlaps = (a: Finding["range"], b: Finding["range"]) => !before(a.end, b.start) && !before(b.end, a.start);

/** Whether to keep one of our diagnostics, given VS Code's markers on its document (anything
 * not ours is always kept). */
export function keepFinding(table: DuplicateTable, diagnostic: Finding, markers: readonly Finding[]): boolean {
  if (diagnostic.source !== "skill-ls") return true;
  const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
  const row = table.duplicates.find((d) => d.code === String(code));
  if (!row || row.oursAdds) return true;
  const names = new RegExp(`(^|[^\\w-])(${table.agentNames.map(escapeRegExp).join("|")})(?![\\w-])`);
  if (table.agentNames.length > 0 && names.test(diagnostic.message)) return true;
  const theirs = vscodeTextPattern(row.vscodeMessage);
  return !markers.some((m) => theirs.test(m.message) && overlaps(m.range, diagnostic.range));
}
