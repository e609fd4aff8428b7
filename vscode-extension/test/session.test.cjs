// Starting, failing to start, and the debounced restart.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh, settle } = require("./stubs.cjs");

const probed = (version, executable = "/usr/bin/python3.12") => ({ version, executable, options: [] });

function newSession(world, load, probe = async () => probed([3, 12])) {
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const output = world.vscode.window.createOutputChannel("Skill LS", { log: true });
  const deps = { ...defaultDeps, probe, pythonExtensionInterpreter: async () => undefined };
  return { session: new ServerSession("/ext", output, deps), output };
}

test("debounce runs once after a burst, and cancel drops it", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { load } = fresh();
  const { debounce } = load("common/debounce");
  let runs = 0;
  const call = debounce(() => runs++, 1000);
  call();
  t.mock.timers.tick(600);
  call();
  t.mock.timers.tick(600);
  call();
  assert.equal(runs, 0);
  t.mock.timers.tick(1000);
  assert.equal(runs, 1);
  call();
  call.cancel();
  t.mock.timers.tick(5000);
  assert.equal(runs, 1);
});

test("start finds Python and launches the bundled server by the absolute path the probe reported", async () => {
  const { world, load } = fresh();
  const probes = [];
  const { session } = newSession(world, load, async (command, cwd) => {
    probes.push([command, cwd]);
    return probed([3, 12]);
  });
  await session.start();
  assert.equal(session.state, "running");
  assert.equal(world.clients.length, 1);
  // The probe ran `python3` from PATH in the extension's folder, not in the workspace (/ws).
  assert.deepEqual(probes, [[["python3"], "/ext"]]);
  assert.deepEqual(session.launch, { kind: "bundled", python: ["/usr/bin/python3.12"] });
  assert.equal(world.clients[0].serverOptions.command, "/usr/bin/python3.12");
  assert.deepEqual(world.clients[0].serverOptions.args, ["-S", "-m", "skill_ls", "serve"]);
  assert.equal(world.clients[0].serverOptions.options.cwd, "/ext");
});

test("no Python >= 3.11: the bundled WebAssembly Python serves, in a Node process of its own over IPC", async () => {
  const { world, load } = fresh();
  const { session, output } = newSession(world, load, async () => probed([3, 9]));
  await session.start();
  assert.equal(session.state, "running");
  assert.deepEqual(session.launch, { kind: "wasm", why: "no-python" });
  const options = world.clients[0].serverOptions;
  assert.equal(options.module, "/ext/dist/wasmHost.js");
  assert.equal(options.transport, 1); // TransportKind.ipc
  assert.equal(options.options.cwd, "/ext");
  assert.equal(world.errors.length, 0);
  assert.ok(output.lines.includes("[info] No Python 3.11 or newer was found: using the bundled WebAssembly Python."));
});

test("skillLs.runtime webassembly: no Python is looked for; server.path still wins", async () => {
  const { world, load } = fresh();
  world.settings = { runtime: { value: "webassembly", globalValue: "webassembly" } };
  const probes = [];
  const { session } = newSession(world, load, async (command) => {
    probes.push(command);
    return probed([3, 12]);
  });
  await session.start();
  assert.deepEqual(session.launch, { kind: "wasm", why: "setting" });
  assert.deepEqual(probes, []);
  await session.stop();
  world.settings = { ...world.settings, "server.path": { value: "/usr/bin/skill-ls", globalValue: "/usr/bin/skill-ls" } };
  await session.start();
  assert.deepEqual(session.launch, { kind: "executable", path: "/usr/bin/skill-ls" });
});

test("skillLs.runtime python and no Python >= 3.11: an error notification with a button to the setting", async () => {
  const { world, load } = fresh();
  world.settings = { runtime: { value: "python", globalValue: "python" } };
  const { session } = newSession(world, load, async () => probed([3, 9]));
  await session.start();
  assert.equal(session.state, "failed");
  assert.equal(world.clients.length, 0);
  assert.equal(world.errors.length, 1);
  assert.match(world.errors[0].message, /Python 3\.11/);
  assert.deepEqual(world.errors[0].items, ["Open Setting"]);
  await assert.rejects(session.request("skill-ls.listSkills", []), /not running/);
});

test("missing or too old Python: one message saying what to do, the reasons in the output", async () => {
  {
    const { world, load } = fresh();
    world.settings = { runtime: { value: "python", globalValue: "python" } };
    const { session, output } = newSession(world, load, async () => undefined); // nothing runs
    await session.start();
    assert.deepEqual(world.errors, [
      {
        message:
          "Skill LS: no Python 3.11 or newer was found (Python extension, python3 on PATH). Set skillLs.interpreter to start the server.",
        items: ["Open Setting"],
      },
    ]);
    assert.ok(output.lines.includes("[info] Skipping interpreter python3 (path): it did not run."));
  }
  {
    const { world, load } = fresh();
    world.settings = { interpreter: { value: ["/opt/py39/bin/python"], globalValue: ["/opt/py39/bin/python"] } };
    const { session, output } = newSession(world, load, async () => probed([3, 9]));
    await session.start();
    assert.equal(session.state, "failed");
    assert.deepEqual(world.errors, [
      {
        message:
          "Skill LS: the interpreter in skillLs.interpreter (/opt/py39/bin/python) is not a working Python 3.11 or newer. Set skillLs.interpreter to start the server.",
        items: ["Open Setting"],
      },
    ]);
    assert.ok(
      output.lines.includes("[info] Skipping interpreter /opt/py39/bin/python (setting): Python 3.9 is older than 3.11."),
    );
  }
});

test("a server that fails to start is disposed (no restart loop) and reported as failed", async () => {
  const { world, load } = fresh();
  world.failStart = "Pending response rejected since connection got disposed";
  const { session, output } = newSession(world, load);
  await session.start();
  assert.equal(session.state, "failed");
  assert.equal(world.clients[0].disposed, true);
  assert.ok(output.lines.some((l) => l.includes("failed to start")));
  world.failStart = undefined;
  await session.restart();
  assert.equal(session.state, "running");
});

test("interpreter/server.path changes restart once, debounced; other settings do not", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { world, load } = fresh();
  const { session } = newSession(world, load);
  await session.start();
  const change = (...keys) => world.events.configuration.fire({ affectsConfiguration: (k) => keys.includes(k) });
  change("skillLs.targetClients");
  for (let i = 0; i < 5; i++) {
    change("skillLs.interpreter");
    t.mock.timers.tick(200);
  }
  change("skillLs.server.path");
  t.mock.timers.tick(999);
  await settle();
  assert.equal(world.clients.length, 1, "no restart before the delay");
  t.mock.timers.tick(1);
  for (let i = 0; i < 5; i++) await settle();
  assert.equal(world.clients.length, 2, "exactly one restart");
  assert.equal(world.clients[0].stopped, true);
  assert.equal(session.state, "running");
});

test("untrusted workspace: a workspace server.path is ignored, the bundled server still starts", async () => {
  const { world, load } = fresh();
  world.trusted = false;
  world.settings = { "server.path": { workspaceValue: "/repo/evil", restricted: true }, interpreter: { defaultValue: [] } };
  const { session } = newSession(world, load);
  await session.start();
  assert.equal(session.state, "running");
  assert.deepEqual(session.launch, { kind: "bundled", python: ["/usr/bin/python3.12"] });
  world.trusted = true;
  await session.restart();
  assert.deepEqual(session.launch, { kind: "executable", path: "/repo/evil" });
});

test("untrusted workspace: the Python extension's environment (maybe the repository's) is not asked", async () => {
  const { world, load } = fresh();
  world.trusted = false;
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const output = world.vscode.window.createOutputChannel("Skill LS", { log: true });
  let asked = 0;
  const deps = {
    ...defaultDeps,
    probe: async (command) => probed([3, 12], command[0] === "/repo/.venv/bin/python" ? command[0] : "/usr/bin/python3.12"),
    pythonExtensionInterpreter: async () => {
      asked++;
      return ["/repo/.venv/bin/python"];
    },
  };
  const session = new ServerSession("/ext", output, deps);
  await session.start();
  assert.equal(asked, 0);
  assert.deepEqual(session.launch, { kind: "bundled", python: ["/usr/bin/python3.12"] });
  assert.ok(output.lines.some((l) => l.startsWith("[info] Restricted Mode:")));
  world.trusted = true;
  await session.restart();
  assert.equal(asked, 1);
  assert.deepEqual(session.launch, { kind: "bundled", python: ["/repo/.venv/bin/python"] });
});

test("request sends workspace/executeCommand", async () => {
  const { world, load } = fresh();
  const { session } = newSession(world, load);
  world.serverAnswers["skill-ls.listSkills"] = { skills: [] };
  await assert.rejects(session.request("skill-ls.listSkills", []), /not running/);
  await session.start();
  assert.deepEqual(await session.request("skill-ls.listSkills", []), { skills: [] });
  assert.deepEqual(world.clients[0].requests, [["workspace/executeCommand", { command: "skill-ls.listSkills", arguments: [] }]]);
});
