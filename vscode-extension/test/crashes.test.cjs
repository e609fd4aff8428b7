// Crash restarts: the policy, and what the session does when the server process dies.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh, settle } = require("./stubs.cjs");

test("CrashPolicy: four restarts within three minutes, then none; old crashes expire", () => {
  const { load } = fresh();
  const { CrashPolicy } = load("common/crashes");
  let now = 0;
  const policy = new CrashPolicy(() => now);
  const verdicts = [];
  for (let i = 0; i < 5; i++) {
    verdicts.push(policy.crashed());
    now += 30_000;
  }
  assert.deepEqual(verdicts, [
    { restart: true, count: 1 },
    { restart: true, count: 2 },
    { restart: true, count: 3 },
    { restart: true, count: 4 },
    { restart: false, count: 5 },
  ]);
  now += 3 * 60_000; // all of them are older than the window now
  assert.deepEqual(policy.crashed(), { restart: true, count: 1 });
  policy.reset();
  assert.deepEqual(policy.crashed(), { restart: true, count: 1 });
});

function newSession(world, load, clock) {
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const output = world.vscode.window.createOutputChannel("Skill LS", { log: true });
  const deps = {
    ...defaultDeps,
    probe: async () => ({ version: [3, 12], executable: "/usr/bin/python3.12", options: [] }),
    pythonExtensionInterpreter: async () => undefined,
    now: () => clock.now,
  };
  return { session: new ServerSession("/ext", output, deps), output };
}

test("a crash restarts the server and says so; repeated crashes stop it with a message and buttons", async () => {
  const { world, load } = fresh();
  const clock = { now: 0 };
  const { session, output } = newSession(world, load, clock);
  const states = [];
  session.onDidChangeState((s) => states.push(s));
  await session.start();
  const client = world.clients[0];
  const { CloseAction } = world.languageclient;

  assert.deepEqual(await client.crash(), { action: CloseAction.Restart, handled: true });
  assert.equal(session.state, "running");
  assert.deepEqual(session.crash, { count: 1, gaveUp: false });
  assert.ok(output.lines.includes("[warn] The server stopped unexpectedly and was restarted (once in 3 minutes)."));
  for (let i = 0; i < 3; i++) await client.crash();
  assert.equal(world.errors.length, 0);

  assert.deepEqual(await client.crash(), { action: CloseAction.DoNotRestart, handled: true });
  assert.equal(session.state, "failed");
  assert.deepEqual(session.crash, { count: 5, gaveUp: true });
  assert.deepEqual(world.errors, [
    {
      message:
        "Skill LS: The server crashed 5 times in 3 minutes and is not restarted again. The output has the server's last words.",
      items: ["Show Output", "Restart Server"],
    },
  ]);
  assert.equal(states.at(-1), "failed");

  // Restart Server (the button or the command) starts afresh, crash count included.
  await session.restart();
  assert.equal(session.state, "running");
  assert.equal(session.crash, undefined);
  await settle();
});

test("the client declares skill-ls/indexChanged and the session passes it on", async () => {
  const { world, load } = fresh();
  const { session } = newSession(world, load, { now: 0 });
  await session.start();
  const client = world.clients[0];
  const capabilities = {};
  for (const feature of client.features) feature.fillClientCapabilities(capabilities);
  assert.deepEqual(capabilities, { experimental: { skillLs: { indexChanged: true } } });
  let heard = 0;
  session.onIndexChanged(() => heard++);
  client.notifyFromServer("skill-ls/indexChanged", { generation: 3 });
  assert.equal(heard, 1);
});
