/** Choosing how to serve on this machine: a Python 3.11 or newer, the bundled WebAssembly Python
 * in a Node process, or a `skill-ls` executable the user named. */
import * as os from "node:os";
import * as vscode from "vscode";
import type { Launch } from "./client";
import { CONFIG_SECTION, MIN_PYTHON } from "./constants";
import { candidates, findInterpreter, onPythonInterpreterChange, probeVersion, pythonExtensionInterpreter } from "./python";
import { createClient } from "./server";
import type { SessionDeps } from "./session";
import { RESTRICTED_SETTINGS } from "./settingKeys.generated";
import { readLaunchSettings, type Variables } from "./settings";

/** What `${workspaceFolder}`, `${userHome}` and `~` stand for in the launch settings. */
export function launchVariables(): Variables {
  return { workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, userHome: os.homedir() };
}

export interface LaunchDeps {
  probe: typeof probeVersion;
  pythonExtensionInterpreter: typeof pythonExtensionInterpreter;
}

/** The launch the settings, the Python extension and the interpreters found call for. */
export async function resolveLaunch(
  extensionPath: string,
  output: vscode.LogOutputChannel,
  deps: LaunchDeps,
): Promise<Launch | undefined> {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
  const trusted = vscode.workspace.isTrusted;
  if (!trusted) {
    output.info(
      `Restricted Mode: the workspace's skill-ls configuration files and its values of ${RESTRICTED_SETTINGS.map((k) => `skillLs.${k}`).join(", ")} are ignored, and the Python extension's environment is not used.`,
    );
  }
  const settings = readLaunchSettings(config, trusted, launchVariables());
  for (const key of settings.ignored) {
    output.info(
      `Restricted Mode: skillLs.${key} names a program in the workspace (\${workspaceFolder}); it is not run until you trust the workspace.`,
    );
  }
  if (settings.serverPath) {
    output.info(`Using the skill-ls executable from skillLs.server.path: ${settings.serverPath}`);
    return { kind: "executable", path: settings.serverPath };
  }
  if (settings.runtime === "webassembly") {
    output.info("Using the bundled WebAssembly Python (skillLs.runtime is webassembly).");
    return { kind: "wasm", why: "setting" };
  }
  // The Python extension may have picked an environment inside the repository.
  const fromExtension =
    settings.interpreter.length || !trusted
      ? undefined
      : await deps.pythonExtensionInterpreter(vscode.workspace.workspaceFolders?.[0]?.uri);
  // The probe runs in the extension's folder, never in the workspace (python.ts).
  const probe = (command: string[]) => deps.probe(command, extensionPath);
  const found = await findInterpreter(candidates(settings.interpreter, fromExtension), probe, (m) => output.info(m));
  if (found) {
    const how = found.launch.join(" ") === found.command.join(" ") ? "" : `, run as ${found.launch.join(" ")}`;
    output.info(`Using Python ${found.version.join(".")} (${found.source}): ${found.command.join(" ")}${how}`);
    return { kind: "bundled", python: found.launch };
  }
  const minimum = MIN_PYTHON.join(".");
  if (settings.runtime === "auto" && !settings.interpreter.length) {
    // A named interpreter that fails is an error (running another would hide the mistake).
    output.info(`No Python ${minimum} or newer was found: using the bundled WebAssembly Python.`);
    return { kind: "wasm", why: "no-python" };
  }
  const problem = settings.interpreter.length
    ? `the interpreter in skillLs.interpreter (${settings.interpreter.join(" ")}) is not a working Python ${minimum} or newer.`
    : `no Python ${minimum} or newer was found (Python extension, python3 on PATH).`;
  output.error(`Cannot start the server: ${problem}`);
  void vscode.window
    .showErrorMessage(`Skill LS: ${problem} Set skillLs.interpreter to start the server.`, "Open Setting")
    .then((choice) => choice && vscode.commands.executeCommand("workbench.action.openSettings", "skillLs.interpreter"));
  return undefined;
}

/** A session on this machine; tests replace the probe and the Python extension's answer. */
export const defaultDeps: SessionDeps & LaunchDeps = {
  probe: probeVersion,
  pythonExtensionInterpreter,
  createClient,
  now: Date.now,
  resolveLaunch(extensionPath, output) {
    return resolveLaunch(extensionPath, output, this);
  },
  // A new environment chosen in the Python extension restarts a server it runs.
  watchLaunch: (session, restart) => onPythonInterpreterChange(() => session.launch?.kind === "bundled" && restart()),
};
