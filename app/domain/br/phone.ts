// Phone with DDD via @brazilian-utils, but a mobile must start with 9 (since 2016); the library
// also takes 7 and 8.
import {
  formatPhone as libFormatPhone,
  isValidLandlinePhone,
  isValidMobilePhone,
} from "@brazilian-utils/brazilian-utils";

const LANDLINE_LENGTH = 10;
const MOBILE_LENGTH = 11;
// What people type around a phone number: "+55 (37) 99999-1234", "37 9 9999.1234".
const TYPED_CHARACTERS = /^[\d\s().+-]+$/;
const COUNTRY_CODES = ["0055", "55"];

/** DDD + digits; a leading 55 is the country code only if 10–11 digits remain (DDD 55 exists). */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, "");
  for (const code of COUNTRY_CODES) {
    const rest = digits.slice(code.length);
    if (digits.startsWith(code) && (rest.length === LANDLINE_LENGTH || rest.length === MOBILE_LENGTH)) {
      return rest;
    }
  }
  return digits;
}

/** A landline or mobile number with a DDD in use; letters or other stray characters make it invalid. */
export function isValidPhone(input: string): boolean {
  if (!TYPED_CHARACTERS.test(input)) return false;
  const phone = normalizePhone(input);
  if (phone.length === LANDLINE_LENGTH) return isValidLandlinePhone(phone);
  if (phone.length === MOBILE_LENGTH) return phone.charAt(2) === "9" && isValidMobilePhone(phone);
  return false;
}

/** "37999991234" → "(37) 99999-1234", "3732211234" → "(37) 3221-1234". Other lengths come back normalised. */
export function formatPhone(input: string): string {
  const phone = normalizePhone(input);
  return phone.length === LANDLINE_LENGTH || phone.length === MOBILE_LENGTH
    ? libFormatPhone(phone, { mask: "nanp" })
    : phone;
}
