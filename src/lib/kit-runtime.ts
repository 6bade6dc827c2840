// The kit: the library code most features share, shipped once, in the page chunk (which
// loads on every page, beside the features' chunks), instead of once in every chunk.
// Feature chunks reach it through ./kit. Modules here import each other directly, never ./kit.
import { commonAncestor, fragmentId, hasAccessibleName, inertOthers, inlineStep, isHook, owned, uniqueId } from './dom';
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
 * for a feature that shows text (`english`: its own English labels), and then after a task of
 * its own, so that the features waiting for the page chunk, or for a label chunk (labels-de),
 * do not all start in the one task that runs it (on a German page at 4× CPU, that task took
 * 71–95 ms).
 */
async function feature<E extends Element>(name: string, setup: Setup<E>, english?: Partial<Labels>): Promise<Feature> {
  const text = english && (await loadLabels(english));
  await ((globalThis as { scheduler?: { yield?(): Promise<void> } }).scheduler?.yield?.() ?? new Promise((go) => setTimeout(go)));
  return instance(name, setup, text);
}

// Short keys, the initials of the function's name (the first two letters of a one-word name):
// each feature chunk names every kit function it calls (./kit's forwarders), and the minifier
// keeps those names, in every chunk: the full names cost a header page 265 B gzip, all the
// chunks 785 B. Features import the functions from ./kit by their own names; only ./kit and
// the page chunk's copy (this object) use these keys.
export const kit = {
  fe: feature,
  ahr: adoptHiddenRules,
  as: adoptStyles,
  ca: commonAncestor,
  cj: createJournal,
  ft: findTarget,
  fo: format,
  fi: fragmentId,
  gt: goTo,
  han: hasAccessibleName,
  hr: hiddenRules,
  io: inertOthers,
  is: inlineStep,
  ih: isHook,
  ow: owned,
  pn: parseNumber,
  prm: prefersReducedMotion,
  re: rendered,
  sd: saveData,
  sty: scrollToY,
  ty: targetY,
  ui: uniqueId,
  wa: warn,
};

export type Kit = typeof kit;
