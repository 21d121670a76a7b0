/** What a schema says about an input, as the server reports it: for the contract's schema tests. */
import type { z } from 'zod';
import { fieldErrors } from '../errors.ts';

/** The first message of each failing path (none for a valid input). */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** Every message at one path, in order. */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}
