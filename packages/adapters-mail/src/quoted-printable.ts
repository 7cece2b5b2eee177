const MAX_LINE = 76;

/**
 * Quoted-printable (RFC 2045 §6.7) of UTF-8 text: printable ASCII stays as is, everything else
 * (and `=`) becomes `=XX`, trailing white space is encoded, lines end in CRLF and are soft-broken
 * with `=` before 76 characters.
 */
export function encodeQuotedPrintable(text: string): string {
  return text
    .replace(/\r\n|\r/g, '\n')
    .split('\n')
    .map(encodeLine)
    .join('\r\n');
}

function encodeLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  const tokens: string[] = [];
  bytes.forEach((byte, index) => {
    const last = index === bytes.length - 1;
    const literal =
      (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
    tokens.push(
      literal ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    );
  });
  const out: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (current.length + token.length > MAX_LINE - 1) {
      out.push(`${current}=`);
      current = '';
    }
    current += token;
  }
  out.push(current);
  return out.join('\r\n');
}
