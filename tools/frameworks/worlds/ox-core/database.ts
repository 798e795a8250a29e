/**
 * The database ox_core's build talks to in the ox-core world, in place of the `mariadb` driver: a pool whose
 * connections answer ox_core's SQL by its text from in-memory tables (users, characters, accounts, the account
 * roles of ox_core's sql/install.sql, transactions), with transactions as a snapshot restored on rollback. A query no
 * route knows is printed (`[mariadb] no route: ...`) and answers an empty result, so a new query shows up in the
 * console of a recording instead of passing silently.
 */

type Row = Record<string, unknown>;

/** The tables the routes read and write. */
export interface OxCoreTables {
  users: Row[];
  characters: Row[];
  accounts: Row[];
  account_roles: Row[];
  accounts_transactions: Row[];
  ox_statuses: Row[];
  ox_licenses: Row[];
}

/** Alice (userId 1, charId 1, stateId AB1234) with a default account of 500, and Bob (userId 2, no character). */
export function seedTables(): OxCoreTables {
  return {
    users: [
      { userId: 1, username: 'Alice', license2: '1111' },
      { userId: 2, username: 'Bob', license2: '2222' },
    ],
    characters: [
      {
        charId: 1,
        userId: 1,
        stateId: 'AB1234',
        firstName: 'Alice',
        lastName: 'Voter',
        gender: 'female',
        dateOfBirth: '01/01/1990',
        phoneNumber: null,
        x: 0,
        y: 0,
        z: 0,
        heading: 0,
        isDead: 0,
        health: 200,
        armour: 0,
        statuses: null,
        lastPlayed: '20/11/2026',
        deleted: null,
      },
    ],
    accounts: [
      {
        id: 231100001,
        label: 'Personal',
        owner: 1,
        group: null,
        balance: 500,
        isDefault: 1,
        type: 'personal',
      },
    ],
    // sql/install.sql's roles (the owner may deposit: depositMoney checks it).
    account_roles: [
      ['viewer', 0, 0],
      ['contributor', 1, 0],
      ['manager', 1, 1],
      ['owner', 1, 1],
    ].map(([name, deposit, withdraw], index) => ({
      id: index + 1,
      name,
      deposit,
      withdraw,
      addUser: name === 'manager' || name === 'owner' ? 1 : 0,
      removeUser: name === 'manager' || name === 'owner' ? 1 : 0,
      manageUser: name === 'manager' || name === 'owner' ? 1 : 0,
      transferOwnership: name === 'owner' ? 1 : 0,
      viewHistory: name === 'manager' || name === 'owner' ? 1 : 0,
      manageAccount: name === 'manager' || name === 'owner' ? 1 : 0,
      closeAccount: name === 'owner' ? 1 : 0,
      sendInvoice: name === 'manager' || name === 'owner' ? 1 : 0,
      payInvoice: name === 'manager' || name === 'owner' ? 1 : 0,
    })),
    accounts_transactions: [],
    ox_statuses: [
      { name: 'hunger', default: 0, onTick: 0.02 },
      { name: 'thirst', default: 0, onTick: 0.05 },
      { name: 'stress', default: 0, onTick: -0.1 },
    ],
    ox_licenses: [
      { name: 'weapon', label: 'Weapon License' },
      { name: 'driver', label: "Driver's License" },
    ],
  };
}

const ok = (affectedRows: number, insertId = 0) => ({ affectedRows, insertId, warningStatus: 0 });

type Route = [RegExp, (tables: OxCoreTables, values: unknown[], match: RegExpMatchArray) => unknown];

const ROUTES: Route[] = [
  [/^CREATE TABLE IF NOT EXISTS/, () => ok(0)],
  [/^SELECT \* FROM account_roles$/, (t) => t.account_roles.map((row) => ({ ...row }))],
  [/^SELECT name, `default`, onTick FROM ox_statuses$/, (t) => t.ox_statuses.map((row) => ({ ...row }))],
  [/^SELECT name, label FROM ox_licenses$/, (t) => t.ox_licenses.map((row) => ({ ...row }))],
  [/^SELECT ox_groups\.\*/, () => []],
  [/^UPDATE vehicles SET `stored` = \? WHERE `stored` IS NULL$/, () => ok(0)],
  [
    /^SELECT userId FROM users WHERE license2 = \? LIMIT \?, 1$/,
    (t, [license, offset]) =>
      t.users
        .filter((user) => user.license2 === license)
        .slice(Number(offset))
        .slice(0, 1)
        .map((user) => ({ userId: user.userId })),
  ],
  [/^SELECT bu\.reason, bu\.banned_at/, () => []],
  [
    /^SELECT charId, stateId, firstName, lastName, gender, x, y, z, heading, DATE_FORMAT\(lastPlayed, "%d\/%m\/%Y"\) AS lastPlayed FROM characters WHERE userId = \? AND deleted IS NULL LIMIT \?$/,
    (t, [userId, limit]) =>
      t.characters
        .filter((c) => c.userId === userId && c.deleted === null)
        .slice(0, Number(limit))
        .map(({ charId, stateId, firstName, lastName, gender, x, y, z, heading, lastPlayed }) => ({
          charId,
          stateId,
          firstName,
          lastName,
          gender,
          x,
          y,
          z,
          heading,
          lastPlayed,
        })),
  ],
  [
    /^SELECT isDead, gender, DATE_FORMAT\(dateOfBirth, "%d\/%m\/%Y"\) AS dateOfBirth, phoneNumber, health, armour, statuses FROM characters WHERE charId = \?$/,
    (t, [charId]) =>
      t.characters
        .filter((c) => c.charId === charId)
        .map(({ isDead, gender, dateOfBirth, phoneNumber, health, armour, statuses }) => ({
          isDead,
          gender,
          dateOfBirth,
          phoneNumber,
          health,
          armour,
          statuses,
        })),
  ],
  [
    /^SELECT charId FROM characters WHERE stateId = \?$/,
    (t, [stateId]) => t.characters.filter((c) => c.stateId === stateId).map((c) => ({ charId: c.charId })),
  ],
  [/^SELECT name, grade, isActive FROM character_groups WHERE charId = \?$/, () => []],
  [/^SELECT name, data FROM character_licenses WHERE charId = \?$/, () => []],
  [
    /^UPDATE characters SET x = \?, y = \?, z = \?, heading = \?, isDead = \?/,
    (t, values) => {
      const charId = values[values.length - 1];
      return ok(t.characters.filter((c) => c.charId === charId).length);
    },
  ],
  [
    /^SELECT id FROM accounts WHERE `(owner|group|id)` = \? AND isDefault = 1$/,
    (t, [id], match) =>
      t.accounts.filter((a) => a[match[1] as string] === id && a.isDefault === 1).map((a) => ({ id: a.id })),
  ],
  [
    /^SELECT \* FROM accounts WHERE `(owner|group|id)` = \?$/,
    (t, [id], match) => t.accounts.filter((a) => a[match[1] as string] === id).map((a) => ({ ...a })),
  ],
  [
    /^SELECT balance FROM accounts WHERE id = \?$/,
    (t, [id]) => t.accounts.filter((a) => a.id === id).map((a) => ({ balance: a.balance })),
  ],
  [
    /^SELECT 1 FROM accounts WHERE id = \?$/,
    (t, [id]) => t.accounts.filter((a) => a.id === id).map(() => ({ 1: 1 })),
  ],
  [
    /^UPDATE accounts SET balance = balance \+ \? WHERE id = \?$/,
    (t, [amount, id]) => {
      const rows = t.accounts.filter((a) => a.id === id);
      for (const row of rows) row.balance = Number(row.balance) + Number(amount);
      return ok(rows.length);
    },
  ],
  [
    /^UPDATE accounts SET balance = balance - \? WHERE id = \?( AND \(balance - \?\) >= 0)?$/,
    (t, [amount, id], match) => {
      const rows = t.accounts.filter(
        (a) => a.id === id && (!match[1] || Number(a.balance) - Number(amount) >= 0),
      );
      for (const row of rows) row.balance = Number(row.balance) - Number(amount);
      return ok(rows.length);
    },
  ],
  [
    /^INSERT INTO accounts_transactions \(actorId, fromId, toId, amount, message, note, fromBalance, toBalance\)/,
    (t, values) => {
      const [actorId, fromId, toId, amount, message, note, fromBalance, toBalance] = values;
      const id = t.accounts_transactions.length + 1;
      t.accounts_transactions.push({
        id,
        actorId,
        fromId,
        toId,
        amount,
        message,
        note,
        fromBalance,
        toBalance,
      });
      return ok(1, id);
    },
  ],
  [
    /^SELECT role FROM accounts_access WHERE accountId = \? AND charId = \?$/,
    (t, [accountId, charId]) =>
      t.accounts.filter((a) => a.id === accountId && a.owner === charId).map(() => ({ role: 'owner' })),
  ],
];

/** A fresh database and the `createPool` ox_core's build calls. */
export function createOxCoreDatabase(log: (line: string) => void) {
  let tables = seedTables();
  const run = (sql: unknown, values: unknown): unknown => {
    const text = String(typeof sql === 'object' && sql !== null ? (sql as { sql: unknown }).sql : sql)
      .replace(/\s+/g, ' ')
      .replace(/;\s*$/, '')
      .trim();
    const params = Array.isArray(values) ? values : [];
    for (const [pattern, answer] of ROUTES) {
      const match = text.match(pattern);
      if (match) return answer(tables, params, match);
    }
    log(`[mariadb] no route: ${text.slice(0, 160)}`);
    return [];
  };
  const connection = () => {
    let snapshot: OxCoreTables | undefined;
    return {
      info: {
        serverVersion: { mariaDb: true, raw: '11.4.5-MariaDB (in-memory stand-in)' },
        hasMinVersion: () => true,
      },
      execute: async (sql: unknown, values?: unknown) => run(sql, values),
      query: async (sql: unknown, values?: unknown) => run(sql, values),
      batch: async (sql: unknown, values?: unknown[]) => {
        const rows = Array.isArray(values) ? values : [];
        let affected = 0;
        for (const row of rows)
          affected += Number((run(sql, row) as { affectedRows?: number }).affectedRows ?? 0);
        return ok(affected);
      },
      beginTransaction: async () => {
        snapshot = structuredClone(tables);
      },
      commit: async () => {
        snapshot = undefined;
      },
      rollback: async () => {
        if (snapshot) tables = snapshot;
        snapshot = undefined;
      },
      release: async () => undefined,
    };
  };
  return {
    /** The live tables (state reads). */
    tables: () => tables,
    createPool: () => {
      const pool = {
        getConnection: async () => connection(),
        query: async (sql: unknown, values?: unknown) => run(sql, values),
        execute: async (sql: unknown, values?: unknown) => run(sql, values),
        batch: (sql: unknown, values?: unknown[]) => connection().batch(sql, values),
      };
      return pool;
    },
  };
}
