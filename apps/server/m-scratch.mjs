import sharp from 'sharp';
sharp.concurrency(1);
const W=Number(process.argv[4]??2000);
const head = (w)=>`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 100 100">`;
const cases = {
  rects: (n)=> head(W)+ '<rect width="100" height="100" fill="#c00" fill-opacity="0.5"/>'.repeat(n)+'</svg>',
  opac: (n)=> head(W)+ '<g opacity="0.5"><rect width="100" height="100" fill="#c00"/></g>'.repeat(n)+'</svg>',
  mask: (n)=> head(W)+ '<mask id="m"><rect width="50" height="100" fill="#fff"/></mask>'+'<rect mask="url(#m)" width="100" height="100" fill="#c00"/>'.repeat(n)+'</svg>',
  clip: (n)=> head(W)+ '<clipPath id="m"><circle r="50" cx="50" cy="50"/></clipPath>'+'<rect clip-path="url(#m)" width="100" height="100" fill="#c00"/>'.repeat(n)+'</svg>',
  text: (n)=> head(W)+ `<text font-size="5" y="50">${'Hello world '.repeat(n/12)}</text></svg>`,
  paths: (n)=> head(W)+ Array.from({length:n},(_,i)=>`<path d="M${i%100} 0 L100 ${i%100} L0 100 Z" stroke="#000" stroke-width="3" fill="#c00"/>`).join('')+'</svg>',
};
const [name, n] = [process.argv[2], Number(process.argv[3])];
const svg = Buffer.from(cases[name](n));
const t=Date.now();
await sharp(svg, {limitInputPixels: 40e6}).png().toBuffer();
console.log(name, n, svg.length, 'bytes', Date.now()-t, 'ms');
