// The company logo is an untrusted image: decoded and re-encoded at upload within the limits of
// docs/limits.md, refused with a 400 naming company.logoUri when it cannot be, and served as the
// re-encoded bytes with a CSP and nosniff. Before, a corrupt or 70000×70000-declared PNG was
// stored as sent and crashed the process at the next PDF download.
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { corruptIdatPng, declaredHugePng, HTML, htmlPolyglotPng, png } from '../../helpers/png.js';

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

describeEachDb('settings logo: untrusted image', (ctx) => {
  let account: TestAccount;
  const put = (payload: object) => ctx.inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload });
  const settings = async () => (await ctx.inject({ method: 'GET', url: '/v1/settings', headers: account.headers })).json();

  beforeAll(async () => {
    account = await ctx.newAccount('Logo SAS');
  });

  const refusals: [string, () => Buffer, RegExp][] = [
    ['a PNG whose IDAT does not inflate', corruptIdatPng, /^the image cannot be decoded \(.+\); send a valid PNG or JPEG file$/],
    [
      'a PNG declaring 70000×70000 pixels',
      () => declaredHugePng(),
      /^the image is 70000×70000 pixels; at most 4096 pixels a side are accepted$/,
    ],
    ['a PNG one pixel wider than the limit', () => declaredHugePng(4097, 1), /^the image is 4097×1 pixels; at most 4096 pixels a side/],
    [
      'a PNG of more than 16 megapixels within 4096 a side',
      () => declaredHugePng(4096, 3907),
      /^the image is 4096×3907 = 16003072 pixels; at most 16000000 \(16 megapixels\) are accepted$/,
    ],
    ['a truncated PNG', () => png(16, 8).subarray(0, 50), /^the image cannot be decoded/],
  ];
  for (const [name, build, message] of refusals) {
    it(`refuses ${name} with 400 naming company.logoUri, and changes nothing`, async () => {
      const before = await settings();
      const res = await put({ company: { logoUri: dataUrl(build()), legalStatus: 'SARL' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors['company.logoUri']).toHaveLength(1);
      expect(res.json().errors['company.logoUri'][0]).toMatch(message);
      expect(await settings()).toEqual(before);
    });
  }

  it('stores the re-encoded PNG of an HTML polyglot: other bytes, no markup, alpha kept, served with CSP and nosniff', async () => {
    const input = htmlPolyglotPng();
    expect(input.toString('latin1')).toContain('<script>');
    const res = await put({ company: { logoUri: dataUrl(input) } });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await ctx.inject({ method: 'GET', url: res.json().company.logoUri });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    const stored = logo.rawPayload;
    expect(stored.equals(input)).toBe(false);
    expect(stored.toString('latin1')).not.toContain('<');
    expect(stored.toString('latin1')).not.toContain(HTML.slice(0, 12));
    expect(stored.toString('latin1')).not.toContain('tEXt');
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, channels: meta.channels, hasAlpha: meta.hasAlpha }).toEqual({
      format: 'png',
      width: 8,
      height: 8,
      channels: 4,
      hasAlpha: true,
    });
    // The pixels are the ones sent: the colour and the half-transparent alpha of png().
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([0x1d, 0x4e, 0x89, 0x80]);
  });

  it('stores a JPEG as a JPEG without its EXIF, turned as its orientation said', async () => {
    const input = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(input.toString('latin1')).toContain('Secret Camera Owner');
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const res = await put({ company: { logoUri: dataUrl(input, 'image/jpeg') } });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await ctx.inject({ method: 'GET', url: res.json().company.logoUri });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(logo.rawPayload.toString('latin1')).not.toContain('Secret Camera Owner');
    const meta = await sharp(logo.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'jpeg',
      width: 20,
      height: 40,
      exif: undefined,
    });
  });

  it('accepts an image exactly 4096 pixels wide', async () => {
    const res = await put({ company: { logoUri: dataUrl(png(4096, 1)) } });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await ctx.inject({ method: 'GET', url: res.json().company.logoUri });
    expect((await sharp(logo.rawPayload).metadata()).width).toBe(4096);
  });
});
