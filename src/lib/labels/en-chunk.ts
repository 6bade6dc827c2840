import { defineLabels } from './define';
import { EN } from './en';

defineLabels('en', EN);
