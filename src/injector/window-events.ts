import type { Bus } from '../lib/feature';

const RESIZE_THROTTLE = 250;

// /window/resize at most every 250 ms (the seed), /window/scroll once per frame.
export function watchWindow(bus: Bus) {
  let resizing = 0;
  let scrolling = 0;
  addEventListener('resize', () => {
    resizing ||= setTimeout(() => {
      resizing = 0;
      bus.emit('/window/resize', { width: innerWidth, height: innerHeight });
    }, RESIZE_THROTTLE) as unknown as number;
  }, { passive: true });
  addEventListener('scroll', () => {
    scrolling ||= requestAnimationFrame(() => {
      scrolling = 0;
      bus.emit('/window/scroll', { x: scrollX, y: scrollY });
    });
  }, { passive: true });
}
