import { startServer } from '../src/harness/server';
import { lighthouseRuns } from './bench/lighthouse';
const site = await startServer({ port: 0, compress: true });
try {
  for (let i = 0; i < 3; i++)
    for (const r of await lighthouseRuns(site.url, ['home'], () => {})) console.log(r.page, r.veneer, r.score, Math.round((r as any).tbt));
} finally { await site.close(); }
