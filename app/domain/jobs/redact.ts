// Job errors are shown in the back office and quote personal data (SMTP quotes the recipient), so
// before storing one, e-mails, CPFs, CNPJs and phone-like digits are masked.

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+\.)*[A-Za-z0-9-]*?(\.[A-Za-z]{2,})\b/g;
const CPF_CNPJ = /\b\d{2,3}\.?\d{3}\.?\d{3}(\/?\d{4})?-?\d{2}\b/g;
const LONG_DIGITS = /\b\d{8,}\b/g;

/** The text with e-mail addresses, CPFs, CNPJs and long digit runs masked, cut to `max` characters. */
export function redactPersonalData(text: string, max = 500): string {
  return text
    .replace(EMAIL, (_m, first: string, _d, tld: string) => `${first}***@***${tld}`)
    .replace(CPF_CNPJ, "***")
    .replace(LONG_DIGITS, "***")
    .slice(0, max);
}
