import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { type SiteLang, siteMessages } from './messages';

/** The pages' style sheet (the site emulations' vote pages use it too). */
export const CSS = `
:root{--bg:#f6f8fa;--card:#fff;--text:#1f2328;--muted:#59636e;--border:#d0d7de;--accent:#4f46e5;--button:#4f46e5;--button-ink:#fff;--ok:#1a7f37;--bad:#cf222e;--bad-ink:#fff;--chip:#eef2ff}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#f0f6fc;--muted:#9198a1;--border:#30363d;--accent:#a5b4fc;--button:#4f46e5;--chip:#272c52;--ok:#3fb950;--bad:#f85149;--bad-ink:#0d1117}}
*{box-sizing:border-box}
html{color-scheme:light dark}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--border);background:var(--card)}
header .brand{font-weight:700;color:var(--text);text-decoration:none}
header nav{margin-left:auto;display:flex;gap:.75rem}
a{color:var(--accent)}
main{max-width:880px;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem;margin:.2rem 0 .6rem}
h2{font-size:1.15rem;margin:1.6rem 0 .6rem}
h1,h2,p,li,code,.secret,bdi,.stat b,.description{overflow-wrap:anywhere}
.card>h2:first-child{margin-top:0}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:1.1rem 1.25rem;margin:1rem 0;min-width:0}
.table-wrap{overflow-x:auto}
.muted{color:var(--muted)}
.chip{display:inline-block;white-space:nowrap;font-size:.75rem;font-weight:600;padding:.1rem .55rem;border-radius:99px;background:var(--chip);color:var(--accent);margin-left:.35rem;vertical-align:middle}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:.75rem}
.stat b{display:block;font-size:1.4rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem .4rem;border-bottom:1px solid var(--border)}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.time{white-space:nowrap}
td .name,td.voter{overflow-wrap:anywhere}
td.voter{min-width:6.5rem}
.nowrap{white-space:nowrap}
code.key{white-space:nowrap;overflow-wrap:normal}
.button,button{display:inline-block;font:inherit;font-weight:600;background:var(--button);color:var(--button-ink);border:0;border-radius:8px;padding:.55rem 1rem;text-decoration:none;cursor:pointer}
.button.secondary,button.secondary{background:transparent;color:var(--bad);border:1px solid var(--border);padding:.3rem .7rem;white-space:nowrap}
button.danger{background:var(--bad);color:var(--bad-ink)}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
input[type=text]{font:inherit;width:100%;max-width:24rem;padding:.5rem .65rem;border:1px solid var(--border);border-radius:8px;background:var(--card);color:var(--text)}
label{display:block;font-weight:600;margin-bottom:.3rem}
.notice{border-left:4px solid var(--ok)}
.error{border-left:4px solid var(--bad)}
.snippet{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0 1.25rem}
.snippet textarea,.secret{flex:1;min-width:0;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;padding:.5rem;border:1px solid var(--border);border-radius:8px;background:var(--bg);color:var(--text);resize:vertical}
.snippet textarea{field-sizing:content;overflow-wrap:anywhere;resize:none}
.secret{display:block;word-break:break-all}
img{max-width:100%;height:auto}
code{font:13px ui-monospace,Menlo,Consolas,monospace}
.routes{margin:0;padding-left:1.2rem}
.routes li{margin:.35rem 0}
.routes .muted{display:block}
.variants{display:flex;flex-wrap:wrap;gap:.2rem .9rem;margin:.25rem 0 0;font-size:.85rem}
@media (max-width:480px){td.time{white-space:normal}main{padding:1rem .75rem}header{padding:.75rem}.card{padding:.9rem .8rem}.wide{display:none}th,td{padding:.45rem .2rem}.button.secondary{padding:.25rem .45rem;font-size:.85rem}table{font-size:.9rem}th{font-size:.7rem;letter-spacing:0}code.key{font-size:12px}}
`;

const COPY_SCRIPT = `document.addEventListener('click',function(e){var b=e.target.closest('[data-copy]');if(!b)return;var t=document.getElementById(b.getAttribute('data-copy'));if(!t)return;var v=t.value!==undefined?t.value:t.textContent;navigator.clipboard&&navigator.clipboard.writeText(v).then(function(){b.textContent=b.getAttribute('data-done')});});`;

/**
 * Browsers without `field-sizing: content` (the style sheet's way to show every line of an embed snippet): each
 * snippet box is made as high as its wrapped lines, at load and whenever the width changes.
 */
const FIT_SNIPPETS_SCRIPT = `(function(){if(window.CSS&&CSS.supports('field-sizing','content'))return;function fit(){document.querySelectorAll('.snippet textarea').forEach(function(t){var s=getComputedStyle(t);t.style.height='auto';t.style.height=(t.scrollHeight+parseFloat(s.borderTopWidth)+parseFloat(s.borderBottomWidth))+'px'})}fit();addEventListener('resize',fit)})();`;

/** Props of the page frame. */
export interface LayoutProps {
  /** Page language. */
  lang: SiteLang;
  /** `<title>` text. */
  title: string;
  /** Path of the current page without query, for the language switch links. */
  path: string;
  /** Page body. */
  children?: Child;
}

/** The HTML frame shared by every page: header with language switch, styles, copy-button script. */
export function Layout(props: LayoutProps) {
  const t = siteMessages(props.lang);
  return (
    <html lang={t.htmlLang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${t.brand}`}</title>
        <link rel="icon" href="data:," />
        <style>{raw(CSS)}</style>
      </head>
      <body>
        <header>
          <a class="brand" href={`/servers?lang=${props.lang}`}>
            {t.brand}
          </a>
          <nav>
            <a href={`/servers?lang=${props.lang}`}>{t.navServers}</a>
            <a
              href={`${props.path}?lang=en`}
              hreflang="en"
              aria-current={props.lang === 'en' ? 'true' : undefined}
            >
              EN
            </a>
            <a
              href={`${props.path}?lang=fr`}
              hreflang="fr"
              aria-current={props.lang === 'fr' ? 'true' : undefined}
            >
              FR
            </a>
          </nav>
        </header>
        <main>{props.children}</main>
        <script>{raw(COPY_SCRIPT + FIT_SNIPPETS_SCRIPT)}</script>
      </body>
    </html>
  );
}

/** A readable error page body: title, the specific sentence, and a way back. */
export function ErrorCard(props: { lang: SiteLang; message: string; detail?: string | undefined }) {
  const t = siteMessages(props.lang);
  return (
    <>
      <h1>{t.errorTitle}</h1>
      <div class="card error" role="alert">
        <p>{props.message}</p>
        {props.detail ? <p class="muted">{props.detail}</p> : null}
      </div>
      <p>
        <a href={`/servers?lang=${props.lang}`}>{t.backToServers}</a>
      </p>
    </>
  );
}
