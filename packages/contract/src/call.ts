import type { z } from 'zod';

/**
 * Who may make a call. `client` needs a client session, `staff` any staff role, `admin` the admin role.
 * The server enforces this for every call; the web uses it only to decide where a call may be made.
 */
export type Access = 'public' | 'client' | 'staff' | 'admin';

/** What one file field of a multipart call accepts. The server checks the type by the file's content. */
export type FileRule = {
  /** MIME types accepted, as detected from the content (a Word 97-2003 file is application/msword). */
  readonly types: readonly string[];
  /** File-name endings the browser offers in its picker (`accept`). */
  readonly extensions: readonly string[];
  /** A file must be strictly smaller than this many bytes. */
  readonly maxBytes: number;
  /** A file must be larger than this many bytes. */
  readonly minBytes: number;
  readonly maxFiles: number;
  readonly messages: { readonly tooLarge: string; readonly tooSmall: string; readonly wrongType: string };
};

export type CallDefinition<TBody extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> = {
  /** The specification's path, without a leading slash; served as POST /api/<path>. */
  readonly path: string;
  readonly body: TBody;
  readonly response: TResponse;
  readonly access: Access;
  /** multipart calls (uploads) carry files; everything else is JSON. */
  readonly contentType?: 'json' | 'multipart';
  /** For multipart calls: the file fields it accepts, by field name. */
  readonly files?: Readonly<Record<string, FileRule>>;
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

/**
 * The browser's quick check of a chosen file against its rule (size, and type by the declared type or the
 * name's ending). The server checks again, by content; this only spares a pointless upload.
 */
export function fileProblem(
  rule: FileRule,
  file: { size: number; type: string; name: string },
): string | null {
  if (file.size >= rule.maxBytes) return rule.messages.tooLarge;
  if (file.size <= rule.minBytes) return rule.messages.tooSmall;
  const name = file.name.toLowerCase();
  const known = rule.types.includes(file.type) || rule.extensions.some((ext) => name.endsWith(ext));
  return known ? null : rule.messages.wrongType;
}
