import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../mock-server/server';
import type { ContractValidator } from './contract';
import { checkedAnswer, contractOf } from './sockets-helpers';

const VOTES = 20_000;
const PLAYERS = 200;
/** SQLite checkpoints at 1,000 pages (about 4 MiB); twice that leaves room and still catches any leak. */
const WAL_BOUND = 8 * 1024 * 1024;

function claim(
  base: string,
  key: string,
  agent: Agent,
  username: string,
  contract: ContractValidator,
): Promise<number> {
  const payload = JSON.stringify({ username });
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/v1/vote/claim`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const answer = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
            resolve(checkedAnswer(contract, 'POST', '/api/v1/vote/claim', answer).status);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('SQLite WAL of a file database', () => {
  it(`stays under ${WAL_BOUND} bytes through ${VOTES} single votes and ${VOTES} claims over HTTP`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-wal-'));
    const db = join(dir, 'vote-api.sqlite');
    const walSize = () => (existsSync(`${db}-wal`) ? statSync(`${db}-wal`).size : 0);
    const mock = await startMockServer({ db, rateLimit: 1_000_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const serverId = mock.store.servers.create({ name: 'WAL RP', game: 'fivem' }).id;
      const key = mock.store.keys.create(serverId).key;
      const contract = await contractOf(mock.url);
      for (let i = 0; i < VOTES; i += 1) {
        mock.store.votes.insert({ serverId, username: `player${i % PLAYERS}`, ip: '198.51.100.7' });
      }
      expect(walSize()).toBeLessThan(WAL_BOUND);

      let next = 0;
      const statuses = new Map<number, number>();
      const worker = async () => {
        while (next < VOTES) {
          const i = next++;
          const status = await claim(mock.url, key, agent, `player${i % PLAYERS}`, contract);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(Object.fromEntries(statuses)).toEqual({ 200: VOTES });
      expect(walSize()).toBeLessThan(WAL_BOUND);
    } finally {
      agent.destroy();
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
