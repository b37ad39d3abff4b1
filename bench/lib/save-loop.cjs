/**
 * An editor saving one headline over and over, in a worker thread of bench:backup (bench/backup.ts), so each
 * save's time is taken on a thread the server's work cannot hold up, as a real editor's browser would take it.
 * workerData: { url (the module's save call), headers (a logged-in editor's), version (the container's),
 * pauseMs (between one answer and the next save) }. Posts { saved: n } after every save; on 'stop' it finishes
 * the save under way and posts { saves: [{ startedAt, endedAt, ok }] } (times in ms since the epoch).
 * Plain JavaScript: a worker loads it by path, outside tsx.
 */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

const { url, headers, pauseMs } = workerData;
let version = workerData.version;
let stopped = false;
const saves = [];
const now = () => performance.timeOrigin + performance.now();

parentPort.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

async function run() {
  while (!stopped) {
    const startedAt = now();
    let ok = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version, module: { content: `Gespeichert ${saves.length + 1}` } }),
      });
      const answer = await response.json();
      if (response.status === 200 && typeof answer.version === 'number') {
        version = answer.version;
        ok = true;
      }
    } catch {
      // Counted as a failed save.
    }
    saves.push({ startedAt, endedAt: now(), ok });
    parentPort.postMessage({ saved: saves.length });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage({ saves });
}

run();
