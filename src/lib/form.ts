// A form's own properties, read so that its fields cannot hide them: a field named `action`,
// `method` or `elements` is what form.action, form.method or form.elements return.

/**
 * Where the form posts: its action attribute resolved against the document's base, the page's
 * own address when it has none (as HTML has it); null when that is not a URL (`http://[x`).
 */
export function formAction(form: HTMLFormElement): URL | null {
  try {
    return new URL(form.getAttribute('action')?.trim() || location.href, document.baseURI);
  } catch {
    return null;
  }
}

/** The form's controls, as form.elements lists them (with those outside it, form="id"). */
export const formControls = (form: HTMLFormElement) =>
  [...(Reflect.get(HTMLFormElement.prototype, 'elements', form) as HTMLFormControlsCollection)];
