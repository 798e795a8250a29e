/**
 * The NUI face of the player panel (`ui/index.html`, built to `dist/ui/panel.js`): it renders the state the client
 * script forwards (`{ type: 'state', state }`), and posts intents back to the client script's NUI callbacks
 * (`https://<resource>/intent`, `/close`). Text is set as text, never as HTML. A vote button opens the page with
 * FiveM's `window.invokeNative('openUrl', url)` where the page has it, and shows the link to copy otherwise.
 */
import type { PanelIntent, PanelState } from '../panel/protocol';

declare global {
  interface Window {
    GetParentResourceName?: () => string;
    invokeNative?: (native: string, arg: string) => void;
  }
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const resource = (): string => window.GetParentResourceName?.() ?? 'vote-reward';

/** Posts to the client script's NUI callback `name`. */
function post(name: 'intent' | 'close', data: PanelIntent | Record<string, never>): void {
  void fetch(`https://${resource()}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(data),
  }).catch(() => undefined);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, onClick: () => void, disabled = false, className = ''): HTMLButtonElement {
  const node = el('button', className, label);
  node.type = 'button';
  node.disabled = disabled;
  node.addEventListener('click', onClick);
  return node;
}

let current: PanelState | null = null;

function close(): void {
  $('panel').hidden = true;
  current = null;
  post('close', {});
}

/** Opens a vote page: FiveM's openUrl where the page has it (FiveM asks the player first), the link to copy always. */
function vote(url: string, row: HTMLElement, hint: string): void {
  if (typeof window.invokeNative === 'function') window.invokeNative('openUrl', url);
  let field = row.querySelector<HTMLInputElement>('input.link');
  if (!field) {
    field = el('input', 'link');
    field.readOnly = true;
    field.value = url;
    field.setAttribute('aria-label', hint);
    field.title = hint;
    row.querySelector('.row-text')?.append(field);
  }
  field.focus();
  field.select();
  void navigator.clipboard?.writeText(url).catch(() => undefined);
}

function render(state: PanelState): void {
  current = state;
  const { labels } = state;
  $('panel-title').textContent = labels.title;
  const closeButton = $<HTMLButtonElement>('panel-close');
  closeButton.textContent = labels.close;
  $('sites-title').textContent = labels.sites;
  $('waiting-title').textContent = labels.waiting;
  $('stats-title').textContent = labels.stats;
  const notice = $('panel-notice');
  notice.textContent = state.notice ?? '';
  notice.hidden = !state.notice;

  const sites = $('sites');
  sites.replaceChildren(
    ...state.sites.map((site) => {
      const row = el('li', `row${site.voted ? ' voted' : ''}`);
      const body = el('div', 'row-text');
      body.append(el('span', 'row-title', site.name), el('span', 'row-detail', site.status));
      row.append(
        body,
        button(labels.vote, () => vote(site.url, row, labels.copyHint), !site.url),
      );
      return row;
    }),
  );

  const waiting = $('waiting');
  waiting.replaceChildren(
    ...(state.waiting.length === 0
      ? [el('li', 'row-detail', labels.waitingNone)]
      : state.waiting.map((entry) => {
          const row = el('li', 'row');
          const body = el('div', 'row-text');
          body.append(el('span', 'row-title', entry.rewards), el('span', 'row-detail', entry.reason));
          row.append(body);
          return row;
        })),
  );
  const claim = $<HTMLButtonElement>('claim');
  claim.textContent = labels.claim;
  claim.hidden = !state.canClaim;

  $('stats').replaceChildren(...state.stats.map((line) => el('li', '', line)));

  const shopSection = $('shop-section');
  shopSection.hidden = state.shop === null;
  if (state.shop) {
    $('shop-title').textContent = state.shop.title;
    $('shop').replaceChildren(
      ...state.shop.items.map((item) => {
        const row = el('li', 'row');
        const body = el('div', 'row-text');
        body.append(el('span', 'row-title', `${item.name} · ${item.cost}`));
        if (item.detail) body.append(el('span', 'row-detail', item.detail));
        row.append(
          body,
          button(labels.buy, () => post('intent', { kind: 'buy', id: item.id }), item.disabled),
        );
        return row;
      }),
    );
  }

  const prompt = $('prompt');
  prompt.hidden = state.prompt === null;
  $('panel').hidden = false;
  if (state.prompt) {
    const { token } = state.prompt;
    $('prompt-text').textContent = state.prompt.text;
    const yes = $<HTMLButtonElement>('prompt-yes');
    const no = $<HTMLButtonElement>('prompt-no');
    yes.textContent = labels.confirm;
    no.textContent = labels.cancel;
    yes.onclick = () => post('intent', { kind: 'confirm', token });
    no.onclick = () => post('intent', { kind: 'open' });
    yes.focus();
  } else closeButton.focus();
}

$('panel-close').addEventListener('click', close);
$('claim').addEventListener('click', () => post('intent', { kind: 'claim' }));
window.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || current === null) return;
  event.preventDefault();
  if (current.prompt) post('intent', { kind: 'open' });
  else close();
});
window.addEventListener('message', (event: MessageEvent) => {
  const message = event.data as { type?: unknown; state?: unknown } | null;
  if (message?.type === 'state' && typeof message.state === 'object' && message.state !== null)
    render(message.state as PanelState);
  else if (message?.type === 'close') {
    $('panel').hidden = true;
    current = null;
  }
});
