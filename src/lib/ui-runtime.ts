// The shared UI runtime: React's API (preact/compat, through the react alias) and htm, built
// as its own chunk, ui.<hash>.js. Chunks that render (lightbox, date picker) load it with
// loadUI() from ./ui, so a page downloads it once however many of them it uses; chunks that
// only enhance markup never do.
import htm from 'htm';
import {
  Fragment,
  createElement,
  createPortal,
  render,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { CORE_KEY, type CoreHandle, type Feature } from './feature';

export const ui = {
  Fragment,
  createElement,
  createPortal,
  render,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  /** Tagged templates instead of JSX: html`<div class=${name}>${text}</div>`. Text only, never parsed as HTML. */
  html: htm.bind(createElement),
};

export type UI = typeof ui;

(globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.define('ui', ui as unknown as Feature);
