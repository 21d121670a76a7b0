/**
 * Objects in an S3 bucket (or an S3-compatible store), sealed by the app as the local driver seals them
 * (`sealed-object.ts`: a per-object key bound to the object's key, 64 KiB AES-256-GCM segments), with the
 * sealed key in the object's metadata (`x-amz-meta-taxfirm-key`, and `x-amz-meta-taxfirm-seal: 2` as the
 * format flag); the store adds its own encryption at rest (SSE-S3 asked for here; SSE-KMS by bucket policy,
 * docs/operations.md). Objects stored before the app sealed them have no flag and are read as they are.
 * Bodies stream through lib-storage's Upload with bounded memory (at most QUEUE_SIZE parts of PART_SIZE
 * in flight): a body shorter than one part goes up as a single PUT, which is atomic; a longer one as a
 * multipart upload, which stays invisible until CompleteMultipartUpload. Either way readers never see half
 * an object, and a failed body aborts the upload so no parts are kept. A crash mid-upload leaves an
 * incomplete multipart upload (invisible, never listed): the bucket's lifecycle rule
 * AbortIncompleteMultipartUpload removes it (docs/operations.md).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { Upload } from '@aws-sdk/lib-storage';
import { keyIdOf, type Keyring } from '../crypto/keyring.ts';
import { lazyImport } from '../lazy-import.ts';
import { meter } from './meter.ts';
import {
  assertStorageKey,
  assertStoragePrefix,
  ObjectNotFoundError,
  type ObjectStorage,
} from './object-storage.ts';
import { createObjectSealer, SEALED_FORMAT } from './sealed-object.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); unset for AWS itself. */
  endpoint?: string | undefined;
  /** Both or neither; without them the SDK's default chain applies (environment, instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`); defaults to on when an endpoint is given. */
  forcePathStyle?: boolean | undefined;
  /** A KMS key (id or ARN): objects are then stored with SSE-KMS under it, not SSE-S3. */
  kmsKeyId?: string | undefined;
};

/** The object metadata (`x-amz-meta-…`) naming the sealed format, and holding the object's sealed key. */
const SEAL_FLAG = 'taxfirm-seal';
const SEALED_KEY = 'taxfirm-key';

/** S3's smallest part size. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts buffered and uploading at once, per put: memory stays under QUEUE_SIZE × PART_SIZE. */
const QUEUE_SIZE = 2;

type Sdk = typeof ClientS3 & typeof LibStorage;

/** The AWS SDK, loaded at the first call to the bucket (about 45 MB a server on the local driver never needs). */
const loadSdk = lazyImport(async (): Promise<Sdk> => {
  const [client, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...client, ...storage };
});

function isMissing(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.NoSuchKey ||
    (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** The copy's condition failed: the object was written again since it was read. */
function isChanged(sdk: Sdk, error: unknown): boolean {
  return error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 412;
}

export function createS3Storage(options: S3StorageOptions, keyring: Keyring): ObjectStorage {
  const { bucket } = options;
  const sealer = createObjectSealer(keyring);
  const clientOptions: ConstructorParameters<typeof S3Client>[0] = {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // The SDK's default (WHEN_SUPPORTED) adds CRC32 checksums and x-amz-checksum-mode headers that many
    // S3-compatible stores (s3rver among them) reject or sign differently; our own SHA-256 covers integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  // The SDK and the client, made at the first call (the client holds no connection until then either).
  let opening: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const open = () => {
    if (!opening) {
      opening = loadSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(clientOptions) }));
      opening.catch(() => {
        opening = undefined;
      });
    }
    return opening;
  };
  // Asked for on each put, so it overrides the bucket's default encryption.
  const encryption = options.kmsKeyId
    ? ({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: options.kmsKeyId } as const)
    : ({ ServerSideEncryption: 'AES256' } as const);

  /**
   * Make sure a multipart upload that will not complete keeps no parts (invisible, but billed). lib-storage
   * aborts it too, but after Upload.abort() only in the background; this is done before put rejects. Its
   * failure is not reported over the original error (s3rver, for one, does not implement the call); a
   * bucket lifecycle rule for incomplete multipart uploads is the backstop.
   */
  async function abandon(upload: Upload, key: string): Promise<void> {
    if (!upload.uploadId) return;
    const { sdk, client } = await open();
    await client
      .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: upload.uploadId }))
      .catch(() => undefined);
  }

  return {
    async put(key, body) {
      assertStorageKey(key);
      const { sdk, client } = await open();
      const measured = meter();
      const { sealedKey, stream: sealing } = sealer.seal(key);
      const upload = new sdk.Upload({
        client,
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        params: {
          Bucket: bucket,
          Key: key,
          Body: sealing,
          Metadata: { [SEAL_FLAG]: String(SEALED_FORMAT), [SEALED_KEY]: sealedKey },
          ...encryption,
        },
      });
      // Whichever fails first, the body or the store, is the error put reports.
      let failure: { error: unknown } | undefined;
      const feeding = pipeline(body, measured.stream, sealing).catch((error: unknown) => {
        failure ??= { error };
        // The body failed: stop the upload now rather than send parts that will be thrown away.
        void upload.abort();
        throw error;
      });
      const uploading = upload.done().catch((error: unknown) => {
        failure ??= { error };
        // The store failed: stop reading the body (the pipeline then fails too, and frees it).
        sealing.destroy();
        throw error;
      });
      const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
      if (fed.status === 'rejected' || uploaded.status === 'rejected') {
        await abandon(upload, key);
        throw failure?.error;
      }
      // The size and SHA-256 are known only once the body has ended, after the upload's headers were
      // sent; callers record them in the object's row, so the object itself is written once, as is (no
      // copy onto itself to add metadata, which on a versioned bucket would leave a version behind).
      return measured.result();
    },

    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await open();
      let object;
      try {
        object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissing(sdk, error)) throw new ObjectNotFoundError();
        throw error;
      }
      const { Body, Metadata = {} } = object;
      if (!(Body instanceof Readable)) throw new Error(`S3 returned no body stream for ${key}`);
      const format = Metadata[SEAL_FLAG];
      // Stored before the app sealed objects (SSE-S3 only): as it is.
      if (format === undefined) return Body;
      const sealedKey = Metadata[SEALED_KEY];
      if (format !== String(SEALED_FORMAT) || !sealedKey) {
        Body.destroy();
        throw new Error(`Unknown sealed format of ${key}`);
      }
      // Segment by segment: nothing unverified is released, and a bad first segment fails here.
      return sealer.open(key, sealedKey, Body);
    },

    async resealKey(key, { dryRun = false } = {}) {
      assertStorageKey(key);
      const { sdk, client } = await open();
      for (;;) {
        let head;
        try {
          head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        } catch (error) {
          if (isMissing(sdk, error)) throw new ObjectNotFoundError();
          throw error;
        }
        const { Metadata = {} } = head;
        const format = Metadata[SEAL_FLAG];
        if (format === undefined) return 'unsealed';
        const sealedKey = Metadata[SEALED_KEY];
        if (format !== String(SEALED_FORMAT) || !sealedKey)
          throw new Error(`Unknown sealed format of ${key}`);
        if (keyIdOf(sealedKey) === keyring.keyId) return 'current';
        const resealed = sealer.reseal(key, sealedKey);
        if (dryRun) return 'resealed';
        try {
          // The object copied onto itself with its metadata replaced: only the sealed key changes, the
          // bytes stay as they are (on a versioned bucket the old version, holding the old sealed key, is
          // kept until the noncurrent-version rule expires it). Replacing metadata drops the headers not
          // named again, so they are. Only if the object is still the one read (its ETag), else read again.
          await client.send(
            new sdk.CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${key}`,
              CopySourceIfMatch: head.ETag,
              MetadataDirective: 'REPLACE',
              Metadata: { ...Metadata, [SEALED_KEY]: resealed },
              ...(head.ContentType ? { ContentType: head.ContentType } : {}),
              ...(head.ContentDisposition ? { ContentDisposition: head.ContentDisposition } : {}),
              ...(head.ContentEncoding ? { ContentEncoding: head.ContentEncoding } : {}),
              ...(head.ContentLanguage ? { ContentLanguage: head.ContentLanguage } : {}),
              ...(head.CacheControl ? { CacheControl: head.CacheControl } : {}),
              ...(head.StorageClass ? { StorageClass: head.StorageClass } : {}),
              ...encryption,
            }),
          );
          return 'resealed';
        } catch (error) {
          if (isChanged(sdk, error)) continue;
          if (isMissing(sdk, error)) throw new ObjectNotFoundError();
          throw error;
        }
      }
    },

    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await open();
      // S3 answers 204 whether or not the key existed.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list(prefix) {
      assertStoragePrefix(prefix);
      const { sdk, client } = await open();
      // Up to 1,000 keys a page, in key order; each next page starts after the last key seen (StartAfter:
      // the same pages as the continuation token, with a cursor every S3-compatible store understands).
      let startAfter: string | undefined;
      for (;;) {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ...(startAfter ? { StartAfter: startAfter } : {}),
          }),
        );
        const objects = page.Contents ?? [];
        for (const object of objects) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
        if (!page.IsTruncated) return;
        const last = objects.at(-1)?.Key;
        if (!last) throw new Error('S3 listing truncated without a key to continue after');
        startAfter = last;
      }
    },
  };
}
