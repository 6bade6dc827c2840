// Language panel: button.js-language-toggle[aria-controls] opens div.js-language-panel.
import { defineFeature } from '../../lib/feature';
import { panelToggle } from '../../lib/panel';

defineFeature<HTMLElement>('language-toggle', (toggle, context) =>
  panelToggle(toggle, context, { name: 'language-toggle', panel: '.js-language-panel' }),
);
