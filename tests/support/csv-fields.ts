/** The fields of one CSV line (RFC 4180: quoted fields, doubled quotes). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error(`an unterminated quoted field in: ${line}`);
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          at = q + 2;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(',', at);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(at, end));
      at = end + 1;
    }
  }
  return fields;
}
