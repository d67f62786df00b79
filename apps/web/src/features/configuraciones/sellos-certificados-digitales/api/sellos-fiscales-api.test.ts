// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterpriseSellosFiscalesApi, newClientSellosFiscalesApi } from './sellos-fiscales-api.ts';

interface Sent {
  url: string;
  method: string;
  contentType: string | undefined;
  body: FormData | null;
}

/** The server's side of the upload: records what arrived and answers like the API. */
function recordUploads(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: URL | string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      url: new URL(String(input)).pathname,
      method: init.method ?? 'GET',
      contentType: headers['Content-Type'],
      body: init.body instanceof FormData ? init.body : null,
    });
    return Promise.resolve(
      new Response(JSON.stringify({ success: true, data: { sellos_fiscales_registered: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('seals upload', () => {
  it('sends .cer, .key and password as multipart to the enterprise path', async () => {
    const sent = recordUploads();
    const cer = new File(['cer'], 'certificado.cer');
    const key = new File(['key'], 'llave.key');
    await enterpriseSellosFiscalesApi(7).save({ cer, key, password: 'Clave1' });

    expect(sent).toHaveLength(1);
    const [upload] = sent;
    expect(upload?.url).toBe('/api/sellos-fiscales/7');
    expect(upload?.method).toBe('POST');
    // The browser writes the multipart boundary itself: no JSON content type is forced.
    expect(upload?.contentType).toBeUndefined();
    expect((upload?.body?.get('cer_file') as File).name).toBe('certificado.cer');
    expect((upload?.body?.get('key_file') as File).name).toBe('llave.key');
    expect(upload?.body?.get('password')).toBe('Clave1');
  });

  it('reads a certificate through the new-client token path in the wizard', async () => {
    const sent = recordUploads();
    await newClientSellosFiscalesApi('tok/en').getCerFileInfo(new File(['cer'], 'a.cer'));
    expect(sent[0]?.url).toBe('/api/new-client/sellos-fiscales/tok%2Fen/get-cer-file-info');
    expect([...(sent[0]?.body?.keys() ?? [])]).toEqual(['cer_file']);
  });
});
