import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client.js';
import { BASE_URLS, normalizeBaseUrl } from '../src/core.js';

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://api.hiro.so', 'https://api.hiro.so'],
    ['https://api.hiro.so/', 'https://api.hiro.so'],
    ['http://127.0.0.1:3999', 'http://127.0.0.1:3999'],
    ['https://proxy.example/hiro/', 'https://proxy.example/hiro'],
    ['HTTPS://API.HIRO.SO', 'https://api.hiro.so'],
  ])('accepts %s', (input, want) => {
    expect(normalizeBaseUrl(input)).toBe(want);
  });

  it.each([
    ['', /empty value/],
    ['   ', /empty value/],
    ['/extended', /absolute http\(s\) URL.*"\/extended"/],
    ['api.hiro.so', /absolute http\(s\) URL/],
    ['localhost:3999', /http or https/],
    ['ftp://api.hiro.so', /http or https/],
    ['https://api.hiro.so?x=1', /query string/],
    ['https://user:pw@api.hiro.so', /credentials/],
  ])('rejects %j', (input, message) => {
    expect(() => normalizeBaseUrl(input)).toThrow(message);
  });

  it('never echoes credentials back', () => {
    expect(() => normalizeBaseUrl('https://user:hunter2@api.hiro.so')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('BASE_URLS', () => {
  it('lists mainnet, testnet and the local mock, all valid', () => {
    expect(BASE_URLS).toEqual({
      mainnet: 'https://api.hiro.so',
      testnet: 'https://api.testnet.hiro.so',
      mock: 'http://127.0.0.1:3999',
    });
    for (const url of Object.values(BASE_URLS)) expect(normalizeBaseUrl(url)).toBe(url);
  });

  it('makes createClient default to mainnet and reject a relative base URL up front', () => {
    expect(createClient().baseUrl).toBe(BASE_URLS.mainnet);
    expect(() => createClient({ baseUrl: '/api' })).toThrow(TypeError);
  });
});
