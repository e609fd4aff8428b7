/** Workspace files as VS Code names them: `file:` on this machine, the workspace folders' own
 * schemes in VS Code for the Web. */
import * as vscode from "vscode";
import { isSkillFile } from "./preview";

/** The schemes of the workspace's files: `file`, and in VS Code for the Web its folders' own. */
export function workspaceSchemes(): string[] {
  return ["file", ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.scheme)];
}

/**
 * A command argument that names a SKILL.md of the workspace: a Uri, or its string form, of a
 * workspace scheme. Anything else is dropped (the preview then shows the active editor's skill):
 * these are VS Code commands, which any extension or `command:` link can run with any argument.
 */
export function asSkillUri(value: unknown): vscode.Uri | undefined {
  let uri: vscode.Uri | undefined;
  const schemes = workspaceSchemes();
  if (value instanceof vscode.Uri) uri = value;
  else if (typeof value === "string" && schemes.some((s) => value.toLowerCase().startsWith(`${s.toLowerCase()}:`))) {
    uri = vscode.Uri.parse(value);
  }
  return uri && schemes.includes(uri.scheme) && isSkillFile(uri) ? uri : undefined;
}

/**
 * The workspace file at a path the server gave: in VS Code for the Web, under the workspace
 * folder (of its own scheme) that holds it; on this machine, the file itself.
 */
export function uriOfPath(path: string): vscode.Uri {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const root = folder.uri.path.replace(/\/+$/, "");
    if (folder.uri.scheme !== "file" && (path === root || path.startsWith(`${root}/`))) return folder.uri.with({ path });
  }
  return vscode.Uri.file(path);
}
