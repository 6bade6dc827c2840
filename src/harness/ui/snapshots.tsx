// `/snapshots`: which pages differ from their stored snapshots, and how (GET /__snapshots.json,
// served once the snapshot tests have run); a state's new snapshot approved on its own (POST
// /__snapshots/approve rewrites that state's files only).
import { useState } from 'react';
import { latestResults, type SnapshotResult, type SnapshotResults } from '../snapshot-results';
import { useJson, useTitle } from './data';

/** Results worth a section of their own. */
const shown = (r: SnapshotResult) => r.status === 'different' || r.status === 'missing';

/** Only same-origin paths become links and image sources. */
function local(url: string | undefined): string | undefined {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : undefined;
}

function Diff({ text, label }: { text: string; label: string }) {
  return (
    <pre className="diff" tabIndex={0} role="region" aria-label={label}>
      {text.split('\n').map((line, i) => (
        <span key={i} className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

type Approval = { state: 'idle' | 'busy' } | { state: 'done' | 'failed'; message: string };

/** Stores this run's snapshot of one state in snapshots/, after the developer has looked at it. */
function Approve({ result, name }: { result: SnapshotResult; name: string }) {
  const [approval, setApproval] = useState<Approval>({ state: 'idle' });
  const approve = async () => {
    setApproval({ state: 'busy' });
    try {
      const res = await fetch('/__snapshots/approve', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ page: result.page, state: result.state }),
      });
      if (!res.ok) return setApproval({ state: 'failed', message: `Not approved: ${res.status} ${res.statusText}.` });
      const { written } = (await res.json()) as { written: string[] };
      setApproval({
        state: 'done',
        message: written.length ? `Approved: rewrote ${written.map((file) => `snapshots/${file}`).join(' and ')}.` : 'Approved: the stored files were already these.',
      });
    } catch (error) {
      setApproval({ state: 'failed', message: `Not approved: ${String(error)}` });
    }
  };
  return (
    <div className="approve">
      {approval.state !== 'done' && (
        <button type="button" onClick={approve} disabled={approval.state === 'busy'}>
          Approve this run's snapshot of {name}
        </button>
      )}
      {/* Present from the start, so that what it comes to say is announced. */}
      <p role="status">{approval.state === 'done' || approval.state === 'failed' ? approval.message : ''}</p>
    </div>
  );
}

function Result({ result, id }: { result: SnapshotResult; id: string }) {
  const name = `${result.page} (${result.state})`;
  const images: [string | undefined, string][] = [
    [local(result.expected), 'stored snapshot'],
    [local(result.actual), 'this run'],
    [local(result.difference), 'difference'],
  ];
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="result">
      <h2 id={`${id}-title`}>
        {name}: {result.status}
      </h2>
      {result.status === 'missing' && <p>No stored snapshot yet.</p>}
      {result.note || result.pixels ? (
        <p>{[result.pixels ? `${result.pixels} pixels differ` : '', result.note ?? ''].filter(Boolean).join('; ')}.</p>
      ) : null}
      {result.status === 'different' &&
        (result.diff ? <Diff text={result.diff} label={`DOM and ARIA diff of ${name}`} /> : <p>No DOM or ARIA text difference.</p>)}
      {(local(result.expectedAria) || local(result.actualAria)) && (
        <p>
          DOM and ARIA text: {local(result.expectedAria) && <a href={local(result.expectedAria)}>stored</a>}
          {local(result.expectedAria) && local(result.actualAria) && ', '}
          {local(result.actualAria) && <a href={local(result.actualAria)}>this run</a>}
        </p>
      )}
      {local(result.actual) && <Approve result={result} name={name} />}
      <div className="shots">
        {images.map(([url, what]) =>
          url ? (
            <figure key={what}>
              <a href={url}>
                <img src={url} alt={`${name}, ${what}`} loading="lazy" />
              </a>
              <figcaption>{what}</figcaption>
            </figure>
          ) : null,
        )}
      </div>
    </section>
  );
}

export function Snapshots() {
  useTitle('Snapshots');
  const results = useJson<SnapshotResults>('/__snapshots.json');
  // Each page × state once: a results file that lists a retried state once per attempt would
  // give two sections (landmarks) of the same name, and two rows of the same key.
  const list = results.state === 'ok' && Array.isArray(results.data?.pages) ? latestResults(results.data.pages) : [];
  const run = results.state === 'ok' ? results.data : undefined;
  const count = (status: string) => list.filter((r) => r.status === status).length;
  const empty = (results.state === 'error' && results.status === 404) || (results.state === 'ok' && list.length === 0);
  const browser = run?.browser;
  return (
    <>
      <h1 tabIndex={-1}>Snapshots</h1>
      {results.state === 'loading' && <p>Loading the results…</p>}
      {empty && <p className="empty">No snapshot results yet: run npm test</p>}
      {results.state === 'error' && results.status !== 404 && <p role="alert">Could not read /__snapshots.json: {results.message}</p>}
      {list.length > 0 && (
        <>
          <p>
            {run?.generatedAt && `Last run ${run.generatedAt}${run.updated ? ' (it rewrote the stored snapshots)' : ''}: `}
            {`${count('different')} different, ${count('missing')} missing, ${count('skipped')} skipped, ${count('same')} same`}
            {count('approved') ? `, ${count('approved')} approved.` : '.'}
          </p>
          {browser && (
            <p>
              {browser.recorded === browser.run
                ? `Pictures taken with ${browser.run}, the build of this run: compared exactly.`
                : `Pictures taken with ${browser.recorded || 'an unrecorded build'}; this run: ${browser.run}. Pixels compared with the other-build tolerance.`}
            </p>
          )}
          <table className="snapshots">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">State</th>
                <th scope="col">Status</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r, i) => (
                <tr key={`${r.page}/${r.state}`}>
                  <th scope="row">{r.page}</th>
                  <td>{r.state}</td>
                  <td className={`status status--${r.status}`}>{shown(r) ? <a href={`#result-${i}`}>{r.status}</a> : r.status}</td>
                  <td className="note">{r.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.map((r, i) => (shown(r) ? <Result key={`${r.page}/${r.state}`} result={r} id={`result-${i}`} /> : null))}
        </>
      )}
    </>
  );
}
