// A chunk group: features that come together on a page (the site header's four) built into
// one chunk, so a page makes one request for them instead of four (scripts/build.mjs, from
// src/injector/chunk-groups.json). The group's entry imports this module first, then its
// members, then calls defineGroup(). While the members' modules run, their define() calls are
// collected here instead of reaching the core; the core then knows one feature, the group,
// whose setup starts each member whose hook the element matches.
import { CORE_KEY, type CoreHandle, type Feature, type Teardown } from './feature';

const core = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];
const members = new Map<string, Feature | Promise<Feature>>();
const define = core?.define;
if (core) {
  core.define = (name, feature) => void members.set(name, feature);
  // Put back once this script has run, even if a member's module threw.
  queueMicrotask(() => (core.define = define!));
}

/** Defines the group `name` with its members' hooks: `{ member: selector }`. */
export function defineGroup(name: string, hooks: Record<string, string>): void {
  const names = Object.keys(hooks);
  define?.(
    name,
    Promise.all(names.map((member) => members.get(member)!)).then((features) => ({
      setup(element, context) {
        const teardowns: Teardown[] = [];
        features.forEach((feature, i) => element.matches(hooks[names[i]]) && teardowns.push(feature.setup(element, context)));
        return () => teardowns.forEach((teardown) => teardown());
      },
    })),
  );
}
