// `/`: every captured page, the features it uses and its other js- hooks.
import { Link } from 'wouter-preact';
import { pageHooks, useJson, useTitle, type PageEntry } from './data';

export function Catalogue() {
  useTitle('Pages');
  const pages = useJson<PageEntry[]>('/__pages.json');
  return (
    <>
      <h1 tabIndex={-1}>Captured pages</h1>
      {pages.state === 'loading' && <p>Loading the pages…</p>}
      {pages.state === 'error' && <p role="alert">Could not read /__pages.json: {pages.message}</p>}
      {pages.state === 'ok' && pages.data.length === 0 && <p>No pages in legacy-pages/ yet.</p>}
      {pages.state === 'ok' && pages.data.length > 0 && (
        <table className="pages">
          <caption>
            Each page of <code>legacy-pages/</code>, the veneer features its markup hooks, and the <code>js-</code> hooks no
            feature handles yet.
          </caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Features</th>
              <th scope="col">Other hooks</th>
              <th scope="col">Raw</th>
            </tr>
          </thead>
          <tbody>
            {pages.data.map((page) => {
              const { used, other } = pageHooks(page);
              return (
                <tr key={page.name}>
                  <th scope="row">
                    <Link href={`/view/${encodeURIComponent(page.name)}`}>{page.title}</Link> <code>{page.name}</code>
                  </th>
                  <td>
                    {used.length ? (
                      <ul className="tags" aria-label={`Features of ${page.name}`}>
                        {used.map((name) => (
                          <li key={name}>{name}</li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </td>
                  <td className="hooks">{other.length ? other.join(', ') : <span className="muted">none</span>}</td>
                  <td className="raw">
                    <a href={page.path} aria-label={`${page.name}: enhanced`}>
                      enhanced
                    </a>{' '}
                    <a href={`${page.path}?veneer=off`} aria-label={`${page.name}: as sent`}>
                      as sent
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
