// The decision records (docs/decisions): each has a Date and a Status under its title, a record
// that amends or supersedes another is named back by it, there are no addenda, and the index in
// docs/decisions/README.md has one row per record with the same title, status and date.
export type Decision = { file: string; number: string; title: string; date: string; status: string };

const FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

export function readDecision(file: string, text: string): Decision | string {
  const number = FILE.exec(file)?.[1];
  if (!number) return `${file}: the name is not NNN-short-name.md`;
  const head = text.split(/^## /m)[0];
  const title = new RegExp(`^# (?:ADR )?${number} — (.+)$`, "m").exec(head)?.[1];
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(head)?.[1];
  const status = /^Status: (.+)$/m.exec(head)?.[1];
  if (!title) return `${file}: the first line must be "# ${number} — <the decision>"`;
  if (!date || Number.isNaN(Date.parse(date))) return `${file}: no "Date: YYYY-MM-DD" line under the title`;
  if (!status || !/^(Accepted|Superseded by \[\d{3}\])/.test(status))
    return `${file}: no "Status: Accepted…" or "Status: Superseded by [NNN](…)" line under the title`;
  return { file, number, title, date, status };
}

// "amended by [013](013-….md) (…) and [018](018-….md)" → each link with its verb ("and" repeats
// the verb before it).
function relations(status: string): { verb: string; number: string; target: string }[] {
  let verb = "";
  return [...status.matchAll(/(amended by|amends|superseded by|supersedes|and) \[(\d{3})\]\(([^)]+)\)/gi)].map((m) => {
    if (m[1].toLowerCase() !== "and") verb = m[1].toLowerCase();
    return { verb, number: m[2], target: m[3] };
  });
}

const INVERSE: Record<string, string> = {
  "amended by": "amends",
  amends: "amended by",
  "superseded by": "supersedes",
  supersedes: "superseded by",
};

export function decisionProblems(files: ReadonlyMap<string, string>, readme: string): string[] {
  const problems: string[] = [];
  const decisions: Decision[] = [];
  for (const [file, text] of [...files].sort()) {
    const read = readDecision(file, text);
    if (typeof read === "string") problems.push(read);
    else decisions.push(read);
    if (/^#+ .*addend/im.test(text)) problems.push(`${file}: has an addendum; write a new record that amends it`);
  }
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  for (const d of decisions) {
    for (const r of relations(d.status)) {
      const other = byNumber.get(r.number);
      if (!other || other.file !== r.target) {
        problems.push(`${d.file}: its status links to ${r.target}, which is not record ${r.number}`);
        continue;
      }
      const back = INVERSE[r.verb];
      if (!relations(other.status).some((o) => o.verb === back && o.number === d.number))
        problems.push(
          `${d.file} says it ${r.verb} ${other.number}: ${other.file}'s status must say "${back} [${d.number}](${d.file})"`,
        );
    }
  }
  const rows = readme.split("\n").filter((line) => /^\| \[\d{3}\]/.test(line));
  const expected = decisions.map((d) => `| [${d.number}](${d.file}) | ${d.title} | ${d.status} | ${d.date} |`);
  for (const row of expected) if (!rows.includes(row)) problems.push(`docs/decisions/README.md lacks the row: ${row}`);
  for (const row of rows)
    if (!expected.includes(row)) problems.push(`docs/decisions/README.md has a stale row: ${row}`);
  return problems;
}
