// The strict Content-Security-Policy the harness can put on pages (`?csp=strict` or the
// `csp: true` server option). Violations are POSTed to /__csp-report and listed by
// GET /__csp-reports (DELETE clears).
export const CSP_REPORT_PATH = '/__csp-report';

/** veneer's Trusted Types policies: the core's chunk loader, the YouTube API's fixed address, and DOMPurify where there is no Sanitizer API. */
export const VENEER_POLICIES = ['veneer', 'veneer-youtube', 'dompurify'];

/**
 * The strict policy, allowing `policies` as Trusted Types policy names (never `default`).
 * `inline` also allows the page's own inline scripts and styles (the tests' fixtures have
 * them); Trusted Types stay enforced.
 */
export function strictCsp(
  policies: readonly string[] = VENEER_POLICIES,
  { inline = false, scriptHosts = [] as readonly string[] } = {},
): string {
  const own = inline ? "'self' 'unsafe-inline'" : "'self'";
  return (
    `script-src ${[own, ...scriptHosts].join(' ')}; style-src ${own}; object-src 'none'; base-uri 'none'; ` +
    `require-trusted-types-for 'script'; trusted-types ${policies.join(' ')}; ` +
    `report-uri ${CSP_REPORT_PATH}`
  );
}

export const STRICT_CSP = strictCsp();

/** The one third-party script veneer loads (the video feature's player API): a site with video players allows it. */
export const PLAYER_API_HOST = 'https://www.youtube.com';
