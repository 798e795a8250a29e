import type { KeyRecord, ServerRecord, VoteRecord } from '../db';
import { formatTime, type SiteLang, siteMessages } from './messages';
import { visibleText } from './visible-text';

/** How many votes the dashboard lists. */
export const RECENT_VOTES_LIMIT = 50;

/** A time as `2026-11-27 21:40 UTC`, breakable only between the date and the clock (narrow tables wrap there). */
function Time(props: { ms: number }) {
  const [date, clock] = formatTime(props.ms).split(/ (.*)/s) as [string, string];
  return (
    <time datetime={new Date(props.ms).toISOString()}>
      <span class="nowrap">{date}</span> <span class="nowrap">{clock}</span>
    </time>
  );
}

/** The server's latest votes, newest first: who, when, and whether (and when) the vote was claimed. */
function RecentVotes(props: { lang: SiteLang; votes: VoteRecord[] }) {
  const t = siteMessages(props.lang);
  return (
    <section class="card" aria-labelledby="recent-votes">
      <h2 id="recent-votes">{t.recentVotesTitle}</h2>
      <p class="muted">{t.recentVotesIntro(RECENT_VOTES_LIMIT)}</p>
      {props.votes.length === 0 ? (
        <p>{t.noVotes}</p>
      ) : (
        <div class="table-wrap">
          <table class="votes">
            <thead>
              <tr>
                <th>{t.voterColumn}</th>
                <th>{t.votedAtColumn}</th>
                <th>{t.claimColumn}</th>
              </tr>
            </thead>
            <tbody>
              {props.votes.map((vote) => (
                <tr data-vote-id={vote.voteId} data-claimed={vote.claimedAt === null ? 'false' : 'true'}>
                  <td class="voter">
                    <bdi>{visibleText(vote.username)}</bdi>
                  </td>
                  <td class="time">
                    <Time ms={vote.votedAt} />
                  </td>
                  <td class="time">
                    {vote.claimedAt === null ? (
                      <span class="state waiting">{t.unclaimed}</span>
                    ) : (
                      <>
                        <span class="state">{t.claimed}</span> <Time ms={vote.claimedAt} />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** `/dashboard/servers/:id/integrations`: the owner's keys, masked, with generate and revoke. */
export function IntegrationsView(props: {
  lang: SiteLang;
  server: ServerRecord;
  keys: KeyRecord[];
  votes: VoteRecord[];
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
                    <td class="time wide">
                      <Time ms={key.createdAt} />
                    </td>
                    <td class="time">{key.lastUsedAt === null ? t.never : <Time ms={key.lastUsedAt} />}</td>
                    <td class="time">
                      {key.revokedAt === null ? (
                        t.active
                      ) : (
                        <>
                          {t.revoked} <Time ms={key.revokedAt} />
                        </>
                      )}
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
      <RecentVotes lang={lang} votes={props.votes} />
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
