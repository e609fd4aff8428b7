/** The extension's parts, wired the same whichever runtime serves (extension.ts on this
 * machine, web/extension.ts in VS Code for the Web). */
import * as vscode from "vscode";
import { CLIENT_NAME, Commands } from "./constants";
import { PreviewPanel } from "./preview";
import { ServerSession, type SessionDeps } from "./session";
import { registerSkillsView, SkillsView } from "./skillsView";
import { ServerStatus } from "./status";
import { asSkillUri } from "./workspaceUris";

export interface Extension {
  session: ServerSession;
  preview: PreviewPanel;
  status: ServerStatus;
  skills: SkillsView;
}

export function activateWith(context: vscode.ExtensionContext, deps: SessionDeps, extensionPath: string): Extension {
  const output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  const session = new ServerSession(extensionPath, output, deps);
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
    command(Commands.restartServer, () => session.restart()),
    command(Commands.showOutput, () => output.show()),
    // A restarted server (new settings, new interpreter) may render differently.
    session.onDidChangeState((state) => state === "running" && preview.refreshSoon()),
  );
  void session.start();
  return { session, preview, status, skills };
}
