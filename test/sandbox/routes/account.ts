/** Account routes: GET /api/account, PUT /api/account/update. */
import { HttpError } from '../http';
import type { AccountRecord } from '../state';
import { isEmail, optionalString } from '../validate';
import { ok, route, withExtra, type Route } from './router';

/** The account as the API serves it (the password stays inside). */
export function accountJson(a: AccountRecord): Record<string, unknown> {
  const { id, email, username, avatar, status, expires, registered } = a;
  return withExtra({ id, email, username, avatar, status, expires, registered }, a.extra);
}

/** Account routes. `password`, when given, must be at least 5 characters; at least one field is required. */
export const accountRoutes: Route[] = [
  route('GET', '/api/account', ({ data }) => ({ body: { error: 0, data: accountJson(data.account) } })),
  route('PUT', '/api/account/update', ({ data, body }) => {
    const email = optionalString(body, 'email');
    const password = optionalString(body, 'password', 200);
    if (!email && !password) throw new HttpError(400, 'Nothing to update: send an email or a password.');
    if (email !== undefined && !isEmail(email)) throw new HttpError(400, 'email must be a valid email address.');
    if (password !== undefined && password.length < 5) throw new HttpError(400, 'password must be at least 5 characters.');
    if (email) data.account.email = email;
    if (password) data.account.password = password;
    return ok('Account has been successfully updated.');
  }),
];
