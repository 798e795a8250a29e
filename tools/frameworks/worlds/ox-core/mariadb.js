// Stands in for the `mariadb` package in ox_core's server build (esbuild alias, ox-core/build.ts): the pool comes
// from the world's in-memory database (ox-core/database.ts), handed to the resource as the global __vrMariadb.
export function createPool(config) {
  return globalThis.__vrMariadb.createPool(config);
}
