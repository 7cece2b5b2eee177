import { escapeHtml } from '@reviews/application';

/** Markup that is already safe: produced by `html` or deliberately trusted. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolated value unless it is `SafeHtml` (or an array of
 * them), so pages cannot forget to escape: `html\`<p>${userText}</p>\``.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
