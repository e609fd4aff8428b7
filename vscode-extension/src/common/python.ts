/** Finding a Python >= 3.11 to run the bundled server: the setting, the Python extension, PATH. */
import { execFile } from "node:child_process";
import * as path from "node:path";
import * as vscode from "vscode";
import { MIN_PYTHON } from "./constants";

export interface Candidate {
  command: string[];
  source: "setting" | "python-extension" | "path";
}

export interface Interpreter extends Candidate {
  version: [number, number];
  /** What runs the server: the absolute executable the candidate reported, and the options
   * the interpreter itself was given (e.g. `-X utf8`; not a launcher's own, such as `py -3`). */
  launch: string[];
}

/** What a candidate says about itself when it runs. */
export interface Probed {
  version: [number, number];
  /** sys.executable: the interpreter's absolute path. */
  executable: string;
  /** The options before `-c` on the interpreter's own command line (sys.orig_argv). */
  options: string[];
}

/** Runs the interpreter in `cwd` and says what it is, or undefined if it won't run. */
export type VersionProbe = (command: string[], cwd: string) => Promise<Probed | undefined>;

// Only `sys`: anything imported could be found in the working directory first. Python 2 runs
// it too, so that its version is reported rather than "did not run".
const PROBE_SCRIPT =
  "import sys; print('%d.%d' % sys.version_info[:2]); print(sys.executable); print('\\0'.join(getattr(sys, 'orig_argv', [])))";

/** Reads the probe's three lines: version, executable, and the NUL-separated sys.orig_argv. */
export function parseProbe(stdout: string): Probed | undefined {
  const [versionLine = "", executable = "", argvLine = ""] = stdout.replace(/\r\n/g, "\n").split("\n");
  const match = /^(\d+)\.(\d+)$/.exec(versionLine.trim());
  if (!match) return undefined;
  const argv = argvLine ? argvLine.split("\0") : [];
  // `<python> [options] -c <script>`: keep the options.
  const options = argv.length >= 3 && argv[argv.length - 2] === "-c" ? argv.slice(1, -2) : [];
  return { version: [Number(match[1]), Number(match[2])], executable: executable.trim(), options };
}

/**
 * The probe never runs in the workspace: `cwd` is the extension's own folder (on Windows a bare
 * `py` or `python` is looked for in the working directory before PATH, and `-c` puts the working
 * directory first on sys.path).
 */
export const probeVersion: VersionProbe = (command, cwd) =>
  new Promise((resolve) => {
    execFile(
      command[0],
      [...command.slice(1), "-c", PROBE_SCRIPT],
      { timeout: 15000, cwd, windowsHide: true },
      (error, stdout) => {
        resolve(error ? undefined : parseProbe(String(stdout)));
      },
    );
  });

export function isSupported([major, minor]: readonly [number, number]): boolean {
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

/**
 * The interpreters to try, best first. A configured interpreter is the only candidate: if the
 * user named one, quietly running another would hide their mistake.
 */
export function candidates(
  setting: string[],
  fromPythonExtension: string[] | undefined,
  platform = process.platform,
): Candidate[] {
  if (setting.length > 0) return [{ command: setting, source: "setting" }];
  const found: Candidate[] = [];
  if (fromPythonExtension?.length) found.push({ command: fromPythonExtension, source: "python-extension" });
  const onPath = platform === "win32" ? [["py", "-3"], ["python"]] : [["python3"], ["python"]];
  for (const command of onPath) found.push({ command, source: "path" });
  return found;
}

/**
 * The first candidate that runs, is new enough and names its absolute executable; `log` hears
 * why the others were skipped. The server is then started by that path, not by the name found
 * on PATH.
 */
export async function findInterpreter(
  list: Candidate[],
  probe: (command: string[]) => Promise<Probed | undefined>,
  log: (message: string) => void,
  isAbsolute: (p: string) => boolean = path.isAbsolute,
): Promise<Interpreter | undefined> {
  for (const candidate of list) {
    const probed = await probe(candidate.command);
    if (probed && isSupported(probed.version) && isAbsolute(probed.executable)) {
      return { ...candidate, version: probed.version, launch: [probed.executable, ...probed.options] };
    }
    const why = !probed
      ? "it did not run"
      : !isSupported(probed.version)
        ? `Python ${probed.version.join(".")} is older than ${MIN_PYTHON.join(".")}`
        : `it did not name its executable (sys.executable is ${JSON.stringify(probed.executable)})`;
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
