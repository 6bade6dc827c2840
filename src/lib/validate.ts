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

/** Why `source` does not compile (anchored, with `flags`), or '' when it does. */
const compileError = (source: string, flags?: string) => {
  try {
    new RegExp(flags ? '^(?:' + source + ')$' : source, flags);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

// Escapes that keep their meaning under the `v` flag. Others are a legacy identity escape
// (`\@`, `\_`, `\p` is "p", `\u` without four hex digits is "u"): the character itself.
const KEPT_ESCAPE = /^(?:[dDwWsSbBfnrtv0-9]|c[A-Za-z]|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4})/;
const OUTSIDE_SYNTAX = '^$\\.*+?()[]{}|/';
const CLASS_SYNTAX = '()[]{}/|';
const CLASS_ESCAPABLE = OUTSIDE_SYNTAX + "-&!#%,:;<=>@`~";
const DOUBLES = "&!#$%*+,.:;<=>?@^`~";
const CLASS_ESCAPE = /^\\[dDwWsS]/;

/**
 * A legacy pattern (as jQuery validation ran it: no flag) rewritten for the `v` flag with the
 * same meaning: in a class, a `-` that is not a range's dash (at either end, after a range,
 * next to a class escape: `[\w-.]`) and the characters `( ) [ { } / |` are escaped, as is a
 * doubled punctuator (`&&`); an identity escape of a plain character (`\@`, `\_`, `\p`, `\-`
 * outside a class) becomes that character.
 */
export function toUnicodeSets(source: string): string {
  let out = '';
  let inClass = false;
  let classStart = 0;
  // In a class: the last output was a range's dash; the last operand ended a range; the last
  // operand was a class escape (\w): legacy reads a dash next to one as itself, v refuses it.
  let dash = false;
  let afterRange = false;
  let afterSet = false;
  const operand = (text: string) => ((out += text), (afterRange = dash), (dash = false), (afterSet = CLASS_ESCAPE.test(text)));
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const next = source[i + 1] ?? '';
    if (c == '\\') {
      i++;
      const kept = KEPT_ESCAPE.exec(source.slice(i))?.[0];
      const text = kept ? c + kept : (inClass ? CLASS_ESCAPABLE : OUTSIDE_SYNTAX).includes(next) ? c + next : next;
      if (kept) i += kept.length - 1;
      inClass ? operand(text) : (out += text);
    } else if (!inClass) {
      if (c == '[') {
        inClass = true;
        dash = afterRange = false;
        out += c;
        if (next == '^') (out += next), i++;
        classStart = out.length;
      } else out += c;
    } else if (c == ']') (inClass = false), (out += c);
    else if (c == '-' && !(out.length == classStart || next == ']' || afterRange || dash))
      // Next to a class escape, still a range's dash for what follows: [\w-a-z] is \w, -, a, -, z.
      (out += afterSet || CLASS_ESCAPE.test(source.slice(i + 1)) ? '\\-' : c), (dash = true);
    else operand(c == '-' || CLASS_SYNTAX.includes(c) || (DOUBLES.includes(c) && (next == c || out.endsWith(c))) ? '\\' + c : c);
  }
  return out;
}

/**
 * A `data-regex` as the browser's `pattern` attribute reads it: anchored, `^(?:…)$`, with
 * the `v` flag. A legacy pattern the `v` flag refuses (`[a-z0-9._%+-]`) is rewritten with the
 * same meaning (toUnicodeSets). Returns the source to use, or a warning when it does not
 * compile (the rule is then skipped). Compiling never runs the pattern, so a hostile one
 * costs nothing here.
 */
export function compilePattern(source: string | null | undefined): { source: string } | { warning: string } | null {
  if (source == null || source === '') return null;
  const reason = compileError(source, 'v');
  if (!reason) return { source };
  const rewritten = toUnicodeSets(source);
  if (!compileError(source) && !compileError(rewritten, 'v')) return { source: rewritten };
  return { warning: `forms: data-regex "${source}" is not a valid pattern (${reason}); skipped` };
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
