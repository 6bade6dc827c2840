// Language panel: button.js-language-toggle[aria-controls] opens div.js-language-panel.
import { defineFeature, panelToggle } from '../../lib/kit';

defineFeature<HTMLElement>('language-toggle', (toggle, context) =>
  panelToggle(toggle, context, { name: 'language-toggle', panel: '.js-language-panel' }),
);
