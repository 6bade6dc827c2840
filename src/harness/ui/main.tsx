// The harness UI: the captured pages, each page enhanced and as the CMS sends it with a live
// log, and the snapshot results. React API (preact through the package.json alias), wouter.
import { useEffect, useRef, type ReactNode } from 'react';
import { render } from 'react-dom';
import { Link, Route, Switch, useLocation } from 'wouter-preact';
import { Catalogue } from './catalogue';
import { DocsView } from './docs';
import { PageView } from './page-view';
import { Snapshots } from './snapshots';
import { useTitle } from './data';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Link href={href} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function NotFound() {
  useTitle('Not found');
  return (
    <>
      <h1 tabIndex={-1}>Not found</h1>
      <p>
        Nothing here. <Link href="/">See the pages</Link>.
      </p>
    </>
  );
}

function App() {
  const [location] = useLocation();
  const first = useRef(true);
  // After a navigation (not the first render), focus goes to the new view's heading.
  useEffect(() => {
    if (first.current) first.current = false;
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }, [location]);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">veneer harness</p>
        <nav aria-label="Harness">
          <ul>
            <li>
              <NavLink href="/">Pages</NavLink>
            </li>
            <li>
              <NavLink href="/snapshots">Snapshots</NavLink>
            </li>
            <li>
              <NavLink href="/docs">Markup reference</NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Switch>
          <Route path="/" component={Catalogue} />
          <Route path="/view/:page">{(params: { page: string }) => <PageView key={params.page} page={params.page} />}</Route>
          <Route path="/snapshots" component={Snapshots} />
          <Route path="/docs" component={DocsView} />
          <Route component={NotFound} />
        </Switch>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);

// npm start says when a build has finished: the page reloads onto it. A server that rebuilds
// nothing answers 204, which closes the EventSource for good.
new EventSource('/__events').addEventListener('reload', () => location.reload());
