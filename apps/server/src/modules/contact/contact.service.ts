import type { contactBodySchema } from '@taxfirm/contract';
import { contactMessages, type Database } from '@taxfirm/db';
import type { z } from 'zod';

type ContactInput = z.output<typeof contactBodySchema>;

/** Store a message from the public Contact Us form for the staff inbox. */
export async function createContactMessage({
  db,
  input,
}: {
  db: Database;
  input: ContactInput;
}): Promise<void> {
  await db.insert(contactMessages).values({
    name: input.c_name,
    email: input.c_email,
    phone: input.c_phone,
    phoneExt: input.c_phone_ext,
    message: input.c_message,
  });
}
