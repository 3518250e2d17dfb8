/**
 * Generated cover art and the artwork that falls back to it (docs/design.md, "Artwork").
 *
 * Every song, venue and playlist has a picture even without a thumbnail: an SVG drawn from a hash of its kind, id,
 * genre and title — two hues, one of four patterns and the title's initials. The same item always gets the same
 * picture, neighbours in a list get different ones, and the genre pulls the hue (all Rock leans one way), so a
 * list reads as a list of different things, not a column of identical purple notes.
 */
import { useState, type CSSProperties } from 'react';
import { cx } from '../../lib/cx';
import { hashString, seededRandom, titleInitials } from '../../lib/seed';

export interface CoverSeed {
  kind: 'song' | 'venue' | 'playlist';
  id: number | string;
  title: string;
  genre?: string | null;
}

/** The drawing's parameters, apart from the markup so a test can check they are stable and varied. */
export function coverDesign(seed: CoverSeed) {
  const rand = seededRandom(hashString(`${seed.kind}:${seed.id}:${seed.title}`));
  // The genre sets the hue family (±40°), the item moves within it; without a genre the item picks freely.
  const base = seed.genre ? hashString(seed.genre.trim().toLowerCase()) % 360 : Math.floor(rand() * 360);
  const hue = (base + Math.floor((rand() - 0.5) * 80) + 360) % 360;
  const hue2 = (hue + 35 + Math.floor(rand() * 70)) % 360;
  return {
    hue,
    hue2,
    pattern: Math.floor(rand() * 4) as 0 | 1 | 2 | 3,
    angle: Math.floor(rand() * 4) * 45,
    x: 20 + Math.floor(rand() * 60),
    y: 20 + Math.floor(rand() * 60),
    initials: titleInitials(seed.title),
  };
}

/**
 * Circles `[cx, cy, r]` as one path: a list shows dozens of covers, and one element per shape made them a third of
 * the home page's DOM (2,940 elements, 478 of them circles). Only for shapes that do not overlap.
 */
function circles(list: number[][]) {
  return list.map(([x, y, r]) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`).join('');
}

/** The generated picture, filling its box (square or wide). Decorative: the row or card names the item. */
export function CoverArt({ seed, className, style }: { seed: CoverSeed; className?: string; style?: CSSProperties }) {
  const d = coverDesign(seed);
  const id = `cv-${seed.kind}-${String(seed.id).replace(/[^\w-]/g, '')}`;
  const a = `hsl(${d.hue} 62% 38%)`;
  const b = `hsl(${d.hue2} 70% 22%)`;
  const ink = `hsl(${d.hue2} 85% 78% / 0.22)`;
  return (
    <svg
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid="cover-art"
      className={cx('block', className)}
      style={style}
    >
      <defs>
        <linearGradient id={`${id}-g`} gradientTransform={`rotate(${d.angle} 0.5 0.5)`}>
          <stop offset="0" stopColor={a} />
          <stop offset="1" stopColor={b} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${id}-g)`} />
      {d.pattern === 0 ? (
        <path fill="none" stroke={ink} strokeWidth="5" d={circles([14, 30, 46, 62].map((r) => [d.x, d.y, r]))} />
      ) : d.pattern === 1 ? (
        <path
          stroke={ink}
          strokeWidth="7"
          transform={`rotate(${d.angle + 45} 50 50)`}
          d={[-40, -16, 8, 32, 56, 80, 104, 128].map((x) => `M${x} -30V130`).join('')}
        />
      ) : d.pattern === 2 ? (
        // Two shapes, not one path: where the translucent discs overlap, the overlap is darker.
        <>
          <circle fill={ink} cx={d.x} cy={d.y} r="34" />
          <circle fill={ink} cx={100 - d.x} cy={100 - d.y * 0.6} r="20" />
        </>
      ) : (
        <path
          fill={ink}
          d={circles(
            [15, 38, 62, 85].flatMap((x) => [15, 38, 62, 85].map((y) => [x, y, (x + y + d.x) % 3 === 0 ? 8 : 4])),
          )}
        />
      )}
      <text
        x="50"
        y="50"
        dy="0.35em"
        textAnchor="middle"
        fill="hsl(0 0% 100% / 0.9)"
        fontFamily="'Figtree Variable', system-ui, sans-serif"
        fontWeight="700"
        fontSize={d.initials.length > 1 ? 34 : 42}
        letterSpacing="-1"
      >
        {d.initials}
      </text>
    </svg>
  );
}

/**
 * A real picture when there is one and it loads; the generated cover when there is none, when it fails, or when
 * YouTube answers with its 120×90 "no thumbnail" placeholder. Never a broken-image glyph.
 */
export function Artwork({
  src,
  seed,
  className,
  eager,
}: {
  src?: string | null;
  seed: CoverSeed;
  className?: string;
  /** Load at once (the player's art); lists load lazily. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span className={cx('relative block shrink-0 overflow-hidden bg-surface-3', className)} data-testid="artwork">
      <CoverArt seed={seed} className="absolute inset-0 size-full" />
      {showImage ? (
        <img
          src={src!}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src!)}
          onLoad={(e) => {
            const img = e.currentTarget;
            // YouTube's placeholder for a video without a thumbnail, and 1×1 pixels, are not artwork.
            if ((img.naturalWidth === 120 && img.naturalHeight === 90) || img.naturalWidth <= 1) setFailed(src!);
          }}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}
