// The kit: the library code most features share, shipped once, in the page chunk (which
// loads on every page, beside the features' chunks), instead of once in every chunk.
// Feature chunks reach it through ./kit. Modules here import each other directly, never ./kit.
import { commonAncestor, findableHidden, fragmentId, hasAccessibleName, inertOthers, inlineStep, isHook, owned, uniqueId } from './dom';
import { instance, type Feature, type Setup } from './feature';
import { createJournal } from './journal';
import { format, loadLabels, type Labels } from './labels';
import { warn } from './log';
import { prefersReducedMotion } from './motion';
import { parseNumber } from './options';
import { saveData } from './save-data';
import { findTarget, goTo, rendered, scrollToY, targetY } from './scroll';
import { adoptHiddenRules, adoptStyles, hiddenRules } from './styles';

/**
 * A feature's definition once the page chunk is there (./kit defineFeature): after its labels,
 * for a feature that shows text, and then after a task of its own, so that the features
 * waiting for the page chunk, or for a label chunk (labels-de), do not all start in the one
 * task that runs it (on a German page at 4× CPU, that task took 71–95 ms).
 */
async function feature<E extends Element, O>(
  name: string,
  setup: Setup<E, O>,
  options?: (element: E) => O,
  labels?: () => Promise<Labels>,
): Promise<Feature> {
  const text = await labels?.();
  await ((globalThis as { scheduler?: { yield?(): Promise<void> } }).scheduler?.yield?.() ?? new Promise((go) => setTimeout(go)));
  return instance(name, setup, options, text);
}

export const kit = {
  feature,
  adoptHiddenRules,
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
  inertOthers,
  inlineStep,
  loadLabels,
  isHook,
  owned,
  parseNumber,
  prefersReducedMotion,
  rendered,
  saveData,
  scrollToY,
  targetY,
  uniqueId,
  warn,
};

export type Kit = typeof kit;
