import { describe, expect, it } from 'vitest';
import { explainMswRequireFailure } from '../../../src/hosts/msw/require-failure';

const esmOnly = Object.assign(
  new Error('Must use import to load ES Module: /app/node_modules/rettime/build/index.mjs'),
  { code: 'ERR_REQUIRE_ESM' },
);
const notInstalled = Object.assign(new Error("Cannot find module 'msw/node'\nRequire stack:\n- /app/x.cjs"), {
  code: 'MODULE_NOT_FOUND',
});
// A module msw itself needs is missing: not "msw is not installed".
const depMissing = Object.assign(new Error("Cannot find module 'rettime'"), { code: 'MODULE_NOT_FOUND' });

describe('explainMswRequireFailure', () => {
  it('says why msw cannot load in CommonJS, what works, and keeps the cause', () => {
    const error = explainMswRequireFailure('msw/node', esmOnly);

    expect(error.name).toBe('MswRequireError');
    expect(error.message).toMatch(
      /^@blockindex\/mock: require\("msw\/node"\) failed in this CommonJS loader/,
    );
    expect(error.message).toContain('--experimental-vm-modules');
    expect(error.message).toContain("createFetchHandler({ seed: 1 }) from '@blockindex/mock'");
    expect(error.message).toContain("'node' and 'jest-fixed-jsdom' environments");
    expect(error.message).toContain('Cause: Must use import to load ES Module');
    expect(error.cause).toBe(esmOnly);
  });

  it('says msw is not installed when msw itself is missing', () => {
    const error = explainMswRequireFailure('msw/node', notInstalled);

    expect(error.message).toMatch(/"msw\/node" is not installed[\s\S]*npm install --save-dev msw/);
    expect(error.message).toContain('createFetchHandler');
    expect(error.message).not.toContain('Require stack');
  });

  it('does not blame a missing msw for a module msw needs', () => {
    expect(explainMswRequireFailure('msw', depMissing).message).toContain('failed in this CommonJS loader');
  });

  it('explains a thrown non-error too', () => {
    expect(explainMswRequireFailure('msw', 'boom').message).toContain('Cause: boom');
  });
});
