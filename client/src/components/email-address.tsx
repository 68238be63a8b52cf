import { Fragment } from 'react';

/**
 * An e-mail address that wraps only after the "@" or before a dot of the domain, never inside a
 * word ("quotes@" / "rimcountrycarpentry" / ".com"). Only a single part wider than its box
 * still breaks, rather than running out of it.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const [first = '', ...rest] = email.slice(at + 1).split('.');
  return (
    <span className="[overflow-wrap:break-word] [word-break:normal]">
      {email.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, i) => (
        <Fragment key={i}>
          <wbr />.{part}
        </Fragment>
      ))}
    </span>
  );
}
