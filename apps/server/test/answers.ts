import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Assertions on the API's answer envelope (`{ http_code, status_smessage, … }`) that server tests share, so a
 * refused form or a plain success reads the same in every module's tests.
 */

/** A call refused on its input: 400, with exactly these messages per field (the specification's wording). */
export function expectFieldErrors(res: LightMyRequestResponse, details: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().details).toEqual(details);
}

/** A call that succeeded with nothing but its message: 200 and the envelope `{ http_code, status_smessage }`. */
export function expectAnswered(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ http_code: 200, status_smessage: message });
}
