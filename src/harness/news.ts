// GET /news/list?category=&q=&page= : the HTML of a new `.js-ajax-results` block for the
// filtered / paged news list (markup.md, "A list GETs data-base-url + ? + the filter's
// query string"). `&format=page` wraps the block in a whole page (also accepted by lists).
import { NEWS, type NewsItem } from './fixtures';
import { esc, html, page, type Reply } from './http';

export const NEWS_PAGE_SIZE = 6;
export const NEWS_PAGE_PATH = '/news/';

export interface NewsQuery {
  category: string;
  q: string;
  page: number;
}

export function readNewsQuery(query: URLSearchParams): NewsQuery {
  const category = (query.get('category') ?? '').trim().toLowerCase();
  const q = (query.get('q') ?? '').trim();
  const n = Number(query.get('page'));
  return { category, q, page: Number.isInteger(n) && n >= 1 ? n : 1 };
}

export function filterNews(items: readonly NewsItem[], category: string, q: string): NewsItem[] {
  const needle = q.toLowerCase();
  return items.filter(
    (item) =>
      (category === '' || category === 'all' || item.category === category) &&
      (needle === '' || item.title.toLowerCase().includes(needle)),
  );
}

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function pageHref(n: number, category: string, q: string): string {
  const params = new URLSearchParams({ page: String(n), category: category || 'all' });
  if (q) params.set('q', q);
  return `${NEWS_PAGE_PATH}?${params}`;
}

export function renderNewsResults(query: NewsQuery): string {
  const matches = filterNews(NEWS, query.category, query.q);
  const pages = Math.max(1, Math.ceil(matches.length / NEWS_PAGE_SIZE));
  const current = Math.min(query.page, pages);
  const shown = matches.slice((current - 1) * NEWS_PAGE_SIZE, current * NEWS_PAGE_SIZE);
  const count = `<p class="results-count">${matches.length} ${matches.length === 1 ? 'result' : 'results'}</p>`;
  const items = shown
    .map(
      (item) => `  <li class="news-item" data-category="${esc(item.category)}" data-id="${item.id}">
    <article>
      <h3 class="news-item__title">${esc(item.title)}</h3>
      <p class="news-item__meta"><time datetime="${esc(item.date)}">${esc(formatDate(item.date))}</time> · <span class="news-item__category">${esc(item.category)}</span></p>
      <p class="news-item__summary">${esc(item.summary)}</p>
    </article>
  </li>`,
    )
    .join('\n');
  const list = shown.length
    ? `<ul class="news-list">\n${items}\n</ul>`
    : `<p class="results-empty">No news matches these filters.</p>`;
  let pager = '';
  if (pages > 1) {
    const links: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const currentAttrs = n === current ? ' aria-current="page"' : '';
      const cls = n === current ? 'js-ajax-page is-current' : 'js-ajax-page';
      links.push(`  <li><a class="${cls}" href="${esc(pageHref(n, query.category, query.q))}"${currentAttrs}>${n}</a></li>`);
    }
    pager = `\n<nav class="pager" aria-label="Pages">\n<ul>\n${links.join('\n')}\n</ul>\n</nav>`;
  }
  return `<div class="js-ajax-results" data-page="${current}" data-pages="${pages}" data-total="${matches.length}">
${count}
${list}${pager}
</div>
`;
}

export function newsList(query: URLSearchParams): Reply {
  const block = renderNewsResults(readNewsQuery(query));
  const body = query.get('format') === 'page' ? page('News', `<main>\n<h1>News</h1>\n${block}</main>`) : block;
  return html(200, body, { 'Cache-Control': 'no-store' });
}
