import { defineFeature } from '../../lib/feature';
defineFeature('carousel', (el) => { el.setAttribute('data-x', '1'); });
