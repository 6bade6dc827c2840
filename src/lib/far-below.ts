// Far below the fold: the element's top more than a screen below it, over twice the viewport's
// height from the top of the viewport. The core's start-up scan holds such hooks; the page chunk
// releases them (src/features/page). A hidden element measures 0: never far.
export const FAR_SCREENS = 2;

export const isFarBelow = (element: Element) => element.getBoundingClientRect().y > FAR_SCREENS * innerHeight;
