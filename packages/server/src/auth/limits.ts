/**
 * Every limit in front of the account endpoints, with its numbers and what it is counted by. They
 * are kept in the database (rate-limit.ts), so all instances share them. docs/security.md states
 * the same policy for operators.
 *
 * Sign-in. A lockout keyed by account alone lets anyone keep a known username locked with a few
 * wrong guesses. So failures are counted per (account, address) and block only that pair: an
 * attacker's address runs out of guesses, the owner's does not. Failures from all addresses are
 * counted too, against a much higher limit that only distributed guessing can reach; past it the
 * account accepts sign-in attempts only from addresses that signed in to it successfully in the
 * last 30 days, so the owner still gets in from home while new addresses wait for the window.
 *
 * Password-reset mails follow the same shape. Counted by e-mail address alone, anyone could ask
 * for an address's few mails an hour and keep its owner from resetting. So they are counted per
 * (e-mail address, client address), and against a higher limit for the e-mail address from all
 * client addresses, which also bounds how many mails one inbox can be sent; past that one, only
 * the account's known addresses still get a mail.
 */
import type { LimitRule } from './rate-limit';

export type AuthLimits = {
  /** Every sign-in attempt from one address, whatever the account. */
  signInPerIp: LimitRule;
  /** Failed sign-ins for one account from one address; then that pair is refused. */
  failuresPerAccountAndIp: LimitRule;
  /** Failed sign-ins for one account from all addresses; then only known addresses may try. */
  failuresPerAccount: LimitRule;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressMs: number;
  /** Accounts created from one address. */
  signUpsPerIp: LimitRule;
  /** Username-availability checks from one address (each answer says whether a name exists). */
  usernameChecksPerIp: LimitRule;
  /** Wrong current passwords given to change-password or verify-password, per account. */
  passwordChangeFailuresPerAccount: LimitRule;
  /** Reset requests from one address, whatever the e-mail address. */
  resetRequestsPerIp: LimitRule;
  /** Reset mails to one e-mail address asked for from one client address; then that pair waits. */
  resetMailsPerAddressAndIp: LimitRule;
  /**
   * Reset mails to one e-mail address from all client addresses; then only addresses known to the
   * account may ask.
   */
  resetMailsPerAddress: LimitRule;
};

/**
 * The counter of username checks from one address: the availability check's and the profile's
 * (a rename refused as taken says as much), so neither way is a way around the other's limit.
 */
export function usernameCheckKey(ip: string): string {
  return `username-check:ip:${ip}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const AUTH_LIMITS: AuthLimits = {
  signInPerIp: { windowMs: 10 * SECOND, max: 3 },
  failuresPerAccountAndIp: { windowMs: 15 * MINUTE, max: 5 },
  failuresPerAccount: { windowMs: 15 * MINUTE, max: 50 },
  knownAddressMs: 30 * DAY,
  signUpsPerIp: { windowMs: HOUR, max: 10 },
  usernameChecksPerIp: { windowMs: 10 * MINUTE, max: 30 },
  passwordChangeFailuresPerAccount: { windowMs: 15 * MINUTE, max: 5 },
  resetRequestsPerIp: { windowMs: MINUTE, max: 10 },
  resetMailsPerAddressAndIp: { windowMs: HOUR, max: 3 },
  resetMailsPerAddress: { windowMs: HOUR, max: 10 },
};

/**
 * How long a rate-limit counter can still change an answer: the longest window of any rule, or the
 * known-address memory, and never under a day (the import limit shares the table).
 */
export function counterRetentionMs(limits: AuthLimits): number {
  const windows = Object.values(limits).map((value) =>
    typeof value === 'number' ? value : value.windowMs,
  );
  return Math.max(DAY, ...windows);
}
