// What a journey on a cheap phone is held to (issue #16): a 360×740 touch screen, no sideways
// scroll even at 320 px, focus moved to what the person must read next (the error summary, the
// verdict), and the effort counted — taps and typed fields — as the person would spend it.
//
// The effort is counted inside the page, from trusted events only (what Chromium's input
// pipeline delivers for Playwright's click/tap/fill, never a script's `dispatchEvent`), and kept
// in sessionStorage so that it survives the navigations of a multi-page journey in one tab.
import { expect, type Locator, type Page } from "@playwright/test";

/** A common cheap Android phone, portrait. */
export const PHONE = { width: 360, height: 740 } as const;

/** Playwright `test.use` options for a phone: viewport, touch, mobile meta viewport. */
export const phoneUse = { viewport: PHONE, hasTouch: true, isMobile: true } as const;

const KEY = "__effort";

/**
 * Starts counting effort in this page's tab: every trusted click or tap is one tap (a file
 * chooser opened through its input counts as the tap that opened it; a select's choice counts
 * two taps, open and pick), every field a person types into or picks a date in counts once per
 * page it is filled on. Call before the first `goto`.
 */
export async function countEffort(page: Page) {
  await page.addInitScript((key: string) => {
    const read = () => JSON.parse(sessionStorage.getItem(key) ?? '{"taps":0,"fields":0}');
    const write = (value: { taps: number; fields: number }) => sessionStorage.setItem(key, JSON.stringify(value));
    const typed = new WeakSet<EventTarget>();
    const add = (taps: number, fields: number) => {
      const effort = read();
      effort.taps += taps;
      effort.fields += fields;
      write(effort);
    };
    // Native pickers (a select's list, a date field's calendar) are driven by Playwright through
    // script events, which are never trusted: they are counted from their `change` instead.
    const picker = (el: EventTarget | null): el is HTMLInputElement =>
      el instanceof HTMLInputElement && ["date", "time", "month", "week", "datetime-local"].includes(el.type);
    let lastTapped: EventTarget | null = null;
    document.addEventListener(
      "click",
      (event) => {
        if (!event.isTrusted) return;
        lastTapped = event.target;
        add(1, 0);
      },
      true,
    );
    document.addEventListener(
      "change",
      (event) => {
        const target = event.target;
        if (target instanceof HTMLSelectElement) {
          // Tap the select to open its list, tap the option: two taps, one if the opening tap was seen.
          add(lastTapped === target ? 1 : 2, 0);
        } else if (target instanceof HTMLInputElement && target.type === "file") {
          // setInputFiles stands for "tap the field, pick the file": one tap, made by the chooser.
          add(1, 0);
        } else if (picker(target) && !typed.has(target)) {
          // A date chosen or typed: one field, once per page.
          typed.add(target);
          add(0, 1);
        }
        lastTapped = null;
      },
      true,
    );
    document.addEventListener(
      "input",
      (event) => {
        const target = event.target;
        if (!event.isTrusted || !target || typed.has(target)) return;
        if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
        if (target.type === "file" || picker(target)) return;
        typed.add(target);
        add(0, 1);
      },
      true,
    );
  }, KEY);
}

/** The effort spent so far in this tab. */
export async function effort(page: Page): Promise<{ taps: number; fields: number }> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{"taps":0,"fields":0}'), KEY);
}

/** The page does not scroll sideways at 320 px (the narrowest phones), then the phone size is restored. */
export async function expectNoSidewaysScroll(page: Page) {
  const before = page.viewportSize() ?? PHONE;
  for (const width of [320, PHONE.width]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const wide = [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`);
      return { scroll: root.scrollWidth - root.clientWidth, wide };
    });
    expect(overflow.scroll, `a página rola para o lado a ${width} px: ${overflow.wide.join(", ")}`).toBeLessThanOrEqual(
      0,
    );
  }
  await page.setViewportSize(before);
}

/** Focus is on `target` (the element a person must read next), and it is on screen. */
export async function expectFocusOn(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
}
