// C0/C1 controls (NUL among them) and the bidi embeddings, overrides and isolates, which could reverse the text
// around a field (an embed snippet shown backwards).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A server field as pages and badges show it: line breaks and tabs as spaces, no control or bidi-override characters. */
export function visibleText(text: string): string {
  return text.replace(/[\t\n\r]/g, ' ').replace(HIDDEN_CHARACTERS, '');
}
