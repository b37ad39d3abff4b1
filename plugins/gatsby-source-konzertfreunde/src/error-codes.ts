/** Structured error ids reported through reporter.panic, so a failed build names its cause. */
export const errorCodes = {
  unreachable: '111001',
  badResponse: '111002',
  /** BUILD_TOKEN missing, malformed or refused by the content server (ADR 024). */
  buildToken: '111003',
} as const;

export const errorMap = {
  [errorCodes.unreachable]: {
    text: (context: { sourceMessage: string }) => context.sourceMessage,
    level: 'ERROR',
    category: 'THIRD_PARTY',
  },
  [errorCodes.badResponse]: {
    text: (context: { sourceMessage: string }) => context.sourceMessage,
    level: 'ERROR',
    category: 'THIRD_PARTY',
  },
  [errorCodes.buildToken]: {
    text: (context: { sourceMessage: string }) => context.sourceMessage,
    level: 'ERROR',
    category: 'USER',
  },
} as const;

/** Keeps credentials in a URL out of build logs. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.username) parsed.username = '***';
    return parsed.toString();
  } catch {
    return '<invalid url>';
  }
}
