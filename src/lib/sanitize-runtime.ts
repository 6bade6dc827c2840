// DOMPurify as a shared runtime chunk (sanitize.<hash>.js), for browsers without the
// Sanitizer API: ./sanitize loads it only there, and gives it the elements and attributes to
// remove; what only DOMPurify needs is here, out of the chunks that use ./sanitize. Under
// Trusted Types it parses through its own policy, `dompurify`.
import DOMPurify from 'dompurify';
import { CORE_KEY, type CoreHandle, type Feature } from './feature';

// DOMPurify parses in a document that inherits the page's CSP: a <base> or a <style> (of any
// namespace) in the answer would report a violation there (base-uri, style-src-elem). Renamed
// first: x-base is an unknown tag, dropped; <xmp> is read as <style> is (its text stays text)
// and is dropped with its text. This renaming does not read tags: "<style" or "<base" in an
// attribute value or in a <textarea> is renamed as well.
const purify = {
  sanitize: (html: string, elements: string[], attributes: string[]): DocumentFragment =>
    DOMPurify.sanitize(html.replace(/<(\/?)base\b/gi, '<$1x-base').replace(/<(\/?)style\b/gi, '<$1xmp'), {
      RETURN_DOM_FRAGMENT: true,
      FORBID_TAGS: elements,
      FORBID_ATTR: attributes,
      ADD_ATTR: ['formaction'],
    }),
};
export type Purify = typeof purify;

(globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.define('sanitize', purify as unknown as Feature);
