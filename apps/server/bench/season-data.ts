/**
 * The season-scale data set for `BENCH_ONLY=season npm run bench` (PostgreSQL only): a firm's clients over two
 * tax years with their filings, status history, documents, audit trail, messages, checklist items, contact
 * messages, referrals, payments and invoices. Set-based SQL (`insert … select … from generate_series`), so
 * 100,000 clients take minutes, not hours.
 *
 * Ids are derived from the row's number (`bench_uuid('c' || n)` for client n), so a table can point at another
 * one's rows without a join. Skew: documents, audit rows and messages pick their client as
 * floor(N · random()³), so a few clients hold many rows and most hold a few. Encrypted columns stay null.
 */
import { sql, type Database } from '@taxfirm/db';
import { FIRST_NAMES, LAST_NAMES } from '../src/modules/demo/names.ts';

/** At scale 1: 100,000 clients; everything else in proportion (scale 0.1 is the 10k run). */
export type SeasonCounts = {
  clients: number;
  documents: number;
  statusHistory: number;
  audit: number;
  messages: number;
  requestItems: number;
  contactMessages: number;
  referrals: number;
  payments: number;
  invoices: number;
  analysts: number;
};

export function seasonCounts(clients: number): SeasonCounts {
  const k = clients / 100_000;
  return {
    clients,
    documents: Math.round(1_000_000 * k),
    statusHistory: Math.round(300_000 * k),
    audit: Math.round(2_000_000 * k),
    messages: Math.round(200_000 * k),
    requestItems: Math.round(200_000 * k),
    contactMessages: Math.round(20_000 * k),
    referrals: Math.round(20_000 * k),
    payments: Math.round(100_000 * k),
    invoices: Math.round(60_000 * k),
    analysts: 20,
  };
}

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'firm-client.test'];

/** A number written into the SQL (untyped parameters would be text to PostgreSQL). */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

const textArray = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/** The file number of client n: how the bench searches for one. */
export const fileNumberOf = (n: number) => `TF-${String(n).padStart(6, '0')}`;
/** The phone of client n (ten digits). */
export const phoneOf = (n: number) => String(2_000_000_000 + ((n * 7919) % 7_999_999_999));
/** The e-mail of client n. */
export const emailOf = (n: number) =>
  `${(FIRST_NAMES[(n * 31) % FIRST_NAMES.length] ?? '').toLowerCase()}.${(LAST_NAMES[(n * 17) % LAST_NAMES.length] ?? '').toLowerCase()}${n}@${DOMAINS[n % DOMAINS.length]}`;

/**
 * Fill an empty, migrated database. `currentYear` is the site's current tax year; every client has a filing
 * in it, 60% also one the year before. Returns the seconds each table took.
 */
export async function generateSeason(
  db: Database,
  counts: SeasonCounts,
  currentYear: number,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    timings[name] = (performance.now() - started) / 1000;
    log(`  ${name}: ${timings[name].toFixed(1)} s`);
  };
  const N = counts.clients;
  const A = counts.analysts;
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const domains = textArray(DOMAINS);
  const previous = currentYear - 1;
  // Half the clients write: a thread each, the messages skewed over them.
  const threads = Math.max(1, Math.min(N, Math.round(counts.messages / 4)));
  // The season: from January 15 after the tax year, 100 days; rows spread over it.
  const seasonStart = (year: number) => sql.raw(`'${year + 1}-01-15T09:00:00Z'::timestamptz`);
  const statuses = sql.raw(`enum_range(null::file_status)`);
  // A client picked with skew: a few clients draw most of the rows.
  const skewed = sql.raw(`(1 + floor(${counts.clients} * power(random(), 3)))::int`);

  // A valid version-4 UUID from a text (zod's uuid() checks the version and variant digits).
  await step(
    'uuid function',
    sql`create or replace function bench_uuid(text) returns uuid language sql immutable
        as $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`,
  );
  await step(
    'staff users',
    sql`insert into users (id, email, password_hash, role, first_name, last_name, verified_at)
        select bench_uuid('s' || k), 'analyst' || k || '@firm.test', 'bench-no-login', 'analyst',
               (${first})[1 + k % ${lit(FIRST_NAMES.length)}], (${last})[1 + k % ${lit(LAST_NAMES.length)}], now()
        from generate_series(1, ${lit(A)}) k`,
  );
  await step(
    'client users',
    sql`insert into users (id, email, password_hash, role, first_name, last_name, verified_at, created_at, updated_at)
        select bench_uuid('u' || n),
               lower((${first})[1 + (n * 31) % ${lit(FIRST_NAMES.length)}]) || '.' || lower((${last})[1 + (n * 17) % ${lit(LAST_NAMES.length)}]) || n || '@' || (${domains})[1 + n % 6],
               'bench-no-login', 'client', (${first})[1 + (n * 31) % ${lit(FIRST_NAMES.length)}], (${last})[1 + (n * 17) % ${lit(LAST_NAMES.length)}], now(),
               ${seasonStart(previous)} + (n::float / ${lit(N)}) * interval '420 days',
               ${seasonStart(previous)} + (n::float / ${lit(N)}) * interval '420 days'
        from generate_series(1, ${lit(N)}) n`,
  );
  await step(
    'clients',
    sql`insert into clients (id, user_id, first_name, last_name, phone, phone_ext, file_number, offshore_consent, created_at, updated_at)
        select bench_uuid('c' || n), bench_uuid('u' || n), (${first})[1 + (n * 31) % ${lit(FIRST_NAMES.length)}], (${last})[1 + (n * 17) % ${lit(LAST_NAMES.length)}],
               (2000000000 + (n::bigint * 7919) % 7999999999)::text, case when n % 5 = 0 then '+91' else '+1' end,
               case when n % 10 < 8 then 'TF-' || lpad(n::text, 6, '0') end,
               case when n % 3 = 0 then true end,
               ${seasonStart(previous)} + (n::float / ${lit(N)}) * interval '420 days',
               ${seasonStart(previous)} + (n::float / ${lit(N)}) * interval '420 days'
        from generate_series(1, ${lit(N)}) n`,
  );
  // Every status; To Be Assigned unassigned, the rest spread over the analysts.
  await step(
    'filings',
    sql`insert into filings (id, client_id, tax_year, status, assigned_to, created_at, updated_at, status_since, extended)
        select bench_uuid('f' || n || '-' || y), bench_uuid('c' || n), y, s.status,
               case when s.status = 'To Be Assigned' then null else bench_uuid('s' || (1 + n % ${lit(A)})) end,
               ${seasonStart(currentYear)} - interval '30 days' + random() * interval '100 days',
               ${seasonStart(currentYear)} - interval '30 days' + random() * interval '130 days',
               now() - random() * interval '40 days', n % 9 = 0
        from generate_series(1, ${lit(N)}) n
        cross join (values (${lit(currentYear)}), (${lit(previous)})) as years(y)
        cross join lateral (
          select (${statuses})[1 + ((n * 7 + y) % array_length(${statuses}, 1))] as status
        ) s
        where y = ${lit(currentYear)} or n % 10 < 6`,
  );
  // What the firm files besides the federal return (issue 35): the ITR and the FBAR for one client in five, a
  // state return for one in three, owned by the file's analyst; some with a date staff gave.
  await step(
    'deliverables',
    sql`insert into deliverables (filing_id, kind, label, owner_id, status, extended, due_on, due_reason)
        select f.id, k.kind, k.label, f.assigned_to,
               (enum_range(null::deliverable_status))[1 + (n + k.o) % 7], n % 4 = 0,
               case when n % 13 = 0 then now()::date + (n % 60 - 20) end,
               case when n % 13 = 0 then 'Agreed with the client' end
        from generate_series(1, ${lit(N)}) n
        join filings f on f.id = bench_uuid('f' || n || '-' || ${lit(currentYear)})
        cross join lateral (values ('itr'::deliverable_kind, null::text, 1, n % 5 = 0),
                                   ('fbar'::deliverable_kind, null::text, 2, n % 5 = 0),
                                   ('state'::deliverable_kind, 'New Jersey', 3, n % 3 = 0)) as k(kind, label, o, wanted)
        where k.wanted`,
  );
  await step(
    'filing_status_history',
    sql`insert into filing_status_history (filing_id, from_status, to_status, comment, changed_by, created_at)
        select bench_uuid('f' || c || '-' || ${lit(currentYear)}), null,
               (${statuses})[1 + i % array_length(${statuses}, 1)],
               case when i % 4 = 0 then 'Moved after the client call' end,
               bench_uuid('s' || (1 + i % ${lit(A)})),
               ${seasonStart(currentYear)} + random() * interval '100 days'
        from generate_series(1, ${lit(counts.statusHistory)}) i
        cross join lateral (select 1 + (i::bigint * 7919) % ${lit(N)} + 0 * i as c) pick`,
  );
  await step(
    'documents',
    sql`insert into documents (filing_id, client_id, category, original_name, size, content_type, storage_key, sha256, uploaded_by, uploaded_at)
        select bench_uuid('f' || c || '-' || ${lit(currentYear)}), bench_uuid('c' || c),
               (enum_range(null::document_category))[1 + i % 6],
               'scan-' || i || '.pdf', 20000 + (i * 37) % 5000000, 'application/pdf',
               'bench/' || c || '/' || i, md5(i::text) || md5(i::text), bench_uuid('u' || c),
               ${seasonStart(currentYear)} + random() * interval '100 days'
        from generate_series(1, ${lit(counts.documents)}) i
        cross join lateral (select ${skewed} + 0 * i as c) pick`,
  );
  await step(
    'audit_log',
    sql`insert into audit_log (actor_user_id, action, client_id, subject, ip, user_agent, created_at)
        select case when i % 3 = 0 then bench_uuid('u' || c) else bench_uuid('s' || (1 + i % ${lit(A)})) end,
               (array['staff.clients.get','staff.clients.status','staff.documents.view','staff.clients.list',
                      'client.upload','client.profile.save','staff.messages.send','login'])[1 + i % 8],
               case when i % 20 = 0 then null else bench_uuid('c' || c) end,
               case i % 4 when 0 then 'taxpayer' when 1 then 'W2' when 2 then 'status' else null end,
               '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 (bench)',
               ${seasonStart(previous)} + (i::float / ${lit(counts.audit)}) * interval '465 days'
        from generate_series(1, ${lit(counts.audit)}) i
        cross join lateral (select ${skewed} + 0 * i as c) pick`,
  );
  // Sealed into the hash chain now, as the running app's sealer would within seconds (ADR 032), so the
  // measured calls read a sealed log and no sealer works in the background while they are timed.
  await step('audit_log sealed', sql`select audit_log_seal(${lit(counts.audit)})`);
  // One thread per client that wrote; messages skewed over them.
  await step(
    'message_threads',
    sql`insert into message_threads (id, client_id, status, last_message_at, created_at, updated_at)
        select bench_uuid('t' || n), bench_uuid('c' || n),
               (array['open','waiting','done']::message_thread_status[])[1 + n % 3],
               ${seasonStart(currentYear)} + (n % 97) * interval '1 day' + (n % 1440) * interval '1 minute',
               ${seasonStart(currentYear)}, ${seasonStart(currentYear)}
        from generate_series(1, ${lit(N)}) n
        where n <= ${lit(threads)}`,
  );
  await step(
    'messages',
    sql`insert into messages (thread_id, client_id, tax_year, author_kind, author_id, internal, body, read_at, created_at)
        select bench_uuid('t' || c), bench_uuid('c' || c), ${lit(currentYear)},
               case when i % 2 = 0 then 'client'::message_author_kind else 'staff'::message_author_kind end,
               case when i % 2 = 0 then bench_uuid('u' || c) else bench_uuid('s' || (1 + c % ${lit(A)})) end,
               i % 11 = 0, 'Message ' || i || ' about the return',
               case when i % 5 = 0 then null else now() end,
               ${seasonStart(currentYear)} + random() * interval '100 days'
        from generate_series(1, ${lit(counts.messages)}) i
        cross join lateral (select 1 + (i::bigint * 7919) % ${lit(threads)} + 0 * i as c) pick`,
  );
  await step(
    'request_items',
    sql`insert into request_items (filing_id, client_id, position, type, title, required, status, source, requested_at, created_at, updated_at)
        select bench_uuid('f' || c || '-' || ${lit(currentYear)}), bench_uuid('c' || c), i % 12,
               (enum_range(null::request_item_type))[1 + i % array_length(enum_range(null::request_item_type), 1)],
               'Item ' || i, i % 5 <> 0,
               (enum_range(null::request_item_status))[1 + i % 6], 'template',
               ${seasonStart(currentYear)} + random() * interval '100 days', now(), now()
        from generate_series(1, ${lit(counts.requestItems)}) i
        cross join lateral (select 1 + (i::bigint * 104729) % ${lit(N)} + 0 * i as c) pick`,
  );
  await step(
    'contact_messages',
    sql`insert into contact_messages (name, email, phone, phone_ext, message, status, created_at, updated_at)
        select (${first})[1 + i % ${lit(FIRST_NAMES.length)}] || ' ' || (${last})[1 + (i * 3) % ${lit(LAST_NAMES.length)}], 'visitor' || i || '@example.com',
               (3000000000 + (i::bigint * 613) % 6999999999)::text, '+1', 'Please call me about my return ' || i,
               (enum_range(null::contact_status))[1 + i % 4],
               ${seasonStart(previous)} + (i::float / ${lit(counts.contactMessages)}) * interval '465 days', now()
        from generate_series(1, ${lit(counts.contactMessages)}) i`,
  );
  await step(
    'referrals',
    sql`insert into referrals (client_id, tax_year, referrer_name, referrer_email, referrer_phone, referrer_phone_ext,
                               friend_name, friend_email, friend_phone, friend_phone_ext, comment, created_at, updated_at)
        select case when i % 4 = 0 then null else bench_uuid('c' || c) end,
               case when i % 3 = 0 then ${lit(previous)} else ${lit(currentYear)} end,
               (${first})[1 + (c * 31) % ${lit(FIRST_NAMES.length)}] || ' ' || (${last})[1 + (c * 17) % ${lit(LAST_NAMES.length)}], 'referrer' || i || '@example.com',
               '4155550' || lpad((i % 1000)::text, 3, '0'), '+1',
               (${first})[1 + i % ${lit(FIRST_NAMES.length)}] || ' ' || (${last})[1 + i % ${lit(LAST_NAMES.length)}], 'friend' || i || '@example.com',
               '4155551' || lpad((i % 1000)::text, 3, '0'), '+1', 'A good friend',
               ${seasonStart(previous)} + (i::float / ${lit(counts.referrals)}) * interval '465 days', now()
        from generate_series(1, ${lit(counts.referrals)}) i
        cross join lateral (select 1 + (i::bigint * 7919) % ${lit(N)} + 0 * i as c) pick`,
  );
  await step(
    'invoices',
    sql`insert into invoices (id, client_id, filing_id, tax_year, number, number_year, number_seq, currency, status,
                              subtotal_cents, total_cents, paid_cents, due_date, sent_at, paid_at, voided_at, void_reason, created_at, updated_at)
        select bench_uuid('i' || i), bench_uuid('c' || c), bench_uuid('f' || c || '-' || ${lit(currentYear)}), ${lit(currentYear)},
               'INV-' || ${lit(currentYear + 1)} || '-' || lpad(i::text, 6, '0'), ${lit(currentYear + 1)}, i, 'USD', st,
               25000, 25000, case st when 'paid' then 25000 when 'partly_paid' then 10000 else 0 end,
               (date '${sql.raw(String(currentYear + 1))}-04-15'),
               case when st <> 'draft' then ${seasonStart(currentYear)} + interval '20 days' end,
               case when st = 'paid' then ${seasonStart(currentYear)} + interval '40 days' end,
               case when st = 'void' then ${seasonStart(currentYear)} + interval '30 days' end,
               case when st = 'void' then 'Duplicate' end,
               ${seasonStart(currentYear)} + (i::float / ${lit(counts.invoices)}) * interval '100 days', now()
        from generate_series(1, ${lit(counts.invoices)}) i
        cross join lateral (select 1 + (i::bigint * 7919) % ${lit(N)} + 0 * i as c,
                                   (enum_range(null::invoice_status))[1 + i % 5] as st) pick`,
  );
  // The year's invoice numbers go on from the last one given, as the app's own invoices would.
  await step(
    'invoice sequence',
    sql`insert into invoice_sequences (year, last) values (${lit(currentYear + 1)}, ${lit(counts.invoices)})
        on conflict (year) do update set last = greatest(invoice_sequences.last, excluded.last)`,
  );
  await step(
    'payments',
    sql`insert into payments (client_id, filing_id, provider, order_id, amount_cents, currency, status, provider_payment_id, paid_at, created_at, updated_at)
        select bench_uuid('c' || c), bench_uuid('f' || c || '-' || ${lit(currentYear)}), 'sandbox', 'order_bench_' || i, 25000, 'USD',
               (enum_range(null::payment_status))[1 + i % 3],
               case when i % 3 = 1 then 'pay_bench_' || i end,
               case when i % 3 = 1 then ${seasonStart(currentYear)} + (i::float / ${lit(counts.payments)}) * interval '100 days' end,
               ${seasonStart(currentYear)} + (i::float / ${lit(counts.payments)}) * interval '100 days', now()
        from generate_series(1, ${lit(counts.payments)}) i
        cross join lateral (select 1 + (i::bigint * 104729) % ${lit(N)} + 0 * i as c) pick`,
  );
  await step('drop uuid function', sql`drop function bench_uuid(text)`);
  // Statistics and the visibility map, as autovacuum keeps them on a live database (index-only counts).
  await step('vacuum analyze', sql`vacuum analyze`);
  return timings;
}
