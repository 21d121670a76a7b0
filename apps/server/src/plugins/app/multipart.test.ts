import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartPlugin } from './multipart.ts';

/** The hooks a plugin adds to `app`, by name, as it registers. */
async function hooksAddedBy(plugin: typeof multipart | typeof multipartPlugin) {
  const app = Fastify();
  const names: string[] = [];
  const addHook = app.addHook.bind(app);
  app.addHook = ((name: string, hook: unknown) => {
    names.push(name);
    return (addHook as (n: string, h: unknown) => unknown)(name, hook);
  }) as typeof app.addHook;
  await app.register(plugin, { throwFileSizeLimit: false });
  await app.ready();
  await app.close();
  return names.sort();
}

describe('multipartPlugin', () => {
  it('scopes exactly the hooks @fastify/multipart adds: an upgrade that adds or renames one fails here', async () => {
    // plugins/app/multipart.ts keeps back onRequest and onResponse and runs them for multipart requests only,
    // on the reading that both only clean up files saved to disk. A new hook must be read before it is scoped.
    expect(await hooksAddedBy(multipart)).toEqual(['onRequest', 'onResponse']);
  });

  it('still reads a multipart body, and leaves a JSON request to the JSON parser', async () => {
    const app = Fastify();
    await app.register(multipartPlugin, { throwFileSizeLimit: false });
    app.post('/echo', async (request) => {
      if (!request.isMultipart()) return { json: request.body };
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else fields[part.fieldname] = (await part.toBuffer()).toString();
      }
      return { multipart: fields };
    });
    const boundary = 'b0undary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="note"',
      '',
      'hello',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'file text',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const parted = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(parted.json()).toEqual({ multipart: { note: 'hello', file: 'file text' } });
    const json = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ json: { a: 1 } });
    await app.close();
  });
});
