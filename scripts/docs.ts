/** `npm run docs`: writes docs/config.md and docs/messages.md, and the READMEs' start-up samples' version. */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderDocs } from './generate-docs';

const root = new URL('..', import.meta.url).pathname;
for (const [file, text] of Object.entries(renderDocs())) {
  let previous = '';
  try {
    previous = readFileSync(`${root}${file}`, 'utf8');
  } catch {
    // A page not written yet is simply created.
  }
  writeFileSync(`${root}${file}`, text);
  console.log(`docs: ${file} ${previous === text ? 'unchanged' : 'written'}`);
}
