// Pure rules of form validation (seed section 5), free of the DOM so they are unit-tested:
// what fails, with which message. The feature (src/features/forms) reads the fields and
// evaluates regex rules through the browser's own `pattern` engine.

/** The seed's default message for a required field. */
export const REQUIRED_MESSAGE = 'This field is required';
/** Shown when a field with `data-regex` has no `data-regex-message`. */
export const REGEX_MESSAGE = 'Please use the requested format';

/** A message from markup, or the fallback when it is missing or blank. */
export const messageOr = (own: string | null | undefined, fallback: string) => (own && own.trim()) || fallback;

/** Empty after trimming (JS trim: spaces, tabs, line breaks, no-break spaces…). */
export const isBlank = (value: string) => value.trim() === '';

/**
 * A `data-regex` as the browser's `pattern` attribute reads it: anchored, `^(?:…)$`, with
 * the `v` flag. Returns the source to use, or a warning when it does not compile (the rule
 * is then skipped). Compiling never runs the pattern, so a hostile one costs nothing here.
 */
export function compilePattern(source: string | null | undefined): { source: string } | { warning: string } | null {
  if (source == null || source === '') return null;
  try {
    new RegExp('^(?:' + source + ')$', 'v');
    return { source };
  } catch (error) {
    return { warning: `forms: data-regex "${source}" is not a valid pattern (${(error as Error).message}); skipped` };
  }
}

export interface FieldState {
  required: boolean;
  /** A checkbox or radio: required means checked (for a radio, any of its group). */
  check: boolean;
  checked: boolean;
  value: string;
  requiredMessage?: string | null;
  regexMessage?: string | null;
  /** Whether the (non-blank) value fails the field's regex; absent when it has none. */
  mismatch?: (value: string) => boolean;
}

/** The field's error message, or '' when it is valid. */
export function fieldError(field: FieldState): string {
  const required = messageOr(field.requiredMessage, REQUIRED_MESSAGE);
  if (field.check) return field.required && !field.checked ? required : '';
  if (isBlank(field.value)) return field.required ? required : '';
  return field.mismatch?.(field.value) ? messageOr(field.regexMessage, REGEX_MESSAGE) : '';
}

/** An option list (`fieldset.js-required-group`): at least one choice checked. */
export function groupError(checkedCount: number, message?: string | null): string {
  return checkedCount > 0 ? '' : messageOr(message, REQUIRED_MESSAGE);
}
