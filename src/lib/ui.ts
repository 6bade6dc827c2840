// Chunks that render get React's API from the shared runtime chunk (./ui-runtime), loaded by
// the core's own loader (its script tag, Trusted Types policy, time-out and one retry) the
// first time any chunk asks: never bundled into the chunk itself.
import { CORE_KEY, type CoreHandle } from './feature';
import type { UI } from './ui-runtime';

export type { UI };

export function loadUI(): Promise<UI> {
  return (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!.load('ui') as unknown as Promise<UI>;
}
