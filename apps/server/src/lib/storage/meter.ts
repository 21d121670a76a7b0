import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** Counts and hashes the plaintext as it passes; read `result()` once the stream has ended. */
export function meter() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
