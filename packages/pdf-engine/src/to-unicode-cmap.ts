const hex4 = (value: number) => value.toString(16).padStart(4, '0');

const utf16Hex = (text: string) => {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += hex4(text.charCodeAt(i));
  return hex;
};

/**
 * A ToUnicode CMap: each CID to the characters its glyph stands for, so text copied or extracted
 * from the PDF reads as what was printed (CIDs count from 1, in the subset's glyph order).
 */
export const toUnicodeCMap = (texts: readonly string[]) => {
  const entries = texts
    .map((text, i): [number, string] => [i + 1, text])
    .filter(([, text]) => text !== '');
  let body = '';
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n`;
    for (const [cid, text] of chunk) body += `<${hex4(cid)}> <${utf16Hex(text)}>\n`;
    body += 'endbfchar\n';
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    `${body}endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend`
  );
};
