/**
 * The staff queues' search box: the clients a term matches (name, file number, phone, login e-mail), and the
 * filings of those clients as a condition on `filings`.
 */
import { matchingAny, searchPatterns, type SearchPatterns, type SortDir } from '../../lib/paged-query.ts';
import { clients, filings, sql, users, type Database, type SQL } from '@taxfirm/db';
import type { Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
  const patterns = searchPatterns(term);
  return patterns && sql`select ${clients.id} from ${clients} where ${clientMatches(patterns)}`;
}

/** A `clients` row matches a term: the trigram index's candidates, each checked column by column. */
function clientMatches(patterns: SearchPatterns): SQL {
  const candidates = matchingAny(patterns, [clients.search], [clients.search]);
  const exact = matchingAny(patterns, [fullName, clients.fileNumber, loginEmail], [clients.phone]);
  return sql`${candidates} and ${exact}`;
}

/** Up to this many clients a list's search matches are looked up once and handed to its queries as ids. */
export const SEARCH_IDS_MAX = 20_000;

/**
 * The clients a list's search matches, looked up once for the list's three queries (the count, the page and
 * the total would each search again); undefined when there is no search or more than `max` (20,000) match
 * (then each query searches, as `clientSearch` does).
 */
export async function searchedClientIds(
  db: Database,
  term: string | undefined,
  max = SEARCH_IDS_MAX,
): Promise<string[] | undefined> {
  const found = await searchedClientsUpTo(db, term, max);
  return found && !found.more ? found.ids : undefined;
}

/**
 * The first clients a search matches, up to one past `max`, and whether more than `max` match: `ids` are then
 * some of the matches (`max + 1` of them), not all. Undefined when there is no search.
 */
export async function searchedClientsUpTo(
  db: Database,
  term: string | undefined,
  max: number,
): Promise<{ ids: string[]; more: boolean } | undefined> {
  const matching = searchedClientsSql(term);
  if (!matching) return undefined;
  const result = (await db.execute(
    sql`select id from (${matching}) matched limit ${max + 1}`,
  )) as unknown as { rows: { id: string }[] };
  return { ids: result.rows.map((row) => row.id), more: result.rows.length > max };
}

/**
 * A common term: one that more clients than this match. Its list's first page is found by walking the list's
 * own order (`walkedPageIds`), where looking up every match would grow with the firm (one in thirty clients is
 * a Sharma: 3,333 ids looked up, sent and probed at 100,000 clients, to show 25).
 */
export const COMMON_TERM_CLIENTS = 1_000;
/** How many of the list's files a common term's walk tests at most before it gives up (`walkedPageIds`). */
export const WALK_FILES_MAX = 5_000;

/**
 * The filings of the clients a term matches, as a semi-join (`exists`) the planner may run from the clients'
 * side: a count to a bound then reads that many matching clients (from the trigram index) and probes their
 * filings, and stops. For a common term's count, where `clientSearch` would list every match first.
 */
export function clientExists(patterns: SearchPatterns): SQL {
  return sql`exists (select 1 from ${clients}
    where ${clients.id} = ${filings.clientId} and ${clientMatches(patterns)})`;
}

/**
 * A common term's page of filings: the first `WALK_FILES_MAX` files of `scope` in the list's order (`key`,
 * then the id, both `dir`; an index gives it), each tested in turn (its client, by primary key) until the
 * page's `offset + limit` matches are found. One in thirty clients matching, the first page of 25 tests about
 * 750 files, however many clients the firm has. Fewer than the page asked for: the walk ran out (or the
 * matches did), and the caller pages the usual way. The test is a subquery of its own for each file (not a
 * join the planner could turn into a hash of every match). The outer order is the walk's own (the planner
 * adds no sort: the walk comes out in it), so the page does not rest on a subquery's order being kept.
 */
export function walkedPageIds(
  patterns: SearchPatterns,
  scope: SQL | undefined,
  { key, dir }: { key: AnyPgColumn | SQL; dir: SortDir },
  slice: { limit: number; offset: number },
): SQL {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  const matches = sql`coalesce((select true from ${clients}
    where ${clients.id} = walked.client_id and ${clientMatches(patterns)}), false)`;
  return sql`select walked.id from (
      select ${filings.id} as id, ${filings.clientId} as client_id, ${key} as sort_key from ${filings}
      where ${scope ?? sql`true`} order by sort_key ${direction}, id ${direction} limit ${WALK_FILES_MAX}
    ) walked
    where ${matches}
    order by walked.sort_key ${direction}, walked.id ${direction}
    offset ${slice.offset} limit ${slice.limit}`;
}

/** The filings of the clients a search matched (`searchedClientIds`), given as a uuid array literal. */
export const searchedIn = (clientIds: string | Placeholder) =>
  sql`${filings.clientId} = any(${clientIds}::uuid[])`;
