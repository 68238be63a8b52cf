import { describe, expect, it } from 'vitest';
import { hashPassword, minPasswordLength, passwordProblem, verifyPassword } from './password-hash';

describe('owner password hashing', () => {
  it('stores a salted scrypt hash that accepts the password and nothing else', async () => {
    const password = 'pine bundles at dawn';
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toContain(password);
    // A new salt each time: two owners with one password do not share a hash.
    expect(first).not.toBe(second);
    expect(await verifyPassword(password, first)).toBe(true);
    expect(await verifyPassword(password, second)).toBe(true);
    expect(await verifyPassword('pine bundles at dusk', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
    expect(await verifyPassword(`${password} `, first)).toBe(false);
  });

  it('makes every guess pay the stored cost: 32 MiB of scrypt work, which a guesser cannot lower', async () => {
    const stored = await hashPassword('a long enough password');
    const [, n, r, p] = stored.split('$');
    // scrypt's memory per guess is 128 * N * r bytes; p runs it that many times over.
    expect(128 * Number(n) * Number(r)).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    // The cost is part of what is checked: the same hash with a cheaper N no longer verifies.
    const cheaper = stored.replace(`scrypt$${n}$`, `scrypt$${Number(n) / 16}$`);
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('a long enough password', cheaper)).toBe(false);
  });

  it('refuses a damaged or foreign hash instead of throwing', async () => {
    const stored = await hashPassword('a long enough password');
    expect(await verifyPassword('a long enough password', stored.slice(0, -4))).toBe(false);
    expect(await verifyPassword('a long enough password', stored.replace('scrypt', 'md5'))).toBe(false);
    expect(await verifyPassword('a long enough password', '')).toBe(false);
    expect(await verifyPassword('a long enough password', 'a long enough password')).toBe(false);
  });

  it('accepts the same password typed with another Unicode form', async () => {
    const stored = await hashPassword('café au lait twice');
    expect(await verifyPassword('cafe\u0301 au lait twice', stored)).toBe(true);
  });

  it(`refuses passwords shorter than ${minPasswordLength} characters`, () => {
    expect(passwordProblem('elevenchars')).toMatch(/at least 12 characters/);
    expect(passwordProblem('twelve chars')).toBeNull();
    expect(passwordProblem('🌲🌲🌲🌲🌲🌲🌲🌲🌲🌲🌲')).toMatch(/at least 12/);
    expect(passwordProblem(' twelve chars')).toMatch(/space/);
  });
});
