// Search panel: button.js-search-toggle[aria-controls] opens div.js-search-panel, sliding
// in over 250 ms (none with reduced motion) and focusing its text input after 300 ms (the seed).
import { defineFeature } from '../../lib/kit';
import { panelToggle } from '../../lib/panel';

defineFeature<HTMLElement>('search-toggle', (toggle, context) =>
  panelToggle(toggle, context, 'search-toggle', '.js-search-panel', 250, 300),
);
