/**
 * The client queue's listing (issue 39): one builder for every listing, with or without narrowing filters or a
 * search. What decides a listing's SQL is its shape (tax year, sort, role, offshore, whether a status and a
 * search are given and how, the narrowing filters); its statements are built once per shape and prepared by
 * name, and the rest (the analyst, the status, an owner, the searched clients or a walked term's patterns, the
 * slice) are bound as values. Without a narrowing filter or a search the page and its counts are one statement
 * (one round trip; the counts are an index range); otherwise counting the matches is the long part (tens of
 * thousands of files tested), so the counts are statements of their own, run beside the page on another
 * connection.
 */
import { createHash } from 'node:crypto';
import type { StaffActor } from '../../lib/actor.ts';
import {
  boundedPage,
  countBound,
  countUpTo,
  matchingUpTo,
  orderBy,
  searchPatterns,
  type BoundedPage,
  type SearchPatterns,
  type SearchPatternValues,
  type ListQuery,
  type SortDir,
} from '../../lib/paged-query.ts';
import { QUEUE_COUNT_LIMIT, type FileStatus, type StaffClientRow } from '@taxfirm/contract';
import { and, count, eq, filings, sql, type Database, type SQL } from '@taxfirm/db';
import { firmToday } from '../../lib/firm-time.ts';
import {
  clientExists,
  clientSearch,
  COMMON_TERM_CLIENTS,
  searchedClientIds,
  searchedClientsUpTo,
  searchedIn,
  walkedPageIds,
} from './client-search.ts';
import { isPlain, narrowing, visible, type QueueNarrowing } from './queue-filters.ts';
import { pageIdsOf, QUEUE_SORTS, queueRowOf, queueRowsQuery, type SortColumn } from './queue-rows.ts';

/** A listing as asked: the queue's filters, the search box's words, the order and the slice. */
export type ListingInput = {
  taxYear: number;
  status: FileStatus | undefined;
  narrowing: QueueNarrowing;
  search: string;
  sort: { column: SortColumn; dir: SortDir };
  slice: { start: number; length: number };
};

/**
 * What decides a listing's SQL. An owner is a value (`owner` below) unless it is "unassigned"; the due windows
 * are dated by the firm's day, which is part of the shape.
 */
type ListingShape = {
  taxYear: number;
  column: SortColumn;
  dir: SortDir;
  role: StaffActor['role'];
  offshore: boolean;
  status: boolean;
  /**
   * How its search is given: `ids`, the clients it matched (looked up); `walk`, a common term's patterns, its
   * first page walked (`walkedPageIds`), `walk+digits` when the term holds a phone's digits too.
   */
  search: 'ids' | 'walk' | 'walk+digits' | undefined;
  narrowing: QueueNarrowing;
  today: string | undefined;
};

/** The values a shape's statements are run with. */
type Bound = {
  userId: string;
  status: FileStatus | undefined;
  owner: string | undefined;
  clients: string | undefined;
  /** A walked term's patterns (`searchPatterns`). */
  pattern: string | undefined;
  digits: string | undefined;
  limit: number;
  offset: number;
  /** One past the counts' bound: a count that reaches it says "more". */
  countLimit: number;
};

/** Placeholder values bound where the builders take a value (drizzle fills them when the statement runs). */
const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * A listing's statements for one shape: its page, and its counts (of its scope, and of its matches when
 * searched); without a narrowing filter the counts are also columns of every row of the page (`inPage`), and
 * their own statements only run for a page past the end. A walked term's page is `walkedPageIds`, and its
 * count is taken among the clients looked up, else from the clients' side (`walkedMatches`). `term`: a search too broad to hand over as client ids,
 * searched inside the statements (then built for this call only). `name`: prepared under that name
 * (PostgreSQL parses it once per connection, plans it with each call's values for its first five calls, then
 * may keep a generic plan); unnamed behind a transaction-mode pooler (client.ts).
 */
function buildListing(db: Database, shape: ListingShape, term?: string, name?: string) {
  const actor = { role: shape.role, offshore: shape.offshore, userId: placeholder<string>('userId') };
  const owner = shape.narrowing.owner;
  const narrowed = owner && owner !== 'unassigned' ? { owner: placeholder<string>('owner') } : {};
  const scope = and(
    visible(actor, shape.taxYear),
    shape.status ? eq(filings.status, placeholder<FileStatus>('status')) : undefined,
    narrowing({ ...shape.narrowing, ...narrowed }, shape.today),
  );
  const walkPatterns: SearchPatterns | undefined =
    shape.search === 'walk' || shape.search === 'walk+digits'
      ? {
          text: sql.placeholder('pattern'),
          digits: shape.search === 'walk+digits' ? sql.placeholder('digits') : undefined,
        }
      : undefined;
  const search =
    term !== undefined
      ? clientSearch(term)
      : shape.search === 'ids'
        ? searchedIn(sql.placeholder('clients'))
        : undefined;
  const q: ListQuery = {
    scope,
    matching: search ? and(scope, search) : scope,
    // Ties in the sort's direction too: the newest-first order is then read straight from the index on
    // (tax year, updated_at, id), 25 entries, instead of sorting every file of the year (docs/benchmarks.md).
    order: orderBy(QUEUE_SORTS[shape.column], shape.dir, filings.id, shape.dir),
  };
  const slice = { limit: placeholder<number>('limit'), offset: placeholder<number>('offset') };
  // The filters and the search are all on `filings`: counted without joins, and no further than the page's
  // bound (`countLimit`, one past it: QUEUE_COUNT_LIMIT).
  const countLimit = placeholder<number>('countLimit');
  const countOf = (where: SQL | undefined) => countUpTo(filings, where, countLimit);
  const counted = (where: SQL | undefined) =>
    db.select({ n: count() }).from(matchingUpTo(filings, where, countLimit));
  // Counted in the page without a narrowing filter or a search: a search's matches are counted beside the page
  // (counting thousands of matches in the page's own statement made the two wait for each other).
  const inPage = isPlain(shape.narrowing) && !search && !walkPatterns;
  const nothing = sql<null>`null`;
  const ids = walkPatterns
    ? walkedPageIds(walkPatterns, q.scope, { key: QUEUE_SORTS[shape.column], dir: shape.dir }, slice)
    : pageIdsOf(db, shape.column, q, slice);
  const page = queueRowsQuery(db, ids, q.order, {
    total: inPage ? countOf(q.scope) : nothing,
    filtered: inPage && search ? countOf(q.matching) : nothing,
  });
  const total = counted(q.scope);
  const filtered = search ? counted(q.matching) : undefined;
  // A walked term's count is built for its own patterns at each call, and so planned for them: prepared, it
  // was planned for any pattern after five calls (PostgreSQL's generic plan), and read the trigram index whole
  // for a one-letter term (100 ms at 100,000 clients, where "Sharma"'s plan counts 1,001 matches in 9). The
  // walk's page has one plan for any term (its walk and its test per file), so it is prepared.
  const walkedCount =
    walkPatterns && ((patterns: SearchPatterns) => counted(and(q.scope, clientExists(patterns))));
  // Tried before it (`walkedMatches`): the count among the clients the lookup read (bound as `clients`),
  // prepared, one plan for any term (a probe of each client's file).
  const knownCount = walkPatterns && counted(and(q.scope, searchedIn(sql.placeholder('clients'))));
  if (name === undefined) return { inPage, page, total, filtered, knownCount, walkedCount };
  return {
    inPage,
    page: page.prepare(`${name}_page`),
    total: total.prepare(`${name}_total`),
    filtered: filtered?.prepare(`${name}_filtered`),
    knownCount: knownCount?.prepare(`${name}_known`),
    walkedCount,
  };
}
type Listing = ReturnType<typeof buildListing>;

/** Shapes kept per database (a bound: the tax years, sorts, roles and filters in use are far fewer). */
const LISTINGS_MAX = 512;
const listings = new WeakMap<Database, Map<string, Listing>>();

/**
 * Forget the built statements (a prepared statement keeps the logger its database had when it was built: a
 * test that records the statements through the logger forgets them first).
 */
export function forgetListings(db: Database): void {
  listings.delete(db);
}

/** The statements of a listing's shape, built on first use. */
function listingOf(db: Database, shape: ListingShape): Listing {
  let byShape = listings.get(db);
  if (!byShape) listings.set(db, (byShape = new Map()));
  const key = JSON.stringify(shape);
  let listing = byShape.get(key);
  if (!listing) {
    if (byShape.size >= LISTINGS_MAX) byShape.clear();
    // Named by the shape (a digest: an owner's filters and a day's windows are part of it).
    const name = `queue_list_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    listing = buildListing(db, shape, undefined, name);
    byShape.set(key, listing);
  }
  return listing;
}

/** The sorts a walk reads in an index's order (the year's files by last update, days in status, next due). */
const WALKED_SORTS: ReadonlySet<SortColumn> = new Set<SortColumn>(['updated', 'status_since', 'next_due']);
/** A common term's walk serves the list's first rows, up to this many (deeper pages page the usual way). */
const WALKED_ROWS_MAX = 100;

/**
 * One queue's clients, a page at a time: the listing's shape's statements. A search is looked up once, as
 * client ids, unless it matches more than `searchedClientIds` hands over: then its statements are built for
 * this call and search themselves. A common term's first rows (more than COMMON_TERM_CLIENTS clients match;
 * an order an index gives; no narrowing filter) are walked in list order instead (`walkedPageIds`), falling
 * back to the above when the walk gives fewer than asked. `fresh`: built for this call whatever the shape
 * (the tests' reference).
 */
export async function listQueueRows(
  db: Database,
  actor: StaffActor,
  input: ListingInput,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<BoundedPage<StaffClientRow>> {
  const patterns = searchPatterns(input.search);
  const term = patterns && input.search;
  const { slice, sort } = input;
  if (
    term &&
    !fresh &&
    WALKED_SORTS.has(sort.column) &&
    isPlain(input.narrowing) &&
    slice.start + slice.length <= WALKED_ROWS_MAX
  ) {
    const found = await searchedClientsUpTo(db, term, COMMON_TERM_CLIENTS);
    if (found && !found.more) return runListing(db, actor, input, { clients: found.ids });
    // The clients looked up are some of the matches: the walk's count starts with them.
    const walked = await runListing(db, actor, input, { walk: patterns, clients: found?.ids });
    if (walked.data.length === slice.length) return walked;
  }
  const clients = await searchedClientIds(db, term);
  return runListing(db, actor, input, {
    clients,
    inPlace: term && (fresh || !clients) ? term : undefined,
    fresh,
  });
}

/**
 * A listing's statements run, its search given as `clients` (the clients it matched, looked up), `walk` (a
 * common term's patterns, with `clients` the first matches looked up) or `inPlace` (a term its statements
 * search for, built for this call).
 */
async function runListing(
  db: Database,
  actor: StaffActor,
  input: ListingInput,
  {
    clients,
    walk,
    inPlace,
    fresh = false,
  }: {
    clients?: string[] | undefined;
    walk?: SearchPatternValues | undefined;
    inPlace?: string | undefined;
    fresh?: boolean;
  },
): Promise<BoundedPage<StaffClientRow>> {
  const n = input.narrowing;
  const shape: ListingShape = {
    taxYear: input.taxYear,
    column: input.sort.column,
    dir: input.sort.dir,
    role: actor.role,
    offshore: actor.offshore,
    status: input.status !== undefined,
    search:
      inPlace !== undefined
        ? undefined
        : walk
          ? walk.digits === undefined
            ? 'walk'
            : 'walk+digits'
          : clients && 'ids',
    narrowing: {
      owner: n.owner === undefined || n.owner === 'unassigned' ? n.owner : 'someone',
      deliverableKind: n.deliverableKind,
      due: n.due,
      waiting: n.waiting,
      unattendedDays: n.unattendedDays,
      organizer: n.organizer,
    },
    today: n.due ? firmToday() : undefined,
  };
  const listing = inPlace !== undefined || fresh ? buildListing(db, shape, inPlace) : listingOf(db, shape);
  const bound = countBound(QUEUE_COUNT_LIMIT, input.slice);
  const values: Bound = {
    userId: actor.userId,
    status: input.status,
    owner: n.owner,
    clients: clients ? `{${clients.join(',')}}` : undefined,
    pattern: walk?.text,
    digits: walk?.digits,
    limit: input.slice.length,
    offset: input.slice.start,
    countLimit: bound + 1,
  };
  const matching = walk ? { execute: (v: Bound) => walkedMatches(listing, walk, v) } : listing.filtered;
  const counts = () => Promise.all([listing.total.execute(values), matching?.execute(values)]);
  const [rows, counted] = await Promise.all([
    listing.page.execute(values),
    listing.inPage ? undefined : counts(),
  ]);
  const [first] = rows;
  if (listing.inPage && first) {
    const total = first.total ?? 0;
    return boundedPage(total, matching ? (first.filtered ?? 0) : total, bound, rows.map(queueRowOf));
  }
  // Counted apart (a narrowing filter), or no row on this page (nothing matches, or it is past the end).
  const [[total], filtered] = counted ?? (await counts());
  const recordsTotal = total?.n ?? 0;
  return boundedPage(
    recordsTotal,
    filtered ? (filtered[0]?.n ?? 0) : recordsTotal,
    bound,
    rows.map(queueRowOf),
  );
}

/**
 * A walked term's matches, counted to the bound (`countLimit`). First among the clients the lookup read (the
 * first COMMON_TERM_CLIENTS + 1 matches, each a probe of its file): some of the matches, so a count that
 * reaches the bound there is the bounded count of them all, as when most of those clients have a file in the
 * list. Short of it, counted again from the clients' side (`clientExists`, the trigram index read again).
 */
async function walkedMatches(listing: Listing, walk: SearchPatternValues, values: Bound) {
  const known = values.clients === undefined ? undefined : await listing.knownCount?.execute(values);
  if (known && (known[0]?.n ?? 0) >= values.countLimit) return known;
  const count = listing.walkedCount?.(walk);
  if (!count) throw new Error('a walked listing without its count');
  return count.execute(values);
}
