/** The rows ESX (and ox_inventory on ESX) read through oxmysql, kept in memory and answered by query pattern. */
import type { MysqlRouter } from '../host';

/** An ESX `users` row. */
export interface EsxUser {
  identifier: string;
  accounts: Record<string, number>;
  inventory: Record<string, number> | unknown[];
}

/** Items every ESX world defines (`items` table); weights are ESX units (Config.MaxWeight = 24). */
export const ESX_ITEMS = [
  { name: 'bread', label: 'Bread', weight: 1, rare: 0, can_remove: 1 },
  { name: 'water', label: 'Water', weight: 1, rare: 0, can_remove: 1 },
  { name: 'phone', label: 'Phone', weight: 1, rare: 0, can_remove: 1 },
];

/** Creates the in-memory database and its router; unmatched queries are logged and answer nothing. */
export function createEsxDatabase(users: EsxUser[], log: (line: string) => void = () => {}) {
  const rows = new Map(users.map((u) => [u.identifier, structuredClone(u)]));
  const queries: string[] = [];
  const router: MysqlRouter = (method, query, params) => {
    queries.push(`${method}: ${query}`);
    const p = (
      Array.isArray(params) ? params : params && typeof params === 'object' ? Object.values(params) : []
    ) as unknown[];
    if (/FROM `?jobs`?$/i.test(query.trim()))
      return [{ name: 'unemployed', label: 'Unemployed', whitelisted: false, type: 'civ' }];
    if (/FROM `?job_grades`?$/i.test(query.trim())) {
      return [
        {
          job_name: 'unemployed',
          grade: 0,
          name: 'unemployed',
          label: 'Unemployed',
          salary: 200,
          skin_male: '{}',
          skin_female: '{}',
        },
      ];
    }
    if (/FROM `?items`?$/i.test(query.trim())) return ESX_ITEMS;
    if (/^SELECT 1 FROM `?users`? WHERE `?identifier`? = \?/i.test(query))
      return rows.has(String(p[0])) ? 1 : undefined;
    if (/^SELECT `accounts`/i.test(query)) {
      const user = rows.get(String(p[0]));
      if (!user) return undefined;
      return {
        accounts: JSON.stringify(user.accounts),
        ssn: '123-45-6789',
        job: 'unemployed',
        job_grade: 0,
        group: 'user',
        position: JSON.stringify({ x: 0, y: 0, z: 0, heading: 0 }),
        inventory: JSON.stringify(user.inventory),
        skin: null,
        loadout: '[]',
        metadata: '{}',
        firstname: 'Test',
        lastname: 'Player',
        dateofbirth: '01/01/2000',
        sex: 'm',
        height: 180,
      };
    }
    if (/^SELECT 1 FROM `users` WHERE `ssn` = \?/i.test(query)) return undefined;
    if (/^INSERT INTO `users` SET `accounts` = \?, `identifier` = \?/i.test(query)) {
      rows.set(String(p[1]), { identifier: String(p[1]), accounts: JSON.parse(String(p[0])), inventory: [] });
      return 1;
    }
    if (/^UPDATE `?users`?/i.test(query)) return 1;
    log(`unrouted ${method}: ${query}`);
    return undefined;
  };
  return { router, queries, rows };
}
