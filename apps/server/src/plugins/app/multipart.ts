/**
 * @fastify/multipart, with its two per-request hooks (an async onRequest that watches the connection close,
 * an async onResponse that removes files saved to disk) run for multipart requests only. Both act only on
 * the files a multipart request saved to disk (`saveRequestFiles`, which no call uses: lib/uploads.ts
 * streams every file into storage), so a JSON request skips them and nothing else changes: the parser, the
 * request's decorations (`isMultipart`, `parts`) and every answer, a multipart body posted to a JSON call
 * included (MALFORMED_BODY, lib/register-call.ts), stay @fastify/multipart's own.
 */
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { settleHook } from '../../lib/settle-hook.ts';

type Hook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Done = (error?: Error) => void;

/** The hooks kept for multipart requests; any other hook of the plugin is added as it is. */
const SCOPED_HOOKS = new Set(['onRequest', 'onResponse']);

/** Whether a request says its body is multipart (a superset of what the plugin's parser accepts). */
function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && /multipart/i.test(type);
}

/** `hook` for multipart requests only, as a callback hook (no promise for the others). */
function forMultipart(hook: Hook) {
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: Done) {
    if (!isMultipartRequest(request)) return done();
    settleHook(hook.call(this, request, reply), done);
  };
}

function scopedMultipart(app: FastifyInstance, options: FastifyMultipartOptions, done: Done): void {
  const scoped: [name: string, hook: Hook][] = [];
  // The plugin sees the app itself, except that its per-request hooks are kept back to be wrapped.
  const view = new Proxy(app, {
    get(target, key) {
      if (key === 'addHook') {
        return (name: string, hook: Hook) => {
          if (SCOPED_HOOKS.has(name)) scoped.push([name, hook]);
          else (target.addHook as (n: string, h: Hook) => unknown)(name, hook);
          return view;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  multipart(view, options, (error?: Error) => {
    if (error) return done(error);
    for (const [name, hook] of scoped) {
      (app.addHook as (n: string, h: ReturnType<typeof forMultipart>) => unknown)(name, forMultipart(hook));
    }
    done();
  });
}

export const multipartPlugin = fp(scopedMultipart, { name: 'multipart' });
