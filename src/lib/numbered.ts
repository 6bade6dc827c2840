// Names that must differ on a page (landmarks, frames: axe landmark-unique, frame-title-unique).

/** `base`, or the first of `base (2)`, `base (3)`… that `taken` does not hold. */
export function numbered(base: string, taken: (name: string) => boolean): string {
  let name = base;
  for (let n = 1; taken(name); ) name = `${base} (${++n})`;
  return name;
}
