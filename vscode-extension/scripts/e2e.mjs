#!/usr/bin/env node
// End-to-end check of the extension in a real VS Code workbench: code-server with the .vsix
// installed, driven by playwright-core through Debian's Chromium, bound to 127.0.0.1 only.
//
//   node scripts/e2e.mjs --code-server BIN --node24 NODE --chromium BIN --vsix FILE
//        --workspace DIR --file REL/SKILL.md --artifacts DIR
//        [--expect-code SKL] [--expect-completion a,b,c] [--timeout 240]
//
// It copies the workspace to a temporary folder, opens the SKILL.md, waits for our diagnostics
// (Problems panel and the test-only dump command), asks for completion in the frontmatter, runs
// "Skill: Preview Catalog" and "Skill: Preview Activation", and saves screenshots and logs to the
// artifacts folder. Prints a JSON summary; exits 1 with the reason when a check fails.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { chromium } from "playwright-core";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

function parseArgs(argv) {
  const args = { expectCode: "SKL", expectCompletion: "license,compatibility,metadata,allowed-tools", timeout: 240 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "").replace(/-(\w)/g, (_, c) => c.toUpperCase());
    args[key] = argv[i + 1];
  }
  for (const required of ["codeServer", "node24", "chromium", "vsix", "workspace", "file", "artifacts"]) {
    if (!args[required]) throw new Error(`--${required.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is required`);
  }
  args.timeout = Number(args.timeout);
  return args;
}

/** name and description from the frontmatter, read the simple way (one line each). */
function frontmatter(text) {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const field = (key) => new RegExp(`^${key}:\\s*(.*)$`, "m").exec(block)?.[1]?.trim().replace(/^(["'])(.*)\1$/, "$2");
  return { name: field("name"), description: field("description") };
}

function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
    server.on("error", rej);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, fn, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ""}`);
}

function findFiles(dir, pattern, found = []) {
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findFiles(p, pattern, found);
    else if (pattern.test(p)) found.push(p);
  }
  return found;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const timings = {};
  const mark = (name) => (timings[name] = Math.round((Date.now() - started) / 100) / 10);
  const artifacts = resolve(args.artifacts);
  mkdirSync(artifacts, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), "skill-ls-e2e-"));
  const dataDir = join(tmp, "data");
  const extensionsDir = join(tmp, "extensions");
  const workspace = join(tmp, basename(resolve(args.workspace)));
  const dumpFile = join(tmp, "dump.json");
  cpSync(resolve(args.workspace), workspace, { recursive: true });
  const skillFile = join(workspace, args.file);
  const expected = frontmatter(readFileSync(skillFile, "utf8"));
  mkdirSync(join(dataDir, "User"), { recursive: true });
  writeFileSync(join(dataDir, "User", "settings.json"), JSON.stringify({
    "security.workspace.trust.enabled": false,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.enableExperiments": false,
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "extensions.ignoreRecommendations": true,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "git.enabled": false,
    "chat.disableAIFeatures": true,
    "editor.quickSuggestions": { other: false, comments: false, strings: false },
    "skillLs.trace.server": "messages",
  }, null, 2));

  const env = {
    ...process.env,
    PATH: `${dirname(args.node24)}:${process.env.PATH}`,
    XDG_CONFIG_HOME: join(tmp, "config"),
    XDG_DATA_HOME: join(tmp, "xdg-data"),
    SKILL_LS_TEST_DUMP: dumpFile,
  };
  const common = ["--user-data-dir", dataDir, "--extensions-dir", extensionsDir];
  const install = spawnSync(args.codeServer, [...common, "--install-extension", resolve(args.vsix)], { env, encoding: "utf8" });
  if (install.status !== 0 || !/successfully installed/i.test(install.stdout + install.stderr)) {
    throw new Error(`installing the .vsix failed: ${install.stdout}${install.stderr}`);
  }
  mark("installed");

  const port = await freePort();
  const server = spawn(args.codeServer, ["--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--disable-telemetry",
    "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override", ...common, workspace],
  { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let serverLog = "";
  server.stdout.on("data", (d) => (serverLog += d));
  server.stderr.on("data", (d) => (serverLog += d));
  const base = `http://127.0.0.1:${port}`;

  let browser;
  let page;
  const summary = { expected, timings };
  const shot = async (name) => page && (await page.screenshot({ path: join(artifacts, `${name}.png`) }));
  const overall = setTimeout(() => {
    console.error(`FAIL: timed out after ${args.timeout} s`);
    shot("timeout").finally(() => process.exit(1));
  }, args.timeout * 1000);
  try {
    await waitFor("code-server to listen", async () => (await fetch(`${base}/healthz`)).ok, 60000, 300);
    mark("listening");
    browser = await chromium.launch({ executablePath: args.chromium, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(`${base}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
    await page.locator(".explorer-folders-view, .explorer-viewlet").first().waitFor({ timeout: 60000 });
    mark("workbench");

    const palette = async (title) => {
      await page.keyboard.press("F1");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor();
      await input.fill(`>${title}`);
      await page.locator(".quick-input-widget .monaco-list-row", { hasText: title }).first().waitFor({ timeout: 15000 });
      await page.keyboard.press("Enter");
    };
    const dump = async () => {
      rmSync(dumpFile, { force: true });
      await palette("Skill: Dump State (tests only)");
      return waitFor("the state dump", () => existsSync(dumpFile) && JSON.parse(readFileSync(dumpFile, "utf8")), 10000, 100);
    };

    // Open the broken SKILL.md with Quick Open.
    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").fill(args.file);
    await page.locator(".quick-input-widget .monaco-list-row").first().waitFor({ timeout: 15000 });
    await page.keyboard.press("Enter");
    await page.locator(".tab.active", { hasText: "SKILL.md" }).waitFor({ timeout: 15000 });
    await page.locator(".monaco-editor .view-lines").first().waitFor();
    mark("opened");

    // Diagnostics: the Problems panel shows ours (source skill-ls, SKL codes).
    await page.keyboard.press("Control+Shift+M");
    const markers = page.locator(".markers-panel");
    summary.problemsText = await waitFor("our diagnostics in the Problems panel", async () => {
      const text = await markers.innerText();
      return text.includes("skill-ls") && text.includes(args.expectCode) ? text : undefined;
    }, 90000, 500);
    mark("diagnostics");
    await shot("1-diagnostics");
    const state = await dump();
    const ours = state.diagnostics.filter((d) => d.uri.endsWith(args.file)).flatMap((d) => d.diagnostics).filter((d) => d.source === "skill-ls");
    if (!ours.length) throw new Error(`no skill-ls diagnostics in the dump: ${JSON.stringify(state.diagnostics)}`);
    summary.diagnostics = ours;
    summary.server = state.server;
    summary.launch = state.launch;
    summary.status = state.status;

    // Completion on a new line in the frontmatter.
    await page.locator(".monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".suggest-widget.visible .monaco-list-row");
    await rows.first().waitFor({ timeout: 20000 });
    await sleep(300);
    summary.completionLabels = await page.locator(".suggest-widget.visible .monaco-list-row .label-name").allInnerTexts();
    await shot("2-completion");
    const wanted = args.expectCompletion.split(",");
    if (!wanted.some((label) => summary.completionLabels.includes(label))) {
      throw new Error(`completion offered ${JSON.stringify(summary.completionLabels)}, none of ${wanted}`);
    }
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Z");
    mark("completion");

    // The catalog preview shows the skill's name and description.
    const webviewBody = () => page.frameLocator("iframe.webview.ready").frameLocator("#active-frame").locator("body");
    await palette("Skill: Preview Catalog");
    summary.catalogText = await waitFor("the catalog preview", async () => {
      const text = await webviewBody().innerText({ timeout: 2000 });
      return text.includes("Catalog for") && (!expected.name || text.includes(expected.name)) ? text : undefined;
    }, 30000, 500);
    await shot("3-catalog-preview");
    const afterCatalog = await dump();
    summary.catalogResult = afterCatalog.preview.result;
    summary.catalogHtml = afterCatalog.preview.html;
    mark("catalog");

    await palette("Skill: Preview Activation");
    summary.activationText = await waitFor("the activation preview", async () => {
      const text = await webviewBody().innerText({ timeout: 2000 });
      return text.includes("Activation of") ? text : undefined;
    }, 30000, 500);
    await shot("4-activation-preview");
    summary.activationResult = (await dump()).preview.result;
    mark("activation");

    // The preview follows typing (debounced), without saving.
    const marker = "Live preview marker 4711";
    await page.locator(".monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(`\n${marker}`);
    summary.liveText = await waitFor("the preview to follow typing", async () => {
      const text = await webviewBody().innerText({ timeout: 2000 });
      return text.includes(marker) ? text : undefined;
    }, 20000, 300);
    await shot("5-live-update");
    mark("live");
    console.log(JSON.stringify(summary, null, 2));
  } catch (error) {
    await shot("failure").catch(() => {});
    if (page) writeFileSync(join(artifacts, "failure-page.txt"), await page.locator("body").innerText().catch(() => ""));
    console.log(JSON.stringify(summary, null, 2));
    console.error(`FAIL: ${error?.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    clearTimeout(overall);
    await browser?.close().catch(() => {});
    try {
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([new Promise((r) => server.on("exit", r)), sleep(5000)]);
    } catch {}
    writeFileSync(join(artifacts, "code-server.log"), serverLog);
    for (const log of findFiles(join(dataDir, "logs"), /(Skill LS\.log|exthost\.log)$/)) {
      cpSync(log, join(artifacts, basename(log)));
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`FAIL: ${error?.stack ?? error}`);
  process.exit(1);
});
