import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import {
  categoryForUptId,
  deleteUploadDocBodySchema,
  documentKey,
  parseDocumentKey,
  folderPathFor,
  getUploadDocsBodySchema,
  getUploadDocsResponseSchema,
  parseFolderPath,
  uploadDocsFieldsSchema,
} from './documents.schemas.ts';

const CLIENT_ID = '3f2b8c1e-9d4a-4e6b-a1c2-0d9e8f7a6b5c';

describe('parseFolderPath', () => {
  it('accepts {uuid}/W2/', () => {
    expect(parseFolderPath(`${CLIENT_ID}/W2/`)).toEqual({
      clientId: CLIENT_ID,
      category: 'W2',
    });
  });

  it('accepts every document category', () => {
    for (const category of ['W2', '1099B-G', '5498-HSA', '1099R-IRA', 'OTHERDOCS', '1098-1098T'] as const) {
      expect(parseFolderPath(`${CLIENT_ID}/${category}/`), category).toEqual({
        clientId: CLIENT_ID,
        category,
      });
    }
  });

  it('refuses path traversal', () => {
    expect(parseFolderPath('../')).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/../`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/W2/../`)).toBeNull();
    expect(parseFolderPath(`../${CLIENT_ID}/W2/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/W2/../../other/W2/`)).toBeNull();
  });

  it('refuses absolute paths', () => {
    expect(parseFolderPath(`/${CLIENT_ID}/W2/`)).toBeNull();
    expect(parseFolderPath('/etc/passwd/')).toBeNull();
  });

  it('refuses unknown categories', () => {
    expect(parseFolderPath(`${CLIENT_ID}/W3/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/w2/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/1099/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}//`)).toBeNull();
  });

  it('refuses a path without its trailing slash', () => {
    expect(parseFolderPath(`${CLIENT_ID}/W2`)).toBeNull();
  });

  it('refuses a client id that is not a UUID', () => {
    expect(parseFolderPath('17/W2/')).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}0/W2/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID.toUpperCase()}/W2/`)).toBeNull();
    expect(parseFolderPath('')).toBeNull();
  });

  it('refuses extra segments', () => {
    expect(parseFolderPath(`${CLIENT_ID}/W2/file.pdf`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/W2/sub/`)).toBeNull();
    expect(parseFolderPath(`${CLIENT_ID}/W2/\n`)).toBeNull();
  });

  it('reads back what folderPathFor writes', () => {
    expect(folderPathFor(CLIENT_ID, '5498-HSA')).toBe(`${CLIENT_ID}/5498-HSA/`);
    expect(parseFolderPath(folderPathFor(CLIENT_ID, '1099R-IRA'))).toEqual({
      clientId: CLIENT_ID,
      category: '1099R-IRA',
    });
  });
});

describe('categoryForUptId', () => {
  it('maps each upt_id to its category', () => {
    expect(categoryForUptId(1)).toBe('W2');
    expect(categoryForUptId(2)).toBe('1099B-G');
    expect(categoryForUptId(3)).toBe('5498-HSA');
    expect(categoryForUptId(4)).toBe('1099R-IRA');
    expect(categoryForUptId(5)).toBe('OTHERDOCS');
    expect(categoryForUptId(6)).toBe('1098-1098T');
  });

  it('knows no other upt_id', () => {
    expect(categoryForUptId(0)).toBeUndefined();
    expect(categoryForUptId(7)).toBeUndefined();
  });
});

describe('document call bodies', () => {
  it('getuploaddocs requires folderPath', () => {
    expect(schemaErrors(getUploadDocsBodySchema, {})).toEqual({
      folderPath: 'folderPath is required',
    });
    expect(getUploadDocsBodySchema.parse({ folderPath: `${CLIENT_ID}/W2/` })).toEqual({
      folderPath: `${CLIENT_ID}/W2/`,
    });
  });

  it('uploaddocs reads upt_id from its multipart text field', () => {
    expect(
      uploadDocsFieldsSchema.parse({
        folderPath: `${CLIENT_ID}/W2/`,
        client_id: CLIENT_ID,
        upt_id: '1',
      }),
    ).toEqual({
      folderPath: `${CLIENT_ID}/W2/`,
      client_id: CLIENT_ID,
      upt_id: 1,
    });
    expect(
      uploadDocsFieldsSchema.safeParse({
        folderPath: `${CLIENT_ID}/W2/`,
        upt_id: 'one',
      }).success,
    ).toBe(false);
    expect(
      uploadDocsFieldsSchema.safeParse({
        folderPath: `${CLIENT_ID}/W2/`,
        upt_id: '1.5',
      }).success,
    ).toBe(false);
    expect(schemaErrors(uploadDocsFieldsSchema, { upt_id: '1' })).toEqual({
      folderPath: 'folderPath is required',
    });
  });

  it('deleteuploaddoc requires uid and filename', () => {
    expect(schemaErrors(deleteUploadDocBodySchema, {})).toEqual({
      uid: 'uid is required',
      filename: 'filename is required',
    });
  });
});

describe('getUploadDocsResponseSchema', () => {
  it('carries data.Contents with Key, Size and location', () => {
    const answer = {
      http_code: 200,
      status_smessage: 'Success',
      data: {
        Contents: [
          {
            Key: `${CLIENT_ID}/W2/abc__w2.pdf`,
            Size: 20480,
            location: 'https://files/abc',
          },
        ],
      },
    };
    expect(getUploadDocsResponseSchema.parse(answer)).toEqual(answer);
    expect(
      getUploadDocsResponseSchema.safeParse({
        ...answer,
        data: { Contents: [{ Key: 'k' }] },
      }).success,
    ).toBe(false);
  });
});

describe('listed keys', () => {
  const client = '0b9ac1f4-3c0e-4f43-9d39-5d2b0f1c9e11';
  const doc = '8d3c2a8e-1f0b-4c1e-9a57-3f8e1b2c4d5e';
  it('carry the folder, the document id and the original name after the marker', () => {
    const key = documentKey(`${client}/W2/`, doc, 'my w2__final.pdf');
    expect(key).toBe(`${client}/W2/${doc}__my w2__final.pdf`);
    expect(parseDocumentKey(key)).toEqual({
      clientId: client,
      category: 'W2',
      documentId: doc,
      name: 'my w2__final.pdf',
    });
  });
  it('are refused when the folder, the id or the marker is not right', () => {
    for (const key of [
      `${client}/W3/${doc}__a.pdf`,
      `../${client}/W2/${doc}__a.pdf`,
      `${client}/W2/not-an-id__a.pdf`,
      `${client}/W2/${doc}.pdf`,
      `${client}/W2/x/${doc}__a.pdf`,
    ]) {
      expect(parseDocumentKey(key), key).toBeNull();
    }
  });
});
