// The Chromium switches the tests, the bench and the capture tool share. Debian's Chromium
// (/usr/bin/chromium, see .puppeteerrc.cjs); puppeteer never downloads a browser.

/** Sends every host name but 127.0.0.1 and localhost nowhere: no request leaves the machine. */
export const OFFLINE_RESOLVER_RULE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

export interface ChromiumArgsOptions {
  /** Keep every request on this machine (the host-resolver rule). Default true. */
  offline?: boolean;
}

export function chromiumArgs({ offline = true }: ChromiumArgsOptions = {}): string[] {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--font-render-hinting=none',
  ];
  if (offline) args.push(OFFLINE_RESOLVER_RULE);
  return args;
}
