import { readdirSync, readFileSync } from 'node:fs';

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
