/**
 * SIP user parts as the platform's LCR step reads them (docs/routing-model.md "Escaped characters
 * in user parts"). A user part may carry `%XX` escapes (`%23` for `#`). The platform's kamailio.cfg
 * (dSIPRouter v0.79, `kamailio/configs/kamailio.cfg`, route LCR) builds its lookup from
 * `$(fU{s.unescape.user})` and `$(tU{s.unescape.user})`, while drouting's `do_routing` reads the
 * request user as it came. So one call can hold `#` for LCR and `%23` for drouting. Pure.
 */

/** The value of one hex digit, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * A user part unescaped as Kamailio's `s.unescape.user` does (`un_escape` in its core): each
 * `%XX` becomes the character XX, which must be printable ASCII (32 to 126). `null` when the
 * transformation fails: a `%` with fewer than two characters after it, one of those two not a hex
 * digit, or an escaped character outside that range. What the proxy then does is
 * {@link lcrUsers}'s concern.
 */
export function unescapeUser(user: string): string | null {
  if (!user.includes('%')) return user;
  let out = '';
  for (let i = 0; i < user.length; i++) {
    const c = user.charCodeAt(i);
    if (c !== 37) {
      out += user[i];
      continue;
    }
    if (i + 2 >= user.length) return null;
    const hi = hexValue(user.charCodeAt(i + 1));
    const lo = hexValue(user.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) return null;
    const value = hi * 16 + lo;
    if (value < 32 || value > 126) return null;
    out += String.fromCharCode(value);
    i += 2;
  }
  return out;
}

/**
 * The From- and To-users the LCR step builds its lookup `From-To` from: each unescaped. A user
 * whose unescaping fails is read as empty, as the real proxy showed (test/proxy/percent-escape.test.ts).
 * The request user drouting routes on is never unescaped (match.ts). Says so in `steps` when a
 * user changed.
 */
export function lcrUsers(call: { readonly from: string; readonly to: string }, steps: string[] | null): { from: string; to: string } {
  const from = unescapeUser(call.from);
  const to = unescapeUser(call.to);
  if (steps)
    for (const [name, raw, read] of [
      ['From', call.from, from],
      ['To', call.to, to],
    ] as const) {
      if (read === raw) continue;
      steps.push(
        read === null
          ? `LCR: the ${name}-user "${raw}" holds a % escape the platform cannot unescape (s.unescape.user fails); it is read as empty`
          : `LCR: the platform unescapes the ${name}-user "${raw}" to "${read}" for the lookup (drouting still sees the request user as it came)`,
      );
    }
  return { from: from ?? '', to: to ?? '' };
}
