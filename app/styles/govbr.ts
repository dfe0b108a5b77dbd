// The gov.br Design System (@govbr-ds/core 3.7.0), self-hosted and cut to what the portal draws
// (ADR 024): the tokens (colours, type scale, spacing, focus) plus the CSS of the components the
// shell and the shared UI use. Each file is bundled by the Remix compiler into public/build with
// a hashed name (cached for a year). The font is Raleway, the DS's declared fallback for Rawline
// (not published on npm): latin subset only, weights 400/600/700, woff2, also hashed.
import raleway400 from "@fontsource/raleway/files/raleway-latin-400-normal.woff2";
import raleway600 from "@fontsource/raleway/files/raleway-latin-600-normal.woff2";
import raleway700 from "@fontsource/raleway/files/raleway-latin-700-normal.woff2";
import button from "@govbr-ds/core/dist/components/button/button.min.css";
import card from "@govbr-ds/core/dist/components/card/card.min.css";
import checkbox from "@govbr-ds/core/dist/components/checkbox/checkbox.min.css";
import input from "@govbr-ds/core/dist/components/input/input.min.css";
import message from "@govbr-ds/core/dist/components/message/message.min.css";
import radio from "@govbr-ds/core/dist/components/radio/radio.min.css";
import step from "@govbr-ds/core/dist/components/step/step.min.css";
import tag from "@govbr-ds/core/dist/components/tag/tag.min.css";
import upload from "@govbr-ds/core/dist/components/upload/upload.min.css";
import type { LinkDescriptor } from "@remix-run/node";
import tokens from "./govbr-tokens.css";

const sheet = (href: string): LinkDescriptor => ({ rel: "stylesheet", href });

/** Loaded on every page of the portal by root.tsx (not on the light public pages). */
export const govbrCore: LinkDescriptor[] = [tokens, button, input, message, radio].map(sheet);

/**
 * Components only some pages draw: link them from those routes' `links`, e.g.
 * `export const links = () => [govbrSheet("step")]` (the DS markup: `br-step`, `br-upload`…).
 */
const OPTIONAL = { step, upload, checkbox, card, tag } as const;
export const govbrSheet = (name: keyof typeof OPTIONAL): LinkDescriptor => sheet(OPTIONAL[name]);

/** The regular weight is preloaded (body text); 600/700 are fetched when a heading needs them. */
export const fontPreload: LinkDescriptor = {
  rel: "preload",
  href: raleway400,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
};

/** @font-face rules for the hashed font files (inline in the document head: ~400 bytes). */
export const fontFaces = [
  [400, raleway400],
  [600, raleway600],
  [700, raleway700],
]
  .map(
    ([weight, href]) =>
      `@font-face{font-family:Raleway;font-style:normal;font-display:swap;font-weight:${weight};src:url(${href}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`,
  )
  .join("");
