// DOMPurify as a shared runtime chunk (sanitize.<hash>.js), for browsers without the
// Sanitizer API: ./sanitize loads it only there. Under Trusted Types it parses through its
// own policy, `dompurify`.
import DOMPurify from 'dompurify';
import { CORE_KEY, type CoreHandle, type Feature } from './feature';

export type Purify = { sanitize(html: string, config: Record<string, unknown>): DocumentFragment };

(globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.define('sanitize', DOMPurify as unknown as Feature);
