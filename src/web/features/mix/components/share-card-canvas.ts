/** Draws the 800×600 PNG preview card of a mix (spec section 9) on a canvas, listing the first 5 tracks. */
import type { ShareTrack } from '../lib/share';

export const SHARE_CARD_WIDTH = 800;
export const SHARE_CARD_HEIGHT = 600;

function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > maxWidth) t = t.slice(0, -1);
  return `${t}…`;
}

/** Renders the card and resolves with the PNG bytes. */
export function drawShareCard(opts: {
  title: string;
  description: string;
  tracks: ShareTrack[];
  summary: string;
}): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_CARD_WIDTH;
  canvas.height = SHARE_CARD_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Canvas is not available in this browser.'));
  const W = SHARE_CARD_WIDTH;
  const H = SHARE_CARD_HEIGHT;

  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#3b0764');
  bg.addColorStop(0.55, '#6b21a8');
  bg.addColorStop(1, '#be185d');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = 'rgba(255,255,255,0.06)';
  ctx.beginPath();
  ctx.arc(W - 80, 90, 190, 0, Math.PI * 2);
  ctx.fill();

  const font = (size: number, weight = 400) =>
    `${weight} ${size}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.font = font(20, 700);
  ctx.fillText('♪ CrowdMix', 48, 64);

  ctx.fillStyle = '#ffffff';
  ctx.font = font(44, 800);
  ctx.fillText(fitText(ctx, opts.title.trim() || 'My CrowdMix', W - 96), 48, 130);
  ctx.font = font(20);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillText(fitText(ctx, opts.description.trim(), W - 96), 48, 168);
  ctx.font = font(16, 600);
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  ctx.fillText(opts.summary, 48, 200);

  const top = opts.tracks.slice(0, 5);
  const rowH = 62;
  top.forEach((t, i) => {
    const y = 236 + i * rowH;
    ctx.fillStyle = 'rgba(0,0,0,0.22)';
    ctx.beginPath();
    ctx.roundRect(48, y, W - 96, rowH - 10, 14);
    ctx.fill();
    ctx.fillStyle = '#f9a8d4';
    ctx.font = font(22, 800);
    ctx.fillText(String(i + 1), 70, y + 34);
    ctx.fillStyle = '#ffffff';
    ctx.font = font(20, 700);
    ctx.fillText(fitText(ctx, t.title, W - 260), 110, y + 24);
    ctx.fillStyle = 'rgba(255,255,255,0.7)';
    ctx.font = font(16);
    ctx.fillText(fitText(ctx, t.artist, W - 260), 110, y + 44);
  });
  if (top.length === 0) {
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.font = font(20);
    ctx.fillText('No songs yet — be the first to add one!', 48, 270);
  }

  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.font = font(16, 600);
  ctx.fillText('for the love of music · vote on CrowdMix', 48, H - 32);

  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not create the image.'))), 'image/png'),
  );
}
