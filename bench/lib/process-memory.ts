import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** Resident memory of a process and all its descendants, in bytes, read from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces and is wrapped in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const pages = Number(fields[21]);
      const pid = Number(entry);
      rss.set(pid, pages * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree's memory every `intervalMs` until stopped; returns the peak. */
export function samplePeak(rootPid: number, intervalMs = 250) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(rootPid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, treeRss(rootPid));
      return peak;
    },
  };
}

/** This process's peak resident memory so far (Linux's VmHWM), in bytes; 0 where /proc does not say. */
function ownPeak(): number {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The peak resident memory of this process (all its threads) from now until stopped. Linux keeps the peak itself,
 * and writing 5 to /proc/self/clear_refs starts it again from the current size, so no moment is missed even while
 * the event loop is busy. Where that is refused, the size is sampled every `intervalMs` instead (between the
 * event loop's turns only).
 */
export function measureOwnPeak(intervalMs = 20) {
  let kernel = false;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    kernel = ownPeak() > 0;
  } catch {
    // Not Linux, or not allowed: sample.
  }
  let peak = process.memoryUsage().rss;
  const timer = kernel ? undefined : setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), intervalMs);
  return {
    /** How it was measured, for the printed table. */
    method: kernel ? 'VmHWM' : `sampled every ${intervalMs} ms`,
    stop(): number {
      clearInterval(timer);
      return kernel ? ownPeak() : Math.max(peak, process.memoryUsage().rss);
    },
  };
}
