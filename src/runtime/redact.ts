/**
 * The one redaction of everything the resource prints that came from a site's answer or from a setting that holds a
 * secret: a key (in whichever form it travelled: as is, URL-encoded, in any letter case) becomes `****`, and a URL
 * loses its userinfo, query and fragment, where keys and tokens travel.
 */

/** What replaces a secret in printed text. */
export const REDACTED = '****';

/** Secrets shorter than this are not searched for (they would mask ordinary words). */
const MIN_SECRET_CHARS = 4;

/** Longest excerpt of an answer quoted in a console line, in characters. */
export const EXCERPT_CHARS = 40;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with every `secret` (as is, URL-encoded, form-encoded; any letter case) replaced by `****`, and every
 * http(s) URL in it printed by {@link safeUrl}. Secrets under 4 characters are left alone.
 */
export function redact(text: string, ...secrets: readonly (string | null | undefined)[]): string {
  let out = text.replace(/\bhttps?:\/\/[^\s"'<>`]+/gi, (url) => safeUrl(url));
  const forms = new Set<string>();
  for (const secret of secrets) {
    const trimmed = secret?.trim() ?? '';
    if (trimmed.length < MIN_SECRET_CHARS) continue;
    forms.add(trimmed);
    forms.add(encodeURIComponent(trimmed));
    forms.add(encodeURIComponent(trimmed).replace(/%20/g, '+'));
  }
  // Longest first, so a form that contains another is masked whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  if (sorted.length > 0) out = out.replace(new RegExp(sorted.map(escapeRegExp).join('|'), 'gi'), REDACTED);
  return out;
}

/**
 * A URL as a console line may print it: scheme, host, port and path; the userinfo (`user:key@`), the query and the
 * fragment are replaced by `…`. Also for text that is not a valid URL (`site.example/vote?token=…`, a host without a
 * scheme): everything after `?` or `#` goes, and so does everything before an `@` in the part before the path.
 */
export function safeUrl(value: string): string {
  const cut = value.search(/[?#]/);
  let out = cut === -1 ? value : `${value.slice(0, cut)}?…`;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(out)?.[0] ?? '';
  const rest = out.slice(scheme.length);
  const pathAt = rest.indexOf('/');
  const authority = pathAt === -1 ? rest : rest.slice(0, pathAt);
  const at = authority.lastIndexOf('@');
  if (at !== -1) out = `${scheme}…@${rest.slice(at + 1)}`;
  return out;
}

/**
 * A short quote of an answer for a console line, as JSON: the whole body redacted first (so a key it echoes is
 * masked before the cut), then cut to {@link EXCERPT_CHARS}; a word cut in the middle is dropped (`…`), since
 * it may be the start of a secret the body holds in some other form.
 */
export function excerpt(body: string, ...secrets: readonly (string | null | undefined)[]): string {
  const clean = redact(body, ...secrets);
  if (clean.length <= EXCERPT_CHARS) return JSON.stringify(clean);
  const head = clean.slice(0, EXCERPT_CHARS);
  const cutWord = /[A-Za-z0-9_\-.~%+=]+$/.exec(head);
  const kept =
    cutWord && /[A-Za-z0-9_\-.~%+=]/.test(clean.charAt(EXCERPT_CHARS)) ? head.slice(0, cutWord.index) : head;
  return JSON.stringify(`${kept}…`);
}
