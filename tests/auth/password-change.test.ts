import { afterAll, beforeAll, expect, test } from 'vitest';
import { validSignUp } from '../helpers/server';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { M } from '../../shared/messages';

// On the procedures with no HTTP server (tests/helpers/caller.ts; its client keeps the cookies the
// procedures set). Cookie attributes and the HTTP path are tested in signin-sessions and security/http.
let world: CallerWorld;
beforeAll(async () => {
  world = await callerWorld();
});
afterAll(async () => {
  await world.close();
});

test('a password change ends every other session, renews this one, and the old password stops working (docs/security.md property 11)', async () => {
  const signup = validSignUp('sifre@example.com');
  const laptop = world.client();
  await laptop.mutate('auth.signUp', signup);
  const phone = world.client();
  await phone.mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect((await phone.query('auth.me')).data.user?.email).toBe(signup.email);
  const laptopCookieBefore = laptop.cookies.get('vitrin_session');

  const wrong = await laptop.mutate('auth.changePassword', {
    currentPassword: 'yanlis-sifre',
    newPassword: 'yeni-sifre-1',
    confirmPassword: 'yeni-sifre-1',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.error.message).toBe(M.profile.wrongCurrentPassword);
  expect((await phone.query('auth.me')).data.user).not.toBeNull();

  const mismatch = await laptop.mutate('auth.changePassword', {
    currentPassword: signup.password,
    newPassword: 'yeni-sifre-1',
    confirmPassword: 'baska',
  });
  expect(mismatch.error.message).toBe('Şifreler eşleşmiyor');

  const ok = await laptop.mutate('auth.changePassword', {
    currentPassword: signup.password,
    newPassword: 'yeni-sifre-1',
    confirmPassword: 'yeni-sifre-1',
  });
  expect(ok.status).toBe(200);
  expect(laptop.cookies.get('vitrin_session')).not.toBe(laptopCookieBefore);
  expect((await laptop.query('auth.me')).data.user?.email).toBe(signup.email);
  expect((await phone.query('auth.me')).data.user).toBeNull();

  const old = await world.client().mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect(old.error.message).toBe('E-posta veya şifre hatalı');
  const fresh = await world.client().mutate('auth.signIn', { email: signup.email, password: 'yeni-sifre-1' });
  expect(fresh.status).toBe(200);
});
