/**
 * Netlify's build hook: a POST to the hook's URL starts a build and deploy there; `trigger_title` names it in the
 * deploy log. The URL is a secret of sorts (whoever has it can start builds), so errors never repeat it.
 */
/** How long a call of the hook may take before it is given up (and its run fails); readiness derives its bound from it. */
export const hookTimeoutMs = 30_000;

export async function callBuildHook(hookUrl: string, title: string, signal?: AbortSignal): Promise<void> {
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  const signals = [AbortSignal.timeout(hookTimeoutMs), ...(signal ? [signal] : [])];
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new Error(`The build hook (${url.host}) could not be reached: ${cause}`, { cause: error });
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).trim().slice(0, 300);
    throw new Error(`The build hook (${url.host}) answered ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`);
  }
  await response.body?.cancel();
}
