import { formatCount } from '../badge/i18n';
import { BADGE_LANGS, BADGE_STYLES, BADGE_THEMES } from '../badge/render';
import type { RankedServer, ServerRecord, ServerStats } from '../db';
import type { ControlRoute } from '../routes/admin';
import { type SiteLang, siteMessages } from './messages';
import { visibleText } from './visible-text';

/** Longest `online/max` text kept on one line in a table; longer ones may wrap after the slash. */
const PLAYERS_NOWRAP_CHARS = 11;

/**
 * `103/128`, never broken inside a number; it may wrap after the slash when `breakable` (a narrow stat) or when it
 * is too long for a phone's table column (`1,000,000/1,000,000`).
 */
function Players(props: { server: ServerRecord; lang: SiteLang; breakable?: boolean }) {
  const { server, lang } = props;
  const online = formatCount(server.playersOnline, lang);
  if (server.playersMax <= 0) return <span class="nowrap">{online}</span>;
  const max = formatCount(server.playersMax, lang);
  if (!props.breakable && online.length + max.length + 1 <= PLAYERS_NOWRAP_CHARS)
    return <span class="nowrap">{`${online}/${max}`}</span>;
  return (
    <>
      <span class="nowrap">{online}/</span>
      <wbr />
      <span class="nowrap">{max}</span>
    </>
  );
}

function Marks(props: { server: ServerRecord; lang: SiteLang }) {
  const t = siteMessages(props.lang);
  return (
    <>
      {props.server.isVerified ? <span class="chip">✓ {t.verified}</span> : null}
      {props.server.isPremium ? <span class="chip">★ {t.premium}</span> : null}
    </>
  );
}

/** `/servers`: the leaderboard by monthly votes. */
export function ServerListView(props: { lang: SiteLang; servers: RankedServer[] }) {
  const { lang, servers } = props;
  const t = siteMessages(lang);
  return (
    <>
      <h1>{t.serversTitle}</h1>
      <p class="muted">{t.serversIntro}</p>
      {servers.length === 0 ? (
        <div class="card">{t.noServers}</div>
      ) : (
        <div class="card table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t.rank}</th>
                <th>{t.server}</th>
                <th class="wide">{t.game}</th>
                <th>{t.votesMonth}</th>
                <th class="wide">{t.votesTotal}</th>
                <th>{t.players}</th>
              </tr>
            </thead>
            <tbody>
              {servers.map((server) => (
                <tr data-server-id={String(server.id)}>
                  <td>#{server.rank}</td>
                  <td>
                    <a class="name" href={`/servers/${server.id}?lang=${lang}`}>
                      <bdi>{server.name}</bdi>
                    </a>
                    <Marks server={server} lang={lang} />
                  </td>
                  <td class="wide">{server.game}</td>
                  <td>{formatCount(server.votesMonthly, lang)}</td>
                  <td class="wide">{formatCount(server.votesTotal, lang)}</td>
                  <td class="players">
                    <Players server={server} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed snippet of one badge style, as shown on the server page and in the README. */
export function embedSnippet(base: string, server: ServerRecord, style: string, lang: SiteLang): string {
  const params = new URLSearchParams();
  if (style !== 'button') params.set('style', style);
  if (lang !== 'en') params.set('lang', lang);
  const query = params.size > 0 ? `?${params.toString().replace(/&/g, '&amp;')}` : '';
  const alt = escapeAttribute(siteMessages(lang).badgeAlt(visibleText(server.name)));
  return `<a href="${base}/servers/${server.id}"><img src="${base}/badge/${server.id}.png${query}" alt="${alt}"></a>`;
}

/** `/servers/:id`: the server's public page with stats, badges and the vote link. */
export function ServerView(props: {
  lang: SiteLang;
  server: ServerRecord;
  stats: ServerStats;
  base: string;
}) {
  const { lang, server, stats, base } = props;
  const t = siteMessages(lang);
  return (
    <>
      <h1>
        <bdi>{server.name}</bdi>
        <Marks server={server} lang={lang} />
      </h1>
      <p class="muted">
        {t.game}: <b>{server.game}</b>
        {server.ip ? (
          <>
            {' · '}
            {t.address}: <code>{`${server.ip}:${server.port}`}</code>
          </>
        ) : null}
      </p>
      {server.description ? (
        <p class="description" dir="auto">
          {server.description}
        </p>
      ) : null}
      <div class="card stats">
        <div class="stat">
          <span class="muted">{t.rank}</span>
          <b data-stat="rank">#{stats.rank}</b>
        </div>
        <div class="stat">
          <span class="muted">{t.votesMonth}</span>
          <b data-stat="votes-monthly">{formatCount(stats.votesMonthly, lang)}</b>
        </div>
        <div class="stat">
          <span class="muted">{t.votesTotal}</span>
          <b data-stat="votes-total">{formatCount(stats.votesTotal, lang)}</b>
        </div>
        <div class="stat">
          <span class="muted">{t.players}</span>
          <b data-stat="players">
            <Players server={server} lang={lang} breakable />
          </b>
        </div>
      </div>
      <p>
        <a class="button" href={`/servers/${server.id}/vote?lang=${lang}`}>
          {t.voteCta}
        </a>
      </p>
      <h2>{t.badgesTitle}</h2>
      <p class="muted">{t.badgesIntro}</p>
      <p class="muted">{t.badgeVariants}</p>
      {BADGE_STYLES.map((style) => {
        const id = `embed-${style}`;
        const src = (theme: string, badgeLang: string) =>
          `/badge/${server.id}.png?style=${style}&theme=${theme}&lang=${badgeLang}`;
        return (
          <div>
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset={src('dark', lang)} />
              <img src={src('light', lang)} alt={t.badgeAlt(server.name)} data-badge-style={style} />
            </picture>
            <p class="variants">
              {BADGE_THEMES.flatMap((theme) =>
                BADGE_LANGS.map((badgeLang) => (
                  <a href={src(theme, badgeLang)} data-variant={`${style}-${theme}-${badgeLang}`}>
                    {`${theme} · ${badgeLang}`}
                  </a>
                )),
              )}
            </p>
            <div class="snippet">
              <textarea id={id} readonly rows={2} dir="ltr">
                {embedSnippet(base, server, style, lang)}
              </textarea>
              <button type="button" data-copy={id} data-done={t.copied}>
                {t.copy}
              </button>
            </div>
          </div>
        );
      })}
      <p>
        <a href={`/dashboard/servers/${server.id}/integrations?lang=${lang}`}>{t.ownerLink}</a>
      </p>
    </>
  );
}

/** Outcome shown above the vote form. */
export type VoteOutcome =
  | { kind: 'form' }
  | { kind: 'voted'; username: string }
  | { kind: 'error'; message: string; detail?: string };

/** `/servers/:id/vote`: the vote form, or the result of a vote. */
export function VoteView(props: {
  lang: SiteLang;
  server: ServerRecord;
  outcome: VoteOutcome;
  username?: string;
}) {
  const { lang, server, outcome } = props;
  const t = siteMessages(lang);
  if (outcome.kind === 'voted') {
    return (
      <>
        <h1>{t.votedTitle}</h1>
        <div class="card notice" role="status">
          <p>{t.votedBody(outcome.username, server.name)}</p>
          <p>
            <b data-testid="vote-next-step">{t.votedInGame}</b>
          </p>
        </div>
        <p>
          <a href={`/servers/${server.id}?lang=${lang}`}>
            <bdi>{server.name}</bdi>
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>
        <bdi>{t.voteTitle(server.name)}</bdi>
      </h1>
      {outcome.kind === 'error' ? (
        <div class="card error" role="alert">
          <p>{outcome.message}</p>
          {outcome.detail ? <p class="muted">{outcome.detail}</p> : null}
        </div>
      ) : null}
      <form class="card" method="post" action={`/servers/${server.id}/vote?lang=${lang}`}>
        <label for="username">{t.usernameLabel}</label>
        <input
          type="text"
          id="username"
          name="username"
          required
          maxlength={64}
          value={props.username ?? ''}
        />
        <p class="muted">{t.usernameHelp}</p>
        <button type="submit">{t.voteSubmit}</button>
      </form>
      <p>
        <a href={`/servers/${server.id}?lang=${lang}`}>
          <bdi>{server.name}</bdi>
        </a>
      </p>
    </>
  );
}

/** `/__admin` in a browser: every control-API route (read from the app's routes) and where its reference is. */
export function AdminView(props: { lang: SiteLang; routes: readonly ControlRoute[] }) {
  const t = siteMessages(props.lang);
  return (
    <>
      <h1>{t.adminTitle}</h1>
      <p>{t.adminIntro}</p>
      <p>
        <a class="button" href="/docs#/control">
          {t.adminDocs}
        </a>
      </p>
      <div class="card">
        <ul class="routes">
          {props.routes.map((route) => (
            <li>
              <a href={route.docs}>
                <code>{`${route.method} ${route.path}`}</code>
              </a>{' '}
              <span class="muted">{route.summary}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
