/** Finding a Python >= 3.11 to run the bundled server: the setting, the Python extension, PATH. */
import { execFile } from "child_process";
import * as vscode from "vscode";
import { MIN_PYTHON } from "./constants";

export interface Candidate {
  command: string[];
  source: "setting" | "python-extension" | "path";
}

export interface Interpreter extends Candidate {
  version: [number, number];
}

/** Runs the interpreter and returns its (major, minor) version, or undefined if it won't run. */
export type VersionProbe = (command: string[]) => Promise<[number, number] | undefined>;

const VERSION_SCRIPT = "import sys; print('%d.%d' % sys.version_info[:2])";

export const probeVersion: VersionProbe = (command) =>
  new Promise((resolve) => {
    execFile(command[0], [...command.slice(1), "-c", VERSION_SCRIPT], { timeout: 15000 }, (error, stdout) => {
      const match = error ? null : /^(\d+)\.(\d+)$/.exec(String(stdout).trim());
      resolve(match ? [Number(match[1]), Number(match[2])] : undefined);
    });
  });

export function isSupported([major, minor]: readonly [number, number]): boolean {
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

/**
 * The interpreters to try, best first. A configured interpreter is the only candidate: if the
 * user named one, quietly running another would hide their mistake.
 */
export function candidates(setting: string[], fromPythonExtension: string[] | undefined, platform = process.platform): Candidate[] {
  if (setting.length > 0) return [{ command: setting, source: "setting" }];
  const found: Candidate[] = [];
  if (fromPythonExtension?.length) found.push({ command: fromPythonExtension, source: "python-extension" });
  const onPath = platform === "win32" ? [["py", "-3"], ["python"]] : [["python3"], ["python"]];
  for (const command of onPath) found.push({ command, source: "path" });
  return found;
}

/** The first candidate that runs and is new enough; `log` hears why the others were skipped. */
export async function findInterpreter(
  list: Candidate[],
  probe: VersionProbe,
  log: (message: string) => void,
): Promise<Interpreter | undefined> {
  for (const candidate of list) {
    const version = await probe(candidate.command);
    if (version && isSupported(version)) return { ...candidate, version };
    const why = version ? `Python ${version.join(".")} is older than ${MIN_PYTHON.join(".")}` : "it did not run";
    log(`Skipping interpreter ${candidate.command.join(" ")} (${candidate.source}): ${why}.`);
  }
  return undefined;
}

/* The Python extension is optional: we use its API when it is installed, and never depend on it. */

interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(env: { path: string } | string): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath?: vscode.Event<unknown>;
  };
  settings?: { getExecutionDetails?(resource?: vscode.Uri): { execCommand?: string[] } };
}

async function pythonExtensionApi(): Promise<PythonExtensionApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonExtensionApi>("ms-python.python");
  if (!extension) return undefined;
  return extension.isActive ? extension.exports : await extension.activate();
}

/** The Python extension's active interpreter for a resource, if that extension is installed. */
export async function pythonExtensionInterpreter(resource?: vscode.Uri): Promise<string[] | undefined> {
  try {
    const api = await pythonExtensionApi();
    const environments = api?.environments;
    if (environments) {
      const resolved = await environments.resolveEnvironment(environments.getActiveEnvironmentPath(resource));
      const executable = resolved?.executable.uri?.fsPath;
      if (executable) return [executable];
    }
    const command = api?.settings?.getExecutionDetails?.(resource).execCommand;
    return command?.length ? command : undefined;
  } catch {
    return undefined;
  }
}

/** Subscribes to the Python extension's interpreter changes (a no-op without it). */
export async function onPythonInterpreterChange(listener: () => void): Promise<vscode.Disposable | undefined> {
  try {
    const api = await pythonExtensionApi();
    return api?.environments?.onDidChangeActiveEnvironmentPath?.(listener);
  } catch {
    return undefined;
  }
}
