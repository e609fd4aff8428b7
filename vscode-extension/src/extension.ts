/** Skill LS for VS Code: starts the skill-ls language server for SKILL.md files. */
import * as vscode from "vscode";
import { CLIENT_NAME, Commands } from "./common/constants";
import { isSkillFile, PreviewPanel } from "./common/preview";
import { ServerSession } from "./common/session";
import { registerSkillsView, SkillsView } from "./common/skillsView";
import { ServerStatus } from "./common/status";
import { registerTestCommands } from "./common/testDump";

let session: ServerSession | undefined;

export function activate(context: vscode.ExtensionContext): { session: ServerSession; preview: PreviewPanel } {
  const output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  session = new ServerSession(context.extensionPath, output);
  const preview = new PreviewPanel(session, context.workspaceState, output);
  const status = new ServerStatus(session);
  const skills = new SkillsView(session, context.workspaceState, output);
  const command = (id: string, run: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, run);
  context.subscriptions.push(
    output,
    session,
    preview,
    status,
    skills,
    ...registerSkillsView(skills, (mode, skill) => preview.show(mode, skill)),
    // The code lens above a SKILL.md passes its document's URI.
    command(Commands.showCatalogPreview, (uri?: unknown) => preview.show("catalog", asSkillUri(uri))),
    command(Commands.showActivationPreview, (uri?: unknown) => preview.show("activation", asSkillUri(uri))),
    command(Commands.restartServer, () => session?.restart()),
    command(Commands.showOutput, () => output.show()),
    ...registerTestCommands(session, preview, status, skills),
    // A restarted server (new settings, new interpreter) may render differently.
    session.onDidChangeState((state) => state === "running" && preview.refreshSoon()),
  );
  void session.start();
  return { session, preview };
}

/**
 * A command argument that names a SKILL.md on disk: a file: Uri, or its string form. Anything
 * else is dropped (the preview then shows the active editor's skill): these are VS Code
 * commands, which any extension or `command:` link can run with any argument.
 */
export function asSkillUri(value: unknown): vscode.Uri | undefined {
  let uri: vscode.Uri | undefined;
  if (value instanceof vscode.Uri) uri = value;
  else if (typeof value === "string" && /^file:/i.test(value)) uri = vscode.Uri.parse(value);
  return uri?.scheme === "file" && isSkillFile(uri) ? uri : undefined;
}

export function deactivate(): Promise<void> | undefined {
  return session?.stop();
}
