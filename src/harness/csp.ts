// The strict Content-Security-Policy the harness can put on pages (`?csp=strict` or the
// `csp: true` server option). Violations are POSTed to /__csp-report and listed by
// GET /__csp-reports (DELETE clears).
export const CSP_REPORT_PATH = '/__csp-report';

export const STRICT_CSP =
  "script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; " +
  "require-trusted-types-for 'script'; trusted-types veneer dompurify; " +
  `report-uri ${CSP_REPORT_PATH}`;
