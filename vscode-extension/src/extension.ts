/** Skill LS for VS Code: starts the skill-ls language server for SKILL.md files. */
import type * as vscode from "vscode";
import { activateWith } from "./common/activate";
import { defaultDeps } from "./common/launch";
import type { PreviewPanel } from "./common/preview";
import type { ServerSession } from "./common/session";
import { registerTestCommands } from "./common/testDump";
import { asSkillUri } from "./common/workspaceUris";

export { asSkillUri };

let session: ServerSession | undefined;

export function activate(context: vscode.ExtensionContext): { session: ServerSession; preview: PreviewPanel } {
  const parts = activateWith(context, defaultDeps, context.extensionPath);
  session = parts.session;
  context.subscriptions.push(...registerTestCommands(parts.session, parts.preview, parts.status, parts.skills));
  return { session: parts.session, preview: parts.preview };
}

export function deactivate(): Promise<void> | undefined {
  return session?.stop();
}
