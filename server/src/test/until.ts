/** Waiting for a signal in tests: look again every `everyMs` until `check` holds, or fail after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000, everyMs = 50) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
