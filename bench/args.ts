/** `--name value` from the command line of a bench script, else the fallback. */
export const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/**
 * `--database`, only when it names a city bench/seed-city.ts makes (credencia_bench… or
 * credencia_city…): the generator drops it and city-costs writes to it, so never a real one.
 */
export const cityDatabaseArg = (fallback: string) => {
  const name = arg("database", fallback);
  if (!/^credencia_(bench|city)[a-z0-9_]*$/.test(name))
    throw new Error(
      `--database ${name}: só bancos do gerador de cidades, chamados credencia_bench… ou credencia_city…`,
    );
  return name;
};
