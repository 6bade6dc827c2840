// Fixture news items for GET /news/list. Newest first. Some titles and summaries hold
// characters that must be escaped (&, <, >, quotes), one looks like markup on purpose.
export type NewsCategory = 'products' | 'company' | 'events';

export interface NewsItem {
  id: number;
  title: string;
  date: string; // ISO date
  category: NewsCategory;
  summary: string;
}

export const NEWS_CATEGORIES: readonly NewsCategory[] = ['products', 'company', 'events'];

export const NEWS: readonly NewsItem[] = [
  { id: 1, title: 'Spring product line announced', date: '2024-05-28', category: 'products', summary: 'Six new models join the range, shipping from June.' },
  { id: 2, title: 'Annual partner summit: registration open', date: '2024-05-21', category: 'events', summary: 'Three days of talks and workshops in Lisbon.' },
  { id: 3, title: 'R&D centre opens in Eindhoven', date: '2024-05-14', category: 'company', summary: 'Our fourth research site will employ 120 engineers & designers.' },
  { id: 4, title: 'Firmware 4.2 brings "quiet mode"', date: '2024-05-07', category: 'products', summary: 'Noise drops by 6 dB < 30 % load; update over the air.' },
  { id: 5, title: 'Webinar: sizing pumps for small buildings', date: '2024-04-30', category: 'events', summary: 'A one-hour session with Q&A, free of charge.' },
  { id: 6, title: 'New CFO appointed', date: '2024-04-23', category: 'company', summary: 'Maria Jensen joins the board on 1 July.' },
  { id: 7, title: 'Product recall notice: <Model X-200> valves', date: '2024-04-16', category: 'products', summary: 'Batches 2311 to 2318 are affected; see the notice for details.' },
  { id: 8, title: 'Trade fair Hanover: visit hall 12', date: '2024-04-09', category: 'events', summary: 'Live demonstrations every hour at stand C-14.' },
  { id: 9, title: 'Sustainability report 2023 published', date: '2024-04-02', category: 'company', summary: 'Scope 1 & 2 emissions fell by 18 % year on year.' },
  { id: 10, title: 'Compact pump range doubles its efficiency', date: '2024-03-26', category: 'products', summary: 'The new motors reach class IE5.' },
  { id: 11, title: "Installer days: the 'hands-on' tour", date: '2024-03-19', category: 'events', summary: 'Twelve cities, one truck, all the new products.' },
  { id: 12, title: 'Quarterly results beat expectations', date: '2024-03-12', category: 'company', summary: 'Revenue grew 7 % to EUR 412 million.' },
  { id: 13, title: 'Smart controller app now on Android & iOS', date: '2024-03-05', category: 'products', summary: 'Remote monitoring, alerts and schedules.' },
  { id: 14, title: '<script>alert("news")</script> is not a product', date: '2024-02-27', category: 'products', summary: 'A title that must reach the page as text, <b>not</b> markup.' },
  { id: 15, title: 'Open house at the Aarhus plant', date: '2024-02-20', category: 'events', summary: 'Guided tours on Saturday, 10:00 to 16:00.' },
  { id: 16, title: 'Apprenticeship programme expands', date: '2024-02-13', category: 'company', summary: 'Forty places for the 2024 intake.' },
  { id: 17, title: 'Heat pump accessories catalogue', date: '2024-02-06', category: 'products', summary: 'All fittings, sensors and mounts in one PDF.' },
  { id: 18, title: 'Design award for the Pump Alpha housing', date: '2024-01-30', category: 'products', summary: 'The jury praised its serviceability.' },
  { id: 19, title: 'Winter seminar series: final dates', date: '2024-01-23', category: 'events', summary: 'Last sessions in Oslo and Tallinn.' },
  { id: 20, title: 'Company history: 75 years in pictures', date: '2024-01-16', category: 'company', summary: 'An online exhibition from the archive.' },
];
