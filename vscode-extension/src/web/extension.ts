/** Skill LS in VS Code for the Web (vscode.dev, github.dev): the same extension, its server in a
 * Web Worker under the bundled WebAssembly Python, over a copy of the workspace. */
import type * as vscode from "vscode";
import { activateWith } from "../common/activate";
import type { Launch } from "../common/client";
import { assumeVscodeChecks } from "../common/duplicates";
import type { ServerSession } from "../common/session";
import { createWebClient } from "./client";

let session: ServerSession | undefined;

export function activate(context: vscode.ExtensionContext): { session: ServerSession } {
  // VS Code's own SKILL.md checks run in the workbench, out of this host's sight (duplicates.ts).
  assumeVscodeChecks();
  const parts = activateWith(
    context,
    {
      resolveLaunch: async (): Promise<Launch> => ({ kind: "web" }),
      createClient: (_launch, _path, output, onClosed) => createWebClient(context.extensionUri, output, onClosed),
    },
    context.extensionUri.toString(),
  );
  session = parts.session;
  return { session };
}

export function deactivate(): Promise<void> | undefined {
  return session?.stop();
}
