// The capture tool's HTML and CSS passes (src/harness/capture/html.ts, css.ts): what they
// keep byte for byte, what they drop, what they hand to the map and how they write it back.
import { describe, expect, it } from 'vitest';
import { cssRefs, rewriteCss } from '../../src/harness/capture/css';
import { rewriteSrcset, transformHtml } from '../../src/harness/capture/html';
import { harToLoaded, type Har, type HarEntry } from '../../src/harness/capture/har';
import { checkAddress, checkPageName } from '../../src/harness/capture/manifest';

const DOC = 'https://www.example.com/shop/page.html';

/** Maps every URL to L(<url>) and records it with its kind. */
function recorder() {
  const seen: [string, string][] = [];
  return {
    seen,
    map: (url: string, kind: string) => {
      seen.push([url, kind]);
      return `L(${url})`;
    },
  };
}

describe('capture: HTML', () => {
  it('keeps a document without scripts or resources byte for byte', () => {
    const html = `<!DOCTYPE html>\n<!--[if lt IE 9]><script src="html5shiv.js"></script><![endif]-->\n<HTML Lang=en><head><meta charset=utf-8><title>a < b > c</title></head>\n<body class=x data-json='{"a":">"}'>\n<p title="1 > 0">Text &amp; more < 3</p><textarea><img src=x.png></textarea>\n<a href="/x/?a=1&amp;b=2">x</a><br/><input disabled></body></HTML>\n`;
    const { html: out, scripts, handlers } = transformHtml(html, { url: DOC, map: () => undefined });
    expect(out).toBe(html);
    expect(scripts).toEqual([]);
    expect(handlers).toBe(0);
  });

  it('drops the site’s scripts and handlers, keeps data blocks', () => {
    const html = [
      '<head>',
      '  <script src="/js/jquery.js"></script>',
      '  <SCRIPT TYPE="text/javascript">var s = "</scr" + "ipt>";</SCRIPT>',
      '  <script type="module" src="app.mjs"></script><script type=importmap>{}</script>',
      '  <script type="application/json" id="data">{"x":"<b>"}</script>',
      '  <script type="text/x-handlebars-template" id="tpl"><li>{{name}}</li></script>',
      '  <script defer src="/Content/scripts/dist/veneer.js?v=2" data-analytics-id="G-1"></script>',
      '  <link rel="modulepreload" href="/m.js"><link rel="preload" as="script" href="/p.js">',
      '  <link rel="dns-prefetch" href="//cdn.example.net">',
      '</head>',
      '<body onload="init()" ONCLICK=\'x()\' data-onclick="kept"><button onmouseover="h()" type="button">b</button></body>',
    ].join('\n');
    const r = transformHtml(html, { url: DOC, map: () => undefined });
    expect(r.html).toBe(
      [
        '<head>',
        '  <script type="application/json" id="data">{"x":"<b>"}</script>',
        '  <script type="text/x-handlebars-template" id="tpl"><li>{{name}}</li></script>',
        '</head>',
        '<body data-onclick="kept"><button type="button">b</button></body>',
      ].join('\n'),
    );
    expect(r.scripts).toEqual([
      'https://www.example.com/js/jquery.js',
      'inline',
      'https://www.example.com/shop/app.mjs',
      'inline',
      'https://www.example.com/m.js',
      'https://www.example.com/p.js',
    ]);
    expect(r.veneerTags).toEqual(['<script defer src="/Content/scripts/dist/veneer.js?v=2" data-analytics-id="G-1"></script>']);
    expect(r.hints).toHaveLength(1);
    expect(r.handlers).toBe(3);
  });

  it('hands every loaded resource to the map and writes back what it returns', () => {
    const { seen, map } = recorder();
    const html = [
      '<link rel="stylesheet" href="../css/a.css?v=1&amp;x=2" integrity="sha384-abc" crossorigin>',
      '<link rel="preload" as="font" href="/f.woff2" type="font/woff2" crossorigin>',
      '<link rel="preload" as="style" href="/b.css">',
      '<link rel="canonical" href="https://www.example.com/shop/"><link rel="alternate" hreflang="de" href="/de/">',
      '<link rel="apple-touch-icon" href="/touch.png">',
      '<img src="a.png" srcset="a.png 1x,b.png 2x" data-src="lazy.png" alt="">',
      '<picture><source type="image/webp" srcset="c.webp 480w, d.webp 960w" sizes="50vw"><img src="c.jpg"></picture>',
      '<video poster="poster.jpg"><source src="v.mp4" type="video/mp4"><track src="t.vtt"></video>',
      '<svg><use href="/icons.svg#cart"></use><use xlink:href="#local"></use></svg>',
      '<table background="/bg.gif"><tr><td style="background-image:url(\'cell.png\')">x</td></tr></table>',
      '<img src="data:image/gif;base64,R0lGOD" alt=""><a href="/next/"><img src="//cdn.example.net/x.png"></a>',
      '<style>.a{background:url(s.png)}</style>',
      '<noscript><img src="https://tracker.example.net/px.gif?ev=view"></noscript>',
    ].join('\n');
    const r = transformHtml(html, { url: DOC, map });
    const at = (path: string) => `L(https://www.example.com${path})`;
    expect(r.html).toContain(`<link rel="stylesheet" href="${at('/css/a.css?v=1&amp;x=2')}" crossorigin>`);
    expect(r.html).toContain(`<link rel="preload" as="font" href="${at('/f.woff2')}" type="font/woff2" crossorigin>`);
    expect(r.html).toContain('<link rel="canonical" href="https://www.example.com/shop/"><link rel="alternate" hreflang="de" href="/de/">');
    expect(r.html).toContain(`<img src="${at('/shop/a.png')}" srcset="${at('/shop/a.png')} 1x, ${at('/shop/b.png')} 2x" data-src="${at('/shop/lazy.png')}" alt="">`);
    expect(r.html).toContain(`srcset="${at('/shop/c.webp')} 480w, ${at('/shop/d.webp')} 960w" sizes="50vw"`);
    expect(r.html).toContain(`<use href="${at('/icons.svg#cart')}"></use><use xlink:href="#local"></use>`);
    expect(r.html).toContain(`<td style="background-image:url(&quot;${at('/shop/cell.png')}&quot;)">`);
    expect(r.html).toContain('<img src="data:image/gif;base64,R0lGOD" alt=""><a href="/next/"><img src="L(https://cdn.example.net/x.png)"></a>');
    expect(r.html).toContain(`<style>.a{background:url("${at('/shop/s.png')}")}</style>`);
    expect(r.html).toContain('<noscript><img src="https://tracker.example.net/px.gif?ev=view"></noscript>');
    expect(seen.map(([url]) => url).filter((url) => url.includes('tracker'))).toEqual([]);
    expect(seen.filter(([, kind]) => kind === 'css').map(([url]) => url)).toEqual(['https://www.example.com/css/a.css?v=1&x=2', 'https://www.example.com/b.css']);
    expect(seen.map(([url]) => url)).toEqual(
      expect.arrayContaining(['https://www.example.com/touch.png', 'https://www.example.com/shop/poster.jpg', 'https://www.example.com/shop/v.mp4', 'https://www.example.com/shop/t.vtt', 'https://www.example.com/bg.gif']),
    );
  });

  it('resolves against <base href>, removes it and makes relative links absolute paths', () => {
    const { map } = recorder();
    const html = '<head><base href="https://www.example.com/en/"></head><body><img src="i.png"><a href="about.html">a</a><a href="#top">t</a><form action="search"></form><a href="https://other.example/x">o</a></body>';
    const r = transformHtml(html, { url: DOC, map });
    expect(r.base).toBe('https://www.example.com/en/');
    expect(r.html).toBe(
      '<head></head><body><img src="L(https://www.example.com/en/i.png)"><a href="/en/about.html">a</a><a href="#top">t</a><form action="/en/search"></form><a href="https://other.example/x">o</a></body>',
    );
  });

  it('parks frames of other origins and declares UTF-8 for a re-encoded page', () => {
    const html = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><meta charset="iso-8859-1"><iframe src="https://www.youtube.com/embed/x" width="5"></iframe><iframe src="https://www.example.com/embed/y"></iframe>';
    const r = transformHtml(html, { url: DOC, map: () => undefined, utf8: true });
    expect(r.html).toBe(
      '<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta charset="utf-8"><iframe src="about:blank" width="5" data-capture-src="https://www.youtube.com/embed/x"></iframe><iframe src="/embed/y"></iframe>',
    );
    expect(r.frames).toEqual(['https://www.youtube.com/embed/x']);
  });

  it('reads markup as the HTML standard’s tokenizer does', () => {
    const { seen, map } = recorder();
    const html = [
      '<!-->',
      '<script src="/js/after-comment.js"></script><link rel="stylesheet" href="after.css">',
      '<img src="caf&eacute;.png" srcset="na&iuml;ve.png 2x" alt="&hellip;">',
      "<script>var s = '<!--<script>'; </script> window.escapedRan = true; </script><p>after</p>",
      '<svg><use xlink:href="/i.svg#a" viewBox="0 0 1 1"/><filter><feImage href="f.png"/></filter></svg>',
    ].join('\r\n');
    const r = transformHtml(html, { url: DOC, map });
    expect(r.scripts).toEqual(['https://www.example.com/js/after-comment.js', 'inline']);
    expect(seen.map(([url]) => url)).toEqual([
      'https://www.example.com/shop/after.css',
      'https://www.example.com/shop/caf%C3%A9.png',
      'https://www.example.com/shop/na%C3%AFve.png',
      'https://www.example.com/i.svg#a',
      'https://www.example.com/shop/f.png',
    ]);
    expect(r.html).toBe(
      [
        '<!-->',
        '<link rel="stylesheet" href="L(https://www.example.com/shop/after.css)">',
        '<img src="L(https://www.example.com/shop/caf%C3%A9.png)" srcset="L(https://www.example.com/shop/na%C3%AFve.png) 2x" alt="&hellip;">',
        '<p>after</p>',
        '<svg><use xlink:href="L(https://www.example.com/i.svg#a)" viewBox="0 0 1 1"/><filter><feImage href="L(https://www.example.com/shop/f.png)"/></filter></svg>',
      ].join('\r\n'),
    );
  });

  it('parses srcset like browsers do', () => {
    const map = (url: string) => `<${url.slice(url.lastIndexOf('/') + 1)}>`;
    expect(rewriteSrcset('a.png 1x,b.png 2x', DOC, map)).toBe('<a.png> 1x, <b.png> 2x');
    expect(rewriteSrcset('  a.png,  b.png 2x  ', DOC, map)).toBe('<a.png>, <b.png> 2x');
    expect(rewriteSrcset('data:image/png;base64,AAA= 1x, c.png 2x', DOC, map)).toBe('data:image/png;base64,AAA= 1x, <c.png> 2x');
    expect(rewriteSrcset('e.png 100w', DOC, () => undefined)).toBe('e.png 100w');
  });
});

describe('capture: CSS', () => {
  const base = 'https://www.example.com/css/site.css';
  it('rewrites url(), @import and image-set() and leaves the rest', () => {
    const css = `@charset "utf-8";
@import 'reset.css';
@import url(print.css) print;
/* url(commented.png) */
.a { background: url( "../img/a b.png" ) no-repeat, url(data:image/png;base64,AA==); }
.b { content: "url(not-a-url.png)"; filter: url(#blur); mask: url('/m.svg#m'); }
.c { background-image: image-set("c.png" 1x, url(c2.png) 2x); }
.d{background:URL(d\\(1\\).png)}
@font-face { font-family: F; src: url(../f/f.woff2?#iefix) format("woff2"); }`;
    const map = (url: string, kind: string) => `${kind}:${url.replace('https://www.example.com', '')}`;
    expect(rewriteCss(css, base, map)).toBe(`@charset "utf-8";
@import "css:/css/reset.css";
@import url("css:/css/print.css") print;
/* url(commented.png) */
.a { background: url("asset:/img/a%20b.png") no-repeat, url(data:image/png;base64,AA==); }
.b { content: "url(not-a-url.png)"; filter: url(#blur); mask: url("asset:/m.svg#m"); }
.c { background-image: image-set("asset:/css/c.png" 1x, url("asset:/css/c2.png") 2x); }
.d{background:url("asset:/css/d(1).png")}
@font-face { font-family: F; src: url("asset:/f/f.woff2?#iefix") format("woff2"); }`);
    expect([...cssRefs(css, base).keys()]).toHaveLength(8);
  });

  it('reads escapes, comments and bad tokens as CSS Syntax does', () => {
    const map = (url: string) => `<${url.slice(url.lastIndexOf('/') + 1)}>`;
    expect(rewriteCss('.a{background:u\\72l(a.png)} .b{background:\\75 rl("b.png")}', base, map)).toBe('.a{background:url("<a.png>")} .b{background:url("<b.png>")}');
    expect(rewriteCss('@import/* c */"i.css" screen;', base, map)).toBe('@import/* c */"<i.css>" screen;');
    // A bad url (a space inside, unquoted) and an unterminated string load nothing.
    const bad = '.c{background:url(a b.png)} .d{content:"url(x.png)\n}';
    expect(rewriteCss(bad, base, map)).toBe(bad);
  });
});

describe('capture: HAR', () => {
  /** An entry as a browser without Chromium's _resourceType (Firefox) writes it. */
  const entry = (method: string, url: string, status: number, mimeType: string, text: string | undefined, dest: string, more: Partial<HarEntry['response']> = {}) =>
    ({
      startedDateTime: '2026-11-27T09:00:00.000Z',
      time: 1,
      request: { method, url, httpVersion: 'HTTP/2', headers: [{ name: 'Sec-Fetch-Dest', value: dest }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
      response: { status, statusText: '', httpVersion: 'HTTP/2', headers: [{ name: 'Content-Type', value: mimeType }], cookies: [], content: { size: 0, mimeType, text }, redirectURL: '', headersSize: -1, bodySize: -1, ...more },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    }) as HarEntry;

  it('tells the document, its files and its calls apart without _resourceType, and follows redirects', async () => {
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: 'Firefox', version: '140' },
        entries: [
          entry('GET', 'https://www.example.com/a', 302, 'text/html', '', 'document', { redirectURL: '/a/' }),
          entry('GET', 'https://www.example.com/a/', 200, 'text/html; charset=utf-8', '<p>page</p>', 'document'),
          entry('GET', 'https://www.example.com/old.css', 301, 'text/html', '', 'style', { redirectURL: 'https://cdn.example.net/new.css' }),
          entry('GET', 'https://cdn.example.net/new.css', 200, 'text/css', 'p{}', 'style'),
          entry('GET', 'https://www.example.com/i.png', 200, 'image/png', Buffer.from('PNG').toString('base64'), 'image', { content: { size: 3, mimeType: 'image/png', text: 'UE5H', encoding: 'base64' } }),
          entry('POST', 'https://www.example.com/api/save', 201, 'application/json', '{"ok":true}', 'empty'),
          entry('GET', 'https://www.example.com/api/none', 204, 'text/plain', undefined, 'empty'),
        ],
      },
    };
    const { loaded, address } = harToLoaded(har);
    expect(address.href).toBe('https://www.example.com/a');
    expect([loaded.url, loaded.status, loaded.body.toString()]).toEqual(['https://www.example.com/a/', 200, '<p>page</p>']);
    expect([...loaded.received.keys()]).toEqual(['https://www.example.com/old.css', 'https://cdn.example.net/new.css', 'https://www.example.com/i.png']);
    const old = loaded.received.get('https://www.example.com/old.css')!;
    expect([old.url, (await old.body)?.toString()]).toEqual(['https://cdn.example.net/new.css', 'p{}']);
    expect((await loaded.received.get('https://www.example.com/i.png')!.body)?.toString()).toBe('PNG');
    expect(loaded.calls.map((c) => [c.method, c.url, c.status])).toEqual([
      ['POST', 'https://www.example.com/api/save', 201],
      ['GET', 'https://www.example.com/api/none', 204],
    ]);
    expect(await loaded.calls[1].body).toBeNull();
  });

  it('refuses a file that is not a HAR or holds no page', () => {
    expect(() => harToLoaded({} as Har)).toThrow(/not a HAR file/);
    const noContent: Har = { log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [entry('GET', 'https://www.example.com/', 200, 'text/html', undefined, 'document')] } };
    expect(() => harToLoaded(noContent)).toThrow(/no HTML document with its content/);
  });
});

describe('capture: names and addresses', () => {
  it('accepts [a-z0-9-] names and http(s) addresses only', () => {
    for (const ok of ['shop', 'product-page-2', '404']) expect(checkPageName(ok)).toBe(ok);
    for (const bad of ['', '_site', '-x', 'Shop', 'a/b', '..', 'a b', 'ä', 'x'.repeat(81)]) expect(() => checkPageName(bad), bad).toThrow();
    expect(checkAddress('https://www.example.com/a?b#c').href).toBe('https://www.example.com/a?b#c');
    for (const bad of ['ftp://x/', 'javascript:alert(1)', 'file:///etc/passwd', 'www.example.com', 'data:text/html,x']) expect(() => checkAddress(bad), bad).toThrow();
  });
});
