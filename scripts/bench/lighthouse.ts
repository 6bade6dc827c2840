// Lighthouse 12 (performance category, its default mobile profile with simulated throttling) on
// captured pages, with veneer and without it (?veneer=off), in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { OFFLINE_RESOLVER_RULE } from '../../src/harness/chromium';

export interface LighthouseRun {
  page: string;
  veneer: boolean;
  score: number;
  tbt: number;
  cls: number;
  lcp: number;
  fcp: number;
}

export async function lighthouseRuns(base: string, pages: string[], progress: (text: string) => void): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', OFFLINE_RESOLVER_RULE],
    logLevel: 'silent',
  });
  const runs: LighthouseRun[] = [];
  try {
    for (const page of pages) {
      for (const veneer of [true, false]) {
        const result = await lighthouse(`${base}/${page}/${veneer ? '' : '?veneer=off'}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`lighthouse: no result for ${page}`);
        const { audits, categories, runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`lighthouse: ${page}: ${runtimeError.code} ${runtimeError.message}`);
        const value = (id: string) => audits[id]?.numericValue ?? NaN;
        runs.push({
          page,
          veneer,
          score: Math.round((categories.performance.score ?? NaN) * 100),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          lcp: value('largest-contentful-paint'),
          fcp: value('first-contentful-paint'),
        });
        progress('.');
      }
    }
  } finally {
    chrome.kill();
  }
  return runs;
}
