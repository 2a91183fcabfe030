// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, checkInput, ShortenInput, ChannelAddInput, PixelAddInput, QrAddInput, rgbColorInput } from '@/lib/api';

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    expect(err.kind).toBe('invalid-input');
    return { field: err.field, message: err.message };
  }
  throw new Error('expected a rejection');
};

describe('inputs are checked before any request, naming the field', () => {
  it('refuses URLs of other schemes, with spaces, or too long; accepts IDN hosts as punycode', () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://x.org/a',
      'file:///etc/passwd',
      'data:text/html,hi',
      'chrome://settings',
      'example.com',
    ]) {
      expect(fieldOf(() => checkInput(ShortenInput, { url })).field).toBe('url');
    }
    expect(fieldOf(() => checkInput(ShortenInput, { url: 'https://a.org/a b' })).message).toMatch(/spaces/);
    expect(fieldOf(() => checkInput(ShortenInput, { url: `https://a.org/${'x'.repeat(9000)}` })).message).toMatch(/8192/);
    expect(checkInput(ShortenInput, { url: 'https://bücher.example/ä' }).url).toBe('https://xn--bcher-kva.example/%C3%A4');
  });

  it('checks custom aliases', () => {
    expect(fieldOf(() => checkInput(ShortenInput, { url: 'https://a.org', custom_code: 'a b' })).field).toBe('custom_code');
    expect(fieldOf(() => checkInput(ShortenInput, { url: 'https://a.org', custom_code: 'ab' })).message).toMatch(/at least 3/);
    expect(checkInput(ShortenInput, { url: 'https://a.org', custom_code: 'spring-25' }).custom_code).toBe('spring-25');
  });

  it('checks colours in both forms', () => {
    expect(fieldOf(() => checkInput(ChannelAddInput, { name: 'x', color: 'red' })).field).toBe('color');
    expect(checkInput(ChannelAddInput, { name: 'x', color: '#A1B2C3' }).color).toBe('#A1B2C3');
    expect(rgbColorInput.safeParse('rgb(0, 128,255)').success).toBe(true);
    expect(rgbColorInput.safeParse('rgb(0,128,256)').success).toBe(false);
  });

  it('checks pixel types and tags', () => {
    expect(fieldOf(() => checkInput(PixelAddInput, { type: 'myspace', name: 'n', tag: 't' })).field).toBe('type');
    expect(fieldOf(() => checkInput(PixelAddInput, { type: 'fbpixel', name: 'n', tag: '<script>' })).field).toBe('tag');
  });

  it('checks the data of each QR type', () => {
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'link', data: 'not a url' })).field).toBe('data');
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'email', data: 'nobody' })).field).toBe('data');
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'wifi', data: { password: 'x' } })).field).toBe('data.ssid');
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'vcard', data: {} })).field).toBe('data.name');
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'fax', data: '1' })).field).toBe('type');
    expect(fieldOf(() => checkInput(QrAddInput, { type: 'text', data: 'hi', background: '#fff' })).field).toBe('background');
    expect(checkInput(QrAddInput, { type: 'sms', data: { phone: '+49 30 1234', message: 'hi' } })).toMatchObject({ type: 'sms' });
  });
});
