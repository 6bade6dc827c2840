// The kit: the library code most features share, shipped once, in the page chunk (which
// loads on every page, beside the features' chunks), instead of once in every chunk.
// Feature chunks reach it through ./kit. Modules here import each other directly, never ./kit.
import { onLeave, onPanelOpen } from './disclosure';
import { commonAncestor, findableHidden, fragmentId, hasAccessibleName, inlineStep, owned, uniqueId } from './dom';
import { instance } from './feature';
import { createJournal } from './journal';
import { format, loadLabels } from './labels';
import { warn } from './log';
import { prefersReducedMotion } from './motion';
import { parseNumber, readOptions } from './options';
import { panelToggle } from './panel';
import { saveData } from './save-data';
import { findTarget, goTo, rendered, scrollToY, targetY } from './scroll';
import { adoptStyles, hiddenRules } from './styles';

export const kit = {
  adoptStyles,
  commonAncestor,
  createJournal,
  findableHidden,
  findTarget,
  format,
  fragmentId,
  goTo,
  hasAccessibleName,
  hiddenRules,
  inlineStep,
  instance,
  loadLabels,
  onLeave,
  onPanelOpen,
  owned,
  panelToggle,
  parseNumber,
  prefersReducedMotion,
  readOptions,
  rendered,
  saveData,
  scrollToY,
  targetY,
  uniqueId,
  warn,
};

export type Kit = typeof kit;
