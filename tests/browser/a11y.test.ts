// axe-core on every captured page, enhanced, in every state the snapshot states name
// (tests/browser/snapshot-states.ts): zero violations. Frames (maps, players) are other
// documents: not checked here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { snapshotPlan } from './snapshot-states';
import { useSession } from './support';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe('accessibility of the captured pages (axe-core)', () => {
  const session = useSession();

  for (const { page: name, states } of snapshotPlan())
    describe(`/${name}/`, () => {
      it.each(states.map((state) => [state.name, state] as const))('%s: no axe-core violation', async (_name, state) => {
        // Reduced motion, as the snapshots: no element is caught mid-fade (partly transparent text).
        const test = await session.open(`/${name}/`, { reducedMotion: true });
        if (!(await state.available(test.page))) throw new Error(`${state.name} is not available on /${name}/`);
        await state.apply(test.page);
        // As DevTools code: the page's strict CSP refuses inline scripts, axe's included.
        await test.page.evaluate(AXE);
        const violations = await test.page.evaluate(async () => {
          type Result = { violations: { id: string; help: string; nodes: { target: unknown }[] }[] };
          const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
          const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
          return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
        });
        expect(violations).toEqual([]);
        test.assertClean();
      });
    });
});
