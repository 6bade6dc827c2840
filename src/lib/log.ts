// One prefix for every message veneer writes, so operators can filter the console.
export const warn = (message: string, ...context: unknown[]): void => console.warn('[veneer] ' + message, ...context);

export function reportError(message: string, error: unknown): void {
  console.error('[veneer] ' + message, error);
}
