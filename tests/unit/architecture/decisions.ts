// The decision records (docs/decisions): each has a Date and a Status under its title, every link
// in a Status follows a verb this file knows, a record that amends, supersedes or complements
// another is named back by it, there are no addenda, and the index in docs/decisions/README.md is
// one table with one row per record, with the same title, status and date.
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

// The verbs a status may put before a link to another record, each with the verb the other
// record's status must use back.
const INVERSE: Record<string, string> = {
  "amended by": "amends",
  amends: "amended by",
  "superseded by": "supersedes",
  supersedes: "superseded by",
  "complemented by": "complements",
  complements: "complemented by",
};
type Relation = { verb: string; number: string; target: string };

// "Accepted (issue #1); amended by [013](013-….md) (…) and [018](018-….md)" → each link with its
// verb: the words before a link, bracketed asides dropped, after the last ";". "and" or "," repeat
// the verb before it. Any other words are returned in `unknown`, so a new verb cannot slip by.
function relations(status: string): { known: Relation[]; unknown: { words: string; link: string }[] } {
  const known: Relation[] = [];
  const unknown: { words: string; link: string }[] = [];
  let verb = "";
  let from = 0;
  for (const m of status.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)) {
    let before = status.slice(from, m.index);
    from = m.index + m[0].length;
    while (/\([^()]*\)/.test(before)) before = before.replace(/\([^()]*\)/g, " ");
    const words = before
      .slice(before.lastIndexOf(";") + 1)
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
    if (words in INVERSE) verb = words;
    else if (!(verb && !before.includes(";") && /^(,|and|, and)$/.test(words))) {
      unknown.push({ words, link: m[0] });
      continue;
    }
    known.push({ verb, number: m[1], target: m[2] });
  }
  return { known, unknown };
}

const VERBS = Object.keys(INVERSE).join(", ");
const HEADER = "| ADR | Decision | Status | Date |";

// The index is one Markdown table: a blank or any other line between two rows ends it, and the
// rows after that render as loose text.
function indexRows(readme: string): { head: boolean; rows: string[]; outside: string[] } {
  const lines = readme.split("\n");
  const isRow = (line: string) => /^\| \[\d{3}\]/.test(line);
  const head = lines.indexOf(HEADER);
  let end = head + 1;
  while (head >= 0 && end < lines.length && lines[end].startsWith("|")) end++;
  const outside = head < 0 ? [] : lines.filter((line, i) => isRow(line) && (i < head || i >= end));
  return { head: head >= 0, rows: lines.filter(isRow), outside };
}

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
    const { known, unknown } = relations(d.status);
    for (const u of unknown)
      problems.push(
        `${d.file}: its status puts "${u.words}" before ${u.link}; the verbs it knows are ${VERBS} ("and" or "," repeat one)`,
      );
    for (const r of known) {
      const other = byNumber.get(r.number);
      if (!other || other.file !== r.target) {
        problems.push(`${d.file}: its status links to ${r.target}, which is not record ${r.number}`);
        continue;
      }
      const back = INVERSE[r.verb];
      if (!relations(other.status).known.some((o) => o.verb === back && o.number === d.number))
        problems.push(
          `${d.file} says it ${r.verb} ${other.number}: ${other.file}'s status must say "${back} [${d.number}](${d.file})"`,
        );
    }
  }
  const { head, rows, outside } = indexRows(readme);
  if (!head) problems.push(`docs/decisions/README.md has no table headed "${HEADER}"`);
  for (const row of outside)
    problems.push(`docs/decisions/README.md has a row outside the index table (a blank or other line ends it): ${row}`);
  const expected = decisions.map((d) => `| [${d.number}](${d.file}) | ${d.title} | ${d.status} | ${d.date} |`);
  for (const row of expected) if (!rows.includes(row)) problems.push(`docs/decisions/README.md lacks the row: ${row}`);
  for (const row of rows)
    if (!expected.includes(row)) problems.push(`docs/decisions/README.md has a stale row: ${row}`);
  return problems;
}
