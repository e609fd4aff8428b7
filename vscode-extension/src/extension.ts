/** Skill LS for VS Code: starts the skill-ls language server for SKILL.md files. */
import * as vscode from "vscode";
import { CLIENT_NAME, Commands } from "./common/constants";
import { PreviewPanel } from "./common/preview";
import { ServerSession } from "./common/session";
import { ServerStatus } from "./common/status";
import { registerTestCommands } from "./common/testDump";

let session: ServerSession | undefined;

export function activate(context: vscode.ExtensionContext): { session: ServerSession; preview: PreviewPanel } {
  const output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  session = new ServerSession(context.extensionPath, output);
  const preview = new PreviewPanel(session, context.workspaceState, output);
  const status = new ServerStatus(session);
  const command = (id: string, run: () => unknown) => vscode.commands.registerCommand(id, run);
  context.subscriptions.push(
    output,
    session,
    preview,
    status,
    command(Commands.showCatalogPreview, () => preview.show("catalog")),
    command(Commands.showActivationPreview, () => preview.show("activation")),
    command(Commands.restartServer, () => session?.restart()),
    command(Commands.showOutput, () => output.show()),
    ...registerTestCommands(session, preview, status),
    // A restarted server (new settings, new interpreter) may render differently.
    session.onDidChangeState((state) => state === "running" && preview.refreshSoon()),
  );
  void session.start();
  return { session, preview };
}

export function deactivate(): Promise<void> | undefined {
  return session?.stop();
}
