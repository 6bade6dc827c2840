// A site's own TypeScript against the package's types: `npm test` type-checks this file
// (tsc -p .), so a wrong topic payload here would be a compile error, as for a site.
import { whenVeneer, type Veneer } from '../../src/package';

export async function subscribe(): Promise<Veneer> {
  const veneer = await whenVeneer();
  veneer.on('/video/playing', ({ videoId }) => videoId.toUpperCase());
  veneer.on('/status', ({ message, element }) => [message.trim(), element?.id]);
  veneer.emit('/analytics/event', { category: 'video', action: 'play', value: 1 });
  // @ts-expect-error videoId is a string
  veneer.emit('/video/playing', { videoId: 11 });
  // @ts-expect-error an analytics event needs its action
  veneer.emit('/analytics/event', { category: 'video' });
  await window.veneer?.ready();
  return veneer;
}
