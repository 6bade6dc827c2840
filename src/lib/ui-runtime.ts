// The shared UI runtime: Preact and its hooks, and htm, built as its own chunk, ui.<hash>.js.
// Chunks that render (lightbox, date picker) load it with loadUI() from ./ui, so a page
// downloads it once however many of them it uses; chunks that only enhance markup never do.
// Preact itself, not preact/compat (the react alias): compat's React emulation (onChange as
// input, onFocus as focusin, nativeEvent, render emptying its container, camelCase SVG
// attributes…) is nothing our templates use, and it cost 2 273 B gzip here. Only what the
// chunks use; add a member when a chunk needs it.
import htm from 'htm';
import { createElement, render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CORE_KEY, type CoreHandle, type Feature } from './feature';

export const ui = {
  createElement,
  render,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  /** Tagged templates instead of JSX: html`<div class=${name}>${text}</div>`. Text only, never parsed as HTML. */
  html: htm.bind(createElement),
};

export type UI = typeof ui;

(globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.define('ui', ui as unknown as Feature);
