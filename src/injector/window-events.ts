import type { Bus } from '../lib/feature';

// The contract's window topics: /window/resize at most every 250 ms (the seed), /window/scroll
// as the browser fires it (once a frame at most). Handlers read innerWidth or scrollY themselves.
export function watchWindow(bus: Bus) {
  let resizing = 0;
  addEventListener('resize', () => {
    resizing ||= setTimeout(() => {
      resizing = 0;
      bus.emit('/window/resize');
    }, 250) as unknown as number;
  });
  // Scroll events cannot be cancelled, so a plain listener never delays scrolling.
  addEventListener('scroll', () => bus.emit('/window/scroll'));
}
