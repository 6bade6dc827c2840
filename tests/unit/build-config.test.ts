// @vitest-environment node
// scripts/build.mjs's checks of src/injector/*.json: a mistake there is named with its file.
import { describe, expect, it } from 'vitest';
import { groupProblems, parseJson, strategyShapeError } from '../../scripts/build.mjs';

describe('the build\'s checks of src/injector/*.json', () => {
  it('names the file, line and column of a JSON syntax error', () => {
    expect(() => parseJson('src/injector/registry.json', '{\n  "tabs": "",,\n}')).toThrow(
      /^build: src\/injector\/registry\.json is not valid JSON \(line 2, column 14\): /,
    );
    expect(parseJson('x.json', '{"a": ""}')).toEqual({ a: '' });
  });

  it('lists only the problems chunk-groups.json has', () => {
    const registry = { share: '', nav: '', header: '' };
    expect(groupProblems({ footer: ['share'], top: ['nav', 'header'] }, registry, {})).toBe('');
    expect(groupProblems({ footer: ['share', 'nosuch'] }, registry, {})).toBe('not features of registry.json: nosuch');
    expect(groupProblems({ a: ['share'], b: ['share'], nav: ['header'] }, registry, {})).toBe(
      'in two groups: share; group names that are not [a-z0-9-] or are taken by a feature or a runtime: nav',
    );
    expect(groupProblems({ footer: 'share' }, registry, {})).toBe('the members of footer are not a list of feature names');
    expect(groupProblems([], registry, {})).toBe('must be an object: group name → its features');
  });

  it('says which list of load-strategy.json is missing or wrong', () => {
    expect(strategyShapeError({ 'after-page': ['analytics'], 'never-held': [] })).toBe('');
    expect(strategyShapeError({ 'after-page': ['analytics'] })).toBe('never-held must be a list of chunk names ([] for none)');
    expect(strategyShapeError({ 'after-page': [], 'never-held': [], afterPage: [] })).toBe('unknown keys afterPage (known: after-page, never-held)');
  });
});
