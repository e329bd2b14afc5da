import { c32addressDecode } from 'c32check';
import { describe, expect, it } from 'vitest';
import { cv } from '../../src/world/clarity';

describe('clarity values', () => {
  it.each([
    ['uint', cv.uint(100), '0x0100000000000000000000000000000064', 'u100'],
    ['int -1', cv.int(-1), `0x00${'f'.repeat(32)}`, '-1'],
    ['true', cv.bool(true), '0x03', 'true'],
    ['(ok true)', cv.ok(cv.bool(true)), '0x0703', '(ok true)'],
    ['(err none)', cv.err(cv.none()), '0x0809', '(err none)'],
    ['buffer', cv.buffer('6869'), '0x02000000026869', '0x6869'],
    ['ascii', cv.ascii('hi'), '0x0d000000026869', '"hi"'],
    ['some', cv.some(cv.uint(1)), '0x0a0100000000000000000000000000000001', '(some u1)'],
    [
      'tuple (sorted)',
      cv.tuple({ b: cv.bool(false), a: cv.bool(true) }),
      '0x0c00000002016103016204',
      '(tuple (a true) (b false))',
    ],
    ['list', cv.list([cv.bool(true)]), '0x0b0000000103', '(list true)'],
  ])('serializes %s', (_name, value, hex, repr) => {
    expect(value).toEqual({ hex, repr });
  });

  it('encodes standard and contract principals from their hash160', () => {
    const address = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
    const [version, hash160] = c32addressDecode(address);
    expect(cv.principal(address)).toEqual({
      hex: `0x05${version.toString(16)}${hash160}`,
      repr: `'${address}`,
    });
    const contract = cv.principal(`${address}.send-many-memo`);
    expect(contract.hex).toBe(
      `0x06${version.toString(16)}${hash160}0e${Buffer.from('send-many-memo').toString('hex')}`,
    );
  });
});
