import type { z } from 'zod';

/**
 * Who may make a call. `client` needs a client session, `staff` any staff role, `admin` the admin role.
 * The server enforces this for every call; the web uses it only to decide where a call may be made.
 */
export type Access = 'public' | 'client' | 'staff' | 'admin';

export type CallDefinition<TBody extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> = {
  /** The specification's path, without a leading slash; served as POST /api/<path>. */
  readonly path: string;
  readonly body: TBody;
  readonly response: TResponse;
  readonly access: Access;
  /** multipart calls (uploads) carry files; everything else is JSON. */
  readonly contentType?: 'json' | 'multipart';
  readonly summary: string;
};

export function defineCall<TBody extends z.ZodType, TResponse extends z.ZodType>(
  call: CallDefinition<TBody, TResponse>,
): CallDefinition<TBody, TResponse> {
  return call;
}

export type CallBody<C extends CallDefinition> = z.input<C['body']>;
export type CallResponse<C extends CallDefinition> = z.output<C['response']>;

/** The URL path a call is served at. */
export function apiPath(call: Pick<CallDefinition, 'path'>): string {
  return `/api/${call.path.replace(/^\/+/, '')}`;
}
