// `/docs`: the markup reference (docs/markup.md, GET /__docs.json), by section, as text: the
// source is Markdown, shown as written (no HTML is made from it).
import { useJson, useTitle } from './data';

interface Docs {
  file: string;
  text: string;
}

interface Section {
  id: string;
  title: string;
  body: string;
}

/** The file cut at its `## ` headings; what comes before the first is the introduction. */
export function sections(text: string): Section[] {
  const parts = text.split(/^## /m);
  return parts.map((part, i) => {
    const [first, ...rest] = part.split('\n');
    const title = i ? first.trim() : 'Introduction';
    const body = (i ? rest.join('\n') : part).trim();
    return { id: 'doc-' + title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), title, body };
  });
}

export function DocsView() {
  useTitle('Markup reference');
  const docs = useJson<Docs>('/__docs.json');
  return (
    <>
      <h1 tabIndex={-1}>Markup reference</h1>
      {docs.state === 'loading' && <p role="status">Loading…</p>}
      {docs.state === 'error' && <p role="alert">The reference could not be read: {docs.message}</p>}
      {docs.state === 'ok' && (
        <>
          <p>
            <code>{docs.data.file}</code>: every hook, its parameters, what veneer writes back, keyboard, the
            warnings it logs, and the script tag's settings.
          </p>
          <nav aria-label="Sections">
            <ul className="toc">
              {sections(docs.data.text).map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          {sections(docs.data.text).map((section) => (
            // Plain sections, not landmarks: one region per section would make dozens of them.
            <section key={section.id}>
              <h2 id={section.id}>{section.title}</h2>
              <pre className="doc">{section.body}</pre>
            </section>
          ))}
        </>
      )}
    </>
  );
}
