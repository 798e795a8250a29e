import { randomUUID } from 'node:crypto';
import { NetworkError, TimeoutError } from '../../src/api/errors';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/api/transport';

/** A vote held by the fake API. */
export interface FakeVote {
  voteId: string;
  username: string;
  votedAt: number;
  claimedAt: number | null;
}

/** A fault for the next matching requests, like the mock's `/__admin/faults`. */
export interface FakeFault {
  /** Path without query, e.g. `/api/v1/vote/claim`. */
  path: string;
  /** Answer this status instead (with an error body). */
  status?: number;
  /** Raw body to answer with status 200 (malformed-body tests). */
  body?: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** Throw this transport failure instead of answering. */
  fail?: 'network' | 'timeout';
  /** Still apply the request (e.g. the claim happens but its answer is lost). */
  apply?: boolean;
  /** How many requests it affects (default 1). */
  times?: number;
}

/** An in-memory model of the Vote API v1 behind an `HttpTransport`. */
export interface FakeVoteApi extends HttpTransport {
  votes: FakeVote[];
  requests: HttpRequest[];
  faults: FakeFault[];
  apiKey: string;
  mode: 'unclaimed' | 'last24h';
  /** Records a vote; returns it. */
  addVote(username: string, votedAt: number): FakeVote;
  /** Unclaimed votes of a player, oldest first. */
  unclaimed(username: string): FakeVote[];
  /** Holds every request until `release()` is called (for "two claims at once" tests). */
  hold(): void;
  release(): void;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message } }, headers);

/**
 * Creates the fake API; `now` is the test clock. Only bench/resource.ts uses it (CPU per claim without the
 * mock's own cost); tests talk to the real mock through `createMockVoteApi` (./mock-transport).
 */
export function createFakeVoteApi(options: { now: () => number; apiKey?: string }): FakeVoteApi {
  const held: (() => void)[] = [];
  let holding = false;

  const nameKey = (name: string) => name.normalize('NFKC').toLowerCase();
  // Votes by name key, in the order they were added: a check or claim looks up one player's votes, not every vote
  // (the bench's claim figure would otherwise grow with the number of players in its world). Rebuilt when `votes`
  // was changed from outside (replaced, or emptied or grown without addVote).
  let byName = new Map<string, FakeVote[]>();
  let indexed: FakeVote[] | null = null;
  let indexedLength = 0;
  const votesOf = (username: string): FakeVote[] => {
    if (indexed !== api.votes || indexedLength !== api.votes.length) {
      byName = new Map();
      for (const vote of api.votes) {
        const key = nameKey(vote.username);
        const list = byName.get(key);
        if (list) list.push(vote);
        else byName.set(key, [vote]);
      }
      indexed = api.votes;
      indexedLength = api.votes.length;
    }
    return byName.get(nameKey(username)) ?? [];
  };

  const handle = (request: HttpRequest): HttpResponse => {
    const url = new URL(request.url);
    if (request.headers.authorization !== `Bearer ${api.apiKey}`)
      return fail(401, 'invalid_api_key', 'bad key');
    if (url.pathname === '/api/v1/vote/check' && request.method === 'GET') {
      const username = url.searchParams.get('username');
      if (!username) return fail(400, 'invalid_parameter', 'username or ip required');
      const vote =
        api.mode === 'unclaimed'
          ? api.unclaimed(username)[0]
          : votesOf(username)
              .filter((v) => v.votedAt > options.now() - 86_400_000)
              .sort((a, b) => b.votedAt - a.votedAt)[0];
      return json(200, {
        voted: vote !== undefined,
        voted_at: vote ? new Date(vote.votedAt).toISOString() : null,
        username,
      });
    }
    if (url.pathname === '/api/v1/vote/claim' && request.method === 'POST') {
      const body = JSON.parse(request.body ?? '{}') as { username?: string };
      if (!body.username) return fail(400, 'invalid_body', 'username required');
      const vote = api.unclaimed(body.username)[0];
      if (!vote) return fail(404, 'no_unclaimed_vote', 'no unclaimed vote');
      vote.claimedAt = options.now();
      return json(200, { success: true, vote_id: vote.voteId });
    }
    if (url.pathname === '/api/v1/vote/count') {
      return json(200, {
        votes_total: api.votes.length,
        votes_24h: api.votes.filter((v) => v.votedAt > options.now() - 86_400_000).length,
        votes_7d: api.votes.length,
        votes_monthly: api.votes.length,
        server_name: 'Test City',
        server_game: 'gta5',
      });
    }
    if (url.pathname === '/api/v1/server/info') {
      return json(200, {
        name: 'Test City',
        game: 'gta5',
        ip: '127.0.0.1',
        port: 30120,
        description: 'a test server',
        is_premium: false,
        is_verified: true,
        votes_total: api.votes.length,
        followers_count: 3,
        rank: 2,
      });
    }
    return fail(404, 'not_found', 'no such route');
  };

  const api: FakeVoteApi = {
    kind: 'fetch',
    votes: [],
    requests: [],
    faults: [],
    apiKey: options.apiKey ?? 'live_0123456789abcdef0123456789abcdef',
    mode: 'unclaimed',
    addVote(username, votedAt) {
      const vote = { voteId: randomUUID(), username, votedAt, claimedAt: null };
      const inStep = indexed === api.votes && indexedLength === api.votes.length;
      api.votes.push(vote);
      if (inStep) {
        const key = nameKey(username);
        const list = byName.get(key);
        if (list) list.push(vote);
        else byName.set(key, [vote]);
        indexedLength = api.votes.length;
      }
      return vote;
    },
    unclaimed: (username) =>
      votesOf(username)
        .filter((v) => v.claimedAt === null)
        .sort((a, b) => a.votedAt - b.votedAt),
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    async request(request) {
      api.requests.push(request);
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      const path = new URL(request.url).pathname;
      const index = api.faults.findIndex((f) => f.path === path);
      const fault = index >= 0 ? api.faults[index] : undefined;
      if (fault) {
        fault.times = (fault.times ?? 1) - 1;
        if (fault.times <= 0) api.faults.splice(index, 1);
        if (fault.apply) handle(request);
        if (fault.fail === 'network') throw new NetworkError(request.url, 'connect ECONNREFUSED');
        if (fault.fail === 'timeout') throw new TimeoutError(request.url, request.timeoutMs);
        if (fault.body !== undefined) return { status: 200, headers: fault.headers ?? {}, body: fault.body };
        if (fault.status !== undefined) {
          return fail(
            fault.status,
            fault.status === 429 ? 'rate_limited' : 'injected',
            'fault',
            fault.headers,
          );
        }
      }
      return handle(request);
    },
  };
  return api;
}
