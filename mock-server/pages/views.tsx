import { formatCount } from '../badge/i18n';
import { BADGE_STYLES } from '../badge/render';
import type { KeyRecord, RankedServer, ServerRecord, ServerStats } from '../db';
import { formatTime, type SiteLang, siteMessages } from './messages';
import { visibleText } from './visible-text';

function players(server: ServerRecord, lang: SiteLang): string {
  return server.playersMax > 0
    ? `${formatCount(server.playersOnline, lang)}/${formatCount(server.playersMax, lang)}`
    : formatCount(server.playersOnline, lang);
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
                  <td class="players">{players(server, lang)}</td>
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
          <b data-stat="players">{players(server, lang)}</b>
        </div>
      </div>
      <p>
        <a class="button" href={`/servers/${server.id}/vote?lang=${lang}`}>
          {t.voteCta}
        </a>
      </p>
      <h2>{t.badgesTitle}</h2>
      <p class="muted">{t.badgesIntro}</p>
      {BADGE_STYLES.map((style) => {
        const id = `embed-${style}`;
        return (
          <div>
            <img
              src={`/badge/${server.id}.png?style=${style}&lang=${lang}`}
              alt={t.badgeAlt(server.name)}
              data-badge-style={style}
            />
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

/** `/dashboard/servers/:id/integrations`: the owner's keys, masked, with generate and revoke. */
export function IntegrationsView(props: {
  lang: SiteLang;
  server: ServerRecord;
  keys: KeyRecord[];
  csrfToken: string;
  newKey?: string;
  notice?: string;
}) {
  const { lang, server, keys, csrfToken } = props;
  const t = siteMessages(lang);
  const action = `/dashboard/servers/${server.id}/integrations`;
  return (
    <>
      <h1>
        {t.integrationsTitle} · <bdi>{server.name}</bdi>
      </h1>
      <p class="muted">{t.integrationsIntro}</p>
      {props.newKey ? (
        <div class="card notice" role="status">
          <h2>{t.newKeyTitle}</h2>
          <div class="snippet">
            <output id="new-key" class="secret" data-testid="new-key">
              {props.newKey}
            </output>
            <button type="button" data-copy="new-key" data-done={t.copied}>
              {t.copy}
            </button>
          </div>
          <p class="muted">{t.newKeyCfg}</p>
          <div class="snippet">
            <output id="new-key-cfg" class="secret" data-testid="new-key-cfg">
              {`set vote_reward_api_key "${props.newKey}"`}
            </output>
            <button type="button" data-copy="new-key-cfg" data-done={t.copied}>
              {t.copy}
            </button>
          </div>
          <p class="muted">{t.newKeyOnce}</p>
        </div>
      ) : null}
      {props.notice ? (
        <div class="card notice" role="status">
          {props.notice}
        </div>
      ) : null}
      <div class="card">
        {keys.length === 0 ? (
          <p>{t.noKeys}</p>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t.keyColumn}</th>
                  <th class="wide">{t.createdColumn}</th>
                  <th>{t.lastUsedColumn}</th>
                  <th>{t.statusColumn}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr data-key-prefix={key.prefix}>
                    <td>
                      <code class="key">{key.masked}</code>
                    </td>
                    <td class="time wide">{formatTime(key.createdAt)}</td>
                    <td class="time">{key.lastUsedAt === null ? t.never : formatTime(key.lastUsedAt)}</td>
                    <td>
                      {key.revokedAt === null ? t.active : `${t.revoked} (${formatTime(key.revokedAt)})`}
                    </td>
                    <td>
                      {key.revokedAt === null ? (
                        <a class="button secondary" href={`${action}/keys/${key.prefix}/revoke?lang=${lang}`}>
                          {t.revoke}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <form method="post" action={`${action}/keys?lang=${lang}`}>
          <input type="hidden" name="csrf" value={csrfToken} />
          <p>
            <button type="submit">{t.generate}</button>
          </p>
        </form>
      </div>
      <p>
        <a href={`/servers/${server.id}?lang=${lang}`}>
          <bdi>{server.name}</bdi>
        </a>
      </p>
    </>
  );
}

/** The confirmation asked before a key is revoked (a plain page: it works without JavaScript). */
export function RevokeConfirmView(props: {
  lang: SiteLang;
  server: ServerRecord;
  keyRecord: KeyRecord;
  csrfToken: string;
}) {
  const { lang, server, keyRecord } = props;
  const t = siteMessages(lang);
  const integrations = `/dashboard/servers/${server.id}/integrations`;
  return (
    <>
      <h1>{t.revokeConfirmTitle(keyRecord.masked)}</h1>
      <form
        class="card error"
        method="post"
        action={`${integrations}/keys/${keyRecord.prefix}/revoke?lang=${lang}`}
      >
        <p>{t.revokeConfirmBody}</p>
        <input type="hidden" name="csrf" value={props.csrfToken} />
        <p class="actions">
          <button class="danger" type="submit">
            {t.revokeConfirm}
          </button>
          <a href={`${integrations}?lang=${lang}`}>{t.cancel}</a>
        </p>
      </form>
    </>
  );
}

/** `/__admin` in a browser: what the control API is, and where its reference is. */
export function AdminView(props: { lang: SiteLang }) {
  const t = siteMessages(props.lang);
  const routes = [
    'POST /__admin/servers',
    'GET /__admin/servers',
    'PATCH /__admin/servers/{id}',
    'POST /__admin/servers/{id}/keys',
    'GET /__admin/servers/{id}/keys',
    'DELETE /__admin/keys/{prefix}',
    'POST /__admin/votes',
    'GET /__admin/votes',
    'POST /__admin/faults',
    'GET /__admin/faults',
    'DELETE /__admin/faults',
    'POST /__admin/reset',
  ];
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
          {routes.map((route) => (
            <li>
              <code>{route}</code>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
