/**
 * Draws the placeholder artwork of the site as flat SVG illustrations and writes them as source
 * files into images/ (services, gallery before/after pairs, owner portrait, hero, payment QR
 * placeholders and the logo mark). The output is deterministic (seeded randomness), so running it
 * again only changes files when this script changes.
 *
 * Run: npx tsx scripts/draw-placeholders.ts
 *
 * To replace a placeholder with a real photo, drop e.g. images/services/framing.jpg next to
 * framing.svg: the image build (scripts/images.ts) prefers the raster photo.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceSlugs, type ServiceSlug } from '../shared/content/slugs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const imagesDir = path.join(root, 'images');

// ---------------------------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------------------------

const C = {
  pineDark: '#1f3d2b',
  pine: '#2f5d3a',
  pineMid: '#3f6f48',
  pineLight: '#6b9068',
  wood: '#8b5a2b',
  woodLight: '#b07a45',
  woodPale: '#d8a96d',
  woodBlond: '#e4bf86',
  woodDark: '#5f3b1b',
  woodDeep: '#432812',
  cream: '#f6efe3',
  creamShade: '#e8dcc6',
  creamDeep: '#d6c4a6',
  rim: '#b5543c',
  rimDark: '#8f3f2d',
  rimLight: '#d3774f',
  white: '#fbf8f2',
  steel: '#7d8a94',
  steelLight: '#c3ccd2',
  steelDark: '#4c5861',
  bronze: '#3b302b',
  ink: '#1b2420',
  glass: '#bcd8de',
  gold: '#f4c36b',
  flame: '#f09a3e',
} as const;

// ---------------------------------------------------------------------------------------------
// Small SVG toolkit
// ---------------------------------------------------------------------------------------------

type Rnd = () => number;

/** mulberry32 seeded from a string (FNV-1a). */
function rng(seed: string): Rnd {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (r: Rnd, a: number, b: number) => a + (b - a) * r();
const pick = <T>(r: Rnd, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

const f = (v: number) => String(Math.round(v * 10) / 10);
const f2 = (v: number) => String(Math.round(v * 100) / 100);
const pts = (p: readonly number[]) => {
  const out: string[] = [];
  for (let i = 0; i < p.length; i += 2) out.push(`${f(p[i]!)},${f(p[i + 1]!)}`);
  return out.join(' ');
};
const attr = (extra: string) => (extra ? ` ${extra}` : '');

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${attr(extra)}/>`;
const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${fill}"${attr(extra)}/>`;
const poly = (p: readonly number[], fill: string, extra = '') =>
  `<polygon points="${pts(p)}" fill="${fill}"${attr(extra)}/>`;
const pathD = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${attr(extra)}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${attr(extra)}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attr(extra)}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number, extra = '') =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(w)}"${attr(extra)}/>`;
const polyline = (p: readonly number[], stroke: string, w: number, extra = '') =>
  `<polyline points="${pts(p)}" fill="none" stroke="${stroke}" stroke-width="${f(w)}"${extra.includes('stroke-linejoin') ? '' : ' stroke-linejoin="round"'}${extra.includes('stroke-linecap') ? '' : ' stroke-linecap="round"'}${attr(extra)}/>`;
const g = (content: string | string[], extra = '') =>
  `<g${attr(extra)}>${Array.isArray(content) ? content.join('') : content}</g>`;

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** The "before" look: washed out, greyed, a little yellowed. Applied to every colour of a drawing. */
function dated(hex: string): string {
  const [r, gg, b] = hexToRgb(hex);
  const l = 0.3 * r + 0.59 * gg + 0.11 * b;
  const s = 0.3;
  const dr = l + (r - l) * s;
  const dg = l + (gg - l) * s;
  const db = l + (b - l) * s;
  return mix(rgbToHex(dr * 0.9 + 8, dg * 0.9 + 8, db * 0.86 + 4), '#a39a84', 0.14);
}

class Doc {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}
  id(prefix: string) {
    return `${prefix}${++this.n}`;
  }
  def(s: string) {
    this.defs.push(s);
  }
  add(...parts: string[]) {
    this.body.push(...parts);
  }
  /** Position in the body, for wrapFrom(). */
  mark(): number {
    return this.body.length;
  }
  /** Wraps everything added since mark in a group (e.g. to scale a finished object). */
  wrapFrom(mark: number, extra: string) {
    const parts = this.body.splice(mark);
    this.body.push(g(parts, extra));
  }
  /** Linear gradient; returns the fill value. Coordinates are in objectBoundingBox units. */
  lin(stops: Array<[number, string, number?]>, x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    const s = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`);
    return `url(#${id})`;
  }
  rad(stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('r');
    const s = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`);
    return `url(#${id})`;
  }
  /** Clip path from a shape; returns the attribute to put on a group. */
  clip(shape: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `clip-path="url(#${id})"`;
  }
  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">` +
      (this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '') +
      this.body.join('') +
      '</svg>\n'
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Landscape building blocks (shared by every picture: this is what makes them one set)
// ---------------------------------------------------------------------------------------------

/** Outline of a pine 100 units tall standing on (0, 0): trunk plus a tiered crown. */
function pineOutline(r: Rnd): string {
  const h = 100;
  const top = -h;
  const crownBottom = -h * 0.14;
  const tiers = 6;
  const maxW = h * between(r, 0.19, 0.23);
  const tierH = (crownBottom - top) / tiers;
  const left: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < tiers; i++) {
    const y = top + tierH * (i + 1);
    const wOut = maxW * (0.32 + (0.68 * (i + 1)) / tiers);
    const wl = wOut * between(r, 0.82, 1.14);
    const wr = wOut * between(r, 0.82, 1.14);
    left.push(-wl, y + between(r, -1, 1));
    right.push(wr, y + between(r, -1, 1));
    if (i < tiers - 1) {
      left.push(-wl * 0.5, y + tierH * 0.05);
      right.push(wr * 0.5, y + tierH * 0.05);
    }
  }
  const p: number[] = [0, top, ...left];
  for (let i = right.length - 2; i >= 0; i -= 2) p.push(right[i]!, right[i + 1]!);
  const tw = 4.5;
  return `<path d="M${pts(p).replace(/ /g, 'L')}ZM${-tw / 2} ${f(crownBottom - 3)}h${tw}V0h${-tw}Z"/>`;
}

/** Registers a few pine shapes as reusable symbols (filled by the <use> element). */
function definePines(d: Doc, seed: string): string[] {
  const r = rng(`${seed}:pines`);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const id = d.id('pine');
    d.def(`<g id="${id}">${pineOutline(r)}</g>`);
    ids.push(id);
  }
  return ids;
}

let currentPines: string[] = [];

function newDoc(w: number, h: number, seed: string): Doc {
  const d = new Doc(w, h);
  currentPines = definePines(d, seed);
  return d;
}

/** A pine silhouette standing on (x, base), h tall. */
function pine(x: number, base: number, h: number, fill: string, r: Rnd): string {
  const id = pick(r, currentPines);
  const s = h / 100;
  const flip = r() < 0.5 ? -1 : 1;
  const sx = s * flip * between(r, 0.9, 1.1);
  return `<use href="#${id}" fill="${fill}" transform="translate(${f(x)} ${f(base)}) scale(${f2(sx)} ${f2(s)})"/>`;
}

function pineRow(
  x0: number,
  x1: number,
  base: number,
  hMin: number,
  hMax: number,
  gap: number,
  fill: string,
  r: Rnd,
  baseJitter = 0,
): string {
  const out: string[] = [];
  for (let x = x0 + between(r, 0, gap); x < x1; x += gap * between(r, 0.6, 1.3)) {
    out.push(pine(x, base + between(r, -baseJitter, baseJitter), between(r, hMin, hMax), fill, r));
  }
  return out.join('');
}

/** The Mogollon Rim: a long red-rock escarpment with strata and a pine fringe on top. */
function rimBand(
  x0: number,
  x1: number,
  top: number,
  bottom: number,
  r: Rnd,
  colors: { face: string; cap: string; strata: string; shade: string; fringe: string },
): string {
  const out: string[] = [];
  const topEdge: number[] = [];
  let y = top;
  for (let x = x0; x <= x1 + 60; x += between(r, 40, 90)) {
    if (r() < 0.25) y = top + between(r, -8, 8);
    topEdge.push(x, y);
  }
  const bottomEdge: number[] = [];
  for (let x = x1 + 60; x >= x0; x -= between(r, 30, 70)) bottomEdge.push(x, bottom + between(r, -6, 10));
  out.push(poly([...topEdge, ...bottomEdge], colors.face));
  // strata
  const h = bottom - top;
  for (const [frac, thick] of [
    [0.38, 0.12],
    [0.66, 0.1],
  ] as const) {
    const a: number[] = [];
    const b: number[] = [];
    for (let x = x0; x <= x1 + 60; x += 50) {
      const yy = top + h * frac + between(r, -3, 3);
      a.push(x, yy);
      b.unshift(x, yy + h * thick + between(r, -2, 2));
    }
    out.push(poly([...a, ...b], colors.strata));
  }
  // cap
  const cap: number[] = [];
  for (let i = 0; i < topEdge.length; i += 2) cap.push(topEdge[i]!, topEdge[i + 1]!);
  for (let i = topEdge.length - 2; i >= 0; i -= 2) cap.push(topEdge[i]!, topEdge[i + 1]! + h * 0.1);
  out.push(poly(cap, colors.cap));
  // erosion shading
  for (let x = x0 + between(r, 20, 80); x < x1; x += between(r, 60, 150)) {
    const w = between(r, 10, 26);
    out.push(
      poly(
        [x, top + h * 0.12, x + w, top + h * 0.12, x + w * 0.6, bottom, x - w * 0.3, bottom],
        colors.shade,
        'opacity="0.55"',
      ),
    );
  }
  // tiny pines on the top edge
  const fringe: number[] = [];
  for (let i = 0; i < topEdge.length - 2; i += 2) {
    const xa = topEdge[i]!;
    const xb = topEdge[i + 2]!;
    const ya = topEdge[i + 1]!;
    for (let x = xa; x < xb; x += between(r, 7, 20)) {
      const th = between(r, 6, 13) * (h / 100);
      fringe.push(x - th * 0.3, ya + 1, x, ya - th, x + th * 0.3, ya + 1);
    }
  }
  // one path for all fringe triangles keeps the file small
  let d = '';
  for (let i = 0; i < fringe.length; i += 6) {
    const w = Math.round(fringe[i + 4]! - fringe[i]!);
    const hh = Math.round(fringe[i + 1]! - fringe[i + 3]!);
    d += `M${Math.round(fringe[i]!)} ${Math.round(fringe[i + 1]!)}l${Math.round(w / 2)} -${hh}l${w - Math.round(w / 2)} ${hh}z`;
  }
  out.push(pathD(d, colors.fringe));
  return out.join('');
}

function wavyTop(x0: number, x1: number, y: number, amp: number, bottom: number, r: Rnd, step = 80): number[] {
  const p: number[] = [];
  for (let x = x0; x <= x1 + step; x += step)
    p.push(x, y + Math.sin(x / 170 + r() * 0.6) * amp + between(r, -amp, amp) * 0.4);
  p.push(x1 + step, bottom, x0, bottom);
  return p;
}

/**
 * The shared Rim Country scene (1200x900): dusk sky, low sun, the red-rock rim and a forested
 * band. Defined once per drawing and placed with <use> (full canvas) or inside windows.
 */
function defineLandscape(d: Doc, seed: string): string {
  const r = rng(`${seed}:land`);
  const id = d.id('land');
  const sky = d.lin([
    [0, '#25355a'],
    [0.2, '#46578a'],
    [0.33, '#9b7d9f'],
    [0.41, '#e79d78'],
    [0.5, '#f7cf91'],
  ]);
  const parts: string[] = [rect(0, 0, 1200, 900, sky)];
  parts.push(circle(905, 338, 92, '#fde3ad', 'opacity="0.28"'), circle(905, 338, 44, '#fde9bb'));
  parts.push(
    rrect(110, 150, 270, 16, 8, '#f0b58f', 'opacity="0.5"'),
    rrect(190, 170, 170, 12, 6, '#f0b58f', 'opacity="0.4"'),
    rrect(700, 96, 320, 15, 7.5, '#e9a58d', 'opacity="0.45"'),
    rrect(800, 116, 170, 11, 5.5, '#e9a58d', 'opacity="0.35"'),
  );
  parts.push(poly(wavyTop(-20, 1220, 352, 14, 900, r, 110), '#8c6f8f'));
  parts.push(
    rimBand(-20, 1220, 372, 472, r, {
      face: C.rim,
      cap: C.rimLight,
      strata: '#9c4633',
      shade: C.rimDark,
      fringe: '#3e4a35',
    }),
  );
  parts.push(poly(wavyTop(-20, 1220, 478, 6, 900, r, 90), '#6f4a3a'));
  parts.push(poly(wavyTop(-20, 1220, 520, 10, 900, r, 120), C.pineMid));
  parts.push(pineRow(-20, 1220, 528, 40, 78, 30, C.pineMid, r, 6));
  parts.push(poly(wavyTop(-20, 1220, 575, 8, 900, r, 100), C.pine));
  parts.push(pineRow(-20, 1220, 582, 60, 110, 44, C.pine, r, 6));
  d.def(`<g id="${id}">${parts.join('')}</g>`);
  return id;
}

/** The landscape placed into a rectangle (cropped, like a view through a window). */
function view(landId: string, x: number, y: number, w: number, h: number, focusY = 0.45): string {
  // pick a viewBox slice around the rim so small windows still show rim + pines
  const aspect = w / h;
  let vw = 1200;
  let vh = vw / aspect;
  if (vh > 900) {
    vh = 900;
    vw = vh * aspect;
  }
  const scale = Math.max(0.55, Math.min(1, (w / 1200) * 2.2));
  vw *= scale;
  vh *= scale;
  const vx = 600 - vw / 2 + (1200 - vw) * 0.12;
  const vy = Math.max(0, Math.min(900 - vh, 900 * focusY - vh / 2));
  return `<svg x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}" preserveAspectRatio="xMidYMid slice"><use href="#${landId}"/></svg>`;
}

interface WindowOpts {
  casing?: string;
  casingW?: number;
  frame?: string;
  muntins?: 'none' | 'cross' | 'vertical' | 'grid';
  sill?: boolean;
  focusY?: number;
}

/** A window with casing, sash, muntins and the Rim Country view. */
function windowView(d: Doc, landId: string, x: number, y: number, w: number, h: number, o: WindowOpts = {}): string {
  const casing = o.casing ?? C.white;
  const cw = o.casingW ?? 22;
  const frame = o.frame ?? C.white;
  const out: string[] = [];
  out.push(rect(x - cw, y - cw, w + cw * 2, h + cw * 2, casing));
  out.push(rect(x - cw, y - cw, w + cw * 2, 5, darken(casing, 0.06)));
  out.push(rect(x, y, w, h, frame));
  const inset = 9;
  const gx = x + inset;
  const gy = y + inset;
  const gw = w - inset * 2;
  const gh = h - inset * 2;
  out.push(view(landId, gx, gy, gw, gh, o.focusY));
  // glass sheen
  out.push(
    poly(
      [gx + gw * 0.55, gy, gx + gw * 0.75, gy, gx + gw * 0.35, gy + gh, gx + gw * 0.15, gy + gh],
      '#ffffff',
      'opacity="0.1"',
    ),
  );
  out.push(rect(gx, gy, gw, 6, '#000000', 'opacity="0.12"'));
  const m = o.muntins ?? 'cross';
  const mw = 8;
  if (m === 'cross' || m === 'grid') {
    out.push(rect(gx, gy + gh / 2 - mw / 2, gw, mw, frame));
    out.push(rect(gx + gw / 2 - mw / 2, gy, mw, gh, frame));
  }
  if (m === 'vertical') out.push(rect(gx + gw / 2 - mw / 2, gy, mw, gh, frame));
  if (m === 'grid') {
    out.push(rect(gx + gw / 4 - 3, gy, 6, gh, frame), rect(gx + (gw * 3) / 4 - 3, gy, 6, gh, frame));
    out.push(rect(gx, gy + gh / 4 - 3, gw, 6, frame), rect(gx, gy + (gh * 3) / 4 - 3, gw, 6, frame));
  }
  if (o.sill !== false) {
    out.push(rect(x - cw - 12, y + h + cw - 4, w + cw * 2 + 24, 14, casing));
    out.push(rect(x - cw - 12, y + h + cw + 10, w + cw * 2 + 24, 5, darken(casing, 0.18)));
  }
  return out.join('');
}

/** A soft shadow ellipse under objects. */
const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.18) =>
  ellipse(cx, cy, rx, ry, '#000000', `opacity="${opacity}"`);

/** A few wavy wood-grain lines inside a board. */
function grain(x: number, y: number, w: number, h: number, color: string, r: Rnd, n = 2, horizontal = true): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    if (horizontal) {
      const yy = y + h * between(r, 0.2, 0.8);
      const x0 = x + between(r, 0, w * 0.3);
      const x1 = x0 + between(r, w * 0.3, w * 0.7);
      const a = between(r, -h * 0.15, h * 0.15);
      d += `M${f(x0)} ${f(yy)}Q${f((x0 + x1) / 2)} ${f(yy + a)} ${f(x1)} ${f(yy)}`;
    } else {
      const xx = x + w * between(r, 0.2, 0.8);
      const y0 = y + between(r, 0, h * 0.3);
      const y1 = y0 + between(r, h * 0.3, h * 0.7);
      const a = between(r, -w * 0.15, w * 0.15);
      d += `M${f(xx)} ${f(y0)}Q${f(xx + a)} ${f((y0 + y1) / 2)} ${f(xx)} ${f(y1)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" opacity="0.5"/>`;
}

/** Horizontal boards (lap siding, fascia, deck rim) with a shadow line under each board. */
function lapBoards(
  x: number,
  y: number,
  w: number,
  h: number,
  boardH: number,
  colors: readonly string[],
  r: Rnd,
  shadowColor: string,
): string {
  const out: string[] = [];
  for (let yy = y, i = 0; yy < y + h; yy += boardH, i++) {
    const bh = Math.min(boardH, y + h - yy);
    out.push(rect(x, yy, w, bh, pick(r, colors)));
    out.push(rect(x, yy + bh - 5, w, 5, shadowColor));
    out.push(rect(x, yy, w, 2, '#ffffff', 'opacity="0.12"'));
    // butt joints
    const jx = x + between(r, 0.1, 0.9) * w;
    if (i % 2 === 0 && w > 300) out.push(rect(jx, yy, 2.5, bh - 5, shadowColor, 'opacity="0.6"'));
  }
  return out.join('');
}

/** A 1-point-perspective mapping for floors. World X is in px at the front edge, Z is depth. */
function perspective(vpX: number, vpY: number, frontY: number, backY: number) {
  const z0 = 1 / (frontY - vpY);
  const zBack = 1 / (backY - vpY);
  const depth = zBack - z0;
  /** Screen point for world x (px at the front edge, relative to vpX) and depth t in [0, 1]. */
  return (x: number, t: number): [number, number] => {
    const z = z0 + depth * t;
    return [vpX + (x * z0) / z, vpY + 1 / z];
  };
}

interface Room {
  landId: string;
  wall: string;
  side: string;
  floorFill: string;
  back: { x0: number; x1: number; y: number };
  vp: [number, number];
}

/** A room in one-point perspective: back wall, side walls and a floor polygon. Returns the floor clip. */
function room(d: Doc, o: Room): { floorClip: string; proj: ReturnType<typeof perspective>; floorPoly: number[] } {
  const [vx, vy] = o.vp;
  const { x0, x1, y } = o.back;
  const at = (x: number, tx: number) => vy + ((y - vy) * (tx - vx)) / (x - vx);
  const yl = at(x0, 0);
  const yr = at(x1, d.w);
  d.add(rect(0, 0, d.w, d.h, o.wall));
  d.add(poly([0, 0, x0, 0, x0, y, 0, yl], o.side));
  d.add(poly([d.w, 0, x1, 0, x1, y, d.w, yr], o.side));
  const floorPoly = [x0, y, x1, y, d.w, yr, d.w, d.h, 0, d.h, 0, yl];
  d.add(poly(floorPoly, o.floorFill));
  const floorClip = d.clip(poly(floorPoly, '#000'));
  return { floorClip, proj: perspective(vx, vy, d.h, y), floorPoly };
}

/** Floor boards in perspective (long boards running away from the viewer). */
function plankFloor(
  d: Doc,
  clipAttr: string,
  proj: ReturnType<typeof perspective>,
  o: {
    boardW: number;
    colors: readonly string[];
    seam: string;
    r: Rnd;
    xMin?: number;
    xMax?: number;
    /** Part of each strip (by index) that is laid, as [front, back] depth in 0..1. */
    laid?: (i: number, x: number) => [number, number] | null;
    lengths?: [number, number];
  },
): string {
  const out: string[] = [];
  const xMin = o.xMin ?? -1800;
  const xMax = o.xMax ?? 1800;
  const [lmin, lmax] = o.lengths ?? [0.12, 0.3];
  let i = 0;
  for (let x = xMin; x < xMax; x += o.boardW, i++) {
    const range: [number, number] | null = o.laid ? o.laid(i, x) : [0, 1];
    if (!range) continue;
    const [tStart, tEnd] = range;
    let t = -between(o.r, 0, lmax);
    while (t < tEnd) {
      const t1 = Math.min(tEnd, t + between(o.r, lmin, lmax));
      const ta = Math.max(tStart, t);
      if (t1 > ta) {
        const a = proj(x, ta);
        const b = proj(x + o.boardW, ta);
        const c = proj(x + o.boardW, t1);
        const e = proj(x, t1);
        const fill = pick(o.r, o.colors);
        const xs = [a[0], b[0], c[0], e[0]];
        if (Math.max(...xs) < 0 || Math.min(...xs) > d.w) {
          t = t1;
          continue;
        }
        out.push(poly([...a, ...b, ...c, ...e], fill, `stroke="${o.seam}" stroke-width="1.5"`));
      }
      t = t1;
    }
  }
  return g(out, clipAttr);
}

/** Floor tiles in perspective. */
function tileFloor(
  d: Doc,
  clipAttr: string,
  proj: ReturnType<typeof perspective>,
  o: { tile: number; colors: readonly string[]; grout: string; r: Rnd; rows: number },
): string {
  const out: string[] = [];
  const dt = 1 / o.rows;
  for (let row = 0; row < o.rows; row++) {
    for (let x = -2400; x < 2400; x += o.tile) {
      const t0 = row * dt;
      const t1 = t0 + dt;
      const a = proj(x, t0);
      const b = proj(x + o.tile, t0);
      if (Math.max(a[0], b[0]) < -50 || Math.min(a[0], b[0]) > d.w + 50) {
        const c2 = proj(x, t1);
        const c3 = proj(x + o.tile, t1);
        if (Math.max(c2[0], c3[0]) < -50 || Math.min(c2[0], c3[0]) > d.w + 50) continue;
      }
      const c = proj(x + o.tile, t1);
      const e = proj(x, t1);
      out.push(poly([...a, ...b, ...c, ...e], pick(o.r, o.colors), `stroke="${o.grout}" stroke-width="3"`));
    }
  }
  return g(out, clipAttr);
}

// ---------------------------------------------------------------------------------------------
// Reusable objects
// ---------------------------------------------------------------------------------------------

function ladder(x0: number, y0: number, x1: number, y1: number, width: number, color: string): string {
  // rails from (x0,y0) bottom to (x1,y1) top
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  const nx = (-dy / len) * width;
  const ny = (dx / len) * width;
  const out: string[] = [];
  for (let s = 0.06; s < 1; s += 0.1) {
    const px = x0 + dx * s;
    const py = y0 + dy * s;
    out.push(line(px, py, px + nx, py + ny, darken(color, 0.15), 7, 'stroke-linecap="round"'));
  }
  out.push(line(x0, y0, x1, y1, color, 12, 'stroke-linecap="round"'));
  out.push(line(x0 + nx, y0 + ny, x1 + nx, y1 + ny, color, 12, 'stroke-linecap="round"'));
  return out.join('');
}

function hammer(x: number, y: number, angle: number, scale = 1): string {
  return g(
    [
      rrect(-8, -4, 150, 18, 8, C.woodDark),
      rrect(-4, -1, 60, 12, 6, '#2a2a2a'),
      pathD('M140 -22 L176 -22 L176 30 L160 30 L160 8 L140 8 Z', C.steelDark),
      pathD('M140 -22 L118 -34 Q112 -20 126 -10 L140 -6 Z', C.steelDark),
    ],
    `transform="translate(${f(x)} ${f(y)}) rotate(${angle}) scale(${scale})"`,
  );
}

function pottedPlant(x: number, base: number, s: number, r: Rnd): string {
  const out: string[] = [];
  const leaves = [C.pineMid, C.pine, C.pineLight];
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + between(r, -1.1, 1.1);
    const len = between(r, 50, 90) * s;
    const tx = x + Math.cos(a) * len;
    const ty = base - 70 * s + Math.sin(a) * len;
    out.push(
      pathD(
        `M${f(x)} ${f(base - 60 * s)}Q${f(x + (tx - x) * 0.2 - 18 * s)} ${f((ty + base) / 2 - 30 * s)} ${f(tx)} ${f(ty)}Q${f(x + (tx - x) * 0.7 + 18 * s)} ${f((ty + base) / 2)} ${f(x)} ${f(base - 60 * s)}Z`,
        pick(r, leaves),
      ),
    );
  }
  out.push(poly([x - 34 * s, base - 70 * s, x + 34 * s, base - 70 * s, x + 26 * s, base, x - 26 * s, base], C.rim));
  out.push(rect(x - 38 * s, base - 76 * s, 76 * s, 12 * s, C.rimDark));
  return out.join('');
}

function stoneWall(
  x: number,
  y: number,
  w: number,
  h: number,
  r: Rnd,
  colors: readonly string[],
  mortar: string,
  rowH = 46,
): string {
  const out: string[] = [rect(x, y, w, h, mortar)];
  for (let yy = y + 3; yy < y + h - 6; yy += rowH) {
    const rh = Math.min(rowH - 6, y + h - yy - 3);
    let xx = x + 3 - between(r, 0, 40);
    while (xx < x + w - 3) {
      const sw = between(r, rowH * 1.1, rowH * 2.6);
      const x0 = Math.max(x + 3, xx);
      const x1 = Math.min(x + w - 3, xx + sw);
      if (x1 - x0 > 8) {
        const hh = rh - between(r, 0, 6);
        out.push(rrect(x0, yy + between(r, 0, 4), x1 - x0, hh, Math.min(12, hh / 3), pick(r, colors)));
      }
      xx += sw + 6;
    }
  }
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Scenes: services
// ---------------------------------------------------------------------------------------------

type Scene = (d: Doc, r: Rnd, landId: string) => void;

const groundColors = { dirt: '#c9a57a', duff: '#a8875c', grass: '#6f8451' };

function exteriorGround(d: Doc, y: number, r: Rnd, color = groundColors.duff) {
  d.add(poly(wavyTop(-20, 1220, y, 5, d.h, r, 120), color));
  // pine needle / grass tufts
  let p = '';
  for (let i = 0; i < 40; i++) {
    const x = between(r, 0, d.w);
    const yy = between(r, y + 20, d.h);
    p += `M${f(x)} ${f(yy)}l-6 -12M${f(x)} ${f(yy)}l2 -14M${f(x)} ${f(yy)}l8 -10`;
  }
  d.add(
    `<path d="${p}" stroke="${darken(color, 0.25)}" stroke-width="3" stroke-linecap="round" fill="none" opacity="0.7"/>`,
  );
}

const framing: Scene = (d, r, land) => {
  d.add(`<use href="#${land}"/>`);
  d.add(pine(70, 740, 520, C.pineDark, r), pine(1140, 720, 440, C.pineDark, r));
  exteriorGround(d, 700, r, groundColors.dirt);
  // subfloor platform
  d.add(rect(170, 690, 860, 34, '#d9b277'), rect(170, 724, 860, 26, '#9c958a'), rect(170, 690, 860, 5, '#e9c893'));
  const stud = C.woodPale;
  const edge = C.woodLight;
  const top = 268;
  const bottom = 690;
  const x0 = 210;
  const x1 = 990;
  const pieces: string[] = [];
  const board = (x: number, y: number, w: number, h: number) => {
    pieces.push(rect(x, y, w, h, stud), rect(x + w - 5, y, 5, h, edge), rect(x, y + h - 4, w, 4, edge));
  };
  const openL = 500;
  const openR = 760;
  const header = [340, 388];
  const sill = 560;
  for (let x = x0; x <= x1 - 22; x += 72) {
    if (x > openL - 10 && x < openR - 10) {
      // cripples above header and below sill
      board(x, top + 40, 22, header[0]! - top - 40);
      board(x, sill + 18, 22, bottom - 18 - sill - 18);
      continue;
    }
    board(x, top + 40, 22, bottom - 18 - top - 40);
  }
  board(x1 - 22, top + 40, 22, bottom - 18 - top - 40);
  // king + jack studs
  board(openL - 44, top + 40, 22, bottom - 18 - top - 40);
  board(openL - 22, header[1]!, 22, bottom - 18 - header[1]!);
  board(openR, top + 40, 22, bottom - 18 - top - 40);
  board(openR - 22 + 22, header[1]!, 22, bottom - 18 - header[1]!);
  // header, sill
  board(openL - 22, header[0]!, openR - openL + 44, header[1]! - header[0]!);
  pieces.push(rect(openL - 22, header[0]! + 22, openR - openL + 44, 3, edge));
  board(openL, sill, openR - openL, 18);
  // plates
  board(x0, bottom - 18, x1 - x0, 18);
  board(x0 - 6, top, x1 - x0 + 12, 20);
  board(x0 - 6, top + 20, x1 - x0 + 12, 20);
  // diagonal temporary brace
  pieces.push(line(x1 - 120, top + 60, 1120, 800, C.woodLight, 20, 'stroke-linecap="round"'));
  d.add(shadow(600, 725, 470, 14, 0.15));
  d.add(...pieces);
  // nail heads on the top plate
  let nails = '';
  for (let x = x0 + 10; x < x1; x += 36) nails += `M${x} ${top + 10}h0.1`;
  d.add(`<path d="${nails}" stroke="${C.steelDark}" stroke-width="5" stroke-linecap="round"/>`);
  // sawhorse with board + hammer at front left
  d.add(shadow(250, 872, 170, 14, 0.2));
  d.add(poly([120, 870, 150, 870, 200, 770, 180, 770], C.wood), poly([360, 870, 390, 870, 330, 770, 310, 770], C.wood));
  d.add(rect(150, 760, 200, 18, C.woodLight), rect(60, 742, 380, 20, C.woodPale), rect(60, 758, 380, 4, C.woodLight));
  d.add(hammer(200, 728, -4, 0.9));
  // lumber stack at front right
  d.add(shadow(1030, 880, 190, 16, 0.2));
  for (let row = 0; row < 3; row++) {
    for (let c = 0; c < 5 - row; c++) {
      const x = 880 + c * 56 + row * 28;
      const y = 836 - row * 40;
      d.add(rect(x, y, 52, 38, C.woodBlond), rect(x, y + 34, 52, 4, C.woodLight));
      d.add(
        `<path d="M${x + 14} ${y + 19}a12 9 0 1 0 24 0a12 9 0 1 0 -24 0" fill="none" stroke="${C.woodLight}" stroke-width="2" opacity="0.7"/>`,
      );
    }
  }
};

const roofing: Scene = (d, r, land) => {
  d.add(`<use href="#${land}"/>`);
  d.add(pine(60, 700, 420, C.pineDark, r), pine(1150, 700, 470, C.pineDark, r), pine(1070, 700, 300, C.pine, r));
  // wall
  d.add(lapBoards(130, 620, 940, 300, 34, [C.woodLight, '#a9733f'], r, C.wood));
  d.add(windowView(d, land, 250, 700, 180, 220, { muntins: 'vertical', sill: false }));
  d.add(windowView(d, land, 770, 700, 180, 220, { muntins: 'vertical', sill: false }));
  // soffit + fascia + gutter
  d.add(rect(90, 600, 1020, 26, C.creamShade), rect(90, 600, 1020, 8, '#00000022'));
  const eave = 600;
  const ridge = 230;
  const eL = 70;
  const eR = 1130;
  const rL = 330;
  const rR = 870;
  const roofPoly = [rL, ridge, rR, ridge, eR, eave, eL, eave];
  const clipAttr = d.clip(poly(roofPoly, '#000'));
  // underlayment (right, top part) visible where shingles are not yet laid
  const roof: string[] = [poly(roofPoly, '#cfc8b8')];
  let chalk = '';
  for (let y = eave - 24; y > ridge; y -= 30) chalk += `M0 ${y}H1200`;
  roof.push(`<path d="${chalk}" stroke="#b9b1a0" stroke-width="2"/>`);
  const rowH = 30;
  const shingleColors = ['#54423f', '#5d4a45', '#4a3a37', '#63504a'];
  for (let row = 0; eave - row * rowH > ridge; row++) {
    const y = eave - (row + 1) * rowH;
    const edgeX = row < 5 ? 1200 : 1040 - (row - 5) * 70;
    const rowParts: string[] = [];
    const off = row % 2 === 0 ? 0 : 36;
    for (let x = -72 + off; x < edgeX; x += 72) {
      const w = Math.min(72, edgeX - x);
      rowParts.push(rect(x, y, w - 3, rowH, pick(r, shingleColors)));
    }
    rowParts.push(rect(0, y + rowH - 6, Math.max(0, edgeX), 6, '#2f2523', 'opacity="0.55"'));
    roof.push(...rowParts);
  }
  // shingle bundle on the bare part
  roof.push(rect(900, 318, 120, 34, '#4a3a37'), rect(900, 318, 120, 8, '#6d5953'), rect(950, 318, 20, 34, C.cream));
  d.add(g(roof, clipAttr));
  // ridge cap and rake
  d.add(rect(rL - 10, ridge - 12, rR - rL + 20, 16, '#3c2f2c'));
  for (let x = rL; x < rR; x += 40) d.add(rect(x, ridge - 12, 3, 16, '#2a201e'));
  d.add(polyline([eL, eave, rL, ridge], '#3c2f2c', 10), polyline([eR, eave, rR, ridge], '#3c2f2c', 10));
  d.add(rect(eL - 6, eave - 4, eR - eL + 12, 20, C.cream), rect(eL - 10, eave + 14, eR - eL + 20, 14, '#8c949a'));
  // stone chimney
  d.add(g(stoneWall(420, 120, 90, 190, r, ['#b08d6e', '#c7a584', '#9b7a60', '#8c6a52'], '#6d5445', 30)));
  d.add(rect(410, 110, 110, 16, '#4d4440'));
  // ladder
  d.add(ladder(1010, 900, 1090, 560, 60, C.steelLight));
};

const siding: Scene = (d, r, land) => {
  d.add(`<use href="#${land}"/>`);
  d.add(pine(90, 720, 480, C.pineDark, r), pine(1120, 720, 520, C.pineDark, r));
  exteriorGround(d, 820, r, groundColors.duff);
  const wall = [190, 330, 600, 120, 1010, 330, 1010, 840, 190, 840];
  const clipAttr = d.clip(poly(wall, '#000'));
  const parts: string[] = [];
  // house wrap behind (visible where boards are missing)
  parts.push(rect(190, 100, 820, 760, '#eef0ee'));
  let wrapLines = '';
  for (let y = 150; y < 840; y += 90) wrapLines += `M190 ${y}H1010`;
  parts.push(`<path d="${wrapLines}" stroke="#c5cbd0" stroke-width="3" stroke-dasharray="26 16"/>`);
  const boardH = 36;
  const colors = ['#b07a45', '#a9733f', '#b5804b'];
  for (let y = 840 - boardH, i = 0; y > 100; y -= boardH, i++) {
    // right side still open on upper courses above the window line, stepped
    const endX = i < 9 ? 1010 : i < 12 ? 1010 - (i - 8) * 90 : 640 - (i - 12) * 10;
    if (endX <= 190) continue;
    parts.push(rect(190, y, endX - 190, boardH, pick(r, colors)));
    parts.push(rect(190, y + boardH - 6, endX - 190, 6, C.wood));
    parts.push(rect(190, y, endX - 190, 2, '#ffffff', 'opacity="0.15"'));
    const jx = 190 + between(r, 60, endX - 250);
    if (endX - 190 > 300) parts.push(rect(jx, y, 3, boardH - 6, C.wood));
  }
  d.add(g(parts, clipAttr));
  // corner boards
  d.add(rect(176, 330, 36, 510, C.cream), rect(988, 330, 36, 510, C.cream));
  // window
  d.add(windowView(d, land, 330, 470, 220, 220, { casing: C.cream, frame: C.cream, muntins: 'cross' }));
  // gable vent
  d.add(poly([600, 200, 660, 250, 540, 250], C.cream));
  let louv = '';
  for (let y = 224; y < 250; y += 8) louv += `M${600 - (y - 200) * 1.1 + 8} ${y}H${600 + (y - 200) * 1.1 - 8}`;
  d.add(`<path d="${louv}" stroke="${C.wood}" stroke-width="3"/>`);
  // roof rake
  d.add(polyline([150, 362, 600, 86, 1050, 362], C.pineDark, 34, 'stroke-linecap="butt" stroke-linejoin="miter"'));
  d.add(polyline([150, 380, 600, 104, 1050, 380], C.cream, 10, 'stroke-linecap="butt" stroke-linejoin="miter"'));
  // foundation
  d.add(rect(176, 840, 848, 60, '#a39b90'), rect(176, 840, 848, 6, '#8a8277'));
  // loose board being installed
  d.add(
    g([rect(0, 0, 420, 36, C.woodPale), rect(0, 30, 420, 6, C.woodLight)], 'transform="translate(690 418) rotate(-6)"'),
  );
  d.add(pottedPlant(120, 880, 0.9, r));
  // shrubs
  d.add(ellipse(300, 880, 90, 40, C.pineMid), ellipse(880, 884, 110, 44, C.pine));
};

function floorRoom(d: Doc, land: string, wall: string, side: string) {
  const r0 = room(d, {
    landId: land,
    wall,
    side,
    floorFill: '#8c6a4c',
    back: { x0: 190, x1: 1010, y: 470 },
    vp: [600, 250],
  });
  d.add(windowView(d, land, 430, 110, 340, 260, { muntins: 'cross' }));
  // baseboards
  d.add(rect(190, 446, 820, 24, C.white), rect(190, 446, 820, 4, C.creamShade));
  return r0;
}

const hardwoodFloor: Scene = (d, r, land) => {
  const { floorClip, proj } = floorRoom(d, land, '#efe2cc', '#e2d1b5');
  d.add(
    poly([190, 446, 190, 470, 0, 576, 0, 540], C.white),
    poly([1010, 446, 1010, 470, 1200, 576, 1200, 540], C.white),
  );
  d.add(
    plankFloor(d, floorClip, proj, {
      boardW: 88,
      colors: ['#b07a45', '#a9733f', '#b8814b', '#a56e3b', '#bb854f'],
      lengths: [0.18, 0.4],
      seam: '#6f4522',
      r,
    }),
  );
  // sunlight from the window falling on the floor
  d.add(g(poly([430, 470, 770, 470, 900, 760, 300, 760], '#fff3d6', 'opacity="0.22"'), floorClip));
  // sheen lines
  d.add(g(poly([560, 470, 640, 470, 760, 900, 440, 900], '#ffffff', 'opacity="0.07"'), floorClip));
  d.add(pottedPlant(120, 640, 1.2, r));
  // a runner rug and a bench under the window
  d.add(
    rect(470, 400, 260, 20, C.woodDark),
    rect(486, 420, 14, 40, C.woodDeep),
    rect(700, 420, 14, 40, C.woodDeep),
    rrect(500, 372, 90, 30, 10, C.rim),
    rrect(600, 376, 90, 26, 10, C.pineMid),
  );
};

const vinylPlank: Scene = (d, r, land) => {
  const { floorClip, proj } = floorRoom(d, land, '#e3e4da', '#d3d5c9');
  d.add(
    poly([190, 446, 190, 470, 0, 576, 0, 540], C.white),
    poly([1010, 446, 1010, 470, 1200, 576, 1200, 540], C.white),
  );
  // underlayment
  const under: string[] = [rect(0, 400, 1200, 500, '#8ea3ad')];
  for (let x = -1800; x < 1800; x += 300) {
    const a = proj(x, 0);
    const b = proj(x, 1);
    under.push(line(a[0], a[1], b[0], b[1], '#7b919b', 3));
  }
  d.add(g(under, floorClip));
  const boardW = 120;
  d.add(
    plankFloor(d, floorClip, proj, {
      boardW,
      colors: ['#a99a86', '#9f907c', '#b4a592', '#958674', '#ab9c89'],
      seam: '#6d6253',
      r,
      lengths: [0.2, 0.35],
      // laid from the left wall; the current row stops part-way, the rest is still bare underlayment
      laid: (_i, x) => (x < 0 ? [0, 1] : x < 120 ? [0.42, 1] : null),
    }),
  );
  // box of planks + loose plank + tapping block + mallet
  d.add(shadow(930, 860, 230, 22, 0.22));
  d.add(
    poly([730, 760, 1130, 760, 1150, 850, 750, 850], '#c9a46c'),
    poly([730, 760, 1130, 760, 1110, 740, 750, 740], '#dbb984'),
  );
  d.add(rect(770, 770, 300, 8, '#a99a86'), rect(790, 790, 300, 8, '#9f907c'));
  for (const [x, t0, t1] of [
    [250, 0.3, 0.62],
    [380, 0.42, 0.78],
  ] as const) {
    const a = proj(x, t0);
    const b = proj(x + 120, t0);
    const c = proj(x + 120, t1);
    const e = proj(x, t1);
    d.add(poly([a[0], a[1] + 10, b[0], b[1] + 10, c[0], c[1] + 6, e[0], e[1] + 6], '#5f6f77', 'opacity="0.5"'));
    d.add(poly([...a, ...b, ...c, ...e], '#ab9c89', 'stroke="#6d6253" stroke-width="2"'));
  }
  d.add(
    g(
      [rrect(-70, -14, 140, 28, 10, '#2b2b2e'), rrect(-12, 10, 24, 110, 8, C.woodLight)],
      'transform="translate(420 800) rotate(-30)"',
    ),
  );
  d.add(pottedPlant(120, 640, 1.2, r));
};

const ceramicTile: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#eadfcd'));
  // floor strip
  const floorTop = 760;
  d.add(rect(0, floorTop, 1200, 140, '#c98d66'));
  for (let i = 0; i < 5; i++) {
    const y = floorTop + [0, 30, 70, 140][Math.min(i, 3)]!;
    d.add(rect(0, y, 1200, 4, '#9b5f40'));
  }
  for (let x = -600; x < 1800; x += 150)
    d.add(line(600 + (x - 600) * 0.55, floorTop, 600 + (x - 600) * 1.2, 900, '#9b5f40', 4));
  // tiled wall area
  const tx0 = 0;
  const tx1 = 1200;
  const ty0 = 60;
  const ty1 = floorTop;
  const tile = 100;
  const grout = '#cfc5b4';
  d.add(rect(tx0, ty0, tx1 - tx0, ty1 - ty0, '#b5afa4'));
  // thinset ridges on bare backer board
  let ridges = '';
  for (let y = ty0 + 10; y < 360; y += 12) ridges += `M820 ${y}H1200`;
  d.add(`<path d="${ridges}" stroke="#9d978c" stroke-width="4"/>`);
  const win = { x: 150, y: 220, w: 240, h: 260 };
  const tiles: string[] = [];
  const creams = ['#f3ead9', '#efe4d0', '#f6eedf', '#ebdfca'];
  for (let y = ty1 - tile, row = 0; y >= ty0 - tile; y -= tile, row++) {
    for (let x = tx0, col = 0; x < tx1; x += tile, col++) {
      const installed = !(y < 360 && x >= 800 + Math.max(0, (y - 160) / 100) * 100);
      if (!installed) continue;
      if (x >= win.x && x + tile <= win.x + win.w && y >= win.y && y + tile <= win.y + win.h) continue;
      const accent = row === 2;
      let fill = pick(r, creams);
      if (accent) fill = col % 2 === 0 ? C.rim : '#c4663f';
      tiles.push(rect(x + 2, Math.max(ty0, y + 2), tile - 4, Math.min(tile - 4, y + tile - 2 - ty0), fill));
      if (accent)
        tiles.push(
          poly(
            [x + 50, y + 18, x + 82, y + 50, x + 50, y + 82, x + 18, y + 50],
            col % 2 === 0 ? '#f0d2a8' : C.pineDark,
          ),
        );
      else tiles.push(rect(x + 2, y + 2, tile - 4, 5, '#ffffff', 'opacity="0.35"'));
    }
  }
  d.add(rect(tx0, ty0, 800, ty1 - ty0, grout));
  d.add(rect(800, 360, 400, ty1 - 360, grout));
  d.add(...tiles);
  d.add(windowView(d, land, win.x, win.y, win.w, win.h, { muntins: 'vertical', casing: '#f3ead9', frame: C.white }));
  // spacers on the edge of the installed area
  let sp = '';
  for (let y = 260; y <= 360; y += 100)
    for (let x = 800; x < 1200; x += 100) sp += `M${x - 8} ${y}h16M${x} ${y - 8}v16`;
  d.add(`<path d="${sp}" stroke="#3b6ea5" stroke-width="4"/>`);
  // ceiling line
  d.add(rect(0, 0, 1200, 60, '#f4ecdf'), rect(0, 54, 1200, 6, '#d8cbb5'));
  // bucket + trowel + loose tile on the floor
  d.add(shadow(980, 872, 120, 14, 0.25));
  d.add(
    poly([900, 730, 1060, 730, 1045, 870, 915, 870], '#e8e2d6'),
    rect(892, 724, 176, 16, '#d3cbbd'),
    rect(905, 770, 150, 14, C.rim),
  );
  d.add(ellipse(980, 732, 80, 10, '#b9b2a6'));
  d.add(
    g(
      [
        poly([0, 0, 170, 0, 170, 70, 0, 70], C.steelLight),
        pathD(
          'M0 70 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 l10 -14 l10 14 Z',
          C.steel,
        ),
        rrect(50, -60, 70, 26, 12, C.pineDark),
        rect(78, -38, 14, 40, C.steelDark),
      ],
      'transform="translate(560 820) rotate(-12) scale(0.8)"',
    ),
  );
  d.add(
    g([rect(0, 0, 120, 30, '#f3ead9'), rect(0, 24, 120, 6, '#cdbfa8')], 'transform="translate(260 850) rotate(4)"'),
  );
};

const walkInShowers: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#e9e0d2'));
  // floor
  d.add(rect(0, 800, 1200, 100, '#8c7f72'));
  for (let x = 0; x < 1200; x += 48) d.add(rect(x + 2, 802, 44, 98, '#9a8d80'));
  // shower alcove
  const ax0 = 290;
  const ax1 = 930;
  const ay0 = 70;
  const ay1 = 800;
  d.add(rect(ax0, ay0, ax1 - ax0, ay1 - ay0, '#d8d2c6'));
  const tileW = 48;
  const tileH = 120;
  const tiles: string[] = [];
  for (let x = ax0; x < ax1; x += tileW) {
    for (let y = ay1 - 40 - tileH; y > ay0 - tileH; y -= tileH) {
      const yy = Math.max(ay0, y);
      tiles.push(rect(x + 2, yy + 2, tileW - 4, y + tileH - yy - 4, pick(r, ['#f4f1ea', '#efebe3', '#f7f4ee'])));
    }
  }
  d.add(...tiles);
  // accent stripe of small mosaic
  for (let y = ay0; y < ay1 - 40; y += 24)
    for (let x = 770; x < 818; x += 24)
      d.add(rect(x + 1.5, y + 1.5, 21, 21, pick(r, ['#6f8f8b', '#86a29c', '#5d7d78'])));
  // mosaic shower floor
  for (let x = ax0; x < ax1; x += 24)
    for (let y = ay1 - 40; y < ay1; y += 20)
      d.add(rect(x + 1.5, y + 1.5, 21, 17, pick(r, ['#b9b0a4', '#aea599', '#c3bbb0'])));
  d.add(rect(ax0 + 40, ay1 - 30, ax1 - ax0 - 80, 10, C.steelDark));
  // high window inside the shower
  d.add(
    windowView(d, land, 370, 150, 220, 140, {
      muntins: 'none',
      casing: '#efebe3',
      frame: C.white,
      sill: false,
      casingW: 14,
    }),
  );
  // niche
  d.add(rect(470, 430, 200, 150, '#bfb6a8'), rect(470, 430, 200, 12, '#a59c8e'), rect(470, 500, 200, 8, '#efebe3'));
  d.add(
    rrect(490, 455, 30, 45, 6, C.pine),
    rrect(530, 462, 28, 38, 6, C.rim),
    rrect(590, 520, 60, 40, 10, C.woodLight),
  );
  // shower: rain head + arm + valve + hand shower
  d.add(rect(820, 150, 10, 70, C.bronze), rect(700, 150, 130, 10, C.bronze), ellipse(700, 162, 70, 12, C.bronze));
  let drops = '';
  for (let i = 0; i < 26; i++) {
    const x = between(r, 640, 760);
    const y = between(r, 190, 560);
    drops += `M${f(x)} ${f(y)}v${f(between(r, 14, 30))}`;
  }
  d.add(`<path d="${drops}" stroke="#9fc3cf" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`);
  d.add(circle(860, 470, 26, C.bronze), rect(856, 440, 8, 30, '#58483f'));
  // glass panel
  d.add(rect(560, 80, 370, 712, '#cfe6ea', 'opacity="0.28"'));
  d.add(rect(556, 80, 6, 712, '#a8c7cd'));
  d.add(
    poly([620, 100, 660, 100, 590, 380, 560, 380], '#ffffff', 'opacity="0.35"'),
    poly([700, 100, 716, 100, 650, 360, 634, 360], '#ffffff', 'opacity="0.3"'),
  );
  d.add(rect(560, 86, 370, 6, C.bronze), rect(556, 770, 40, 22, C.bronze));
  // alcove edges (metal tile trim) and soffit
  d.add(
    rect(ax0 - 8, ay0, 8, ay1 - ay0, C.steelLight),
    rect(ax1, ay0, 8, ay1 - ay0, C.steelLight),
    rect(ax0 - 8, ay0 - 30, ax1 - ax0 + 16, 30, '#f3ede2'),
    rect(ax0 - 8, ay0 - 6, ax1 - ax0 + 16, 6, '#d8cfbf'),
  );
  // towel on a bar + bench outside the shower
  d.add(
    rect(985, 296, 130, 10, C.bronze),
    rect(1000, 300, 100, 190, C.pineMid),
    rect(1000, 300, 100, 24, C.pine),
    rect(1000, 440, 100, 8, C.cream),
    rect(1000, 456, 100, 4, C.cream),
  );
  d.add(rect(1000, 680, 170, 22, C.woodLight), rect(1015, 702, 16, 98, C.wood), rect(1140, 702, 16, 98, C.wood));
  d.add(pottedPlant(140, 800, 1.3, r));
  d.add(rect(0, 0, 1200, 40, '#f3ede2'));
};

function craftsmanCasing(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  cw = 34,
  withPlinth = true,
): string {
  const out: string[] = [];
  out.push(rect(x - cw, y, cw, h, color), rect(x + w, y, cw, h, color));
  out.push(rect(x - cw, y, 5, h, darken(color, 0.1)), rect(x + w + cw - 5, y, 5, h, darken(color, 0.1)));
  // head casing with cap and fillet
  out.push(
    rect(x - cw - 12, y - 56, w + 2 * cw + 24, 14, color),
    rect(x - cw - 12, y - 42, w + 2 * cw + 24, 6, darken(color, 0.14)),
  );
  out.push(
    rect(x - cw - 4, y - 36, w + 2 * cw + 8, 36, color),
    rect(x - cw - 4, y - 6, w + 2 * cw + 8, 6, darken(color, 0.08)),
  );
  if (withPlinth)
    out.push(
      rect(x - cw - 4, y + h - 60, cw + 6, 60, lighten(color, 0.2)),
      rect(x + w - 2, y + h - 60, cw + 6, 60, lighten(color, 0.2)),
    );
  return out.join('');
}

function crownMolding(y: number, w: number, color: string): string {
  return [
    rect(0, y, w, 16, color),
    rect(0, y + 16, w, 6, darken(color, 0.12)),
    rect(0, y + 22, w, 24, lighten(color, 0.3)),
    rect(0, y + 46, w, 8, darken(color, 0.08)),
    rect(0, y + 54, w, 14, color),
    rect(0, y + 68, w, 5, darken(color, 0.2)),
  ].join('');
}

function baseboard(y: number, w: number, color: string): string {
  return [
    rect(0, y, w, 10, color),
    rect(0, y + 10, w, 4, darken(color, 0.15)),
    rect(0, y + 14, w, 64, color),
    rect(0, y + 14, w, 3, '#ffffff', 'opacity="0.5"'),
  ].join('');
}

function shakerDoor(x: number, y: number, w: number, h: number, fill: string, r: Rnd, panels = 5): string {
  const out: string[] = [rect(x, y, w, h, fill)];
  const stile = 34;
  const ph = (h - stile * (panels + 1)) / panels;
  for (let i = 0; i < panels; i++) {
    const py = y + stile + i * (ph + stile);
    out.push(
      rect(x + stile, py, w - 2 * stile, ph, darken(fill, 0.1)),
      rect(x + stile, py, w - 2 * stile, 5, darken(fill, 0.25)),
      rect(x + stile, py, 5, ph, darken(fill, 0.2)),
    );
    out.push(grain(x + stile, py, w - 2 * stile, ph, darken(fill, 0.3), r, 1));
  }
  out.push(grain(x, y, stile, h, darken(fill, 0.25), r, 1, false));
  return out.join('');
}

const interiorTrim: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#d9dfcf'));
  // wainscot on the right part
  d.add(rect(640, 520, 560, 300, C.white));
  for (let x = 660; x < 1200; x += 90) d.add(rect(x, 540, 18, 280, '#efe9de'), rect(x + 14, 540, 4, 280, '#d9d1c2'));
  d.add(rect(640, 516, 560, 18, C.white), rect(640, 534, 560, 6, '#d9d1c2'));
  // floor
  d.add(rect(0, 820, 1200, 80, '#a9713f'));
  for (let x = 0; x < 1200; x += 140) d.add(rect(x, 820, 3, 80, '#7b4f2a'));
  d.add(crownMolding(0, 1200, C.white));
  d.add(baseboard(742, 1200, C.white));
  // door
  d.add(rect(150, 250, 300, 570, '#4b3421'));
  d.add(shakerDoor(158, 256, 284, 564, '#b07a45', r, 4));
  d.add(circle(412, 560, 11, C.bronze), rect(402, 556, 26, 8, C.bronze));
  d.add(craftsmanCasing(150, 250, 300, 570, C.white));
  // window
  d.add(windowView(d, land, 780, 180, 280, 250, { casing: C.white, casingW: 34, muntins: 'grid', sill: false }));
  d.add(
    rect(780 - 34 - 12, 180 - 56, 280 + 68 + 24, 14, C.white),
    rect(780 - 34 - 12, 180 - 42, 280 + 92, 6, '#d9d1c2'),
  );
  d.add(rect(720, 464, 400, 18, C.white), rect(720, 482, 400, 6, '#d9d1c2'), rect(746, 488, 348, 30, C.white));
  // profile detail (section of crown) as small callout
  d.add(shadow(900, 872, 200, 12, 0.2));
  d.add(
    g(
      [rect(0, 0, 360, 30, C.white), rect(0, 24, 360, 6, '#d9d1c2'), rect(30, -24, 300, 24, '#f1ebe0')],
      'transform="translate(720 834) rotate(-2)"',
    ),
  );
};

const cabinets: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#efe4d2'));
  // backsplash
  d.add(rect(80, 420, 1040, 180, '#f5f0e7'));
  for (let y = 420; y < 600; y += 30)
    for (let x = 80 + ((y / 30) % 2) * 30; x < 1120; x += 60) d.add(rect(x + 1.5, y + 1.5, 57, 27, '#ece6da'));
  d.add(rect(0, 860, 1200, 40, '#9a6a43'));
  const door = C.wood;
  // uppers
  const upper = (x: number, w: number) => {
    d.add(rect(x, 120, w, 290, darken(door, 0.2)));
    for (let i = 0; i < w / 130 - 0.1; i++) {
      const dw = w / Math.round(w / 130);
      d.add(shakerDoor(x + i * dw + 4, 126, dw - 8, 278, door, r, 1));
      d.add(rect(x + i * dw + (i % 2 === 0 ? dw - 24 : 16), 350, 8, 40, C.bronze));
    }
    d.add(rect(x - 10, 96, w + 20, 24, darken(door, 0.1)), rect(x - 16, 88, w + 32, 10, darken(door, 0.25)));
  };
  upper(80, 390);
  upper(730, 390);
  // one open upper door showing shelves
  d.add(rect(990, 126, 126, 278, '#e9dcc6'), rect(990, 210, 126, 8, C.woodLight), rect(990, 300, 126, 8, C.woodLight));
  for (let i = 0; i < 3; i++) d.add(ellipse(1052, 200 - i * 8, 46, 6, i % 2 ? C.cream : '#dcd2c0'));
  d.add(rrect(1005, 256, 34, 44, 6, C.rim), rrect(1050, 256, 34, 44, 6, C.pineMid));
  d.add(
    poly([1120, 126, 1190, 100, 1190, 430, 1120, 404], darken(door, 0.05)),
    poly([1130, 140, 1180, 122, 1180, 408, 1130, 392], darken(door, 0.18)),
  );
  // window between uppers
  d.add(windowView(d, land, 510, 150, 180, 230, { muntins: 'vertical', sill: false, casingW: 18 }));
  // lowers
  d.add(rect(80, 620, 1040, 220, darken(door, 0.2)));
  // drawer bank
  for (let i = 0; i < 3; i++) {
    d.add(
      rect(86, 626 + i * 70, 180, 64, door),
      rect(96, 636 + i * 70, 160, 44, darken(door, 0.08)),
      rect(146, 652 + i * 70, 60, 8, C.bronze),
    );
  }
  for (let x = 272; x < 1110; x += 168) {
    d.add(shakerDoor(x, 626, 162, 206, door, r, 1));
    d.add(rect(x + (((x - 272) / 168) % 2 === 0 ? 140 : 14), 650, 8, 40, C.bronze));
  }
  d.add(rect(80, 832, 1040, 28, '#3a2a1e'));
  // counter (butcher block)
  d.add(rect(66, 590, 1068, 30, C.woodPale), rect(66, 612, 1068, 8, C.woodLight));
  for (let x = 66; x < 1134; x += 62) d.add(rect(x, 590, 2, 22, C.woodLight));
  // items on the counter
  d.add(
    rrect(150, 520, 60, 70, 8, C.cream),
    rect(160, 500, 6, 30, C.wood),
    rect(175, 494, 6, 36, C.wood),
    rect(190, 504, 6, 28, C.wood),
  );
  d.add(pottedPlant(920, 590, 0.8, r));
};

const drywall: Scene = (d, r, land) => {
  const top = 48;
  const floor = 780;
  // back of the cavity
  d.add(rect(0, 0, 1200, 900, '#3e3128'));
  // open studs with insulation batts (right part)
  for (let x = 600; x < 1200; x += 96) {
    d.add(rect(x + 22, top, 74, floor - top, '#e9c37a'));
    let wave = '';
    for (let y = top + 12; y < floor; y += 26) wave += `M${x + 26} ${y}Q${x + 59} ${y + 16} ${x + 92} ${y}`;
    d.add(`<path d="${wave}" fill="none" stroke="#d2a85d" stroke-width="3"/>`);
  }
  // window rough opening with the view
  const wx = 720;
  const wy = 180;
  const ww = 264;
  const wh = 250;
  d.add(rect(wx - 22, wy - 60, ww + 44, wh + 82, '#3e3128'));
  d.add(view(land, wx, wy, ww, wh));
  for (let x = 600; x < 1200; x += 96) {
    if (x > wx - 40 && x < wx + ww) {
      d.add(rect(x, top, 22, wy - 60 - top, C.woodPale), rect(x, wy + wh + 22, 22, floor - wy - wh - 22, C.woodPale));
      continue;
    }
    d.add(rect(x, top, 22, floor - top, C.woodPale), rect(x + 17, top, 5, floor - top, C.woodLight));
  }
  d.add(rect(wx - 22, wy - 60, ww + 44, 42, C.woodPale), rect(wx - 22, wy - 22, ww + 44, 4, C.woodLight));
  d.add(rect(wx - 22, wy - 18, 22, wh + 18, C.woodPale), rect(wx + ww, wy - 18, 22, wh + 18, C.woodPale));
  d.add(rect(wx - 22, wy + wh, ww + 44, 22, C.woodPale), rect(wx - 22, wy + wh + 18, ww + 44, 4, C.woodLight));
  d.add(rect(0, top, 1200, 18, C.woodPale), rect(0, floor - 18, 1200, 18, C.woodPale));
  // hung drywall (left part): two 4x8 sheets stacked horizontally per row
  const sheet = '#e9e8e3';
  d.add(rect(0, top, 600, floor - top, sheet));
  d.add(rect(596, top, 4, floor - top, '#c9c7c0'));
  const mud = '#f8f7f3';
  // taped + feathered seams
  for (const x of [280])
    d.add(
      rect(x - 34, top, 68, floor - top, '#f1f0eb'),
      rect(x - 18, top, 36, floor - top, mud),
      rect(x - 2, top, 4, floor - top, '#fdfdfb'),
    );
  d.add(rect(0, 380, 600, 64, '#f1f0eb'), rect(0, 394, 600, 36, mud), rect(0, 411, 600, 3, '#fdfdfb'));
  // screw spots, spotted with mud
  let dots = '';
  for (const x of [22, 118, 214, 346, 442, 538]) for (let y = 100; y < floor - 40; y += 110) dots += `M${x} ${y}h0.1`;
  d.add(`<path d="${dots}" stroke="#fafaf7" stroke-width="14" stroke-linecap="round"/>`);
  // ceiling + subfloor
  d.add(rect(0, 0, 1200, top, '#eceae5'), rect(0, top - 6, 1200, 6, '#cfccc4'));
  d.add(rect(0, floor, 1200, 120, '#caa873'));
  for (let x = 0; x < 1200; x += 240) d.add(rect(x, floor, 3, 120, '#a98955'));
  // a full sheet leaning against the studs (edge shows the gypsum core)
  d.add(shadow(1085, 872, 120, 12, 0.3));
  d.add(
    poly([990, 250, 1160, 236, 1190, 868, 1010, 876], sheet),
    poly([1160, 236, 1178, 238, 1204, 866, 1190, 868], '#cfcbbf'),
  );
  d.add(poly([990, 250, 1160, 236, 1161, 250, 991, 264], '#dcdad3'));
  // drywall T-square leaning on the hung sheets
  d.add(
    g(
      [
        rect(0, 0, 26, 560, C.steelLight),
        rect(20, 0, 6, 560, C.steel),
        rect(-110, -22, 246, 26, C.steelLight),
        rect(-110, -2, 246, 6, C.steel),
      ],
      'transform="translate(470 300) rotate(6)"',
    ),
  );
  // mud pan with joint compound
  d.add(shadow(310, 880, 170, 14, 0.3));
  d.add(poly([180, 800, 440, 800, 420, 872, 200, 872], C.steelLight), rect(176, 794, 268, 10, C.steel));
  d.add(pathD('M196 798 Q240 770 290 792 Q330 760 380 790 Q410 776 428 798 Z', mud));
  // 6" taping knife lying on the floor
  d.add(
    g(
      [
        poly([0, -46, 22, -46, 90, -14, 90, 14, 22, 46, 0, 46], C.steelLight),
        rect(0, -46, 8, 92, '#e8ecee'),
        rect(88, -16, 26, 32, C.steelDark),
        rrect(110, -18, 140, 36, 18, C.pineDark),
        circle(232, 0, 6, C.steelDark),
      ],
      'transform="translate(560 838) rotate(-10)"',
    ),
  );
};

const painting: Scene = (d, r, land) => {
  const oldC = '#e8dcc6';
  const newC = '#4d7a55';
  d.add(rect(0, 0, 1200, 900, oldC));
  // newly painted region with a ragged roller edge
  let edge = 'M1200 48H590';
  for (let y = 48; y <= 760; y += 40) edge += `L${f(590 + Math.sin(y / 37) * 8 + between(r, -5, 5))} ${y}`;
  edge += 'L1200 760Z';
  d.add(pathD(edge, newC));
  let marks = '';
  for (let i = 0; i < 8; i++) marks += `M${f(between(r, 620, 1150))} 60V${f(between(r, 500, 740))}`;
  d.add(`<path d="${marks}" stroke="#ffffff" stroke-width="18" opacity="0.05"/>`);
  // the stripe being rolled right now
  d.add(rect(482, 300, 112, 460, newC), rect(482, 300, 112, 460, '#ffffff', 'opacity="0.07"'));
  d.add(pathD('M482 300 q28 -14 56 0 q28 14 56 0 v30 h-112Z', newC));
  // painter's tape + ceiling
  d.add(rect(0, 0, 1200, 40, C.white), rect(0, 34, 1200, 6, '#d9d1c2'), rect(0, 40, 1200, 10, '#7fb3cf'));
  // window (left)
  d.add(windowView(d, land, 120, 170, 250, 300, { muntins: 'cross', casing: C.white }));
  // baseboard, tape, floor with drop cloth
  d.add(baseboard(760, 1200, C.white), rect(0, 752, 1200, 10, '#7fb3cf'));
  d.add(rect(0, 838, 1200, 62, '#a9713f'));
  d.add(pathD('M300 832 Q600 814 1200 828 L1200 900 L250 900 Q240 860 300 832Z', '#efe6d4'));
  d.add(`<path d="M420 852 Q520 872 640 850M760 872 Q860 852 980 874" fill="none" stroke="#d9ccb3" stroke-width="5"/>`);
  // roller on an extension pole, mid-stroke at the top of the stripe
  const rx = 478;
  const ry = 262;
  d.add(line(566, 420, 470, 900, C.woodLight, 18, 'stroke-linecap="round"'));
  d.add(rrect(548, 380, 36, 80, 14, C.pineDark));
  d.add(polyline([566, 390, 566, 350, 646, 330, 646, ry + 29, rx + 136, ry + 29], C.steelDark, 9));
  d.add(shadow(rx + 63, ry + 60, 70, 6, 0.2));
  d.add(rrect(rx - 8, ry, 142, 58, 26, '#3d6645'), rrect(rx - 2, ry + 6, 130, 14, 7, '#ffffff', 'opacity="0.2"'));
  let nap = '';
  for (let x = rx + 8; x < rx + 126; x += 12) nap += `M${x} ${ry + 26}v22`;
  d.add(`<path d="${nap}" stroke="#2f5238" stroke-width="3" stroke-linecap="round"/>`);
  d.add(rect(rx + 130, ry + 22, 12, 14, C.steelDark));
  // tray with paint
  d.add(shadow(750, 886, 160, 12, 0.25));
  d.add(
    poly([630, 848, 880, 848, 858, 888, 652, 888], C.steelLight),
    poly([660, 846, 860, 846, 844, 872, 676, 872], newC),
    rect(620, 842, 270, 8, C.steel),
  );
  // paint can with a drip and a brush resting on it
  d.add(shadow(1020, 892, 96, 10, 0.25));
  d.add(rect(940, 730, 150, 160, C.steelLight), rect(940, 730, 150, 8, C.steel), ellipse(1015, 732, 75, 12, newC));
  d.add(
    rect(940, 782, 150, 62, C.cream),
    rect(940, 782, 150, 10, C.rim),
    pathD('M990 800 l25 -12 l25 12 l-25 28Z', C.pine),
  );
  d.add(pathD('M956 734 v44 a9 9 0 0 0 18 0 v-44Z', newC));
  d.add(
    g(
      [
        rrect(-20, 0, 40, 130, 14, C.wood),
        rect(-22, 130, 44, 26, C.steelDark),
        rect(-24, 156, 48, 50, '#e8e0cf'),
        rect(-24, 186, 48, 20, newC),
      ],
      'transform="translate(1130 580) rotate(20)"',
    ),
  );
};

const doorsWindows: Scene = (d, r, land) => {
  d.add(`<use href="#${land}"/>`);
  d.add(pine(70, 760, 560, C.pineDark, r), pine(1140, 760, 600, C.pineDark, r));
  exteriorGround(d, 840, r);
  // house front: board and batten
  const wx0 = 140;
  const wx1 = 1060;
  d.add(rect(wx0, 200, wx1 - wx0, 640, '#6f7f62'));
  for (let x = wx0; x < wx1; x += 40) d.add(rect(x, 200, 8, 640, '#62714f'));
  // stone wainscot
  d.add(stoneWall(wx0, 700, wx1 - wx0, 140, r, ['#b08d6e', '#c7a584', '#9b7a60', '#a57d5f'], '#6d5445', 40));
  d.add(rect(wx0 - 6, 690, wx1 - wx0 + 12, 14, C.creamShade));
  // porch roof
  d.add(poly([100, 210, 1100, 210, 1060, 150, 140, 150], '#3c2f2c'), rect(96, 206, 1008, 22, C.cream));
  // door
  const dx = 510;
  const dw = 180;
  d.add(rect(dx - 30, 380, dw + 60, 10, C.cream));
  d.add(rect(dx - 26, 390, 26, 440, C.cream), rect(dx + dw, 390, 26, 440, C.cream));
  d.add(rect(dx, 390, dw, 440, '#8b5a2b'));
  for (let i = 0; i < 3; i++) d.add(view(land, dx + 20 + i * 49, 410, 42, 110));
  d.add(rect(dx + 20, 540, dw - 40, 10, '#744a22'));
  for (let i = 0; i < 3; i++) d.add(rect(dx + 22 + i * 48, 570, 40, 230, '#7a4e24'));
  d.add(grain(dx, 560, dw, 260, '#5f3b1b', r, 3, false));
  d.add(circle(dx + dw - 26, 640, 9, C.gold), rect(dx + dw - 30, 650, 8, 30, C.bronze));
  // wall lantern
  d.add(
    rect(dx + dw + 46, 470, 40, 60, C.ink),
    rect(dx + dw + 52, 480, 28, 42, '#ffd98a'),
    poly([dx + dw + 40, 470, dx + dw + 92, 470, dx + dw + 66, 450], C.ink),
  );
  // windows
  d.add(windowView(d, land, 220, 320, 190, 290, { muntins: 'grid', casing: C.cream, frame: C.cream }));
  d.add(windowView(d, land, 790, 320, 190, 290, { muntins: 'grid', casing: C.cream, frame: C.cream }));
  // steps
  d.add(rect(440, 830, 320, 30, '#b5a58f'), rect(410, 860, 380, 40, '#a39378'), rect(440, 830, 320, 5, '#cfc0a6'));
  d.add(rrect(530, 818, 140, 14, 4, C.rim));
  d.add(pottedPlant(390, 832, 0.9, r), pottedPlant(810, 832, 0.9, r));
};

function vanity(d: Doc, r: Rnd, x: number, y: number, w: number, o: { dated?: boolean } = {}) {
  const h = 260;
  const body = o.dated ? '#d9ccb1' : C.wood;
  d.add(shadow(x + w / 2, y + h + 6, w / 2 + 20, 10, 0.2));
  d.add(rect(x, y, w, h, darken(body, 0.2)));
  const dw = (w - 18) / 2;
  d.add(rect(x + 6, y + 56, dw, h - 76, body), rect(x + 12 + dw, y + 56, dw, h - 76, body));
  d.add(rect(x + 6, y + 8, w - 12, 42, body));
  if (!o.dated) {
    d.add(
      rect(x + 26, y + 76, dw - 40, h - 116, darken(body, 0.1)),
      rect(x + 32 + dw, y + 76, dw - 40, h - 116, darken(body, 0.1)),
    );
    d.add(
      rect(x + w / 2 - 30, y + 24, 60, 8, C.bronze),
      rect(x + dw - 16, y + 120, 8, 40, C.bronze),
      rect(x + dw + 26, y + 120, 8, 40, C.bronze),
    );
    d.add(grain(x + 6, y + 56, dw, h - 76, darken(body, 0.3), r, 2, false));
  } else {
    d.add(circle(x + dw - 16, y + 130, 7, '#c9b78c'), circle(x + dw + 34, y + 130, 7, '#c9b78c'));
  }
  d.add(rect(x, y + h - 14, w, 14, '#2d2420'));
  // counter + sink + faucet
  d.add(rect(x - 14, y - 22, w + 28, 24, o.dated ? '#e5dcc8' : '#f1ece4'), rect(x - 14, y - 2, w + 28, 4, '#cfc6b6'));
  d.add(ellipse(x + w / 2, y - 22, 70, 8, '#d5cdbf'));
  d.add(
    rect(x + w / 2 - 4, y - 70, 8, 48, o.dated ? '#b8bcbf' : C.bronze),
    rect(x + w / 2 - 4, y - 70, 40, 8, o.dated ? '#b8bcbf' : C.bronze),
  );
}

const bathroomRemodeling: Scene = (d, r, land) => bathroomScene(d, r, land, false);

function bathroomScene(d: Doc, r: Rnd, land: string, before: boolean) {
  d.add(rect(0, 0, 1200, 900, before ? '#d7c9a8' : '#e4ddd0'));
  if (before) {
    let stripes = '';
    for (let x = 0; x < 1200; x += 60) stripes += `M${x} 0V900`;
    d.add(`<path d="${stripes}" stroke="#c7b690" stroke-width="14"/>`);
  }
  // floor
  d.add(rect(0, 820, 1200, 80, before ? '#b9b29f' : '#8f8377'));
  for (let x = 0; x < 1200; x += 60) d.add(rect(x + 2, 822, 56, 78, before ? '#c5bea9' : '#9a8e82'));
  // tiled wall behind the tub (right)
  const ax = 600;
  const tileTop = before ? 120 : 300;
  d.add(rect(ax, tileTop, 540, 820 - tileTop, before ? '#e6d7b5' : '#d8d2c6'));
  const tileCol = before ? ['#e9cfa0', '#e4c893'] : ['#f4f1ea', '#eeeae2', '#f7f4ee'];
  for (let y = 820, row = 0; y > tileTop; y -= 50, row++)
    for (let x = ax + (row % 2) * 50 - 50; x < ax + 540; x += 100) {
      const x0 = Math.max(ax, x);
      const x1 = Math.min(ax + 540, x + 100);
      const y0 = Math.max(tileTop, y - 50);
      d.add(rect(x0 + 2, y0 + 2, x1 - x0 - 4, y - y0 - 4, pick(r, tileCol)));
    }
  if (!before) d.add(rect(ax, tileTop - 14, 540, 14, C.white), rect(ax, tileTop - 2, 540, 4, '#d9d1c2'));
  d.add(
    windowView(d, land, 770, 130, 200, 130, {
      muntins: before ? 'grid' : 'vertical',
      sill: !before,
      casingW: 14,
      casing: before ? '#e6d7b5' : C.white,
    }),
  );
  if (before) {
    // dated alcove tub
    d.add(rect(ax, 620, 540, 200, '#e9e2c4'), rect(ax, 620, 540, 26, '#ddd5b2'), rect(ax, 800, 540, 20, '#cfc6a0'));
    d.add(rect(1000, 560, 10, 60, '#b8bcbf'), rect(960, 556, 50, 10, '#b8bcbf'), circle(1040, 580, 14, '#b8bcbf'));
  } else {
    // freestanding soaking tub with a floor-mounted filler
    d.add(shadow(870, 826, 260, 14, 0.25));
    d.add(
      pathD('M640 600 H1100 Q1112 600 1110 616 Q1092 776 960 800 H780 Q648 776 630 616 Q628 600 640 600 Z', C.white),
    );
    d.add(pathD('M640 600 H1100 Q1112 600 1110 616 L1108 628 H632 L630 616 Q628 600 640 600Z', '#e9e4db'));
    d.add(
      pathD(
        'M660 640 Q690 760 790 782',
        'none',
        'stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.9"',
      ),
    );
    d.add(pathD('M1080 650 Q1060 750 960 784 H900 Q1030 740 1060 650Z', '#e6e0d6'));
    d.add(rect(720, 796, 30, 24, C.bronze), rect(990, 796, 30, 24, C.bronze));
    d.add(
      pathD(
        'M1150 820 V520 Q1150 490 1120 490 Q1096 490 1096 514 V530',
        'none',
        `stroke="${C.bronze}" stroke-width="12" stroke-linecap="round"`,
      ),
    );
    d.add(rect(1138, 640, 24, 10, C.bronze));
    // folded towel on the tub rim + tray
    d.add(rect(690, 584, 150, 20, C.woodLight), rrect(700, 560, 60, 26, 8, C.pineMid), rect(776, 568, 30, 18, C.cream));
  }
  vanity(d, r, 110, 560, 400, { dated: before });
  if (before) {
    d.add(
      rect(120, 180, 380, 280, '#a8a89c'),
      rect(132, 192, 356, 256, '#c9ced0'),
      ellipse(220, 260, 70, 30, '#8f8a78', 'opacity="0.35"'),
    );
    d.add(rect(150, 130, 320, 34, '#e9e6dc'), rect(150, 158, 320, 6, '#b8bcbf'));
  } else {
    d.add(
      rrect(190, 150, 240, 330, 120, C.woodLight),
      rrect(204, 164, 212, 302, 106, '#c7dde1'),
      poly([260, 200, 320, 200, 240, 430, 214, 400], '#ffffff', 'opacity="0.25"'),
    );
    for (const x of [140, 480]) d.add(rect(x - 4, 250, 8, 60, C.bronze), rrect(x - 18, 210, 36, 50, 10, '#fbe9c0'));
  }
  d.add(pottedPlant(560, 822, 0.8, r));
}

const kitchenRemodeling: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#eee4d3'));
  d.add(rect(0, 860, 1200, 40, '#a9713f'));
  // backsplash (zellige-like)
  d.add(rect(40, 420, 1120, 190, '#dfe6e2'));
  for (let y = 420; y < 610; y += 38)
    for (let x = 40; x < 1160; x += 38)
      d.add(rect(x + 1.5, y + 1.5, 35, 35, pick(r, ['#e6ece9', '#d9e2de', '#edf1ef'])));
  // uppers (cream) left
  const up = (x: number, w: number) => {
    d.add(rect(x, 110, w, 290, '#e4d8c3'));
    const n = Math.round(w / 130);
    const dw = w / n;
    for (let i = 0; i < n; i++) {
      d.add(
        rect(x + i * dw + 4, 116, dw - 8, 278, C.cream),
        rect(x + i * dw + 26, 138, dw - 52, 234, '#efe6d6'),
        rect(x + i * dw + (i % 2 === 0 ? dw - 22 : 14), 330, 8, 40, C.gold),
      );
    }
    d.add(rect(x - 10, 90, w + 20, 20, C.cream), rect(x - 16, 82, w + 32, 10, '#d9ccb4'));
  };
  up(40, 300);
  // hood above range
  d.add(
    poly([420, 0, 580, 0, 580, 250, 660, 360, 340, 360, 420, 250], '#d7dcdf'),
    rect(330, 356, 340, 24, '#b9c1c6'),
    rect(420, 0, 20, 250, '#c3cad0'),
  );
  // window over sink (right)
  d.add(windowView(d, land, 760, 130, 320, 230, { muntins: 'cross', sill: false, casingW: 20 }));
  // lowers (pine green)
  const low = C.pine;
  d.add(rect(40, 630, 1120, 210, darken(low, 0.25)));
  for (let x = 40; x < 1160; x += 140) {
    if (x >= 380 && x < 660) continue;
    d.add(
      rect(x + 4, 636, 132, 198, low),
      rect(x + 22, 656, 96, 158, darken(low, 0.12)),
      rect(x + 62, 652, 16, 8, C.gold),
    );
  }
  d.add(rect(40, 834, 1120, 26, '#1e2a22'));
  // range
  d.add(rect(380, 600, 280, 240, '#c7cdd2'), rect(380, 600, 280, 50, '#aab2b8'));
  for (let i = 0; i < 5; i++) d.add(circle(410 + i * 55, 625, 10, C.ink));
  d.add(rect(404, 670, 232, 140, '#2a2f33'), rect(420, 686, 200, 80, '#3d454b'), rect(404, 676, 232, 8, '#d5dadd'));
  d.add(rect(380, 592, 280, 10, '#2b2b2e'));
  // counter (quartz)
  d.add(
    rect(30, 604, 350, 30, '#f4f1ec'),
    rect(660, 604, 510, 30, '#f4f1ec'),
    rect(30, 626, 350, 6, '#d8d2c8'),
    rect(660, 626, 510, 6, '#d8d2c8'),
  );
  // sink + faucet under the window
  d.add(
    rect(840, 600, 160, 8, '#b9c1c6'),
    pathD(
      'M915 604 V540 Q915 520 945 520 Q970 520 970 545 V556',
      'none',
      `stroke="${C.gold}" stroke-width="9" stroke-linecap="round"`,
    ),
  );
  // pot on the range + cutting board + plant
  d.add(rect(430, 548, 90, 50, C.rim), rect(420, 546, 110, 8, C.rimDark), rect(470, 536, 10, 12, C.ink));
  d.add(rrect(120, 470, 110, 134, 30, C.woodLight), circle(175, 500, 10, '#eee4d3'));
  d.add(pottedPlant(1090, 604, 0.7, r));
};

/** An Adirondack chair seen from the front, standing on (x, base). */
function adirondack(x: number, base: number, color: string): string {
  const dark = darken(color, 0.18);
  const slats: string[] = [];
  const heights = [150, 176, 190, 176, 150];
  heights.forEach((h, i) => slats.push(rrect(x - 62 + i * 26, base - 60 - h, 20, h, 10, color)));
  return [
    ...slats,
    rect(x - 70, base - 130, 140, 12, dark),
    rect(x - 92, base - 100, 34, 100, dark),
    rect(x + 58, base - 100, 34, 100, dark),
    rect(x - 100, base - 108, 52, 14, color),
    rect(x + 48, base - 108, 52, 14, color),
    rect(x - 60, base - 62, 120, 22, color),
  ].join('');
}

function deckScene(d: Doc, r: Rnd, land: string, o: { before?: boolean } = {}) {
  const before = o.before ?? false;
  const weathered = '#9a8b78';
  d.add(`<use href="#${land}"/>`);
  d.add(pine(1140, 720, 600, C.pineDark, r), pine(1020, 700, 380, C.pine, r));
  exteriorGround(d, 770, r);
  // house wall at the back left
  d.add(lapBoards(0, 170, 720, 420, 34, ['#7b5a3d', '#735337'], r, '#5a4029'));
  d.add(rect(0, 150, 740, 24, C.cream), rect(0, 130, 760, 24, '#3c2f2c'));
  d.add(
    windowView(d, land, 80, 250, 200, 270, {
      muntins: 'vertical',
      sill: false,
      casing: C.cream,
      frame: C.cream,
      casingW: 16,
    }),
  );
  d.add(windowView(d, land, 420, 270, 180, 190, { muntins: 'cross', casing: C.cream, frame: C.cream, casingW: 16 }));
  // deck surface (seen from above, boards parallel to the house)
  const backY = 590;
  const frontY = 730;
  const xr = (y: number) => 880 + ((y - backY) / (frontY - backY)) * 80;
  d.add(poly([0, backY, xr(backY), backY, xr(frontY), frontY, 0, frontY], '#3a2a1c'));
  const deckColors = before ? [weathered, '#a29380', '#918370'] : ['#b07a45', '#a86f3c', '#b9834d', '#a26a38'];
  const boards: number[] = [];
  for (let y = backY, h = 11; y < frontY - 2; y += h + 2.5, h += 0.9) boards.push(y, Math.min(h, frontY - y));
  for (let i = 0; i < boards.length; i += 2) {
    const y = boards[i]!;
    const h = boards[i + 1]!;
    const x1 = xr(y + h);
    if (before && (i === 6 || i === 12)) {
      // missing board: joists show through
      for (let x = 60; x < x1; x += 140) d.add(rect(x, y, 16, h, '#6b4a2e'));
      continue;
    }
    d.add(rect(0, y, x1, h, pick(r, deckColors)));
    if (before && i % 4 === 2)
      d.add(
        polyline(
          [between(r, 60, 300), y + h / 2, between(r, 320, 420), y + h / 2 - 2, between(r, 440, 640), y + h / 2 + 1],
          '#4a3b2c',
          2.5,
        ),
      );
  }
  if (before) {
    d.add(
      ellipse(250, 700, 90, 14, '#3e3a2c', 'opacity="0.35"'),
      ellipse(720, 660, 70, 10, '#3e3a2c', 'opacity="0.3"'),
      ellipse(460, 620, 50, 8, '#5b6a3a', 'opacity="0.45"'),
    );
  }
  // furniture behind the railing
  if (!before) {
    d.add(adirondack(190, backY + 60, C.rim), adirondack(470, backY + 60, C.rim));
    d.add(
      rect(290, backY, 90, 12, C.woodDark),
      rect(300, backY + 12, 10, 44, C.woodDark),
      rect(360, backY + 12, 10, 44, C.woodDark),
    );
    d.add(pottedPlant(640, backY + 40, 0.9, r));
  } else {
    d.add(g(rect(0, 0, 160, 16, weathered), `transform="translate(520 ${backY + 40}) rotate(-8)"`));
  }
  // fascia + skirting
  d.add(
    rect(0, frontY, xr(frontY) + 2, 36, before ? '#8d7a66' : C.wood),
    rect(0, frontY + 30, xr(frontY) + 2, 6, C.woodDark),
  );
  d.add(rect(0, frontY + 36, xr(frontY), 94, '#4a3322'));
  let lattice = '';
  for (let x = -90; x < 980; x += 30) lattice += `M${x} ${frontY + 36}l94 94M${x + 94} ${frontY + 36}l-94 94`;
  d.add(
    g(
      `<path d="${lattice}" stroke="${before ? '#8d7a66' : C.woodLight}" stroke-width="6"/>`,
      d.clip(rect(0, frontY + 36, xr(frontY), 94, '#000')),
    ),
  );
  if (before) d.add(poly([300, frontY + 36, 420, frontY + 36, 440, frontY + 130, 290, frontY + 130], '#2a1e15'));
  // stairs at the right
  const sx = xr(frontY);
  for (let i = 0; i < 4; i++) {
    const y = frontY + 6 + i * 40;
    const x = sx + 4 + i * 8;
    const broken = before && i === 1;
    d.add(rect(x, y + 14, 160, 26, C.woodDark));
    if (!broken) d.add(rect(x - 6, y, 172, 14, pick(r, deckColors)));
  }
  // railing along the front edge
  const railTop = 520;
  const railBottom = frontY - 26;
  const bal: string[] = [];
  for (let x = 36; x < sx - 20; x += 46) {
    if (before && x > 380 && x < 520) continue;
    if (before && x > 700 && x < 760) {
      bal.push(g(rect(0, 0, 14, 150, weathered), `transform="translate(${x} ${railTop + 40}) rotate(16)"`));
      continue;
    }
    bal.push(
      rect(x, railTop + 20, 14, railBottom - railTop - 20, before ? weathered : C.woodLight),
      rect(x + 10, railTop + 20, 4, railBottom - railTop - 20, before ? '#7e6c58' : C.wood),
    );
  }
  d.add(...bal);
  d.add(rect(0, railBottom, sx, 16, before ? '#8d7a66' : C.wood));
  if (before) {
    d.add(
      rect(0, railTop, 380, 22, '#8d7a66'),
      g(rect(0, 0, 230, 22, '#8d7a66'), `transform="translate(380 ${railTop}) rotate(10)"`),
      rect(640, railTop, sx - 640, 22, '#8d7a66'),
    );
  } else {
    d.add(rect(-10, railTop - 8, sx + 20, 26, C.woodLight), rect(-10, railTop + 14, sx + 20, 6, C.wood));
  }
  for (const x of [16, 320, 624, sx - 40]) {
    const lean = before && x === 624 ? 'transform="rotate(5 644 760)"' : '';
    d.add(
      g(
        [
          rect(x, railTop - 20, 40, frontY + 130 - railTop + 20, before ? '#8d7a66' : C.woodLight),
          rect(x + 32, railTop - 20, 8, frontY + 130 - railTop + 20, before ? '#7e6c58' : C.wood),
          rect(x - 5, railTop - 32, 50, 14, before ? '#7e6c58' : C.wood),
        ],
        lean,
      ),
    );
  }
  // stair railing
  d.add(
    poly(
      [sx + 4, railTop - 10, sx + 200, railTop + 150, sx + 200, railTop + 172, sx + 4, railTop + 12],
      before ? '#8d7a66' : C.woodLight,
    ),
  );
  for (let x = sx + 40; x < sx + 190; x += 40) {
    if (before && x > sx + 100) continue;
    const y = railTop + 12 + ((x - sx) / 196) * 160;
    d.add(rect(x, y, 12, frontY + 30 + ((x - sx) / 200) * 120 - y, before ? weathered : C.woodLight));
  }
  d.add(
    rect(sx + 176, railTop + 130, 36, 250, before ? '#8d7a66' : C.woodLight),
    rect(sx + 172, railTop + 120, 44, 14, before ? '#7e6c58' : C.wood),
  );
  if (before) d.add(g(rect(0, 0, 150, 14, weathered), `transform="translate(${sx + 50} ${frontY + 140}) rotate(14)"`));
}

const decks: Scene = (d, r, land) => deckScene(d, r, land);

const fences: Scene = (d, r, land) => {
  d.add(`<use href="#${land}"/>`);
  d.add(
    pine(80, 600, 340, C.pineDark, r),
    pine(260, 590, 260, C.pine, r),
    pine(960, 590, 300, C.pine, r),
    pine(1120, 600, 380, C.pineDark, r),
  );
  exteriorGround(d, 640, r, groundColors.grass);
  const top = 380;
  const bottom = 790;
  d.add(shadow(600, bottom + 10, 640, 24, 0.18));
  // posts + pickets
  const pickets: string[] = [];
  const gateX0 = 760;
  const gateX1 = 960;
  for (let x = 0; x < 1200; x += 52) {
    const gate = x >= gateX0 && x < gateX1;
    const h0 = gate ? top + 20 : top;
    const c = pick(r, ['#b07a45', '#b9834d', '#a86f3c', '#bf8a55']);
    pickets.push(poly([x + 2, h0 + 22, x + 14, h0, x + 36, h0, x + 48, h0 + 22, x + 48, bottom, x + 2, bottom], c));
    pickets.push(rect(x + 42, h0 + 22, 6, bottom - h0 - 22, darken(c, 0.15)));
    pickets.push(grain(x + 4, h0 + 30, 40, bottom - h0 - 40, darken(c, 0.3), r, 1, false));
  }
  d.add(...pickets);
  // posts with caps
  for (const x of [-10, 300, 610, gateX0 - 20, gateX1 - 4, 1170]) {
    d.add(
      rect(x, top - 40, 44, bottom - top + 48, C.wood),
      rect(x + 36, top - 40, 8, bottom - top + 48, C.woodDark),
      rect(x - 6, top - 52, 56, 16, C.woodDark),
    );
  }
  // gate hardware
  d.add(
    rect(gateX0 + 20, 470, 60, 12, C.ink),
    rect(gateX0 + 20, 700, 60, 12, C.ink),
    rect(gateX1 - 50, 560, 40, 14, C.ink),
    circle(gateX1 - 30, 584, 10, C.ink),
  );
  // flowers / shrubs in front
  d.add(ellipse(150, 820, 120, 46, C.pineMid), ellipse(480, 830, 100, 40, C.pine));
  for (let i = 0; i < 14; i++)
    d.add(circle(between(r, 60, 560), between(r, 790, 820), 7, pick(r, [C.gold, '#e58f5f', C.cream])));
  // path to gate
  d.add(poly([gateX0 + 20, bottom + 6, gateX1 - 20, bottom + 6, 1040, 900, 700, 900], '#d8c09a'));
};

const rottenWood: Scene = (d, r, land) => {
  // looking up at an eave: sky and rim at the top, roof edge, a big fascia board, soffit, siding
  d.add(view(land, 0, 0, 1200, 240, 0.42));
  d.add(pine(1130, 250, 240, C.pineDark, r));
  // siding wall
  d.add(lapBoards(0, 560, 1200, 280, 42, ['#6f7f62', '#687a5c'], r, '#56654b'));
  // soffit with vent
  d.add(rect(0, 500, 1200, 60, C.creamShade), rect(0, 552, 1200, 8, '#c9bca4'));
  let vent = '';
  for (let x = 160; x < 300; x += 12) vent += `M${x} 516v28`;
  d.add(`<path d="${vent}" stroke="#b9ab92" stroke-width="5"/>`);
  // roof edge (shingles seen from below)
  d.add(poly([0, 196, 1200, 170, 1200, 280, 0, 280], '#4a3a37'));
  let tabs = '';
  for (let x = 0; x < 1200; x += 80) tabs += `M${x} 250v30`;
  d.add(`<path d="${tabs}" stroke="#2f2523" stroke-width="5"/>`, rect(0, 276, 1200, 12, '#8c949a'));
  // fascia
  const fy = 288;
  const fh = 212;
  // old board, painted, rotten toward its end
  d.add(rect(0, fy, 420, fh, '#e6dfcf'));
  d.add(pathD(`M200 ${fy} Q250 ${fy + 60} 236 ${fy + fh} L420 ${fy + fh} L420 ${fy} Z`, '#6b5236'));
  d.add(pathD(`M220 ${fy} Q262 ${fy + 50} 250 ${fy + fh}`, 'none', 'stroke="#8f7a5c" stroke-width="6"'));
  for (const [x, y, s] of [
    [300, fy + 40, 1.2],
    [360, fy + 100, 1],
    [390, fy + 30, 0.7],
    [270, fy + 120, 0.8],
  ] as const)
    d.add(
      pathD(
        `M${x} ${y} q${24 * s} ${-6 * s} ${30 * s} ${16 * s} q${-4 * s} ${24 * s} ${-28 * s} ${22 * s} q${-18 * s} ${-10 * s} ${-2 * s} ${-38 * s}Z`,
        '#2c2117',
      ),
    );
  d.add(
    polyline([60, fy + 40, 110, fy + 62, 150, fy + 52, 196, fy + 80], '#a2967e', 3),
    polyline([30, fy + 120, 100, fy + 110, 170, fy + 130], '#a2967e', 3),
  );
  d.add(
    pathD(`M120 ${fy + 70} l30 -10 l18 14 l-26 12Z`, '#cbbf9f'),
    pathD(`M60 ${fy + 84} l24 -4 l6 14 l-22 6Z`, '#cbbf9f'),
  );
  // splintered end
  d.add(
    poly([420, fy, 420, fy + fh, 404, fy + 140, 426, fy + 110, 400, fy + 80, 428, fy + 50, 408, fy + 20], '#4d3a26'),
  );
  // the gap: rafter tails behind the removed section
  d.add(rect(420, fy, 240, fh, '#231b15'));
  for (const x of [440, 548])
    d.add(rect(x, fy, 40, fh, C.woodLight), rect(x + 32, fy, 8, fh, C.wood), rect(x, fy, 40, 10, C.wood));
  // new board (fresh, unpainted) with a 45-degree scarf joint and nails
  d.add(
    poly([610, fy, 1200, fy, 1200, fy + fh, 650, fy + fh], C.woodBlond),
    rect(610, fy + fh - 10, 590, 10, C.woodPale),
  );
  d.add(grain(680, fy + 10, 480, fh - 30, C.woodPale, r, 4));
  d.add(
    `<path d="M670 ${fy + 30}h0.1M680 ${fy + 130}h0.1M1100 ${fy + 30}h0.1M1100 ${fy + 130}h0.1" stroke="${C.steelDark}" stroke-width="10" stroke-linecap="round"/>`,
  );
  // pry bar hooked behind the rotten board
  d.add(
    g(
      [rect(0, 0, 18, 300, '#3e5c7a'), pathD('M0 0 Q-12 -40 24 -52 L32 -40 Q12 -32 18 0Z', '#3e5c7a')],
      'transform="translate(392 500) rotate(-24)"',
    ),
  );
  // hammer at the new board
  // the ladder
  d.add(ladder(960, 900, 1010, 520, 70, C.steelLight));
  exteriorGround(d, 836, r);
  // removed rotten piece lying below
  d.add(shadow(300, 880, 220, 14, 0.3));
  d.add(
    g(
      [
        rect(0, 0, 380, 46, '#6b5236'),
        pathD('M250 0 q30 24 0 46 l130 0 l0 -46Z', '#2c2117'),
        circle(120, 22, 10, '#2c2117'),
      ],
      'transform="translate(110 820) rotate(3)"',
    ),
  );
  d.add(hammer(600, 846, -6, 1));
};

const fireplaceMantels: Scene = (d, r, land) => {
  d.add(rect(0, 0, 1200, 900, '#e7dccb'));
  d.add(rect(0, 830, 1200, 70, '#9b6a40'));
  for (let x = 0; x < 1200; x += 130) d.add(rect(x, 830, 3, 70, '#754b28'));
  d.add(baseboard(770, 1200, C.white));
  // windows on both sides
  d.add(windowView(d, land, 90, 170, 190, 420, { muntins: 'grid', casingW: 20 }));
  d.add(windowView(d, land, 920, 170, 190, 420, { muntins: 'grid', casingW: 20 }));
  // stone chimney breast
  d.add(
    stoneWall(380, 0, 440, 830, r, ['#c9a27e', '#b5846a', '#a56a52', '#d8bb97', '#9b7b64', '#c08c6a'], '#6e5a4e', 52),
  );
  d.add(rect(372, 0, 8, 830, '#00000018'));
  // firebox
  d.add(pathD('M470 770 V590 Q600 540 730 590 V770 Z', '#2a1e1a'));
  d.add(pathD('M490 770 V600 Q600 560 710 600 V770 Z', '#1a1311'));
  // fire
  d.add(
    pathD(
      'M520 750 Q520 690 560 660 Q552 700 580 700 Q570 640 610 610 Q620 670 650 690 Q660 660 680 650 Q700 700 680 750Z',
      C.flame,
    ),
  );
  d.add(pathD('M560 750 Q560 710 590 690 Q590 720 610 720 Q612 690 630 676 Q650 720 640 750Z', '#f7d36b'));
  d.add(
    g(
      [rrect(0, 0, 200, 26, 13, C.woodDark), rrect(30, -20, 150, 24, 12, C.wood)],
      'transform="translate(500 742) rotate(-3)"',
    ),
  );
  // hearth
  d.add(rect(430, 770, 340, 30, '#8a7565'), rect(430, 770, 340, 6, '#a48d7b'));
  // mantel beam
  d.add(shadow(600, 526, 250, 10, 0.25));
  d.add(rect(330, 450, 540, 70, C.wood), rect(330, 506, 540, 14, C.woodDark), rect(330, 450, 540, 8, C.woodLight));
  d.add(grain(340, 462, 520, 40, C.woodDark, r, 4));
  d.add(pathD('M360 478 q40 -6 80 4', 'none', `stroke="${C.woodDeep}" stroke-width="4" stroke-linecap="round"`));
  // items on the mantel
  d.add(rect(400, 390, 26, 60, C.cream), pathD('M413 372 q8 10 0 18 q-8 -8 0 -18Z', C.gold));
  d.add(rect(440, 410, 22, 40, C.cream), pathD('M451 394 q7 8 0 15 q-7 -7 0 -15Z', C.gold));
  d.add(rect(680, 330, 130, 120, C.woodDark), view(land, 692, 342, 106, 96, 0.48));
  d.add(
    pathD('M560 450 q-20 -40 0 -70 q20 30 0 70Z', C.pine),
    pathD('M560 450 q-40 -20 -40 -60 q30 20 40 60Z', C.pineMid),
    rrect(540, 420, 40, 30, 8, C.rim),
  );
  // basket of firewood
  d.add(shadow(900, 878, 130, 12, 0.25));
  d.add(pathD('M790 790 h220 l-20 90 h-180 Z', C.woodLight), rect(790, 790, 220, 12, C.wood));
  for (let i = 0; i < 5; i++)
    d.add(
      circle(820 + i * 40, 780 - (i % 2) * 16, 20, C.woodPale),
      circle(820 + i * 40, 780 - (i % 2) * 16, 8, C.woodLight),
    );
};

const serviceScenes: Record<ServiceSlug, Scene> = {
  framing,
  roofing,
  siding,
  'hardwood-floor': hardwoodFloor,
  'vinyl-plank': vinylPlank,
  'ceramic-tile': ceramicTile,
  'walk-in-showers': walkInShowers,
  'interior-trim': interiorTrim,
  cabinets,
  drywall,
  painting,
  'doors-windows': doorsWindows,
  'bathroom-remodeling': bathroomRemodeling,
  'kitchen-remodeling': kitchenRemodeling,
  decks,
  fences,
  'rotten-wood-replacement': rottenWood,
  'fireplace-mantels': fireplaceMantels,
};

// ---------------------------------------------------------------------------------------------
// Gallery: before / after pairs (same composition; "before" is drawn worn and then washed out)
// ---------------------------------------------------------------------------------------------

type PairScene = (d: Doc, r: Rnd, landId: string, before: boolean) => void;

const showerConversion: PairScene = (d, r, land, before) => {
  d.add(rect(0, 0, 1200, 900, before ? '#d9cfb6' : '#e9e0d2'));
  d.add(rect(0, 800, 1200, 100, before ? '#b7ad96' : '#8c7f72'));
  for (let x = 0; x < 1200; x += 48) d.add(rect(x + 2, 802, 44, 98, before ? '#c2b8a1' : '#9a8d80'));
  const ax0 = 290;
  const ax1 = 930;
  d.add(rect(ax0, 70, ax1 - ax0, 730, before ? '#cbbfa2' : '#d8d2c6'));
  if (before) {
    // dated square tile in pink with a border row
    for (let y = 70; y < 800; y += 64)
      for (let x = ax0; x < ax1; x += 64)
        d.add(rect(x + 2, y + 2, 60, 60, y === 454 ? '#7fa39a' : pick(r, ['#e9bfb6', '#e4b8ae', '#edc6bd'])));
    // tub
    d.add(rect(ax0, 600, ax1 - ax0, 200, '#ece4c8'), rect(ax0, 600, ax1 - ax0, 24, '#ddd3b2'));
    d.add(rect(780, 540, 10, 60, '#b8bcbf'), rect(740, 536, 50, 10, '#b8bcbf'), circle(820, 560, 14, '#b8bcbf'));
    d.add(rect(800, 150, 10, 60, '#b8bcbf'), ellipse(790, 214, 20, 8, '#b8bcbf'));
    // curtain + rod
    d.add(rect(ax0 - 10, 110, ax1 - ax0 + 20, 10, '#b8bcbf'));
    let folds = `M${ax0} 120`;
    for (let x = ax0; x < ax0 + 260; x += 26) folds += `Q${x + 13} 128 ${x + 26} 120`;
    d.add(pathD(`${folds}L${ax0 + 250} 640 L${ax0} 640Z`, '#d7d4a2'));
    for (let x = ax0 + 13; x < ax0 + 260; x += 26) d.add(rect(x, 130, 6, 500, '#c2bf8c'));
    // mildew + stains
    d.add(
      ellipse(560, 600, 150, 10, '#6d6a4e', 'opacity="0.45"'),
      ellipse(900, 400, 30, 60, '#7a7555', 'opacity="0.3"'),
      ellipse(700, 250, 40, 26, '#8b8460', 'opacity="0.25"'),
    );
    let grime = '';
    for (let x = ax0; x < ax1; x += 64) grime += `M${x} 560V600`;
    d.add(`<path d="${grime}" stroke="#5d5a40" stroke-width="4" opacity="0.5"/>`);
    // cracked tile
    d.add(polyline([610, 330, 630, 350, 622, 372, 646, 392], '#6d6a4e', 3));
    // missing tile
    d.add(rect(484, 200, 60, 60, '#9c9378'));
  } else {
    const tiles: string[] = [];
    for (let x = ax0; x < ax1; x += 48)
      for (let y = 640; y > -50; y -= 120) {
        const yy = Math.max(70, y);
        tiles.push(rect(x + 2, yy + 2, 44, y + 120 - yy - 4, pick(r, ['#f4f1ea', '#efebe3', '#f7f4ee'])));
      }
    d.add(...tiles);
    for (let x = ax0; x < ax1; x += 24)
      for (let y = 760; y < 800; y += 20)
        d.add(rect(x + 1.5, y + 1.5, 21, 17, pick(r, ['#b9b0a4', '#aea599', '#c3bbb0'])));
    d.add(rect(ax0 + 40, 770, ax1 - ax0 - 80, 10, C.steelDark));
    d.add(
      rect(470, 430, 200, 150, '#bfb6a8'),
      rect(470, 500, 200, 8, '#efebe3'),
      rrect(490, 455, 30, 45, 6, C.pine),
      rrect(530, 462, 28, 38, 6, C.rim),
    );
    d.add(
      rect(800, 150, 10, 60, C.bronze),
      rect(700, 150, 110, 10, C.bronze),
      ellipse(700, 162, 70, 12, C.bronze),
      circle(840, 470, 26, C.bronze),
    );
    d.add(
      rect(900, 520, 40, 10, C.woodLight),
      rect(600, 640, 300, 26, C.woodLight),
      rect(620, 666, 14, 100, C.wood),
      rect(866, 666, 14, 100, C.wood),
    );
    d.add(rect(560, 80, 380, 712, '#cfe6ea', 'opacity="0.28"'), rect(556, 80, 6, 712, '#a8c7cd'));
    d.add(poly([620, 100, 660, 100, 590, 380, 560, 380], '#ffffff', 'opacity="0.35"'));
    d.add(rect(560, 86, 380, 6, C.bronze), rect(556, 770, 40, 22, C.bronze));
  }
  d.add(
    windowView(d, land, 370, 140, 160, 120, {
      muntins: 'none',
      casing: before ? '#e9bfb6' : '#efebe3',
      sill: false,
      casingW: 12,
    }),
  );
  // towel + plant outside
  d.add(
    circle(1040, 300, 10, before ? '#b8bcbf' : C.bronze),
    rrect(995, 300, 90, 200, 14, before ? '#c9b27c' : C.pineMid),
  );
  d.add(pottedPlant(140, 800, 1.2, r));
  d.add(rect(0, 0, 1200, 40, before ? '#e6dfcb' : '#f3ede2'));
};

const bathroomRemodel: PairScene = (d, r, land, before) => {
  bathroomScene(d, r, land, before);
  if (before) {
    d.add(
      ellipse(860, 790, 160, 12, '#6d6a4e', 'opacity="0.4"'),
      ellipse(300, 600, 100, 8, '#6d6a4e', 'opacity="0.35"'),
    );
    d.add(pathD('M40 60 q40 30 10 80 l-30 -10Z', '#bfae86'), polyline([640, 470, 660, 500, 650, 530], '#6d6a4e', 3));
    d.add(rect(180, 700, 60, 40, '#000000', 'opacity="0.15"'));
  }
};

function trimRoom(d: Doc, r: Rnd, land: string, before: boolean) {
  d.add(rect(0, 0, 1200, 900, before ? '#d6ccb5' : '#d9dfcf'));
  d.add(rect(0, 820, 1200, 80, before ? '#9f8f74' : '#a9713f'));
  for (let x = 0; x < 1200; x += 140) d.add(rect(x, 820, 3, 80, before ? '#85765e' : '#7b4f2a'));
  if (before) {
    // thin clamshell trim, no crown, scuffs, a missing section of base
    d.add(rect(0, 0, 1200, 8, '#e8e0cc'));
    d.add(rect(0, 790, 520, 30, '#d8ccb0'), rect(700, 790, 500, 30, '#d8ccb0'), rect(520, 800, 180, 20, '#7d6e57'));
    d.add(rect(150, 250, 300, 570, '#5e4a35'), rect(158, 256, 284, 564, '#c8a877'));
    d.add(circle(412, 560, 10, '#c9b78c'));
    d.add(rect(136, 240, 14, 580, '#d8ccb0'), rect(450, 240, 14, 580, '#d8ccb0'), rect(136, 238, 328, 14, '#d8ccb0'));
    d.add(windowView(d, land, 780, 180, 280, 250, { casing: '#d8ccb0', casingW: 14, muntins: 'grid', sill: true }));
    for (let i = 0; i < 9; i++)
      d.add(ellipse(between(r, 100, 1100), between(r, 640, 780), between(r, 20, 50), 5, '#7d6e57', 'opacity="0.3"'));
    d.add(
      ellipse(320, 150, 90, 40, '#b9a77f', 'opacity="0.4"'),
      ellipse(1000, 90, 60, 26, '#b9a77f', 'opacity="0.35"'),
    );
    d.add(polyline([560, 300, 590, 340, 580, 380, 610, 430], '#a89a7a', 3));
  } else {
    d.add(crownMolding(0, 1200, C.white));
    d.add(baseboard(742, 1200, C.white));
    d.add(rect(150, 250, 300, 570, '#4b3421'), shakerDoor(158, 256, 284, 564, '#b07a45', r, 4));
    d.add(circle(412, 560, 11, C.bronze), rect(402, 556, 26, 8, C.bronze));
    d.add(craftsmanCasing(150, 250, 300, 570, C.white));
    d.add(windowView(d, land, 780, 180, 280, 250, { casing: C.white, casingW: 34, muntins: 'grid', sill: false }));
    d.add(rect(780 - 46, 124, 372, 14, C.white), rect(780 - 46, 138, 372, 6, '#d9d1c2'));
    d.add(rect(720, 464, 400, 18, C.white), rect(720, 482, 400, 6, '#d9d1c2'), rect(746, 488, 348, 30, C.white));
    d.add(pottedPlant(620, 822, 1.1, r));
  }
}

const interiorTrimRefresh: PairScene = (d, r, land, before) => trimRoom(d, r, land, before);

const ceramicTileFloor: PairScene = (d, r, land, before) => {
  const { floorClip, proj } = floorRoom(d, land, before ? '#d9ceb4' : '#efe2cc', before ? '#cbbfa4' : '#e2d1b5');
  d.add(
    poly([190, 446, 190, 470, 0, 576, 0, 540], C.white),
    poly([1010, 446, 1010, 470, 1200, 576, 1200, 540], C.white),
  );
  if (before) {
    // worn sheet vinyl with a faux-brick pattern, peeling corner, stains
    d.add(g(rect(0, 400, 1200, 500, '#c8bb9a'), floorClip));
    d.add(
      tileFloor(d, floorClip, proj, {
        tile: 160,
        colors: ['#c2b28e', '#bcad88', '#c8ba98'],
        grout: '#a99b7a',
        r,
        rows: 9,
      }),
    );
    d.add(
      g(
        [
          ellipse(420, 700, 140, 40, '#6f6448', 'opacity="0.35"'),
          ellipse(880, 620, 90, 24, '#6f6448', 'opacity="0.3"'),
          ellipse(300, 540, 60, 14, '#6f6448', 'opacity="0.3"'),
        ],
        floorClip,
      ),
    );
    d.add(
      poly([980, 900, 1200, 760, 1200, 900], '#5c4e3a'),
      poly([980, 900, 1200, 760, 1140, 700, 1020, 820], '#d6c9a7'),
      poly([980, 900, 1020, 820, 1140, 700, 1200, 760], '#b0a382', 'opacity="0.5"'),
    );
    d.add(polyline([500, 520, 540, 560, 530, 600, 570, 650], '#7e7155', 3));
  } else {
    d.add(
      tileFloor(d, floorClip, proj, {
        tile: 190,
        colors: ['#d9b48c', '#d3ad83', '#dfbb93', '#cfa77d'],
        grout: '#a88462',
        r,
        rows: 8,
      }),
    );
    d.add(g(poly([430, 470, 770, 470, 900, 760, 300, 760], '#fff3d6', 'opacity="0.22"'), floorClip));
    d.add(pottedPlant(120, 640, 1.2, r));
    d.add(rrect(500, 760, 300, 60, 10, C.rim, 'opacity="0.9"'), rect(520, 772, 260, 36, C.rimDark, 'opacity="0.5"'));
  }
};

const deckRebuild: PairScene = (d, r, land, before) => deckScene(d, r, land, { before });

const deckStairs: PairScene = (d, r, land, before) => {
  const weathered = '#9a8b78';
  const wood = before ? '#8d7a66' : C.woodLight;
  const woodEdge = before ? '#7e6c58' : C.wood;
  d.add(`<use href="#${land}"/>`);
  d.add(pine(1130, 720, 520, C.pineDark, r), pine(1010, 700, 320, C.pine, r));
  exteriorGround(d, 760, r);
  // house wall + raised deck at the upper left
  const deckTop = 380;
  d.add(lapBoards(0, 40, 420, 340, 34, ['#7b5a3d', '#735337'], r, '#5a4029'));
  d.add(
    windowView(d, land, 90, 110, 170, 170, {
      muntins: 'cross',
      casing: C.cream,
      frame: C.cream,
      casingW: 14,
      sill: false,
    }),
  );
  d.add(
    rect(0, deckTop - 16, 450, 16, before ? weathered : '#b9834d'),
    rect(0, deckTop, 450, 40, woodEdge),
    rect(0, deckTop + 34, 450, 6, C.woodDark),
  );
  // under the deck: shade, posts, lattice skirting
  d.add(rect(0, deckTop + 40, 450, 360, '#3a2a1c'));
  let lattice = '';
  for (let x = -400; x < 460; x += 34) lattice += `M${x} ${deckTop + 40}l360 360M${x + 360} ${deckTop + 40}l-360 360`;
  d.add(
    g(
      `<path d="${lattice}" stroke="${wood}" stroke-width="7" opacity="0.9"/>`,
      d.clip(rect(0, deckTop + 60, 450, 340, '#000')),
    ),
  );
  if (before) d.add(poly([150, deckTop + 60, 260, deckTop + 60, 280, deckTop + 400, 130, deckTop + 400], '#231a12'));
  for (const x of [20, 400]) d.add(rect(x, deckTop + 40, 42, 380, wood), rect(x + 34, deckTop + 40, 8, 380, woodEdge));
  // stairs descending to the right
  const steps = 7;
  const rise = 54;
  const run = 86;
  const x0 = 450;
  const treadY = (i: number) => deckTop + (i + 1) * rise;
  let saw = `M${x0} ${deckTop}`;
  for (let i = 0; i < steps; i++) saw += `V${treadY(i)}H${x0 + (i + 1) * run}`;
  saw += `L${x0 + steps * run} ${treadY(steps - 1) + 40}L${x0} ${deckTop + 110}Z`;
  d.add(pathD(saw, before ? '#6f604d' : C.woodDark));
  for (let i = 0; i < steps; i++) {
    const x = x0 + i * run - 10;
    const y = treadY(i) - 16;
    if (before && i === 4) continue; // missing tread
    if (before && i === 2) {
      d.add(
        rect(x, y, run * 0.5, 16, weathered),
        g(rect(0, 0, run * 0.55, 16, weathered), `transform="translate(${x + run * 0.5} ${y + 2}) rotate(16)"`),
      );
      continue;
    }
    d.add(
      rect(x, y, run + 14, 16, before ? pick(r, [weathered, '#a29380']) : pick(r, ['#b07a45', '#b9834d', '#a86f3c'])),
      rect(x, y + 12, run + 14, 4, C.woodDark),
    );
  }
  d.add(rect(x0 + steps * run - 60, treadY(steps - 1) + 4, 280, 26, '#b5a58f'));
  // deck railing
  const railH = 150;
  for (let x = 40; x < 430; x += 40) {
    if (before && x > 150 && x < 290) continue;
    d.add(rect(x, deckTop - 16 - railH + 20, 12, railH - 20, before ? weathered : C.woodLight));
  }
  if (before) d.add(rect(0, deckTop - 16 - railH, 160, 22, wood));
  else d.add(rect(0, deckTop - 16 - railH, 470, 24, C.woodLight), rect(0, deckTop - 16 - railH + 20, 470, 6, C.wood));
  // stair railing
  const slope = rise / run;
  const nose = (x: number) => deckTop + (x - x0) * slope;
  const xEnd = x0 + steps * run;
  if (before) {
    d.add(rect(x0 + 4, deckTop - railH - 30, 42, railH + 30, wood));
    d.add(
      g(
        rect(0, 0, 220, 18, wood),
        `transform="translate(${x0 + 40} ${deckTop - railH - 10}) rotate(${(Math.atan(slope) * 180) / Math.PI + 14})"`,
      ),
    );
    for (let x = x0 + 70; x < x0 + 260; x += 54) d.add(rect(x, nose(x) - railH + 50, 12, railH - 40, weathered));
    d.add(g(rect(0, 0, 12, 130, weathered), `transform="translate(${x0 + 330} ${nose(x0 + 330) - 90}) rotate(-22)"`));
    d.add(
      g(
        [rect(0, 0, 42, railH + 20, wood)],
        `transform="translate(${xEnd - 40} ${nose(xEnd) - railH + 30}) rotate(10)"`,
      ),
    );
    d.add(ellipse(200, deckTop - 8, 70, 6, '#5b6a3a', 'opacity="0.5"'));
  } else {
    for (let x = x0 + 56; x < xEnd - 30; x += 30) d.add(rect(x, nose(x) - railH + 14, 12, railH - 20, C.woodLight));
    d.add(
      poly(
        [
          x0,
          deckTop - railH - 12,
          xEnd,
          nose(xEnd) - railH - 12,
          xEnd,
          nose(xEnd) - railH + 14,
          x0,
          deckTop - railH + 14,
        ],
        C.woodLight,
      ),
    );
    d.add(
      poly(
        [
          x0,
          deckTop - railH + 14,
          xEnd,
          nose(xEnd) - railH + 14,
          xEnd,
          nose(xEnd) - railH + 20,
          x0,
          deckTop - railH + 20,
        ],
        C.wood,
      ),
    );
    d.add(
      rect(x0 + 4, deckTop - railH - 30, 42, railH + 30, C.woodLight),
      rect(x0, deckTop - railH - 42, 50, 14, C.wood),
    );
    d.add(
      rect(xEnd - 40, nose(xEnd) - railH - 30, 42, railH + 46, C.woodLight),
      rect(xEnd - 44, nose(xEnd) - railH - 42, 50, 14, C.wood),
    );
    d.add(pottedPlant(300, deckTop - 16, 0.8, r));
  }
};

const galleryScenes: Record<string, PairScene> = {
  'deck-rebuild': deckRebuild,
  'walk-in-shower-conversion': showerConversion,
  'bathroom-remodel': bathroomRemodel,
  'interior-trim-refresh': interiorTrimRefresh,
  'ceramic-tile-floor': ceramicTileFloor,
  'deck-stairs-railing': deckStairs,
};

// ---------------------------------------------------------------------------------------------
// Owner portrait, hero, QR placeholders, logo
// ---------------------------------------------------------------------------------------------

function owner(): string {
  const d = newDoc(800, 1000, 'owner');
  const r = rng('owner');
  const land = defineLandscape(d, 'owner');
  // workshop wall: vertical boards
  d.add(rect(0, 0, 800, 1000, '#8b5a2b'));
  for (let x = 0; x < 800; x += 80)
    d.add(
      rect(x, 0, 78, 1000, pick(r, ['#8b5a2b', '#935f2e', '#845528'])),
      grain(x, 0, 78, 1000, '#6f4522', r, 2, false),
    );
  // window with the rim behind the carpenter
  d.add(windowView(d, land, 420, 90, 300, 300, { casing: '#6f4522', frame: '#6f4522', muntins: 'cross', casingW: 18 }));
  // pegboard with tool silhouettes
  d.add(rect(40, 110, 300, 330, '#c9a46c'));
  let holes = '';
  for (let y = 130; y < 430; y += 24) for (let x = 58; x < 330; x += 24) holes += `M${x} ${y}h0.1`;
  d.add(`<path d="${holes}" stroke="#a98550" stroke-width="5" stroke-linecap="round"/>`);
  d.add(g([rect(70, 150, 14, 120, C.pineDark), rect(70, 150, 70, 14, C.pineDark)])); // square
  d.add(g([poly([170, 150, 300, 150, 300, 200, 170, 240], C.steel), rrect(150, 146, 40, 60, 12, C.rim)])); // hand saw
  d.add(hammer(140, 330, 0, 0.9));
  d.add(g([rect(80, 390, 100, 30, C.gold), rect(180, 398, 40, 14, C.steelDark)])); // level
  // workbench
  d.add(rect(0, 800, 800, 200, '#5f3b1b'), rect(0, 780, 800, 40, C.woodLight), rect(0, 814, 800, 6, C.wood));
  // the carpenter (silhouette style)
  const skin = '#d9a27a';
  const shirt = C.rim;
  d.add(shadow(400, 1000, 330, 40, 0.3));
  // shoulders / flannel torso
  const torso = 'M110 1000 Q120 780 260 730 Q330 705 400 705 Q470 705 540 730 Q680 780 690 1000 Z';
  d.add(pathD(torso, shirt));
  // plaid via clipped stripes
  const clipAttr = d.clip(pathD(torso, '#000'));
  const plaid: string[] = [];
  for (let x = 100; x < 700; x += 70)
    plaid.push(
      rect(x, 690, 22, 320, C.rimDark, 'opacity="0.55"'),
      rect(x + 34, 690, 6, 320, '#2b1d18', 'opacity="0.4"'),
    );
  for (let y = 720; y < 1000; y += 70)
    plaid.push(
      rect(100, y, 600, 22, C.rimDark, 'opacity="0.45"'),
      rect(100, y + 34, 600, 6, '#2b1d18', 'opacity="0.35"'),
    );
  d.add(g(plaid, clipAttr));
  // collar + placket + pocket
  d.add(
    poly([330, 712, 400, 790, 370, 820, 300, 740], darken(shirt, 0.15)),
    poly([470, 712, 400, 790, 430, 820, 500, 740], darken(shirt, 0.15)),
  );
  d.add(rect(394, 790, 12, 210, darken(shirt, 0.25)));
  d.add(rect(470, 840, 90, 80, darken(shirt, 0.12)), rect(470, 840, 90, 14, darken(shirt, 0.25)));
  d.add(rect(496, 810, 8, 40, C.gold), rect(516, 820, 8, 30, '#3b6ea5'));
  // suspenders / apron straps
  d.add(
    pathD('M250 740 L300 1000 L330 1000 L282 735Z', '#6b4a2e'),
    pathD('M550 740 L500 1000 L470 1000 L518 735Z', '#6b4a2e'),
  );
  // neck + head
  d.add(rect(360, 620, 80, 110, darken(skin, 0.1)));
  d.add(ellipse(400, 530, 112, 134, skin));
  // ears
  d.add(ellipse(290, 545, 20, 32, darken(skin, 0.06)), ellipse(510, 545, 20, 32, darken(skin, 0.06)));
  // beard
  d.add(pathD('M292 540 Q300 690 400 700 Q500 690 508 540 Q480 610 400 612 Q320 610 292 540Z', '#6b5647'));
  d.add(pathD('M350 598 Q400 580 450 598 Q430 620 400 618 Q370 620 350 598Z', '#6b5647'));
  // friendly smile line
  d.add(pathD('M370 630 Q400 648 430 630', 'none', 'stroke="#4d3b30" stroke-width="6" stroke-linecap="round"'));
  // cap
  d.add(pathD('M284 470 Q290 350 400 346 Q510 350 516 470 Z', C.pine));
  d.add(pathD('M284 468 Q400 440 560 470 Q590 480 560 492 Q420 470 284 488 Z', C.pineDark));
  d.add(circle(400, 350, 10, C.pineDark));
  d.add(pathD('M370 390 h60 v36 h-60Z', C.cream), pathD('M388 418 l12 -20 l12 20Z', C.pine));
  // pencil behind the ear
  d.add(
    g(
      [
        rect(0, 0, 120, 14, C.gold),
        poly([120, 0, 140, 7, 120, 14], '#e9c9a0'),
        poly([134, 5, 140, 7, 134, 9], '#2b2b2b'),
        rect(-10, 0, 12, 14, '#e58f8f'),
      ],
      'transform="translate(470 482) rotate(-24)"',
    ),
  );
  return d.toString();
}

function hero(): string {
  const W = 1600;
  const H = 900;
  const d = newDoc(W, H, 'hero');
  const r = rng('hero');
  const sky = d.lin([
    [0, '#223257'],
    [0.22, '#48538a'],
    [0.38, '#a97c93'],
    [0.5, '#ee9f6e'],
    [0.6, '#f9cf86'],
  ]);
  d.add(rect(0, 0, W, H, sky));
  d.add(
    circle(930, 452, 180, '#fde3a6', 'opacity="0.18"'),
    circle(930, 452, 110, '#fde3a6', 'opacity="0.3"'),
    circle(930, 452, 56, '#fff0c4'),
  );
  d.add(
    rrect(900, 150, 420, 18, 9, '#f3b78a', 'opacity="0.5"'),
    rrect(1000, 176, 240, 12, 6, '#f3b78a', 'opacity="0.4"'),
    rrect(120, 210, 360, 16, 8, '#c98f98', 'opacity="0.35"'),
  );
  d.add(poly(wavyTop(-20, W + 20, 410, 16, H, r, 120), '#8a6c8f'));
  d.add(
    rimBand(-20, W + 20, 430, 560, r, {
      face: '#c45d3f',
      cap: '#e48a5b',
      strata: '#a64a33',
      shade: '#8f3f2d',
      fringe: '#3e4a35',
    }),
  );
  d.add(poly(wavyTop(-20, W + 20, 566, 8, H, r, 100), '#6f4a3a'));
  d.add(poly(wavyTop(-20, W + 20, 610, 12, H, r, 140), C.pineMid));
  d.add(pineRow(-20, W + 20, 620, 50, 100, 34, C.pineMid, r, 8));
  d.add(poly(wavyTop(-20, W + 20, 680, 10, H, r, 120), C.pine));
  d.add(pineRow(-20, W + 20, 690, 80, 140, 52, C.pine, r, 6));
  // timber-frame house (right)
  const hx = 1060;
  const hy = 760;
  const houseMark = d.mark();
  d.add(shadow(hx + 180, hy + 6, 300, 18, 0.3));
  d.add(stoneWall(hx - 60, hy - 90, 480, 90, r, ['#8f7664', '#a2846d', '#7d6555'], '#4d3f36', 30));
  d.add(rect(hx - 60, hy - 340, 480, 250, '#6b4a2e'));
  for (let x = hx - 60; x < hx + 420; x += 32) d.add(rect(x, hy - 340, 4, 250, '#5a3d25'));
  // big glass gable
  const gx = hx + 40;
  d.add(poly([gx, hy - 90, gx, hy - 330, gx + 140, hy - 460, gx + 280, hy - 330, gx + 280, hy - 90], '#ffd27a'));
  d.add(
    poly(
      [gx, hy - 90, gx, hy - 330, gx + 140, hy - 460, gx + 280, hy - 330, gx + 280, hy - 90],
      '#ffb347',
      'opacity="0.35"',
    ),
  );
  let mull = '';
  for (let x = gx + 56; x < gx + 280; x += 56)
    mull += `M${x} ${hy - 90}V${hy - 460 + Math.abs(x - gx - 140) * (130 / 140)}`;
  mull += `M${gx} ${hy - 210}H${gx + 280}M${gx} ${hy - 330}H${gx + 280}`;
  d.add(`<path d="${mull}" stroke="#4a2e18" stroke-width="10"/>`);
  // timber truss
  d.add(
    polyline([gx - 10, hy - 330, gx + 140, hy - 460, gx + 290, hy - 330], '#4a2e18', 16),
    polyline([gx + 60, hy - 330, gx + 140, hy - 400, gx + 220, hy - 330], '#4a2e18', 10),
  );
  d.add(rect(gx + 134, hy - 460, 12, 130, '#4a2e18'));
  // roof
  d.add(
    poly(
      [
        gx - 60,
        hy - 318,
        gx + 140,
        hy - 500,
        gx + 340,
        hy - 318,
        gx + 316,
        hy - 306,
        gx + 140,
        hy - 466,
        gx - 36,
        hy - 306,
      ],
      '#2b2422',
    ),
  );
  d.add(
    poly([gx + 316, hy - 306, gx + 340, hy - 318, hx + 440, hy - 318, hx + 430, hy - 300], '#2b2422'),
    poly([hx - 80, hy - 340, gx - 40, hy - 340, gx - 36, hy - 306, hx - 80, hy - 320], '#2b2422'),
  );
  // lit side windows + deck
  d.add(rect(hx - 30, hy - 280, 60, 90, '#ffd27a'), rect(hx + 360, hy - 280, 50, 90, '#ffd27a'));
  d.add(rect(hx - 80, hy - 96, 520, 14, '#8b5a2b'));
  let rail = '';
  for (let x = hx - 76; x < hx + 440; x += 20) rail += `M${x} ${hy - 96}V${hy - 146}`;
  d.add(`<path d="${rail}" stroke="#5f3b1b" stroke-width="5"/>`, rect(hx - 80, hy - 152, 520, 10, '#8b5a2b'));
  // warm glow on the ground
  d.add(ellipse(hx + 180, hy + 20, 360, 40, '#ffcf7a', 'opacity="0.15"'));
  d.wrapFrom(houseMark, `transform="translate(${hx + 180 + 70} ${hy}) scale(0.74) translate(${-(hx + 180)} ${-hy})"`);
  // foreground
  d.add(poly(wavyTop(-20, W + 20, 770, 8, H, r, 120), '#2a4a33'));
  d.add(pine(1575, 890, 660, C.pineDark, r), pine(1010, 890, 300, C.pineDark, r), pine(860, 880, 380, C.pineDark, r));
  d.add(pine(60, 900, 760, '#172e21', r), pine(240, 890, 560, '#172e21', r), pine(420, 900, 420, '#1a3324', r));
  d.add(poly(wavyTop(-20, W + 20, 830, 6, H, r, 140), C.pineDark));
  // calm the left 55% for headline text
  const veil = d.lin(
    [
      [0, '#0f1d16', 0.72],
      [0.35, '#0f1d16', 0.5],
      [0.6, '#0f1d16', 0.05],
      [0.7, '#0f1d16', 0],
    ],
    0,
    0,
    1,
    0,
  );
  d.add(rect(0, 0, W, H, veil));
  const bottomVeil = d.lin([
    [0.65, '#0f1d16', 0],
    [1, '#0f1d16', 0.45],
  ]);
  d.add(rect(0, 0, W, H, bottomVeil));
  return d.toString();
}

function qr(seed: string): string {
  const d = newDoc(600, 600, seed);
  const r = rng(`qr:${seed}`);
  const n = 29;
  const quiet = 3;
  const m = 600 / (n + quiet * 2);
  const dark = C.pineDark;
  d.add(rect(0, 0, 600, 600, '#ffffff'));
  const grid: boolean[][] = [];
  for (let y = 0; y < n; y++) {
    grid.push([]);
    for (let x = 0; x < n; x++) grid[y]!.push(r() < 0.47);
  }
  const reserved = (x: number, y: number) =>
    (x < 8 && y < 8) ||
    (x >= n - 8 && y < 8) ||
    (x < 8 && y >= n - 8) ||
    (x >= n - 9 && x < n - 4 && y >= n - 9 && y < n - 4) ||
    (x >= 11 && x < 18 && y >= 11 && y < 18);
  let dmod = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let on = grid[y]![x]!;
      if (reserved(x, y)) continue;
      if (y === 6) on = x % 2 === 0;
      if (x === 6) on = y % 2 === 0;
      if (on) dmod += `M${f((x + quiet) * m)} ${f((y + quiet) * m)}h${f(m)}v${f(m)}h${f(-m)}Z`;
    }
  }
  d.add(pathD(dmod, dark));
  const finder = (gx: number, gy: number, size: number) => {
    const x = (gx + quiet) * m;
    const y = (gy + quiet) * m;
    return (
      rrect(x, y, size * m, size * m, m * 1.2, dark) +
      rrect(x + m, y + m, (size - 2) * m, (size - 2) * m, m * 0.7, '#ffffff') +
      rrect(x + 2 * m, y + 2 * m, (size - 4) * m, (size - 4) * m, m * 0.6, dark)
    );
  };
  d.add(finder(0, 0, 7), finder(n - 7, 0, 7), finder(0, n - 7, 7), finder(n - 9, n - 9, 5));
  // centre badge with the logo mark
  const c = ((n + quiet * 2) * m) / 2;
  d.add(rrect(c - 3.8 * m, c - 3.8 * m, 7.6 * m, 7.6 * m, m * 1.4, '#ffffff'));
  d.add(`<g transform="translate(${f(c - 3.2 * m)} ${f(c - 3.2 * m)}) scale(${f((6.4 * m) / 64)})">${logoMark()}</g>`);
  return d.toString();
}

/** The logo mark in a 64x64 box: rounded pine-green badge, roof line, pine tree and a plank. */
function logoMark(): string {
  return [
    rrect(0, 0, 64, 64, 14, C.pineDark),
    // roof line
    `<path d="M9 30 L32 11 L55 30" fill="none" stroke="${C.woodPale}" stroke-width="5.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    // pine
    `<path d="M32 19 L40.5 31 H36.5 L43 40 H38.5 L45.5 49 H18.5 L25.5 40 H21 L27.5 31 H23.5 Z" fill="${C.cream}"/>`,
    rect(30, 48, 4, 5, C.cream),
    // plank / ground line
    rrect(12, 52, 40, 4.5, 2.25, C.rimLight),
  ].join('');
}

function logo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${logoMark()}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

function write(rel: string, svg: string) {
  const file = path.join(imagesDir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
  return Buffer.byteLength(svg);
}

export const galleryIds = Object.keys(galleryScenes);

export function drawPlaceholders(): { files: number; largest: { file: string; bytes: number } } {
  const sizes: Array<[string, number]> = [];
  for (const slug of serviceSlugs) {
    const d = newDoc(1200, 900, slug);
    const land = defineLandscape(d, slug);
    serviceScenes[slug](d, rng(slug), land);
    sizes.push([`services/${slug}.svg`, write(`services/${slug}.svg`, d.toString())]);
  }
  for (const [id, scene] of Object.entries(galleryScenes)) {
    for (const before of [true, false]) {
      const d = newDoc(1200, 900, id);
      const land = defineLandscape(d, id);
      scene(d, rng(id), land, before);
      let svg = d.toString();
      if (before) svg = svg.replace(/#[0-9a-f]{6}\b/gi, (c) => dated(c));
      const rel = `gallery/${id}-${before ? 'before' : 'after'}.svg`;
      sizes.push([rel, write(rel, svg)]);
    }
  }
  sizes.push(['people/owner.svg', write('people/owner.svg', owner())]);
  sizes.push(['hero/home.svg', write('hero/home.svg', hero())]);
  sizes.push(['qr/venmo.svg', write('qr/venmo.svg', qr('venmo'))]);
  sizes.push(['qr/cash-app.svg', write('qr/cash-app.svg', qr('cash-app'))]);
  sizes.push(['brand/logo.svg', write('brand/logo.svg', logo())]);
  const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { files: sizes.length, largest: { file: largest[0], bytes: largest[1] } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, largest } = drawPlaceholders();
  console.log(
    `placeholders: ${files} SVG files written to images/ (largest ${largest.file}, ${(largest.bytes / 1024).toFixed(1)} KB)`,
  );
}
