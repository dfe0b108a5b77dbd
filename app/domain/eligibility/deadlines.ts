// When each duty with a legal term is due, from its event; hour terms (PT72H) keep the time.
import { applies, type Category, type Deadline, type Mode, parameterValue, type RulePack } from "~/domain/rule-packs";
import {
  addDuration,
  addDurationToDateTime,
  type IsoDate,
  type IsoDateTime,
  isValidIsoDate,
  isValidIsoDateTime,
} from "./calendar";

export interface DeadlineDue {
  id: string;
  label: string;
  who: Deadline["who"];
  citation: string;
  sanction?: string;
  /** Due at (a date, or a date-time when the event had one); absent when the law or the gestor sets none. */
  dueAt?: IsoDate | IsoDateTime;
  immediate: boolean;
  /** For recurring duties (reports), the period; dueAt is then the next one after `from`. */
  every?: string;
}

/** The duties of a category and mode (a duty without `appliesTo` is everyone's). */
export function deadlinesFor(pack: RulePack, category: Category, mode: Mode): Deadline[] {
  return pack.deadlines.filter((d) => !d.appliesTo || applies(d.appliesTo, category, mode));
}

/** When a duty is due; with `scope`, a duty the law sets for other categories or modes is refused. */
export function deadlineFor(
  pack: RulePack,
  id: string,
  from: IsoDate | IsoDateTime,
  scope?: { category: Category; mode: Mode },
): DeadlineDue {
  const d = pack.deadlines.find((x) => x.id === id);
  if (!d) throw new Error(`Prazo "${id}" não consta do pacote ${pack.id}.`);
  if (scope && d.appliesTo && !applies(d.appliesTo, scope.category, scope.mode)) {
    throw new Error(`O prazo "${id}" (${d.citation}) não se aplica a ${scope.category}/${scope.mode}.`);
  }
  const add = (duration: string) => {
    if (isValidIsoDateTime(from)) return addDurationToDateTime(from, duration);
    if (isValidIsoDate(from)) return addDuration(from, duration);
    throw new Error(`Data inválida: "${from}"`);
  };
  const due: DeadlineDue = { id: d.id, label: d.label, who: d.who, citation: d.citation, immediate: d.immediate };
  if (d.sanction) due.sanction = d.sanction;
  if (d.immediate) due.dueAt = from;
  else if (d.within) due.dueAt = add(d.within);
  else if (d.every) {
    due.every = d.every;
    due.dueAt = add(d.every);
  } else if (d.parameter) {
    const days = parameterValue(pack, d.parameter);
    if (days !== null) due.dueAt = add(`P${days}D`);
  }
  return due;
}
