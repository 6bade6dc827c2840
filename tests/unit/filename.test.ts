// zipName (src/lib/filename.ts): the name a resource zip is saved under.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME, zipName } from '../../src/lib/filename';

const SAFE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*\.zip$/;

describe('zipName', () => {
  it('joins the title and each selected file type once, in order', () => {
    expect(zipName('Product brochures', ['PDF', 'XLSX'])).toBe('Product-brochures-PDF-XLSX.zip');
    expect(zipName('NS-400 pressure transmitter', ['PDF', 'PDF', 'XLSX'])).toBe('NS-400-pressure-transmitter-PDF-XLSX.zip');
    expect(zipName('Certificates', ['pdf', 'PDF'])).toBe('Certificates-PDF.zip');
    expect(zipName('Certificates')).toBe('Certificates.zip');
  });

  it('keeps ASCII only: accents dropped, anything else a single dash', () => {
    expect(zipName('Überblick: Sensoren & Zubehör', ['PDF'])).toBe('Uberblick-Sensoren-Zubehor-PDF.zip');
    expect(zipName('../../etc/passwd', [])).toBe('etc-passwd.zip');
    expect(zipName('<img src=x onerror=__hit()>', ['<b>'])).toBe('img-src-x-onerror-hit-B.zip');
    expect(zipName('a\u0000b\r\nc', [])).toBe('a-b-c.zip');
  });

  it('falls back to download.zip when nothing usable is left', () => {
    expect(zipName('', [])).toBe('download.zip');
    expect(zipName('   ', ['', '…'])).toBe('download.zip');
    expect(zipName('日本語', [])).toBe('download.zip');
    expect(zipName('', ['PDF'])).toBe('PDF.zip');
  });

  it('is at most 80 characters and never ends in a dash', () => {
    const name = zipName('x'.repeat(75) + ' y', ['PDF']);
    expect(name.length).toBeLessThanOrEqual(MAX_NAME);
    expect(name).toBe('x'.repeat(75) + '.zip');
    expect(zipName('a'.repeat(1000), ['PDF']).length).toBe(MAX_NAME);
  });

  it('avoids names Windows reserves', () => {
    expect(zipName('CON', [])).toBe('CON-files.zip');
    expect(zipName('nul', [])).toBe('nul-files.zip');
  });

  it('property: any title and types give a safe ASCII name of at most 80 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 30 }), (title, types) => {
        const name = zipName(title, types);
        expect(name.length).toBeLessThanOrEqual(MAX_NAME);
        expect(name).toMatch(SAFE);
        expect(zipName(title, types)).toBe(name);
      }),
      { numRuns: 10_000 },
    );
  });

  it('property: a short ASCII title and types all appear, types once each', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,4}$/), { maxLength: 4 }), (words, types) => {
        const name = zipName(words.join(' '), [...types, ...types]);
        expect(name).toBe([...words, ...types].join('-') + '.zip');
      }),
    );
  });

  it('property: arbitrary unicode never yields path separators or control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(fc.string({ unit: 'binary' })), (title, types) => {
        expect(zipName(title, types)).not.toMatch(/[\\/:*?"<>|\u0000-\u001f\u007f-\uffff]/);
      }),
    );
  });
});
