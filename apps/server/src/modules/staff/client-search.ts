/**
 * The staff queues' search box: the clients a term matches (name, file number, phone, login e-mail), and the
 * filings of those clients as a condition on `filings`.
 */
import { searchIn } from '../../lib/paged-query.ts';
import { clients, filings, sql, users, type Database, type SQL } from '@taxfirm/db';
import type { Placeholder } from 'drizzle-orm';

const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
/** The client's login e-mail (the file holder's: a household member's own login is not searched). */
const loginEmail = sql<string>`(select ${users.email} from ${users} where ${users.id} = ${clients.userId})`;

/**
 * The search box: filings whose client's name, file number or phone, or whose login e-mail, contains the
 * term. Written as one set of client ids (`searchedClientsSql`) so that the filings are found from the few
 * matching clients, not by testing every filing of the year.
 */
export function clientSearch(term: string | undefined): SQL | undefined {
  const matching = searchedClientsSql(term);
  // `= any(array(…))`: the set is computed once and each of its clients' filings is an index probe
  // (`filings_client_year_idx`), where `in (…)` hashed it against every filing of the table.
  return matching && sql`${filings.clientId} = any(array(${matching}))`;
}

/**
 * The ids of the clients a search term matches (name, file number, phone, login e-mail), as a query: the
 * candidates from one trigram index on `clients.search` (which holds all four, kept by the database, migration
 * 0045), each checked against the columns themselves, so that a term matches exactly what it matched column by
 * column (and not across two of them, nor the raw term in the phone).
 */
export function searchedClientsSql(term: string | undefined): SQL | undefined {
  const candidates = searchIn(term, [clients.search], [clients.search]);
  const exact = searchIn(term, [fullName, clients.fileNumber, loginEmail], [clients.phone]);
  if (!candidates || !exact) return undefined;
  return sql`select ${clients.id} from ${clients} where ${candidates} and ${exact}`;
}

/** Up to this many clients a list's search matches are looked up once and handed to its queries as ids. */
export const SEARCH_IDS_MAX = 20_000;

/**
 * The clients a list's search matches, looked up once for the list's three queries (the count, the page and
 * the total would each search again); undefined when there is no search or more than 20,000 match (then each
 * query searches, as `clientSearch` does).
 */
export async function searchedClientIds(
  db: Database,
  term: string | undefined,
): Promise<string[] | undefined> {
  const matching = searchedClientsSql(term);
  if (!matching) return undefined;
  const result = (await db.execute(
    sql`select id from (${matching}) matched limit ${SEARCH_IDS_MAX + 1}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.length > SEARCH_IDS_MAX ? undefined : result.rows.map((row) => row.id);
}

/** The filings of the clients a search matched (`searchedClientIds`), given as a uuid array literal. */
export const searchedIn = (clientIds: string | Placeholder) =>
  sql`${filings.clientId} = any(${clientIds}::uuid[])`;
