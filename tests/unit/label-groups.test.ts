// @vitest-environment node
// Each feature's chunk carries its own English labels, the groups of src/lib/labels/en.ts it
// passes to defineFeature: a key it uses from another group would be undefined on English
// pages only (the de/fr/es sets are whole). The setup's `labels` is typed as the whole set,
// so this reads the sources: every `labels!.key` a feature uses is in the groups it passes.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const en = readFileSync('src/lib/labels/en.ts', 'utf8');
const groups = new Map(
  [...en.matchAll(/^export const (\w+) = \{\n([\s\S]*?)^\};/gm)].map(([, name, body]) => [name, [...body.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1])]),
);
const features = readdirSync('src/features').map((name) => [name, readFileSync(`src/features/${name}/index.ts`, 'utf8')] as const);

describe('label groups', () => {
  it('reads the groups of en.ts', () => {
    expect(groups.get('CAROUSEL')).toEqual(['previousSlide', 'nextSlide']);
    expect([...groups.values()].flat()).toHaveLength(41);
  });

  it.each(features)('%s passes the groups of every label it uses', (_, source) => {
    const imported = /import \{([^}]*)\} from '\.\.\/\.\.\/lib\/labels\/en'/.exec(source)?.[1].split(',').map((name) => name.trim()) ?? [];
    const passed = new Set(imported.flatMap((name) => groups.get(name) ?? []));
    const used = [...source.matchAll(/\blabels!?\.(\w+)/g)].map((m) => m[1]);
    expect(used.filter((key) => !passed.has(key))).toEqual([]);
  });
});
