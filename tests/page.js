// page.js - drives the HTML game pages of `stackref convert --to html` in
// headless Chromium (run by tests/page.sh), with no package but node's
// own: Chromium's DevTools protocol over --remote-debugging-pipe (fd 3
// takes commands, fd 4 gives answers, each a JSON text ended by a NUL).
//
//   node tests/page.js CHROMIUM STACKREF GAME=RECORD=PAGE...
//
// For each page, loaded from a file:// URL: the board shown at load is
// the final position; the keys (Home, Right, Left, End), the buttons
// (start, back, forward, end) and a click on a move step to ply N, and
// the squares and stacks the board then shows (the data-square and
// data-stack of its visible pieces) are those `stackref show --ply N
// --format fen RECORD` gives; the current move is the one highlighted.
// Then the page with scripts off: the final board, the whole list, no
// buttons.  Prints PASS:/FAIL: lines; exit status 1 on a failure.
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [chromium, stackref, ...cases] = process.argv.slice(2);
let failed = 0;

function result(name, ok, why) {
  console.log((ok ? "PASS: " : "FAIL: ") + name + (ok || !why ? "" : " (" + why + ")"));
  if (!ok) failed++;
}

// The DevTools connection: send(method, params, session) -> result.
function connect(proc) {
  let next = 1, buf = Buffer.alloc(0);
  const waiting = new Map(), listeners = [];
  proc.stdio[4].on("data", (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    let end;
    while ((end = buf.indexOf(0)) >= 0) {
      const msg = JSON.parse(buf.subarray(0, end).toString());
      buf = buf.subarray(end + 1);
      if (msg.id && waiting.has(msg.id)) {
        const w = waiting.get(msg.id);
        waiting.delete(msg.id);
        if (msg.error) w.reject(new Error(msg.error.message));
        else w.resolve(msg.result);
      } else if (msg.method) {
        listeners.slice().forEach((l) => l(msg));
      }
    }
  });
  return {
    send(method, params, sessionId) {
      const id = next++;
      const msg = { id, method, params: params || {} };
      if (sessionId) msg.sessionId = sessionId;
      proc.stdio[3].write(JSON.stringify(msg) + "\0");
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    once(method, sessionId) {
      return new Promise((resolve) => {
        const l = (msg) => {
          if (msg.method === method && msg.sessionId === sessionId) {
            listeners.splice(listeners.indexOf(l), 1);
            resolve(msg.params);
          }
        };
        listeners.push(l);
      });
    },
  };
}

// A page of its own: { eval(expr), key(name), click(selector) }.
async function open(cdp, url, scripts) {
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  await cdp.send("Page.enable", {}, sessionId);
  if (!scripts)
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true }, sessionId);
  const loaded = cdp.once("Page.loadEventFired", sessionId);
  await cdp.send("Page.navigate", { url }, sessionId);
  await loaded;
  const page = {
    async eval(expr) {
      const r = await cdp.send("Runtime.evaluate", { expression: expr, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error(expr + ": " + r.exceptionDetails.text);
      return r.result.value;
    },
    async key(name) {
      const codes = { ArrowLeft: 37, ArrowRight: 39, Home: 36, End: 35 };
      for (const type of ["rawKeyDown", "keyUp"])
        await cdp.send("Input.dispatchKeyEvent", { type, key: name, code: name,
          windowsVirtualKeyCode: codes[name], nativeVirtualKeyCode: codes[name] }, sessionId);
    },
    async click(selector) {
      const box = await page.eval("(function () { var e = document.querySelector(" +
        JSON.stringify(selector) + "); e.scrollIntoView({ block: \"center\" });" +
        " var r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()");
      for (const type of ["mousePressed", "mouseReleased"])
        await cdp.send("Input.dispatchMouseEvent", { type, x: box[0], y: box[1],
          button: "left", clickCount: 1 }, sessionId);
    },
    close() { return cdp.send("Target.closeTarget", { targetId }); },
  };
  return page;
}

// The stacks of a FEN as sorted "SQUARE=STACK" texts, in the colour
// letters the page's data-stack uses: the colours the game's rules name
// (American checkers: B is red, W white; the draughts: black and white;
// a king in upper case).  second: the letter of B's pieces.
function fenStacks(fen, second) {
  const out = [], parts = fen.trim().split(":").slice(1);
  if (parts.join(":").includes("=")) {
    parts.join(":").split(",").filter((s) => s).forEach((s) => out.push(s.trim()));
  } else {
    parts.filter((p) => p).forEach((p) => {
      const letter = p[0].toUpperCase() === "B" ? second : "w";
      p.slice(1).split(",").filter((s) => s).forEach((s) => {
        const king = s[0].toUpperCase() === "K";
        out.push((king ? s.slice(1) : s) + "=" + (king ? letter.toUpperCase() : letter));
      });
    });
  }
  return out.sort();
}

// The stacks at ply of record, fixtures/games/GAME.pdn.
function expected(record, ply) {
  const game = record.split("/").pop().replace(/\.pdn$/, "");
  return fenStacks(execFileSync(stackref, ["show", "--format", "fen", "--ply", String(ply), record]).toString(),
    game === "checkers" ? "r" : "b");
}

// What the page shows now: its ply, the visible stacks, the highlighted
// item's ply, the status line.
const SHOWN = "(function () { var s = document.querySelector(\"section.game\");" +
  " var pcs = [].slice.call(s.querySelectorAll(\"svg .pc\")).filter(function (p) {" +
  " return getComputedStyle(p).display !== \"none\"; }).map(function (p) {" +
  " return p.dataset.square + \"=\" + p.dataset.stack; }).sort();" +
  " var cur = s.querySelector(\"li.cur\");" +
  " return { ply: s.dataset.ply, stacks: pcs, cur: cur && cur.dataset.ply," +
  " status: s.querySelector(\".status\").textContent }; })()";

async function check(page, name, record, ply) {
  const now = await page.eval(SHOWN), want = expected(record, ply);
  const same = JSON.stringify(now.stacks) === JSON.stringify(want);
  const ok = now.ply === String(ply) && now.cur === String(ply) && same &&
    (ply === 0 ? /^Start/.test(now.status) : now.status.startsWith("Ply " + ply + ":"));
  result(name + " (ply " + ply + ")", ok, ok ? "" : "page at ply " + now.ply +
    ", highlighted " + now.cur + ", status \"" + now.status + "\", " +
    (same ? "same stacks" : "shows " + now.stacks.join(" ") + "; show --ply gives " + want.join(" ")));
}

async function steps(cdp, game, record, file) {
  const page = await open(cdp, "file://" + file, true);
  const last = await page.eval("document.querySelectorAll(\"ol.moves li[data-s]\").length - 1");
  const mid = Math.floor(last / 2), n = `page/${game}`;
  await check(page, n + "/load", record, last);
  await page.key("Home");
  await check(page, n + "/key-home", record, 0);
  for (let i = 0; i < 3; i++) await page.key("ArrowRight");
  await check(page, n + "/key-right", record, 3);
  await page.click("button[data-go=next]");
  await check(page, n + "/button-forward", record, 4);
  await page.click("button[data-go=prev]");
  await page.click("button[data-go=prev]");
  await check(page, n + "/button-back", record, 2);
  await page.key("ArrowLeft");
  await check(page, n + "/key-left", record, 1);
  await page.click(`ol.moves li[data-ply="${mid}"]`);
  await check(page, n + "/click-move", record, mid);
  for (let i = mid; i < last; i++) await page.key("ArrowRight");
  await check(page, n + "/key-right-to-end", record, last);
  await page.key("ArrowRight");
  await check(page, n + "/key-right-past-end", record, last);
  await page.click("button[data-go=first]");
  await check(page, n + "/button-start", record, 0);
  await page.key("End");
  await check(page, n + "/key-end", record, last);
  await page.close();
}

async function noScript(cdp, game, record, file) {
  const page = await open(cdp, "file://" + file, false);
  const now = await page.eval("(function () { var s = document.querySelector(\"section.game\");" +
    " return { stacks: [].slice.call(s.querySelectorAll(\"svg .pc\")).filter(function (p) {" +
    " return getComputedStyle(p).display !== \"none\"; }).map(function (p) {" +
    " return p.dataset.square + \"=\" + p.dataset.stack; }).sort()," +
    " nav: getComputedStyle(s.querySelector(\".nav\")).display," +
    " items: [].slice.call(s.querySelectorAll(\"ol.moves li\")).filter(function (l) {" +
    " return l.getClientRects().length > 0; }).length," +
    " js: document.documentElement.className }; })()");
  const plies = Number(execFileSync(stackref, ["show", record]).toString().match(/after (\d+) pl/)[1]);
  const want = expected(record, plies);
  const ok = JSON.stringify(now.stacks) === JSON.stringify(want) && now.nav === "none" &&
    now.items === plies + 1 && now.js === "";
  result(`page/${game}/scripts-off`, ok, ok ? "" : JSON.stringify(now) + " want " + want.join(" "));
  await page.close();
}

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "stackref-page."));
  const proc = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
  const timer = setTimeout(() => { result("page/timeout", false, "60 s"); proc.kill(); process.exit(1); }, 60000);
  const cdp = connect(proc);
  try {
    for (const c of cases) {
      const [game, record, file] = c.split("=");
      await steps(cdp, game, record, path.resolve(file));
      await noScript(cdp, game, record, path.resolve(file));
    }
  } catch (e) {
    result("page/driver", false, e.message);
  }
  clearTimeout(timer);
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  await cdp.send("Browser.close").catch(() => {});
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  proc.kill();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  process.exit(failed ? 1 : 0);
}

main();
