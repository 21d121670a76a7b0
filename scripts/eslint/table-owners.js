// @ts-check
/**
 * "Owners write their own tables" (docs/architecture.md, issue 34): in the server's modules, `.insert(t)`,
 * `.update(t)` and `.delete(t)` on a table of `@taxfirm/db` are allowed only in the module that owns `t`.
 * Another module calls the owner's function (`insertDocuments`, `addItem`, `markItemUploaded`, `openFiling`).
 *
 * A table's owner is the module named like its schema file (`schema/requests.ts` → `modules/requests/`),
 * with the overrides below. `SHARED_WRITES` lists the writes across modules that remain, each with its reason:
 * a new entry there is a decision for review, not a way around the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';

const SCHEMA = new URL('../../packages/db/src/schema/', import.meta.url);

/** Schema files whose name is not their module's, and tables that live in another domain's schema file. */
const MODULE_OF_SCHEMA = { messages: 'messaging', instances: 'lib', audit: 'lib' };
const TABLE_OWNER_OVERRIDES = { staffActivity: 'activity', consents: 'consents' };

/** module → tables of other modules it still writes, and why. */
const SHARED_WRITES = {
  // Staff accounts are users: the console's team screens create and deactivate them.
  staff: ['users', 'authTokens', 'mfaRecoveryCodes'],
  // A staff member's own alert choice and the digest's "sent" mark are columns of their users row.
  activity: ['users'],
  // The offshore (§7216) answer in force is cached on the clients row for every access check.
  consents: ['clients'],
  // File numbers are the filing's rule, kept on the clients row the spec shows them with.
  filings: ['clients'],
  // The staff inbox marks contact messages read (the inbox is the staff side of contact).
  inbox: ['contactMessages'],
  // A refund is recorded on the payment it returns (invoices own refunds, payments own the order).
  invoices: ['payments'],
  // Reminders mark what they reminded of; F7's ReminderSource per domain replaces this.
  requests: ['signatureDocuments', 'invoices'],
  // Retention deletes a closed client's messages and activity with their documents (one pass, one audit row).
  documents: ['messages', 'staffActivity'],
  // The demo firm writes every domain's rows, as a client and staff would have; keys re-seals every sealed column.
  demo: ['*'],
  keys: ['*'],
};

/** @returns {Map<string, string>} table export name → owning module */
function tableOwners() {
  const owners = new Map();
  for (const file of readdirSync(SCHEMA)) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const base = file.slice(0, -3);
    const module = MODULE_OF_SCHEMA[/** @type {keyof typeof MODULE_OF_SCHEMA} */ (base)] ?? base;
    const text = readFileSync(new URL(file, SCHEMA), 'utf8');
    for (const match of text.matchAll(/^export const (\w+) = pgTable\(/gm)) owners.set(match[1], module);
  }
  for (const [table, module] of Object.entries(TABLE_OWNER_OVERRIDES)) owners.set(table, module);
  return owners;
}

const WRITES = new Set(['insert', 'update', 'delete']);

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "A module writes only its own tables; other modules call the owner's functions." },
    schema: [],
    messages: {
      notOwner:
        "modules/{{module}} writes `{{table}}`, a table of modules/{{owner}}: call a function of modules/{{owner}} instead (docs/architecture.md, 'Owners write their own tables').",
    },
  },
  create(context) {
    const match = /apps\/server\/src\/modules\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'));
    if (!match) return {};
    const module = match[1];
    const shared = SHARED_WRITES[/** @type {keyof typeof SHARED_WRITES} */ (module)] ?? [];
    if (shared.includes('*')) return {};
    const owners = tableOwners();
    /** Local names bound to tables imported from @taxfirm/db. */
    const imported = new Map();
    return {
      ImportDeclaration(node) {
        if (node.source.value !== '@taxfirm/db') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier') {
            imported.set(spec.local.name, spec.imported.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const [arg] = node.arguments;
        if (!arg || arg.type !== 'Identifier') return;
        const table = imported.get(arg.name);
        const owner = table && owners.get(table);
        if (!table || !owner || owner === module || shared.includes(table)) return;
        context.report({ node, messageId: 'notOwner', data: { module, table, owner } });
      },
    };
  },
};
