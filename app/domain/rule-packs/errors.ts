// The error every pack loader throws: which pack, which rule, what is wrong with it.

export class RulePackValidationError extends Error {
  override name = "RulePackValidationError";
  constructor(
    readonly packId: string,
    /** The id/code/type of the offending rule, or its path when it has none. */
    readonly rule: string,
    readonly problem: string,
  ) {
    super(`Pacote de regras "${packId}" inválido — regra "${rule}": ${problem}`);
  }
}
