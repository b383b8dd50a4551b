import { isMetadataDocumentUrl } from './client-metadata.fetcher';

describe('isMetadataDocumentUrl', () => {
  it('tells URLs from registered client ids', () => {
    expect(isMetadataDocumentUrl('https://client.example/meta.json')).toBe(true);
    expect(isMetadataDocumentUrl('Ab3dEf9hIjKlMnOpQrStUvWxYz012345')).toBe(false);
  });
});
