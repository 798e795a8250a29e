/** vRP 1's tables kept in memory and answered by prepared-query name (the in-memory driver in vrp1-db/ forwards them). */
import type { MysqlRouter } from '../host';

/** A vRP 1 user: identifiers, wallet and bank (vrp_user_moneys) and the `vRP:datatable` user data (inventory, aptitudes). */
export interface Vrp1User {
  id: number;
  identifiers: string[];
  wallet: number;
  bank: number;
  datatable: Record<string, unknown>;
}

/** Creates the in-memory database; queries it does not know are logged and answer nothing. */
export function createVrp1Database(users: Vrp1User[], log: (line: string) => void = () => {}): MysqlRouter {
  const ids = new Map<string, number>();
  const moneys = new Map<number, { wallet: number; bank: number }>();
  const userData = new Map<string, string>();
  const serverData = new Map<string, string>();
  let lastId = 0;
  for (const user of users) {
    for (const identifier of user.identifiers) ids.set(identifier, user.id);
    moneys.set(user.id, { wallet: user.wallet, bank: user.bank });
    userData.set(`${user.id}:vRP:datatable`, JSON.stringify(user.datatable));
    lastId = Math.max(lastId, user.id);
  }
  return (method, name, params) => {
    const p = (params ?? {}) as Record<string, unknown>;
    const userId = Number(p.user_id);
    switch (name) {
      case 'vRP/create_user':
        lastId += 1;
        return [{ id: lastId }];
      case 'vRP/add_identifier':
        ids.set(String(p.identifier), userId);
        return 1;
      case 'vRP/userid_byidentifier': {
        const id = ids.get(String(p.identifier));
        return id === undefined ? [] : [{ user_id: id }];
      }
      case 'vRP/set_userdata':
        userData.set(`${userId}:${String(p.key)}`, String(p.value));
        return 1;
      case 'vRP/get_userdata': {
        const value = userData.get(`${userId}:${String(p.key)}`);
        return value === undefined ? [] : [{ dvalue: value }];
      }
      case 'vRP/set_srvdata':
        serverData.set(String(p.key), String(p.value));
        return 1;
      case 'vRP/get_srvdata': {
        const value = serverData.get(String(p.key));
        return value === undefined ? [] : [{ dvalue: value }];
      }
      case 'vRP/get_banned':
        return [{ banned: false }];
      case 'vRP/get_whitelisted':
        return [{ whitelisted: true }];
      case 'vRP/get_last_login':
        return [{ last_login: '' }];
      case 'vRP/money_init_user':
        if (!moneys.has(userId)) moneys.set(userId, { wallet: Number(p.wallet), bank: Number(p.bank) });
        return 1;
      case 'vRP/get_money': {
        const money = moneys.get(userId);
        return money ? [{ wallet: money.wallet, bank: money.bank }] : [];
      }
      case 'vRP/set_money':
        moneys.set(userId, { wallet: Number(p.wallet), bank: Number(p.bank) });
        return 1;
      case 'vRP/get_user_identity':
      case 'vRP/get_userbyreg':
      case 'vRP/get_userbyphone':
        return [];
      default:
        if (/_tables?$|^vRP\/set_|^vRP\/update_|^vRP\/init_/.test(name)) return method === 'query' ? [] : 0;
        log(`unrouted vRP 1 query ${method}: ${name}`);
        return method === 'query' ? [] : undefined;
    }
  };
}
